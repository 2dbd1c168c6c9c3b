#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Everything the tool knows about the terminal and the process's standard streams: whether a
/// stream is a terminal, whether colour is wanted, and how a closed pipe ends the run.
///
/// All output of the tool goes through ``OutputSink`` values made here, so a reader that goes
/// away (`chatpayloads validate ... | head`) ends the process quietly instead of crashing it.
package enum Terminal {
    /// Ignores `SIGPIPE`, so a write to a closed pipe fails with `EPIPE` (handled by
    /// ``OutputSink``) instead of killing the process with a signal.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether the file descriptor is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether the `NO_COLOR` convention (no-color.org) asks for no colour: the variable is set
    /// and not empty.
    package static var noColorRequested: Bool {
        guard let value = ProcessInfo.processInfo.environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }

    /// The process's standard output.
    package static let standardOutput = OutputSink(fd: 1, isStandardOutput: true)
    /// The process's standard error.
    package static let standardError = OutputSink(fd: 2, isStandardOutput: false)

    /// Ends the process with `status` (standard C streams are flushed).
    package static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// Writes a line to standard error at once (diagnostics about the run, not the report).
    package static func diagnose(_ line: String) {
        standardError.write(line + "\n")
        standardError.flush()
    }
}
