import XCTest
@testable import JSONCore

final class JSONWriterTests: XCTestCase {
    let sample: JSONValue = ["a": [1, 2, ["b": nil]], "c": "x", "d": [:], "e": []]

    func testCompact() {
        XCTAssertEqual(JSONWriter.string(sample), #"{"a":[1,2,{"b":null}],"c":"x","d":{},"e":[]}"#)
        XCTAssertEqual(JSONWriter.string(true), "true")
        XCTAssertEqual(JSONWriter.string(.null), "null")
        XCTAssertEqual(sample.description, JSONWriter.string(sample))
        XCTAssertEqual(JSONWriter.bytes(["k": false]), Array(#"{"k":false}"#.utf8))
        var out = Array("prefix ".utf8)
        JSONWriter.write([1], to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "prefix [1]")
    }

    func testPretty() {
        let expected = """
            {
              "a": [
                1,
                2,
                {
                  "b": null
                }
              ],
              "c": "x",
              "d": {},
              "e": []
            }
            """
        XCTAssertEqual(JSONWriter.string(sample, options: .pretty), expected)
        XCTAssertEqual(JSONWriter.string([[1]], options: JSONWriter.Options(indent: 4)), "[\n    [\n        1\n    ]\n]")
        XCTAssertEqual(JSONWriter.string("s", options: .pretty), "\"s\"")
    }

    func testCanonicalOrdersKeysByUTF16() {
        // By scalar value U+FFFD < U+1F600, but in UTF-16 U+1F600 is D83D DE00, which sorts before FFFD.
        let v: JSONValue = ["\u{FFFD}": 1, "\u{1F600}": 2, "b": 3, "": 4, "B": 5, "aa": 6, "a": 7, "\u{E9}": 8]
        XCTAssertEqual(JSONWriter.string(v, options: .canonical), "{\"\":4,\"B\":5,\"a\":7,\"aa\":6,\"b\":3,\"\u{E9}\":8,\"\u{1F600}\":2,\"\u{FFFD}\":1}")
        // Nested objects are sorted too; arrays keep their order.
        let nested: JSONValue = ["z": [["y": 1, "x": 2]], "m": ["q": 0, "p": 0]]
        XCTAssertEqual(JSONWriter.string(nested, options: .canonical), #"{"m":{"p":0,"q":0},"z":[{"x":2,"y":1}]}"#)
        // Source order otherwise.
        XCTAssertEqual(JSONWriter.string(nested), #"{"z":[{"y":1,"x":2}],"m":{"q":0,"p":0}}"#)
        // Equal values in different member order have one canonical text.
        let a = try? JSONParser.parse(#"{"b":1,"a":{"d":2,"c":3}}"#).root
        let b = try? JSONParser.parse(#"{"a":{"c":3,"d":2},"b":1}"#).root
        XCTAssertEqual(JSONWriter.bytes(a!, options: .canonical), JSONWriter.bytes(b!, options: .canonical))
        XCTAssertEqual(JSONWriter.string(nested, options: JSONWriter.Options(indent: 1, sortKeys: true)),
                       "{\n \"m\": {\n  \"p\": 0,\n  \"q\": 0\n },\n \"z\": [\n  {\n   \"x\": 2,\n   \"y\": 1\n  }\n ]\n}")
    }

    func testStringEscaping() {
        XCTAssertEqual(JSONWriter.quoted("\"\\/"), #""\"\\/""#)  // never \/
        XCTAssertEqual(JSONWriter.quoted("\u{8}\u{C}\n\r\t"), #""\b\f\n\r\t""#)
        XCTAssertEqual(JSONWriter.quoted("\u{0}\u{1}\u{1F}\u{B}"), #""\u0000\u0001\u001f\u000b""#)
        XCTAssertEqual(JSONWriter.quoted("\u{7F}é€😀\u{2028}\u{FEFF}"), "\"\u{7F}é€😀\u{2028}\u{FEFF}\"")  // raw
        XCTAssertEqual(JSONWriter.bytes("é"), [0x22, 0xC3, 0xA9, 0x22])
        for b in UInt8(0)..<0x20 {
            let s = String(decoding: [b], as: UTF8.self)
            let text = JSONWriter.quoted(s)
            XCTAssertFalse(text.utf8.contains { $0 < 0x20 }, "raw control character written for \(b)")
            XCTAssertEqual(try JSONParser.parse(text).root, .string(s))
        }
        XCTAssertEqual(JSONWriter.string(["a\"b": "c\\d"]), #"{"a\"b":"c\\d"}"#)
    }

    func testNumbersInCanonicalText() {
        func text(_ s: String) -> String { JSONWriter.string(.number(JSONNumber(parsing: s)!)) }
        XCTAssertEqual(text("17000000000000000"), "17000000000000000")
        XCTAssertEqual(text("16193829348723345"), "16193829348723345")
        XCTAssertEqual(text("-9223372036854775808"), "-9223372036854775808")
        XCTAssertEqual(text("1.5"), "1.5")
        XCTAssertEqual(text("1E400"), "1e+400")
        XCTAssertEqual(text("0.000001"), "0.000001")
        XCTAssertEqual(text("0.0000001"), "1e-7")
        XCTAssertEqual(text("1.0"), "1")
        XCTAssertEqual(text("1e2"), "100")
        XCTAssertEqual(text("-0"), "0")
        XCTAssertEqual(text("25e-1"), "2.5")
    }

    func testRoundTripOfGeneratedValues() throws {
        var generator = ValueGenerator(seed: 0x5EED_2020_12)
        for _ in 0..<400 {
            let v = generator.value()
            for options in [JSONWriter.Options.compact, .pretty, .canonical] {
                let text = JSONWriter.bytes(v, options: options)
                let back = try JSONParser.parse(text).root
                XCTAssertEqual(back, v, "round trip of \(String(decoding: text, as: UTF8.self))")
                XCTAssertEqual(back.hashValue, v.hashValue)
                XCTAssertEqual(JSONWriter.bytes(back, options: options), text, "writing is stable")
            }
        }
    }

    func testVeryDeepValueIsWrittenIteratively() throws {
        var v: JSONValue = 0
        for _ in 0..<5_000 { v = [v] }
        let text = JSONWriter.string(v)
        XCTAssertEqual(text.utf8.count, 10_001)
        XCTAssertTrue(text.hasPrefix("[[[[") && text.hasSuffix("]]]]") && text.contains("[0]"))
        let back = try JSONParser.parse(text, options: JSONParseOptions(maxDepth: 10_000)).root
        XCTAssertEqual(JSONWriter.string(back), text)
        XCTAssertEqual(back, v)
    }
}
