#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One run of a shell command (`/bin/sh -c`) with piped standard streams, for `interop check`.
///
/// Standard input is written from a thread of its own (a child that never reads it cannot block
/// the run); standard output and error are read by threads into bounded buffers. On Linux the
/// child leads a process group of its own (Foundation's `Process` spawns it so), and ``kill()``
/// ends the whole group, so a shell's children go too.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let stdinPipe = Pipe()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let exited = DispatchSemaphore(value: 0)
    /// Standard error, its last 16 KiB.
    let stderr = BoundedBuffer(limit: 16 * 1024, keepTail: true)

    /// Prepares `/bin/sh -c command` with `environment` added to the tool's.
    init(command: String, environment: [String: String]) {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
    }

    /// Starts the command; standard output goes to `output` (a reader thread feeds it).
    func start(output: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void, outputEnded: @escaping @Sendable () -> Void) throws {
        try process.run()
        // Each thread holds its handle, so the descriptor stays open (and is not reused) while it reads.
        let outHandle = stdoutPipe.fileHandleForReading
        let errHandle = stderrPipe.fileHandleForReading
        let stderr = self.stderr
        Thread.detachNewThread {
            ChildProcess.drain(outHandle.fileDescriptor, into: output)
            outputEnded()
            try? outHandle.close()
        }
        Thread.detachNewThread {
            ChildProcess.drain(errHandle.fileDescriptor) { stderr.append($0) }
            stderr.finish()
            try? errHandle.close()
        }
    }

    /// Writes `bytes` to the child's standard input from a thread, then closes it. A child that
    /// exits without reading ends the writing (the tool ignores `SIGPIPE`).
    func send(_ bytes: [UInt8]) {
        let handle = stdinPipe.fileHandleForWriting
        Thread.detachNewThread {
            let fd = handle.fileDescriptor
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
            try? handle.close()
        }
    }

    /// Waits for the child to end; false when `seconds` passed first.
    func waitForExit(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()  // later waits see the exit too
        return true
    }

    /// Kills the child's process group (and the child), then waits for it to be reaped.
    func kill() {
        let pid = process.processIdentifier
        if pid > 0 {
            _ = killpg(pid, SIGKILL)
            signalProcess(pid, SIGKILL)
        }
        _ = exited.wait(timeout: .now() + 5)
    }

    /// How the child ended (call after ``waitForExit(seconds:)`` returned true).
    var termination: (signal: Bool, status: Int32) {
        (process.terminationReason == .uncaughtSignal, process.terminationStatus)
    }

    private static func drain(_ fd: Int32, into sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            buffer.withUnsafeBufferPointer { sink(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// The signal that ended the child: reported by the system, or the shell's `128 + n`
    /// exit status for a command it ran that a signal killed (129...159). nil otherwise.
    var crashSignal: Int32? {
        let (signaled, status) = termination
        if signaled { return status }
        return (129...159).contains(status) ? status - 128 : nil
    }

    /// `SIGABRT`, `SIGSEGV`... for a signal number.
    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        case SIGINT: return "SIGINT"
        case SIGTRAP: return "SIGTRAP"
        default: return "signal \(number)"
        }
    }
}

/// `kill(2)` (the method ``ChildProcess/kill()`` hides the C function's name).
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

/// Bytes collected by a reader thread, at most `limit` of them (the first, or with `keepTail`
/// the last); ``overflowed`` tells when some were left out.
final class BoundedBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []
    private var lost = false
    private let limit: Int
    private let keepTail: Bool

    init(limit: Int, keepTail: Bool = false) {
        self.limit = limit
        self.keepTail = keepTail
    }

    func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        data.append(contentsOf: chunk)
        if data.count > limit {
            lost = true
            if keepTail { data.removeFirst(data.count - limit) } else { data.removeLast(data.count - limit) }
        }
    }

    /// The reader reached the end of the stream.
    func finish() { finished.signal() }

    /// Waits (at most `seconds`) for the end of the stream.
    func waitForEnd(seconds: Double) -> Bool {
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()
        return true
    }

    var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return data
    }

    var overflowed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return lost
    }

    /// The last non-empty line, cut to 300 characters, control characters shown as spaces.
    var lastLine: String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        var scalars = String.UnicodeScalarView()
        for s in line.unicodeScalars.prefix(300) { scalars.append(s.properties.generalCategory == .control ? " " : s) }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }
}
