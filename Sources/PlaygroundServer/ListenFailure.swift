#if Server  // the package's Server trait (Package.swift): SwiftNIO and Hummingbird are linked with it only
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// Why the server could not listen (or stopped), in words a user acts on: `address already in
/// use`, `permission denied`, `cannot resolve the host name`, never a Swift type's description.
enum ListenFailure {
    /// The exit status when the server cannot listen or stops on an error (`serve --help`'s 1).
    static let status: Int32 = 1

    /// The reason `error` gives, from its errno when it has one.
    static func reason(_ error: any Error) -> String {
        if let io = error as? IOError { return describe(errno: io.errnoCode) }
        if let unknown = error as? SocketAddressError.UnknownHost {
            let reason = unknown.errorDescription.prefix(1).lowercased() + unknown.errorDescription.dropFirst()
            return "cannot resolve the host name '\(unknown.host)' (\(reason); see --host)"
        }
        if let address = error as? SocketAddressError {
            switch address {
            case .unknown(let host, _): return "cannot resolve the host name '\(host)' (see --host)"
            case .unsupported: return "the address family is not supported"
            case .unixDomainSocketPathTooLong: return "the socket path is too long"
            case .failedToParseIPString(let text): return "'\(text)' is not an IP address"
            }
        }
        return "unexpected error: \(error)"
    }

    /// `strerror`'s text for `errno`, lowercased as the CLI's messages are (`address already in
    /// use`), with its number for what is less common.
    static func describe(errno code: Int32) -> String {
        switch code {
        case EADDRINUSE: return "address already in use (another process is listening on this port; choose another with --port, or --port 0 for any free one)"
        case EACCES: return "permission denied (ports below 1024 need privileges; choose another with --port)"
        case EADDRNOTAVAIL: return "address not available (no interface of this machine has this address; see --host)"
        default:
            guard let text = strerror(code) else { return "system error \(code)" }
            let message = String(cString: text)
            return message.prefix(1).lowercased() + message.dropFirst() + " (errno \(code))"
        }
    }
}
#endif
