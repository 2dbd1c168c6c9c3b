#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// Guards ``parsed`` (a POSIX mutex at a fixed heap address: no Foundation on this path).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The parse, once done: the document, or nil inside when the text does not parse.
    private var parsed: BundledSchemas.Document??

    init(uri: String, path: String, text: String) {
        self.uri = uri
        self.path = path
        self.text = text
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The parsed document (nil when the text does not parse: the tests check every text does).
    var document: BundledSchemas.Document? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let done = parsed { return done }
        let document = (try? JSONParser.parse(text)).map { BundledSchemas.Document(uri: uri, path: path, text: text, value: $0.root) }
        parsed = .some(document)
        return document
    }

    /// The parsed value (`null` when the text does not parse).
    var value: JSONValue { document?.value ?? .null }
}
