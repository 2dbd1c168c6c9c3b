import ChatPayloads
import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The JSON reporter writes each result straight from its typed values: the same bytes as the
/// value tree through `JSONWriter`'s pretty layout, indented as a member of `results`.
final class PrettyJSONBuilderTests: XCTestCase {
    /// `JSONWriter`'s pretty text of `value`, every line after the first indented `base` spaces.
    func treeText(_ value: JSONValue, base: Int) -> String {
        let pad = String(repeating: " ", count: base)
        return JSONWriter.string(value, options: .pretty).replacingOccurrences(of: "\n", with: "\n" + pad)
    }

    func testIssuesMatchTheTreeLayout() {
        let issues: [PayloadIssue] = [
            PayloadIssue(
                severity: .error, message: "\"a\" must be\n a string", instanceLocation: JSONPointer(tokens: ["a", "0"]),
                keywordLocation: "/properties/a/type", absoluteKeywordLocation: "https://x.dev/s.json#/properties/a/type", kind: .keyword(.type),
                location: SourceLocation(offset: 3, line: 7, column: 12)),
            .check("--select /p: this payload has no value there", kind: .select, line: 2, column: nil),
            PayloadIssue(severity: .warning, message: "w", kind: .limit(.maxDepth)),
        ]
        // A member line (`,`, line break, indent, `"absoluteKeywordLocation": `) built on the
        // stack up to 64 bytes: bases on both sides of that for the longest names.
        for base in [0, 4, 28, 29, 30, 31, 32, 33, 34, 60] {
            var w = PrettyJSONBuilder(base: base)
            JSONReporter.write(issues, to: &w)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), treeText(.array(issues.map(JSONReporter.issue)), base: base), "base \(base)")
            var none = PrettyJSONBuilder(base: base)
            JSONReporter.write([PayloadIssue](), to: &none)
            XCTAssertEqual(String(decoding: none.bytes, as: UTF8.self), "[]")
        }
    }

    func testDeepIndentsMatchTheTreeLayout() {
        // Indents on both sides of the 63 spaces copied in one step.
        let value: JSONValue = ["a": ["b": [1, "x\ty"]], "c": []]
        for base in [0, 57, 58, 59, 60, 61, 62, 63, 64, 100] {
            var w = PrettyJSONBuilder(base: base)
            w.openObject()
            w.key("a")
            w.openObject()
            w.key("b")
            w.openArray()
            w.element()
            w.number(1)
            w.element()
            w.string("x\ty")
            w.closeArray()
            w.closeObject()
            w.key("c")
            w.openArray()
            w.closeArray()
            w.closeObject()
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), treeText(value, base: base), "base \(base)")
        }
    }

    func testBasicOutputMatchesItsJSON() {
        let outputs = [
            PayloadOutput(valid: true),
            PayloadOutput(
                valid: false,
                errors: [
                    .init(keywordLocation: "/required", absoluteKeywordLocation: "u#/required", instanceLocation: "", error: "missing \"id\"", line: 1, column: 1),
                    .init(keywordLocation: "", instanceLocation: "/x", error: "dup", keyword: "duplicate-key"),
                ],
                warnings: [.init(keywordLocation: "/a", instanceLocation: "/b", error: "c", keyword: "dates", line: 3, column: 4)]),
            PayloadOutput(valid: false),
        ]
        for output in outputs {
            var w = PrettyJSONBuilder(base: 6)
            JSONReporter.write(output, to: &w)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), treeText(output.json, base: 6))
        }
    }
}
