#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// `chatpayloads serve`: the playground (a page and an HTTP API). The server is its own
/// executable, `chatpayloads-serve`, installed beside `chatpayloads`; this command declares its
/// options (for help and checking) and replaces the process with it, so the HTTP stack
/// (SwiftNIO) is never loaded by `chatpayloads` itself and costs `validate` nothing.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the playground: a page to paste payloads into, and an HTTP API answering as the CLI does.",
        discussion: """
            GET / is the page. The API (GET /openapi.json describes it):
              POST /v1/validate?schema=NAME|auto&profile=P&format=auto|json|ndjson
                   the document `validate --reporter json` prints for the body
              POST /v1/normalize, /v1/convert?to=record|payload, /v1/diff
              GET  /v1/schemas, /v1/schemas/NAME?profile=P, /healthz
            On start it prints `listening on http://HOST:PORT` (the real port: --port 0 picks a \
            free one). SIGINT or SIGTERM stop it gracefully (exit 0).

            EXAMPLES:
              chatpayloads serve
              chatpayloads serve --port 9000 --profile strict
              curl -s --data-binary @message.json 'http://127.0.0.1:8080/v1/validate?schema=message'

            EXIT STATUS:
              0   stopped by SIGINT or SIGTERM
              1   the server could not listen (address in use, permission)
              3   config error
              64  usage error
              \(ServeCommand.serverMissingStatus)  the chatpayloads-serve executable is not beside chatpayloads
            """)

    /// The status when `chatpayloads-serve` cannot be started (`EX_UNAVAILABLE`).
    static let serverMissingStatus: Int32 = 69

    @OptionGroup var options: ServeOptions

    func run() throws {
        let arguments = ServeCommand.serverArguments(CommandLine.arguments)
        guard let directory = ServeCommand.executableDirectory() else {
            Terminal.diagnose("error: cannot find the directory of the running executable to start chatpayloads-serve")
            throw ExitCode(ServeCommand.serverMissingStatus)
        }
        let server = directory + "/chatpayloads-serve"
        Terminal.standardOutput.flush()
        var argv: [UnsafeMutablePointer<CChar>?] = ([server] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        Terminal.diagnose("error: cannot start \(server): \(reason) (chatpayloads serve runs the chatpayloads-serve executable installed beside chatpayloads)")
        throw ExitCode(ServeCommand.serverMissingStatus)
    }

    /// The arguments after `serve` in the process's command line (`chatpayloads serve --port 0`
    /// gives `["--port", "0"]`).
    static func serverArguments(_ commandLine: [String]) -> [String] {
        guard let index = commandLine.dropFirst().firstIndex(of: "serve") else { return [] }
        return Array(commandLine[(index + 1)...])
    }

    /// The directory of the running executable (`/proc/self/exe`'s, links resolved).
    static func executableDirectory() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else { return nil }
        let path = String(cString: resolved)
        free(resolved)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
