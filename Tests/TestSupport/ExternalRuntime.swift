import Foundation
import XCTest

/// A program or package outside Swift that some tests drive: Node and a JDK with Jackson (the
/// decoder kits of `Interop/`), Chromium with its driver and Selenium (the playground page),
/// schemathesis (the OpenAPI document), python-jsonschema, Bowtie and the report checkers, Dask,
/// and python3 itself.
///
/// A test whose runtime is missing is **skipped with a message naming what to install**, so the
/// test command passes on a machine with only the Swift toolchain; under CI (`CI` set to anything
/// but empty, `0` or `false`: `.ci/run` sets `CI=1`, CI services set `CI=true`) it **fails**
/// instead, so CI never skips one silently. `.ci/run` installs every runtime named here.
/// Commands are looked up in `PATH` (and Python modules with the `python3` found there), as the
/// tests then run them, so a `PATH` without a tool shows what its tests do without it.
public enum ExternalRuntime {
    /// Whether this run must have every runtime (CI).
    public static var isRequired: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// Skips the test (or, under CI, fails it) unless `present`, naming `what` and how to install it.
    public static func require(
        _ present: Bool, _ what: String, install: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard !present else { return }
        let message = "\(what): not installed (\(install))"
        if isRequired {
            XCTFail(message + "; CI requires it", file: file, line: line)
            throw Missing(message: message)
        }
        throw XCTSkip(message + "; skipped", file: file, line: line)
    }

    /// ``require(_:_:install:file:line:)`` for the command `name` in `PATH`.
    public static func requireCommand(_ name: String, install: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try require(hasCommand(name), name, install: install, file: file, line: line)
    }

    /// ``require(_:_:install:file:line:)`` for `python3` and the `modules` it must import
    /// (`what` names the packages that hold them).
    public static func requirePythonModules(
        _ modules: [String], _ what: String, install: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try requirePython3(file: file, line: line)
        try require(hasPythonModules(modules), what, install: install, file: file, line: line)
    }

    /// ``require(_:_:install:file:line:)`` for `python3` (the standard library is all these tests need of it).
    public static func requirePython3(file: StaticString = #filePath, line: UInt = #line) throws {
        try requireCommand("python3", install: "apt-get install python3", file: file, line: line)
    }

    /// Whether `name` is an executable file in a directory of `PATH`.
    public static func hasCommand(_ name: String) -> Bool { commandURL(name) != nil }

    /// The executable file `name` in the first directory of `PATH` that has one.
    public static func commandURL(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether `python3` imports every one of `modules`.
    public static func hasPythonModules(_ modules: [String]) -> Bool {
        guard hasCommand("python3") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// A runtime missing where it is required (CI): the test has failed, this ends it.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to install it.
        public let message: String
        public var description: String { message }
    }
}
