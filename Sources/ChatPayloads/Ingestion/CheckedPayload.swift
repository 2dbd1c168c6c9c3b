/// What ``PayloadCheck`` found for one payload: its verdict, its issues in the input's
/// coordinates, and, when asked for, its `basic` output and the record built from the same
/// reading (``PayloadCheck/building``).
public struct CheckedPayload: Sendable {
    /// Where the payload sits in its input.
    public var label: PayloadLabel
    /// The schema used, as reports name it (`message`, `schemas/app.json`; a detected one with
    /// its envelopes: `message at /content (sent message)`); nil when none could be chosen.
    public var schemaName: String?
    /// Whether the schema was picked from the payload's shape (``PayloadCheck/Schema/auto``).
    public var autoDetected = false
    /// The verdict.
    public var outcome: PayloadVerdict = .valid
    /// Errors first (best match first), then warnings. Each issue's `line`:`column` is in the
    /// input (an NDJSON line's on that line, an array element's from where it starts, a YAML
    /// document's at its value); pointers are from the payload's root (an enveloped or selected
    /// value's under its pointer). Reporters read them as they are.
    public var issues: [PayloadIssue] = []
    /// The 2020-12 `basic` output, units located in the input, when validated and
    /// ``PayloadCheck/wantsOutput``.
    public var output: PayloadOutput?
    /// The record of a valid payload, when ``PayloadCheck/building`` asks for one and its kind
    /// has one; nil otherwise (``recordRefusal`` says why a valid payload has none).
    public var record: IngestedRecord?
    /// Why a valid payload has no record although one was asked for; nil when it has one, or
    /// none was asked for, or the payload is not valid.
    public var recordRefusal: RecordRefusal?
    /// False when evaluation reached a limit before the payload could be judged: the outcome is
    /// ``PayloadVerdict/undecided`` (``PayloadReport/isDecided``), on every path, verdicts only
    /// (``PayloadCheck/verdictOnly``) included.
    public var isDecided: Bool { outcome != .undecided }
    /// Whether the verdict is the expected one (``PayloadCheck/expectInvalid``); unreadable
    /// payloads, schema errors and payloads not decided never are.
    public var passed = false

    /// An empty result (valid, no issues) for the payload at `label`.
    public init(label: PayloadLabel, schemaName: String?) {
        self.label = label
        self.schemaName = schemaName
    }

    /// The line where the payload starts in its input.
    public var startLine: Int { label.startLine }
    /// The column where the payload starts in its input.
    public var startColumn: Int { label.startColumn }
}

/// Why a valid payload became no record (``CheckedPayload/recordRefusal``).
public enum RecordRefusal: Sendable, Hashable {
    /// ``PayloadCheck/Building/detected`` found no chat payload kind (the shape decided nothing).
    case noShape
    /// A message payload: a message's record is built from its sent form (``ChatPayloadKind/sentMessage``).
    case messagePayload
    /// An App Context event that deletes: storing its payload would insert what it removes.
    case deleteEvent
    /// A kind with no record (a changeset, an envelope, ``ChatPayloadKind/messagePayload``).
    case noRecord(ChatPayloadKind)
}
