import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import GRDB
import XCTest

/// Issue 25: `store query messages` without `--channel` sorted the whole table (0.7 s at
/// 200,000 rows). Migration v2 adds indexes by timetoken and by creation date; a version 1 store
/// is read as it is read-only and gains them at its next writable open.
final class MessageIndexMigrationTests: XCTestCase {
    /// The plan of the channel-less query in each sort order (as `MessageQuery` writes it).
    private func plans(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try ["timetoken DESC, pk DESC", "timetoken, pk", "createdSeconds DESC, createdNanos DESC, pk DESC", "createdSeconds, createdNanos, pk"].map { order in
                try String.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM messages ORDER BY \(order) LIMIT 50", adapter: SuffixRowAdapter(fromIndex: 3))
                    .joined(separator: "; ")
            }
        }
    }

    func testChannelLessMessageQueriesUseAnIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        try ChatStore(path: path).close()
        for plan in try plans(path) {
            XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
            XCTAssertTrue(plan.contains("messages_by_time") || plan.contains("messages_by_created"), plan)
        }
    }

    func testVersionOneStoreIsReadAndThenMigrated() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let store = try ChatStore(path: path)
        _ = try store.upsertBlocking([
            .user(UserRecord(id: "u1")), .channel(ChannelRecord(id: "c1")),
            .message(Fixture.message("m1", timetoken: 1), user: nil, channel: nil, actions: []),
        ])
        try store.close()
        // Make it a store as version 1 left it.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP INDEX messages_by_time")
            try db.execute(sql: "DROP INDEX messages_by_created")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
        }
        try queue.close()

        let readOnly = try ChatStore(path: path, options: ChatStoreOptions(readOnly: true))
        XCTAssertEqual(try readOnly.appliedMigrationsBlocking(), ["v1"])
        XCTAssertEqual(try readOnly.countsBlocking().messages, 1)
        try readOnly.close()

        let migrated = try ChatStore(path: path)
        XCTAssertEqual(try migrated.appliedMigrationsBlocking(), ChatStore.knownMigrations)
        XCTAssertEqual(ChatStore.knownMigrations, ["v1", "v2"])
        try migrated.close()
        XCTAssertTrue(try plans(path).allSatisfy { !$0.contains("TEMP B-TREE") })
    }
}
