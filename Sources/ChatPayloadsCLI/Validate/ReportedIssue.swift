/// One problem as the reporters show it, in file coordinates (NDJSON lines already offset).
struct ReportedIssue: Sendable {
    enum Severity: String, Sendable { case error, warning }

    var severity: Severity
    var message: String
    /// JSON Pointer of the offending value (empty string: the whole payload).
    var instanceLocation: String
    var keywordLocation: String?
    var absoluteKeywordLocation: String?
    /// The rule: the schema keyword (`required`, `type`), or `json` (not JSON), `read`
    /// (unreadable), `schema` (schema error), `expect-invalid`, `auto` (no schema detected).
    var rule: String
    var line: Int?
    var column: Int?
    /// How many other errors the payload has (on the best match; 0 elsewhere).
    var otherErrorCount: Int = 0
}
