import Foundation
import XCTest
import TestSupport

/// How the running server ends connections and starts: a refused body is read before the
/// connection closes (lingering close), HTTP/1.0 and `Connection: close` close after the answer,
/// and an address it cannot listen on is named in one line (issue 38, findings 4, 9 and 12).
final class ServeConnectionTests: ServeTestCase {
    // MARK: - finding 4: a refused body, and clients that send it whole before reading

    /// Python's `urllib` sends the whole body before it reads (and asks `Connection: close`):
    /// with 4 MB and 10 MB bodies (declared, and chunked) it must read the 413 and its JSON
    /// error, not "Broken pipe" or a reset.
    func testFinding4_PythonURLLibReadsThe413ForFourAndTenMegabyteBodies() throws {
        let server = try startServer()
        let script = """
            import json, sys, urllib.error, urllib.request
            url = "http://127.0.0.1:%s/v1/validate?schema=user" % sys.argv[1]
            answers = []
            def chunks(size):
                for _ in range(size // 65536):
                    yield b"a" * 65536
            for label, size, data in [("4 MB", 4000000, b"a" * 4000000), ("10 MB", 10000000, b"a" * 10000000),
                                      ("10 MB chunked", 10 * 1048576, None)]:
                body = data if data is not None else chunks(size)
                request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=120) as response:
                        answers.append({"label": label, "status": response.status, "body": response.read().decode()})
                except urllib.error.HTTPError as error:
                    answers.append({"label": label, "status": error.code, "body": error.read().decode(),
                                    "connection": error.headers.get("Connection")})
                except Exception as error:
                    answers.append({"label": label, "error": "%s: %s" % (type(error).__name__, error)})
            print(json.dumps(answers))
            """
        let run = try runPython(["-c", script, String(server.port)])
        let output = String(decoding: run.stdout, as: UTF8.self)
        XCTAssertEqual(run.status, 0, String(decoding: run.stderr, as: UTF8.self))
        let answers = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        XCTAssertEqual(answers.count, 3, output)
        for answer in answers {
            let label = answer["label"] as? String ?? "?"
            XCTAssertNil(answer["error"], "\(label): \(answer["error"] ?? "")")
            XCTAssertEqual(answer["status"] as? Int, 413, "\(label): \(answer)")
            XCTAssertEqual(answer["connection"] as? String, "close", label)
            let body = try json(answer["body"] as? String ?? "")
            let error = body["error"] as? [String: Any]
            XCTAssertEqual(error?["code"] as? String, "body-too-large", label)
            XCTAssertEqual(error?["status"] as? Int, 413, label)
        }
        try assertHealthy("after refused bodies")
    }

    /// A client that never stops sending a refused body is cut off once the server has
    /// discarded the bound (64 MiB): the server reads it (it does not stop at the 413) but not
    /// without end. The request timeout is long here, so only the byte bound can end it.
    func testFinding4_AnEndlessRefusedBodyIsCutOffAfterTheBound() throws {
        try startServer(["--request-timeout", "600"])
        let bound = 64 << 20
        let connection = try connect()
        connection.send("POST /v1/validate?schema=user HTTP/1.1\r\nHost: x\r\nContent-Length: \(1 << 40)\r\n\r\n")
        let sent = LockedCount()
        let sender = Thread {
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
            // At most 8 times the bound: a server that reads without end lets this finish.
            while sent.value < 8 * bound {
                guard connection.send(chunk) else { break }
                sent.add(chunk.count)
            }
            sent.finish()
        }
        sender.start()
        let answer = connection.receive()
        XCTAssertEqual(answer?.status, 413)
        XCTAssertEqual(answer?.headers["connection"], "close")
        XCTAssertTrue(sent.waitUntilFinished(seconds: 600), "the sender never finished")
        // Read up to the bound (plus what the two sockets' buffers hold), then cut off.
        XCTAssertGreaterThanOrEqual(sent.value, bound, "the server stopped reading the refused body before the bound")
        XCTAssertLessThan(sent.value, bound + (48 << 20), "the server read \(sent.value) bytes of a refused body")
        try assertHealthy("after an endless refused body")
    }

    // MARK: - finding 9: HTTP/1.0 and Connection: close

