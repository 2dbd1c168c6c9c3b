import XCTest
@testable import JSONCore

/// The tape's contract: whatever it accepts, `JSONParser` accepts and reads as the same value;
/// whatever is invalid or unusual, it declines.
final class JSONTapeTests: XCTestCase {
    /// The value the tape describes at `index`, rebuilt from its structure (containers from
    /// entries, scalars by the view's materialization).
    func rebuild(_ view: JSONTapeView, _ index: Int) -> JSONValue? {
        let e = view[index]
        switch e.kind {
        case .object:
            var members: [JSONObject.Member] = []
            var key = view.firstChild(index)
            for _ in 0..<Int(e.count) {
                guard view[key].kind == .string, let value = rebuild(view, key + 1) else { return nil }
                members.append(.init(key: view.string(key), value: value))
                key = view.nextMember(key)
            }
            guard key == Int(e.next) else { return nil }
            return .object(JSONObject(members))
        case .array:
            var items: [JSONValue] = []
            var item = view.firstChild(index)
            for _ in 0..<Int(e.count) {
                guard let value = rebuild(view, item) else { return nil }
                items.append(value)
                item = view.nextItem(item)
            }
            guard item == Int(e.next) else { return nil }
            return .array(items)
        case .string:
            return .string(view.string(index))
        default:
            return view.value(index)
        }
    }

    /// Reads `bytes` on the tape: nil when declined, else the rebuilt value.
    func tapeValue(_ bytes: [UInt8], _ options: JSONParseOptions = JSONParseOptions()) -> JSONValue?? {
        var tape = JSONTape()
        return bytes.withUnsafeBufferPointer { buffer -> JSONValue?? in
            guard tape.parse(buffer, options: options) else { return .none }
            return .some(tape.withView(of: buffer, options: options) { rebuild($0, 0) })
        }
    }

