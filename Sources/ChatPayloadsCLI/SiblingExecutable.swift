#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The executable installed beside `chatpayloads` (`chatpayloads-store`: the store commands and `serve`)
/// and how the running process replaces itself with one of them, git-style: `execv`, same
/// process id, same standard streams and exit status.
enum SiblingExecutable {
    /// The directory of the running executable (`/proc/self/exe`'s, links resolved).
    static func directory() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else { return nil }
        let path = String(cString: resolved)
        free(resolved)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Replaces the process with `path arguments…` (standard output flushed first); returns
    /// only when it could not, with why (`cannot start <path>: <strerror>`).
    static func replaceProcess(with path: String, arguments: [String]) -> String {
        Terminal.standardOutput.flush()
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        return "cannot start \(path): \(reason)"
    }
}
