#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finds and kills what a decoder command left running outside its process group.
///
/// Every command `interop check` starts gets `CHATPAYLOADS_INTEROP_PROCESS=<run>/<n>` in its
/// environment, and its descendants inherit it, also those that start a session of their own
/// (`setsid`, a daemon's double fork) and so escape the process group. On Linux the processes
/// of the user are looked up in `/proc/<pid>/environ`, and those that carry the marker are
/// killed. Not covered: a descendant that cleared or replaced its environment before `exec`
/// (`env -i`), one running as another user, and on systems without `/proc` (macOS) anything
/// outside the process group.
enum DescendantSweep {
    /// The environment variable that marks a command's descendants.
    static let variable = "CHATPAYLOADS_INTEROP_PROCESS"

    /// This run's part of the marker (the tool's process id and a random number).
    private static let run = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    private static let counter = Counter()

    /// A fresh marker value for one command.
    static func nextMarker() -> String {
        "\(run)/\(counter.next())"
    }

    /// Kills (SIGKILL) every process whose environment holds `marker` (one command's
    /// descendants), or with `marker` nil every process of this run's commands.
    static func kill(marker: String?) {
        #if os(Linux)
        let needle = Array("\(variable)=\(marker ?? run + "/")".utf8)
        let exact = marker != nil
        let me = getpid()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for name in names {
            guard let pid = pid_t(name), pid > 1, pid != me, let environ = readEnviron(pid) else { continue }
            if carries(environ, needle, exact: exact) { ChildProcess.signalProcess(pid, SIGKILL) }
        }
        #endif
    }

    /// Whether a NUL-separated environment block holds an entry equal to `needle` (`exact`) or
    /// starting with it.
    static func carries(_ environ: [UInt8], _ needle: [UInt8], exact: Bool) -> Bool {
        for entry in environ.split(separator: 0, omittingEmptySubsequences: true) where entry.starts(with: needle) {
            if !exact || entry.count == needle.count { return true }
        }
        return false
    }

    /// `/proc/<pid>/environ` (at most 256 KiB), nil when it cannot be read (another user's).
    private static func readEnviron(_ pid: pid_t) -> [UInt8]? {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { ChildProcess.closeDescriptor(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < 256 * 1024 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
