import Dispatch
import Foundation

/// Opening a store from a file URL, on the caller's thread or off it.
extension ChatStore {
    /// Opens (creating when missing, unless read-only) the store at the file URL `url`, migrates
    /// its schema and resets presence, on the calling thread: ``init(path:options:)`` for a URL.
    ///
    /// Opening migrates the schema, which is blocking file I/O: from the main actor, use
    /// ``open(url:options:)``, which does the same work off the caller's thread.
    ///
    /// Throws ``ChatStoreError/Kind/invalidArgument`` when `url` is not a file URL, and the
    /// errors of ``init(path:options:)`` otherwise.
    public init(url: URL, options: ChatStoreOptions = ChatStoreOptions()) throws(ChatStoreError) {
        guard url.isFileURL else {
            throw ChatStoreError(.invalidArgument, path: url.absoluteString, "is not a file URL (a store is a local file)")
        }
        try self.init(path: url.path(percentEncoded: false), options: options)
    }

    /// Opens the store at the file URL `url` as ``init(url:options:)`` does, with the opening,
    /// schema migration and presence reset run on a background queue, so that the calling
    /// thread (typically the main actor) is never blocked by the file's I/O.
    ///
    /// ```swift
    /// let store = try await ChatStore.open(url: URL.documentsDirectory.appending(path: "chat.sqlite"))
    /// ```
    public static func open(url: URL, options: ChatStoreOptions = ChatStoreOptions()) async throws(ChatStoreError) -> ChatStore {
        let result: Result<ChatStore, ChatStoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(ChatStoreError) -> ChatStore in try ChatStore(url: url, options: options) })
            }
        }
        return try result.get()
    }

    /// The database file as a file URL.
    public var url: URL { URL(fileURLWithPath: path) }
}
