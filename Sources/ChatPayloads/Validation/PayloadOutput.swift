import JSONCore

/// A payload's JSON Schema 2020-12 `basic` output, typed: the error units (and a `warnings`
/// member in the same shape), each with the `line`/`column` of its instance when the payload
/// came from text.
///
/// A ``PayloadReport`` builds it only when asked (``PayloadReport/output``), so a caller that
/// prints messages never pays for it; ``json`` renders it.
public struct PayloadOutput: Sendable, Hashable {
    /// One output unit.
    public struct Unit: Sendable, Hashable {
        /// The evaluation path to the failing keyword (empty for problems found while reading).
        public var keywordLocation: String
        /// The failing keyword's absolute URI, when it has one.
        public var absoluteKeywordLocation: String?
        /// JSON Pointer of the instance, as text.
        public var instanceLocation: String
        /// The message.
        public var error: String
        /// The keyword or rule (units made from profile issues: warnings, duplicate keys).
        public var keyword: String?
        /// The 1-based line of the instance in the source text, when known.
        public var line: Int?
        /// The 1-based column of the instance, when known.
        public var column: Int?

        /// Makes a unit.
        public init(
            keywordLocation: String, absoluteKeywordLocation: String? = nil, instanceLocation: String, error: String, keyword: String? = nil,
            line: Int? = nil, column: Int? = nil
        ) {
            self.keywordLocation = keywordLocation
            self.absoluteKeywordLocation = absoluteKeywordLocation
            self.instanceLocation = instanceLocation
            self.error = error
            self.keyword = keyword
            self.line = line
            self.column = column
        }

        /// The unit as output JSON: `valid`, `keywordLocation`, `absoluteKeywordLocation`,
        /// `instanceLocation`, `error`, then `keyword`, `line`, `column` when known.
        public var json: JSONValue {
            var members: [JSONObject.Member] = [
                .init(key: "valid", value: false),
                .init(key: "keywordLocation", value: .string(keywordLocation)),
            ]
            if let absoluteKeywordLocation { members.append(.init(key: "absoluteKeywordLocation", value: .string(absoluteKeywordLocation))) }
            members.append(.init(key: "instanceLocation", value: .string(instanceLocation)))
            members.append(.init(key: "error", value: .string(error)))
            if let keyword { members.append(.init(key: "keyword", value: .string(keyword))) }
            if let line, let column {
                members.append(.init(key: "line", value: .number(JSONNumber(line))))
                members.append(.init(key: "column", value: .number(JSONNumber(column))))
            }
            return .object(JSONObject(members))
        }
    }

    /// The output's `valid`.
    public var valid: Bool
    /// The error units; the output has an `errors` member when `valid` is false.
    public var errors: [Unit]
    /// The warning units (a `warnings` member when there are some).
    public var warnings: [Unit]

    /// Makes an output.
    public init(valid: Bool, errors: [Unit] = [], warnings: [Unit] = []) {
        self.valid = valid
        self.errors = errors
        self.warnings = warnings
    }

    /// `{"valid": ..., "errors": [...], "warnings": [...]}`.
    public var json: JSONValue {
        var members: [JSONObject.Member] = [.init(key: "valid", value: .bool(valid))]
        if !valid { members.append(.init(key: "errors", value: .array(errors.map(\.json)))) }
        if !warnings.isEmpty { members.append(.init(key: "warnings", value: .array(warnings.map(\.json)))) }
        return .object(JSONObject(members))
    }

    /// This output for a payload that sits inside a larger text: every instance location gets
    /// `pointer` in front, every line the payload's start line added, and columns on the
    /// payload's first line its start column (both 1-based: `line: 1, column: 1` changes nothing).
    public func moved(to pointer: JSONPointer, line: Int, column: Int) -> PayloadOutput {
        if pointer.isRoot, line == 1, column == 1 { return self }
        let prefix = pointer.isRoot ? "" : pointer.description
        func move(_ unit: Unit) -> Unit {
            var moved = unit
            moved.instanceLocation = prefix + unit.instanceLocation
            if let l = unit.line {
                if l == 1, let c = unit.column { moved.column = c + column - 1 }
                moved.line = l + line - 1
            }
            return moved
        }
        return PayloadOutput(valid: valid, errors: errors.map(move), warnings: warnings.map(move))
    }
}
