import Foundation
import XCTest
import TestSupport

/// `chatpayloads diff A B`: each kind of difference, and identical payloads written differently.
final class DiffCommandTests: CLITestCase {
    func diff(_ a: String, _ b: String, _ extra: [String] = [], ext: String = "json") throws -> CLIResult {
        try write("a.\(ext)", a)
        try write("b.\(ext)", b)
        return try run(["diff", "a.\(ext)", "b.\(ext)"] + extra)
    }

    func testIdenticalPayloadsWrittenDifferently() throws {
        let a = #"{"id":"é","text":"a/b","custom":{"n":100,"list":[1,2]},"createdAt":"2022-05-16T09:34:40.123Z"}"#
        let b = "{\n  \"custom\" : { \"list\" : [ 1 , 2 ] , \"n\" : 1e2 },\n  \"createdAt\": \"2022-05-16T09:34:40.123Z\",\n\t\"text\": \"a\\/b\", \"id\": \"\\u00e9\"\n}\n"
        let result = try diff(a, b)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("no differences"), result.stdout)
        XCTAssertFalse(result.stdout.contains("/custom/n"), "notes only with --verbose")
        let verbose = try diff(a, b, ["--verbose"])
        XCTAssertEqual(verbose.status, 0)
        XCTAssertTrue(verbose.stdout.contains("note: /custom/n: number 100 written as 1e2 (the same number)"), verbose.stdout)
    }

    func testEachKindOfDifference() throws {
        let cases: [(String, String, String)] = [
            (#"{"actionTimetoken":16526940800000001}"#, #"{"actionTimetoken":16526940800000000}"#,
             "/actionTimetoken: timetoken 16526940800000001 became 16526940800000000 (read as a double"),
            (#"{"createdAt":"2020-09-23T09:23:34.598494Z"}"#, #"{"createdAt":"2020-09-23T09:23:34.598Z"}"#,
             "/createdAt: same instant to the millisecond, fraction cut from 6 to 3 digits"),
            (#"{"id":"5C9E9F0E"}"#, #"{"id":"5c9e9f0e"}"#, "/id: id case changed"),
            (#"{"custom":{"x":1}}"#, #"{"custom":{}}"#, "/custom/x: custom key `x` lost (was 1)"),
            (#"{"text":"a"}"#, #"{"text":"b"}"#, #"/text: string "a" became "b""#),
            (#"{"a":1}"#, #"{"a":1,"b":2}"#, "/b: member `b` added (2)"),
            (#"{"a":[1,2]}"#, #"{"a":[1]}"#, "/a/1: element [1] lost (2)"),
            (#"{"a":"1"}"#, #"{"a":1}"#, #"/a: value "1" became 1 (string written as number)"#),
            (#"{"createdAt":"2022-05-16T09:34:40.123Z"}"#, #"{"createdAt":"2022-05-16T09:34:41.123Z"}"#, "another instant"),
        ]
        for (a, b, expected) in cases {
            let result = try diff(a, b)
            XCTAssertEqual(result.status, 1, "\(a) \(b): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains(expected), "\(expected)\n\(result.stdout)")
            XCTAssertTrue(result.stdout.hasSuffix("1 difference\n"), result.stdout)
        }
    }

    func testNDJSONLineByLineAndKind() throws {
        let a = #"{"id":"m1","text":"x","createdAt":"2022-05-16T09:34:40.123Z"}"# + "\n" + #"{"id":"m2","text":"y","createdAt":"2022-05-16T09:34:40.123Z"}"# + "\n"
        let b = #"{"id":"m1","text":"x","createdAt":"2022-05-16T09:34:40.123+00:00"}"# + "\n" + #"{"id":"M2","text":"y","createdAt":"not a date"}"# + "\n"
        let result = try diff(a, b, ["--kind", "message"], ext: "ndjson")
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("line 2: /id: id case changed") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("line 2: /: B is not a readable message (A is)") }, result.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("line 1:") }, "line 1 differs only in a harmless way: \(result.stdout)")
    }

    func testUnreadableInputAndUsage() throws {
        try write("a.json", "{}")
        XCTAssertEqual(try run(["diff", "a.json", "missing.json"]).status, 2)
        try write("bad.json", "{")
        XCTAssertEqual(try run(["diff", "a.json", "bad.json"]).status, 2)
        XCTAssertEqual(try run(["diff", "a.json"]).status, 64)
    }
}
