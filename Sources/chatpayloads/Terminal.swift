#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Everything the tool knows about the terminal and the process's standard streams: whether a
/// stream is a terminal, whether colour is wanted, and how a closed pipe ends the run.
///
/// All output of the tool goes through ``OutputSink`` values made here, so a reader that goes
/// away (`chatpayloads validate ... | head`) ends the process quietly instead of crashing it.
enum Terminal {
    /// Ignores `SIGPIPE`, so a write to a closed pipe fails with `EPIPE` (handled by
    /// ``OutputSink``) instead of killing the process with a signal.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether the file descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether the `NO_COLOR` convention (no-color.org) asks for no colour: the variable is set
    /// and not empty.
    static var noColorRequested: Bool {
        guard let value = ProcessInfo.processInfo.environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }

    /// The process's standard output.
    static let standardOutput = OutputSink(fd: 1, isStandardOutput: true)
    /// The process's standard error.
    static let standardError = OutputSink(fd: 2, isStandardOutput: false)

    /// Ends the process with `status` (standard C streams are flushed).
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// Writes a line to standard error at once (diagnostics about the run, not the report).
    static func diagnose(_ line: String) {
        standardError.write(line + "\n")
        standardError.flush()
    }
}

/// The exit status used when standard output's reader goes away, kept up to date by the run.
final class BrokenPipeStatus: @unchecked Sendable {
    /// The shared instance.
    static let shared = BrokenPipeStatus()
    private let lock = NSLock()
    private var status: Int32 = 0

    /// The status to exit with if the pipe closes now.
    var current: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Raises the status to at least `value`.
    func raise(to value: Int32) {
        lock.lock()
        if value > status { status = value }
        lock.unlock()
    }
}

/// A buffered writer to a file descriptor.
///
/// On `EPIPE` from standard output the process exits at once, quietly, with the verdict of what
/// was validated so far (``BrokenPipeStatus``); on any other stream an `EPIPE` or write error
/// drops the output. Thread-safe, though the tool writes from one thread.
final class OutputSink: @unchecked Sendable {
    private let fd: Int32
    private let isStandardOutput: Bool
    private let ownsDescriptor: Bool
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var failed = false
    /// The first write error, if any (for `--output FILE`).
    private(set) var writeError: String?

    /// A stream over an open descriptor.
    init(fd: Int32, isStandardOutput: Bool, ownsDescriptor: Bool = false) {
        self.fd = fd
        self.isStandardOutput = isStandardOutput
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Opens (creating or truncating) a file for writing.
    static func file(atPath path: String) -> Result<OutputSink, OutputFileError> {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            return .failure(OutputFileError(path: path, reason: String(cString: strerror(errno))))
        }
        return .success(OutputSink(fd: fd, isStandardOutput: false, ownsDescriptor: true))
    }

    /// Whether this stream is a terminal.
    var isTerminal: Bool { Terminal.isTerminal(fd) }

    /// Whether text is buffered, not yet written (the progress line clears itself before it is).
    var hasPendingOutput: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !buffer.isEmpty
    }

    /// Appends text.
    func write(_ text: String) {
        lock.lock()
        buffer.append(contentsOf: text.utf8)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    /// Appends bytes.
    func write(bytes: [UInt8]) {
        lock.lock()
        buffer.append(contentsOf: bytes)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    /// Writes out everything buffered.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !failed else { return }
        var written = 0
        let total = buffer.count
        while written < total {
            let n = buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return systemWrite(fd, base + written, total - written)
            }
            if n > 0 {
                written += n
                continue
            }
            let code = errno
            if n < 0 && code == EINTR { continue }
            if n < 0 && code == EAGAIN {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 1000)
                continue
            }
            if isStandardOutput && code == EPIPE {
                // The reader went away (`| head`): end quietly with what we know.
                exit(BrokenPipeStatus.shared.current)
            }
            failed = true
            if writeError == nil { writeError = String(cString: strerror(code)) }
            return
        }
    }

    /// Flushes and closes a stream that owns its descriptor.
    func close() {
        flush()
        if ownsDescriptor {
            #if canImport(Darwin)
            _ = Darwin.close(fd)
            #elseif canImport(Glibc)
            _ = Glibc.close(fd)
            #elseif canImport(Musl)
            _ = Musl.close(fd)
            #endif
        }
    }
}

/// An `--output FILE` that cannot be opened.
struct OutputFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot write \(path): \(reason)" }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(fd, pointer, count)
    #elseif canImport(Glibc)
    return Glibc.write(fd, pointer, count)
    #elseif canImport(Musl)
    return Musl.write(fd, pointer, count)
    #endif
}

/// ANSI styles used by the text reporter when colour is on.
struct Style: Sendable {
    /// Whether escape sequences are emitted.
    let enabled: Bool

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// Bold text (paths).
    func bold(_ s: String) -> String { wrap(s, "1") }
    /// Red bold (`error:`).
    func error(_ s: String) -> String { wrap(s, "1;31") }
    /// Yellow bold (`warning:`).
    func warning(_ s: String) -> String { wrap(s, "1;33") }
    /// Cyan (`note:`).
    func note(_ s: String) -> String { wrap(s, "1;36") }
    /// Green (the summary when all is well).
    func success(_ s: String) -> String { wrap(s, "1;32") }
    /// Dim (keyword locations).
    func dim(_ s: String) -> String { wrap(s, "2") }
}

extension ColorMode {
    /// Whether the text report is coloured: `always` and `never` are obeyed as given (an
    /// explicit flag beats the environment); `auto` means a terminal, unless `NO_COLOR` is set.
    func enabled(onTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return onTerminal && !Terminal.noColorRequested
        }
    }
}
