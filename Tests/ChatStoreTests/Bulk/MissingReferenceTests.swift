import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import XCTest

/// Issue 25: a row kept out by the referential rule names what is not stored (the user, the
/// channel, or both), not "user X or channel Y".
final class MissingReferenceTests: StoreTestCase {
    func testKeptOutRowsNameWhatIsMissing() throws {
        _ = try store.upsertBlocking([.user(UserRecord(id: "u1")), .channel(ChannelRecord(id: "c1"))])
        let outcomes = try store.upsertTransactionBlocking { bulk in
            let outcomes = try bulk.upsert([
                .message(Fixture.message("m1", channel: "nowhere", user: "u1", timetoken: 1), user: nil, channel: nil, actions: []),
                .message(Fixture.message("m2", channel: "c1", user: "ghost", timetoken: 2), user: nil, channel: nil, actions: []),
                .message(Fixture.message("m3", channel: "nowhere", user: "ghost", timetoken: 3), user: nil, channel: nil, actions: []),
                .message(Fixture.message("m4", channel: "c1", user: "u1", timetoken: 4), user: nil, channel: nil, actions: []),
            ])
            return outcomes
        }
        let missing = outcomes.map(\.missingReference)
        XCTAssertEqual(outcomes.map(\.kind), [.missingReference, .missingReference, .missingReference, .inserted])
        XCTAssertEqual(missing[0], MissingReference(channelId: "nowhere"))
        XCTAssertEqual(missing[1], MissingReference(userId: "ghost"))
        XCTAssertEqual(missing[2], MissingReference(userId: "ghost", channelId: "nowhere"))
        XCTAssertNil(missing[3])
        XCTAssertEqual(missing[0]?.description, #"channel "nowhere""#)
        XCTAssertEqual(missing[2]?.description, #"user "ghost" and channel "nowhere""#)
        // The kept-out rows wrote nothing (no id-only channel).
        XCTAssertEqual(try store.countsBlocking().channels, 1)
    }
}
