import Foundation
import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator
import TestSupport

final class HostileInputTests: XCTestCase {
    func testInstanceDepth100000IsRejectedByTheParser() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(text)) { error in
            XCTAssertEqual((error as? JSONParseError)?.kind, .tooDeep)
        }
        let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(objects))
        // As a schema it is notJSON, with a location.
        let e = assertSchemaError(text, kind: .notJSON)
        XCTAssertNotNil(e?.location)
    }

    func testDepth500AgainstARecursiveTreeSchema() throws {
        // Objects: {"value": 1, "children": [{...}]}; 250 tree levels make instance depth 500.
        let tree = try compile(##"{"type": "object", "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#"}}}}"##)
        var text = #"{"value": 0}"#
        for i in 1..<250 { text = #"{"value": \#(i), "children": [\#(text)]}"# }
        let doc = try JSONParser.parse(text)
        XCTAssertTrue(check(tree, doc.root).isValid)
        let bad = try JSONParser.parse(text.replacingOccurrences(of: #"{"value": 0}"#, with: #"{"value": "zero"}"#))
        let r = check(tree, bad.root)
        XCTAssertFalse(r.isValid)
        XCTAssertEqual(r.errors.first?.instanceLocation.tokens.count, 2 * 249 + 1)
    }

    func testNestingTheParserAcceptsIsNotMistakenForAReferenceCycle() throws {
        // The parser accepts up to 512 levels. A schema that recurses once per instance level
        // consumes the instance on every hop, so it is not a cycle: such instances should get
        // their real result, not "schema evaluation nested deeper than 1000 levels".
        let arrays = try compile(##"{"type": "array", "items": {"$ref": "#"}}"##)
        let deepest = try JSONParser.parse(String(repeating: "[", count: 511) + String(repeating: "]", count: 511))
        let r1 = check(arrays, deepest.root)
        XCTAssertTrue(r1.isValid, "511 nested arrays: \(r1.allErrors.last?.message ?? "")")
        let withLeaf = try JSONParser.parse(String(repeating: "[", count: 500) + "1" + String(repeating: "]", count: 500))
        let r2 = check(arrays, withLeaf.root)
        XCTAssertFalse(r2.isValid)
        XCTAssertEqual(r2.allErrors.last?.keyword, .type, "expected the type error on the leaf, got: \(r2.allErrors.last?.message ?? "")")
        // A linked list of 500 objects (a reply chain, say).
        let list = try compile(##"{"type": "object", "properties": {"next": {"$ref": "#"}}}"##)
        let chain = try JSONParser.parse(String(repeating: #"{"next": "#, count: 500) + "{}" + String(repeating: "}", count: 500))
        let r3 = check(list, chain.root)
        XCTAssertTrue(r3.isValid, "500-deep chain: \(r3.allErrors.last?.message ?? "")")
    }

    func testVeryDeepInstanceWithTheParserLimitLiftedDoesNotCrash() throws {
        let depth = 20_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deep = try JSONParser.parse(text, options: JSONParseOptions(maxDepth: depth)).root
        let schema = try compile(##"{"items": {"$ref": "#"}}"##)
        // The recursion down the instance runs on a stack the size of the main thread's.
        let (fast, r) = try onMainSizedStack { (schema.isValid(deep), schema.validate(deep)) }
        XCTAssertEqual(fast, r.isValid, "isValid and validate disagree")
        XCTAssertFalse(r.isValid)
        XCTAssertTrue(r.allErrors.contains { $0.message.contains("nested deeper than") })
        // Equality and hashing of deep values (uniqueItems, enum, const) must not recurse natively.
        assertInvalidValue(#"{"uniqueItems": true}"#, .array([deep, deep]))
        assertInvalidValue(#"{"uniqueItems": true}"#, .array(Array(repeating: .null, count: 20) + [deep, deep]))
        let enumSchema = try compile(#"{"enum": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, [[[]]]]}"#)
        XCTAssertFalse(check(enumSchema, deep).isValid)
        let constSchema = try compile(#"{"const": [[[[1]]]]}"#)
        XCTAssertFalse(check(constSchema, deep).isValid)
    }

    func assertInvalidValue(_ schemaText: String, _ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
        guard let schema = try? compile(schemaText, file: file, line: line) else { return }
        XCTAssertFalse(check(schema, value, file: file, line: line).isValid, file: file, line: line)
    }

    func testTenThousandBranchAnyOf() throws {
        let branches = (0..<10_000).map { #"{"const": \#($0)}"# }.joined(separator: ",")
        var schema: JSONSchema?
        let compileTime = try seconds { schema = try compile(#"{"anyOf": [\#(branches)]}"#) }
        let s = try XCTUnwrap(schema)
        var valid = false
        var invalid: ValidationResult?
        let time = seconds {
            valid = s.isValid(9_999)
            invalid = s.validate(10_000)
        }
        print("anyOf x10000: compile \(compileTime)s, validate \(time)s")
        XCTAssertTrue(valid)
        XCTAssertTrue(check(s, 5_000).isValid)
        let e = try XCTUnwrap(invalid?.errors.first)
        XCTAssertEqual(e.causes.count, 10_000)
        XCTAssertEqual(e.message, "value must match at least one of the 10000 schemas in anyOf, but matches none")
    }

    func testEnumOfTenThousandValues() throws {
        let values = (0..<10_000).map { $0 % 2 == 0 ? "\($0)" : "\"s\($0)\"" }.joined(separator: ",")
        let schema = try compile(#"{"enum": [\#(values)]}"#)
        XCTAssertTrue(check(schema, 9_998).isValid)
        XCTAssertTrue(check(schema, "s9999").isValid)
        XCTAssertTrue(check(schema, try json("9998.0")).isValid)
        let r = check(schema, "s9998")
        XCTAssertFalse(r.isValid)
        XCTAssertEqual(r.errors.first?.message, #"value must be one of 0, "s1", 2, "s3", 4, "s5", 6, "s7", 8, "s9" (and 9990 more), got string "s9998""#)
    }

    func testHugeNumbers() throws {
        let hugeText = "1" + String(repeating: "0", count: 100_000)  // 10^100000 written out
        for text in [hugeText, "1e100000", "1e400"] {
            let n = try json(text)
            var ok = false
            let time = try seconds {
                XCTAssertTrue(check(try compile(#"{"minimum": 0, "type": "integer"}"#), n).isValid)
                XCTAssertFalse(check(try compile(#"{"maximum": 1e300}"#), n).isValid)
                XCTAssertTrue(check(try compile(#"{"maximum": 1e100001}"#), n).isValid)
                XCTAssertTrue(check(try compile(#"{"multipleOf": 0.5}"#), n).isValid)
                XCTAssertTrue(check(try compile(#"{"multipleOf": 8}"#), n).isValid)
                XCTAssertFalse(check(try compile(#"{"multipleOf": 3}"#), n).isValid)
                XCTAssertFalse(check(try compile(#"{"multipleOf": 7}"#), n).isValid)
                XCTAssertFalse(check(try compile(#"{"exclusiveMaximum": 1e400}"#), n).isValid)
                ok = true
            }
            XCTAssertTrue(ok)
            print("huge number \(text.count > 20 ? "10^100000 written out" : text): \(time)s")
        }
        // Huge values as bounds.
        let r = check(try compile("{\"maximum\": \(hugeText)}"), try json("1e100001"))
        XCTAssertFalse(r.isValid)
        XCTAssertLessThan(r.errors.first?.message.count ?? 0, 200, "messages must not print 100,000 digits")
        XCTAssertTrue(check(try compile("{\"minimum\": \(hugeText)}"), try json("1e100000")).isValid)
        XCTAssertTrue(check(try compile("{\"multipleOf\": \(hugeText)}"), try json("2e100000")).isValid)
        XCTAssertTrue(check(try compile(#"{"multipleOf": 1e-100000}"#), try json("3")).isValid)
    }

    func testTenMegabyteString() throws {
        let size = 10_000_000
        let text = "\"" + String(repeating: "a", count: size) + "\""
        let value = try json(text)
        var results: [ValidationResult] = []
        let time = try seconds {
            results.append(check(try compile(#"{"maxLength": 100}"#), value))
            results.append(check(try compile(#"{"minLength": 10000000, "maxLength": 10000000}"#), value))
            results.append(check(try compile(#"{"pattern": "^a"}"#), value))
            results.append(check(try compile(#"{"pattern": "b"}"#), value))
            results.append(check(try compile(#"{"pattern": "^a+$"}"#), value))
        }
        print("10 MB string: \(time)s; pattern results: \(results[2...].map { $0.errors.first?.message ?? "valid" })")
        XCTAssertEqual(results[0].errors.first?.message, "value must have at most 100 characters, got 10000000")
        XCTAssertTrue(results[1].isValid)
        XCTAssertTrue(results[2].isValid)
        // "b" is absent: either a plain no-match or a fail-closed budget error, but never valid.
        XCTAssertFalse(results[3].isValid)
        // A linear pattern over 10 MB either matches or fails closed on the step budget.
        if let m = results[4].errors.first?.message { XCTAssertTrue(m.contains("too expensive"), m) }
        for r in results {
            for e in r.allErrors { XCTAssertLessThan(e.message.count, 300, "messages must not embed the 10 MB value") }
        }
    }
}
