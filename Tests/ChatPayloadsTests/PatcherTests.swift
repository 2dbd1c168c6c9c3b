@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class PatcherTests: XCTestCase {
    let t0 = fixtureDate("2022-01-01T00:00:00.000Z")
    let t1 = fixtureDate("2022-01-01T00:00:00.001Z")

    func user(eTag: String? = "E0", updated: ChatTimestamp?? = .none) -> ChatUser<AnyJSONCustomData> {
        ChatUser(id: "u", name: "Jane", type: "admin", status: "default", externalId: "x", avatarURL: ChatURL("https://e.example/a"),
                 email: "j@e.example", updated: updated ?? t0, eTag: eTag, custom: ["a": 1])
    }

    // MARK: apply rule branches (users)

    func testAppliesWhenIdsMatchETagDiffersAndStrictlyNewer() {
        let outcome = user().outcome(applying: .init(id: "u", updated: t1, eTag: "E1", name: .set("Janet")))
        XCTAssertEqual(outcome.decision, .applied)
        XCTAssertEqual(outcome.value.name, "Janet")
        XCTAssertEqual(outcome.value.updated, t1)
        XCTAssertEqual(outcome.value.eTag, "E1")
    }

    func testIdMismatchLeavesTargetUnchanged() {
        let target = user()
        let outcome = target.outcome(applying: .init(id: "other", updated: t1, eTag: "E1", name: .set("X")))
        XCTAssertEqual(outcome.decision, .idMismatch)
        XCTAssertEqual(outcome.value, target)
        XCTAssertEqual(target.applied(.init(id: "other", updated: t1, eTag: "E1")), target)
    }

    func testSameETagLeavesTargetUnchanged() {
        let target = user()
        XCTAssertEqual(target.outcome(applying: .init(id: "u", updated: t1, eTag: "E0", name: .set("X"))).decision, .sameETag)
        XCTAssertEqual(target.applied(.init(id: "u", updated: t1, eTag: "E0", name: .set("X"))), target)
    }

    func testNotStrictlyNewerLeavesTargetUnchanged() {
        let target = user()
        XCTAssertEqual(target.outcome(applying: .init(id: "u", updated: t0, eTag: "E1")).decision, .notNewer, "equal is not newer")
        XCTAssertEqual(target.outcome(applying: .init(id: "u", updated: fixtureDate("2021-12-31T23:59:59.999Z"), eTag: "E1")).decision, .notNewer)
        XCTAssertEqual(target.applied(.init(id: "u", updated: t0, eTag: "E1", name: .cleared)), target)
    }

    func testTargetWithoutETagAlwaysDiffers() {
        let outcome = user(eTag: nil).outcome(applying: .init(id: "u", updated: t1, eTag: "E0"))
        XCTAssertEqual(outcome.decision, .applied)
    }

    func testTargetWithoutUpdatedIsTheDistantPast() {
        let outcome = user(updated: .some(nil)).outcome(applying: .init(id: "u", updated: fixtureDate("0001-01-01T00:00:00Z"), eTag: "E1"))
        XCTAssertEqual(outcome.decision, .applied)
    }

    func testRuleChecksIdsFirstThenETagThenUpdated() {
        XCTAssertEqual(user().outcome(applying: .init(id: "x", updated: t0, eTag: "E0")).decision, .idMismatch)
        XCTAssertEqual(user().outcome(applying: .init(id: "u", updated: t0, eTag: "E0")).decision, .sameETag)
    }

    // MARK: field states (users)

    func testEveryUserFieldState() throws {
        let target = user()
        let unchanged = target.applied(.init(id: "u", updated: t1, eTag: "E1"))
        XCTAssertEqual(unchanged.name, "Jane")
        XCTAssertEqual(unchanged.type, "admin")
        XCTAssertEqual(unchanged.status, "default")
        XCTAssertEqual(unchanged.externalId, "x")
        XCTAssertEqual(unchanged.avatarURL, target.avatarURL)
        XCTAssertEqual(unchanged.email, "j@e.example")
        XCTAssertEqual(unchanged.custom, ["a": 1])

        let cleared = target.applied(.init(
            id: "u", updated: t1, eTag: "E1", name: .cleared, type: .cleared, status: .cleared, externalId: .cleared,
            avatarURL: .cleared, email: .cleared, custom: .cleared))
        XCTAssertNil(cleared.name)
        XCTAssertEqual(cleared.type, "admin", "a null type is ignored")
        XCTAssertNil(cleared.status)
        XCTAssertNil(cleared.externalId)
        XCTAssertNil(cleared.avatarURL)
        XCTAssertNil(cleared.email)
        XCTAssertEqual(cleared.custom, AnyJSONCustomData())

        let set = target.applied(.init(
            id: "u", updated: t1, eTag: "E1", name: .set("N"), type: .set("moderator"), status: .set("deleted"),
            externalId: .set("y"), avatarURL: .set(try XCTUnwrap(ChatURL("https://e.example/b"))), email: .set("k@e.example"),
            custom: .set(["b": 2])))
        XCTAssertEqual(set.name, "N")
        XCTAssertEqual(set.type, "moderator")
        XCTAssertEqual(set.status, "deleted")
        XCTAssertEqual(set.externalId, "y")
        XCTAssertEqual(set.avatarURL?.absoluteString, "https://e.example/b")
        XCTAssertEqual(set.email, "k@e.example")
        XCTAssertEqual(set.custom, ["b": 2], "custom is replaced, not merged")
    }

    func testUserPatcherDecodesThreeStates() throws {
        let p = try ChatUser<AnyJSONCustomData>.Changeset.decode(
            text: #"{"id":"u","name":null,"type":null,"email":"e@x.example","custom":{"c":1},"updated":"2022-01-01T00:00:00.001Z","eTag":"E1"}"#)
        XCTAssertEqual(p.name, .cleared)
        XCTAssertEqual(p.type, .cleared)
        XCTAssertEqual(p.status, .unchanged)
        XCTAssertEqual(p.email, .set("e@x.example"))
        XCTAssertEqual(p.avatarURL, .unchanged)
        XCTAssertEqual(p.custom, .set(["c": 1]))
        XCTAssertEqual(try ChatUser<AnyJSONCustomData>.Changeset.decode(text: try p.canonicalString()), p)
        let applied = user().applied(p)
        XCTAssertNil(applied.name)
        XCTAssertEqual(applied.type, "admin")
        XCTAssertEqual(applied.custom, ["c": 1])
    }

    func testPatcherRequiresIdUpdatedAndETag() {
        for (text, pointer) in [
            (#"{"updated":"2022-01-01T00:00:00Z","eTag":"E"}"#, "/id"),
            (#"{"id":"u","eTag":"E"}"#, "/updated"),
            (#"{"id":"u","updated":"2022-01-01T00:00:00Z"}"#, "/eTag"),
            (#"{"id":"u","updated":"2022-01-01T00:00:00Z","eTag":"E","name":3}"#, "/name"),
            (#"{"id":"u","updated":"2022-01-01T00:00:00Z","eTag":"E","profileUrl":"bad url"}"#, "/profileUrl"),
            (#"{"id":"u","updated":"2022-01-01T00:00:00Z","eTag":"E","custom":{"a":[]}}"#, "/custom/a"),
        ] {
            XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>.Changeset.decode(text: text), text) { error in
                XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, pointer, text)
            }
        }
    }

    // MARK: channels

    func channel() -> ChatChannel<AnyJSONCustomData> {
        ChatChannel(id: "c", name: "General", type: "group", status: "active", details: "d",
                    avatarURL: ChatURL("https://e.example/c"), updated: t0, eTag: "E0", custom: ["k": "v"])
    }

    func testChannelRuleBranches() {
        XCTAssertEqual(channel().outcome(applying: .init(id: "c", updated: t1, eTag: "E1")).decision, .applied)
        XCTAssertEqual(channel().outcome(applying: .init(id: "x", updated: t1, eTag: "E1")).decision, .idMismatch)
        XCTAssertEqual(channel().outcome(applying: .init(id: "c", updated: t1, eTag: "E0")).decision, .sameETag)
        XCTAssertEqual(channel().outcome(applying: .init(id: "c", updated: t0, eTag: "E1")).decision, .notNewer)
    }

    func testChannelFieldStates() throws {
        let cleared = channel().applied(.init(
            id: "c", updated: t1, eTag: "E1", name: .cleared, type: .cleared, status: .cleared, details: .cleared,
            avatarURL: .cleared, custom: .cleared))
        XCTAssertNil(cleared.name)
        XCTAssertEqual(cleared.type, "group")
        XCTAssertNil(cleared.status)
        XCTAssertNil(cleared.details)
        XCTAssertNil(cleared.avatarURL)
        XCTAssertEqual(cleared.custom, AnyJSONCustomData())
        let set = channel().applied(.init(id: "c", updated: t1, eTag: "E1", name: .set("N"), type: .set("direct"), status: .set("s"), details: .set("D")))
        XCTAssertEqual([set.name, set.type, set.status, set.details], ["N", "direct", "s", "D"])
        XCTAssertEqual(set.custom, ["k": "v"])
        XCTAssertEqual(set.avatarURL, channel().avatarURL)
    }

    func testChannelCustomWithoutProfileUrlClearsTheAvatar() throws {
        let p = try ChatChannel<AnyJSONCustomData>.Changeset.decode(text: #"{"id":"c","custom":{"k2":"v2"},"updated":"2022-01-01T00:00:00.001Z","eTag":"E1"}"#)
        XCTAssertEqual(p.avatarURL, .cleared)
        let patched = channel().applied(p)
        XCTAssertNil(patched.avatarURL)
        XCTAssertEqual(patched.custom, ["k2": "v2"])

        let withAvatar = try ChatChannel<AnyJSONCustomData>.Changeset.decode(
            text: #"{"id":"c","custom":{"profileUrl":"https://e.example/new"},"updated":"2022-01-01T00:00:00.001Z","eTag":"E1"}"#)
        XCTAssertEqual(channel().applied(withAvatar).avatarURL?.absoluteString, "https://e.example/new")
        XCTAssertEqual(channel().applied(withAvatar).custom, AnyJSONCustomData())

        let nullCustom = try ChatChannel<AnyJSONCustomData>.Changeset.decode(text: #"{"id":"c","custom":null,"updated":"2022-01-01T00:00:00.001Z","eTag":"E1"}"#)
        XCTAssertEqual(nullCustom.custom, .cleared)
        XCTAssertEqual(nullCustom.avatarURL, .cleared)
        XCTAssertEqual(try ChatChannel<AnyJSONCustomData>.Changeset.decode(text: try nullCustom.canonicalString()), nullCustom)
        XCTAssertEqual(try ChatChannel<AnyJSONCustomData>.Changeset.decode(text: try withAvatar.canonicalString()), withAvatar)

        let noCustom = try ChatChannel<AnyJSONCustomData>.Changeset.decode(text: #"{"id":"c","description":null,"updated":"2022-01-01T00:00:00.001Z","eTag":"E1"}"#)
        XCTAssertEqual(noCustom.avatarURL, .unchanged)
        XCTAssertEqual(noCustom.details, .cleared)
        XCTAssertEqual(channel().applied(noCustom).avatarURL, channel().avatarURL)
    }

    // MARK: memberships

    func member() -> ChatMember<AnyJSONCustomData> {
        ChatMember(channel: channel(), user: user(), status: "active", updated: t0, eTag: "M0", custom: ["r": "owner"],
                   presence: ChatMemberPresence(isPresent: true))
    }

    func testMembershipRuleNeedsBothIds() {
        XCTAssertEqual(member().outcome(applying: .init(channelId: "c", userId: "u", updated: t1, eTag: "M1")).decision, .applied)
        XCTAssertEqual(member().outcome(applying: .init(channelId: "c", userId: "x", updated: t1, eTag: "M1")).decision, .idMismatch)
        XCTAssertEqual(member().outcome(applying: .init(channelId: "x", userId: "u", updated: t1, eTag: "M1")).decision, .idMismatch)
        XCTAssertEqual(member().outcome(applying: .init(channelId: "c", userId: "u", updated: t1, eTag: "M0")).decision, .sameETag)
        XCTAssertEqual(member().outcome(applying: .init(channelId: "c", userId: "u", updated: t0, eTag: "M1")).decision, .notNewer)
    }

    func testMembershipTouchesOnlyStatusCustomUpdatedETag() throws {
        let p = try ChatMember<AnyJSONCustomData>.Changeset.decode(
            text: #"{"uuid":{"id":"u","name":"ignored"},"channel":{"id":"c","name":"ignored"},"status":null,"custom":{"r":"member"},"updated":"2022-01-01T00:00:00.001Z","eTag":"M1"}"#)
        XCTAssertEqual(p.id, "c:u")
        let patched = member().applied(p)
        XCTAssertNil(patched.status)
        XCTAssertEqual(patched.custom, ["r": "member"])
        XCTAssertEqual(patched.eTag, "M1")
        XCTAssertEqual(patched.updated, t1)
        XCTAssertEqual(patched.user, member().user)
        XCTAssertEqual(patched.channel, member().channel)
        XCTAssertEqual(patched.presence, member().presence)
        let cleared = member().applied(.init(channelId: "c", userId: "u", updated: t1, eTag: "M1", custom: .cleared))
        XCTAssertEqual(cleared.custom, AnyJSONCustomData())
        XCTAssertEqual(cleared.status, "active")
        XCTAssertEqual(try ChatMember<AnyJSONCustomData>.Changeset.decode(text: try p.canonicalString()), p)
    }
}

// A copy with the changeset applied through the public `apply(_:)`.
extension ChatUser {
    fileprivate func applied(_ changeset: Changeset) -> ChatUser {
        var copy = self
        copy.apply(changeset)
        return copy
    }
}

extension ChatChannel {
    fileprivate func applied(_ changeset: Changeset) -> ChatChannel {
        var copy = self
        copy.apply(changeset)
        return copy
    }
}

extension ChatMember {
    fileprivate func applied(_ changeset: Changeset) -> ChatMember {
        var copy = self
        copy.apply(changeset)
        return copy
    }
}
