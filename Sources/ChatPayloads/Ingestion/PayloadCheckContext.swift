import JSONCore

/// What a ``PayloadCheck`` needs from its caller, one per thread: the validators it may ask
/// for, and the fast path's scratch reused from payload to payload.
public protocol PayloadCheckContext {
    /// The validator of the schema the caller chose for the payload (never asked for when the
    /// check detects the schema: ``PayloadCheck/Schema/auto``), or why it cannot be used. Asked
    /// only once the payload is read and selected, so an unreadable payload is reported as such.
    mutating func chosenValidator() -> Result<PayloadValidator, SchemaUnavailable>
    /// The validator of a bundled schema: the one `auto` detected, or a sent message's models'.
    mutating func validator(for schema: BundledSchema) -> Result<PayloadValidator, SchemaUnavailable>
    /// The fast path's tape, reused for every payload.
    var tape: JSONTape { get set }
    /// A second tape, reused for every payload: a sent message's, read straight into its record
    /// while its `content` is validated on ``tape`` (``PayloadCheck/building``).
    var messageTape: JSONTape { get set }
}

/// A schema that cannot be used: what each payload that needs it reports.
public struct SchemaUnavailable: Error, Sendable, Hashable {
    /// The payload's message (`schema app.json:3:7: ...`).
    public var message: String

    /// A reason.
    public init(message: String) { self.message = message }
}
