@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class PatchEnvelopeTests: XCTestCase {
    typealias Envelope = PatchEnvelope<AnyJSONCustomData>

    func testSetEventsCarryPatchers() throws {
        let user = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u","name":"N","updated":"2022-01-01T00:00:00.000Z","eTag":"E"}}"#)
        guard case .userSet(let p) = user.change else { return XCTFail("\(user.change)") }
        XCTAssertEqual(p.name, .set("N"))
        XCTAssertEqual(user.event, .set)
        XCTAssertEqual(user.objectType, .uuid)
        XCTAssertEqual(user.source, "objects")

        let channel = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"set","type":"channel","data":{"id":"c","description":null,"updated":"2022-01-01T00:00:00.000Z","eTag":"E"}}"#)
        guard case .channelSet(let cp) = channel.change else { return XCTFail("\(channel.change)") }
        XCTAssertEqual(cp.details, .cleared)

        let membership = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"set","type":"membership","data":{"uuid":{"id":"u"},"channel":{"id":"c"},"status":"s","updated":"2022-01-01T00:00:00.000Z","eTag":"E"}}"#)
        guard case .membershipSet(let mp) = membership.change else { return XCTFail("\(membership.change)") }
        XCTAssertEqual(mp.id, "c:u")
        XCTAssertEqual(mp.status, .set("s"))
    }

    func testDeleteEventsCarryObjects() throws {
        let user = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"delete","type":"uuid","data":{"id":"u"}}"#)
        XCTAssertEqual(user.change, .userDelete(ChatUser(id: "u")))
        let channel = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"delete","type":"channel","data":{"id":"c"}}"#)
        XCTAssertEqual(channel.change, .channelDelete(ChatChannel(id: "c")))
        let member = try Envelope.decode(text: #"{"source":"objects","version":"2.0","event":"delete","type":"membership","data":{"uuid":{"id":"u"},"channel":{"id":"c"}}}"#)
        guard case .membershipDelete(let m) = member.change else { return XCTFail("\(member.change)") }
        XCTAssertEqual(m.id, "c:u")
        XCTAssertEqual(member.event, .delete)
        XCTAssertEqual(member.objectType, .membership)
    }

    func testEnvelopesRoundTrip() throws {
        for text in [
            #"{"data":{"eTag":"E","id":"u","updated":"2022-01-01T00:00:00.000Z"},"event":"set","source":"objects","type":"uuid","version":"2.0"}"#,
            #"{"data":{"custom":{},"id":"c","type":"default"},"event":"delete","source":"objects","type":"channel","version":"2.0"}"#,
        ] {
            XCTAssertEqual(try Envelope.decode(text: text).canonicalString(), text)
        }
    }

    func testMalformedEnvelopesAreLocated() {
        for (text, pointer) in [
            (#"{"version":"1.0","event":"set","type":"uuid","data":{}}"#, "/version"),
            (#"{"version":"2.0","event":"update","type":"uuid","data":{}}"#, "/event"),
            (#"{"version":"2.0","event":"set","type":"space","data":{}}"#, "/type"),
            (#"{"version":"2.0","event":"set","type":"uuid"}"#, "/data"),
            (#"{"version":"2.0","event":"set","type":"uuid","data":{"id":"u","eTag":"E"}}"#, "/data/updated"),
            (#"{"version":"2.0","event":"delete","type":"membership","data":{"uuid":{"id":"u"}}}"#, "/data/channel"),
        ] {
            XCTAssertThrowsError(try Envelope.decode(text: text), text) { error in
                XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, pointer, text)
            }
        }
    }
}
