#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GRDBSQLite

/// How a store file is opened when it cannot be written: whether it can be, and the SQLite URI
/// that opens it `immutable=1` (no locks, no `-wal` / `-shm` file created beside it).
enum StoreFileAccess {
    /// Whether the file at `path` and its folder can both be written: `access(2)` grants it and
    /// each has a write permission bit (a file or folder made `0444` / `0555` counts as read-only
    /// even for root, whom `access` never refuses). SQLite creates the `-wal` and `-shm` files in
    /// the folder and writes the file, so either one read-only makes the store read-only.
    static func isWritable(path: String) -> Bool {
        writable(path) && writable(folder(of: path))
    }

    /// Whether a read-only open of `path` should be immutable: the file or its folder cannot
    /// be written, unless the folder can and a non-empty `-wal` holds committed transactions the
    /// file does not have yet (an immutable open would not read them; a plain read-only open can,
    /// creating the `-shm` it needs).
    static func readsImmutable(path: String) -> Bool {
        if isWritable(path: path) { return false }
        var info = stat()
        let walHoldsData = stat(path + "-wal", &info) == 0 && info.st_size > 0
        return !(walHoldsData && writable(folder(of: path)))
    }

    private static func writable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Whether the SQLite library reads `file:` URIs in the names it opens (built with
    /// `SQLITE_USE_URI`; GRDB does not pass `SQLITE_OPEN_URI`).
    static let supportsURI: Bool = sqlite3_compileoption_used("USE_URI") != 0

    /// The `file:` URI that opens `path` read-only and immutable, or nil when this SQLite library
    /// takes no URIs. Relative paths are made absolute; `%`, `?` and `#` are escaped.
    static func immutableURI(path: String) -> String? {
        guard supportsURI else { return nil }
        var absolute = path
        if !absolute.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return nil }
            let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            absolute = (cwd.hasSuffix("/") ? cwd : cwd + "/") + absolute
        }
        var escaped = ""
        for scalar in absolute.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "file://" + escaped + "?immutable=1"
    }
}
