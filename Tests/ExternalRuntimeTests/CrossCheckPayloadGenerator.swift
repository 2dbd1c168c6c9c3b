import TestSupport

/// A seeded generator of chat payloads for ``ExportedSchemaCrossCheckTests``: a plausible payload
/// of a schema, then up to three mutations aimed at the profiles' rules (dates, URLs, e-mails,
/// UUIDs, non-object entities, unknown keys, nulls, missing fields, timetoken bounds, unicode).
/// The same seed gives the same payloads. Payloads are compact JSON on one line, with no
/// duplicate keys (a parser option, not a schema rule) and no number a double cannot hold exactly
/// unless it is an integer token (python reads integers exactly).
struct PayloadGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A JSON value, written as it should appear.
    indirect enum Value {
        case raw(String)
        case string(String)
        case object([(String, Value)])
        case array([Value])

        var text: String {
            switch self {
            case .raw(let t): return t
            case .string(let s): return Self.quoted(s)
            case .object(let members): return "{" + members.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
            }
        }

        static func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
    }

    // MARK: Pools

    static let validDates = [
        "2024-03-05T10:00:00.000Z", "2022-05-16T09:34:40.123Z", "2023-01-01T00:00:00Z", "2023-06-30T12:34:56.789012Z",
        "2024-02-29T23:59:59.999999999Z", "2016-12-31T23:59:60Z", "2016-12-31T23:59:60.5Z", "2016-12-31T18:29:60-05:30",
        "2017-01-01T05:29:60+05:30", "2017-01-01T00:00:60+00:01", "2016-12-31T00:00:60-23:59", "2017-01-01T22:59:60+23:00",
        "2016-12-31T23:59:60-00:00", "2016-12-31T23:59:60+00:00", "2023-03-01t10:00:00z", "2023-03-01T10:00:00+05:30",
        "2023-03-01T10:00:00-08:00", "2000-02-29T00:00:00Z", "0000-01-01T00:00:00Z", "0000-01-01T01:00:00+01:00",
        "0000-01-01T00:59:60+01:00", "0000-01-01T12:00:00-12:00", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999999999Z",
        "9999-12-31T22:59:59-01:00", "9999-12-31T23:59:59+01:00", "9999-12-31T00:59:60+01:00", "1970-01-01T00:00:00Z",
        "2023-12-31T23:59:59.1234567891234Z", "0001-01-01T00:00:00+23:59", "2023-10-10T23:30:00+23:59",
    ]
    static let invalidDates = [
        "not-a-date", "", " ", "2023-01-01", "2023-01-01T00:00:00", "2023-01-01 00:00:00Z", "2023-13-01T00:00:00Z",
        "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2023-04-31T00:00:00Z", "2023-01-01T24:00:00Z", "2023-01-01T23:60:00Z",
        "2023-01-01T23:59:61Z", "2016-12-31T23:59:60+01:00", "2016-12-31T22:59:60Z", "2016-12-31T23:58:60Z",
        "2016-12-31T23:59:60-01:00", "2023-01-01T00:00:00.Z", "2023-01-01T00:00:00+5:30", "2023-01-01T00:00:00+24:00",
        "2023-01-01T00:00:00+05:60", "2023-01-01T00:00:00+0530", "0000-01-01T00:00:00+00:01", "0000-01-01T00:30:00+01:00",
        "0000-01-01T00:59:59+01:00", "9999-12-31T23:00:00-01:00", "9999-12-31T23:59:60Z", "9999-12-31T23:59:60-00:00",
        "9999-12-31T12:00:00-12:00", "2023-01-01T00:00:00Z\n", "\n2023-01-01T00:00:00Z", "2023-01-01T00:00:00ZZ",
        "２０２３-01-01T00:00:00Z", "2023-01-01T00:00:00\u{FF3A}", "+2023-01-01T00:00:00Z", "10000-01-01T00:00:00Z",
        "2023-1-01T00:00:00Z", "2023-01-01T00:00:00,5Z", "0000-01-01T00:00:00+23:59", "9999-12-31T00:01:00-23:59",
    ]
    static let validURLs = [
        "https://cdn.example.org/avatars/ana-lima.png", "http://a.b/c?d=e#f", "/boat-1.png", "boat.png", "", "./x/../y",
        "https://example.com:8080/path;p?q=1&r=2#frag", "mailto:ana@example.org", "urn:isbn:0451450523", "a:b",
        "//cdn.example.org/x.png", "https://[::1]:443/x", "http://[2001:db8::7]/", "http://[v7.fe:80]/", "https://user:pw@host/",
        "https://例え.jp/パス", "https://example.com/%E2%9C%93", "?only=query", "#only-fragment", "https://x/?q=\u{E000}",
        "https://example.com/😀", "ftp://ftp.example.org/file.txt", "https://h:/", "http://1.2.3.4:80/", "x+y.z-w:rest",
        "https://[::ffff:1.2.3.4]/", "https://a/b:c@d", "http://%41/", "s://h?#", "https://ex.com/a?b?c#d?e/f",
    ]
    static let invalidURLs = [
        "not a url", "https://exa mple.com", "http://a:b:c", "http://[::1", "http://[::1]x", "http://[1.2.3.4]/",
        "http://[::g]/", "https://ex.com/%zz", "https://ex.com/%4", ":nothing", "1http://x", "http://a@b@c", "a b",
        "https://ex.com/\u{7F}", "https://ex.com/<>", "https://ex.com/\"", "https://ex.com/{x}", "https://ex.com/a#b#c",
        "https://x/#\u{E000}", "https://x/\u{FFFE}", "http://h:8o/", "http://[v.x]/", "http://[vz.x]/", "\\\\server\\share",
        "https://x/\n", "//[::1]:x/", "https://ex.com/|", "http://[:::1]/", "http://[1::2::3]/", "http://[1:2:3:4:5:6:7:8:9]/",
    ]
    static let validEmails = [
        "ana@example.org", "a.b+c@sub.example.co.uk", "\"quoted name\"@example.org", "\"a@b\"@example.org",
        "user@[192.168.0.1]", "user@[IPv6:2001:db8::1]", "x@localhost", "!#$%&'*+/=?^_`{|}~-@example.org",
        "\"\\\"esc\"@example.org", "user@xn--bcher-kva.example", "user@a-b.c-d", String(repeating: "a", count: 64) + "@example.org",
        "u@" + String(repeating: "a", count: 63) + ".org", "\"" + String(repeating: "q", count: 62) + "\"@example.org",
    ]
    static let invalidEmails = [
        "not-an-email", "@example.org", "ana@", "ana@@example.org", "ana.@example.org", ".ana@example.org", "a..b@example.org",
        "ana@-example.org", "ana@example-.org", "ana@example..org", "ana@example.org.", "ana@exa_mple.org", "ana@ab--cd.org",
        "ana@[300.1.1.1]", "ana@[IPv6:1::2::3]", "ana@[01.1.1.1]", "ana lima@example.org", "ánä@example.org", "ana@exämple.org",
        String(repeating: "a", count: 65) + "@example.org", "u@" + String(repeating: "a", count: 64) + ".org",
        "\"" + String(repeating: "q", count: 63) + "\"@example.org", "\"unclosed@example.org", "ana@example.org\n",
        "u@" + Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: ".") + ".org",
    ]
    static let validUUIDs = ["5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C11", "5c9e9f0e-8f3b-4c4a-9d2b-1b6a4f0e2c11", "00000000-0000-0000-0000-000000000000", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"]
    static let invalidUUIDs = ["m2", "", "5C9E9F0E8F3B4C4A9D2B1B6A4F0E2C11", "{5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C11}", "urn:uuid:5c9e9f0e-8f3b-4c4a-9d2b-1b6a4f0e2c11", "5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C1G", "5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C11\n", "5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C1"]
    static let texts = ["", "Hello", "héllo wörld", "😀👍🏽", "مرحبا", "שלום", "日本語", "a\u{0301}", "line\nbreak", "tab\t", "nul\u{0}", "\u{FEFF}bom", String(repeating: "x", count: 300), "\"quoted\"", "back\\slash"]
    static let timetokens = ["17000000000000000", "10000000000000000", "99999999999999999", "9999999999999999", "100000000000000000", "0", "-17000000000000000", "1700000.5", "1.7e16", "1e16", "1e17", "1.0e16", "\"17000000000000000\"", "null", "true", "17000000000000001"]
    static let oddValues: [Value] = [.raw("null"), .raw("true"), .raw("false"), .raw("0"), .raw("-1"), .raw("1.5"), .raw("1e3"), .raw("[]"), .raw("{}"), .raw("[\"a\"]"), .string(""), .string("x"), .raw("{\"a\":{\"b\":1}}"), .raw("[{}]"), .raw("123456789012345678901234567890")]

    // MARK: Payloads

    mutating func string(from pools: [[String]]) -> Value { .string(pick(pick(pools))) }

    mutating func date() -> Value { chance(65) ? string(from: [Self.validDates]) : string(from: [Self.invalidDates]) }
    mutating func url() -> Value { chance(60) ? string(from: [Self.validURLs]) : string(from: [Self.invalidURLs]) }
    mutating func email() -> Value { chance(60) ? string(from: [Self.validEmails]) : string(from: [Self.invalidEmails]) }
    mutating func uuid() -> Value { chance(60) ? string(from: [Self.validUUIDs]) : string(from: [Self.invalidUUIDs, Self.texts]) }
    mutating func text() -> Value { .string(pick(Self.texts)) }

    mutating func flatCustom(extra: [(String, Value)] = []) -> Value {
        var members = extra
        for key in ["a", "b", "c"].prefix(below(4)) {
            members.append((key, pick([.string(pick(Self.texts)), .raw("42"), .raw("-0.5"), .raw("true"), .raw("null"), .raw("{\"n\":1}"), .raw("[1]")])))
        }
        return .object(members)
    }

    mutating func user() -> [(String, Value)] {
        var m: [(String, Value)] = [("id", .string(pick(["user-1", "ana", "u-😀", "USER_2"])))]
        if chance(85) { m.append(("type", .string(pick(["default", "admin", ""])))) }
        if chance(60) { m.append(("name", text())) }
        if chance(50) { m.append(("email", email())) }
        if chance(30) { m.append(("externalId", text())) }
        if chance(60) { m.append(("profileUrl", url())) }
        if chance(40) { m.append(("status", .string(pick(["default", "deleted"])))) }
        if chance(40) { m.append(("custom", flatCustom(extra: chance(30) ? [("description", text())] : []))) }
        if chance(40) { m.append(("eTag", .string("AbC123"))) }
        if chance(70) { m.append(("updated", chance(10) ? .string("") : date())) }
        return m
    }

    mutating func channel() -> [(String, Value)] {
        var m: [(String, Value)] = [("id", .string(pick(["channel-1", "group.chat", "c-日本"])))]
        if chance(85) { m.append(("type", .string(pick(["default", "group", "direct"])))) }
        if chance(60) { m.append(("name", text())) }
        if chance(40) { m.append(("description", text())) }
        if chance(40) { m.append(("status", .string("default"))) }
        if chance(60) { m.append(("custom", flatCustom(extra: chance(70) ? [("profileUrl", url())] : []))) }
        if chance(40) { m.append(("eTag", .string("e1"))) }
        if chance(70) { m.append(("updated", chance(10) ? .string("") : date())) }
        return m
    }

    mutating func message() -> [(String, Value)] {
        var m: [(String, Value)] = [("id", uuid()), ("text", text()), ("createdAt", date())]
        if chance(40) { m.append(("contentType", .string(pick(["imageUrl", "externalUrl", "poll"])))) }
        if chance(40) { m.append(("content", pick([.raw("{}"), .raw("{\"url\":\"https://x/y.png\",\"size\":{\"w\":1}}"), .raw("{\"a\":[1,{\"b\":null}]}")]))) }
        if chance(30) { m.append(("custom", pick([.raw("{}"), .raw("{\"nested\":{\"ok\":true}}"), .raw("{\"list\":[1,2]}")]))) }
        if chance(5) { m.append(("type", .string("text"))) }
        return m
    }

    mutating func member() -> [(String, Value)] {
        var m: [(String, Value)] = [("uuid", chance(95) ? .object(user()) : pick(Self.oddValues)), ("channel", chance(95) ? .object(channel()) : pick(Self.oddValues))]
        if chance(40) { m.append(("status", .string(pick(["joined", "pending"])))) }
        if chance(40) { m.append(("custom", flatCustom())) }
        if chance(60) { m.append(("updated", chance(10) ? .string("") : date())) }
        if chance(30) { m.append(("eTag", .string("m1"))) }
        if chance(5) { m.append(("id", .string("c:u"))) }
        return m
    }

    mutating func messageAction() -> [(String, Value)] {
        func token(_ g: inout PayloadGenerator) -> Value { g.chance(75) ? .raw(String(10_000_000_000_000_000 + Int64(g.below(89_999_999)) * 1_000_000_000 + Int64(g.below(1_000_000_000)))) : .raw(g.pick(Self.timetokens)) }
        return [
            ("sourceType", .string(pick(["reaction", "edited", "deleted"]))), ("value", .string(pick(["👍", "❤️", "x", ""]))),
            ("parentTimetoken", token(&self)), ("actionTimetoken", token(&self)),
            ("pubnubUserId", .string("user-1")), ("pubnubChannelId", .string("channel-1")),
        ]
    }

    /// The fields of a plausible payload of `schema`.
    mutating func fields(for schema: String) -> [(String, Value)] {
        switch schema {
        case "user", "react-user": return user()
        case "channel", "react-channel": return channel()
        case "message", "react-message": return message()
        case "member": return member()
        default: return messageAction()
        }
    }

    /// The value a mutation writes into field `key`.
    mutating func mutatedValue(for key: String) -> Value {
        if chance(20) { return pick(Self.oddValues) }
        switch key {
        case "updated", "createdAt": return date()
        case "profileUrl": return url()
        case "email": return email()
        case "id": return chance(50) ? uuid() : text()
        case "custom": return chance(50) ? flatCustom() : pick(Self.oddValues)
        case "parentTimetoken", "actionTimetoken": return .raw(pick(Self.timetokens))
        default: return chance(50) ? text() : pick(Self.oddValues)
        }
    }

    /// One payload of `schema` (compact JSON).
    mutating func payload(for schema: String) -> String {
        if chance(3) { return pick(Self.oddValues + [.string("typing_on"), .raw("[{\"id\":\"x\"}]")]).text }
        var members = fields(for: schema)
        for _ in 0..<below(4) {
            guard !members.isEmpty else { break }
            switch below(7) {
            case 0, 1, 2:
                // Change a field (or a nested entity's field).
                let i = below(members.count)
                if case .object(var inner) = members[i].1, !inner.isEmpty, chance(50) {
                    let j = below(inner.count)
                    inner[j].1 = mutatedValue(for: inner[j].0)
                    members[i].1 = .object(inner)
                } else {
                    members[i].1 = mutatedValue(for: members[i].0)
                }
            case 3:
                members.remove(at: below(members.count))
            case 4:
                let key = pick(["extra", "presence", "x-y", "ünïcode", "", "__proto__", "timetoken"])
                if !members.contains(where: { $0.0 == key }) { members.append((key, pick(Self.oddValues + [text()]))) }
            case 5:
                // Null for a field (the compat profile's unset value).
                let i = below(members.count)
                members[i].1 = .raw("null")
            default:
                if let i = members.firstIndex(where: { $0.0 == "custom" }) { members[i].1 = pick([.raw("{\"deep\":{\"x\":1}}"), .raw("{\"arr\":[1]}"), .raw("{\"n\":null}"), .raw("[]"), .raw("\"s\"")]) }
            }
        }
        return Value.object(members).text
    }
}
