#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The playground server: Hummingbird over HTTP/1.1 in front of ``PlaygroundService``, bounded
/// (body size, idle and request timeouts, connection count), ending gracefully on SIGINT and
/// SIGTERM (exit status 0).
enum PlaygroundServer {
    static func main(arguments: [String]) async {
        let settings: ServeSettings
        switch ServeSettings.parse(arguments) {
        case .success(let s): settings = s
        case .failure(let failure):
            write(failure.message + "\n", to: failure.status == 0 ? 1 : 2)
            exit(failure.status)
        }
        let connections = OpenFileLimit.raiseAndFitConnections(settings.maxConnections)
        var logger = Logger(label: "chatpayloads-serve")
        logger.logLevel = .error
        let host = settings.host
        let requestTimeout = TimeAmount.seconds(Int64(settings.requestTimeoutSeconds))
        let app = Application(
            responder: PlaygroundResponder(service: settings.service, maxBodyBytes: settings.maxBodyBytes),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(timeout: requestTimeout)],
                idleTimeout: .seconds(Int64(settings.idleTimeoutSeconds)))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: settings.port), serverName: "chatpayloads",
                // Connections waiting to be accepted (the kernel caps it at net.core.somaxconn): a
                // burst of connects is queued rather than dropped and retried a second later.
                backlog: 4096,
                availableConnectionsDelegate: MaximumAvailableConnections(connections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                let shown = host.contains(":") ? "[\(host)]" : host
                write("listening on http://\(shown):\(port)\n", to: 1)
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            write("error: the server stopped: \(error)\n", to: 2)
            exit(1)
        }
        exit(0)
    }

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
