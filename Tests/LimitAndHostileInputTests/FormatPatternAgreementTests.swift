import ECMARegex
import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator
import XCTest
@testable import ChatPayloads
import TestSupport

/// Issue 38, "One verdict everywhere": the patterns an exported schema carries (``FormatPatterns``,
/// ``DecodableFields/Check/pattern``) accept exactly what the checkers `validate` asserts accept,
/// read as ECMA-262 (unicode mode) by our own engine, on seeded corpora built around each rule's
/// edges: every date, time and offset edge of RFC 3339 (leap seconds by offset, the years 0000 and
/// 9999 once the offset is applied), URI and IRI grammar pieces (schemes, authorities, IP
/// literals, percent-encodings, non-ASCII, private use), e-mail local parts and domains.
/// (python's `re` reads the same patterns in ``ExportedSchemaCrossCheckTests``.)
final class FormatPatternAgreementTests: XCTestCase {
    /// ``SplitMix64`` with the picks these corpora make.
    struct Random {
        var source: SplitMix64
        init(state: UInt64) { source = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { source.next() }
        mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// Compares `pattern` with `checker` on `inputs`; returns the disagreements.
    func disagreements(_ name: String, pattern: String, checker: (String) -> Bool, inputs: [String]) throws -> [String] {
        let regex = try ECMARegex(pattern)
        var out: [String] = []
        for input in inputs {
            let matched = regex.test(input, stepLimit: 10_000_000)
            XCTAssertNotEqual(matched, .tooExpensive, "\(name): \(input.debugDescription)")
            if (matched == .match) != checker(input) {
                out.append("\(name): pattern \(matched == .match), checker \(checker(input)): \(input.debugDescription)")
            }
        }
        return out
    }

    /// The checker's UTF-8 path (what `validate` runs on a payload's bytes).
    static func utf8(_ checker: FormatChecker) -> (String) -> Bool {
        { text in
            var copy = text
            return copy.withUTF8 { checker.check(utf8: $0) }
        }
    }

    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `n` with four digits.
    func four(_ n: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    func dateTimes() -> [String] {
        var r = Random(state: 3339)
        let dates = ["0000-01-01", "0000-01-02", "9999-12-31", "9999-12-30", "2016-12-31", "2020-02-29", "2021-02-29", "1900-02-29", "2000-02-29",
                     "2023-04-31", "2023-04-30", "2023-13-01", "2023-00-10", "2023-01-00", "2023-01-32", "2023-12-31", "1600-02-29", "1700-02-29"]
        let hours = Array(0...24), minutes = [0, 1, 29, 30, 58, 59, 60], seconds = [0, 1, 59, 60, 61]
        var result: [String] = []
        for _ in 0..<25_000 {
            let date = r.chance(90) ? r.pick(dates) : "\(four(r.below(10_000)))-\(two(1 + r.below(12)))-\(two(1 + r.below(31)))"
            let hh = r.chance(80) ? r.pick(hours) : r.below(24), mm = r.chance(80) ? r.pick(minutes) : r.below(60)
            let ss = r.chance(50) ? 60 : (r.chance(70) ? r.pick(seconds) : r.below(60))
            let fraction = r.pick(["", "", ".5", ".000", ".123456789123", "."])
            var offset: String
            switch r.below(8) {
            case 0: offset = r.pick(["Z", "z"])
            case 1: offset = r.pick(["+00:00", "-00:00", "+24:00", "+05:60", "+5:30", "+0530", "", "Z "])
            default:
                let oh = r.chance(70) ? r.pick([0, 1, 5, 11, 12, 22, 23]) : r.below(24)
                let om = r.chance(70) ? r.pick([0, 1, 29, 30, 58, 59]) : r.below(60)
                offset = "\(r.pick(["+", "-"]))\(two(oh)):\(two(om))"
            }
            var text = "\(date)\(r.pick(["T", "T", "t", " "]))\(two(hh)):\(two(mm)):\(two(ss))\(fraction)\(offset)"
            if r.chance(3) { text += r.pick(["\n", " ", "x"]) }
            if r.chance(2) { text = r.pick(["\n", " ", "+"]) + text }
            result.append(text)
        }
        // Every leap second by offset on an ordinary day and on the edge days.
        for date in ["2016-12-31", "0000-01-01", "9999-12-31"] {
            for hh in 0...23 {
                for mm in [0, 58, 59] {
                    for oh in 0...23 { for om in [0, 1, 59] { for sign in ["+", "-"] { result.append("\(date)T\(two(hh)):\(two(mm)):60\(sign)\(two(oh)):\(two(om))") } } }
                }
            }
        }
        return result
    }

    func testOneVerdict_DateTimePatternsAcceptExactlyWhatTheCheckersAccept() throws {
        let inputs = dateTimes()
        var found = try disagreements("date-time", pattern: FormatPatterns.dateTime, checker: DateTimeFormats.isDateTime, inputs: inputs)
        for check in DecodableFields.checks where check.format != DecodableFields.urlFormat {
            found += try disagreements(check.format, pattern: check.pattern, checker: check.checker.check, inputs: inputs + ["", " "])
            found += try disagreements(check.format + " (UTF-8)", pattern: check.pattern, checker: Self.utf8(check.checker), inputs: inputs + ["", " "])
        }
        for line in found.prefix(50) { print(line) }
        XCTAssertEqual(found.count, 0, found.first ?? "")
    }

    func uriLike() -> [String] {
        var r = Random(state: 3987)
        let schemes = ["https:", "http:", "a:", "x+y.z-w:", "1x:", ":", "", "", "mailto:", "urn:isbn:", "é:"]
        let hosts = ["example.com", "", "[::1]", "[2001:db8::7]", "[::ffff:1.2.3.4]", "[1::2::3]", "[v7.fe:80]", "[vz.x]", "[v.x]", "[1.2.3.4]",
                     "例え.jp", "a b", "%41", "%4", "h%zz", "1.2.3.4", "[::1", "::1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[:::1]", "[::g]"]
        let pieces = ["a", "/", "//", "?", "#", ":", "@", "%20", "%", "%g1", "é", "😀", "\u{E000}", "\u{F0000}", "\u{FFFE}", "\u{E0001}", "\u{E1000}",
                      " ", "\"", "<", "{", "|", "\\", "[", "]", "!$&'()*+,;=", "-._~", "\u{A0}", "\u{D7FE}", "\u{FDCF}", "\u{7F}", "\n", "0"]
        var result: [String] = []
        for _ in 0..<30_000 {
            var text = r.pick(schemes)
            if r.chance(60) {
                text += "//"
                if r.chance(20) { text += r.pick(["user", "u:p", "u@v", "", "é", "%41"]) + "@" }
                text += r.pick(hosts)
                if r.chance(30) { text += r.pick([":", ":80", ":8o", "::"]) }
            }
            for _ in 0..<r.below(6) { text += r.pick(pieces) }
            result.append(text)
        }
        return result
    }

    func testOneVerdict_URIPatternsAcceptExactlyWhatTheCheckersAccept() throws {
        let inputs = uriLike()
        var found = try disagreements("uri", pattern: FormatPatterns.uri, checker: URIFormats.isURI, inputs: inputs)
        found += try disagreements("uri-reference", pattern: FormatPatterns.uriReference, checker: URIFormats.isURIReference, inputs: inputs)
        found += try disagreements("iri", pattern: FormatPatterns.iri, checker: URIFormats.isIRI, inputs: inputs)
        found += try disagreements("iri-reference", pattern: FormatPatterns.iriReference, checker: URIFormats.isIRIReference, inputs: inputs)
        for check in DecodableFields.checks where check.format == DecodableFields.urlFormat {
            found += try disagreements(check.format, pattern: check.pattern, checker: check.checker.check, inputs: inputs)
            found += try disagreements(check.format + " (UTF-8)", pattern: check.pattern, checker: Self.utf8(check.checker), inputs: inputs)
        }
        let long = "https://example.com/" + String(repeating: "a/b%20c", count: 20_000)
        XCTAssertEqual(try ECMARegex(FormatPatterns.iriReference).test(long), .match, "a long URL within the default step budget")
        for line in found.prefix(50) { print(line) }
        XCTAssertEqual(found.count, 0, found.first ?? "")
    }

    func testOneVerdict_UUIDAndIPPatternsAcceptExactlyWhatTheCheckersAccept() throws {
        var r = Random(state: 4291)
        let alphabet = Array("0123456789abcdefABCDEFg:.-")
        var inputs: [String] = []
        for _ in 0..<30_000 {
            let n = r.below(40)
            inputs.append(String((0..<n).map { _ in r.pick(alphabet) }))
        }
        inputs += ["5C9E9F0E-8F3B-4C4A-9D2B-1B6A4F0E2C11", "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3.4", "1.2.3.4", "01.2.3.4", "255.255.255.255", "256.1.1.1"]
        var found = try disagreements("uuid", pattern: FormatPatterns.uuid, checker: UUIDFormat.isUUID, inputs: inputs)
        found += try disagreements("ipv4", pattern: try XCTUnwrap(FormatPatterns.exactPattern(for: "ipv4")), checker: IPFormats.isIPv4, inputs: inputs)
        found += try disagreements("ipv6", pattern: try XCTUnwrap(FormatPatterns.exactPattern(for: "ipv6")), checker: IPFormats.isIPv6, inputs: inputs)
        for line in found.prefix(50) { print(line) }
        XCTAssertEqual(found.count, 0, found.first ?? "")
    }

    func testOneVerdict_EmailPatternAgreesExceptOnALabels() throws {
        var r = Random(state: 5321)
        let locals = ["ana", "a.b", ".a", "a.", "a..b", "\"q\"", "\"a@b\"", "\"\\\"\"", "\"unclosed", "!#$%&'*+/=?^_`{|}~-", "ä", "a b", "",
                      String(repeating: "a", count: 64), String(repeating: "a", count: 65), "\"" + String(repeating: "q", count: 62) + "\"", "\"" + String(repeating: "q", count: 63) + "\""]
        let domains = ["example.org", "", "-a.org", "a-.org", "a..org", "a.org.", "ab--cd.org", "a_b.org", "exämple.org", "[192.168.0.1]", "[300.1.1.1]",
                       "[IPv6:2001:db8::1]", "[ipv6:1::2::3]", "[01.1.1.1]", String(repeating: "a", count: 63) + ".org", String(repeating: "a", count: 64) + ".org",
                       Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: "."), "localhost", "a-b.c-d", "1.2.3.4"]
        var inputs: [String] = []
        for _ in 0..<20_000 {
            var text = r.pick(locals) + r.pick(["@", "@", "@@", ""]) + r.pick(domains)
            if r.chance(5) { text += r.pick(["\n", " ", "."]) }
            inputs.append(text)
        }
        let found = try disagreements("email", pattern: try XCTUnwrap(FormatPatterns.approximatePatterns["email"]?.pattern), checker: EmailFormats.isEmail, inputs: inputs)
        for line in found.prefix(50) { print(line) }
        XCTAssertEqual(found.count, 0, found.first ?? "")
        // The documented gap: an xn-- label that does not decode passes the pattern only.
        XCTAssertEqual(try ECMARegex(FormatPatterns.email).test("a@xn--a.org"), .match)
        XCTAssertFalse(EmailFormats.isEmail("a@xn--a.org"))
    }
}

/// The exported text carries the asserted formats of an app's custom-data schema too.
final class ExportedCustomDataFormatTests: XCTestCase {
    func testOneVerdict_AssertedFormatsInCustomDataGetAPatternOrAComment() throws {
        let custom: JSONValue = ["type": "object", "properties": ["born": ["type": "string", "format": "date-time"], "site": ["type": "string", "format": "hostname"]]]
        let strict = try JSONParser.parse(BundledSchemas.resolvedText(.user, profile: .named(.strict), customData: ["user": custom])).root
        let defs = try XCTUnwrap(strict["$defs"]?.objectValue)
        let data = try XCTUnwrap(defs["generated/custom-data/user.json"])
        XCTAssertEqual(data["properties"]?["born"]?["allOf"], [["$ref": "https://chatpayloads.dev/generated/formats/date-time.json"]])
        XCTAssertTrue(data["properties"]?["site"]?["$comment"]?.stringValue?.contains("asserts the \"hostname\" format") == true)
        XCTAssertEqual(defs["generated/formats/date-time.json"]?["pattern"]?.stringValue, FormatPatterns.dateTime)
        // The root names what only the parser can check: duplicate names (strict refuses them) and the limits.
        XCTAssertTrue(strict["$comment"]?.stringValue?.contains("refuses a payload in which an object repeats a member name") == true)
        // Without the format asserted (standard), no pattern and no comment: the format only annotates.
        let standard = try JSONParser.parse(BundledSchemas.resolvedText(.user, profile: .named(.standard), customData: ["user": custom])).root
        let plain = try XCTUnwrap(standard["$defs"]?["generated/custom-data/user.json"])
        XCTAssertNil(plain["properties"]?["born"]?["allOf"])
        XCTAssertNil(plain["properties"]?["site"]?["$comment"])
        // Compiled with format assertion off, the strict text refuses a bad date in custom data.
        var options = ValidatorOptions()
        options.formats = .annotate
        let compiled = try JSONSchema(strict, registry: .standard, options: options)
        XCTAssertFalse(compiled.isValid(try JSONParser.parse(#"{"id":"u","type":"default","custom":{"born":"yesterday"}}"#).root))
        XCTAssertTrue(compiled.isValid(try JSONParser.parse(#"{"id":"u","type":"default","custom":{"born":"2020-01-01T00:00:00Z"}}"#).root))
    }
}
