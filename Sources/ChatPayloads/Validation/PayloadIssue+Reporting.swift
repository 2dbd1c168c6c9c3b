import JSONCore

extension PayloadIssue {
    /// The line of the issue in its input (1-based; an NDJSON line's, an array element's or a
    /// YAML document's issue on its own line of the input), when located.
    public var line: Int? { location?.line }

    /// The column of the issue in its input (1-based, in Unicode scalars), when located.
    public var column: Int? { location?.column }

    /// The one name a report shows for the issue: its kind's id (``IssueKind/id``).
    public var reportedRule: String { kind.id }

    /// An error found outside the payload's schema (reading the input, the schema that cannot
    /// be used, `--schema auto`, `--select`, an envelope, an expectation): `kind` names it (its
    /// id is the issue's ``rule``); `line` and `column` are in the input's coordinates.
    public static func check(
        _ message: String, kind: IssueKind, instanceLocation: JSONPointer = .root, line: Int?, column: Int?
    ) -> PayloadIssue {
        PayloadIssue(
            severity: .error, message: message, instanceLocation: instanceLocation, kind: kind,
            location: line.map { SourceLocation(offset: 0, line: $0, column: column ?? 1) })
    }

    /// The issue placed at `line`:`column` of its input (byte offset unknown: 0).
    public func placed(line: Int, column: Int) -> PayloadIssue {
        var issue = self
        issue.location = SourceLocation(offset: location?.offset ?? 0, line: line, column: column)
        return issue
    }
}
