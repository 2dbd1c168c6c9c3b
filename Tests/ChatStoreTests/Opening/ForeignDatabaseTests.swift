@_spi(ChatStoreCLI) import ChatStore
import Foundation
import GRDB
import XCTest

/// Issue 38, finding 7: opening another application's SQLite database for writing refused it
/// not; the store's tables were added to it without a word.
final class ForeignDatabaseTests: XCTestCase {
    func testFinding7_AnotherApplicationsDatabaseIsNotMadeAStore() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("app.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
            try db.execute(sql: "INSERT INTO accounts (owner) VALUES ('ann')")
        }
        try queue.close()
        XCTAssertThrowsError(try ChatStore(path: path)) { error in
            let e = error as? ChatStoreError
            XCTAssertEqual(e?.kind, .notAStore, "\(error)")
            XCTAssertTrue(e?.message.contains("accounts") == true, "\(error)")
        }
        // Untouched: no store table, no migration bookkeeping.
        let check = try DatabaseQueue(path: path)
        let names = try check.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master ORDER BY name") }
        try check.close()
        XCTAssertEqual(names, ["accounts"])
        // A new file, an empty one and a blank one are still made stores.
        let empty = folder.url.appendingPathComponent("empty.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        try ChatStore(path: empty).close()
        try ChatStore(path: folder.url.appendingPathComponent("new.sqlite").path).close()
    }
}
