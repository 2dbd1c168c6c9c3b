import ChatPayloads
import JSONCore

/// Runs the decoder command once for many vectors (`--batch`): one NDJSON request line per
/// vector on standard input, `{"id","kind","payload"}`; one response line per request on
/// standard output, in order, `{"id","payload"}` (accepted, the re-encoding) or
/// `{"id","error"}` (rejected).
///
/// A vector whose answer does not come within the timeout is reported as timed out, one the
/// command does not answer because it ended is reported as a crash; either way the process
/// group is killed and a new process gets the vectors after it, so the run goes on.
struct BatchRunner {
    let command: DecoderCommand

    /// The responses, in the order of `vectors`.
    func run(_ vectors: [CodecVector]) -> [DecoderResponse] {
        var responses: [DecoderResponse] = []
        responses.reserveCapacity(vectors.count)
        while responses.count < vectors.count {
            let remaining = Array(vectors[responses.count...])
            responses += session(remaining)
        }
        return responses
    }

    /// One process over `vectors`; gives at least one response (the first vector's).
    private func session(_ vectors: [CodecVector]) -> [DecoderResponse] {
        let child = ChildProcess(command: command.template, environment: command.environment(nil))
        var input: [UInt8] = []
        var longestRequest = 0
        for vector in vectors {
            let request = Self.request(vector)
            longestRequest = max(longestRequest, request.count)
            input += request
        }
        let maxLineBytes = Self.maxLineBytes(longestRequest: longestRequest)
        let lines = LineQueue(maxLineBytes: maxLineBytes, maxLines: vectors.count)
        do throws(ChildProcess.StartError) {
            try child.start(output: { lines.append($0) }, outputEnded: { lines.finish() })
        } catch {
            return vectors.map { _ in .failed(error.description) }
        }
        child.send(input)
        var responses: [DecoderResponse] = []
        for vector in vectors {
            switch lines.next(seconds: command.timeout) {
            case .line(let line):
                responses.append(Self.response(line, for: vector))
            case .timeout:
                child.kill()
                responses.append(.failed(command.timeoutMessage))
                return responses
            case .tooLong:
                child.kill()
                responses.append(.failed("answered with a line longer than \(maxLineBytes) bytes"))
                return responses
            case .end:
                let ended = child.waitForExit(seconds: command.timeout)
                if !ended { child.kill() }
                _ = child.stderr.waitForEnd(seconds: 1)
                if ended && child.commandNotFound {
                    responses.append(.failed(FileModeRunner.notFound(child)))
                    return responses
                }
                let how: String
                if !ended {
                    how = "closed its output"
                } else if let signal = child.crashSignal {
                    how = "was killed by \(ChildProcess.signalName(signal))"
                } else {
                    how = "exited with status \(child.termination.status)"
                }
                responses.append(.failed("crashed: the command \(how) before answering\(FileModeRunner.said(child.stderr))"))
                return responses
            }
        }
        // Every vector is answered; let the command go.
        if !child.waitForExit(seconds: command.timeout) { child.kill() }
        let dropped = lines.droppedLines
        if dropped > 0 {
            Terminal.diagnose("warning: the command wrote \(dropped) line\(dropped == 1 ? "" : "s") after its last answer (dropped)")
        }
        return responses
    }

    /// The longest answer line kept: 1 MiB, or 16 times the longest request when that is more.
    static func maxLineBytes(longestRequest: Int) -> Int {
        max(1 << 20, longestRequest.multipliedReportingOverflow(by: 16).partialValue)
    }

    /// `{"id":…,"kind":…,"payload":<the payload's exact bytes on one line>}` and a newline.
    static func request(_ vector: CodecVector) -> [UInt8] {
        var line = Array(#"{"id":"#.utf8) + Array(JSONWriter.quoted(vector.id).utf8)
        line += Array(#","kind":"#.utf8) + Array(JSONWriter.quoted(vector.kind.rawValue).utf8)
        line += Array(#","payload":"#.utf8)
        // Outside strings JSON allows any whitespace, and strings hold no raw line breaks.
        var payload = vector.payload
        while let last = payload.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { payload.removeLast() }
        line += payload.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        line += Array("}\n".utf8)
        return line
    }

    /// Reads one response line.
    static func response(_ line: [UInt8], for vector: CodecVector) -> DecoderResponse {
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONParser.parse(line)
        } catch {
            return .failed("answered with a line that is not JSON (\(error.message)): \(String(decoding: line.prefix(120), as: UTF8.self))")
        }
        guard case .object(let object) = document.root else {
            return .failed("answered with \(document.root.shortDescription), not a response object")
        }
        if let id = object["id"]?.stringValue, !id.scalarsEqual(vector.id) {
            return .failed("answered for vector \(JSONWriter.quoted(id)) where \(JSONWriter.quoted(vector.id)) was due (answers must come in request order)")
        }
        if object["payload"] != nil {
            return .accepted(document, at: JSONPointer(tokens: ["payload"]))
        }
        if let error = object["error"] {
            return .rejected(error.stringValue ?? error.shortDescription)
        }
        return .failed("answered without \"payload\" or \"error\"")
    }
}
