import XCTest
@testable import JSONCore

final class JSONValueTests: XCTestCase {
    func testEqualityFollowsTheJSONDataModel() {
        XCTAssertEqual(parsed("1"), parsed("1.0"))
        XCTAssertEqual(parsed("[1e2, -0]"), [100, 0])
        XCTAssertEqual(parsed(#"{"a":1,"b":[true,{"c":null}]}"#), parsed(#"{"b":[true,{"c":null}],"a":1.0}"#))
        XCTAssertNotEqual(parsed("[1,2]"), parsed("[2,1]"))
        XCTAssertNotEqual(parsed(#"{"a":1}"#), parsed(#"{"a":1,"b":2}"#))
        XCTAssertNotEqual(parsed(#"{"a":1,"b":2}"#), parsed(#"{"a":1,"c":2}"#))
        XCTAssertNotEqual(parsed(#"{"a":1}"#), parsed(#"{"a":"1"}"#))
        let distinct: [JSONValue] = [nil, false, true, 0, 1, "", "0", "false", [], [:], [nil], ["": nil]]
        for (i, a) in distinct.enumerated() {
            for (j, b) in distinct.enumerated() {
                XCTAssertEqual(a == b, i == j, "\(a) vs \(b)")
            }
        }
    }

    func testStringsCompareByScalarsNotCanonicalEquivalence() {
        let precomposed = "\u{E9}", decomposed = "e\u{301}"
        XCTAssertTrue(precomposed == decomposed)  // Swift's String ==
        XCTAssertNotEqual(JSONValue.string(precomposed), JSONValue.string(decomposed))
        XCTAssertFalse(precomposed.scalarsEqual(decomposed))
        XCTAssertTrue(precomposed.scalarsEqual("\u{E9}"))
        XCTAssertEqual(Set<JSONValue>([.string(precomposed), .string(decomposed)]).count, 2)
        XCTAssertEqual(parsed("\"\\u00e9\""), .string(precomposed))
        XCTAssertNotEqual(parsed("\"e\\u0301\""), .string(precomposed))
        // Objects: keys by scalars too.
        let a: JSONValue = [precomposed: 1]
        let b: JSONValue = [decomposed: 1]
        XCTAssertNotEqual(a, b)
        XCTAssertNil(a[decomposed])
        // Arrays and nested values.
        XCTAssertNotEqual(JSONValue.array([.string(precomposed)]), .array([.string(decomposed)]))
        // Hangul: precomposed syllable vs conjoining jamo.
        XCTAssertNotEqual(JSONValue.string("\u{AC00}"), .string("\u{1100}\u{1161}"))
    }

    func testHashConsistency() {
        let pairs: [(JSONValue?, JSONValue?)] = [
            (parsed(#"{"a":1,"b":{"x":[1,2],"y":"z"}}"#), parsed(#"{"b":{"y":"z","x":[1.0,2e0]},"a":1}"#)),
            (parsed("1"), parsed("10e-1")),
            (parsed("1e400"), parsed("0.1e401")),
            (parsed(#"["a\u0062"]"#), ["ab"]),
            (parsed("-0"), parsed("0")),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(a, b)
            XCTAssertEqual(a?.hashValue, b?.hashValue)
        }
        // Large objects (indexed) and small ones hash alike regardless of order.
        var forward: [JSONObject.Member] = []
        for k in 0..<30 { forward.append(.init(key: "k\(k)", value: .number(JSONNumber(k)))) }
        let x = JSONValue.object(JSONObject(forward))
        let y = JSONValue.object(JSONObject(forward.reversed()))
        XCTAssertEqual(x, y)
        XCTAssertEqual(x.hashValue, y.hashValue)
        XCTAssertEqual(Set([x, y, parsed(JSONWriter.string(y))!]).count, 1)
    }

    func testAccessors() {
        let v: JSONValue = ["s": "text", "n": 1.5, "i": 2, "b": true, "z": nil, "a": [1, 2], "o": ["k": "v"]]
        XCTAssertEqual(v["s"]?.stringValue, "text")
        XCTAssertEqual(v["n"]?.numberValue, JSONNumber(parsing: "1.5"))
        XCTAssertEqual(v["b"]?.boolValue, true)
        XCTAssertEqual(v["z"]?.isNull, true)
        XCTAssertEqual(v["a"]?.arrayValue?.count, 2)
        XCTAssertEqual(v["o"]?.objectValue?["k"], "v")
        XCTAssertEqual(v["a"]?[1], 2)
        XCTAssertNil(v["a"]?[2])
        XCTAssertNil(v["a"]?[-1])
        XCTAssertNil(v["s"]?["x"])
        XCTAssertNil(v[0])
        XCTAssertNil(v["missing"])
        XCTAssertNil(v["s"]?.numberValue)
        XCTAssertEqual(v["i"]?.isInteger, true)
        XCTAssertEqual(v["n"]?.isInteger, false)
        XCTAssertEqual(v["s"]?.isInteger, false)
        let types = ["s", "n", "i", "b", "z", "a", "o"].map { v[$0]!.typeName }
        XCTAssertEqual(types, ["string", "number", "number", "boolean", "null", "array", "object"])
        let schemaTypes = ["s", "n", "i", "b", "z", "a", "o"].map { v[$0]!.schemaTypeName }
        XCTAssertEqual(schemaTypes, ["string", "number", "integer", "boolean", "null", "array", "object"])
    }

    func testShortDescription() {
        XCTAssertEqual(JSONValue.string("hi\n").shortDescription, #""hi\n""#)
        XCTAssertEqual(JSONValue.array([]).shortDescription, "[]")
        XCTAssertEqual(JSONValue.array([1]).shortDescription, "an array of 1 item")
        XCTAssertEqual(JSONValue.array([1, 2]).shortDescription, "an array of 2 items")
        XCTAssertEqual(JSONValue.object(JSONObject()).shortDescription, "{}")
        XCTAssertEqual(JSONValue(dictionaryLiteral: ("a", 1)).shortDescription, "an object with 1 property")
        XCTAssertEqual(JSONValue(dictionaryLiteral: ("a", 1), ("b", 2)).shortDescription, "an object with 2 properties")
        let long = JSONValue.string(String(repeating: "é", count: 100)).shortDescription
        XCTAssertEqual(long.unicodeScalars.count, 60)
        XCTAssertTrue(long.hasSuffix("...\""))
        let bigNumber = JSONValue.number(JSONNumber(parsing: String(repeating: "7", count: 60))!).shortDescription
        XCTAssertEqual(bigNumber, "7." + String(repeating: "7", count: 35) + "...")  // 7.77...e+59 cut
        XCTAssertEqual(JSONValue.bool(false).shortDescription, "false")
    }

    func testDictionaryLiteralDuplicatesKeepFirstPositionLastValue() {
        let v: JSONValue = ["a": 1, "b": 2, "a": 3]
        XCTAssertEqual(v.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(v["a"], 3)
    }

    func testObjectOperations() {
        var members: [JSONObject.Member] = []
        for k in 0..<20 { members.append(.init(key: "k\(k)", value: .number(JSONNumber(k)))) }
        members.append(.init(key: "k5", value: "five"))  // a duplicate in a large object
        members.append(.init(key: "\u{E9}", value: 1))
        members.append(.init(key: "e\u{301}", value: 2))
        let o = JSONObject(members)
        XCTAssertEqual(o.count, 22)
        XCTAssertEqual(o["k5"], "five")
        XCTAssertEqual(o.keys[5], "k5")
        XCTAssertEqual(o["\u{E9}"], 1)
        XCTAssertEqual(o["e\u{301}"], 2)
        XCTAssertTrue(o.contains("k19"))
        XCTAssertFalse(o.contains("k20"))
        let set = o.setting("k0", to: nil).setting("new", to: true)
        XCTAssertEqual(set["k0"], .null)
        XCTAssertEqual(set.keys.first, "k0")
        XCTAssertEqual(set.keys.last, "new")
        XCTAssertEqual(set.count, 23)
        let removed = set.removing("k1").removing("absent")
        XCTAssertEqual(removed.count, 22)
        XCTAssertNil(removed["k1"])
        XCTAssertEqual(removed["k2"], 2)
        let small = JSONObject().setting("a", to: 1).setting("b", to: 2).setting("a", to: 3)
        XCTAssertEqual(small.keys, ["a", "b"])
        XCTAssertEqual(small["a"], 3)
        XCTAssertTrue(JSONObject().isEmpty)
        XCTAssertEqual(small.removing("a").removing("b"), JSONObject())
    }

    func testScalarCount() {
        XCTAssertEqual("".scalarCount, 0)
        XCTAssertEqual("abc".scalarCount, 3)
        XCTAssertEqual("\u{E9}".scalarCount, 1)
        XCTAssertEqual("e\u{301}".scalarCount, 2)
        XCTAssertEqual("😀".scalarCount, 1)
        XCTAssertEqual("👩‍👩‍👧".scalarCount, 5)
        XCTAssertEqual("👩‍👩‍👧".count, 1)
        XCTAssertEqual("\u{0}\u{10FFFF}".scalarCount, 2)
    }

    func testScalarKey() {
        XCTAssertEqual(ScalarKey("a"), ScalarKey("a"))
        XCTAssertNotEqual(ScalarKey("\u{E9}"), ScalarKey("e\u{301}"))
        XCTAssertEqual(Set([ScalarKey("\u{E9}"), ScalarKey("e\u{301}"), ScalarKey("\u{E9}")]).count, 2)
    }
}
