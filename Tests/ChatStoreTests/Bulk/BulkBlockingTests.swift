import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import XCTest

/// The blocking bulk APIs the command line uses: mixed batches with per-row outcomes, page
/// walks in storage order, set events, and the blocking reads.
final class BulkBlockingTests: StoreTestCase {
    func testMixedBatchOutcomesInOrder() throws {
        let u1 = try UserRecord(Fixture.user("u1"))
        let c1 = try ChannelRecord(Fixture.channel("c1"))
        let writes: [IngestedRecord] = [
            .user(u1), .channel(c1),
            .member(MemberRecord(channelId: "c1", userId: "u1"), user: nil, channel: nil),
            .message(Fixture.message("m1", timetoken: 10), user: nil, channel: nil, actions: []),
            .message(Fixture.message("m2", channel: "ghost", timetoken: 11), user: nil, channel: nil, actions: []),
            .user(u1),
        ]
        XCTAssertEqual(try store.upsertBlocking(writes), [.inserted, .inserted, .inserted, .inserted, .missingReference(MissingReference(channelId: "ghost")), .unchanged])
        // A newer user updates, an older one is stale; force creates the missing channel.
        var newer = u1
        newer.name = "New"
        newer.lastUpdated = Fixture.later
        var older = u1
        older.name = "Old"
        older.lastUpdated = Fixture.earlier
        let second: [IngestedRecord] = [.user(newer), .user(older), writes[4]]
        XCTAssertEqual(try store.upsertBlocking(second, force: true), [.updated, .stale, .inserted])
        let page = try store.rowsBlocking(.channels)
        XCTAssertEqual(page.rows.count, 2)
        guard case .channel(let forced)? = page.rows.last else { return XCTFail("\(page.rows)") }
        XCTAssertEqual(forced.id, "ghost")
        XCTAssertNil(forced.lastUpdated)
    }

    func testPagesWalkStorageOrder() throws {
        var writes: [IngestedRecord] = [.user(try UserRecord(Fixture.user("u1"))), .channel(try ChannelRecord(Fixture.channel("c1"))),
                                    .channel(try ChannelRecord(Fixture.channel("c2")))]
        for i in 0..<25 {
            writes.append(.message(Fixture.message("m\(i)", channel: i % 2 == 0 ? "c1" : "c2", timetoken: Int64(100 - i)), user: nil, channel: nil, actions: []))
        }
        writes.append(.messageAction(MessageActionRecord(
            published: 5, channelId: "c1", sourceType: "reaction", value: "👍", parentTimetoken: 100, parentId: nil, userId: "u1")))
        XCTAssertEqual(Set(try store.upsertBlocking(writes)), [.inserted])
        var ids: [String] = []
        var after: Int64 = 0
        var pages = 0
        while true {
            let page = try store.rowsBlocking(.messages, after: after, limit: 10)
            guard let last = page.lastRowID else { break }
            for case .message(let m, let actions) in page.rows {
                ids.append(m.record.id)
                XCTAssertEqual(actions.map(\.value), m.record.id == "m0" ? ["👍"] : [], m.record.id)
            }
            after = last
            pages += 1
        }
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(ids, (0..<25).map { "m\($0)" })
        let c2 = try store.rowsBlocking(.messages, limit: 100, channelId: "c2")
        XCTAssertEqual(c2.rows.count, 12)
        XCTAssertEqual(try store.rowsBlocking(.actions, unlinkedActionsOnly: true).rows.count, 0)
        XCTAssertEqual(try store.rowsBlocking(.actions).rows.count, 1)
        XCTAssertEqual(try store.rowsBlocking(.messages, after: after).rows.count, 0)
    }

    func testBlockingReadsAndStats() throws {
        let writes: [IngestedRecord] = [
            .user(try UserRecord(Fixture.user("u1"))), .user(try UserRecord(Fixture.user("u2"))), .channel(try ChannelRecord(Fixture.channel("c1"))),
            .member(MemberRecord(channelId: "c1", userId: "u1"), user: nil, channel: nil),
            .member(MemberRecord(channelId: "c1", userId: "u2", isPresent: true), user: nil, channel: nil),
            .message(Fixture.message("m1", timetoken: 1), user: nil, channel: nil, actions: []),
            .message(Fixture.message("m2", user: "u2", timetoken: 2), user: nil, channel: nil, actions: []),
            .message(Fixture.message("m3", user: "u2", timetoken: 0), user: nil, channel: nil, actions: []),
        ]
        XCTAssertEqual(Set(try store.upsertBlocking(writes)), [.inserted])
        XCTAssertEqual(try store.memberRowsBlocking(channelId: "c1").count, 2)
        XCTAssertEqual(try store.memberRowsBlocking(channelId: "c1", limit: 1).count, 1)
        // The presence given in the batch survives only until the store is reopened (presence reset).
        XCTAssertEqual(try store.memberRowsBlocking(channelId: "c1", onlyPresent: true).count, 1)
        // m3 has no timetoken: sending, not unseen.
        XCTAssertEqual(try store.unseenCountBlocking(channelId: "c1"), 2)
        XCTAssertEqual(try store.unseenCountBlocking(channelId: "c1", excludingUserId: "u2"), 1)
        XCTAssertEqual(try store.messageRecordsBlocking(channelId: "c1", page: MessagePage(limit: 2)).map(\.record.id), ["m2", "m1"])
        XCTAssertEqual(try store.channelStatsBlocking(), [ChannelStats(channelId: "c1", members: 2, messages: 3)])
        XCTAssertEqual(try store.channelStatsBlocking(limit: 0), [])
        XCTAssertEqual(try store.appliedMigrationsBlocking(), ChatStore.knownMigrations)
        XCTAssertEqual(try store.integrityCheckBlocking(), ["ok"])
        try reopen()
        XCTAssertEqual(try store.memberRowsBlocking(channelId: "c1", onlyPresent: true).count, 0)
    }

    func testApplyBlockingFollowsTheETagAndUpdatedRule() throws {
        XCTAssertEqual(try store.upsertBlocking([.user(try UserRecord(Fixture.user("u1")))]), [.inserted])
        typealias Change = PatchEnvelope<AnyJSONCustomData>.Change
        let newer = Change.userSet(ChatUser<AnyJSONCustomData>.Changeset(id: "u1", updated: Fixture.later, eTag: "E2", name: .set("Renamed")))
        XCTAssertEqual(try store.applyBlocking(newer), .applied)
        XCTAssertEqual(try store.applyBlocking(newer), .sameETag)
        let older = Change.userSet(ChatUser<AnyJSONCustomData>.Changeset(id: "u1", updated: Fixture.earlier, eTag: "E0", name: .set("Old")))
        XCTAssertEqual(try store.applyBlocking(older), .notNewer)
        guard case .user(let stored)? = try store.rowsBlocking(.users).rows.first else { return XCTFail("no user") }
        XCTAssertEqual(stored.name, "Renamed")
        XCTAssertEqual(stored.eTag, "E2")
        let ghost = Change.userSet(ChatUser<AnyJSONCustomData>.Changeset(id: "ghost", updated: Fixture.later, eTag: "E9"))
        XCTAssertThrowsError(try store.applyBlocking(ghost)) { error in
            XCTAssertEqual((error as? ChatStoreError)?.kind, .missingRow, "\(error)")
        }
    }
}
