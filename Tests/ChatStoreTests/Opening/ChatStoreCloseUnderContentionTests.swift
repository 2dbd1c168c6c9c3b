import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import GRDB
import XCTest

/// Issue 25: a second process on the same file must not turn `close()` into a failure. The
/// checkpoint at close cannot finish while another connection reads an older snapshot (or
/// writes); it is best-effort, and what was committed stays durable in the WAL.
final class ChatStoreCloseUnderContentionTests: XCTestCase {
    func testCloseSucceedsWhileAnotherConnectionReadsAnOlderSnapshot() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let store = try ChatStore(path: path)
        _ = try store.upsertBlocking([.user(UserRecord(id: "u1"))])

        // Another connection (another process, as far as SQLite can tell) holds a read
        // transaction on the snapshot with u1 only.
        var configuration = Configuration()
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        let before = try reader.inDatabase { db -> Int in
            try db.execute(sql: "BEGIN")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? -1
        }
        XCTAssertEqual(before, 1)

        _ = try store.upsertBlocking([.user(UserRecord(id: "u2"))])
        // The TRUNCATE checkpoint cannot run past the reader: close must still succeed.
        XCTAssertNoThrow(try store.close())

        try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
        try reader.close()
        let reopened = try ChatStore(path: path, options: ChatStoreOptions(readOnly: true))
        XCTAssertEqual(try reopened.countsBlocking().users, 2)
        try reopened.close()
    }
}
