import Foundation
import XCTest

/// A program or package outside Swift that some tests drive: Node and a JDK with Jackson (the
/// decoder kits of `Interop/`), Chromium with its driver and Selenium (the playground page),
/// schemathesis (the OpenAPI document), python-jsonschema and the report checkers, Dask.
///
/// A test whose runtime is missing is **skipped with a message naming what to install**, so the
/// test command passes on a machine with only the Swift toolchain; under CI (`CI` set to anything
/// but empty, `0` or `false`: `.ci/run` sets `CI=1`, CI services set `CI=true`) it **fails**
/// instead, so CI never skips one silently. `.ci/run` installs every runtime named here.
enum ExternalRuntime {
    /// Whether this run must have every runtime (CI).
    static var isRequired: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// Skips the test (or, under CI, fails it) unless `present`, naming `what` and how to install it.
    static func require(
        _ present: Bool, _ what: String, install: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard !present else { return }
        let message = "\(what) is not installed (\(install))"
        if isRequired {
            XCTFail(message + "; CI requires it", file: file, line: line)
            throw Missing(message: message)
        }
        throw XCTSkip(message + "; skipped", file: file, line: line)
    }

    /// Whether `name` is an executable file in a directory of `PATH`.
    static func hasCommand(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { directory in
            FileManager.default.isExecutableFile(atPath: String(directory) + "/" + name)
        }
    }

    /// Whether `python3` imports every one of `modules`.
    static func hasPythonModules(_ modules: [String]) -> Bool {
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
    struct Missing: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
