import JSONCore

/// Why a model could not be encoded: its custom data did not produce a usable JSON object
/// (a `Codable` custom type threw, wrote a non-finite number, or wrote nested values where the
/// payload requires flat custom data).
public struct ChatEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON Pointer, in the output, of the value that could not be encoded.
    public var pointer: JSONPointer
    /// What went wrong.
    public var message: String

    /// Makes an error.
    public init(at pointer: JSONPointer, _ message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// The same error with its pointer moved under `prefix`.
    public func rebased(under prefix: JSONPointer) -> ChatEncodingError {
        ChatEncodingError(at: prefix.appending(pointer), message)
    }

    /// `"<pointer>": message`.
    public var description: String { "\(JSONWriter.quoted(pointer.description)): \(message)" }
}
