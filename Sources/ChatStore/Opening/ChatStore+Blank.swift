import GRDB

extension ChatStore {
    /// Whether the file at `path` is an SQLite database holding no schema at all: what a store
    /// becomes when the process that created it is killed before its first migration commits
    /// (SQLite drops the uncommitted work, so the file is consistent and simply empty). The next
    /// writable open migrates it. False for anything else, including files that cannot be read.
    /// A file or folder that cannot be written is opened immutable (see
    /// ``ChatStoreOptions/immutable``), so no file is left beside it.
    public static func isBlankDatabase(path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        let openPath = StoreFileAccess.readsImmutable(path: path) ? StoreFileAccess.immutableURI(path: path) ?? path : path
        guard let queue = try? DatabaseQueue(path: openPath, configuration: configuration) else { return false }
        let objects = try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        try? queue.close()
        return objects == .some(0)
    }
}
