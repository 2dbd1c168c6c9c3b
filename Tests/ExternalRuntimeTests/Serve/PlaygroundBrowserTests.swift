import Foundation
import XCTest
import TestSupport

/// The playground page in a real browser: starts the built `chatpayloads-store serve --port 0`
/// (``ServeTestCase``), runs `Tests/Serve/browser_test.py` (Selenium, Debian's headless
/// `chromium` + `chromium-driver`) against its address, and stops it with SIGTERM (it must exit
/// 0; tearDown kills it if the test failed first). The script's checks are listed in its header.
///
/// `PLAYGROUND_SCREENSHOT=/abs/path.png` keeps the screenshot there (how
/// `docs/images/playground.png` is made); otherwise it goes to the test's scratch directory.
final class PlaygroundBrowserTests: ServeTestCase {
    /// The checks `browser_test.py` runs, every one of which must have passed.
    private static let checks = ["page", "controls", "invalid", "abort", "profile", "tabs", "copy", "refusal", "phone", "screenshot", "console"]

    /// Skips (under CI, fails) unless Debian's Chromium, its driver (both in `PATH`) and Selenium
    /// are installed; the arguments that point `browser_test.py` at the two.
    private func requireBrowser(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        var arguments: [String] = []
        for tool in ["chromium", "chromedriver"] {
            try ExternalRuntime.requireCommand(tool, install: "apt-get install chromium chromium-driver", file: file, line: line)
            arguments += ["--\(tool)", ExternalRuntime.commandURL(tool)?.path ?? tool]
        }
        try ExternalRuntime.requirePythonModules(["selenium"], "selenium", install: "pip install -r Tests/Serve/requirements.txt", file: file, line: line)
        return arguments
    }

    func testPlaygroundPageInHeadlessChromium() throws {
        let browser = try requireBrowser()
        let script = TestPaths.repository("Tests/Serve/browser_test.py").path
        let screenshot = ProcessInfo.processInfo.environment["PLAYGROUND_SCREENSHOT"] ?? work.appendingPathComponent("playground.png").path
        let server = try startServer()

        let run = try runPython([script, "http://127.0.0.1:\(server.port)", screenshot] + browser)
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        XCTAssertEqual(run.status, 0, "browser_test.py failed:\n\(stdout)\n\(stderr.suffix(3_000))")
        let summary = try json(stdout)
        XCTAssertEqual(summary["passed"] as? Bool, true, stdout)
        let checks = summary["checks"] as? [[String: Any]] ?? []
        XCTAssertEqual(checks.compactMap { $0["name"] as? String }, PlaygroundBrowserTests.checks)
        for check in checks where check["passed"] as? Bool != true {
            XCTFail("\(check["name"] ?? "?"): \(check["detail"] ?? "")")
        }
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the screenshot is not a PNG")

        XCTAssertEqual(server.stop(), 0, "chatpayloads-store serve did not end with 0 on SIGTERM: \(server.standardError)")
        XCTAssertFalse(server.process.isRunning)
    }

    /// Issue 38, finding 11, in the browser, against `serve --profile strict`: the page opens on
    /// the server's profile; a problem's location button puts the caret before the offending
    /// value on lines with emoji (columns in Unicode scalars turned into the editor's UTF-16
    /// offsets); a pasted array is checked as `format=json-array`, element by element.
    func testFinding11_ThePageOpensOnTheServersProfileLocatesAfterEmojiAndReadsArrays() throws {
        let browser = try requireBrowser()
        let checks = ["server-profile", "emoji-caret", "json-array", "console"]
        let script = TestPaths.repository("Tests/Serve/browser_test.py").path
        let server = try startServer(["--profile", "strict"])
        let run = try runPython(
            [script, "http://127.0.0.1:\(server.port)", work.appendingPathComponent("strict.png").path,
             "--checks", checks.joined(separator: ","), "--expect-profile", "strict"] + browser)
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        XCTAssertEqual(run.status, 0, "browser_test.py failed:\n\(stdout)\n\(String(decoding: run.stderr, as: UTF8.self).suffix(3_000))")
        let summary = try json(stdout)
        let ran = summary["checks"] as? [[String: Any]] ?? []
        XCTAssertEqual(ran.compactMap { $0["name"] as? String }, checks)
        for check in ran where check["passed"] as? Bool != true {
            XCTFail("\(check["name"] ?? "?"): \(check["detail"] ?? "")")
        }
        XCTAssertEqual(server.stop(), 0, server.standardError)
    }
}
