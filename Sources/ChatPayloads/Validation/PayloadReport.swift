import JSONCore
import JSONSchemaValidator

/// The verdict on one payload.
public struct PayloadReport: Sendable {
    /// The outcome: ``PayloadVerdict/valid``, ``PayloadVerdict/invalid``,
    /// ``PayloadVerdict/undecided`` (a limit stopped evaluation) or ``PayloadVerdict/unreadable``
    /// (not JSON, or over a size, depth, string or number limit); never
    /// ``PayloadVerdict/schemaError`` (a report is made by a validator, whose schema compiled).
    public var outcome: PayloadVerdict
    /// The schema judged against (`user`, `message-action`, or the custom schema's URI).
    public var schemaName: String
    /// Errors first (the best match first of all), then warnings.
    public var issues: [PayloadIssue]
    /// How ``output`` is built when asked: the ingredients the validator kept.
    let outputSource: OutputSource?
    /// An output set by hand (``init(outcome:schemaName:issues:basicOutput:)`` or the setter).
    private var givenOutput: JSONValue??

    /// Makes a report.
    public init(outcome: PayloadVerdict, schemaName: String, issues: [PayloadIssue], basicOutput: JSONValue? = nil) {
        self.outcome = outcome
        self.schemaName = schemaName
        self.issues = issues
        self.outputSource = nil
        self.givenOutput = .some(basicOutput)
    }

    /// A report whose output is built from `source` when asked.
    init(outcome: PayloadVerdict, schemaName: String, issues: [PayloadIssue], output source: OutputSource) {
        self.outcome = outcome
        self.schemaName = schemaName
        self.issues = issues
        self.outputSource = source
        self.givenOutput = nil
    }

    /// The 2020-12 `basic` output, typed: built (and its units located in one scan of the
    /// source) each time it is read, so ask once. Nil for a report made by hand.
    public var output: PayloadOutput? { outputSource?.build() }

    /// The 2020-12 "basic" output of the error units, each with `line`/`column` when known, plus
    /// a `warnings` member holding the warning units in the same shape (``output`` rendered).
    public var basicOutput: JSONValue? {
        get {
            if let givenOutput { return givenOutput }
            return output?.json
        }
        set { givenOutput = .some(newValue) }
    }

    /// Whether the outcome is ``PayloadVerdict/valid``.
    public var isValid: Bool { outcome == .valid }
    /// False when evaluation reached a limit before the payload could be judged (a
    /// `max-regex-steps` budget, a reference cycle's depth, a `$ref` into a document nobody
    /// registered: `ValidationResult.limit`): the outcome is then ``PayloadVerdict/undecided``
    /// with one `not decided: ...` error, and the payload was never shown to be invalid either,
    /// so an expectation of invalidity must not take it as met (``CheckedPayload/passed``).
    public var isDecided: Bool { outcome != .undecided }
    /// The error-level issues.
    public var errors: [PayloadIssue] { issues.filter { $0.severity == .error } }
    /// The warnings.
    public var warnings: [PayloadIssue] { issues.filter { $0.severity == .warning } }
}

extension PayloadReport {
    /// What a ``PayloadOutput`` is made of, kept by the validator until someone asks for it.
    struct OutputSource: Sendable {
        /// Units that exist already (a payload that was never validated).
        var fixed: PayloadOutput?
        /// Whether the deciding schema accepted the payload.
        var decisionValid = true
        /// The deciding schema's errors (their causes become units too).
        var decisionErrors: [ValidationError] = []
        /// The text, to locate the units (nil: no positions).
        var document: JSONDocument?
        /// Error issues found while reading (duplicate keys), put first.
        var extraErrors: [PayloadIssue] = []
        /// The warnings shown.
        var warnings: [PayloadIssue] = []
        /// Instance locations the issues already located in `document` (as values, not as
        /// member names), with their positions: a unit at one of them needs no second scan.
        var locatedPointers: [JSONPointer] = []
        /// The positions of `locatedPointers`, index for index.
        var locatedPositions: [SourceLocation?] = []

        /// A source that gives `output` as it is.
        init(_ output: PayloadOutput) { fixed = output }

        /// A source for a validated payload.
        init(
            decisionValid: Bool, decisionErrors: [ValidationError], document: JSONDocument?, extraErrors: [PayloadIssue], warnings: [PayloadIssue],
            locatedPointers: [JSONPointer] = [], locatedPositions: [SourceLocation?] = []
        ) {
            self.decisionValid = decisionValid
            self.decisionErrors = decisionErrors
            self.document = document
            self.extraErrors = extraErrors
            self.warnings = warnings
            self.locatedPointers = locatedPointers
            self.locatedPositions = locatedPositions
        }

        func build() -> PayloadOutput {
            if let fixed { return fixed }
            var errors = extraErrors.map { PayloadOutput.Unit(issue: $0) }
            if !decisionValid {
                let units = ValidationResult(isValid: false, errors: decisionErrors, isTruncated: false).allErrors
                let locations = document.map { positions(of: units.map(\.instanceLocation), in: $0) } ?? []
                for (k, e) in units.enumerated() {
                    let location = k < locations.count ? locations[k] : nil
                    errors.append(PayloadOutput.Unit(
                        keywordLocation: e.keywordLocation, absoluteKeywordLocation: e.absoluteKeywordLocation,
                        instanceLocation: e.instanceLocation.description, error: e.message, line: location?.line, column: location?.column))
                }
            }
            return PayloadOutput(valid: decisionValid && extraErrors.isEmpty, errors: errors, warnings: warnings.map { PayloadOutput.Unit(issue: $0) })
        }

        /// The positions of `pointers` in `document`: those the issues located already are
        /// reused, the rest found in one scan (none when all were located).
        private func positions(of pointers: [JSONPointer], in document: JSONDocument) -> [SourceLocation?] {
            // A linear look-up per unit; past a few thousand comparisons one scan of all is cheaper.
            guard !locatedPointers.isEmpty, pointers.count &* locatedPointers.count <= 4096,
                  locatedPositions.count == locatedPointers.count else {
                return document.locations(of: pointers)
            }
            var result: [SourceLocation?] = []
            result.reserveCapacity(pointers.count)
            var missing: [Int] = []
            for (k, pointer) in pointers.enumerated() {
                if let at = locatedPointers.firstIndex(of: pointer) {
                    result.append(locatedPositions[at])
                } else {
                    result.append(nil)
                    missing.append(k)
                }
            }
            guard !missing.isEmpty else { return result }
            let found = document.locations(of: missing.map { pointers[$0] })
            for (n, k) in missing.enumerated() where n < found.count { result[k] = found[n] }
            return result
        }
    }
}

extension PayloadOutput.Unit {
    /// The unit of a profile issue (a warning, a duplicate key): its user-facing keyword
    /// location, keyword and position.
    init(issue: PayloadIssue, keyword: Bool = true) {
        self.init(
            keywordLocation: issue.keywordLocation ?? "", absoluteKeywordLocation: issue.absoluteKeywordLocation,
            instanceLocation: issue.instanceLocation.description, error: issue.message, keyword: keyword ? issue.keyword : nil,
            line: issue.location?.line, column: issue.location?.column)
    }
}
