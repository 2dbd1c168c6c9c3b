import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class ReferenceKeywordTests: XCTestCase {
    func testLocalReferences() throws {
        let schema = #"""
        {"$defs": {"pos": {"type": "integer", "minimum": 1}, "a b": {"type": "null"}, "c/d": {"type": "string"},
                   "anchored": {"$anchor": "flag", "type": "boolean"}},
         "properties": {"p": {"$ref": "#/$defs/pos"}, "q": {"$ref": "#/$defs/a%20b"}, "r": {"$ref": "#/$defs/c~1d"},
                        "s": {"$ref": "#flag"}, "t": {"$ref": "#/$defs/pos", "maximum": 3}}}
        """#
        assertValid(schema, #"{"p": 1, "q": null, "r": "x", "s": true, "t": 3}"#)
        assertInvalid(schema, #"{"p": 0}"#, message: #""p" must be >= 1, got 0"#, at: "/p")
        assertInvalid(schema, #"{"q": 0}"#, at: "/q")
        assertInvalid(schema, #"{"r": 0}"#, at: "/r")
        assertInvalid(schema, #"{"s": 0}"#, at: "/s")
        assertInvalid(schema, #"{"t": 4}"#, keyword: .maximum)
        assertInvalid(schema, #"{"t": 0}"#, keyword: .minimum)
        let s = try compile(schema)
        let e = try XCTUnwrap(check(s, try json(#"{"p": 0}"#)).errors.first)
        XCTAssertEqual(e.keywordLocation, "/properties/p/$ref/minimum")
        XCTAssertEqual(e.absoluteKeywordLocation, "json-schema:///#/$defs/pos/minimum")
    }

    func testAbsoluteKeywordLocationIsAPercentEncodedURI() throws {
        // RFC 6901 section 6: a JSON Pointer in a URI fragment is percent-encoded.
        let s = try compile(##"{"$defs": {"a b": {"type": "integer"}}, "properties": {"p": {"$ref": "#/$defs/a%20b"}}}"##)
        let e = try XCTUnwrap(check(s, try json(#"{"p": "x"}"#)).errors.first)
        XCTAssertEqual(e.keywordLocation, "/properties/p/$ref/type")
        XCTAssertEqual(e.absoluteKeywordLocation, "json-schema:///#/$defs/a%20b/type")
    }

    func testIdChangesTheBaseURI() {
        let schema = #"""
        {"$id": "https://example.com/root.json",
         "$defs": {"x": {"$id": "x.json", "type": "integer", "$defs": {"y": {"$id": "sub/y.json", "$ref": "../x.json"}}}},
         "properties": {"a": {"$ref": "x.json"}, "b": {"$ref": "https://example.com/sub/y.json"}}}
        """#
        assertValid(schema, #"{"a": 1, "b": 2}"#)
        assertInvalid(schema, #"{"a": "s"}"#, at: "/a")
        assertInvalid(schema, #"{"b": "s"}"#, at: "/b")
    }

    func testCyclesCompileAndValidate() throws {
        let tree = ##"{"type": "object", "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#"}}}}"##
        var nested = #"{"value": 1}"#
        for i in 0..<20 { nested = #"{"value": \#(i), "children": [\#(nested), {"value": 0}]}"# }
        assertValid(tree, nested)
        let bad = nested.replacingOccurrences(of: #"{"value": 1}"#, with: #"{"value": "one"}"#)
        let r = assertInvalid(tree, bad, keyword: .type)
        XCTAssertEqual(r?.errors.first?.instanceLocation.tokens.count, 41)
        // Mutual recursion through $defs.
        let mutual = ##"{"$defs": {"a": {"items": {"$ref": "#/$defs/b"}}, "b": {"items": {"$ref": "#/$defs/a"}, "type": "array"}}, "$ref": "#/$defs/a"}"##
        assertValid(mutual, "[[[[]]]]", "[]")
        assertValid(mutual, "[[1]]")
        assertInvalid(mutual, "[1]", at: "/0")
        assertInvalid(mutual, "[[[1]]]", message: "item 0 must be an array, got integer 1", at: "/0/0/0")
    }

    func testSelfReferenceEndsWithTheDepthErrorNotAStackOverflow() throws {
        for text in [##"{"$ref": "#"}"##, ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##] {
            let schema = try compile(text)
            XCTAssertFalse(schema.isValid(.null))
            let result = schema.validate(.object(JSONObject()))
            XCTAssertFalse(result.isValid)
            let e = try XCTUnwrap(result.allErrors.last)
            XCTAssertEqual(e.keywordName, "maxEvaluationDepth", "the error names the limit (issue 25)")
            XCTAssertNil(e.keyword, "reached between keywords: no keyword failed")
            XCTAssertEqual(e.kind, .limit(.evaluationDepth))
            XCTAssertEqual(result.limit, .evaluationDepth)
            XCTAssertTrue(e.message.contains("nested deeper than 1000 levels"), e.message)
        }
        var options = ValidatorOptions()
        options.maxEvaluationDepth = 25
        let shallow = try compile(##"{"$ref": "#"}"##, options: options)
        let r = shallow.validate(1)
        XCTAssertTrue(r.allErrors.contains { $0.message.contains("nested deeper than 25 levels") }, "\(r.allErrors)")
    }

    func testUnresolvableReferencesAreSchemaErrors() {
        assertSchemaError(##"{"$ref": "#/$defs/missing"}"##, kind: .unresolvableReference, pointer: "/$ref", containing: #"has no value at "/$defs/missing""#)
        assertSchemaError(##"{"$ref": "#nope"}"##, kind: .unresolvableReference, pointer: "/$ref")
        // A pointer or anchor missing from a registered document is still an error.
        assertSchemaError(##"{"$ref": "https://json-schema.org/draft/2020-12/schema#/nowhere"}"##, kind: .unresolvableReference,
                          pointer: "/$ref", containing: "has no value at")
        assertSchemaError(#"{"$dynamicRef": "https://example.com/x#node"}"#, kind: .unresolvableReference, pointer: "/$dynamicRef")
    }

    func testUnresolvableReferenceInAnUnreferencedDefinitionIsStillASchemaError() {
        assertSchemaError(##"{"$defs": {"unused": {"$ref": "#/nowhere"}}}"##, kind: .unresolvableReference, pointer: "/$defs/unused/$ref")
    }

    func testRegistryOnlyRemoteResolution() throws {
        var registry = SchemaRegistry()
        try registry.add(parsing: #"""
            {"$defs": {"pos": {"type": "integer", "minimum": 1}, "named": {"$anchor": "name", "type": "string"}},
             "$ref": "#/$defs/pos"}
            """#, uri: "https://example.com/defs.json")
        try registry.add(json(#"{"$id": "https://example.com/embedded.json", "type": "null"}"#), uri: "https://example.com/container.json")
        XCTAssertTrue(registry.contains("https://example.com/defs.json"))
        XCTAssertTrue(registry.contains("https://example.com/embedded.json#"))
        XCTAssertFalse(registry.contains("https://example.com/nothing.json"))
        let schema = #"""
        {"properties": {"p": {"$ref": "https://example.com/defs.json#/$defs/pos"},
                        "n": {"$ref": "https://example.com/defs.json#name"},
                        "w": {"$ref": "https://example.com/defs.json"},
                        "e": {"$ref": "https://example.com/embedded.json"}}}
        """#
        assertValid(schema, #"{"p": 1, "n": "x", "w": 5, "e": null}"#, registry: registry)
        let r = assertInvalid(schema, #"{"p": 0}"#, at: "/p", registry: registry)
        XCTAssertEqual(r?.errors.first?.absoluteKeywordLocation, "https://example.com/defs.json#/$defs/pos/minimum")
        assertInvalid(schema, #"{"n": 1}"#, at: "/n", registry: registry)
        assertInvalid(schema, #"{"w": 0}"#, at: "/w", registry: registry)
        assertInvalid(schema, #"{"e": 0}"#, at: "/e", registry: registry)
        // Without the registry the same schema compiles, with a warning per reference, and a
        // value that reaches one is invalid.
        let unregistered = try JSONSchema(parsing: schema)
        XCTAssertEqual(unregistered.warnings.map(\.unregisteredURI).sorted(), [
            "https://example.com/defs.json", "https://example.com/defs.json", "https://example.com/defs.json", "https://example.com/embedded.json",
        ].sorted())
        XCTAssertTrue(unregistered.validate(try json("{}")).isValid)
        XCTAssertFalse(unregistered.validate(try json(#"{"e": null}"#)).isValid)
    }

    func testRegistryRejectsBadInput() {
        var registry = SchemaRegistry()
        XCTAssertThrowsError(try registry.add(.bool(true), uri: "relative.json")) { error in
            XCTAssertEqual((error as? SchemaError)?.kind, .invalidRegistry)
        }
        XCTAssertThrowsError(try registry.add(parsing: "{", uri: "https://example.com/x.json")) { error in
            XCTAssertEqual((error as? SchemaError)?.kind, .notJSON)
            XCTAssertNotNil((error as? SchemaError)?.location)
        }
    }

    func testDynamicRefExtendsARecursiveSchema() throws {
        var registry = SchemaRegistry()
        try registry.add(parsing: #"""
            {"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "object",
             "properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}
            """#, uri: "https://example.com/tree")
        let strict = #"{"$id": "https://example.com/strict-tree", "$dynamicAnchor": "node", "$ref": "tree", "unevaluatedProperties": false}"#
        let loose = #"{"$ref": "https://example.com/tree"}"#
        let typo = #"{"children": [{"daat": 1}]}"#
        assertValid(loose, typo, registry: registry)
        assertValid(strict, #"{"children": [{"data": 1, "children": []}]}"#, registry: registry)
        assertInvalid(strict, typo, keyword: .unevaluatedProperties, at: "/children/0/daat", registry: registry)
        assertInvalid(strict, #"{"children": [{"children": [{"x": 1}]}]}"#, at: "/children/0/children/0/x", registry: registry)
    }

    func testDynamicRefWithoutDynamicScopeActsLikeRef() {
        let schema = ##"{"$defs": {"n": {"$dynamicAnchor": "n", "type": "integer"}}, "items": {"$dynamicRef": "#n"}}"##
        assertValid(schema, "[1, 2]")
        assertInvalid(schema, #"[1, "x"]"#, at: "/1")
    }
}
