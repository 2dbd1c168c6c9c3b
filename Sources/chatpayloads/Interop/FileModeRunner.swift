import ChatPayloads
import Foundation
import JSONCore

/// Runs the decoder command once per vector: the payload as a file (`{file}`) or on standard
/// input; exit status 0 with output is an acceptance, anything else a rejection, a signal a
/// crash, and the timeout a hang (the process group is killed and the run goes on).
struct FileModeRunner {
    let command: DecoderCommand
    /// Where the payload files are written.
    let directory: URL

    func run(_ vector: CodecVector) -> DecoderResponse {
        let file = directory.appendingPathComponent("\(vector.id).json")
        var shell = command.template
        if command.usesFile {
            do {
                try Data(vector.payload).write(to: file)
            } catch {
                return .failed("could not write the payload file \(file.path): \(error.localizedDescription)")
            }
            shell = command.command(file: file.path, vector: vector)
        } else {
            shell = command.command(file: "", vector: vector)
        }
        let child = ChildProcess(command: shell, environment: command.environment(vector))
        let output = BoundedBuffer(limit: command.maxOutputBytes)
        do {
            try child.start(output: { output.append($0) }, outputEnded: { output.finish() })
        } catch {
            return .failed("could not start /bin/sh: \(error.localizedDescription)")
        }
        child.send(command.usesFile ? [] : vector.payload)
        guard child.waitForExit(seconds: command.timeout) else {
            child.kill()
            return .failed(command.timeoutMessage)
        }
        // The child is gone; its output ends once any process it left behind lets go of the pipe.
        guard output.waitForEnd(seconds: command.timeout) else {
            child.kill()
            return .failed("the command ended but left a process holding its output; \(command.timeoutMessage)")
        }
        _ = child.stderr.waitForEnd(seconds: 1)
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

    /// `: "<last line of standard error>"`, or nothing.
    static func said(_ stderr: BoundedBuffer) -> String {
        guard let line = stderr.lastLine, !line.isEmpty else { return "" }
        return ": \(line)"
    }
}
