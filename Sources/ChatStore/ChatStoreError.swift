import ChatPayloads

/// An error of the local store. Its ``description`` always names the database file.
public struct ChatStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The path names a directory, not a file.
        case isDirectory
        /// The file exists but is not an SQLite database.
        case notADatabase
        /// The database is damaged (truncated, overwritten, failed integrity check).
        case corrupt
        /// The file was written by a newer version of ChatStore (unknown schema migrations).
        case newerSchema
        /// The file is an SQLite database of another application (tables, no store schema): a
        /// writable open never adds the store's tables to it.
        case notAStore
        /// A write was attempted on a store opened read-only, or the file cannot be written.
        case readOnly
        /// The file cannot be opened (missing folder, permissions, locked).
        case cannotOpen
        /// A patch or status update names a row that is not stored.
        case missingRow
        /// A model could not be encoded into a record.
        case encoding
        /// A stored row could not be decoded into a model (unreadable custom data, bad URL).
        case decoding
        /// An argument is out of range (for instance a batch size of 0).
        case invalidArgument
        /// Any other SQLite error.
        case database
    }

    /// What went wrong.
    public var kind: Kind
    /// The database file path.
    public var path: String
    /// A sentence about the failure (without the path).
    public var message: String

    /// Makes an error.
    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `"<path>: <message>"`.
    public var description: String { "\(path): \(message)" }
}
