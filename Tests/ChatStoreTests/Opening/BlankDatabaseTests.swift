@_spi(ChatStoreCLI) import ChatStore
import Foundation
import GRDB
import XCTest

/// What a store killed before its first migration committed looks like, and that
/// `ChatStore.isBlankDatabase` calls exactly those files blank (what `store check` accepts as an
/// empty store the next import completes).
final class BlankDatabaseTests: XCTestCase {
    /// A database file whose only objects were made by `statements`, closed.
    private func database(_ name: String, in folder: TemporaryFolder, _ statements: [String]) throws -> String {
        let path = folder.url.appendingPathComponent(name).path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
        return path
    }

    func testAFileWithNoSchemaIsBlank() throws {
        let folder = try TemporaryFolder()
        XCTAssertTrue(ChatStore.isBlankDatabase(path: try database("none.sqlite", in: folder, [])))
        let empty = folder.url.appendingPathComponent("empty.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        XCTAssertTrue(ChatStore.isBlankDatabase(path: empty))
    }

    /// GRDB's migrator creates its bookkeeping table in its own statement, before the first
    /// migration's transaction: a kill in between leaves that table, empty, and nothing else.
    func testOnlyAnEmptyMigrationsTableIsBlankAndTheNextOpenMigratesIt() throws {
        let folder = try TemporaryFolder()
        let path = try database("killed.sqlite", in: folder, ["CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"])
        XCTAssertTrue(ChatStore.isBlankDatabase(path: path))
        let store = try ChatStore(path: path)
        XCTAssertEqual(try store.appliedMigrationsBlocking(), ChatStore.knownMigrations)
        try store.close()
        XCTAssertFalse(ChatStore.isBlankDatabase(path: path))
    }

    func testAnythingElseIsNotBlank() throws {
        let folder = try TemporaryFolder()
        let recorded = try database("recorded.sqlite", in: folder, [
            "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)",
            "INSERT INTO grdb_migrations VALUES ('v1')",
        ])
        XCTAssertFalse(ChatStore.isBlankDatabase(path: recorded), "a recorded migration")
        let other = try database("other.sqlite", in: folder, ["CREATE TABLE notes (body TEXT)"])
        XCTAssertFalse(ChatStore.isBlankDatabase(path: other), "someone else's table")
        let both = try database("both.sqlite", in: folder, [
            "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)",
            "CREATE TABLE notes (body TEXT)",
        ])
        XCTAssertFalse(ChatStore.isBlankDatabase(path: both), "the migrations table beside another table")
        let junk = folder.url.appendingPathComponent("junk.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: junk, contents: Data("not a database, not empty".utf8)))
        XCTAssertFalse(ChatStore.isBlankDatabase(path: junk))
    }
}
