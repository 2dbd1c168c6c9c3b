import Foundation
import XCTest
import TestSupport

/// schemathesis (PyPI; `pip install -r Tests/Serve/requirements.txt`) against a running
/// `chatpayloads-store serve` and its own `/openapi.json`: generated requests, valid and invalid, for
/// every operation, with every check (no 5xx, each status, content type, header and body as
/// the document says, invalid requests refused, valid ones accepted). Bounded: 25 examples per
/// operation and phase, a fixed seed, one worker (schemathesis 4.32 with two workers sometimes
/// fails inside CPython's compiler: "AST constructor recursion depth mismatch", not a finding).
final class ServeSchemathesisTests: ServeTestCase {
    func testEveryResponseMatchesTheOpenAPIDocument() throws {
        try ExternalRuntime.requireCommand("schemathesis", install: "pip install -r Tests/Serve/requirements.txt")
        let server = try startServer()
        let result = try runCapturing(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "schemathesis", "run", "http://127.0.0.1:\(server.port)/openapi.json",
                "--checks", "all", "--max-examples", "25", "--seed", "20261126", "--workers", "1",
                "--request-timeout", "30", "--no-color",
            ],
            environment: ["SCHEMATHESIS_TELEMETRY": "false", "NO_COLOR": "1"])
        let output = String(decoding: result.stdout, as: UTF8.self) + String(decoding: result.stderr, as: UTF8.self)
        XCTAssertNotEqual(result.status, 127, "schemathesis is not installed: pip install -r Tests/Serve/requirements.txt")
        XCTAssertEqual(result.status, 0, String(output.suffix(8_000)))
        XCTAssertTrue(output.contains("No issues found"), String(output.suffix(8_000)))
        // Every operation but GET /openapi.json, which schemathesis leaves out as the document it reads.
        XCTAssertTrue(output.contains("Tested: 8"), "not every operation was tested:\n\(output.suffix(4_000))")
        XCTAssertEqual(server.stop(), 0, "the server did not end cleanly after the run: \(server.standardError)")
    }
}
