import Foundation
import XCTest

/// A `chatpayloads-store serve` (or `chatpayloads serve`) process started for a test on a free port,
/// stopped (and, if need be, killed) when the test is done: tests leave no process behind.
public final class ServerProcess {
    /// The server's process.
    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The port from the `listening on http://HOST:PORT` line.
    public private(set) var port: UInt16 = 0
    /// Everything the server wrote on standard error (read once it has exited).
    public private(set) var standardError = ""

    /// The built executable the server runs in (`chatpayloads-store`, with ``serverMode`` first),
    /// beside the built `chatpayloads`.
    public static var serverBinary: URL? {
        guard let cli = CLITestCase.binary else { return nil }
        let server = cli.deletingLastPathComponent().appendingPathComponent("chatpayloads-store")
        return FileManager.default.isExecutableFile(atPath: server.path) ? server : nil
    }

    /// The arguments that make ``serverBinary`` the server (what `chatpayloads serve` execs).
    public static let serverMode = ["serve"]

    /// Starts `executable arguments` in `directory` and waits (at most `startTimeout` seconds)
    /// for its listening line.
    public init(_ executable: URL, _ arguments: [String], in directory: URL, startTimeout: Double = 120, file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = output.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(startTimeout)
        while !text.contains("\n") && Date() < deadline && process.isRunning {
            var poller = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let firstLine = text.split(separator: "\n").first, firstLine.hasPrefix("listening on http://"),
              let colon = firstLine.lastIndex(of: ":"), let port = UInt16(firstLine[firstLine.index(after: colon)...])
        else {
            kill()
            XCTFail("no listening line from \(executable.lastPathComponent) \(arguments.joined(separator: " ")): \(text) \(standardError)", file: file, line: line)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { kill() }

    /// The server's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` and waits (at most `timeout` seconds) for the exit; the exit status, or nil
    /// when it did not end in time (it is then killed).
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 60) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        Foundation.kill(pid, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill()
            return nil
        }
        standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Kills the process if it still runs, and reaps it.
    public func kill() {
        if process.isRunning {
            Foundation.kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// How many descriptors the server holds open, from /proc/PID/fd (nil where there is no /proc).
    public var openDescriptors: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// Waits up to `seconds` until the server holds at most `count` descriptors open; whether it
    /// did (true where there is no /proc to ask).
    public func waitForOpenDescriptors(atMost count: Int, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while let open = openDescriptors, open > count {
            if Date() > deadline { return false }
            usleep(50_000)
        }
        return true
    }

    /// The resident set size from /proc/PID/status, in KiB (nil where there is no /proc).
    public var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

/// One raw TCP connection to the server on 127.0.0.1: bytes written as given, responses read and
/// parsed by hand (status, headers, a Content-Length body).
/// `@unchecked Sendable`: a test may send from one thread while it receives on another; sending
/// touches only the descriptor, receiving only `pending`.
public final class RawConnection: @unchecked Sendable {
    /// The socket.
    public let fd: Int32

    /// Connects; nil when the connection is refused or the process has no descriptor left.
    public init?(port: UInt16, receiveTimeout: Int = 60) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var noDelay: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Writes all of `bytes`; false when the server has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + written, bytes.count - written, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    /// Writes all of `text`'s UTF-8; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// A parsed response.
    public struct Response {
        /// The status code.
        public let status: Int
        /// The header fields, by lowercased name.
        public let headers: [String: String]
        /// The body (Content-Length bytes).
        public let body: [UInt8]
        /// The body as UTF-8.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private var pending: [UInt8] = []

    /// Reads one response; nil when the connection closed (or timed out) first.
    public func receive() -> Response? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: pending[..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while pending.count < end + 4 + length {
                    guard readMore() else { return nil }
                }
                let body = Array(pending[(end + 4)..<(end + 4 + length)])
                pending.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard readMore() else { return nil }
        }
    }

    /// Sends a request and reads its response.
    public func request(_ method: String, _ target: String, body: [UInt8] = [], headers: [String] = []) -> Response? {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n"
        for h in headers { head += h + "\r\n" }
        guard send(Array((head + "\r\n").utf8) + body) else { return nil }
        return receive()
    }

    /// Whether the server closed the connection (a read gives end of file or a reset) within
    /// the receive timeout; what arrives before is read and dropped.
    public func waitForClose() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return true }
            if n < 0 {
                if errno == EINTR { continue }
                return errno == ECONNRESET
            }
        }
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for i in 0...(pending.count - 4) where pending[i] == 13 && pending[i + 1] == 10 && pending[i + 2] == 13 && pending[i + 3] == 10 {
            return i
        }
        return nil
    }

    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            pending.append(contentsOf: buffer[..<n])
            return true
        }
    }
}

/// The open-file limit of this test process, raised to its hard limit (for tests that hold
/// thousands of connections); the soft limit in force afterwards.
public func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    guard getrlimit(resource, &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
        var raised = limit
        raised.rlim_cur = limit.rlim_max
        if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur == rlim_t.max ? Int.max : Int(limit.rlim_cur)
}

/// A test of a running server: starts it per test, stops it after.
open class ServeTestCase: CLITestCase {
    /// The server the test started (``startServer(_:file:line:)``).
    public var server: ServerProcess?

    override open func tearDownWithError() throws {
        server?.kill()
        server = nil
        try super.tearDownWithError()
    }

    /// Starts `chatpayloads-store serve --port 0 --no-config arguments`.
    @discardableResult
    public func startServer(_ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> ServerProcess {
        guard let binary = ServerProcess.serverBinary else {
            XCTFail("the chatpayloads-store binary was not found beside chatpayloads; build it first (swift build)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let started = try ServerProcess(binary, ServerProcess.serverMode + ["--port", "0", "--no-config"] + arguments, in: work, file: file, line: line)
        server = started
        return started
    }

    /// A new connection to the server, failing the test when it cannot connect.
    public func connect(file: StaticString = #filePath, line: UInt = #line) throws -> RawConnection {
        guard let server, let connection = RawConnection(port: server.port) else {
            XCTFail("cannot connect to the server", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return connection
    }

    /// Asserts the server answers `GET /healthz` with 200 on a new connection.
    public func assertHealthy(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let answer = try connect(file: file, line: line).request("GET", "/healthz")
        XCTAssertEqual(answer?.status, 200, "the server no longer answers \(message)", file: file, line: line)
    }
}
