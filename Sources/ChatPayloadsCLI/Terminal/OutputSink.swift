#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import JSONCore

/// A buffered writer to a file descriptor.
///
/// On `EPIPE` from standard output the process exits at once, quietly, with the verdict of what
/// was validated so far (``BrokenPipeStatus``); on any other stream an `EPIPE` or write error
/// drops the output. Thread-safe, though the tool writes from one thread.
package final class OutputSink: @unchecked Sendable {
    private let fd: Int32
    private let isStandardOutput: Bool
    private let ownsDescriptor: Bool
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var failed = false
    /// The first write error, if any (for `--output FILE`).
    private(set) var writeError: String?
    /// For a report file: the temporary file written, renamed to ``finalPath`` by ``close()``.
    private var pendingRename: (temporary: String, finalPath: String)?
    /// A sink that keeps what is written (``memory()``): `flush()` writes nothing.
    private var keepsInMemory = false

    /// A stream over an open descriptor.
    package init(fd: Int32, isStandardOutput: Bool, ownsDescriptor: Bool = false) {
        self.fd = fd
        self.isStandardOutput = isStandardOutput
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Opens a report file for writing. A regular file (new or existing) is written as a
    /// temporary file beside it (hidden, so a directory walk never takes it) and renamed into
    /// place by ``close()``: an interrupted or failed run leaves the earlier report whole, never
    /// a truncated one. A symbolic link is followed (its target is replaced); a device or FIFO
    /// (`/dev/stdout`, `/dev/null`) is written directly.
    static func file(atPath path: String) -> Result<OutputSink, OutputFileError> {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return .failure(OutputFileError(path: path, reason: String(cString: strerror(errno)))) }
            return .success(OutputSink(fd: fd, isStandardOutput: false, ownsDescriptor: true))
        }
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(OutputFileError(path: path, reason: String(cString: strerror(EISDIR))))
        }
        // The file the report replaces: a link's target, when the link resolves.
        var finalPath = path
        if exists, let resolved = realpath(path, nil) {
            finalPath = String(cString: resolved)
            free(resolved)
        }
        let slash = finalPath.lastIndex(of: "/")
        let folder = slash.map { String(finalPath[...$0]) } ?? ""
        let name = slash.map { String(finalPath[finalPath.index(after: $0)...]) } ?? finalPath
        for _ in 0..<100 {
            let temporary = "\(folder).\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd < 0 && errno == EEXIST { continue }
            guard fd >= 0 else { return .failure(OutputFileError(path: path, reason: String(cString: strerror(errno)))) }
            // An existing report keeps its permissions.
            if exists { _ = fchmod(fd, info.st_mode & 0o7777) }
            let sink = OutputSink(fd: fd, isStandardOutput: false, ownsDescriptor: true)
            sink.pendingRename = (temporary, finalPath)
            InterruptCleanup.shared.removeOnInterrupt(temporary)
            return .success(sink)
        }
        return .failure(OutputFileError(path: path, reason: "cannot create a temporary file beside it"))
    }

    /// A sink that keeps everything written in memory (``takeBytes()`` hands it over): the
    /// reports `chatpayloads serve` answers with, written by the same reporters.
    package static func memory() -> OutputSink {
        let sink = OutputSink(fd: -1, isStandardOutput: false)
        sink.keepsInMemory = true
        return sink
    }

    /// Everything a ``memory()`` sink holds; the sink is empty afterwards.
    package func takeBytes() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let bytes = buffer
        buffer = []
        return bytes
    }

    /// Whether this stream is a terminal.
    package var isTerminal: Bool { Terminal.isTerminal(fd) }

    /// Whether text is buffered, not yet written (the progress line clears itself before it is).
    package var hasPendingOutput: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !buffer.isEmpty
    }

    /// Appends text.
    package func write(_ text: String) {
        lock.lock()
        buffer.append(contentsOf: text.utf8)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    /// Appends the texts, in order, at once (no other write between them).
    package func write(_ first: String, _ second: String, _ third: String, _ fourth: String) {
        lock.lock()
        buffer.append(contentsOf: first.utf8)
        buffer.append(contentsOf: second.utf8)
        buffer.append(contentsOf: third.utf8)
        buffer.append(contentsOf: fourth.utf8)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    /// Appends bytes.
    package func write(bytes: [UInt8]) {
        lock.lock()
        buffer.append(contentsOf: bytes)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    /// Writes out everything buffered.
    package func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard !buffer.isEmpty, !keepsInMemory else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !failed else { return }
        var written = 0
        let total = buffer.count
        while written < total {
            let n = buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return SystemFile.write(fd, base + written, total - written)
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

    /// Flushes and closes a stream that owns its descriptor. A report file is renamed into
    /// place now, unless a write failed (then the temporary file is removed and the earlier
    /// file, if any, stays as it was).
    package func close() {
        flush()
        if ownsDescriptor { SystemFile.close(fd) }
        lock.lock()
        defer { lock.unlock() }
        guard let (temporary, finalPath) = pendingRename else { return }
        pendingRename = nil
        if writeError == nil && rename(temporary, finalPath) != 0 {
            writeError = String(cString: strerror(errno))
        }
        if writeError != nil { _ = unlink(temporary) }
        InterruptCleanup.shared.forget(temporary)
    }
}
