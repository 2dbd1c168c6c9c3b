import ChatPayloads
import Foundation
import JSONCore
import XCTest
import TestSupport

// Shared fixtures for the model, codec, patch and record tests.

/// A flat user custom type through the Codable bridge.
struct FixtureProfile: UserCustomData, Codable {
    var description: String?
    var level: Int?
    init() {}
    init(description: String?, level: Int? = nil) {
        self.description = description
        self.level = level
    }
}

/// A nested message content type through the Codable bridge.
struct FixtureImageContent: MessageContentData, Codable {
    struct Size: Codable, Hashable, Sendable {
        var width: Int
        var height: Int
    }
    var url: String = ""
    var sizes: [Size] = []
    var caption: String?
    init() {}
    init(url: String, sizes: [Size], caption: String? = nil) {
        self.url = url
        self.sizes = sizes
        self.caption = caption
    }
}

/// A custom type whose decoding fails on a wrong `age`.
struct FixtureStrictAge: UserCustomData, MemberCustomData, Codable {
    var age: Int = 0
    init() {}
}

/// A hand-written channel custom type (no Codable).
struct FixtureChannelTag: ChannelCustomData {
    var tag: String
    init() { tag = "" }
    init(tag: String) { self.tag = tag }
    init(json: JSONObject) throws(ChatDecodingError) {
        guard let value = json["tag"] else {
            tag = ""
            return
        }
        guard case .string(let s) = value else {
            throw ChatDecodingError(.typeMismatch, at: JSONPointer(tokens: ["tag"]), "expected a string tag")
        }
        tag = s
    }
    func encodeJSON() throws(ChatEncodingError) -> JSONObject {
        tag.isEmpty ? JSONObject() : JSONObject([JSONObject.Member(key: "tag", value: .string(tag))])
    }
}

/// An app bundle mixing custom types.
enum FixtureAppData: ChatCustomData {
    typealias User = FixtureProfile
    typealias Channel = FixtureChannelTag
    typealias MessageContent = FixtureImageContent
    typealias Message = AnyJSONCustomData
}

/// Parses JSON text in tests.
func fixtureJSON(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    do {
        return try JSONParser.parse(text).root
    } catch {
        XCTFail("bad test JSON: \(error)", file: file, line: line)
        return .null
    }
}

/// Canonical text of a value.
func fixtureCanonical(_ value: JSONValue) -> String { JSONWriter.string(value, options: .canonical) }

