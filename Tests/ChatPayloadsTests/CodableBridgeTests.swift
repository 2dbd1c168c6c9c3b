@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import XCTest

final class CodableBridgeTests: XCTestCase {
    struct Sample: Codable, Equatable {
        var s: String
        var i: Int64
        var u: UInt64
        var d: Double
        var f: Float
        var b: Bool
        var o: String?
        var list: [Int8]
        var map: [String: [Bool]]
        var nested: Sample2
    }
    struct Sample2: Codable, Equatable { var x: Int }

    func testJSONValueCodersRoundTrip() throws {
        let sample = Sample(s: "é\u{0}", i: .min, u: .max, d: 0.1, f: 1.5, b: true, o: nil, list: [-128, 127], map: ["k": [true]], nested: .init(x: 1))
        let value = try JSONValueEncoder().encode(sample)
        XCTAssertEqual(value["u"], .number(JSONNumber(parsing: "18446744073709551615") ?? JSONNumber(0)))
        XCTAssertEqual(value["d"], .number(JSONNumber(parsing: "0.1") ?? JSONNumber(0)))
        XCTAssertNil(value["o"])
        XCTAssertEqual(try JSONValueDecoder().decode(Sample.self, from: value), sample)
    }

    func testDecoderIsExactAboutIntegers() {
        struct I: Codable { var v: Int8 }
        XCTAssertThrowsError(try JSONValueDecoder().decodeLocated(I.self, from: ["v": 300])) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/v")
        }
        XCTAssertThrowsError(try JSONValueDecoder().decodeLocated(I.self, from: ["v": 1.5]))
        XCTAssertThrowsError(try JSONValueDecoder().decodeLocated(I.self, from: [:])) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .missingField)
        }
        XCTAssertThrowsError(try JSONValueDecoder().decodeLocated([I].self, from: [["v": 1], ["v": "x"]])) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/1/v")
        }
    }

    func testEncoderRejectsNonFiniteNumbers() {
        struct D: Codable { var d: Double }
        XCTAssertThrowsError(try JSONValueEncoder().encodeLocated(D(d: .nan))) { error in
            XCTAssertEqual((error as? ChatEncodingError)?.pointer.description, "/d")
        }
    }

    func testModelsWorkWithFoundationCoders() throws {
        let user = ChatUser<FixtureProfile>(id: "u", avatarURL: ChatURL("https://e.example/a"), updated: fixtureDate("2022-01-01T00:00:00.123Z"), custom: FixtureProfile(description: "d"))
        let data = try JSONEncoder().encode(user)
        XCTAssertEqual(try JSONDecoder().decode(ChatUser<FixtureProfile>.self, from: data), user)
        let member = ChatMember<FixtureAppData>(channel: ChatChannel(id: "c", custom: FixtureChannelTag(tag: "x")), user: user)
        XCTAssertEqual(try JSONDecoder().decode(ChatMember<FixtureAppData>.self, from: try JSONEncoder().encode(member)), member)
        let bad = Data(#"{"id":"u","updated":"yesterday"}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(PubNubChatUser.self, from: bad)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["updated"])
        }
    }

    func testModelsWorkWithJSONValueCoders() throws {
        let payload = try ChatMessagePayload<AnyJSONCustomData>.decode(text: #"{"id":"m","text":"t","content":{"n":12345678901234567890.5},"createdAt":"2022-01-01T00:00:00.000Z"}"#)
        let value = try JSONValueEncoder().encode([payload])
        XCTAssertEqual(value[0]?["content"]?["n"], .number(JSONNumber(parsing: "12345678901234567890.5") ?? JSONNumber(0)), "exact through our coders")
        XCTAssertEqual(try JSONValueDecoder().decode([ChatMessagePayload<AnyJSONCustomData>].self, from: value), [payload])
    }

    func testCodableJSONWithFoundation() throws {
        let value: JSONValue = ["a": [1, "x", nil, true], "b": 2.5]
        let data = try JSONEncoder().encode(CodableJSON(value))
        XCTAssertEqual(try JSONDecoder().decode(CodableJSON.self, from: data).value, value)
    }
}
