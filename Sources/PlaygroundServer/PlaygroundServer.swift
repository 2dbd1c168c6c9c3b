#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ChatPayloadsCLI
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// The playground server: Hummingbird over HTTP/1.1 (and 1.0) in front of ``PlaygroundService``,
/// bounded (body size, idle and request timeouts, connection count), closing connections as
/// clients expect (``ConnectionCloseHandler``), ending gracefully on SIGINT and SIGTERM (exit
/// status 0). An address it cannot listen on ends it with status 1 and one line naming the
/// address, the port and why (``ListenFailure``).
package enum PlaygroundServer {
    /// The first argument that makes `chatpayloads-store` the server (`chatpayloads serve ARGS`
    /// execs `chatpayloads-store serve ARGS`).
    package static var modeArgument: String { ServeCommand.serverModeArgument }

    /// Serves with `arguments` (those after `serve`) until SIGINT or SIGTERM; ends the process
    /// with status 1 when it cannot listen, as `--help` says.
    package static func main(arguments: [String]) async {
        let settings: ServeSettings
        switch ServeSettings.parse(arguments) {
        case .success(let s): settings = s
        case .failure(let failure):
            write(failure.message + "\n", to: failure.status == 0 ? 1 : 2)
            exit(failure.status)
        }
        let connections = OpenFileLimit.raiseAndFitConnections(settings.maxConnections)
        var logger = Logger(label: "chatpayloads-store serve")
        logger.logLevel = .error
        let host = settings.host
        let requestTimeout = TimeAmount.seconds(Int64(settings.requestTimeoutSeconds))
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(settings.port)"
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadlineHandler(timeout: requestTimeout)],
            idleTimeout: .seconds(Int64(settings.idleTimeoutSeconds)))
        let app = Application(
            responder: PlaygroundResponder(service: settings.service, maxBodyBytes: settings.maxBodyBytes),
            server: HTTPServerBuilder { responder in
                PlaygroundHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: http1), maxDiscardBytes: settings.maxDiscardBytes)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: settings.port), serverName: "chatpayloads",
                // Connections waiting to be accepted (the kernel caps it at net.core.somaxconn): a
                // burst of connects is queued rather than dropped and retried a second later.
                backlog: 4096,
                availableConnectionsDelegate: MaximumAvailableConnections(connections)),
            onServerRunning: { channel in
                listening.store(true, ordering: .releasing)
                let port = channel.localAddress?.port ?? settings.port
                let shown = host.contains(":") ? "[\(host)]" : host
                write("listening on http://\(shown):\(port)\n", to: 1)
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            if listening.load(ordering: .acquiring) {
                write("error: the server stopped: \(ListenFailure.reason(error))\n", to: 2)
            } else {
                write("error: cannot listen on \(address): \(ListenFailure.reason(error))\n", to: 2)
            }
            exit(ListenFailure.status)
        }
        exit(0)
    }

    /// Whether the server has started listening (set once its socket is bound), so a failure
    /// is told apart: one to listen, or one after.
    private static let listening = Atomic<Bool>(false)

    /// Writes `text` to descriptor `fd` at once (unbuffered: a test reading the listening line
    /// from a pipe sees it now).
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.write(fd, base, raw.count)
                #elseif canImport(Musl)
                return Musl.write(fd, base, raw.count)
                #else
                return Darwin.write(fd, base, raw.count)
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
#endif