/// A timestamp from native text (fails the test when invalid).
func fixtureDate(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ChatTimestamp {
    guard let t = ChatTimestamp(parsing: text) else {
        XCTFail("bad test date \(text)", file: file, line: line)
        return .unixEpoch
    }
    return t
}

/// Reads a fixture file from the shared reference examples.
/// A missing example fails the test: it is our own data (`../shared` beside the checkout), not an
/// optional tool.
func fixtureReferenceExample(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
    let url = TestPaths.shared.appendingPathComponent("reference/payload-schemas/examples/\(name)")
    guard let data = FileManager.default.contents(atPath: url.path) else {
        XCTFail("reference example \(url.path) not found: put ../shared beside the checkout", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    return Array(data)
}

/// Generates payloads in canonical shape.
struct FixtureGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    static let alphabet: [String] = [
        "a", "b", "Z", "0", "-", "_", " ", "é", "e\u{301}", "ß", "日", "本", "👍", "❤️", "🔥", "\"", "\\", "/", "\n", "\t",
        "\u{01}", "\u{7F}", "\u{2028}", "ﬁ", "Å", "𝔸",
    ]

    mutating func string(max: Int = 12) -> String {
        var s = ""
        for _ in 0..<int(0...max) { s += FixtureGenerator.alphabet[int(0...FixtureGenerator.alphabet.count - 1)] }
        return s
    }

    mutating func id() -> String { "id-" + String(UInt32.random(in: 0...UInt32.max, using: &rng), radix: 16) }

    mutating func url() -> String {
        ["https://example.com/a.png", "https://randomuser.me/api/portraits/men/\(int(1...99)).jpg",
         "http://例え.jp/画像?q=1&s=2#f", "https://www.gravatar.com/avatar/149e60f3?s=256&d=identicon"][int(0...3)]
    }

    /// A native-form date (`yyyy-MM-ddTHH:mm:ss.SSSZ`).
    mutating func nativeDate() -> String {
        let seconds = Int64.random(in: -2_000_000_000...4_000_000_000, using: &rng)
        let millis = int(0...999)
        return ChatTimestamp(epochSeconds: seconds, nanoseconds: millis * 1_000_000)?.nativeString ?? "2020-01-01T00:00:00.000Z"
    }

    /// A date in another RFC 3339 form (offsets, other fraction lengths, lowercase).
    mutating func otherDate() -> String {
        let forms = ["2020-09-23T09:23:34.598494Z", "2020-09-23T11:23:34+02:00", "2020-09-23t09:23:34.5z",
                     "1999-12-31T23:59:60Z", "2021-03-04T05:06:07.123456789123-05:30", "2020-09-23T09:23:34Z"]
        return forms[int(0...forms.count - 1)]
    }

    mutating func scalar() -> JSONValue {
        switch int(0...4) {
        case 0: return .string(string())
        case 1: return .number(JSONNumber(Int64.random(in: Int64.min...Int64.max, using: &rng)))
        case 2: return .number(JSONNumber(parsing: "\(int(-999...999)).\(int(1...99))e\(int(-30...30))") ?? JSONNumber(1))
        case 3: return .bool(bool())
        default: return .number(JSONNumber(parsing: "123456789012345678901234567890") ?? JSONNumber(0))
        }
    }

    mutating func flatObject(maxCount: Int = 4) -> JSONValue {
        var members: [JSONObject.Member] = []
        for i in 0..<int(0...maxCount) { members.append(.init(key: "k\(i)" + string(max: 3), value: scalar())) }
        return .object(JSONObject(members))
    }

    mutating func anyValue(depth: Int = 0) -> JSONValue {
        if depth > 2 { return scalar() }
        switch int(0...3) {
        case 0: return .array((0..<int(0...3)).map { _ in anyValue(depth: depth + 1) })
        case 1:
            var members: [JSONObject.Member] = []
            for i in 0..<int(0...3) { members.append(.init(key: "n\(i)" + string(max: 2), value: anyValue(depth: depth + 1))) }
            return .object(JSONObject(members))
        case 2: return .null
        default: return scalar()
        }
    }

    mutating func nestedObject() -> JSONValue {
        var members: [JSONObject.Member] = []
        for i in 0..<int(0...4) { members.append(.init(key: "m\(i)" + string(max: 3), value: anyValue())) }
        return .object(JSONObject(members))
    }

    mutating func user(nativeDates: Bool = true) -> JSONValue {
        var m: [JSONObject.Member] = [.init(key: "id", value: .string(id()))]
        if bool() { m.append(.init(key: "name", value: .string(string()))) }
        m.append(.init(key: "type", value: .string(["default", "admin", "moderator", string()][int(0...3)])))
        if bool() { m.append(.init(key: "status", value: .string(["default", "deleted"][int(0...1)]))) }
        if bool() { m.append(.init(key: "externalId", value: .string(string()))) }
        if bool() { m.append(.init(key: "profileUrl", value: .string(url()))) }
        if bool() { m.append(.init(key: "email", value: .string(string() + "@example.com"))) }
        let date = nativeDates ? nativeDate() : otherDate()
        if bool() { m.append(.init(key: "updated", value: .string(date))) }
        if bool() { m.append(.init(key: "eTag", value: .string(string()))) }
        m.append(.init(key: "custom", value: flatObject()))
        return .object(JSONObject(m))
    }

    mutating func channel(nativeDates: Bool = true) -> JSONValue {
        var m: [JSONObject.Member] = [.init(key: "id", value: .string(id()))]
        if bool() { m.append(.init(key: "name", value: .string(string()))) }
        if bool() { m.append(.init(key: "description", value: .string(string()))) }
        m.append(.init(key: "type", value: .string(["default", "group", "direct"][int(0...2)])))
        if bool() { m.append(.init(key: "status", value: .string(string()))) }
        var custom = flatObject().objectValue ?? JSONObject()
        if bool() { custom = custom.setting("profileUrl", to: .string(url())) }
        m.append(.init(key: "custom", value: .object(custom)))
        if bool() { m.append(.init(key: "eTag", value: .string(string()))) }
        let date = nativeDates ? nativeDate() : otherDate()
        if bool() { m.append(.init(key: "updated", value: .string(date))) }
        return .object(JSONObject(m))
    }

    mutating func member(nativeDates: Bool = true) -> JSONValue {
        var m: [JSONObject.Member] = [
            .init(key: "uuid", value: user(nativeDates: nativeDates)),
            .init(key: "channel", value: channel(nativeDates: nativeDates)),
        ]
        if bool() { m.append(.init(key: "status", value: .string(string()))) }
        m.append(.init(key: "custom", value: flatObject()))
        if bool() { m.append(.init(key: "updated", value: .string(nativeDates ? nativeDate() : otherDate()))) }
        if bool() { m.append(.init(key: "eTag", value: .string(string()))) }
        return .object(JSONObject(m))
    }

    mutating func messagePayload(nativeDates: Bool = true) -> JSONValue {
        var m: [JSONObject.Member] = [
            .init(key: "id", value: .string(FixtureUUIDText.random(using: &rng))),
            .init(key: "text", value: .string(string(max: 30))),
        ]
        if bool() { m.append(.init(key: "contentType", value: .string(["text", "externalUrl", "imageUrl", "none"][int(0...3)]))) }
        m.append(.init(key: "content", value: nestedObject()))
        m.append(.init(key: "custom", value: nestedObject()))
        m.append(.init(key: "createdAt", value: .string(nativeDates ? nativeDate() : otherDate())))
        return .object(JSONObject(m))
    }

    mutating func timetoken() -> Int64 { Int64.random(in: 15_000_000_000_000_000...17_999_999_999_999_999, using: &rng) }

    mutating func messageAction(userId: String? = nil, channelId: String? = nil, parent: Int64? = nil) -> JSONValue {
        var m: [JSONObject.Member] = [
            .init(key: "actionTimetoken", value: .number(JSONNumber(timetoken()))),
            .init(key: "parentTimetoken", value: .number(JSONNumber(parent ?? timetoken()))),
            .init(key: "sourceType", value: "reaction"),
            .init(key: "value", value: .string(ChatMessageAction<VoidCustomData>.defaultReactions[int(0...5)])),
            .init(key: "pubnubUserId", value: .string(userId ?? id())),
            .init(key: "pubnubChannelId", value: .string(channelId ?? id())),
        ]
        if bool() { m.append(.init(key: "userModel", value: withId(user(), m[4].value))) }
        return .object(JSONObject(m))
    }

    /// `object` with its `id` replaced (related models match the ids they sit next to).
    func withId(_ object: JSONValue, _ id: JSONValue) -> JSONValue {
        .object((object.objectValue ?? JSONObject()).setting("id", to: id))
    }

    mutating func message() -> JSONValue {
        let tt = timetoken()
        let channelId = id()
        let userId = id()
        var m: [JSONObject.Member] = [
            .init(key: "timetoken", value: .number(JSONNumber(tt))),
            .init(key: "content", value: messagePayload()),
            .init(key: "pubnubUserId", value: .string(userId)),
            .init(key: "pubnubChannelId", value: .string(channelId)),
        ]
        if bool() { m.append(.init(key: "userModel", value: withId(user(), .string(userId)))) }
        if bool() { m.append(.init(key: "channelModel", value: withId(channel(), .string(channelId)))) }
        m.append(.init(key: "messageActions", value: .array((0..<int(0...3)).map { _ in messageAction(channelId: channelId, parent: tt) })))
        return .object(JSONObject(m))
    }
}

/// Random v4-style UUID text, upper- or lowercase (iOS and JavaScript differ).
enum FixtureUUIDText {
    static func random(using rng: inout SplitMix64) -> String {
        let hex = Array("0123456789abcdef")
        var s = ""
        for i in 0..<32 {
            if [8, 12, 16, 20].contains(i) { s += "-" }
            s.append(hex[Int(rng.next() % 16)])
        }
        return Bool.random(using: &rng) ? s.uppercased() : s
    }
}
