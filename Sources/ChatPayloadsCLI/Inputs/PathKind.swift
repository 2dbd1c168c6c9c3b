#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as the input collector sorts it.
enum PathKind: Sendable, Equatable {
    /// A regular file, or anything else that is not a directory (a FIFO, a device).
    case file
    /// A directory.
    case directory
    /// A symbolic link whose target does not exist (or cannot be reached).
    case danglingLink

    /// What `path` is, following symbolic links (a dangling link is its own kind); nil when it
    /// names nothing. One `stat`; an `lstat` more only when that fails.
    static func of(_ path: String) -> PathKind? {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file }
        return isSymbolicLink(path) ? .danglingLink : nil
    }

    /// What a listed entry at `path` is and whether it is a symbolic link: the listing's type
    /// when it tells, else `lstat` (and `stat` for a link's target).
    static func of(entry type: DirectoryEntry.EntryType, at path: String) -> (kind: PathKind?, link: Bool) {
        switch type {
        case .regular, .other: return (.file, false)
        case .directory: return (.directory, false)
        case .symbolicLink: return (of(path), true)
        case .unknown:
            var info = stat()
            guard lstat(path, &info) == 0 else { return (nil, false) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return (of(path), true)
            case S_IFDIR: return (.directory, false)
            default: return (.file, false)
            }
        }
    }

    /// Whether `path` itself is a symbolic link (not followed).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
