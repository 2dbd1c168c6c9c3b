#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file or standard input in fixed-size chunks with POSIX calls (no Foundation, so it
/// is cheap per file and works the same for pipes, FIFOs and regular files).
struct ByteReader: ~Copyable {
    /// Why an input cannot be read.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The chunk size for each `read(2)`.
    static let chunkSize = 1 << 16

    private let fd: Int32
    private let owned: Bool

    private init(fd: Int32, owned: Bool) {
        self.fd = fd
        self.owned = owned
    }

    /// A reader of standard input.
    static func standardInput() -> ByteReader { ByteReader(fd: 0, owned: false) }

    /// Opens a path for reading. Directories, sockets and unreadable files fail here.
    static func open(path: String) throws(Failure) -> ByteReader {
        let fd = systemOpen(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: ByteReader.describe(errno: errno, path: path)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw Failure(message: ByteReader.describe(errno: code, path: path))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            closeDescriptor(fd)
            throw Failure(message: "cannot read \(path): it is a directory")
        }
        return ByteReader(fd: fd, owned: true)
    }

    deinit {
        if owned { closeDescriptor(fd) }
    }

    /// Appends up to `count` bytes (default ``chunkSize``, at least 1) to `buffer`; returns how
    /// many were read (0 at the end).
    mutating func readChunk(into buffer: inout [UInt8], count: Int = ByteReader.chunkSize) throws(Failure) -> Int {
        let size = max(1, count)
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: size))
        while true {
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return systemRead(fd, base + start, size)
            }
            if n >= 0 {
                buffer.removeSubrange((start + n)...)
                return n
            }
            let code = errno
            if code == EINTR { continue }
            buffer.removeSubrange(start...)
            throw Failure(message: ByteReader.describe(errno: code, path: nil))
        }
    }

    /// Reads everything that is left, failing once more than `limit` bytes have arrived.
    mutating func readAll(limit: Int) throws(Failure) -> (bytes: [UInt8], truncated: Bool) {
        var buffer: [UInt8] = []
        while true {
            let n = try readChunk(into: &buffer)
            if n == 0 { return (buffer, false) }
            if buffer.count > limit { return (buffer, true) }
        }
    }

    static func describe(errno code: Int32, path: String?) -> String {
        let reason: String
        switch code {
        case ENOENT: reason = "no such file or directory (or a dangling symbolic link)"
        case EACCES: reason = "permission denied"
        case EISDIR: reason = "it is a directory"
        case ELOOP: reason = "too many levels of symbolic links"
        default: reason = String(cString: strerror(code))
        }
        if let path { return "cannot read \(path): \(reason)" }
        return "read failed: \(reason)"
    }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Darwin)
    return Darwin.open(path, flags)
    #elseif canImport(Glibc)
    return Glibc.open(path, flags)
    #elseif canImport(Musl)
    return Musl.open(path, flags)
    #endif
}

private func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.read(fd, pointer, count)
    #elseif canImport(Glibc)
    return Glibc.read(fd, pointer, count)
    #elseif canImport(Musl)
    return Musl.read(fd, pointer, count)
    #endif
}

private func closeDescriptor(_ fd: Int32) {
    #if canImport(Darwin)
    _ = Darwin.close(fd)
    #elseif canImport(Glibc)
    _ = Glibc.close(fd)
    #elseif canImport(Musl)
    _ = Musl.close(fd)
    #endif
}
