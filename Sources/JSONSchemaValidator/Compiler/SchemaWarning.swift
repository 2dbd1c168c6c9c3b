import JSONCore

/// Something a schema compiled with that deserves a word: today a `$ref` into a document that
/// is not registered (``JSONSchema/warnings``). Whatever reaches such a reference is invalid.
public struct SchemaWarning: Sendable, CustomStringConvertible {
    /// What it is, in words.
    public let message: String
    /// The absolute location in the schema (`uri#/json/pointer`).
    public let schemaLocation: String
    /// The JSON Pointer of the keyword within its document.
    public let pointer: JSONPointer
    /// The source position, when the schema was compiled from text.
    public var location: SourceLocation?
    /// The URI of the document that is not registered.
    public let unregisteredURI: String

    /// Makes a warning.
    public init(message: String, schemaLocation: String, pointer: JSONPointer, location: SourceLocation? = nil, unregisteredURI: String) {
        self.message = message
        self.schemaLocation = schemaLocation
        self.pointer = pointer
        self.location = location
        self.unregisteredURI = unregisteredURI
    }

    /// `line:column: message`, or `pointer: message`.
    public var description: String {
        if let location { return "\(location.line):\(location.column): \(message)" }
        return "\(pointer.isRoot ? "/" : pointer.description): \(message)"
    }
}
