import ChatPayloads

/// The other platform's decode-and-re-encode command of `interop check --run`, and how to call
/// it for a vector: `{file}` becomes the payload's path (shell-quoted), `{kind}` its kind and
/// `{id}` the vector's id; without `{file}` the payload goes to standard input. The command
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

    /// The shell command for one vector.
    func command(file: String, vector: CodecVector) -> String {
        template
            .replacingOccurrences(of: "{file}", with: Self.shellQuoted(file))
            .replacingOccurrences(of: "{kind}", with: vector.kind.rawValue)
            .replacingOccurrences(of: "{id}", with: Self.shellQuoted(vector.id))
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
