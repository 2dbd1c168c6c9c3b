import JSONCore

extension PayloadValidator {
    /// Only the verdict on JSON text, decided on `tape` without building a value tree or
    /// collecting a single error: `.valid`, `.invalid` or `.undecided` (warnings do not make a payload
    /// invalid, as in ``validate(bytes:tape:)-([UInt8],_)``), or nil when the tape declines the text
    /// (not JSON, over a limit, duplicate keys, an unusual text): then ``validate(bytes:tape:)-([UInt8],_)``
    /// says what is wrong.
    ///
    /// For callers that report counts only (`--reporter summary`): an invalid payload then
    /// costs no more than a valid one. Whenever it returns a verdict, it is the outcome
    /// ``validate(bytes:tape:)-([UInt8],_)`` gives: a payload whose evaluation reached a limit
    /// (not decided, e.g. `max-regex-steps`) is `.undecided`, whatever combinator the limit was under.
    package func verdict(bytes: [UInt8], tape: inout JSONTape) -> PayloadVerdict? {
        bytes.withUnsafeBufferPointer { verdict(buffer: $0, tape: &tape) }
    }

    /// ``verdict(bytes:tape:)`` when `tape` already holds `bytes`, read with the profile's
    /// ``Profile/parseOptions`` (see ``validate(bytes:readTape:)``).
    package func verdict(bytes: [UInt8], readTape tape: inout JSONTape) -> PayloadVerdict? {
        bytes.withUnsafeBufferPointer { verdict(buffer: $0, readTape: tape) }
    }
}