    /// Asserts the tape accepts `text` and reads what `JSONParser` reads.
    func assertAccepted(_ text: String, _ options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        guard let read = tapeValue(bytes, options) else {
            XCTFail("the tape declined \(text.debugDescription)", file: file, line: line)
            return
        }
        let expected = try? JSONParser.parse(bytes, options: options).root
        XCTAssertNotNil(expected, "JSONParser rejects what the tape accepted: \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(read, expected, "tape and parser disagree on \(text.debugDescription)", file: file, line: line)
    }

    func assertDeclined(_ bytes: [UInt8], _ options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line: UInt = #line) {
        if case .some = tapeValue(bytes, options) {
            XCTFail("the tape accepted \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)", file: file, line: line)
        }
    }

    func testReadsEveryKindOfValue() {
        assertAccepted(#"{"id":"a","n":[1,-0,2.5e3,12345678901234567890123,true,false,null],"o":{},"a":[],"s":"x\"y\\z\/\n\u00e9"}"#)
        assertAccepted("  [ 1 , { \"k\" : [ ] } , \"\" ]  \n")
        assertAccepted(#""just a string""#)
        assertAccepted("0")
        assertAccepted(#"{"emoji":"\ud83c\udf89 and 🎉","cjk":"明日","mixed":"naïve"}"#)
        assertAccepted(#"{"long":"\#(String(repeating: "abcdefgh", count: 40))é\#(String(repeating: "z", count: 13))"}"#)
    }

    func testDeclinesInvalidText() {
        for text in [
            "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1 2]", "01", "-", "1.", "1e", "+1", ".5", "tru", "nul", "[1]x",
            "\"abc", "\"a\u{01}b\"", "\"\\x\"", "\"\\u12G4\"", "{1:2}", "[\"a\"]]", "NaN", "{\"a\":1}}",
        ] {
            assertDeclined(Array(text.utf8))
        }
        // Invalid UTF-8: a lone continuation byte, an overlong form, an encoded surrogate, beyond U+10FFFF, truncated.
        for bad: [UInt8] in [[0x22, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE6, 0x97]] {
            assertDeclined(bad)
        }
    }

    /// The tape writes into room it keeps from text to text and reads a text again with more
    /// room when it is denser than the first guess (one entry per 8 bytes): dense and sparse
    /// texts, on a new tape and on one reused after smaller and larger texts, read as the
    /// parser reads them.
    func testRoomForEntriesGrowsAndIsReused() {
        var tape = JSONTape()
        func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
            let bytes = Array(text.utf8)
            let expected = try? JSONParser.parse(bytes).root
            let read = bytes.withUnsafeBufferPointer { buffer -> JSONValue?? in
                guard tape.parse(buffer, options: JSONParseOptions()) else { return .none }
                return .some(tape.withView(of: buffer, options: JSONParseOptions()) { rebuild($0, 0) })
            }
            XCTAssertNotNil(expected, file: file, line: line)
            XCTAssertEqual(read, .some(expected), "\(text.prefix(40))", file: file, line: line)
            XCTAssertEqual(tape.entries.count, Self.entryCount(expected), file: file, line: line)
        }
        for count in [0, 1, 7, 8, 9, 40, 1_000, 5_000] {
            let dense = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
            check(dense)
            check(#"{"a":"b"}"#)
            check("[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]")
            check(#"{"text":"\#(String(repeating: "x", count: count))"}"#)
            check("[" + Array(repeating: #"{"k":[0,{}]}"#, count: count).joined(separator: ",") + "]")
            var fresh = JSONTape()
            let bytes = Array(dense.utf8)
            XCTAssertTrue(bytes.withUnsafeBufferPointer { fresh.parse($0, options: JSONParseOptions()) })
            XCTAssertEqual(fresh.entries.count, count + 1)
        }
        // A declined text leaves the tape empty, and the next text reads normally.
        XCTAssertFalse(Array("[1,2".utf8).withUnsafeBufferPointer { tape.parse($0, options: JSONParseOptions()) })
        XCTAssertTrue(tape.entries.isEmpty)
        check("[1,2]")
    }

    /// Entries of a value tree: one per value and per member name.
    static func entryCount(_ value: JSONValue?) -> Int {
        switch value {
        case .object(let o)?: return 1 + o.members.reduce(0) { $0 + 1 + entryCount($1.value) }
        case .array(let items)?: return 1 + items.reduce(0) { $0 + entryCount($1) }
        case nil: return 0
        default: return 1
        }
    }

    /// Plain integers are read without the full number grammar; everything next to them
    /// (a fraction, an exponent, a leading zero, a sign, the digit limit, the end of the text)
    /// is judged as the parser judges it.
    func testPlainIntegersAndTheirNeighbours() {
        for text in ["1", "7", "10", "123456789", "12345678901234567890123", "[1,22,333]", #"{"w":141,"h":92}"#,
                     "1.5", "1e5", "1E+5", "10.0e-2", "-1", "-10", "0", "[0,1]", "9 ", " 9"] {
            assertAccepted(text)
        }
        for text in ["1.", "1e", "1E", "1x", "12a", "01", "1.e5", "[1 2]", "1-", "1+"] {
            assertDeclined(Array(text.utf8))
        }
        var short = JSONParseOptions()
        short.maxNumberDigits = 3
        assertAccepted("[123]", short)
        assertDeclined(Array("[1234]".utf8), short)
        assertDeclined(Array("1234".utf8), short)
        assertAccepted("[1.2]", short)
        assertDeclined(Array("[1.234]".utf8), short)
    }

    func testDeclinesWhatTheParserMustReport() {
        assertDeclined([0xEF, 0xBB, 0xBF] + Array("{}".utf8))                 // byte order mark
        assertDeclined(Array(#"{"a":1,"a":2}"#.utf8))                          // duplicate key
        assertDeclined(Array(#""\ud800""#.utf8))                               // lone high surrogate
        assertDeclined(Array(#""\udc00\ud800""#.utf8))                         // low before high
        assertDeclined(Array(#""\ud800\u0041""#.utf8))                         // high + non-low
        var shallow = JSONParseOptions()
        shallow.maxDepth = 2
        assertDeclined(Array("[[[1]]]".utf8), shallow)
        assertAccepted("[[1]]", shallow)
        var short = JSONParseOptions()
        short.maxStringBytes = 3
        assertDeclined(Array(#"["abcd"]"#.utf8), short)
        short.maxNumberDigits = 3
        assertDeclined(Array("[1234]".utf8), short)
        var small = JSONParseOptions()
        small.maxBytes = 4
        assertDeclined(Array("[1,2]".utf8), small)
    }

    /// Member names with escapes are read on the tape too, decoded: matched by their text
    /// (``JSONTapeView/rawBytes(_:)``) and compared as text for duplicates.
    func testEscapedMemberNamesAreDecoded() {
        assertAccepted(#"{"\u0061":1}"#)
        assertAccepted(#"{"reactions":{"\ud83d\ude4f\ud83c\udffb":["u1"],"👍":["u2"],"a\"b\\c\n":0}}"#)
        let text = Array(#"{"x":{"\ud83d\ude4f":1,"plain":2,"a\/b":3}}"#.utf8)
        var tape = JSONTape()
        let names = text.withUnsafeBufferPointer { buffer -> [String] in
            guard tape.parse(buffer, options: JSONParseOptions()) else { return [] }
            return tape.withView(of: buffer, options: JSONParseOptions()) { view in
                var out: [String] = []
                var key = view.firstChild(2)
                for _ in 0..<Int(view[1 + 1].count) {
                    out.append(String(decoding: view.rawBytes(key), as: UTF8.self))
                    key = view.nextMember(key)
                }
                return out
            }
        }
        XCTAssertEqual(names, ["🙏", "plain", "a/b"])
        // The tape is reused: a text without escaped names after one with them reads its own bytes.
        let plain = Array(#"{"k":{"a":1}}"#.utf8)
        let again = plain.withUnsafeBufferPointer { buffer -> String? in
            guard tape.parse(buffer, options: JSONParseOptions()) else { return nil }
            return tape.withView(of: buffer, options: JSONParseOptions()) { String(decoding: $0.rawBytes(3), as: UTF8.self) }
        }
        XCTAssertEqual(again, "a")
        // A name written once plainly and once escaped is a duplicate: declined, as the parser reports it.
        assertDeclined(Array(#"{"a":1,"\u0061":2}"#.utf8))
        assertDeclined(Array(#"{"\u0061":1,"\u0061":2}"#.utf8))
        let members = (0..<40).map { "\"k\($0)\":\($0)" }
        assertDeclined(Array(("{" + (members + [#""\u006b17":0"#]).joined(separator: ",") + "}").utf8))
        assertAccepted("{" + (members + [#""\u006b99":0"#]).joined(separator: ",") + "}")
        // A lone surrogate in a name is still the parser's to report.
        assertDeclined(Array(#"{"\ud83d":1}"#.utf8))
    }

    /// Objects of up to 16 members are checked pairwise, with a member name written with escapes
    /// compared by its decoded text, wherever in the text the first escaped name was.
    func testDuplicateKeysInSmallObjectsWithEscapedNames() {
        assertDeclined(Array(#"{"\u0061":1,"o":{"b":1,"b":2}}"#.utf8))
        assertAccepted(#"{"\u0061":1,"o":{"b":1,"c":2}}"#)
        assertDeclined(Array(#"{"o":{"b":1,"\u0062":2}}"#.utf8))
        assertDeclined(Array(#"{"\ud83d\ude4f":1,"🙏":2}"#.utf8))
        assertAccepted(#"{"\ud83d\ude4f":1,"🙏x":2,"x":{"\u00e9":0,"é1":1}}"#)
        // Names of equal length that differ in their last byte, or past byte 8, are distinct.
        assertAccepted(#"{"abcdefghij":1,"abcdefghik":2,"abcdefgh":3,"abcdefgi":4}"#)
        assertDeclined(Array(#"{"abcdefghij":1,"abcdefghik":2,"abcdefghij":3}"#.utf8))
        // 16 and 17 members: the last duplicates the first, plainly or escaped.
        for count in [15, 16] {
            let members = (0..<count).map { "\"k\($0)\":\($0)" }
            assertAccepted("{" + members.joined(separator: ",") + "}")
            assertDeclined(Array(("{" + (members + [#""k0":0"#]).joined(separator: ",") + "}").utf8))
            assertDeclined(Array(("{" + (members + [#""\u006b0":0"#]).joined(separator: ",") + "}").utf8))
            assertAccepted("{" + (members + [#""\u006b0x":0"#]).joined(separator: ",") + "}")
        }
        // Empty names: one is fine, two are a duplicate.
        assertAccepted(#"{"":1,"a":2}"#)
        assertDeclined(Array(#"{"":1,"a":2,"":3}"#.utf8))
    }

    func testDuplicateKeysInLargeObjects() {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }
        assertAccepted("{" + members.joined(separator: ",") + "}")
        assertDeclined(Array(("{" + (members + ["\"k17\":0"]).joined(separator: ",") + "}").utf8))
        // Equal hashes are compared byte by byte: different keys of equal length stay apart.
        assertAccepted("{" + (0..<200).map { "\"\(String(format: "%03d", $0))\":0" }.joined(separator: ",") + "}")
    }

    /// Mutations of valid texts: the tape never accepts what the parser rejects, and never
    /// reads a different value.
    /// The string scan reads 16 bytes (x86-64) or 8 at a time and jumps to the first byte that
    /// needs attention: a quote, backslash, control character or non-ASCII byte at every offset
    /// of strings 0-72 bytes long (inside and across the vectors and words, and in the tail) is
    /// found where it is.
    func testStringScanFindsEverySpecialByteAtEveryOffset() {
        let specials: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8),
            Array("é".utf8), Array("😀".utf8), [0x7F], [0x20],
        ]
        for length in 0...72 {
            for at in 0...length {
                for special in specials {
                    var body = Array(repeating: UInt8(ascii: "a"), count: length)
                    body.insert(contentsOf: special, at: at)
                    assertAccepted(String(decoding: [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")], as: UTF8.self))
                    assertAccepted(String(decoding: Array(#"{"k":""#.utf8) + body + Array(#"","b":1}"#.utf8), as: UTF8.self))
                }
                // A raw quote ends the string early, a control character or a lone continuation
                // byte makes the text invalid: declined wherever they are.
                for bad: UInt8 in [0x00, 0x0A, 0x1F, 0x80, 0xFF] {
                    var body = Array(repeating: UInt8(ascii: "a"), count: length)
                    body.insert(bad, at: at)
                    assertDeclined([UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")])
                }
                var early = Array(repeating: UInt8(ascii: "a"), count: length)
                early.insert(UInt8(ascii: "\""), at: at)
                assertDeclined([UInt8(ascii: "\"")] + early + [UInt8(ascii: "\"")])
            }
            // Unterminated: the scan runs off the end and declines.
            assertDeclined([UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: length))
        }
    }

    /// Runs of non-ASCII scalars are checked in one loop: every lead byte with continuation
    /// bytes at and around the limits of each rule (overlongs, surrogates, above U+10FFFF,
    /// truncated sequences), alone and in runs, at offsets inside and across the 8- and
    /// 16-byte steps, before a quote or at the end of the text: the tape accepts exactly what
    /// the parser accepts, and reads the same string.
    func testNonASCIIRunsAgreeWithTheParser() {
        let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        let tails: [UInt8] = [0x80, 0xBF, 0x41, 0xC0]
        var sequences: [[UInt8]] = []
        for lead in 0x80...0xFF {
            for b1 in seconds {
                sequences.append([UInt8(lead), b1])
                for b2 in tails {
                    sequences.append([UInt8(lead), b1, b2])
                    for b3 in tails where lead >= 0xF0 { sequences.append([UInt8(lead), b1, b2, b3]) }
                }
            }
        }
        let runs: [[UInt8]] = [Array("é".utf8), Array("привет".utf8), Array("🔥🍜".utf8), Array("धन्यवाद".utf8), Array("\u{10FFFF}".utf8)]
        var verdicts = (accepted: 0, declined: 0)
        for (k, sequence) in sequences.enumerated() {
            let prefix = Array(repeating: UInt8(ascii: "a"), count: k % 19)
            let run = runs[k % runs.count]
            for body in [sequence, run + sequence, sequence + run, run + sequence + Array(" x".utf8)] {
                for text in [[UInt8(ascii: "\"")] + prefix + body + [UInt8(ascii: "\"")], [UInt8(ascii: "\"")] + prefix + body] {
                    let parsed = try? JSONParser.parse(text).root
                    let read = tapeValue(text)
                    if let parsed {
                        verdicts.accepted += 1
                        XCTAssertEqual(read, .some(parsed), "tape and parser differ on \(text)")
                    } else {
                        verdicts.declined += 1
                        XCTAssertTrue(read == nil, "the tape accepted what the parser rejects: \(text)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(verdicts.accepted, 1_000)
        XCTAssertGreaterThan(verdicts.declined, 10_000)
    }

    func testMutationsNeverDisagreeWithTheParser() {
        let seeds = [
            #"{"id":"8f1c","text":"hi \"there\" \u00e9 \ud83d\ude00","n":[1,2.5,-3e2],"ok":true,"z":null,"o":{"k":{}}}"#,
            #"[{"a":[[]]},"x",0,-0.0,1E+2,"\\\/\b\f\n\r\t"]"#,
            #"{"createdAt":"2024-01-01T00:00:00.000Z","content":{"url":"https://x.y/z?q=1"},"custom":{"a":1}}"#,
        ]
        let alphabet: [UInt8] = Array(#"{}[]:,"\ u0123456789abcdefABCDEF.eE+-tfnrl"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xED, 0xF0, 0x9F, 0xFF]
        var state: UInt64 = 0x5EED_7A9E
        func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
        }
        var accepted = 0
        for round in 0..<6_000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(1 + next(3)) {
                let at = next(bytes.count + 1)
                switch next(3) {
                case 0: if at < bytes.count { bytes[at] = alphabet[next(alphabet.count)] }
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
                default: if at < bytes.count { bytes.remove(at: at) }
                }
            }
            guard let read = tapeValue(bytes) else { continue }
            accepted += 1
            let parsed = try? JSONParser.parse(bytes).root
            XCTAssertNotNil(parsed, "the tape accepted what the parser rejects: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            XCTAssertEqual(read, parsed, "tape and parser read different values: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        XCTAssertGreaterThan(accepted, 300, "the mutations should still produce many valid texts")
    }
}
