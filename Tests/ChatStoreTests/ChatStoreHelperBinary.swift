import Foundation
import TestSupport

/// The `chatstore-crashwriter` helper built beside the test bundle, and a way to run it.
enum HelperBinary {
    static let url = TestPaths.builtExecutable(named: "chatstore-crashwriter")

    /// Runs `executable arguments` to completion; returns its exit status and standard output.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
