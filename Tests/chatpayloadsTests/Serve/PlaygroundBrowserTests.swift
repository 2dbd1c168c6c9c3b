import Foundation
import XCTest

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

    /// Skips (under CI, fails) unless Debian's Chromium, its driver and Selenium are installed.
    private func requireBrowser(file: StaticString = #filePath, line: UInt = #line) throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try ExternalRuntime.require(
                FileManager.default.isExecutableFile(atPath: tool), tool, install: "apt-get install chromium chromium-driver", file: file, line: line)
        }
        try ExternalRuntime.require(
            ExternalRuntime.hasPythonModules(["selenium"]), "selenium", install: "pip install -r Tests/Serve/requirements.txt", file: file, line: line)
    }

    func testPlaygroundPageInHeadlessChromium() throws {
        try requireBrowser()
        let script = CLITestCase.repositoryRoot.appendingPathComponent("Tests/Serve/browser_test.py").path
        let screenshot = ProcessInfo.processInfo.environment["PLAYGROUND_SCREENSHOT"] ?? work.appendingPathComponent("playground.png").path
        let server = try startServer()

        let run = try runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "http://127.0.0.1:\(server.port)", screenshot])
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
        try requireBrowser()
        let checks = ["server-profile", "emoji-caret", "json-array", "console"]
        let script = CLITestCase.repositoryRoot.appendingPathComponent("Tests/Serve/browser_test.py").path
        let server = try startServer(["--profile", "strict"])
        let run = try runCapturing(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script, "http://127.0.0.1:\(server.port)", work.appendingPathComponent("strict.png").path,
             "--checks", checks.joined(separator: ","), "--expect-profile", "strict"])
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
