#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import ChatPayloads
import Foundation
import JSONCore

/// `chatpayloads interop vectors`: writes the codec vectors (`vectors.json` and
/// `payloads/<id>.json`), computed from the catalog with the Swift validator and codec.
struct InteropVectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Write the codec vectors (vectors.json and payloads/) into a directory.",
        discussion: """
            The vectors in this repository are Tests/Vectors/codec; regenerate them with
              swift run chatpayloads interop vectors --output Tests/Vectors/codec
            (CodecVectorTests fails when the checked-in files are stale). Payload files that \
            the directory's previous vectors.json listed and the catalog no longer has are \
            removed from payloads/; no other file is touched. Each file is written new and \
            renamed into place (a symbolic link named vectors.json is replaced, never written \
            through); a payloads/ that is a symbolic link is refused.

            EXIT STATUS:
              0   the files were written
              2   a file could not be written, or --output is not a directory
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
        if let problem = VectorsFolder.write(files, into: output) {
            Terminal.diagnose(TextReporter.displayable("error: \(problem)"))
            throw ExitStatus.unreadable.exitCode
        }
        Terminal.standardOutput.write("wrote \(files.count - 1) codec vectors to \(TextReporter.displayable(output))\n")
        Terminal.standardOutput.flush()
    }
}

/// Writing the vectors' files into a folder the user names, touching only the tool's own files.
enum VectorsFolder {
    /// Writes `files` (`vectors.json`, `payloads/<id>.json`) under `root`; the problem, or nil.
    static func write(_ files: [(path: String, bytes: [UInt8])], into root: String) -> String? {
        switch kind(root, followingLinks: true) {
        case .directory: break
        case .missing:
            do {
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            } catch {
                return "\(root): cannot create the directory: \(error.localizedDescription)"
            }
        case .link, .other: return "\(root) is not a directory"
        }
        let payloads = root + "/payloads"
        switch kind(payloads, followingLinks: false) {
        case .directory: break
        case .missing:
            guard mkdir(payloads, 0o755) == 0 else { return "\(payloads): cannot create the directory: \(String(cString: strerror(errno)))" }
        case .link: return "\(payloads) is a symbolic link; refusing to write or delete through it"
        case .other: return "\(payloads) is not a directory"
        }
        let keep = Set(files.map(\.path))
        for stale in previousPayloads(root) where !keep.contains(stale) {
            // Only a regular file the previous index listed; unlink never follows a link.
            if kind(root + "/" + stale, followingLinks: false) == .other { _ = unlink(root + "/" + stale) }
        }
        for file in files {
            if let problem = replace(root + "/" + file.path, with: file.bytes) { return problem }
        }
        return nil
    }

    enum Kind { case directory, link, other, missing }

    static func kind(_ path: String, followingLinks: Bool) -> Kind {
        var info = stat()
        let found = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard found == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The payload files (`payloads/<name>.json`) the folder's current `vectors.json` lists,
    /// when it is a regular file; names with `/` or starting with a dot are ignored.
    static func previousPayloads(_ root: String) -> [String] {
        let index = root + "/vectors.json"
        guard kind(index, followingLinks: false) == .other, let data = FileManager.default.contents(atPath: index),
            let document = try? JSONParser.parse(Array(data)), let entries = document.root["vectors"]?.arrayValue
        else { return [] }
        return entries.compactMap { entry in
            guard let path = entry["payload"]?.stringValue, path.hasPrefix("payloads/"), path.hasSuffix(".json") else { return nil }
            let name = path.dropFirst("payloads/".count)
            return name.contains("/") || name.hasPrefix(".") ? nil : path
        }
    }

    /// Writes `bytes` to a new hidden file beside `path` and renames it over `path` (a link
    /// there is replaced, not followed); the problem, or nil.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(folder).\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        if let problem = FileModeRunner.writeNew(temporary, bytes) {
            return "\(path): cannot write: \(problem)"
        }
        _ = chmod(temporary, 0o644)
        guard rename(temporary, path) == 0 else {
            let problem = String(cString: strerror(errno))
            _ = unlink(temporary)
            return "\(path): cannot write: \(problem)"
        }
        return nil
    }
}
