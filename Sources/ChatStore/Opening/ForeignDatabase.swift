import GRDB

/// Telling a ChatStore file from another application's SQLite database, so that opening one
/// for writing never adds the store's tables to it.
enum ForeignDatabase {
    /// The schema objects (tables, indexes, views, triggers) of a file on which no store
    /// migration was ever recorded, other than SQLite's own (`sqlite_…`) and the migrator's
    /// bookkeeping table: empty for a new or blank file (``ChatStore/isBlankDatabase(path:)``),
    /// which a writable open migrates; anything else is another application's database.
    static func objects(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> ? ORDER BY name",
            arguments: [ChatStore.migrationsTable])
    }

    /// The message of ``ChatStoreError/Kind/notAStore`` for a file holding `objects`.
    static func message(_ objects: [String]) -> String {
        let shown = objects.prefix(5).joined(separator: ", ") + (objects.count > 5 ? ", … (\(objects.count) in all)" : "")
        return "is an SQLite database that is not a ChatStore (it holds \(shown), and no store schema); "
            + "a store is created only in a new or empty file, never added to another application's database"
    }
}
