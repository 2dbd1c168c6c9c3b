import XCTest
import TestSupport

/// `--version`, `--help` with examples and the exit-code table, shell completion.
final class VersionAndHelpTests: CLITestCase {
    func testVersion() throws {
        let r = try run(["--version"])
        XCTAssertEqual(r.status, 0)
        // A plain `swift build` records no commit; Scripts/build-wheel's release build does
        // (Scripts/dist-check checks that one).
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0.1.0 (unknown commit)")
    }

    func testHelpOfEachSubcommandHasExamplesAndExitCodes() throws {
        for sub in ["validate", "schema", "normalize", "patch", "convert"] {
            let r = try run([sub, "--help"])
            XCTAssertEqual(r.status, 0, sub)
            XCTAssertTrue(r.stdout.contains("EXAMPLES:"), "\(sub) --help has examples")
            XCTAssertTrue(r.stdout.contains("EXIT STATUS:"), "\(sub) --help documents exit codes")
            XCTAssertTrue(r.stdout.contains("64"), sub)
        }
    }

    func testCompletionScript() throws {
        let r = try run(["--generate-completion-script", "bash"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("validate"))
    }
}
