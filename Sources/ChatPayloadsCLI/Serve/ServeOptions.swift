import ArgumentParser
import ChatPayloads

/// The options of `chatpayloads serve` and of the `chatpayloads-store serve` it starts
/// (the same declaration, so `serve --help` shows what the server accepts).
struct ServeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The address to listen on (127.0.0.1: this machine only).", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The TCP port (0 picks a free one, printed on start).", valueName: "port"))
    var port = 8080

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(name: .long, help: ArgumentHelp(
        "The largest request body read, in bytes; a larger one is answered 413 and the connection closed once the rest of it (up to 64 MiB, or this limit if larger, within --request-timeout) has been read and discarded, so a client that sends its whole body before reading still reads the 413. A JSON payload is also bounded by the profile's max-bytes.",
        valueName: "bytes"))
    var maxBodyBytes = 1 << 20

    @Option(name: .long, help: ArgumentHelp(
        "Seconds a connection may stay idle (no request, or a request's head not complete) before it is closed.",
        valueName: "seconds"))
    var idleTimeout = 30

    @Option(name: .long, help: ArgumentHelp(
        "Seconds a request's body may take to arrive once its head has, before the connection is closed.",
        valueName: "seconds"))
    var requestTimeout = 10

    @Option(name: .long, help: ArgumentHelp(
        "The most connections open at once; further ones wait until one closes (lowered to what the open-file limit allows).",
        valueName: "n"))
    var maxConnections = 16384

    mutating func validate() throws {
        if !(0...65535).contains(port) { throw UsageError("--port expects 0 to 65535, got \(port)") }
        if maxBodyBytes < 1 { throw UsageError("--max-body-bytes must be at least 1") }
        if idleTimeout < 1 { throw UsageError("--idle-timeout must be at least 1") }
        if requestTimeout < 1 { throw UsageError("--request-timeout must be at least 1") }
        if maxConnections < 1 { throw UsageError("--max-connections must be at least 1") }
        if schemaOptions.noConfig && schemaOptions.config != nil {
            throw UsageError("--config and --no-config cannot be combined")
        }
    }
}

/// The server's settings: where it listens, its bounds, and the playground service that
/// answers (the config and profiles already loaded).
package struct ServeSettings: Sendable {
    /// The address to bind.
    package let host: String
    /// The port to bind (0: any free port).
    package let port: Int
    /// The largest body read (413 beyond).
    package let maxBodyBytes: Int
    /// Seconds before an idle connection is closed.
    package let idleTimeoutSeconds: Int
    /// Seconds a request's body may take once its head has arrived.
    package let requestTimeoutSeconds: Int
    /// The most connections open at once.
    package let maxConnections: Int
    /// What answers the requests.
    package let service: PlaygroundService

    /// The most bytes of a refused body (413) read and discarded before its connection is
    /// closed, so a client that sends the whole body before reading reads the answer (the
    /// request timeout bounds the time); a client sending more is cut off. 64 MiB, or
    /// ``maxBodyBytes`` when that is larger.
    package var maxDiscardBytes: Int { max(64 << 20, maxBodyBytes) }

    /// Why the server cannot start: the message for standard error and the exit status.
    package struct Failure: Error {
        /// Printed as it is (help and version text included).
        package let message: String
        /// 0 for `--help`, 64 for a usage error, 3 for a config error.
        package let status: Int32
    }

    /// Parses the server's arguments (those after `chatpayloads serve`) and loads the
    /// config and profiles as `validate` does.
    package static func parse(_ arguments: [String]) -> Result<ServeSettings, Failure> {
        let options: ServeOptions
        do {
            options = try ServeRootCommand.parse(arguments).options
        } catch {
            return .failure(Failure(message: ServeRootCommand.fullMessage(for: error), status: ServeRootCommand.exitCode(for: error).rawValue))
        }
        let service: PlaygroundService
        switch PlaygroundService.make(options.schemaOptions, maxBodyBytes: options.maxBodyBytes) {
        case .success(let s): service = s
        case .failure(let f): return .failure(Failure(message: f.message, status: ExitStatus.schemaOrConfig.rawValue))
        }
        return .success(ServeSettings(
            host: options.host, port: options.port, maxBodyBytes: options.maxBodyBytes, idleTimeoutSeconds: options.idleTimeout,
            requestTimeoutSeconds: options.requestTimeout, maxConnections: options.maxConnections, service: service))
    }
}

/// The server's own command line, `chatpayloads-store serve` (the options of ``ServeOptions``),
/// for parsing and help.
struct ServeRootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chatpayloads-store serve",
        abstract: "The playground server that `chatpayloads serve` starts (see chatpayloads serve --help).")

    @OptionGroup var options: ServeOptions
}
