/// How one codec vector came out for another platform's decoder.
public struct VectorResult: Sendable {
    /// The classes of outcome.
    public enum Classification: String, Sendable, Hashable, CaseIterable {
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
    public var id: String
    /// The vector's kind.
    public var kind: CodecVectorKind
    /// The outcome.
    public var classification: Classification
    /// One line saying what happened (empty when the vector agrees with no notes).
    public var summary: String
    /// The differences found in the re-encoding: for `lossy`, at least one that matters; for
    /// `agrees`, harmless notes only.
    public var differences: [PayloadDifference]

    /// Makes a result.
    public init(id: String, kind: CodecVectorKind, classification: Classification, summary: String, differences: [PayloadDifference] = []) {
        self.id = id
        self.kind = kind
        self.classification = classification
        self.summary = summary
        self.differences = differences
    }
}
