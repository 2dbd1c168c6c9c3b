import GRDB

extension ChatStore {
    /// Whether the file at `path` is an SQLite database holding no schema at all: what a store
    /// becomes when the process that created it is killed before its first migration commits
    /// (SQLite drops the uncommitted work, so the file is consistent and simply empty). The next
    /// writable open migrates it. A file holding only the migrator's own bookkeeping table, with
    /// no migration recorded, is blank too (the kill landed between that table's creation and the
    /// first migration's commit). False for anything else, including files that cannot be read.
    /// A file or folder that cannot be written is opened immutable (see
    /// ``ChatStoreOptions/immutable``), so no file is left beside it.
    public static func isBlankDatabase(path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        let openPath = StoreFileAccess.readsImmutable(path: path) ? StoreFileAccess.immutableURI(path: path) ?? path : path
        guard let queue = try? DatabaseQueue(path: openPath, configuration: configuration) else { return false }
        let blank = try? queue.read { db -> Bool in
            let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? -1
            if objects == 0 { return true }
            // Its own objects only (its primary key's automatic index is SQLite's, `sqlite_…`).
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
            // The migrator's bookkeeping table is created (and committed) on its own, before the
            // first migration's transaction: killed in between, the file holds it, empty, and
            // nothing else.
            guard names == [ChatStore.migrationsTable] else { return false }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(ChatStore.migrationsTable)") == 0
        }
        try? queue.close()
        return blank == true
    }

    /// The table in which GRDB's migrator records applied migrations.
    static let migrationsTable = "grdb_migrations"
}
