import JSONSchemaFormats
import XCTest

/// Edge cases beyond the official suite, one test per format family.
final class FormatCheckerTests: XCTestCase {
    func check(_ format: String, valid: [String], invalid: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let checker = StandardFormats.checker(named: format) else {
            XCTFail("no checker for \(format)", file: file, line: line)
            return
        }
        for s in valid {
            XCTAssertTrue(checker.check(s), "\(format) should accept \(s.debugDescription)", file: file, line: line)
        }
        for s in invalid {
            XCTAssertFalse(checker.check(s), "\(format) should reject \(s.debugDescription)", file: file, line: line)
        }
    }

    func testRegistry() {
        let expected = [
            "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
            "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid",
            "json-pointer", "relative-json-pointer", "regex",
        ]
        XCTAssertEqual(Set(StandardFormats.all.keys), Set(expected))
        for name in expected {
            XCTAssertEqual(StandardFormats.checker(named: name)?.name, name)
        }
        XCTAssertNil(StandardFormats.checker(named: "unknown"))
        XCTAssertEqual(StandardFormats.names, expected.sorted())
        XCTAssertTrue(StandardFormats.all["uuid"]!("00000000-0000-0000-0000-000000000000"))
    }

    func testDateTime() {
        check(
            "date-time",
            valid: [
                "2024-02-29T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999+23:59",
                "1985-04-12T23:20:50.52z", "1985-04-12t23:20:50-00:00",
                "2016-12-31T23:59:60Z", "2017-01-01T00:59:60+01:00",
                "1985-04-12T23:20:50." + String(repeating: "9", count: 5000) + "Z",
            ],
            invalid: [
                "2023-02-29T00:00:00Z", "1985-04-12T23:20:50.Z", "1985-04-12 23:20:50Z",
                "1985-04-12T23:20:50", "1985-04-12T23:20Z", "1985-04-12T23:20:50+0100",
                "1985-04-12T23:20:50+01:00:00", "1985-04-12T23:20:50Z ", "1985-04-12T23:20:5০Z",
                "１985-04-12T23:20:50Z", "2016-12-31T23:59:60+00:01", "2016-12-31T23:59:60.5-00:01",
                "", "T", "Z", "1985-04-12T", "1985-04-12T23:20:50+",
            ]
        )
        check(
            "date",
            valid: ["2000-02-29", "1900-02-28", "9999-12-31", "0000-02-29"],
            invalid: ["1900-02-29", "2000-02-30", "2000-2-01", "2000-02-01T", "২000-01-01", "0000-00-00"]
        )
        check(
            "time",
            valid: ["00:00:00Z", "23:59:59.000001+14:00", "00:00:60+00:01", "11:59:60-12:00", "12:00:00.1z"],
            invalid: ["00:00:60+00:02", "00:00:00", "00:00:00+00", "00:00:00.Z", "23:59:60+01:00", "৩:00:00Z"]
        )
    }

