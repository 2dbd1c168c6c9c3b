/// How one codec vector came out for another platform's decoder.
package struct VectorResult: Sendable {
    /// The classes of outcome.
    package enum Classification: String, Sendable, Hashable, CaseIterable {
        /// Same verdict, and (when accepted) the same payload, up to harmless notes.
        case agrees
        /// It rejected a payload the profile accepts: the message vanishes on that platform.
        case dropped
        /// It accepted a payload the profile rejects.
        case lenient
        /// Its re-encoding differs from the canonical payload in a way that loses or changes data.
        case lossy
        /// It crashed, hung past the timeout, or answered out of protocol.
        case failed
    }

    /// The vector's id.
    package var id: String
    /// The vector's kind.
    package var kind: CodecVectorKind
    /// The outcome.
    package var classification: Classification
    /// One line saying what happened (empty when the vector agrees with no notes).
    package var summary: String
    /// The differences found in the re-encoding: for `lossy`, at least one that matters; for
    /// `agrees`, harmless notes only.
    package var differences: [PayloadDifference]

    /// Makes a result.
    package init(id: String, kind: CodecVectorKind, classification: Classification, summary: String, differences: [PayloadDifference] = []) {
        self.id = id
        self.kind = kind
        self.classification = classification
        self.summary = summary
        self.differences = differences
    }
}
