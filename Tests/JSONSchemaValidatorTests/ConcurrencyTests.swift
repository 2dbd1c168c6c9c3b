import Foundation
import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

/// Results written from many threads, guarded by a lock.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int: [ValidationResult]] = [:]

    func set(_ i: Int, _ results: [ValidationResult]) {
        lock.lock()
        storage[i] = results
        lock.unlock()
    }

    var all: [Int: [ValidationResult]] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

final class ConcurrencyTests: XCTestCase {
    let schemaText = #"""
    {"$defs": {"node": {"type": "object",
                        "properties": {"name": {"type": "string", "pattern": "^[a-z]+$"},
                                       "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}},
                                       "leaf": {"type": "boolean"}},
                        "required": ["name"],
                        "anyOf": [{"required": ["kids"]}, {"required": ["leaf"]}],
                        "unevaluatedProperties": false}},
     "$ref": "#/$defs/node"}
    """#

    let instances = [
        #"{"name": "root", "kids": [{"name": "a", "leaf": true}, {"name": "b", "kids": []}]}"#,
        #"{"name": "Root", "kids": [{"name": 1}, {"x": 2}]}"#,
        #"{"name": "leaf", "leaf": true}"#,
        #"{"name": "leaf", "leaf": false, "extra": [1, 2, 3]}"#,
        #"[]"#,
        #"{"name": "deep", "kids": [{"name": "d", "kids": [{"name": "e", "kids": [{"name": "F", "leaf": 1}]}]}]}"#,
    ]

    func testOneCompiledSchemaFromManyThreads() throws {
        let schema = try compile(schemaText)
        let values = try instances.map { try json($0) }
        let baseline = values.map { schema.validate($0) }
        XCTAssertEqual(baseline.map(\.isValid), [true, false, true, false, false, false])
        let box = ResultBox()
        let iterations = 200
        DispatchQueue.concurrentPerform(iterations: iterations) { i in
            var results: [ValidationResult] = []
            for round in 0..<5 {
                for (k, v) in values.enumerated() {
                    let r = schema.validate(v)
                    if round == 0 { results.append(r) }
                    // The fast path must agree on every thread too.
                    if schema.isValid(v) != r.isValid { results.append(ValidationResult(isValid: !r.isValid, errors: [])) }
                    _ = k
                }
            }
            box.set(i, results)
        }
        let all = box.all
        XCTAssertEqual(all.count, iterations)
        for (i, results) in all {
            XCTAssertEqual(results.count, baseline.count, "thread \(i) saw fast/full disagreement")
            for (r, b) in zip(results, baseline) {
                XCTAssertEqual(r.isValid, b.isValid, "thread \(i)")
                XCTAssertEqual(r.errors, b.errors, "thread \(i)")
            }
        }
    }

    func testCompilingConcurrentlyIsSafe() throws {
        // The shared meta-schema is built once; compiling from many threads must not race.
        let box = ResultBox()
        let text = schemaText
        let value = try json(instances[1])
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            guard let schema = try? JSONSchema(parsing: text) else { return }
            box.set(i, [schema.validate(value)])
        }
        let all = box.all
        XCTAssertEqual(all.count, 16)
        let first = all[0]?.first?.errors
        for (_, r) in all { XCTAssertEqual(r.first?.errors, first) }
    }

    /// Empty strings checked as URIs from many threads at once: the URI checker's scalar buffer
    /// for an empty text was the shared empty array, whose count every thread wrote (a race
    /// ThreadSanitizer reported in `validate --jobs 2` under strict, found by the exported-schema
    /// cross-check's corpus). Run under ThreadSanitizer by `Scripts/test`.
    func testEmptyURIStringsFromManyThreads() throws {
        let schema = try compile(
            #"{"properties": {"a": {"format": "uri"}, "b": {"format": "uri-reference"}, "c": {"format": "iri"}, "d": {"format": "iri-reference"}}}"#,
            options: ValidatorOptions(formats: .assertAll))
        let value = try json(#"{"a": "", "b": "", "c": "", "d": ""}"#)
        let verdicts = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            verdicts.set(i, (0..<20).map { _ in schema.validate(value) })
        }
        let all = verdicts.all
        XCTAssertEqual(all.count, 64)
        // "" is not a URI or an IRI (no scheme), and is a URI and an IRI reference.
        for (_, results) in all {
            XCTAssertEqual(results.map { $0.errors.map(\.instanceLocation.description) }, Array(repeating: ["/a", "/c"], count: 20))
        }
    }
}
