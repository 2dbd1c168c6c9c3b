/// What ``PayloadIngestor`` made of one payload: its place, verdict, located issues and, when
/// asked for and valid, its record.
public struct IngestedPayload: Sendable {
    /// The payload's 0-based position among its input's payloads.
    public var index: Int
    /// Where it sits in the input.
    public var label: PayloadLabel
    /// The verdict.
    public var outcome: PayloadVerdict
    /// Errors first, then warnings. Locations are in the input's coordinates (an NDJSON line's
    /// issue is on that line, an array element's from where it starts); pointers are from the
    /// payload's root (a sent message's content issues under `/content`).
    public var issues: [PayloadIssue]
    /// The record, when one was asked for and the payload is valid.
    public var record: IngestedRecord?

    /// A result.
    public init(index: Int, label: PayloadLabel, outcome: PayloadVerdict, issues: [PayloadIssue], record: IngestedRecord? = nil) {
        self.index = index
        self.label = label
        self.outcome = outcome
        self.issues = issues
        self.record = record
    }

    /// Whether the payload is valid.
    public var isValid: Bool { outcome == .valid }
}
