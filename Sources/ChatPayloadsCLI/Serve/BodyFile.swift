#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A request body written to an unnamed temporary file, so that the CLI's readers (which read
/// from descriptors: ``PayloadReader``, NDJSON lines, limits, messages) read it exactly as they
/// read standard input. On Linux the file is unlinked at once and read through
/// `/proc/self/fd/N`; elsewhere it is unlinked when this object goes. Lives in `/dev/shm` (memory)
/// when there is one, else in `$TMPDIR` or `/tmp`.
final class BodyFile {
    private let fd: Int32
    /// The path the readers open.
    let path: String
    /// The name to unlink when this object goes (nil once unlinked).
    private let pendingUnlink: String?

    private init(fd: Int32, path: String, pendingUnlink: String?) {
        self.fd = fd
        self.path = path
        self.pendingUnlink = pendingUnlink
    }

    deinit {
        _ = close(fd)
        if let pendingUnlink { _ = unlink(pendingUnlink) }
    }

    /// A file holding `bytes`, or a 503 when none can be made (no descriptor or space left).
    static func make(_ bytes: [UInt8]) -> Result<BodyFile, PlaygroundError> {
        let unavailable = { (reason: String) in
            PlaygroundError(status: 503, code: "no-temporary-file", message: "cannot hold the body in a temporary file: \(reason)")
        }
        var template = Array("\(BodyFile.directory)/chatpayloads-body-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { return .failure(unavailable(String(cString: strerror(errno)))) }
        let name = String(cString: template.map { $0 })
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + written, bytes.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                _ = close(fd)
                _ = unlink(name)
                return .failure(unavailable(reason))
            }
            written += n
        }
        #if os(Linux)
        _ = unlink(name)
        return .success(BodyFile(fd: fd, path: "/proc/self/fd/\(fd)", pendingUnlink: nil))
        #else
        return .success(BodyFile(fd: fd, path: name, pendingUnlink: name))
        #endif
    }

    /// The input the readers take: this file, shown as `displayPath`, split as `format`.
    func input(displayPath: String, format: InputFormat) -> InputFile {
        InputFile(displayPath: displayPath, source: .path(path), format: format, problem: nil)
    }

    /// Where the files go: `/dev/shm` when it is a directory, else `$TMPDIR`, else `/tmp`.
    private static let directory: String = {
        var info = stat()
        if stat("/dev/shm", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && access("/dev/shm", W_OK) == 0 { return "/dev/shm" }
        if let tmp = getenv("TMPDIR"), tmp.pointee != 0 { return String(cString: tmp) }
        return "/tmp"
    }()
}
