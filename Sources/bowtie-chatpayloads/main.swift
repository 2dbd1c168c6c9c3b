import Foundation
import JSONCore

// The Bowtie harness (https://bowtie.report): reads Bowtie's commands from standard input, one
// JSON object per line, and answers each on standard output (BowtieHarness). Runs on a thread
// with a large stack, as the CLI does, so that the deepest evaluation the validator's limits
// allow fits. Exit status: 0 after "stop" or at the end of input, 2 on a protocol error.

let harnessVersion = "0.9.0"

final class ExitStatus: @unchecked Sendable {
    private let condition = NSCondition()
    private var status: Int32?
    func set(_ value: Int32) { condition.lock(); status = value; condition.signal(); condition.unlock() }
    func wait() -> Int32 {
        condition.lock()
        defer { condition.unlock() }
        while status == nil { condition.wait() }
        return status ?? 2
    }
}

func serve() -> Int32 {
    var harness = BowtieHarness(version: harnessVersion)
    while let line = readLine(strippingNewline: true) {
        if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
        let command: JSONValue
        do {
            command = try JSONParser.parse(Array(line.utf8)).root
        } catch {
            FileHandle.standardError.write(Data("bowtie-chatpayloads: a command line is not JSON: \(error)\n".utf8))
            return 2
        }
        do throws(BowtieHarness.ProtocolError) {
            switch try harness.handle(command) {
            case .respond(let response):
                var bytes = JSONWriter.bytes(response, options: .compact)
                bytes.append(0x0A)
                FileHandle.standardOutput.write(Data(bytes))
            case .stop:
                return 0
            }
        } catch {
            FileHandle.standardError.write(Data("bowtie-chatpayloads: \(error.description)\n".utf8))
            return 2
        }
    }
    return 0
}

let exitStatus = ExitStatus()
let thread = Thread { exitStatus.set(serve()) }
thread.stackSize = 64 << 20
thread.name = "bowtie-harness"
thread.start()
exit(exitStatus.wait())
