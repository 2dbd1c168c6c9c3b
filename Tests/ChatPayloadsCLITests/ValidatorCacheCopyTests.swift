import ChatPayloads
import Foundation
import XCTest

@testable import ChatPayloadsCLI

/// `ValidatorCache.independentCopy()` (one per worker thread): small schemas are compiled anew
/// by each copy; a schema text of `sharedSourceBytes` or more is compiled once and shared, so a
/// second worker does not compile a large real-world schema again (before, a one-file run of a
/// 2.2 MB schema compiled it twice whenever the file went to the second worker).
final class ValidatorCacheCopyTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A schema file of about `bytes` bytes: many properties, each a string with a description.
    func schemaFile(named name: String, bytes: Int) throws -> String {
        var properties: [String] = []
        var size = 0
        while size < bytes {
            let property = #""p\#(properties.count)": {"type": "string", "description": "\#(String(repeating: "d", count: 80))"}"#
            properties.append(property)
            size += property.utf8.count + 1
        }
        let text = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"# + properties.joined(separator: ",") + "}}"
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func validator(_ cache: ValidatorCache, _ spec: SchemaSpec) throws -> PayloadValidator {
        try cache.validator(for: spec).get()
    }

    func testLargeSchemasAreSharedWithCopiesAndSmallOnesAreNot() throws {
        let large = SchemaSpec.file(try schemaFile(named: "large.json", bytes: ValidatorCache.sharedSourceBytes + 1_000))
        let small = SchemaSpec.file(try schemaFile(named: "small.json", bytes: 2_000))
        let cache = ValidatorCache(profile: .standard, registry: nil, customData: [:], quiet: true)
        let largeHere = try validator(cache, large)
        let smallHere = try validator(cache, small)
        let bundledHere = try validator(cache, .bundled(.message))

        let copy = cache.independentCopy()
        XCTAssertTrue(try validator(copy, large) === largeHere, "a large schema is compiled once for every thread")
        XCTAssertFalse(try validator(copy, small) === smallHere, "a small schema is compiled by each thread")
        XCTAssertFalse(try validator(copy, .bundled(.message)) === bundledHere, "a bundled schema is compiled by each thread")
        // The shared validator judges as the one compiled anew does.
        let payload = Array(#"{"p0": "x", "p1": 5}"#.utf8)
        XCTAssertEqual(try validator(copy, large).validate(payload).outcome, .invalid)
        XCTAssertEqual(try ValidatorCache(profile: .standard, registry: nil, customData: [:], quiet: true)
            .validator(for: large).get().validate(payload).outcome, .invalid)
    }
    /// The copies' threads use the one shared validator at once (the ThreadSanitizer pass runs
    /// this test): every verdict is the one a single thread gives.
    func testASharedValidatorJudgesFromSeveralThreadsAtOnce() throws {
        let large = SchemaSpec.file(try schemaFile(named: "large.json", bytes: ValidatorCache.sharedSourceBytes + 1_000))
        let cache = ValidatorCache(profile: .standard, registry: nil, customData: [:], quiet: true)
        _ = try validator(cache, large)
        let copies = (0..<4).map { _ in cache.independentCopy() }
        let payloads = [Array(#"{"p0": "x"}"#.utf8), Array(#"{"p1": 5}"#.utf8)]
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: copies.count) { i in
            var invalid = 0
            var failures = 0
            for k in 0..<100 {
                switch copies[i].validator(for: large) {
                case .success(let v): if v.validate(payloads[k % 2]).outcome == .invalid { invalid += 1 }
                case .failure: failures += 1
                }
            }
            tally.add(invalid: invalid, failures: failures)
        }
        let (invalid, failures) = tally.totals
        XCTAssertEqual(failures, 0)
        XCTAssertEqual(invalid, copies.count * 50)
    }
}

/// Counts from several threads, under a lock.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var invalid = 0
    private var failures = 0

    func add(invalid: Int, failures: Int) {
        lock.lock()
        self.invalid += invalid
        self.failures += failures
        lock.unlock()
    }

    var totals: (invalid: Int, failures: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (invalid, failures)
    }
}
