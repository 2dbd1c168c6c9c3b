/// A failure found inside a database closure, before the store's path is known; the store turns
/// it into a ``ChatStoreError`` naming its file.
struct StoreIssue: Error {
    /// The error kind.
    var kind: ChatStoreError.Kind
    /// The message.
    var message: String

    init(_ kind: ChatStoreError.Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
