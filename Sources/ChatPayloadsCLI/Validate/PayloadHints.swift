import ChatPayloads
import JSONCore

/// What `validate` adds to an invalid payload's first matching error so that the way out is
/// named: a whole file holding a top-level array points at `--format json-array`; a user or
/// channel without `type` under standard or strict points at `--profile compat`, which takes
/// one. Only the message changes: the verdict, rule and location stay the library's.
package enum PayloadHints {
    /// How the hints name the way out: with the options of the command that checks (validate and
    /// `store import` share `--format` and `--profile`) or the parameters of the playground API.
    package struct Wording: Sendable {
        /// The hint for a whole JSON document whose top-level value is an array.
        package let array: String
        /// The hint for a user or channel missing `type` under a profile that requires it.
        package let missingType: String
        /// Whether an `auto` issue gets the array hint (the playground's `auto` advice already
        /// names `format=json-array`; validate's names `--schema` and `--select` only).
        let hintsAutoIssues: Bool

        /// validate's and `store import`'s options.
        package static let commandLine = Wording(
            array: "the file holds a top-level JSON array: --format json-array checks each element as a payload",
            missingType: "--profile compat accepts a user or channel without \"type\"", hintsAutoIssues: true)
        /// The playground API's query parameters (`/v1/validate`).
        package static let playground = Wording(
            array: "the body holds a top-level JSON array: format=json-array checks each element as a payload",
            missingType: "profile=compat accepts a user or channel without \"type\"", hintsAutoIssues: false)
    }

    /// `checked` with the hints that apply appended to the errors they explain, worded by `wording`.
    static func annotate(_ checked: inout CheckedPayload, bytes: [UInt8]?, schema: SchemaSpec, profile: ProfileName, wording: Wording) {
        guard checked.outcome.isFailedJudgement, !checked.issues.isEmpty else { return }
        if case .whole = checked.label, let bytes, firstSignificantByte(bytes) == UInt8(ascii: "["),
            let i = checked.issues.firstIndex(where: { $0.severity == .error && $0.instanceLocation.isRoot && (wording.hintsAutoIssues || $0.kind != .auto) }) {
            checked.issues[i].message += " (\(wording.array))"
        }
        if profile != .compat, requiresType(schema, checked: checked),
            let i = checked.issues.firstIndex(where: { $0.severity == .error && $0.instanceLocation.isRoot && isMissingType($0) }) {
            checked.issues[i].message += " (\(wording.missingType))"
        }
    }

    /// Whether the payload was judged as a user or channel (named, or picked by `auto`).
    private static func requiresType(_ schema: SchemaSpec, checked: CheckedPayload) -> Bool {
        switch schema {
        case .bundled(let b): return b == .user || b == .channel
        case .auto: return checked.schemaName == BundledSchema.user.rawValue || checked.schemaName == BundledSchema.channel.rawValue
        case .file: return false
        }
    }

    private static func isMissingType(_ issue: PayloadIssue) -> Bool {
        issue.kind.schemaKeyword == .required && issue.message.contains("\"type\"")
    }

    /// The first byte that is not JSON white space (or a UTF-8 byte order mark), if any.
    static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return bytes[i]
            }
        }
        return nil
    }
}
