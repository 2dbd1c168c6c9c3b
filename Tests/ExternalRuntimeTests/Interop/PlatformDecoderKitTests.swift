import Foundation
import XCTest
import TestSupport

/// The platform kits under `Interop/` (Interop/README.md) run through
/// `interop check` against the codec vectors, in both modes, and give exactly the findings their
/// runtimes produce: JavaScript's `JSON.parse` reads every number as a double, so the 17-digit
/// timetokens that are odd (and a custom integer above 2^53) change; Jackson's data binding into
/// typed classes keeps every timetoken (`Long`) but coerces a timetoken written as a string, and
/// writes custom decimals and exponents back as doubles. A change in the vectors, the harness or
/// the kits shows here. `node` and a JDK with Debian's Jackson are needed (.ci/run installs
/// them); without one the test is skipped naming the package, except under CI (``ExternalRuntime``).
final class PlatformDecoderKitTests: CLITestCase {
    /// The repository's `Interop/` folder.
    static let kits = TestPaths.repository("Interop")

    /// Skips (under CI, fails) unless Jackson's jars are where `Interop/jvm/build.sh` looks
    /// (`JACKSON_JARS`, else Debian's `/usr/share/java`).
    func requireJackson(file: StaticString = #filePath, line: UInt = #line) throws {
        let jars = ProcessInfo.processInfo.environment["JACKSON_JARS"].map { $0.split(separator: ":").map(String.init) }
            ?? ["databind", "core", "annotations"].map { "/usr/share/java/jackson-\($0).jar" }
        try ExternalRuntime.require(
            jars.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "Jackson (jackson-databind, -core, -annotations)",
            install: "apt-get install libjackson2-databind-java, or set JACKSON_JARS", file: file, line: line)
    }

    /// `'text'` for `/bin/sh`.
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    /// `interop check` with `run` as the decoder command; its status and text report.
    func check(_ run: String, batch: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        // A generous --timeout: a JVM starts once per vector without --batch, on a busy machine too.
        try self.run(["interop", "check", "--timeout", "60"] + (batch ? ["--batch"] : []) + ["--run", run], file: file, line: line)
    }

    // MARK: JavaScript

    static let javascriptFindings = """
        Tests/Vectors/codec/payloads/message-custom-every-kind.json: message-custom-every-kind (message): lossy: the re-encoding differs from the canonical payload (1 difference)
          /custom/big: number 9007199254740993 became 9007199254740992 (read as a double, which holds about 16 significant digits)
        Tests/Vectors/codec/payloads/action-reaction-17-digit.json: action-reaction-17-digit (message-action): lossy: the re-encoding differs from the canonical payload (2 differences)
          /actionTimetoken: timetoken 16526940800000001 became 16526940800000000 (read as a double: a 17-digit timetoken needs a 64-bit integer)
          /parentTimetoken: timetoken 16526940790000003 became 16526940790000004 (read as a double: a 17-digit timetoken needs a 64-bit integer)
        Tests/Vectors/codec/payloads/action-with-user-model.json: action-with-user-model (message-action): lossy: the re-encoding differs from the canonical payload (2 differences)
          /actionTimetoken: timetoken 16526940800000005 became 16526940800000004 (read as a double: a 17-digit timetoken needs a 64-bit integer)
          /parentTimetoken: timetoken 16526940790000001 became 16526940790000000 (read as a double: a 17-digit timetoken needs a 64-bit integer)
        checked 36 vectors under standard: 33 agree, 0 dropped, 0 lenient, 3 lossy, 0 failed

        """

    func testJavaScriptKitOnePayloadPerProcess() throws { try assertJavaScriptKitFindings(batch: false) }

    func testJavaScriptKitBatch() throws { try assertJavaScriptKitFindings(batch: true) }

    /// `node Interop/javascript/decode.mjs` (one payload per process, or `--batch`) gives exactly
    /// ``javascriptFindings``.
    private func assertJavaScriptKitFindings(batch: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try ExternalRuntime.requireCommand("node", install: "apt-get install nodejs", file: file, line: line)
        let script = quoted(Self.kits.appendingPathComponent("javascript/decode.mjs").path)
        let result = try check("node \(script) " + (batch ? "--batch" : "{file}"), batch: batch, file: file, line: line)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, Self.javascriptFindings, file: file, line: line)
    }

    // MARK: JVM

    static let jvmFindings = """
        Tests/Vectors/codec/payloads/message-image-nested-content.json: message-image-nested-content (message): lossy: the re-encoding differs from the canonical payload (1 difference)
          /content/alt: content key `alt` lost (was null)
        Tests/Vectors/codec/payloads/message-custom-every-kind.json: message-custom-every-kind (message): lossy: the re-encoding differs from the canonical payload (1 difference)
          /custom/none: custom key `none` lost (was null)
        Tests/Vectors/codec/payloads/action-timetoken-string.json: action-timetoken-string (message-action): lenient: accepted a payload standard rejects: /actionTimetoken: "actionTimetoken" must be an integer, got string "16526940800000001"
        checked 36 vectors under standard: 33 agree, 0 dropped, 1 lenient, 2 lossy, 0 failed

        """

    /// Compiles the JVM kit (Interop/jvm/build.sh) into the scratch directory; the command that
    /// runs it (Interop/jvm/decode with those classes).
    func buildJVMKit() throws -> String {
        try ExternalRuntime.requireCommand("javac", install: "apt-get install openjdk-17-jdk-headless")
        try ExternalRuntime.requireCommand("java", install: "apt-get install openjdk-17-jdk-headless")
        try requireJackson()
        let classes = work.appendingPathComponent("jvm-classes").path
        let build = try runCapturing(URL(fileURLWithPath: "/bin/sh"), [Self.kits.appendingPathComponent("jvm/build.sh").path, classes])
        XCTAssertEqual(build.status, 0, String(decoding: build.stderr, as: UTF8.self))
        XCTAssertEqual(String(decoding: build.stderr, as: UTF8.self), "", "javac -Xlint:all warns")
        return "CHATPAYLOADS_JVM_CLASSES=\(quoted(classes)) \(quoted(Self.kits.appendingPathComponent("jvm/decode").path))"
    }

    func testJVMKitOnePayloadPerProcess() throws {
        let decode = try buildJVMKit()
        let result = try check("\(decode) {file}", batch: false)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, Self.jvmFindings)
    }

    func testJVMKitBatch() throws {
        let decode = try buildJVMKit()
        let result = try check("\(decode) --batch", batch: true)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, Self.jvmFindings)
    }
}
