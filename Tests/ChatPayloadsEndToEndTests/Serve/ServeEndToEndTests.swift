import Foundation
import XCTest
import TestSupport

/// `chatpayloads serve` and `chatpayloads-store serve` as processes, over real sockets: start, answer,
/// stop with status 0.
final class ServeEndToEndTests: ServeTestCase {
    func testServeSubcommandRunsTheServerAndSIGTERMEndsItWithZero() throws {
        guard let cli = CLITestCase.binary else { return XCTFail("the chatpayloads binary was not found") }
        let server = try ServerProcess(cli, ["serve", "--port", "0", "--no-config"], in: work)
        self.server = server
        let connection = try connect()
        let health = connection.request("GET", "/healthz")
        XCTAssertEqual(health?.status, 200)
        XCTAssertEqual(health?.headers["content-type"], "application/json")
        // The process is the server itself (exec'd, not a child): `chatpayloads-store serve …`.
        let command = try String(contentsOfFile: "/proc/\(server.pid)/cmdline", encoding: .utf8)
        XCTAssertTrue(command.hasPrefix((ServerProcess.serverBinary?.path ?? "?") + "\0serve\0--port\00\0"), command)
        XCTAssertEqual(server.stop(signal: SIGTERM), 0, server.standardError)
    }

    func testSIGINTEndsTheServerWithZeroWithConnectionsOpen() throws {
        let server = try startServer()
        var idle: [RawConnection] = []
        for _ in 0..<50 { idle.append(try connect()) }
        let busy = try connect()
        XCTAssertEqual(busy.request("GET", "/healthz")?.status, 200)
        XCTAssertEqual(server.stop(signal: SIGINT), 0, server.standardError)
        XCTAssertTrue(busy.waitForClose())
    }

    func testValidateOverHTTPIsTheCLIsReportOnAKeptAliveConnection() throws {
        try startServer()
        let payload = try String(decoding: Data(contentsOf: CLITestCase.fixtures.appendingPathComponent("invalid/message-created-at-number.json")), as: UTF8.self)
        let cli = try run(["validate", "--no-config", "--reporter", "json", "--schema", "message", "-"], stdin: payload)
        let connection = try connect()
        for _ in 0..<3 {
            let answer = connection.request("POST", "/v1/validate?schema=message", body: Array(payload.utf8), headers: ["Content-Type: application/json"])
            XCTAssertEqual(answer?.status, 200)
            XCTAssertEqual(answer?.text, cli.stdout)
        }
        let page = connection.request("GET", "/")
        XCTAssertEqual(page?.status, 200)
        XCTAssertEqual(page?.headers["content-type"], "text/html; charset=utf-8")
        let openapi = connection.request("GET", "/openapi.json")
        XCTAssertEqual(openapi?.status, 200)
        XCTAssertTrue(openapi?.text.hasPrefix("{\n  \"openapi\": \"3.1.0\"") ?? false)
        let missing = connection.request("GET", "/nope")
        XCTAssertEqual(missing?.status, 404)
        XCTAssertEqual(connection.request("DELETE", "/v1/validate")?.headers["allow"], "POST")
    }

    func testServeWithoutTheServerBinaryBesideItExitsWith69() throws {
        guard let cli = CLITestCase.binary else { return XCTFail("the chatpayloads binary was not found") }
        let lonely = work.appendingPathComponent("bin/chatpayloads")
        try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: cli, to: lonely)
        let result = try runCapturing(lonely, ["serve", "--port", "0"])
        XCTAssertEqual(result.status, 69)
        let message = String(decoding: result.stderr, as: UTF8.self)
        XCTAssertTrue(message.contains("chatpayloads serve runs the chatpayloads-store executable installed beside chatpayloads"), message)
    }

    func testUsageAndConfigErrorsEndTheServerBeforeItListens() throws {
        guard let server = ServerProcess.serverBinary else { return XCTFail("chatpayloads-store was not found") }
        let serve = ServerProcess.serverMode
        XCTAssertEqual(try runCapturing(server, serve + ["--port", "70000"]).status, 64)
        XCTAssertEqual(try runCapturing(server, serve + ["--profile", "lax"]).status, 64)
        try write("bad.yml", "profile: nonsense\n")
        let config = try runCapturing(server, serve + ["--config", "bad.yml", "--port", "0"])
        XCTAssertEqual(config.status, 3)
        XCTAssertTrue(String(decoding: config.stderr, as: UTF8.self).contains("bad.yml"))
        let help = try runCapturing(server, serve + ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("--max-body-bytes"))
    }
}
