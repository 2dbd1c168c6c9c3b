import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import XCTest

/// Every write call returns each row's outcome: inserted, updated, unchanged, stale, or kept out
/// with what it refers to that is not stored; the report's id lists are derived from them.
final class UpsertOutcomeTests: StoreTestCase {
    func testUserOutcomesOfEachKind() async throws {
        let user = try UserRecord(Fixture.user("u1"))
        var newer = user
        newer.name = "Newer"
        newer.lastUpdated = Fixture.later
        var older = user
        older.name = "Older"
        older.lastUpdated = Fixture.earlier
        var unsynced = user
        unsynced.name = "Unsynced"
        unsynced.lastUpdated = nil
        let report = try await store.upsert(users: [user, user, newer, older, unsynced])
        XCTAssertEqual(report.outcomes, [.inserted, .unchanged, .updated, .stale, .stale])
        XCTAssertEqual(report.rows.map(\.id), ["u1", "u1", "u1", "u1", "u1"])
        XCTAssertEqual(report.inserted, ["u1"])
        XCTAssertEqual(report.unchanged, ["u1"])
        XCTAssertEqual(report.updated, ["u1"])
        XCTAssertEqual(report.stale, ["u1", "u1"])
        XCTAssertEqual(report.total, 5)
        XCTAssertEqual(report.written, 2)
        let stored = try await store.userRecord(id: "u1")
        XCTAssertEqual(stored?.name, "Newer")
    }

    func testChannelOutcomesOfEachKind() async throws {
        let channel = try ChannelRecord(Fixture.channel("c1"))
        var newer = channel
        newer.name = "Newer"
        newer.lastUpdated = Fixture.later
        var older = channel
        older.lastUpdated = Fixture.earlier
        older.name = "Older"
        let report = try await store.upsert(channels: [channel, channel, newer, older])
        XCTAssertEqual(report.outcomes, [.inserted, .unchanged, .updated, .stale])
    }

    func testMemberOutcomesOfEachKind() async throws {
        try await store.upsert(users: [try UserRecord(Fixture.user("u1"))])
        try await store.upsert(channels: [try ChannelRecord(Fixture.channel("c1"))])
        var member = MemberRecord(channelId: "c1", userId: "u1", status: "active")
        member.lastUpdated = Fixture.updated
        var newer = member
        newer.status = "away"
        newer.lastUpdated = Fixture.later
        var older = member
        older.status = "gone"
        older.lastUpdated = Fixture.earlier
        let report = try await store.upsert(members: [
            member, member, newer, older,
            MemberRecord(channelId: "c1", userId: "ghost"), MemberRecord(channelId: "nowhere", userId: "u1"),
            MemberRecord(channelId: "nowhere", userId: "ghost"),
        ])
        XCTAssertEqual(report.outcomes, [
            .inserted, .unchanged, .updated, .stale,
            .missingReference(MissingReference(userId: "ghost")), .missingReference(MissingReference(channelId: "nowhere")),
            .missingReference(MissingReference(userId: "ghost", channelId: "nowhere")),
        ])
        XCTAssertEqual(report.missingReference, ["c1:ghost", "nowhere:u1", "nowhere:ghost"])
        XCTAssertEqual(report.outcomes.compactMap(\.missingReference?.description),
                       [#"user "ghost""#, #"channel "nowhere""#, #"user "ghost" and channel "nowhere""#])
    }

    func testMessageOutcomesOfEachKind() async throws {
        try await store.upsert(users: [try UserRecord(Fixture.user("u1"))])
        try await store.upsert(channels: [try ChannelRecord(Fixture.channel("c1"))])
        let message = Fixture.message("m1", timetoken: 10)
        var edited = message
        edited.text = "edited"
        let report = try await store.upsert(messages: [
            message, message, edited, Fixture.message("m2", channel: "nowhere", timetoken: 11),
        ])
        XCTAssertEqual(report.outcomes, [.inserted, .unchanged, .updated, .missingReference(MissingReference(channelId: "nowhere"))])
        XCTAssertEqual(report.unchanged, ["m1"])
        // A stored row read first (after a duplicate), then a new one inserted, in one batch.
        let mixed = try await store.upsert(messages: [edited, Fixture.message("m3", timetoken: 12), edited, Fixture.message("m4", timetoken: 13)])
        XCTAssertEqual(mixed.outcomes, [.unchanged, .inserted, .unchanged, .inserted])
        let m3 = try await store.message(id: "m3", as: AnyJSONCustomData.self)
        XCTAssertEqual(m3?.message.id, "m3")
        // Forced, the missing channel is created id-only and the message inserted.
        let forced = try await store.upsert(messages: [Fixture.message("m2", channel: "nowhere", timetoken: 11)], force: true)
        XCTAssertEqual(forced.outcomes, [.inserted])
    }

    func testActionOutcomes() async throws {
        let action = MessageActionRecord(published: 5, channelId: "c1", sourceType: "reaction", value: "👍", parentTimetoken: 0, userId: "u1")
        var moved = action
        moved.sourceType = "receipt"
        let report = try await store.upsert(actions: [action, action, moved])
        XCTAssertEqual(report.outcomes, [.inserted, .unchanged, .updated])
    }

    func testOutcomeKindsAndPayload() {
        let kept = UpsertOutcome.missingReference(MissingReference(userId: "u"))
        XCTAssertEqual(kept.kind, .missingReference)
        XCTAssertEqual(kept.missingReference, MissingReference(userId: "u"))
        XCTAssertNil(UpsertOutcome.inserted.missingReference)
        XCTAssertEqual([UpsertOutcome.inserted, .updated, .unchanged, .stale, kept].map(\.isWritten), [true, true, false, false, false])
        XCTAssertEqual(UpsertOutcome.Kind.allCases.map(\.rawValue), ["inserted", "updated", "unchanged", "stale", "missingReference"])
        var report = UpsertReport()
        report.append(.inserted, id: "a")
        report.append(kept, id: "b")
        var other = UpsertReport()
        other.append(.stale, id: "c")
        report.merge(other)
        XCTAssertEqual(report.rows, [UpsertedRow(id: "a", outcome: .inserted), UpsertedRow(id: "b", outcome: kept), UpsertedRow(id: "c", outcome: .stale)])
        XCTAssertEqual(report.ids(.missingReference), ["b"])
    }

    func testBatchProgressCarriesEachBatchsOutcomes() async throws {
        let users = (0..<5).map { UserRecord(id: "u\($0)") }
        let progress = Collector<BatchProgress>()
        let report = try await store.upsert(users: users + [users[0]], batchSize: 4) { progress.append($0) }
        XCTAssertEqual(progress.values.map(\.report.outcomes), [[.inserted, .inserted, .inserted, .inserted], [.inserted, .unchanged]])
        XCTAssertEqual(report.outcomes.count, 6)
    }
}
