import JSONCore
import XCTest

@testable import JSONSchemaValidator

/// The keyword table is the one list of keywords; everything derived from it must agree with the
/// specification's own meta-schemas.
final class KeywordTableTests: XCTestCase {
    func testEveryKeywordIsDeclaredOnce() {
        let names = KeywordTable.all.map(\.keyword.name)
        XCTAssertEqual(names.count, Set(names).count, "declared twice: \(Dictionary(grouping: names, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
    }

    func testKnownKeywordsAreExactlyThoseOfThe202012VocabularyMetaschemas() throws {
        var defined: Set<String> = []
        var vocabularyOf: [String: String] = [:]
        for doc in EmbeddedMetaschemas.documents where doc.uri.contains("/draft/2020-12/meta/") {
            let root = try JSONParser.parse(doc.text).root
            guard case .object(let properties)? = root["properties"] else { continue }
            let vocabulary = String(doc.uri.split(separator: "/").last ?? "")
            for m in properties.members {
                defined.insert(m.key)
                // `format` is in both format meta-schemas; it is declared under format-annotation.
                if vocabularyOf[m.key] == nil { vocabularyOf[m.key] = vocabulary }
            }
        }
        XCTAssertEqual(KeywordTable.knownKeywords, defined)
        for (keyword, vocabulary) in vocabularyOf {
            XCTAssertEqual(SchemaKeyword(rawValue: keyword).flatMap { KeywordTable.byKeyword[$0]?.vocabulary }, Vocabulary(rawValue: vocabulary), keyword)
        }
    }

    func testKeywordsReadByAnotherNameAKeywordThatCompiles() {
        let compiling = Set(KeywordTable.steps.map(\.keyword))
        for definition in KeywordTable.all {
            if case .readBy(let lead, _) = definition.compilation {
                XCTAssertTrue(compiling.contains(lead), "\(definition.keyword) is read by \(lead), which compiles nothing")
            }
        }
        let properties = KeywordTable.steps.first { $0.keyword == .properties }
        XCTAssertEqual(properties?.triggers, [.properties, .patternProperties, .additionalProperties])
        XCTAssertEqual(KeywordTable.steps.first { $0.keyword == .if }?.triggers, [.if])
    }

    func testEvaluationOrderPutsAssertionsFirstAndUnevaluatedLast() {
        let order = KeywordTable.steps.map(\.keyword.name)
        func position(_ name: String) -> Int { order.firstIndex(of: name) ?? -1 }
        XCTAssertEqual(order.first, "type")
        XCTAssertEqual(Array(order.suffix(2)), ["unevaluatedItems", "unevaluatedProperties"])
        XCTAssertLessThan(position("required"), position("$ref"))
        XCTAssertLessThan(position("$ref"), position("allOf"))
        XCTAssertLessThan(position("if"), position("properties"))
    }

    func testSubschemaShapes() {
        XCTAssertEqual(SubschemaKeywords.shape(of: "not"), .schema)
        XCTAssertEqual(SubschemaKeywords.shape(of: "allOf"), .schemaArray)
        XCTAssertEqual(SubschemaKeywords.shape(of: "$defs"), .schemaMap)
        XCTAssertEqual(SubschemaKeywords.shape(of: "definitions"), .schemaMap)
        XCTAssertEqual(SubschemaKeywords.shape(of: "items"), .schemaOrSchemaArray)
        XCTAssertEqual(SubschemaKeywords.shape(of: "dependencies"), .schemaMapOrNames)
        XCTAssertEqual(SubschemaKeywords.shape(of: "contentSchema"), .schema)
        XCTAssertNil(SubschemaKeywords.shape(of: "enum"))
        XCTAssertNil(SubschemaKeywords.shape(of: "const"))
        XCTAssertNil(SubschemaKeywords.shape(of: "x-unknown"))
        let single = Set(KeywordTable.all.filter { $0.subschemas == .schema }.map(\.keyword.name))
        XCTAssertEqual(single, [
            "additionalItems", "additionalProperties", "contains", "contentSchema", "else", "if", "not", "propertyNames",
            "then", "unevaluatedItems", "unevaluatedProperties",
        ])
    }

    func testMapSubschemasVisitsEachSubschemaAndLeavesTheRest() throws {
        let value = try JSONParser.parse(#"{"a": {"title": 1}, "b": ["x", "y"]}"#).root
        let mapped = SubschemaKeywords.mapSubschemas(of: "dependencies", value) { _ in .bool(true) }
        XCTAssertEqual(mapped, try JSONParser.parse(#"{"a": true, "b": ["x", "y"]}"#).root)
        let items = try JSONParser.parse(#"[{}, {}]"#).root
        XCTAssertEqual(SubschemaKeywords.mapSubschemas(of: "items", items) { _ in .bool(false) }, .array([.bool(false), .bool(false)]))
        XCTAssertEqual(SubschemaKeywords.mapSubschemas(of: "enum", items) { _ in .bool(false) }, items)
        var positions: [SubschemaKeywords.Position] = []
        SubschemaKeywords.forEachSubschema(of: "properties", in: value) { _, p in positions.append(p) }
        XCTAssertEqual(positions, [.member("a"), .member("b")])
    }

    func testDialectURIs() {
        XCTAssertEqual(ValidatorOptions().defaultDialect, JSONSchemaDialect.draft202012URI)
        XCTAssertTrue(SchemaRegistry.standard.contains(JSONSchemaDialect.draft202012URI))
        XCTAssertEqual(Vocabulary.applicator.uri, "https://json-schema.org/draft/2020-12/vocab/applicator")
    }
}
