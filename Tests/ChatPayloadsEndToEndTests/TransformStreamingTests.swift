import Foundation
import TestSupport
import XCTest

/// The transforms run through the one run loop (`RunLoop`, one job, payloads judged in chunks):
/// a piped payload's problem still reaches standard error while the input is open, and the
/// output keeps input order.
final class TransformStreamingTests: CLITestCase {
    func testNormalizeReportsAPipedProblemWhileTheInputIsOpen() throws {
        let binary = try XCTUnwrap(CLITestCase.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["normalize", "--no-config", "--kind", "user", "--ndjson", "-"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let problems = LineReader(errors.fileHandleForReading)
        let printed = LineReader(output.fileHandleForReading)
        // Each bad line is written, then its error must come back before the next line is
        // written (the writer keeps the pipe open): a run that waited for a full chunk or the
        // end would never answer.
        let user = #"{"id":"u1","name":"Ann","type":"user"}"#
        input.fileHandleForWriting.write(Data((user + "\n").utf8))
        for (k, bad) in ["{oops", #"{"id":1}"#].enumerated() {
            input.fileHandleForWriting.write(Data((bad + "\n").utf8))
            let line = try XCTUnwrap(problems.nextLine(waitingAtMost: 60), "no error for line \(k + 2) while the input is open")
            XCTAssertTrue(line.hasPrefix("<stdin>:\(k + 2):"), line)
            XCTAssertTrue(line.contains(": error: "), line)
        }
        input.fileHandleForWriting.write(Data((#"{"id":"u2","name":"Bo","type":"user"}"# + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        // Unreadable text (line 2) is exit 2, above the invalid line 3's 1.
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertNil(problems.nextLine(waitingAtMost: 60))
        let first = try XCTUnwrap(printed.nextLine(waitingAtMost: 60))
        let second = try XCTUnwrap(printed.nextLine(waitingAtMost: 60))
        XCTAssertTrue(first.contains(#""id":"u1""#), first)
        XCTAssertTrue(second.contains(#""id":"u2""#), second)
        XCTAssertNil(printed.nextLine(waitingAtMost: 60))
    }
}
