import Foundation
import XCTest
import TestSupport

/// The GitHub Action's install step (`action.yml`, docs/ci.md), run by `Tests/Dist/run-action.py`
/// as a runner would: by default it installs the wheel of the GitHub release `vVERSION` of the
/// action's own repository, VERSION being what the action's checkout declares; `version`,
/// `repository` and `wheel` change that; a failed install says to pass `wheel`. `pip` is a stand-in
/// here that records what it was asked to install (the release does not exist yet), and the
/// validate step runs the built binary. `Scripts/dist-check` runs the same steps with a real wheel.
final class ActionInstallTests: CLITestCase {
    static let root = CLITestCase.repositoryRoot

    /// What one run of the action gave: its status, its output, and the arguments `pip` got.
    struct ActionRun {
        let status: Int32
        let output: String
        let pip: String
    }

    /// Runs the action with `inputs` on the bundled valid message, the action checked out at
    /// `actionPath` (relative to the scratch folder) and `pip` ending with `pipStatus`.
    func runAction(_ inputs: [String], actionPath: String, repositoryVariable: String = "", pipStatus: Int = 0) throws -> ActionRun {
        let python = try XCTUnwrap(Self.realPython, "python3 is not on PATH")
        let binary = try XCTUnwrap(CLITestCase.binary, "the chatpayloads binary was not found; build it first (swift build)")
        let bin = work.appendingPathComponent("bin")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("chatpayloads"), withDestinationURL: binary)
            // The stand-in for `python3 -m pip install ...`: the steps call nothing else of python3.
            try write("bin/python3", "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \"$PIP_LOG\"\nexit \"$PIP_STATUS\"\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("python3").path)
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Schemas"), to: work.appendingPathComponent("Schemas"))
        }
        let log = work.appendingPathComponent("pip.log")
        try? FileManager.default.removeItem(at: log)
        let result = try runCapturing(
            URL(fileURLWithPath: python),
            [Self.root.appendingPathComponent("Tests/Dist/run-action.py").path, Self.root.appendingPathComponent("action.yml").path,
             "paths=Schemas/examples/message.json", "schema=message"] + inputs,
            environment: [
                "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "GITHUB_ACTION_PATH": work.appendingPathComponent(actionPath).path,
                "GITHUB_ACTION_REPOSITORY": repositoryVariable,
                "PIP_LOG": log.path, "PIP_STATUS": String(pipStatus),
            ])
        let pip = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return ActionRun(status: result.status, output: String(decoding: result.stdout + result.stderr, as: UTF8.self), pip: pip)
    }

    /// The interpreter of this process's `python3` (the one with PyYAML), by its own path: a
    /// launcher such as pyenv's shim would put its folder first on the steps' `PATH`, ahead of the
    /// stand-in.
    static let realPython: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    override func setUpWithError() throws {
        try super.setUpWithError()
        try ExternalRuntime.require(
            ExternalRuntime.hasPythonModules(["yaml"]), "PyYAML (Tests/Dist/run-action.py reads action.yml with it)",
            install: "apt-get install python3-yaml, or pip install pyyaml")
    }

    /// The action checked out as the runner does, `_actions/OWNER/NAME/REF`, with the version file.
    func checkOutAction(_ relativePath: String) throws {
        let file = "Sources/ChatPayloadsCLI/ChatPayloadsCommand.swift"
        let target = work.appendingPathComponent(relativePath).appendingPathComponent(file)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent(file), to: target)
    }

    /// The version the built binary reports, the first word of `--version`.
    func builtVersion() throws -> String {
        let version = try run(["--version"])
        return try XCTUnwrap(version.stdout.split(separator: " ").first.map(String.init))
    }

    func testDefaultInstallsTheReleaseWheelOfTheActionsOwnRepositoryAndVersion() throws {
        try checkOutAction("_actions/acme/chatpayloads/v0.1.0")
        let version = try builtVersion()
        let result = try runAction([], actionPath: "_actions/acme/chatpayloads/v0.1.0")
        XCTAssertEqual(result.status, 0, result.output)
        let url = "https://github.com/acme/chatpayloads/releases/download/v\(version)/chatpayloads-\(version)-py3-none-manylinux_2_35_x86_64.whl"
        XCTAssertEqual(result.pip, "-m pip install --disable-pip-version-check --quiet \(url)\n", result.output)
        XCTAssertTrue(result.output.contains("installing \(url)"), result.output)
        XCTAssertTrue(result.output.contains("checked 1 payload in 1 input: 1 valid, 0 invalid, 0 unreadable"), result.output)
    }

    func testVersionAndRepositoryInputsAndTheRunnersVariable() throws {
        try checkOutAction("_actions/acme/chatpayloads/main")
        let named = try runAction(["version=2.3.4", "repository=fork/chatpayloads"], actionPath: "_actions/acme/chatpayloads/main")
        XCTAssertEqual(named.status, 0, named.output)
        XCTAssertTrue(named.pip.hasSuffix(" https://github.com/fork/chatpayloads/releases/download/v2.3.4/chatpayloads-2.3.4-py3-none-manylinux_2_35_x86_64.whl\n"), named.pip)
        // GITHUB_ACTION_REPOSITORY, when the runner sets it, wins over the checkout folder.
        let variable = try runAction([], actionPath: "_actions/acme/chatpayloads/main", repositoryVariable: "chatpayloads/chatpayloads")
        XCTAssertEqual(variable.status, 0, variable.output)
        XCTAssertTrue(variable.pip.contains(" https://github.com/chatpayloads/chatpayloads/releases/download/v"), variable.pip)
    }

    func testWheelInputIsInstalledAsGiven() throws {
        let result = try runAction(["wheel=dist/chatpayloads-0.1.0-py3-none-manylinux_2_35_x86_64.whl"], actionPath: "nowhere")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.pip, "-m pip install --disable-pip-version-check --quiet dist/chatpayloads-0.1.0-py3-none-manylinux_2_35_x86_64.whl\n")
    }

    /// No release yet: the install fails, and says to pass `wheel`; validation does not run.
    func testAMissingReleaseFailsNamingTheWheelInput() throws {
        try checkOutAction("_actions/acme/chatpayloads/v0.1.0")
        let result = try runAction([], actionPath: "_actions/acme/chatpayloads/v0.1.0", pipStatus: 1)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("::error title=chatpayloads action::cannot install https://github.com/acme/chatpayloads/releases/download/v"), result.output)
        XCTAssertTrue(result.output.contains("Until it is, pass wheel"), result.output)
        XCTAssertFalse(result.output.contains("--- step: Validate"), result.output)
    }

    /// A local action (no `_actions/OWNER/NAME/REF` folder, no variable) cannot tell its repository.
    func testAnUnknownRepositoryFailsNamingTheInputs() throws {
        try checkOutAction("local")
        let result = try runAction([], actionPath: "local")
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("cannot tell which repository's release to install (a local action?): pass repository (OWNER/NAME) or wheel"), result.output)
        XCTAssertEqual(result.pip, "")
    }
}
