import ChatPayloads
import JSONCore

/// A payload read and parsed as `validate` reads it: JSON text parsed under the profile's
/// limits, or a YAML document checked against them.
enum ParsedPayload {
    /// JSON text, parsed (with its source, for locations).
    case json(JSONDocument)
    /// A YAML document.
    case yaml(YAMLInstance.Document)

    /// The value.
    var value: JSONValue {
        switch self {
        case .json(let document): return document.root
        case .yaml(let document): return document.value
        }
    }
}

extension PayloadReader {
    /// Calls `body` with each payload of `input` parsed under `profile`'s limits (`max-bytes`,
    /// `max-depth`, `max-string-bytes`, `max-number-digits`; for YAML, the same limits checked on
    /// the value), or the located failure, with the messages `validate` gives. The failure's line
    /// is in the input's coordinates; `bytes` is the size of the payload's JSON text (0 for YAML
    /// and unread payloads). For the commands that transform payloads (`normalize`, `convert`,
    /// `patch`, `diff`).
    static func readParsed(
        _ input: InputFile, profile: Profile, _ body: (PayloadLabel, Result<ParsedPayload, TransformFailure>, _ bytes: Int) -> Void
    ) {
        read(input, maxBytes: profile.maxBytes) { label, record in
            let lineOffset = label.lineOffset
            switch record {
            case .failure(let issue):
                body(label, .failure(TransformFailure(message: issue.message, line: issue.line, column: issue.column, unreadable: true)), 0)
            case .yaml(let document):
                if let issue = profile.limitIssue(in: document.value) {
                    let position = document.position(of: issue.instanceLocation)
                    body(label, .failure(TransformFailure(
                        message: issue.message, line: position.map { $0.line + lineOffset }, column: position?.column, unreadable: true)), 0)
                } else {
                    body(label, .success(.yaml(document)), 0)
                }
            case .bytes(let bytes):
                do throws(JSONParseError) {
                    body(label, .success(.json(try JSONParser.parse(bytes, options: profile.parseOptions))), bytes.count)
                } catch {
                    body(label, .failure(.parse(error, profile: profile, lineOffset: lineOffset)), bytes.count)
                }
            }
        }
    }
}

extension PayloadLabel {
    /// What a payload's own line numbers are shifted by in its input: its line less one for an
    /// NDJSON line, else 0.
    var lineOffset: Int {
        if case .line(let n) = self { return n - 1 }
        return 0
    }
}
