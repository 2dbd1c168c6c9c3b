import Foundation
import XCTest
import TestSupport

/// No ambient authority through the built CLI (issue 8): config file references that leave the
/// config's directory are config errors (exit code 3), and a `$ref` is never fetched or read.
final class ConfinementEndToEndTests: CLITestCase {
    func testConfigReferenceOutsideItsDirectoryIsExitThree() throws {
        try write("cfg/.chatpayloads.yml", "custom-schemas:\n  user: ../fx/schemas/app.json\n")
        let climbing = try run(["validate", "--config", "cfg/.chatpayloads.yml", "fx/valid/user.json"])
        XCTAssertEqual(climbing.status, 3, climbing.stdout + climbing.stderr)
        XCTAssertTrue(climbing.stderr.hasPrefix(
            #"cfg/.chatpayloads.yml:2:9: error: refused custom schema file "../fx/schemas/app.json": the path leads outside the directory with '..'"#),
            climbing.stderr)

        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("cfg/app.json").path, withDestinationPath: work.appendingPathComponent("fx/schemas/app.json").path)
        try write("cfg/.chatpayloads.yml", "files:\n  \"**/*.json\": app.json\n")
        let linked = try run(["validate", "--config", "cfg/.chatpayloads.yml", "fx/valid/user.json"])
        XCTAssertEqual(linked.status, 3, linked.stdout + linked.stderr)
        XCTAssertTrue(linked.stderr.hasPrefix(#"cfg/.chatpayloads.yml:2:16: error: refused schema file "app.json": a symbolic link leads outside the directory"#), linked.stderr)
    }

    func testRefToTheNetworkOrTheFileSystemIsNeverFetched() throws {
        for target in ["https://example.com/x.json", "file:///etc/passwd"] {
            try write("s.json", #"{"properties": {"id": {"$ref": "\#(target)"}}}"#)
            let r = try run(["validate", "--schema", "s.json", "fx/valid/user.json"])
            // The payload reaches the unregistered reference: not decided (exit 1), with a warning about it.
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
            XCTAssertTrue(r.stderr.contains("s.json:1:32: warning: $ref \"\(target)\" names \(target), which is not registered"), r.stderr)
            XCTAssertTrue(r.stdout.contains("error: not decided: /id cannot be checked"), r.stdout)
            XCTAssertTrue(r.stdout.contains("names \(target), which is not registered (nothing is fetched;"), r.stdout)
        }
    }
}
