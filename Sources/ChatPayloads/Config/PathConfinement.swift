#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import JSONCore

/// Keeps file references inside a directory the user named (no ambient authority): the rule
/// for the config's `custom-schemas` and `files:` schema paths, and for the CLI's
/// `--resource-dir` walk.
///
/// A reference is refused when it is absolute, when it climbs out of the directory with `..`,
/// or when a symbolic link on its way leads outside the directory (judged on real paths, so
/// links inside the directory, and a directory that is itself reached through a link, are fine).
package enum PathConfinement {
    /// Why a reference is refused.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// An absolute path.
        case absolute
        /// A relative path whose `..` components climb out of the directory.
        case climbsOut
        /// A symbolic link leads outside the directory, to this real path.
        case linkLeadsOutside(realPath: String)

        /// Why, for messages: "absolute paths are not allowed" and so on.
        package var description: String {
            switch self {
            case .absolute: return "absolute paths are not allowed"
            case .climbsOut: return "the path leads outside the directory with '..'"
            case .linkLeadsOutside(let real): return "a symbolic link leads outside the directory (to \(real))"
            }
        }
    }

    /// Whether `reference` may name a file below its directory by its text alone: relative, and
    /// never climbing above the directory with `..` (`a/../b.json` is fine, `../b.json` is not).
    package static func lexicalRefusal(of reference: String) -> Refusal? {
        if reference.hasPrefix("/") { return .absolute }
        var depth = 0
        for component in reference.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                depth -= 1
                if depth < 0 { return .climbsOut }
            default:
                depth += 1
            }
        }
        return nil
    }

    /// `reference` resolved against `directory` (the path to read), or why it is refused: the
    /// lexical rule, then the real path of the result must lie inside the real path of the
    /// directory. A file that does not exist is judged by its deepest existing ancestor.
    package static func resolve(_ reference: String, in directory: String) -> Result<String, Refusal> {
        if let refusal = lexicalRefusal(of: reference) { return .failure(refusal) }
        let path = normalize(absolute(directory) + "/" + reference)
        let real = realPath(path)
        guard isWithin(real, directory: realPath(absolute(directory))) else { return .failure(.linkLeadsOutside(realPath: real)) }
        return .success(path)
    }

    /// Why a confined file cannot be read: refused by the rule, or not readable at all.
    package enum OpenFailure: Error, Sendable, CustomStringConvertible {
        /// The reference breaks the rule.
        case refused(Refusal)
        /// The file cannot be opened (missing, a directory, no permission...).
        case unreadable(String)

        /// The refusal's or the read failure's text.
        package var description: String {
            switch self {
            case .refused(let r): return r.description
            case .unreadable(let message): return message
            }
        }
    }

    /// Opens `reference` (relative to `directory`) for reading, judging the file that was
    /// actually opened: the lexical rule first, then the real path of the open descriptor
    /// must lie inside the real path of the directory. A link swapped after an earlier check
    /// (``resolve(_:in:)``) is caught here, because what is judged is what will be read.
    package static func openFile(_ reference: String, in directory: String) throws(OpenFailure) -> ByteReader {
        if let refusal = lexicalRefusal(of: reference) { throw .refused(refusal) }
        return try openFile(atPath: normalize(absolute(directory) + "/" + reference), within: directory)
    }

    /// Opens the absolute `path` for reading when the file it opens lies inside `directory`
    /// (real paths compared, judged on the open descriptor; see ``openFile(_:in:)``).
    package static func openFile(atPath path: String, within directory: String) throws(OpenFailure) -> ByteReader {
        let reader: ByteReader
        do throws(ByteReader.Failure) {
            reader = try ByteReader.open(path: path)
        } catch {
            // A dangling link that points outside is still a refusal, not a missing file.
            let real = realPath(path)
            if !isWithin(real, directory: realPath(absolute(directory))) { throw .refused(.linkLeadsOutside(realPath: real)) }
            throw .unreadable(error.message)
        }
        let opened = reader.openedRealPath() ?? realPath(path)
        guard isWithin(opened, directory: realPath(absolute(directory))) else { throw .refused(.linkLeadsOutside(realPath: opened)) }
        return reader
    }

    /// Whether `path` is `directory` or lies below it (both absolute and normalized, compared as
    /// written: pass real paths to judge links).
    package static func isWithin(_ path: String, directory: String) -> Bool {
        let dir = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if dir == "/" { return path.hasPrefix("/") }
        return path == dir || path.hasPrefix(dir + "/")
    }

    /// The real path of `path` (absolute, or relative to the working directory): every symbolic
    /// link, `.` and `..` resolved. A missing tail is kept, normalized, below the real path of
    /// its deepest existing ancestor; a dangling symbolic link on the way is followed to where it
    /// leads (where creating or opening the file through it would land), so a link to a missing
    /// file outside a directory is judged outside. A chain of more than 40 links (a loop) is kept
    /// as written, below the root's `/..loop` marker, which lies inside no directory but `/`.
    package static func realPath(_ path: String) -> String {
        realPath(path, links: 0)
    }

    /// The most dangling links ``realPath(_:)`` follows in a row (Linux's own limit).
    static let maxLinkHops = 40

    private static func realPath(_ path: String, links: Int) -> String {
        var missing: [Substring] = []
        var existing = normalize(absolute(path))
        while true {
            if let resolved = systemRealPath(existing) {
                if missing.isEmpty { return resolved }
                return normalize(resolved + "/" + missing.reversed().joined(separator: "/"))
            }
            if let target = danglingLinkTarget(existing) {
                guard links < maxLinkHops else { return "/..loop" + existing }
                // Relative targets are read from the link's folder, itself resolved first (a
                // `..` in the target then climbs from the real folder, as the kernel does).
                let slash = existing.lastIndex(of: "/") ?? existing.startIndex
                let folder = slash == existing.startIndex ? "/" : String(existing[..<slash])
                let base = target.hasPrefix("/") ? target : realPath(folder, links: links + 1) + "/" + target
                let rest = missing.reversed().joined(separator: "/")
                return realPath(rest.isEmpty ? base : base + "/" + rest, links: links + 1)
            }
            guard existing != "/", let slash = existing.lastIndex(of: "/") else { return normalize(absolute(path)) }
            missing.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// The target of the symbolic link at `path` (not followed), or nil when `path` is not one.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` made absolute against the working directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// An absolute path without empty or `.` components, `..` folded (never above the root).
    static func normalize(_ path: String) -> String {
        var out: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !out.isEmpty { out.removeLast() }
            default: out.append(component)
            }
        }
        return "/" + out.joined(separator: "/")
    }

    private static func systemRealPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
