#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity, its device and inode: two paths (a hard link, a symbolic link, `./x` and
/// `x`) name the same file exactly when their identities are equal.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (symbolic links followed); nil when there is none.
    static func of(path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The identity of the regular file open on `fd` (standard input redirected from a file);
    /// nil for a pipe, a terminal or a closed descriptor.
    static func ofRegularFile(descriptor fd: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    private init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}

/// The rule that an `--output` file is never one of the run's inputs: checked before anything
/// is opened for writing, so a report can never truncate the payloads it is about.
enum OutputOverwriteGuard {
    /// The name of the input `output` is (the same file by device and inode), or nil when it is
    /// none of them (or does not exist yet).
    static func input(overwrittenBy output: String, inputs: [InputFile]) -> String? {
        guard let target = FileIdentity.of(path: output) else { return nil }
        for input in inputs {
            switch input.source {
            case .path(let path):
                if FileIdentity.of(path: path) == target { return input.displayPath }
            case .standardInput:
                if FileIdentity.ofRegularFile(descriptor: 0) == target { return input.displayPath }
            case .missing:
                continue
            }
        }
        return nil
    }

    /// The name of the file among `paths` that `output` is, or nil.
    static func path(overwrittenBy output: String, among paths: [String]) -> String? {
        guard let target = FileIdentity.of(path: output) else { return nil }
        return paths.first { FileIdentity.of(path: $0) == target }
    }

    /// The diagnostic for an `--output` that names an input.
    static func message(output: String, input: String) -> String {
        let same = InputCollector.normalize(output) == InputCollector.normalize(input) ? "" : " (the same file as \(input))"
        return "error: --output \(output) is an input of this run\(same); refusing to write the report over it"
    }
}
