import ChatPayloads
@_spi(ChatStoreCLI) @testable import ChatStore
import GRDB
import XCTest

/// A bulk load into a store without messages defers the messages' secondary indexes and builds
/// them at its end; a kill in between leaves a consistent store whose next open builds them.
final class DeferredIndexTests: StoreTestCase {
    /// The names of the indexes on `messages` in the file at `path`, and whether the note of
    /// deferred indexes is there.
    /// `migrated`: the file has a `messages` table (a process killed before the first migration
    /// committed leaves an empty database).
    static func messageIndexes(_ path: String) throws -> (indexes: Set<String>, noted: Bool, migrated: Bool) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL")
            return (Set(names), try db.tableExists(DeferredIndexes.table), try db.tableExists("messages"))
        }
    }

    static let all = Set(DeferredIndexes.deferred)

    static func messages(_ range: Range<Int>, channel: String = "c") -> [IngestedRecord] {
        range.map { .message(Fixture.message("m\($0)", channel: channel, user: "u", timetoken: Int64($0 + 1)), user: nil, channel: nil, actions: []) }
    }

    func testALoadIntoAnEmptyStoreDefersTheIndexesAndBuildsThemAtItsEnd() throws {
        let outcomes = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in try bulk.upsert(Self.messages(0..<10)) }
        XCTAssertEqual(outcomes, Array(repeating: .inserted, count: 10))
        var state = try Self.messageIndexes(storePath)
        XCTAssertTrue(state.indexes.isDisjoint(with: Self.all), "\(state.indexes)")
        XCTAssertTrue(state.noted)
        // Later transactions of the load keep them deferred (the table is no longer empty).
        _ = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in try bulk.upsert(Self.messages(10..<20)) }
        XCTAssertTrue(try Self.messageIndexes(storePath).indexes.isDisjoint(with: Self.all))
        // Queries answer the same meanwhile.
        XCTAssertEqual(try store.messageRecordsBlocking(channelId: "c", page: MessagePage(limit: 3)).map(\.record.id), ["m19", "m18", "m17"])
        XCTAssertTrue(try store.restoreDeferredIndexesBlocking())
        state = try Self.messageIndexes(storePath)
        XCTAssertTrue(Self.all.isSubset(of: state.indexes), "\(state.indexes)")
        XCTAssertFalse(state.noted)
        XCTAssertFalse(try store.restoreDeferredIndexesBlocking())
        XCTAssertEqual(try store.integrityCheckBlocking(), ["ok"])
    }

    func testAStoreWithMessagesKeepsItsIndexes() throws {
        _ = try store.upsertBlocking(Self.messages(0..<1), force: true)
        _ = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in try bulk.upsert(Self.messages(1..<5)) }
        let state = try Self.messageIndexes(storePath)
        XCTAssertTrue(Self.all.isSubset(of: state.indexes))
        XCTAssertFalse(state.noted)
    }

    func testARolledBackLoadLeavesTheIndexes() throws {
        struct Stop: Error {}
        XCTAssertThrowsError(try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk -> Void in
            _ = try bulk.upsert(Self.messages(0..<5))
            throw ChatStoreError(.invalidArgument, path: "", "stop")
        })
        let state = try Self.messageIndexes(storePath)
        XCTAssertTrue(Self.all.isSubset(of: state.indexes))
        XCTAssertFalse(state.noted)
        XCTAssertEqual(try store.countsBlocking().messages, 0)
    }

    func testTheNextOpenBuildsIndexesALoadLeftDeferred() throws {
        _ = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in try bulk.upsert(Self.messages(0..<5)) }
        XCTAssertTrue(try Self.messageIndexes(storePath).noted)
        try reopen()
        let state = try Self.messageIndexes(storePath)
        XCTAssertTrue(Self.all.isSubset(of: state.indexes))
        XCTAssertFalse(state.noted)
    }

    func testAnActionThatLooksUpItsMessageBuildsTheIndexesFirst() throws {
        let action = MessageActionRecord(published: 100, channelId: "c", sourceType: "reaction", value: "👍", parentTimetoken: 3, userId: "u")
        let outcomes = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in
            try bulk.upsert(Self.messages(0..<5) + [.messageAction(action)])
        }
        XCTAssertEqual(outcomes.last, .inserted)
        let state = try Self.messageIndexes(storePath)
        XCTAssertTrue(Self.all.isSubset(of: state.indexes))
        XCTAssertFalse(state.noted)
        let stored = try XCTUnwrap(try store.rowsBlocking(.actions).rows.first)
        guard case .action(let r) = stored else { return XCTFail("\(stored)") }
        XCTAssertEqual(r.parentId, "m2")
    }
}
