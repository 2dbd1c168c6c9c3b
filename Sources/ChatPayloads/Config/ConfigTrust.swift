#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a `.chatpayloads.yml` found by ``ChatPayloadsConfig/discover(from:)`` may be used: a
/// config decides verdicts (a `severity:` or a profile can make an invalid payload pass), so one
/// that someone else could have written is refused, as git refuses a repository owned by another
/// user (`safe.directory`).
///
/// The rule: the file (a symbolic link judged by its target) must be owned by the user running
/// the tool or by root (who can change anything anyway), and must not be writable by every user.
/// A file named explicitly (`--config PATH`) is the user's own choice and is not judged.
package enum ConfigTrust {
    /// Why a config file is not trusted.
    package enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Every user may write it (its mode, e.g. `0666`).
        case worldWritable(mode: UInt32)
        /// It belongs to another user (not the one running the tool, nor root).
        case ownedByAnotherUser(owner: UInt32, user: UInt32)

        /// "it is writable by every user (mode 0666)" and so on.
        package var description: String {
            switch self {
            case .worldWritable(let mode): return "it is writable by every user (mode 0\(String(mode & 0o7777, radix: 8)))"
            case .ownedByAnotherUser(let owner, let user): return "it is owned by another user (uid \(owner), not \(user) or root)"
            }
        }
    }

    /// Why the file at `path` may not be used, or nil when it may (or cannot be examined: reading
    /// it then reports the problem).
    package static func problem(atPath path: String) -> Problem? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let user = UInt32(geteuid())
        let owner = UInt32(info.st_uid)
        if owner != user && owner != 0 { return .ownedByAnotherUser(owner: owner, user: user) }
        if UInt32(info.st_mode) & UInt32(S_IWOTH) != 0 { return .worldWritable(mode: UInt32(info.st_mode)) }
        return nil
    }

    /// The refusal of a discovered config, as `path: error: ...` with what to do about it.
    package static func refusal(_ problem: Problem, path: String) -> ConfigError {
        ConfigError(
            file: path, line: 0, column: 0,
            message: "refused the config file found from the working directory up: \(problem); "
                + "a config decides verdicts, so only one that the user running chatpayloads (or root) owns and that not every user can write is used. "
                + "Fix its owner or mode, name it with --config to use it anyway, or pass --no-config")
    }
}
