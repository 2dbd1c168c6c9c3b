import ChatPayloads
import ChatStore
import XCTest

final class ChangeLogTests: StoreTestCase {
    func testChangeLogAppliesUpdatesAndDeletions() async throws {
        try await store.upsert(messages: (1...3).map { Fixture.message("m\($0)", timetoken: Int64($0)) }, force: true)
        try await store.upsert(actions: [
            MessageActionRecord(published: 9, channelId: "c1", sourceType: "reaction", value: "👍", parentTimetoken: 2, userId: "u1"),
        ])
        let report = try await store.applyChangeLog(
            updated: [Fixture.message("m1", timetoken: 1, text: "edited"), Fixture.message("m4", timetoken: 4)],
            deletedIds: ["m2", "gone"], force: true)
        XCTAssertEqual(report.upsert.updated, ["m1"])
        XCTAssertEqual(report.upsert.inserted, ["m4"])
        XCTAssertEqual(report.deleted, ["m2"])
        XCTAssertEqual(report.notFound, ["gone"])
        let ids = try await store.messageRecords(channelId: "c1").map(\.record.id)
        XCTAssertEqual(ids, ["m4", "m3", "m1"])
        let counts = try await store.counts()
        XCTAssertEqual(counts.actions, 0)
    }

    func testChangeLogIsAllOrNothing() async throws {
        try await store.upsert(messages: [Fixture.message("m1", timetoken: 1)], force: true)
        // The deletion of m1 must not survive the failing transaction.
        try await store.upsert(users: [Fixture.user("u1")])
        let readOnlyPath = storePath
        try store.close()
        let readOnly = try ChatStore(path: readOnlyPath, options: ChatStoreOptions(readOnly: true))
        await assertStoreError(.readOnly, path: readOnlyPath) {
            try await readOnly.applyChangeLog(updated: [Fixture.message("m9", timetoken: 9)], deletedIds: ["m1"], force: true)
        }
        try readOnly.close()
        store = try ChatStore(path: readOnlyPath)
        let ids = try await store.messageRecords(channelId: "c1").map(\.record.id)
        XCTAssertEqual(ids, ["m1"])
    }
}
