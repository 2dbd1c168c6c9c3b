import ArgumentParser
import ChatPayloads
import Foundation

/// `chatpayloads interop vectors`: writes the codec vectors (`vectors.json` and
/// `payloads/<id>.json`), computed from the catalog with the Swift validator and codec.
struct InteropVectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Write the codec vectors (vectors.json and payloads/) into a directory.",
        discussion: """
            The vectors in this repository are Tests/Vectors/codec; regenerate them with
              swift run chatpayloads interop vectors --output Tests/Vectors/codec
            (CodecVectorTests fails when the checked-in files are stale). Payload files of \
            vectors no longer in the catalog are removed from payloads/.

            EXIT STATUS:
              0   the files were written
              2   a file could not be written
              3   a bundled schema does not compile
              64  usage error
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir"))
    var output: String

    mutating func run() throws {
        let files: [(path: String, bytes: [UInt8])]
        do throws(ChatPayloadsError) {
            files = try CodecVectorGenerator.files()
        } catch {
            Terminal.diagnose("error: \(error.description)")
            throw ExitStatus.schemaOrConfig.exitCode
        }
        let root = URL(fileURLWithPath: output, isDirectory: true)
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: root.appendingPathComponent("payloads"), withIntermediateDirectories: true)
            let keep = Set(files.map(\.path))
            for name in try fm.contentsOfDirectory(atPath: root.appendingPathComponent("payloads").path)
            where name.hasSuffix(".json") && !keep.contains("payloads/\(name)") {
                try fm.removeItem(at: root.appendingPathComponent("payloads").appendingPathComponent(name))
            }
            for file in files {
                try Data(file.bytes).write(to: root.appendingPathComponent(file.path))
            }
        } catch {
            Terminal.diagnose("error: \(output): \(error.localizedDescription)")
            throw ExitStatus.unreadable.exitCode
        }
        Terminal.standardOutput.write("wrote \(files.count - 1) codec vectors to \(output)\n")
        Terminal.standardOutput.flush()
    }
}