    func testFinding9_HTTP10WithoutKeepAliveIsAnsweredInHTTP10AndClosed() throws {
        try startServer(["--idle-timeout", "300"])
        let connection = try connect()
        connection.send("GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        let (text, closed) = readUntilClosed(connection)
        XCTAssertTrue(text.hasPrefix("HTTP/1.0 200 OK\r\n"), text)
        XCTAssertTrue(text.lowercased().contains("\r\nconnection: close\r\n"), text)
        XCTAssertTrue(text.hasSuffix("{\"status\": \"ok\"}\n"), text)
        XCTAssertTrue(closed, "the connection was not closed after the HTTP/1.0 answer: \(text)")

        // Same for an HTTP/1.0 POST, and for HTTP/1.1 asking `Connection: Close` (any case).
        let post = try connect()
        post.send("POST /v1/validate?schema=user HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}")
        let posted = readUntilClosed(post)
        XCTAssertTrue(posted.text.hasPrefix("HTTP/1.0 200 OK\r\n"), posted.text)
        XCTAssertTrue(posted.closed)
        let close = try connect()
        close.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")
        let closedAnswer = readUntilClosed(close)
        XCTAssertTrue(closedAnswer.text.hasPrefix("HTTP/1.1 200 OK\r\n"), closedAnswer.text)
        XCTAssertTrue(closedAnswer.closed)
    }

    func testFinding9_HTTP10WithKeepAliveStaysOpen() throws {
        try startServer(["--idle-timeout", "300"])
        let connection = try connect()
        for _ in 0..<3 {
            connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let answer = connection.receive()
            XCTAssertEqual(answer?.status, 200)
            XCTAssertEqual(answer?.headers["connection"]?.lowercased(), "keep-alive")
        }
        // HTTP/1.1 stays open without asking.
        XCTAssertEqual(connection.request("GET", "/healthz")?.status, 200)
        XCTAssertEqual(connection.request("GET", "/healthz")?.headers["connection"], nil)
        // Pipelined requests are each answered by its own version and keep-alive; the one asking
        // to close is answered, then the connection closes.
        connection.send(
            "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nPOST /v1/validate?schema=user HTTP/1.0\r\nConnection: keep-alive\r\n"
                + "Content-Length: 2\r\n\r\n{}GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let first = connection.receive()
        let second = connection.receive()
        let third = connection.receive()
        XCTAssertEqual([first?.status, second?.status, third?.status], [200, 200, 200])
        XCTAssertEqual([first?.headers["connection"], second?.headers["connection"], third?.headers["connection"]], [nil, "keep-alive", "close"])
        XCTAssertTrue(connection.waitForClose(), "the connection stayed open after Connection: close")
    }

    // MARK: - finding 12: a port in use

    func testFinding12_APortInUseIsNamedInOneLineWithStatus1() throws {
        guard let serverBinary = ServerProcess.serverBinary, let cli = CLITestCase.binary else {
            return XCTFail("the chatpayloads and chatpayloads-store binaries were not found")
        }
        let holder = try ListeningSocket()
        for (executable, prefix) in [(serverBinary, ServerProcess.serverMode), (cli, ["serve"])] {
            let result = try runCapturing(executable, prefix + ["--no-config", "--port", String(holder.port)])
            let message = String(decoding: result.stderr, as: UTF8.self)
            XCTAssertEqual(result.status, 1, message)
            XCTAssertTrue(
                message.hasPrefix("error: cannot listen on 127.0.0.1:\(holder.port): address already in use"), message)
            XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, "one line: \(message)")
            for leaked in ["IOError", "errno", "NIO", "bind(", "Error("] {
                XCTAssertFalse(message.contains(leaked), "\(leaked) in: \(message)")
            }
            XCTAssertTrue(result.stdout.isEmpty, String(decoding: result.stdout, as: UTF8.self))
        }
        // An address no interface has (192.0.2.1, TEST-NET-1: documentation only) is named the same way.
        let foreign = try runCapturing(serverBinary, ServerProcess.serverMode + ["--no-config", "--host", "192.0.2.1", "--port", "8080"])
        let message = String(decoding: foreign.stderr, as: UTF8.self)
        XCTAssertEqual(foreign.status, 1, message)
        XCTAssertTrue(message.hasPrefix("error: cannot listen on 192.0.2.1:8080: address not available"), message)
    }

    // MARK: - helpers

    /// Reads everything until the server closes the connection (or the receive timeout passes).
    private func readUntilClosed(_ connection: RawConnection) -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(connection.fd, &buffer, buffer.count, 0)
            if n > 0 {
                bytes.append(contentsOf: buffer[..<n])
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return (String(decoding: bytes, as: UTF8.self), n == 0 || errno == ECONNRESET)
        }
    }
}

/// A byte count shared by a sending thread and the test.
private final class LockedCount: @unchecked Sendable {
    // @unchecked: every member is touched under `condition`.
    private let condition = NSCondition()
    private var count = 0
    private var finished = false

    var value: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    func add(_ n: Int) {
        condition.lock()
        count += n
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `finish` was called within `seconds`.
    func waitUntilFinished(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while !finished {
            if !condition.wait(until: deadline) { return finished }
        }
        return true
    }
}

/// A TCP socket listening on 127.0.0.1 on a free port, closed when this object goes: the port
/// another process then cannot listen on.
private final class ListeningSocket {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 8) == 0 else {
            if fd >= 0 { close(fd) }
            throw CocoaError(.fileWriteUnknown)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = UInt16(bigEndian: actual.sin_port)
    }

    deinit { close(fd) }
}
