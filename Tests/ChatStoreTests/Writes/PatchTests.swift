import ChatPayloads
import ChatStore
import XCTest

final class PatchTests: StoreTestCase {
    func testUserPatchAppliesByTheRule() async throws {
        try await store.upsert(users: [Fixture.user("u")])
        let patch = ChatUser<AnyJSONCustomData>.Changeset(id: "u", updated: Fixture.later, eTag: "E2", name: .set("Patched"), email: .set("e@x"))
        let outcome = try await store.patch(user: patch)
        XCTAssertEqual(outcome.decision, .applied)
        let stored = try await store.user(id: "u", as: AnyJSONCustomData.self)
        XCTAssertEqual(stored?.name, "Patched")
        XCTAssertEqual(stored?.email, "e@x")
        XCTAssertEqual(stored?.eTag, "E2")
        // The same changeset again: same eTag, not applied, nothing written.
        let again = try await store.patch(user: patch)
        XCTAssertEqual(again.decision, .sameETag)
        let older = ChatUser<AnyJSONCustomData>.Changeset(id: "u", updated: Fixture.earlier, eTag: "E0", name: .set("Old"))
        let olderOutcome = try await store.patch(user: older)
        XCTAssertEqual(olderOutcome.decision, .notNewer)
        let after = try await store.user(id: "u", as: AnyJSONCustomData.self)
        XCTAssertEqual(after?.name, "Patched")
    }

    func testChannelAndMemberPatches() async throws {
        try await store.upsert(members: [ChatMember<AnyJSONCustomData>(
            channel: Fixture.channel("c"), user: Fixture.user("u"), status: "s", updated: Fixture.updated, eTag: "M1")])
        try await store.setPresence(channelId: "c", userId: "u", isPresent: true)
        let channelOutcome = try await store.patch(channel: ChatChannel<AnyJSONCustomData>.Changeset(
            id: "c", updated: Fixture.later, eTag: "C2", details: .set("about")))
        XCTAssertTrue(channelOutcome.decision.isApplied)
        let channel = try await store.channel(id: "c", as: AnyJSONCustomData.self)
        XCTAssertEqual(channel?.details, "about")
        let memberOutcome = try await store.patch(member: ChatMember<AnyJSONCustomData>.Changeset(
            channelId: "c", userId: "u", updated: Fixture.later, eTag: "M2", status: .cleared))
        XCTAssertTrue(memberOutcome.decision.isApplied)
        let member = try await store.member(channelId: "c", userId: "u", as: AnyJSONCustomData.self)
        XCTAssertNil(member?.status)
        XCTAssertEqual(member?.eTag, "M2")
        XCTAssertEqual(member?.presence?.isPresent, true)
    }

    func testPatchOfAMissingRowIsAnError() async throws {
        await assertStoreError(.missingRow, path: storePath) {
            try await self.store.patch(user: ChatUser<VoidCustomData>.Changeset(id: "nobody", updated: Fixture.later, eTag: "E"))
        }
        await assertStoreError(.missingRow, path: storePath) {
            try await self.store.patch(channel: ChatChannel<VoidCustomData>.Changeset(id: "none", updated: Fixture.later, eTag: "E"))
        }
        await assertStoreError(.missingRow, path: storePath) {
            try await self.store.patch(member: ChatMember<VoidCustomData>.Changeset(channelId: "c", userId: "u", updated: Fixture.later, eTag: "E"))
        }
    }
}
