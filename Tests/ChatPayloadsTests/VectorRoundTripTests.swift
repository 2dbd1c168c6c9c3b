@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import XCTest

/// Issue 5's round trips over every payload of the interop set (Tests/Vectors):
/// - every payload valid under `strict` (real RFC 3339 dates, UUIDs, URIs) decodes; its canonical
///   form `encode(decode(p))` is a fixed point (decoding and re-encoding it gives the same bytes);
///   and model -> record -> model gives an equal model, also through the record's JSON form;
/// - every payload valid under `standard` either decodes the same way or is refused with a
///   located error (the published schemas accept e.g. `"updated": "yesterday"`, no decoder does).
final class VectorRoundTripTests: XCTestCase {
    typealias Any_ = AnyJSONCustomData

    static var vectors: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors")
    }

    /// The data of every test in `profile/name.json` whose expected verdict is valid.
    func validPayloads(_ profile: String, _ name: String) throws -> [(String, JSONValue)] {
        let url = Self.vectors.appendingPathComponent("\(profile)/\(name).json")
        let doc = try JSONParser.parse(Array(try Data(contentsOf: url)))
        var out: [(String, JSONValue)] = []
        for group in doc.root.arrayValue ?? [] {
            for test in group["tests"]?.arrayValue ?? [] where test["valid"]?.boolValue == true {
                out.append((test["description"]?.stringValue ?? "?", test["data"] ?? .null))
            }
        }
        return out
    }

    /// Decodes, checks the canonical fixed point and the record round trip; returns false when
    /// the decoder refused the payload (after checking the refusal is located).
    func roundTrip<M: ChatPayloadCodable & Equatable>(
        _ type: M.Type, _ payload: JSONValue, _ description: String, mustDecode: Bool,
        record: (M) throws -> M
    ) throws -> Bool {
        let bytes = JSONWriter.bytes(payload, options: .pretty)
        let model: M
        do {
            model = try M.decode(bytes: bytes)
        } catch {
            XCTAssertFalse(mustDecode, "\(description): a strict-valid payload was refused: \(error)")
            XCTAssertNotNil(error.location, "\(description): refusal without a location: \(error)")
            return false
        }
        let canonical = try model.canonicalBytes()
        let again = try M.decode(bytes: canonical, options: .native)
        XCTAssertEqual(try again.canonicalBytes(), canonical, "\(description): canonical form is not a fixed point")
        XCTAssertEqual(try record(model), model, "\(description): model -> record -> model changed the model")
        return true
    }

    func check(profile: String, mustDecode: Bool) throws -> (decoded: Int, refused: Int) {
        var decoded = 0, refused = 0
        func count(_ ok: Bool) { if ok { decoded += 1 } else { refused += 1 } }
        for (d, p) in try validPayloads(profile, "user") {
            count(try roundTrip(ChatUser<Any_>.self, p, "user: " + d, mustDecode: mustDecode) { m in
                let viaJSON = try UserRecord.decode(bytes: try UserRecord(m).canonicalBytes())
                XCTAssertEqual(try viaJSON.model(as: Any_.self), m, "user record JSON form")
                return try UserRecord(m).model(as: Any_.self)
            })
        }
        for (d, p) in try validPayloads(profile, "channel") {
            count(try roundTrip(ChatChannel<Any_>.self, p, "channel: " + d, mustDecode: mustDecode) { m in
                let viaJSON = try ChannelRecord.decode(bytes: try ChannelRecord(m).canonicalBytes())
                XCTAssertEqual(try viaJSON.model(as: Any_.self), m, "channel record JSON form")
                return try ChannelRecord(m).model(as: Any_.self)
            })
        }
        for (d, p) in try validPayloads(profile, "member") {
            count(try roundTrip(ChatMember<Any_>.self, p, "member: " + d, mustDecode: mustDecode) { m in
                let (member, user, channel) = try m.records()
                return try member.model(as: Any_.self, user: user, channel: channel)
            })
        }
        for (d, p) in try validPayloads(profile, "message") {
            count(try roundTrip(ChatMessagePayload<Any_>.self, p, "message: " + d, mustDecode: mustDecode) { m in
                let message = ChatMessage<Any_>(timetoken: 17_000_000_000_000_000, payload: m, userId: "u", channelId: "c")
                let rebuilt = try MessageRecord(message).model(as: Any_.self)
                XCTAssertEqual(rebuilt, message, "message record round trip")
                return rebuilt.payload
            })
        }
        for (d, p) in try validPayloads(profile, "message-action") {
            count(try roundTrip(ChatMessageAction<Any_>.self, p, "message-action: " + d, mustDecode: mustDecode) { m in
                // The record keeps the author as its own record (the store's relationship).
                try MessageActionRecord(m).model(as: Any_.self, user: try m.user.map { try UserRecord($0) })
            })
        }
        return (decoded, refused)
    }

    func testEveryStrictValidVectorRoundTrips() throws {
        let (decoded, refused) = try check(profile: "strict", mustDecode: true)
        print("strict-valid vectors: \(decoded) round-tripped, \(refused) refused")
        XCTAssertGreaterThan(decoded, 40)
        XCTAssertEqual(refused, 0)
    }

    func testEveryStandardValidVectorRoundTripsOrIsRefusedWithALocation() throws {
        let (decoded, refused) = try check(profile: "standard", mustDecode: false)
        print("standard-valid vectors: \(decoded) round-tripped, \(refused) refused with a located error")
        XCTAssertGreaterThan(decoded, 60)
    }
}
