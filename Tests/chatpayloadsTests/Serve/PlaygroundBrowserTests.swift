import Foundation
import XCTest

/// The playground page in a real browser: starts the built `chatpayloads-serve --port 0`, runs
/// `Tests/Serve/browser_test.py` (Selenium, Debian's headless `chromium` + `chromium-driver`)
/// against the address it prints, and stops it. The script's own checks are listed in its header.
///
/// `PLAYGROUND_SCREENSHOT=/abs/path.png` keeps the screenshot there (how
/// `docs/images/playground.png` is made); otherwise it goes to the test's scratch directory.
final class PlaygroundBrowserTests: CLITestCase {
    /// The checks `browser_test.py` runs, every one of which must have passed.
    private static let checks = ["page", "controls", "invalid", "abort", "profile", "tabs", "copy", "refusal", "phone", "screenshot", "console"]

    func testPlaygroundPageInHeadlessChromium() throws {
        let binary = try XCTUnwrap(PlaygroundBrowserTests.serveBinary, "chatpayloads-serve was not found; build it first (swift build)")
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install chromium chromium-driver")
        }
        let script = CLITestCase.repositoryRoot.appendingPathComponent("Tests/Serve/browser_test.py").path
        let screenshot = ProcessInfo.processInfo.environment["PLAYGROUND_SCREENSHOT"] ?? work.appendingPathComponent("playground.png").path

        let server = ServeUnderTest()
        defer { server.stop() }
        let address = try server.start(binary, arguments: ["--port", "0"])
        XCTAssertTrue(address.hasPrefix("http://127.0.0.1:"), address)

        let run = try runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, address, screenshot])
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

        server.stop()
        XCTAssertFalse(server.isRunning, "chatpayloads-serve is still running")
    }

    /// The built `chatpayloads-serve`: beside `chatpayloads` (the same build directory), else
    /// `.build/debug/chatpayloads-serve` of the package.
    static let serveBinary: URL? = {
        var candidates: [URL] = []
        if let cli = CLITestCase.binary { candidates.append(cli.deletingLastPathComponent().appendingPathComponent("chatpayloads-serve")) }
        candidates.append(CLITestCase.repositoryRoot.appendingPathComponent(".build/debug/chatpayloads-serve"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// A `chatpayloads-serve` started for one test: its address once it printed
/// `listening on http://HOST:PORT`, its output drained (a full pipe cannot stall it), stopped by
/// ``stop()`` (SIGTERM, then SIGKILL if it does not end).
private final class ServeUnderTest: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private let announced = DispatchSemaphore(value: 0)
    private var output = ""
    private var address: String?
    private var ended = false

    struct NotListening: Error, CustomStringConvertible {
        let output: String
        var description: String { "chatpayloads-serve did not print its address; its output:\n\(output)" }
    }

    var isRunning: Bool { process.isRunning }

    /// Starts the server and waits for its `listening on` line; the URL it names.
    func start(_ binary: URL, arguments: [String]) throws -> String {
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        for pipe in [out, err] {
            pipe.fileHandleForReading.readabilityHandler = { [self] handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil }
                received(data)
            }
        }
        try process.run()
        // A bound against a server that never answers, not a timing assertion.
        _ = announced.wait(timeout: .now() + 300)
        lock.lock()
        defer { lock.unlock() }
        guard let address else { throw NotListening(output: output) }
        return address
    }

    private func received(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        if data.isEmpty {
            if !ended { ended = true; if address == nil { announced.signal() } }
            return
        }
        guard output.utf8.count < 1_000_000 else { return }
        output += String(decoding: data, as: UTF8.self)
        guard address == nil, let range = output.range(of: "listening on ") else { return }
        let rest = output[range.upperBound...]
        guard let end = rest.firstIndex(where: { $0 == "\n" || $0 == " " }) else { return }
        address = String(rest[..<end])
        announced.signal()
    }

    /// Stops the server (idempotent) and waits until it has exited.
    func stop() {
        guard process.processIdentifier != 0 else { return }
        if process.isRunning { process.terminate() }
        var waited = 0
        while process.isRunning && waited < 200 {
            usleep(50_000)
            waited += 1
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
