import ChatPayloads
import JSONCore

/// A payload read and parsed as `validate` reads it: JSON text parsed under the profile's
/// limits, or a YAML document checked against them.
package enum ParsedPayload {
    /// JSON text, parsed (with its source, for locations).
    case json(JSONDocument)
    /// A YAML document.
    case yaml(YAMLInstance.Document)

    /// The value.
    package var value: JSONValue {
        switch self {
        case .json(let document): return document.root
        case .yaml(let document): return document.value
        }
    }

    /// The JSON document (nil for YAML).
    package var document: JSONDocument? {
        if case .json(let document) = self { return document }
        return nil
    }

    /// Where the payload starts in its input, read at `label`: a YAML document's value, or
    /// the first character of its JSON text (where `validate` puts a problem with the whole
    /// payload).
    func start(at label: PayloadLabel) -> (line: Int, column: Int) {
        if case .yaml(let document) = self, let position = document.position(of: .root) { return position }
        return (label.startLine, label.startColumn)
    }

    /// The payload as the library's check reads it (``PayloadCheck/check(_:label:schema:schemaName:context:)``):
    /// the JSON text, or the YAML document.
    package var content: SplitPayload.Content {
        switch self {
        case .json(let document): return .json(document.source)
        case .yaml(let document): return .yaml(document)
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
    ///
    /// With `readsAsValidate`, JSON text is parsed as `validate` reads a payload before its
    /// check (``PayloadCheck/detectionOptions(for:)``: a repeated key keeps its last value), so
    /// that the check, which reads the text itself, says whether the profile refuses the
    /// repetition (`duplicate-key`, invalid) rather than the reader (unreadable): only for a
    /// transform whose every payload is judged by the check first (`normalize`'s gate).
    static func readParsed(
        _ input: InputFile, profile: Profile, readsAsValidate: Bool = false,
        _ body: (PayloadLabel, Result<ParsedPayload, TransformFailure>, _ bytes: Int) -> Void
    ) {
        let options = parseOptions(for: profile, readsAsValidate: readsAsValidate)
        read(input, maxBytes: profile.maxBytes) { label, record in
            let bytes = if case .bytes(let b) = record { b.count } else { 0 }
            body(label, parsed(record, label: label, profile: profile, options: options), bytes)
        }
    }

    /// The options ``readParsed(_:profile:readsAsValidate:_:)`` parses JSON text with.
    static func parseOptions(for profile: Profile, readsAsValidate: Bool) -> JSONParseOptions {
        readsAsValidate ? PayloadCheck.detectionOptions(for: profile) : profile.parseOptions
    }

    /// One payload read at `label`, parsed with `options` under `profile`'s limits, or its
    /// located failure (what ``readParsed(_:profile:readsAsValidate:_:)`` hands over for it).
    static func parsed(_ record: Payload, label: PayloadLabel, profile: Profile, options: JSONParseOptions) -> Result<ParsedPayload, TransformFailure> {
        switch record {
        case .failure(let issue):
            return .failure(TransformFailure(message: issue.message, line: issue.line, column: issue.column, unreadable: true))
        case .yaml(let document):
            if let issue = profile.limitIssue(in: document.value) {
                // A YAML document's positions are the input's.
                let position = document.position(of: issue.instanceLocation)
                return .failure(TransformFailure(message: issue.message, line: position?.line, column: position?.column, unreadable: true))
            }
            return .success(.yaml(document))
        case .bytes(let bytes):
            do throws(JSONParseError) {
                return .success(.json(try JSONParser.parse(bytes, options: options)))
            } catch {
                return .failure(.parse(error, profile: profile, label: label))
            }
        }
    }
}

extension PayloadLabel {
    /// What a payload's own line numbers are shifted by in its input: its line less one for an
    /// NDJSON line, else 0 (for `store apply`'s transform; the others are placed by the library:
    /// ``PayloadCheck/decodingIssue(_:document:label:)``, ``PayloadLabel/inInput(_:)``).
    var lineOffset: Int {
        if case .line(let n) = self { return n - 1 }
        return 0
    }
}
