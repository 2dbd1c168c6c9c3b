import ArgumentParser

/// `chatpayloads serve`: the playground (a page and an HTTP API). The server runs in
/// `chatpayloads-store serve …` (the executable the store commands run in, installed beside
/// `chatpayloads`); this command declares its options (for help and checking) and replaces the
/// process with it, so the HTTP stack (SwiftNIO) is never loaded by `chatpayloads` itself and
/// costs `validate` nothing.
package struct ServeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the playground: a page to paste payloads into, and an HTTP API answering as the CLI does.",
        discussion: """
            GET / is the page. The API (GET /openapi.json describes it):
              POST /v1/validate?schema=NAME|auto&profile=P&format=F
                   the document `validate --reporter json` prints for the body;
                   F: auto, json, ndjson or json-array (each array element)
              POST /v1/normalize, /v1/convert?to=record|payload, /v1/diff
              GET  /v1/schemas, /v1/schemas/NAME?profile=P, /healthz
            A query parameter given twice, or one the path does not take, is answered 400. The \
            page opens on the server's profile (--profile, else the config's).
            On start it prints `listening on http://HOST:PORT` (the real port: --port 0 picks a \
            free one). SIGINT or SIGTERM stop it gracefully (exit 0). An HTTP/1.0 request is \
            answered in HTTP/1.0 and its connection closed after the answer unless it asks for \
            keep-alive.

            EXAMPLES:
              chatpayloads serve
              chatpayloads serve --port 9000 --profile strict
              curl -s --data-binary @message.json 'http://127.0.0.1:8080/v1/validate?schema=message'

            EXIT STATUS:
              0   stopped by SIGINT or SIGTERM
              1   cannot listen on HOST:PORT (address in use, permission, unknown \
            host) or stopped on an error
              3   config error
              64  usage error
              \(ServeCommand.serverMissingStatus)  the chatpayloads-store executable is not beside chatpayloads
            """)

    /// The status when the server's executable cannot be started (`EX_UNAVAILABLE`).
    package static let serverMissingStatus: Int32 = 69

    /// The first argument that makes `chatpayloads-store` the server: `chatpayloads serve ARGS`
    /// execs `chatpayloads-store serve ARGS`.
    package static let serverModeArgument = "serve"

    @OptionGroup var options: ServeOptions

    package init() {}

    package func run() throws {
        let arguments = ServeCommand.serverArguments(CommandLine.arguments)
        guard let directory = SiblingExecutable.directory() else {
            Terminal.diagnose("error: cannot find the directory of the running executable to start \(StoreExecutable.name)")
            throw ExitCode(ServeCommand.serverMissingStatus)
        }
        let reason = SiblingExecutable.replaceProcess(
            with: directory + "/" + StoreExecutable.name, arguments: [ServeCommand.serverModeArgument] + arguments)
        Terminal.diagnose("error: \(reason) (chatpayloads serve runs the \(StoreExecutable.name) executable installed beside chatpayloads)")
        throw ExitCode(ServeCommand.serverMissingStatus)
    }

    /// The arguments after `serve` in the process's command line (`chatpayloads serve --port 0`
    /// gives `["--port", "0"]`).
    static func serverArguments(_ commandLine: [String]) -> [String] {
        guard let index = commandLine.dropFirst().firstIndex(of: "serve") else { return [] }
        return Array(commandLine[(index + 1)...])
    }
}
