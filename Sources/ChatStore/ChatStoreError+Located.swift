import ChatPayloads

extension ChatStoreError: ChatPayloadsLocatedError {
    /// nil: a store error is about a database file, not a value.
    public var jsonPointer: JSONPointer? { nil }
    /// ``path``, the database file.
    public var sourceFile: String? { path }
    /// nil: no text position.
    public var sourceLine: Int? { nil }
    /// nil: no text position.
    public var sourceColumn: Int? { nil }
}
