import ChatPayloads
import JSONCore

/// A payload waiting to be checked.
struct WorkItem: Sendable {
    /// What to check.
    enum Payload: Sendable {
        /// JSON text (a whole file, or one NDJSON line).
        case bytes([UInt8])
        /// A YAML document (parsed, with the positions of its values).
        case yaml(YAMLInstance.Document)
        /// Nothing to check: the input failed before validation.
        case failure(ReportedIssue, RecordOutcome)
    }

    var inputIndex: Int
    var recordIndex: Int
    var label: RecordLabel
    var schema: SchemaSpec
    var source: SchemaSource
    var payload: Payload

    /// Bytes held (for batching by memory).
    var size: Int {
        if case .bytes(let b) = payload { return b.count }
        return 256
    }
}

/// Checks one payload: picks the validator, runs it, and turns its report into file
/// coordinates. Called on worker threads; holds only shared, thread-safe state.
struct RecordChecker: Sendable {
    let cache: ValidatorCache
    let expectInvalid: Bool
    /// Parser options for `--schema auto`'s shape detection.
    let detectionOptions: JSONParseOptions

    func check(_ item: WorkItem) -> RecordResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = evaluate(item)
        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        applyExpectation(&result)
        return result
    }

    private func evaluate(_ item: WorkItem) -> RecordResult {
        var result = RecordResult(
            inputIndex: item.inputIndex, recordIndex: item.recordIndex, label: item.label,
            schemaName: item.schema == .auto ? nil : item.schema.displayName, schemaSource: item.source,
            autoDetected: false, outcome: .valid, issues: [], basicOutput: nil, seconds: 0, passed: false)
        let lineOffset = result.startLine - 1

        var spec = item.schema
        switch item.payload {
        case .failure(let issue, let outcome):
            result.outcome = outcome
            result.issues = [issue]
            return result
        case .bytes(let bytes):
            if spec == .auto {
                let document: JSONDocument
                do throws(JSONParseError) {
                    document = try JSONParser.parse(bytes, options: detectionOptions)
                } catch {
                    // Not JSON: any validator reports it the same way (located `parse` issue).
                    if case .success(let validator) = cache.validator(for: .bundled(.message)) {
                        absorb(validator.validate(bytes: bytes), lineOffset: lineOffset, into: &result)
                    } else {
                        result.outcome = .unreadable
                        result.issues = [ReportedIssue(
                            severity: .error, message: error.message, instanceLocation: "", rule: "parse",
                            line: error.location.line + lineOffset, column: error.location.column)]
                    }
                    return result
                }
                guard let detected = detect(document.root, into: &result) else { return result }
                spec = .bundled(detected)
            }
            switch cache.validator(for: spec) {
            case .failure(let failure):
                markSchemaError(failure, into: &result)
            case .success(let validator):
                absorb(validator.validate(bytes: bytes), lineOffset: lineOffset, into: &result)
            }
        case .yaml(let document):
            let value = document.value
            if spec == .auto {
                guard let detected = detect(value, into: &result) else { return result }
                spec = .bundled(detected)
            }
            switch cache.validator(for: spec) {
            case .failure(let failure):
                markSchemaError(failure, into: &result)
            case .success(let validator):
                absorb(validator.validate(value: value), lineOffset: lineOffset, into: &result)
                RecordChecker.locate(&result, in: document)
            }
        }
        return result
    }

    private func detect(_ value: JSONValue, into result: inout RecordResult) -> BundledSchema? {
        guard let detected = PayloadValidator.detectSchema(value) else {
            result.outcome = .invalid
            result.issues = [ReportedIssue(
                severity: .error,
                message: "--schema auto cannot tell which chat payload this is (no user, channel, message, member or message-action shape); name the schema with --schema or a config `files` glob",
                instanceLocation: "", rule: "auto", line: result.startLine, column: 1)]
            return nil
        }
        result.schemaName = detected.rawValue
        result.autoDetected = true
        return detected
    }

    private func markSchemaError(_ failure: SchemaFailure, into result: inout RecordResult) {
        result.outcome = .schemaError
        result.issues = [ReportedIssue(severity: .error, message: failure.recordMessage, instanceLocation: "", rule: "schema", line: nil, column: nil)]
    }

    private func absorb(_ report: PayloadReport, lineOffset: Int, into result: inout RecordResult) {
        switch report.outcome {
        case .valid: result.outcome = .valid
        case .invalid: result.outcome = .invalid
        case .unreadable: result.outcome = .unreadable
        }
        let unreadable = report.outcome == .unreadable
        result.issues = report.issues.map { issue in
            ReportedIssue(
                severity: issue.severity == .warning ? .warning : .error,
                message: issue.message,
                instanceLocation: issue.instanceLocation.description,
                keywordLocation: issue.keywordLocation,
                absoluteKeywordLocation: issue.absoluteKeywordLocation,
                rule: RecordChecker.reportedRule(of: issue, unreadable: unreadable),
                line: issue.location.map { $0.line + lineOffset },
                column: issue.location?.column,
                otherErrorCount: issue.otherErrorCount)
        }
        // Errors before warnings, keeping the library's best-match order within each.
        result.issues = result.issues.filter { $0.severity == .error } + result.issues.filter { $0.severity == .warning }
        if let output = report.basicOutput {
            result.basicOutput = lineOffset == 0 ? output : RecordChecker.shiftLines(output, by: lineOffset)
        }
    }

    /// The rule a reporter shows: a limit's config key when a limit caused the issue, else the
    /// keyword (`pattern`, `parse`...), else the knob.
    static func reportedRule(of issue: PayloadIssue, unreadable: Bool) -> String {
        if let rule = issue.rule, Profile.Limit(rawValue: rule) != nil { return rule }
        return issue.keyword ?? issue.rule ?? (unreadable ? "parse" : "schema")
    }

    private func applyExpectation(_ result: inout RecordResult) {
        switch result.outcome {
        case .unreadable, .schemaError:
            result.passed = false
        case .valid:
            result.passed = !expectInvalid
            if expectInvalid {
                let schema = result.schemaName ?? "its schema"
                result.issues.insert(ReportedIssue(
                    severity: .error, message: "expected this payload to be invalid against \(schema), but it is valid",
                    instanceLocation: "", rule: "expect-invalid", line: result.startLine, column: 1), at: 0)
            }
        case .invalid:
            result.passed = expectInvalid
        }
    }

    /// Gives a YAML document's issues (and `basic` output units) the positions of their values.
    static func locate(_ result: inout RecordResult, in document: YAMLInstance.Document) {
        for i in result.issues.indices where result.issues[i].line == nil {
            guard let pointer = try? JSONPointer(parsing: result.issues[i].instanceLocation),
                let position = document.position(of: pointer) else { continue }
            result.issues[i].line = position.line
            result.issues[i].column = position.column
        }
        guard let output = result.basicOutput, case .object(let root) = output, case .array(let units)? = root["errors"] else { return }
        let located: [JSONValue] = units.map { unit in
            guard case .object(let o) = unit, o["line"] == nil, case .string(let location)? = o["instanceLocation"],
                let pointer = try? JSONPointer(parsing: location), let position = document.position(of: pointer) else { return unit }
            return .object(o.setting("line", to: .number(JSONNumber(position.line))).setting("column", to: .number(JSONNumber(position.column))))
        }
        result.basicOutput = .object(root.setting("errors", to: .array(located)))
    }

    /// Adds `offset` to every `line` member of a `basic` output's units.
    static func shiftLines(_ output: JSONValue, by offset: Int) -> JSONValue {
        guard case .object(let root) = output, case .array(let units)? = root["errors"] else { return output }
        let shifted: [JSONValue] = units.map { unit in
            guard case .object(let o) = unit, case .number(let n)? = o["line"], let line = n.int64Value else { return unit }
            return .object(o.setting("line", to: .number(JSONNumber(line + Int64(offset)))))
        }
        return .object(root.setting("errors", to: .array(shifted)))
    }
}
