import ArgumentParser

/// How an input's bytes are split into payloads.
package enum InputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Decide by the file extension (`.ndjson`/`.jsonl`, `.yaml`/`.yml`, otherwise JSON).
    case auto
    /// One JSON document per input.
    case json
    /// One JSON document per line (NDJSON / JSON Lines); blank lines are skipped.
    case ndjson
    /// One top-level JSON array, streamed: each element is a payload. Never chosen by `auto`.
    case jsonArray = "json-array"
    /// One or more YAML documents (`---`-separated), each a payload.
    case yaml

    /// The format a path's extension implies.
    package static func forPath(_ path: String) -> InputFormat {
        if let ext = PathExtension.packed(path) {
            if ext == PathExtension.ndjson || ext == PathExtension.jsonl { return .ndjson }
            if ext == PathExtension.yaml || ext == PathExtension.yml { return .yaml }
            return .json
        }
        let lower = path.lowercased()
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") { return .ndjson }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return .yaml }
        return .json
    }

    /// Extensions a directory walk picks up when no `--include` is given.
    package static let defaultExtensions = [".json", ".ndjson", ".jsonl", ".yaml", ".yml"]
}

/// One input named on the command line or found in a directory or glob.
package struct InputFile: Sendable, Hashable {
    /// Where the bytes come from.
    package enum Source: Sendable, Hashable {
        /// A file system path.
        case path(String)
        /// Standard input.
        case standardInput
        /// Nothing to read: the argument named no file (the reason is in ``problem``).
        case missing
    }

    /// The name used in reports (the path as given or found, or the `--stdin-filename`).
    package let displayPath: String
    /// Where to read.
    package let source: Source
    /// How to split it into payloads; `.auto` only for standard input with no format named and
    /// no telling name: JSON, or NDJSON when it is one JSON value per line (``NDJSONSniff``).
    package let format: InputFormat
    /// Why the input cannot be read at all, known before reading (no such file, no glob match).
    package let problem: String?
}
