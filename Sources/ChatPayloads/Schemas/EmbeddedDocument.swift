import JSONCore

/// One embedded schema text, parsed the first time its value is read, once, thread-safely
/// (validators are built concurrently): a process parses only the bundled documents it uses.
final class EmbeddedDocument: @unchecked Sendable {
    /// The document's `$id`.
    let uri: String
    /// The path relative to `Schemas/`.
    let path: String
    /// The verbatim text.
    let text: String
    /// Guards ``parsed`` (a POSIX mutex: no Foundation on this path).
    private let lock = MutexLock()
    /// The parse, once done: the document, or nil inside when the text does not parse.
    private var parsed: BundledSchemas.Document??

    init(uri: String, path: String, text: String) {
        self.uri = uri
        self.path = path
        self.text = text
    }

    /// The parsed document (nil when the text does not parse: the tests check every text does).
    var document: BundledSchemas.Document? {
        lock.withLock {
            if let done = parsed { return done }
            let document = (try? JSONParser.parse(text)).map { BundledSchemas.Document(uri: uri, path: path, text: text, value: $0.root) }
            parsed = .some(document)
            return document
        }
    }

    /// The parsed value (`null` when the text does not parse).
    var value: JSONValue { document?.value ?? .null }
}