    func testRFC3339Parser() throws {
        let a = try XCTUnwrap(RFC3339DateTime.parse("1985-04-12T23:20:50.52Z"))
        XCTAssertEqual([a.year, a.month, a.day, a.hour, a.minute, a.second], [1985, 4, 12, 23, 20, 50])
        XCTAssertEqual(a.nanosecond, 520_000_000)
        XCTAssertEqual(a.fractionDigitCount, 2)
        XCTAssertEqual(a.offsetMinutes, 0)
        XCTAssertTrue(a.isUTCDesignator)
        XCTAssertFalse(a.isUnknownLocalOffset)
        XCTAssertEqual(a.epochSeconds, 482_196_050)

        let b = try XCTUnwrap(RFC3339DateTime.parse("1996-12-19T16:39:57-08:00"))
        XCTAssertEqual(b.offsetMinutes, -480)
        XCTAssertFalse(b.isUTCDesignator)
        XCTAssertEqual(b.epochSeconds, 851_042_397)
        let bUTC = try XCTUnwrap(RFC3339DateTime.parse("1996-12-20T00:39:57Z"))
        XCTAssertTrue(b.isSameInstant(as: bUTC))
        XCTAssertNotEqual(b, bUTC)

        XCTAssertEqual(RFC3339DateTime.parse("1970-01-01T00:00:00Z")?.epochSeconds, 0)
        XCTAssertEqual(RFC3339DateTime.parse("1970-01-01T01:00:00+01:00")?.epochSeconds, 0)
        XCTAssertEqual(RFC3339DateTime.parse("0000-01-01T00:00:00Z")?.epochSeconds, -62_167_219_200)
        XCTAssertEqual(RFC3339DateTime.parse("9999-12-31T23:59:59Z")?.epochSeconds, 253_402_300_799)
        let negative = try XCTUnwrap(RFC3339DateTime.parse("1969-12-31T23:59:59.5Z"))
        XCTAssertEqual(negative.epochTime.seconds, -1)
        XCTAssertEqual(negative.epochTime.nanoseconds, 500_000_000)

        let leap = try XCTUnwrap(RFC3339DateTime.parse("1998-12-31T23:59:60Z"))
        XCTAssertTrue(leap.isLeapSecond)
        XCTAssertEqual(leap.epochSeconds, RFC3339DateTime.parse("1999-01-01T00:00:00Z")?.epochSeconds)
        XCTAssertTrue(try XCTUnwrap(RFC3339DateTime.parse("1998-12-31T23:59:59.9Z")).isBefore(leap))

        let unknown = try XCTUnwrap(RFC3339DateTime.parse("2000-01-01T00:00:00-00:00"))
        XCTAssertTrue(unknown.isUnknownLocalOffset)
        XCTAssertEqual(unknown.offsetMinutes, 0)

        let long = try XCTUnwrap(RFC3339DateTime.parse("2000-01-01T00:00:00.123456789987654321Z"))
        XCTAssertEqual(long.nanosecond, 123_456_789)
        XCTAssertEqual(long.fractionDigitCount, 18)
        XCTAssertEqual(RFC3339DateTime.parse("2000-01-01T00:00:00.000000001Z")?.nanosecond, 1)

        XCTAssertNil(RFC3339DateTime.parse("2000-01-01"))
        XCTAssertNil(RFC3339DateTime.parse("2000-01-01T00:00:00"))
        XCTAssertNil(RFC3339DateTime.parse("2000-01-01T00:00:0১Z"))
    }

    func testDuration() {
        check(
            "duration",
            valid: ["P1W", "PT1H1M1S", "P1Y1M1DT1H1M1S", "p1d", "PT0S", "P0Y", "PT1M1S", "P1DT1M",
                    "P" + String(repeating: "9", count: 1000) + "Y"],
            invalid: ["PT1S1M", "P1M1Y", "P1D1D", "P1W1D", "PW", "PTS", "P1DT", "P1.5D", "P1Y1W", "PT1W",
                      "P১D", "P1D T1H", "P+1D", ""]
        )
    }

    func testEmail() {
        check(
            "email",
            valid: [
                "a@b", "a.b.c@example.com", "\"a\\\"b\"@example.com", "\"\"@example.com", "!#$%&'*+-/=?^_`{|}~@x.org",
                "a@[IPv6:::1]", "a@[ipv6:2001:db8::1]", "a@xn--bcher-kva.example",
                String(repeating: "a", count: 64) + "@example.com",
            ],
            invalid: [
                "a@[1.2.3]", "a@[IPv6:1.2.3.4]", "a@-x.com", "a@x-.com", "a@x..com", "a.@x.com",
                String(repeating: "a", count: 65) + "@example.com", "\"a@example.com", "a\"b\"@example.com",
                "δοκιμή@example.com", "a@bücher.example", "a@", "@", "a", "a@b@c", "a@[]", "a@[IPv6:::1",
                "\"a\\\u{7F}\"@x.com",
            ]
        )
        check(
            "idn-email",
            valid: ["δοκιμή@example.com", "a@bücher.example", "\"δ\\δ\"@example.com", "用户@例子.广告"],
            invalid: ["a@BÜCHER.example", "a b@example.com", "a@", "a@\u{302E}x.com", "a@xn--X"]
        )
    }

    func testHostname() {
        let label63 = String(repeating: "a", count: 63)
        let name253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
        check(
            "hostname",
            valid: ["a", "A-b.C", "xn--bcher-kva.example", "XN--BCHER-KVA.example", "0.0", "123", name253,
                    "xn--4dbc5h.com"],
            invalid: [
                name253 + "b", "ab--cd.com", "xn--bcher-kva-.example", "bücher.de", "xn--a", "xn--ls8h",
                "a b", "a_b", "-", "a.-b", "xn--", "xn---", "a.b.", "1host.xn--4dbc5h",
            ]
        )
        check(
            "idn-hostname",
            valid: ["bücher.de", "Bücher.de", "xn--bcher-kva.de", "例子.广告", "ab.cd", "a\u{3002}b\u{FF0E}c",
                    "\u{05D0}\u{05D1}.com", "\u{0628}-\u{0628}"],
            invalid: [
                "BÜCHER.de", "a\u{200D}b", "\u{200C}", "a\u{00B7}", "\u{0375}", "a\u{05F3}", "\u{0660}\u{06F0}",
                "a b", "a$b", "ü.", "\u{0301}a", "ab--ü", "ü-", "\u{05D0}a", "\u{05D0}\u{05D1}.1com", "a..b",
                "\u{1100}", "\u{20D0}a", "a\u{00AD}b", scalarString(0xFDD0),
            ]
        )
    }

