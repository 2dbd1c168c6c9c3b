import ChatPayloads

/// The other platform's decode-and-re-encode command of `interop check --run`, and how to call
/// it for a vector: `{file}` becomes the payload's path, `{kind}` its kind and `{id}` the
/// vector's id, each a single-quoted shell word; without `{file}` the payload goes to standard
/// input. The command
/// also gets `CHATPAYLOADS_KIND`, `CHATPAYLOADS_VECTOR` and `CHATPAYLOADS_PROFILE` in its
/// environment.
struct DecoderCommand: Sendable {
    var template: String
    var profile: ProfileName
    /// Seconds one vector may take (in a batch: from the previous answer to the next).
    var timeout: Double
    /// Bytes of standard output kept per vector (more is an out-of-protocol answer).
    var maxOutputBytes = 16 * 1024 * 1024

    var usesFile: Bool { template.contains("{file}") }

    /// The shell command for one vector: the template read once from left to right, each
    /// `{file}`, `{kind}` and `{id}` replaced by its value as one single-quoted shell word (a
    /// substituted value is never read again, so a value holding `{id}` stays text).
    func command(file: String, vector: CodecVector) -> String {
        let values = ["{file}": file, "{kind}": vector.kind.rawValue, "{id}": vector.id]
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            if let (token, value) = values.first(where: { rest.hasPrefix($0.key) }) {
                result += Self.shellQuoted(value)
                rest = rest.dropFirst(token.count)
            } else {
                result += "{"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// Whether a vector id is safe as a file name and a shell word: 1 to 128 of `A-Z a-z 0-9 .
    /// _ -`, not starting with a dot (so never `.`, `..` or a hidden file).
    static func isSafeID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= 128 else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
        }
    }

    /// The environment added for one vector (or, with `vector` nil, for a batch).
    func environment(_ vector: CodecVector?) -> [String: String] {
        var env = ["CHATPAYLOADS_PROFILE": profile.rawValue]
        if let vector {
            env["CHATPAYLOADS_KIND"] = vector.kind.rawValue
            env["CHATPAYLOADS_VECTOR"] = vector.id
        }
        return env
    }

    /// `'text'` with single quotes escaped for `/bin/sh`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// "timed out after 2 s (the command was killed)".
    var timeoutMessage: String {
        "timed out after \(Self.seconds(timeout)) s (the command was killed)"
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() && s < 1e9 ? String(Int(s)) : String(s)
    }
}
