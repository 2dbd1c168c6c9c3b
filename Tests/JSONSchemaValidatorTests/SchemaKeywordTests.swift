import JSONCore
import ValidatorTestSupport
import XCTest

@testable import JSONSchemaValidator

/// `SchemaKeyword`, the typed keyword a `ValidationError` carries (issue 39, "one typed
/// vocabulary"): the same names as before, from the one keyword table.
final class SchemaKeywordTests: XCTestCase {
    func testTheCasesAreTheImplementedKeywordsInTableOrderThenFalse() {
        XCTAssertEqual(SchemaKeyword.allCases.last, .falseSchema)
        XCTAssertEqual(SchemaKeyword.allCases.dropLast().map(\.name), JSONSchema.implementedKeywords)
        XCTAssertEqual(KeywordTable.all.map(\.keyword), Array(SchemaKeyword.allCases.dropLast()))
    }

    func testNamesAreTheSchemaSpellingAndRoundTrip() {
        XCTAssertEqual(SchemaKeyword.ref.name, "$ref")
        XCTAssertEqual(SchemaKeyword.descriptionAnnotation.name, "description")
        XCTAssertEqual(SchemaKeyword.falseSchema.name, "false")
        XCTAssertEqual("\(SchemaKeyword.dynamicRef)", "$dynamicRef", "interpolation prints the spelling, not the case name")
        for keyword in SchemaKeyword.allCases {
            XCTAssertEqual(SchemaKeyword(rawValue: keyword.name), keyword)
            XCTAssertEqual(keyword.description, keyword.name)
            // Keyword locations append the name unescaped (Evaluation.locations(of:)).
            XCTAssertEqual(JSONPointer.escape(keyword.name), keyword.name, keyword.name)
        }
        XCTAssertNil(SchemaKeyword(rawValue: "x-custom"))
    }

    func testAKeywordIsAOneByteValue() {
        XCTAssertEqual(MemoryLayout<SchemaKeyword>.size, 1)
        XCTAssertEqual(MemoryLayout<SchemaKeyword?>.size, 1)
    }

    /// The keywords JSON Schema Core 2020-12 defines (sections 8, 10, 11), written out from the
    /// specification rather than derived from the table.
    func testDefinedByCoreIsTheCoreSpecificationsVocabularies() {
        let core: Set<String> = [
            "$schema", "$id", "$ref", "$dynamicRef", "$anchor", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
            "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
            "prefixItems", "items", "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
            "unevaluatedItems", "unevaluatedProperties", "false",
        ]
        XCTAssertEqual(Set(SchemaKeyword.allCases.filter(\.isDefinedByCore).map(\.name)), core)
    }

    func testErrorsCarryTheTypedKeywordAndItsName() throws {
        let schema = try compile(##"{"$defs": {"id": {"type": "string"}}, "properties": {"id": {"$ref": "#/$defs/id"}}, "required": ["name"]}"##)
        let result = schema.validate(try json(#"{"id": 7}"#))
        XCTAssertEqual(result.errors.map(\.keyword), [.required, .type])
        XCTAssertEqual(result.errors.map(\.keywordName), ["required", "type"])
        XCTAssertEqual(result.errors.map(\.kind), [.keyword(.required), .keyword(.type)])
        XCTAssertEqual(result.errors.map(\.keywordLocation), ["/required", "/properties/id/$ref/type"])
        let never = try compile(#"{"properties": {"a": false}}"#).validate(try json(#"{"a": 1}"#))
        XCTAssertEqual(never.errors.map(\.keyword), [.falseSchema])
        XCTAssertEqual(never.errors.map(\.keywordLocation), ["/properties/a"])
    }

    func testALimitInAKeywordKeepsTheKeywordAndALimitBetweenKeywordsHasNone() throws {
        var options = ValidatorOptions()
        options.regexStepLimit = 1_000
        let pattern = try compile(#"{"pattern": "(a+)+$"}"#, options: options)
        let inPattern = try XCTUnwrap(pattern.validate(.string(String(repeating: "a", count: 40) + "!")).errors.last)
        XCTAssertEqual(inPattern.keyword, .pattern)
        XCTAssertEqual(inPattern.limit, .regexSteps)
        XCTAssertEqual(inPattern.kind, .limit(.regexSteps))
        XCTAssertEqual(inPattern.keywordName, "pattern")
        XCTAssertEqual(inPattern.keywordLocation, "/pattern")

        let loop = try compile(##"{"$ref": "#"}"##).validate(.null)
        let depth = try XCTUnwrap(loop.errors.last)
        XCTAssertNil(depth.keyword)
        XCTAssertEqual(depth.limit, .evaluationDepth)
        XCTAssertEqual(depth.kind, .limit(.evaluationDepth))
        XCTAssertEqual(depth.keywordName, ValidationLimit.evaluationDepth.optionName)
    }

    func testBestMatchComparesTypedKeywords() {
        XCTAssertTrue(BestMatch.isValueKind(.type))
        XCTAssertTrue(BestMatch.isValueKind(.enum))
        XCTAssertTrue(BestMatch.isValueKind(.const))
        XCTAssertFalse(BestMatch.isValueKind(.required))
        XCTAssertFalse(BestMatch.isValueKind(nil))
    }
}