    func testIP() {
        check(
            "ipv4",
            valid: ["0.0.0.0", "1.2.3.4", "255.255.255.255", "10.0.0.10"],
            invalid: ["00.0.0.0", "1.2.3.04", "1.2.3", "1.2.3.4.5", "1.2.3.256", "1..2.3", "1.2.3.4.", "١.2.3.4",
                      "1000.1.1.1", ""]
        )
        check(
            "ipv6",
            valid: ["::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6::8", "1::3:4:5:6:7:8", "::1.2.3.4",
                    "1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3.4", "ABCD:ef01::", "0:0:0:0:0:0:0:0"],
            invalid: ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8", "::1:2:3:4:5:6:7:8", ":::", "1:::2", ":1::",
                      "1::2:", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.04", "::1.2.3", "g::", "::12345", "",
                      "1:2:3:4:5:6:7:8%eth0", "::1.2.3.4:5"]
        )
    }

    func testURI() {
        check(
            "uri",
            valid: ["a:", "http://a:b@c:80/p?q#f", "http://[::1]:80", "http://[v1.x]/", "http://[V7.a:b]",
                    "urn:%41", "http://host:/", "file:///etc/hosts", "s://@", "x+y-z.w:rest", "http://a/b//c",
                    "http://a?b?c#d/e?f"],
            invalid: ["http://[vz.x]", "http://[::1]x", "http://ex.com#a#b", "http://ex.com/%4", "http://[::1",
                      "http://[1.2.3.4]", ":a", "a b:c", "http://a/ü", "http://a/\u{7F}", "http://a/<", "",
                      "http://[v1.]", "http://[]"]
        )
        check(
            "uri-reference",
            valid: ["", "a", "./a:b", "a/b:c", "//a", "?", "#", "../..", "/a/b", "%41"],
            invalid: ["a:b c", "a%", "#ü", "%zz", "[x]", "//[x]"]
        )
        check(
            "iri",
            valid: ["http://例子.广告/路径?查询=\u{E000}#片段", "urn:ü", "http://ü@ü:1/ü"],
            invalid: ["http://a/\u{E000}", "http://a/#\u{E000}", "http://a/\(scalarString(0xFFFE))", "http://a/\u{0085}", "ü:x"]
        )
        check(
            "iri-reference",
            valid: ["ü", "//ü/ü", "?\u{E000}", "#ü"],
            invalid: ["\u{E000}", "ü:ü", "\\"]
        )
        check(
            "uri-template",
            valid: ["{var:9999}", "{+var*}", "{=var}", "{a,b.c,%41d:1}", "x{y}z{#w}", "{_}", "%20", "a\u{E000}"],
            invalid: ["{var:10000}", "{var:}", "{var*:1}", "{.a}}", "{", "}", "{a b}", "{a.}", "{.}", "%2", "a<b",
                      "{a}{", "{!!a}"]
        )
    }

    func testUUIDAndPointers() {
        check(
            "uuid",
            valid: ["aBcDeF01-2345-6789-abcd-ef0123456789"],
            invalid: ["{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", "2eb8aa08-aa98-11ea-b4aa-73b441d1638\u{FF10}",
                      "2eb8aa08+aa98-11ea-b4aa-73b441d16380"]
        )
        check(
            "json-pointer",
            valid: ["", "/", "/~01", "/a~1b/~0", "/ü/😀", "//"],
            invalid: ["/~", "/~2", "a", "~0", "/~a"]
        )
        check(
            "relative-json-pointer",
            valid: ["0", "0#", "1/", "10/a~0", "123456789012345678901234567890/a", "0/"],
            invalid: ["00", "0#/", "#", "-0", "1 ", "০", "1~0", "0/~"]
        )
    }

    func testRegex() {
        check("regex", valid: ["", "a|b", "^(?:[a-z]+)$"], invalid: ["^(abc]", "(", "[", "a**"])
    }
}
