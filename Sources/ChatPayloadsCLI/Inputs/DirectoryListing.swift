#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a directory: its name and the type the listing reports (no `stat` needed).
struct DirectoryEntry: Sendable {
    /// What the listing says an entry is (`d_type`).
    enum EntryType: Sendable {
        case regular
        case directory
        case symbolicLink
        /// A FIFO, socket or device: a file to the walk.
        case other
        /// The file system does not say (`DT_UNKNOWN`): ask `lstat`.
        case unknown
    }

    /// The entry's name (no `/`; never `.` or `..`).
    let name: String
    /// Its type as listed.
    let type: EntryType
}

/// Lists a directory with `opendir`/`readdir`: one pass over the entries, each with the type the
/// file system already returned, so a walk needs no `stat` for plain files and directories.
enum DirectoryListing {
    /// The entries of `path` except `.` and `..`, in the order the file system returns them;
    /// nil when the directory cannot be opened or read.
    static func entries(of path: String) -> [DirectoryEntry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        var out: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else { break }
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            out.append(DirectoryEntry(name: name, type: entryType(Int32(entry.pointee.d_type))))
        }
        return errno == 0 ? out : nil
    }

    /// Whether the entries of `directory` can be looked up (`stat`) by this process: search
    /// permission (`x`) on it, for the effective user.
    static func isSearchable(_ directory: String) -> Bool {
        faccessat(AT_FDCWD, directory, X_OK, AT_EACCESS) == 0
    }

    private static func entryType(_ type: Int32) -> DirectoryEntry.EntryType {
        switch type {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN): return .unknown
        default: return .other
        }
    }
}
