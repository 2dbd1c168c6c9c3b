#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import JSONCore

/// A regular file opened to be read in byte ranges by several threads at once: each read is a
/// `pread(2)` at its own offset, so no thread moves another's file position. The descriptor is
/// closed when the last ``LineRange`` holding the file lets go of it.
final class RangeFile: Sendable {
    /// The open descriptor.
    let descriptor: Int32
    /// The path as given, for messages.
    let path: String
    /// The size when the file was opened: ranges cover `0..<size`; bytes appended later are not
    /// read.
    let size: Int

    private init(descriptor: Int32, path: String, size: Int) {
        self.descriptor = descriptor
        self.path = path
        self.size = size
    }

    /// Opens `path` when it is a regular file; nil when it is anything else (standard input, a
    /// pipe, a FIFO, a device) or cannot be opened: the ordinary reader then reads it or says why
    /// it cannot.
    ///
    /// The path is looked at before it is opened, and opened without waiting (`O_NONBLOCK`,
    /// which a regular file ignores): opening a FIFO for reading would wait for its writer, and
    /// closing it again would lose what the writer sends.
    static func regular(atPath path: String) -> RangeFile? {
        var before = stat()
        guard stat(path, &before) == 0, before.st_mode & S_IFMT == S_IFREG else { return nil }
        let fd = SystemFile.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            SystemFile.close(fd)
            return nil
        }
        return RangeFile(descriptor: fd, path: path, size: Int(clamping: info.st_size))
    }

    deinit {
        SystemFile.close(descriptor)
    }

    /// Fills `buffer` with the bytes at `offset...`; returns how many were read and, when fewer
    /// than asked, why (a read error, or the file ended before ``size``: it got shorter).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> (count: Int, failure: String?) {
        guard let base = buffer.baseAddress else { return (0, nil) }
        var done = 0
        while done < buffer.count {
            let n = SystemFile.read(descriptor, base + done, buffer.count - done, at: offset + done)
            if n > 0 {
                done += n
            } else if n == 0 {
                return (done, "cannot read \(path): the file got shorter while it was read (it had \(size) bytes)")
            } else if errno != EINTR {
                return (done, ByteReader.describe(errno: errno, path: path))
            }
        }
        return (done, nil)
    }

    /// The offset just after the first line end (`\n`) at or after `offset`: where the first
    /// line that starts after `offset` starts; ``size`` when no line end follows. Reads through
    /// `scratch` (its size is the step), so a long line costs no memory. With a failure (see
    /// ``read(into:at:)``), the offset where reading stopped.
    func lineStart(after offset: Int, scratch: inout [UInt8]) -> (offset: Int, failure: String?) {
        var at = max(0, offset)
        while at < size {
            let want = min(max(1, scratch.count), size - at)
            if scratch.count < want { scratch = [UInt8](repeating: 0, count: want) }
            let (n, failure) = scratch.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<want]), at: at) }
            let hit = scratch.withUnsafeBufferPointer { p -> Int? in
                guard let base = p.baseAddress, n > 0, let found = memchr(base, 0x0A, n) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            if let hit { return (at + hit + 1, nil) }
            at += n
            if let failure { return (at, failure) }
        }
        return (size, nil)
    }
}
