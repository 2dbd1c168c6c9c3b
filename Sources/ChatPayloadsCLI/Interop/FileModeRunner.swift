#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ChatPayloads
import Foundation
import JSONCore

/// Runs the decoder command once per vector: the payload as a file (`{file}`) or on standard
/// input; exit status 0 with output is an acceptance, anything else a rejection, a signal a
/// crash, exit status 126/127 a command that cannot be found or run, and the timeout a hang
/// (the process group is killed and the run goes on).
struct FileModeRunner {
    let command: DecoderCommand
    /// The run's private folder (made by ``InteropCheckCommand``) where payload files are written.
    let directory: String

    func run(_ vector: CodecVector) -> DecoderResponse {
        var file = ""
        if command.usesFile {
            file = directory + "/" + vector.id + ".json"
            if let problem = Self.writeNew(file, vector.payload) {
                return .failed("could not write the payload file \(file): \(problem)")
            }
        }
        defer { if !file.isEmpty { _ = unlink(file) } }
        let child = ChildProcess(command: command.command(file: file, vector: vector), environment: command.environment(vector))
        let output = BoundedBuffer(limit: command.maxOutputBytes)
        do throws(ChildProcess.StartError) {
            try child.start(output: { output.append($0) }, outputEnded: { output.finish() })
        } catch {
            return .failed(error.description)
        }
        child.send(command.usesFile ? [] : vector.payload)
        guard child.waitForExit(seconds: command.timeout) else {
            child.kill()
            return .failed(command.timeoutMessage)
        }
        // The child is gone and what it left is killed, so its output ends now, unless a
        // process that escaped holds the pipe: then what was written before the exit counts.
        _ = output.waitForEnd(seconds: min(command.timeout, 2))
        _ = child.stderr.waitForEnd(seconds: 0.5)
        if child.commandNotFound {
            return .failed(Self.notFound(child))
        }
        if let signal = child.crashSignal {
            return .failed("crashed: killed by \(ChildProcess.signalName(signal))\(Self.said(child.stderr))")
        }
        let status = child.termination.status
        if status != 0 {
            return .rejected("exit status \(status)\(Self.said(child.stderr))")
        }
        if output.overflowed {
            return .failed("wrote more than \(command.maxOutputBytes) bytes")
        }
        let bytes = output.bytes
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .rejected("no output\(Self.said(child.stderr))")
        }
        do throws(JSONParseError) {
            return .accepted(try JSONParser.parse(bytes), at: .root)
        } catch {
            return .unreadableOutput("\(error.location): \(error.message)")
        }
    }

    /// `command not found (exit status 127): "<last line of standard error>"`.
    static func notFound(_ child: ChildProcess) -> String {
        let status = child.termination.status
        return "command not found\(status == 126 ? " or not executable" : "") (exit status \(status))\(said(child.stderr))"
    }

    /// `: "<last line of standard error>"`, or nothing.
    static func said(_ stderr: BoundedBuffer) -> String {
        guard let line = stderr.lastLine, !line.isEmpty else { return "" }
        return ": \(line)"
    }

    /// Writes `bytes` to a new file at `path` (never through a link, never over an existing
    /// file); the problem, or nil.
    static func writeNew(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { ChildProcess.closeDescriptor(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return String(cString: strerror(errno)) }
            offset += n
        }
        return nil
    }
}
