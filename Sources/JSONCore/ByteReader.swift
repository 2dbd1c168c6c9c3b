#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file or standard input in fixed-size chunks with POSIX calls (no Foundation, so it
/// is cheap per file and works the same for pipes, FIFOs and regular files).
///
/// The one reader every input goes through (payloads, schema files, resources, custom-data
/// schemas), so each is bounded the same way: ``readAll(limit:)`` stops once a limit is passed
/// instead of reading a file whole.
public struct ByteReader: ~Copyable {
    /// Why an input cannot be read.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the path when there is one.
        public let message: String
        /// Makes a failure.
        public init(message: String) { self.message = message }
        /// ``message``.
        public var description: String { message }
    }

    /// The chunk size for each `read(2)`.
    public static let chunkSize = 1 << 16

    private let fd: Int32
    private let owned: Bool
    /// The most a read can return: a regular file's size plus one, else ``chunkSize``.
    private let sizeHint: Int
    /// For a reader of a byte range (``range(ofDescriptor:from:to:)``): the offset of the next
    /// read (`pread(2)`, so readers of one descriptor do not share a file position); -1 otherwise.
    private var position = -1
    /// For a reader of a byte range: the offset where it ends.
    private var rangeEnd = 0

    private init(fd: Int32, owned: Bool, sizeHint: Int = ByteReader.chunkSize) {
        self.fd = fd
        self.owned = owned
        self.sizeHint = sizeHint
    }

    /// A reader of bytes `from..<to` of `descriptor`, an open regular file the caller keeps open
    /// (and closes) for as long as the reader reads. It reads with `pread(2)`, so several readers
    /// of one descriptor may read at once; it ends at `to`, or earlier where the file does.
    public static func range(ofDescriptor descriptor: Int32, from: Int, to: Int) -> ByteReader {
        var reader = ByteReader(fd: descriptor, owned: false)
        reader.position = max(0, from)
        reader.rangeEnd = max(reader.position, to)
        return reader
    }

    /// A reader of standard input.
    public static func standardInput() -> ByteReader { ByteReader(fd: 0, owned: false) }

    /// Opens a path for reading. Directories, sockets and unreadable files fail here.
    public static func open(path: String) throws(Failure) -> ByteReader {
        let fd = SystemFile.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: ByteReader.describe(errno: errno, path: path)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            SystemFile.close(fd)
            throw Failure(message: ByteReader.describe(errno: code, path: path))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            SystemFile.close(fd)
            throw Failure(message: "cannot read \(path): it is a directory")
        }
        let size = kind == S_IFREG ? Int(clamping: info.st_size) : -1
        return ByteReader(fd: fd, owned: true, sizeHint: size >= 0 && size < ByteReader.chunkSize ? size + 1 : ByteReader.chunkSize)
    }

    deinit {
        if owned { SystemFile.close(fd) }
    }

    /// Appends up to `count` bytes (default ``chunkSize``, at least 1) to `buffer`; returns how
    /// many were read (0 at the end). Each `read(2)` lands in a temporary buffer sized to the
    /// file (for a small regular file, a few bytes on the stack, not a whole chunk) and is copied
    /// as one block.
    public mutating func readChunk(into buffer: inout [UInt8], count: Int = ByteReader.chunkSize) throws(Failure) -> Int {
        let fd = self.fd
        var size = max(1, min(count, sizeHint))
        if position >= 0 {
            size = min(size, rangeEnd - position)
            if size <= 0 { return 0 }
        }
        while true {
            var code: Int32 = 0
            let offset = position
            let n = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { scratch -> Int in
                guard let base = scratch.baseAddress else { return 0 }
                let n = offset >= 0 ? SystemFile.read(fd, base, size, at: offset) : SystemFile.read(fd, base, size)
                if n < 0 {
                    code = errno
                } else if n > 0 {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<n]))
                }
                return n
            }
            if n >= 0 {
                if position >= 0 { position += n }
                return n
            }
            if code == EINTR { continue }
            throw Failure(message: ByteReader.describe(errno: code, path: nil))
        }
    }

    /// Whether a read would return at once: data is waiting, or the end (always true for a
    /// regular file). False for a pipe or terminal whose writer has not written more yet, so a
    /// caller can finish and publish the work it has before it blocks in ``readChunk(into:count:)``.
    public func hasDataReady() -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Reads everything that is left; once more than `limit` bytes have arrived it stops and
    /// returns what it has with `truncated` set (the rest is never read).
    public mutating func readAll(limit: Int) throws(Failure) -> (bytes: [UInt8], truncated: Bool) {
        var buffer: [UInt8] = []
        while true {
            let n = try readChunk(into: &buffer)
            if n == 0 { return (buffer, false) }
            if buffer.count > limit { return (buffer, true) }
        }
    }

    /// The real path of the file this reader has open (every link resolved, as the kernel
    /// opened it), or nil for standard input or where the system cannot tell. Judging this
    /// path, not the name that was opened, closes the gap between a check and the read.
    public func openedRealPath() -> String? {
        guard owned else { return nil }
        var buffer = [CChar](repeating: 0, count: 4097)
        #if canImport(Darwin)
        guard fcntl(fd, F_GETPATH, &buffer) != -1 else { return nil }
        let n = buffer.firstIndex(of: 0) ?? 0
        #else
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0, n < buffer.count else { return nil }
        #endif
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `cannot read PATH: reason` (or `read failed: reason`) for an `errno`.
    public static func describe(errno code: Int32, path: String?) -> String {
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
