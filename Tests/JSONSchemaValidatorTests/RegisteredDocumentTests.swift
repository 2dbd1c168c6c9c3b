import Foundation
import JSONCore
import XCTest
import ValidatorTestSupport

@testable import JSONSchemaValidator

/// Registry documents are indexed only when a reference first reaches them (thread-safely),
/// and references resolve exactly as through one table where later documents win.
final class RegisteredDocumentTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text).root }

    /// Three documents: the compiled schema reaches `a`, `a` reaches `b`; `c` is never indexed.
    func testOnlyDocumentsAReferenceReachesAreIndexed() throws {
        var registry = SchemaRegistry()
        try registry.add(json(#"{"$id": "https://e.org/a.json", "$ref": "b.json#/$defs/s"}"#), uri: "https://e.org/a.json")
        try registry.add(json(#"{"$defs": {"s": {"type": "string"}}}"#), uri: "https://e.org/b.json")
        try registry.add(json(#"{"type": "number"}"#), uri: "https://e.org/c.json")
        XCTAssertEqual(registry.index.registered.indexed, [false, false, false])
        let schema = try JSONSchema(json(#"{"$ref": "https://e.org/a.json"}"#), registry: registry)
        XCTAssertTrue(schema.isValid(.string("x")))
        XCTAssertFalse(schema.isValid(.number(JSONNumber(1))))
        XCTAssertEqual(registry.index.registered.indexed, [true, true, false])
        XCTAssertTrue(registry.contains("https://e.org/c.json"))
        XCTAssertFalse(registry.contains("https://e.org/d.json"))
    }

    /// A document added later at the same URI replaces the earlier one, lazily as eagerly.
    func testALaterDocumentWins() throws {
        var registry = SchemaRegistry()
        try registry.add(json(#"{"type": "string"}"#), uri: "https://e.org/x.json")
        try registry.add(json(#"{"type": "number"}"#), uri: "https://e.org/x.json")
        let schema = try JSONSchema(json(#"{"$ref": "https://e.org/x.json"}"#), registry: registry)
        XCTAssertTrue(schema.isValid(.number(JSONNumber(1))))
        XCTAssertFalse(schema.isValid(.string("x")))
        // A copy taken before a later addition keeps what it had (value semantics).
        var first = SchemaRegistry()
        try first.add(json(#"{"type": "string"}"#), uri: "https://e.org/x.json")
        var second = first
        try second.add(json(#"{"type": "number"}"#), uri: "https://e.org/x.json")
        XCTAssertTrue(try JSONSchema(json(#"{"$ref": "https://e.org/x.json"}"#), registry: first).isValid(.string("x")))
        XCTAssertFalse(try JSONSchema(json(#"{"$ref": "https://e.org/x.json"}"#), registry: second).isValid(.string("x")))
    }

    /// An embedded identifier makes its document indexed when added; its resource is found, and
    /// it wins over an earlier document at that URI and loses to a later one.
    func testEmbeddedIdentifiers() throws {
        var registry = SchemaRegistry()
        try registry.add(json(#"{"type": "boolean"}"#), uri: "https://e.org/inner.json")
        try registry.add(json(#"{"$defs": {"i": {"$id": "https://e.org/inner.json", "type": "string"}}}"#), uri: "https://e.org/outer.json")
        XCTAssertEqual(registry.index.registered.indexed, [false, true])
        let ref = try json(#"{"$ref": "https://e.org/inner.json"}"#)
        XCTAssertTrue(try JSONSchema(ref, registry: registry).isValid(.string("x")))
        XCTAssertFalse(try JSONSchema(ref, registry: registry).isValid(.bool(true)))
        try registry.add(json(#"{"type": "number"}"#), uri: "https://e.org/inner.json")
        XCTAssertTrue(try JSONSchema(ref, registry: registry).isValid(.number(JSONNumber(2))))
        XCTAssertFalse(try JSONSchema(ref, registry: registry).isValid(.string("x")))
        // Draft 4's `id` below the root counts as an identifier too.
        var draft4 = SchemaRegistry()
        try draft4.add(json(#"{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"i": {"id": "https://e.org/four.json", "type": "string"}}}"#), uri: "https://e.org/d4.json")
        XCTAssertEqual(draft4.index.registered.indexed, [true])
        XCTAssertTrue(try JSONSchema(json(#"{"$ref": "https://e.org/four.json"}"#), registry: draft4).isValid(.string("x")))
    }

    /// A root identifier other than the registered URI is found without the URI it was added at.
    func testARootIdentifierIsACandidate() throws {
        var registry = SchemaRegistry()
        try registry.add(json(#"{"$id": "https://e.org/real.json", "$defs": {"n": {"type": "null"}}}"#), uri: "file:///tmp/real.json")
        XCTAssertEqual(registry.index.registered.indexed, [false])
        let viaID = try JSONSchema(json(#"{"$ref": "https://e.org/real.json#/$defs/n"}"#), registry: registry)
        XCTAssertTrue(viaID.isValid(.null))
        let viaFile = try JSONSchema(json(#"{"$ref": "file:///tmp/real.json#/$defs/n"}"#), registry: registry)
        XCTAssertFalse(viaFile.isValid(.bool(false)))
        XCTAssertEqual(registry.index.registered.indexed, [true])
    }

    /// Many threads compiling against one shared registry index each document once and agree.
    func testConcurrentCompilationsShareTheRegistry() throws {
        var registry = SchemaRegistry()
        for i in 0..<20 {
            try registry.add(json(#"{"$defs": {"v": {"const": \#(i)}}}"#), uri: "https://e.org/\(i).json")
        }
        let shared = registry
        let verdicts = VerdictBox()
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            let n = i % 20
            let ok = (try? JSONSchema(JSONParser.parse(#"{"$ref": "https://e.org/\#(n).json#/$defs/v"}"#).root, registry: shared))
                .map { $0.isValid(.number(JSONNumber(n))) && !$0.isValid(.number(JSONNumber(n + 1))) } ?? false
            verdicts.set(i, ok)
        }
        XCTAssertEqual(verdicts.all.count, 40)
        XCTAssertTrue(verdicts.all.values.allSatisfy { $0 })
        XCTAssertEqual(shared.index.registered.indexed, Array(repeating: true, count: 20))
    }

    /// `registeredAt:` compiles as adding the schema at that URI last would, indexing it once:
    /// the same verdicts, the file URI's aliases resolve, and a schema without `$schema` (or
    /// an `$id` that resolves differently) takes the registry way.
    func testRegisteredAtMatchesTheRegistry() throws {
        let text = ##"{"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://e.org/s.json", "definitions": {"a": {"type": "string"}}, "properties": {"x": {"$ref": "#/definitions/a"}, "y": {"$ref": "file:///w/s.json#/definitions/a"}, "z": {"$ref": "https://e.org/other.json"}}}"##
        let schema = try json(text)
        var registry = SchemaRegistry()
        try registry.add(json(#"{"$ref": "file:///w/s.json#/definitions/a"}"#), uri: "https://e.org/other.json")
        let once = try JSONSchema(schema, registeredAt: "file:///w/s.json", registry: registry)
        var both = registry
        try both.add(schema, uri: "file:///w/s.json")
        let twice = try JSONSchema(schema, registry: both)
        XCTAssertEqual(once.uri, twice.uri)
        for instance in [#"{"x": "a", "y": "b", "z": "c"}"#, #"{"x": 1}"#, #"{"y": 2}"#, #"{"z": 3}"#, #"[]"#] {
            let value = try json(instance)
            XCTAssertEqual(once.isValid(value), twice.isValid(value), instance)
            XCTAssertEqual(once.validate(value).errors.map(\.message), twice.validate(value).errors.map(\.message), instance)
        }
        XCTAssertFalse(once.isValid(try json(#"{"y": 2}"#)))
        XCTAssertFalse(once.isValid(try json(#"{"z": 3}"#)))
        let noDialect = try json(#"{"$id": "https://e.org/n.json", "type": "string"}"#)
        XCTAssertTrue(try JSONSchema(noDialect, registeredAt: "file:///w/n.json").isValid(.string("x")))
        XCTAssertThrowsError(try JSONSchema(schema, registeredAt: "relative.json")) { error in
            XCTAssertEqual((error as? SchemaError)?.kind, .invalidRegistry)
        }
    }

    /// The URI splitter's byte path gives the components the character path gives.
    func testASCIIURIsSplitAsCharacters() {
        for text in ["https://e.org/a/b.json?q=1#/x", "file:///tmp/x.json", "urn:x:y", "//host/p", "a/b#c", "", "#", "?#", "1a:b", "x+y.z-w:p"] {
            let reference = URIReference(text)
            XCTAssertEqual(reference.description, text, text)
        }
        XCTAssertEqual(URIReference("https://e.org/a?q#f").scheme, "https")
        XCTAssertEqual(URIReference("https://e.org/a?q#f").authority, "e.org")
        XCTAssertEqual(URIReference("https://e.org/a?q#f").path, "/a")
        XCTAssertEqual(URIReference("https://e.org/a?q#f").query, "q")
        XCTAssertEqual(URIReference("https://e.org/a?q#f").fragment, "f")
        XCTAssertNil(URIReference("1a:b").scheme)
        // Non-ASCII takes the character path: a `#` with a combining mark is not a delimiter.
        XCTAssertNil(URIReference("https://e.org/a#\u{301}b").fragment)
        XCTAssertEqual(URIReference("https://e.org/é#x").fragment, "x")
    }
}

/// Verdicts written from many threads, guarded by a lock.
private final class VerdictBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int: Bool] = [:]

    func set(_ i: Int, _ ok: Bool) { lock.withLock { storage[i] = ok } }
    var all: [Int: Bool] { lock.withLock { storage } }
}
