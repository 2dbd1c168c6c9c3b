import JSONCore
import JSONSchemaValidator

/// Validates chat payloads against a bundled (or custom) schema under a ``Profile``.
///
/// Compile once, validate any number of payloads from any thread.
///
/// How a profile becomes a verdict:
/// 1. **Parse** with the profile's parse options: `max-bytes`, `max-depth`, `max-string-bytes`,
///    `max-number-digits`, and duplicate keys
///    (`reject` parses with duplicates as errors; the payload is then `invalid` with a located
///    `duplicate-key` issue, and is re-read keeping the last value so its schema errors are
///    reported too; `warn` records them as warnings). Unreadable text is ``PayloadVerdict/unreadable``
///    with a located `parse` issue.
/// 2. **Validate** against the composed schema (see ``BundledSchemas/resolvedText(_:profile:customData:pretty:)-(SchemaChoice,_,_,_)``):
///    the profile's overlay from `Schemas/profiles/` plus the generated knob overlays.
/// 3. **Severities**: when some rule is set to `warn` (or `unknown-properties: warn`), the same
///    composition is compiled a second time with those rules' keywords advisory
///    (`ValidatorOptions.advisory`, classified by `advisoryRule(profile:customDataURIs:)`):
///    where such a keyword would decide the payload, its failure is a warning and not a failure;
///    inside a condition (`if`, `not`, an `anyOf`/`oneOf` branch, `contains`) it keeps deciding,
///    so `"if": {"type": "null"}` under `severity: {type: warn}` still sends a non-null value to
///    `else`. The payload is valid when that schema accepts it; its errors are the report's
///    errors and its advisory failures the report's warnings, so each failure is reported
///    exactly once, with one severity (the schema is never rewritten to relax a rule).
/// 4. **Limits** (see ``Profile/Limit``): a limit a payload hits is an issue whose rule is the
///    limit's config key and whose message names the limit and the key. An evaluation limit
///    (`max-regex-steps`, `max-regex-steps-per-payload`, `max-evaluation-depth`,
///    `max-total-evaluation-depth`) leaves the payload not decided: the validator's
///    `ValidationResult.limit`; the report is then `invalid` (fails closed)
///    with one issue, `not decided: ...`, whatever `not`, `if`, `anyOf` or `oneOf` the limit was under. At most `max-errors`
///    errors (and as many warnings) are reported; when more were cut, a warning says so.
public final class PayloadValidator: Sendable {
    /// The schema choice.
    public let schema: SchemaChoice
    /// The profile.
    public let profile: Profile
    /// The name reports carry.
    public let schemaName: String
    /// The compiled schema that reports every failure.
    let full: JSONSchema
    /// The same schema with the warned rules' keywords advisory (nil when no rule warns).
    let decision: JSONSchema?
    /// Generated URIs of the full composition, for classifying issues.
    let customDataURIs: Set<String>
    /// The wrapper hops of the composition, taken out of keyword locations.
    let fullHops: CompositionHops
    /// The report of a valid payload with nothing to warn about (what ``report(value:document:extra:)`` gives then).
    let validReport: PayloadReport

    /// Compiles the schema for `schema` under `profile`.
    ///
    /// - Parameters:
    ///   - schema: the bundled schema or the app's own.
    ///   - profile: the profile whose overlays and options apply.
    ///   - extraRegistry: more documents custom schemas may `$ref` (the bundled ones are added to it).
    ///   - customData: the app's schemas for custom data, by key: `user`, `channel`, `member`,
    ///     `message` (each entity's `custom`), `content` (every Message `content`) and
    ///     `content:<contentType>` (the `content` of messages with that `contentType`).
    /// - Throws: ``ChatPayloadsError`` of kind `schema` when a document does not compile.
    public init(schema: SchemaChoice, profile: Profile, extraRegistry: SchemaRegistry? = nil, customData: [String: JSONValue] = [:]) throws(ChatPayloadsError) {
        self.schema = schema
        self.profile = profile
        switch schema {
        case .bundled(let s): schemaName = s.rawValue
        case .custom(_, let uri): schemaName = uri
        }
        validReport = PayloadReport(outcome: .valid, schemaName: schemaName, issues: [], output: .init(PayloadOutput(valid: true)))
        var composer = SchemaComposer(choice: schema, profile: profile, customData: customData)
        composer.everyBundledDocument = extraRegistry != nil
        let fullRules = SchemaComposer.relaxedRules(for: profile, includingWarnings: false)
        let warns = SchemaComposer.relaxedRules(for: profile, includingWarnings: true) != fullRules
        let fullComposition = composer.compose(relaxing: fullRules)
        customDataURIs = fullComposition.customDataURIs
        fullHops = CompositionHops(fullComposition)
        // The same documents, with the warned rules advisory (never removed from the schema).
        var decisionComposition: Composition? = nil
        if warns {
            var advisory = fullComposition
            advisory.options.advisory = Self.advisoryRule(profile: profile, customDataURIs: fullComposition.customDataURIs)
            decisionComposition = advisory
        }
        do {
            full = try fullComposition.compile(extra: extraRegistry)
            decision = try decisionComposition?.compile(extra: extraRegistry)
        } catch {
            throw ChatPayloadsError(kind: .schema, message: "the \(schemaName) schema does not compile: \(error.description)", line: error.location?.line, column: error.location?.column,
                schemaLocation: error.schemaLocation)
        }
    }

    // MARK: - Validation

    /// Parses `bytes` with the profile's parse options, then validates.
    package func validate(bytes: [UInt8]) -> PayloadReport {
        var tape = JSONTape()
        return validate(bytes: bytes, tape: &tape)
    }

    /// ``validate(bytes:)-([UInt8])`` reusing `tape`'s storage for the fast path (keep one per thread).
    ///
    /// A valid payload is decided on a `JSONTape` without building a value tree; a payload
    /// that is invalid, unreadable or unusual is parsed and validated again in full, which
    /// collects every error with its location.
    package func validate(bytes: [UInt8], tape: inout JSONTape) -> PayloadReport {
        validate(bytes: bytes, tape: &tape, alreadyRead: false)
    }

    /// ``validate(bytes:tape:)-([UInt8],_)`` when `tape` already holds `bytes`, read by a
    /// successful `JSONTape.parse` with the profile's ``Profile/parseOptions`` (e.g. by
    /// ``detectShape(bytes:options:tape:)``, whose reading is then not repeated).
    package func validate(bytes: [UInt8], readTape tape: inout JSONTape) -> PayloadReport {
        validate(bytes: bytes, tape: &tape, alreadyRead: true)
    }

    func validate(bytes: [UInt8], tape: inout JSONTape, alreadyRead: Bool) -> PayloadReport {
        var document: JSONDocument?
        return validate(bytes: bytes, tape: &tape, alreadyRead: alreadyRead, keeping: &document)
    }

    /// ``validate(bytes:tape:)-([UInt8],_)`` (with `alreadyRead`, ``validate(bytes:readTape:)``)
    /// giving back the ``JSONDocument`` it read the text into, when it needed one (an invalid,
    /// unusual or unreadable text; nil when the fast path decided, and `tape` then holds the
    /// text): for a caller that builds from the same reading (``PayloadCheck/building``).
    package func validate(bytes: [UInt8], tape: inout JSONTape, alreadyRead: Bool, keeping kept: inout JSONDocument?) -> PayloadReport {
        if let issue = Self.sizeIssue(bytes.count, profile: profile) { return unreadable(issue) }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        // Fast path: a text the tape reads and the full schema accepts has nothing to report.
        // Everything else (invalid, unreadable, unusual) takes the ordinary path below.
        let verdict = alreadyRead
            ? bytes.withUnsafeBufferPointer { full.isValid(read: tape, of: $0, parseOptions: options) }
            : full.isValid(bytes: bytes, parseOptions: options, tape: &tape)
        switch verdict {
        case true?:
            return validReport
        case false?:
            // Read once: the tape that decided it builds the tree that collects the errors.
            if let document = tape.document(of: bytes, options: options) {
                kept = document
                return validate(document: document)
            }
        case nil:
            break
        }
        do {
            let document = try JSONParser.parse(bytes, options: options)
            kept = document
            return validate(document: document)
        } catch {
            let issue = Self.parseIssue(error)
            guard error.kind == .duplicateKey else { return unreadable(issue) }
            // A readable text that breaks the contract: report it and the rest of the payload.
            options.duplicateKeys = .lastWins
            guard let document = try? JSONParser.parse(bytes, options: options) else { return unreadable(issue) }
            kept = document
            return report(value: document.root, document: document, extra: [issue])
        }
    }

    /// Validates an already parsed document (its recorded duplicate keys follow the profile).
    package func validate(document: JSONDocument) -> PayloadReport {
        var extra: [PayloadIssue] = []
        let policy = profile.effectiveDuplicateKeys
        if policy != .allow {
            for dup in document.duplicateKeys {
                extra.append(PayloadIssue(
                    severity: policy == .reject ? .error : .warning,
                    message: "duplicate key \(JSONWriter.quoted(dup.key))\(dup.objectPointer.isRoot ? "" : " in \(dup.objectPointer)") (the last value wins in most decoders)",
                    instanceLocation: dup.objectPointer.appending(dup.key), kind: .duplicateKey, location: dup.location))
            }
        }
        return report(value: document.root, document: document, extra: extra)
    }

    /// Validates a value with no source text (e.g. a YAML document): no positions. The parser
    /// limits (`max-depth`, `max-string-bytes`, `max-number-digits`) are checked on the value.
    package func validate(value: JSONValue) -> PayloadReport {
        if let issue = ValueLimits(profile: profile).firstIssue(in: value) { return unreadable(issue) }
        return report(value: value, document: nil, extra: [])
    }

    // MARK: - Reports


    func unreadable(_ issue: PayloadIssue) -> PayloadReport {
        PayloadReport.unreadable(issue, schemaName: schemaName)
    }

    /// The issue of a payload of `count` bytes over `profile`'s `max-bytes`; nil within it.
    static func sizeIssue(_ count: Int, profile: Profile) -> PayloadIssue? {
        guard count > profile.maxBytes else { return nil }
        return PayloadIssue(
            severity: .error, message: "the payload is \(count) bytes, more than the limit of \(profile.maxBytes) (max-bytes)",
            kind: .limit(.maxBytes), location: SourceLocation(offset: 0, line: 1, column: 1))
    }

    /// The issue for a parse error: a limit's (keyword and rule: its config key, named in the
    /// message), a duplicate key's, or a located `parse` issue.
    static func parseIssue(_ error: JSONParseError) -> PayloadIssue {
        if let limit = error.limit.flatMap(Profile.Limit.init) {
            return PayloadIssue(severity: .error, message: "\(error.message) (\(limit.key))", kind: .limit(limit), location: error.location)
        }
        if error.kind == .duplicateKey {
            return PayloadIssue(severity: .error, message: error.message, kind: .duplicateKey, location: error.location)
        }
        return PayloadIssue(severity: .error, message: error.message, kind: .parse, location: error.location)
    }

    func report(value: JSONValue, document: JSONDocument?, extra: [PayloadIssue]) -> PayloadReport {
        let fullResult = full.validate(value)
        var errorUnits: [ValidationError] = []
        var warningUnits: [ValidationError] = []
        var decisionResult = fullResult
        if let decision {
            if !fullResult.isValid {
                decisionResult = decision.validate(value)
                errorUnits = decisionResult.errors
                warningUnits = decisionResult.advisories
            }
        } else {
            errorUnits = fullResult.errors
        }
        // Best match first; drop the applicator error it descended from, and exact repeats.
        var ordered: [ValidationError] = []
        if let best = BestMatch.pick(errorUnits) {
            ordered.append(best)
            for e in errorUnits where e != best && !e.causes.contains(where: { $0.contains(best) }) { ordered.append(e) }
        }
        // Enough to tell whether more than max-errors remain (no need to locate the rest).
        let kept = profile.maxErrors < Int.max ? profile.maxErrors + 1 : Int.max
        let errorUnitsShown = Array(dedupe(ordered).prefix(kept))
        let warningUnitsShown = Array(dedupe(warningUnits).prefix(kept))
        // One pass over the source locates them all.
        // An unknown property is located at its name, the thing to delete.
        let located = errorUnitsShown + warningUnitsShown
        let locatedAtNames = located.map { Self.isAboutPropertyName($0.keyword) }
        let locations = document.map { $0.locations(of: located.map(\.instanceLocation), keys: locatedAtNames) } ?? []
        func location(_ k: Int) -> SourceLocation? { k < locations.count ? locations[k] : nil }
        let errorIssues = errorUnitsShown.indices.map { issue(for: errorUnitsShown[$0], in: value, severity: .error, location: location($0), hops: fullHops) }
        let warningIssues = warningUnitsShown.indices.map {
            issue(for: warningUnitsShown[$0], in: value, severity: .warning, location: location(errorUnitsShown.count + $0), hops: fullHops)
        }
        // At most max-errors errors and as many warnings; a warning says when some were cut.
        let extraErrorList = extra.filter { $0.severity == .error }
        var errors = extraErrorList + errorIssues
        var warnings = extra.filter { $0.severity == .warning } + warningIssues
        let errorsCut = decisionResult.isTruncated || errors.count > profile.maxErrors
        let warningsCut = decisionResult.advisoriesTruncated || warnings.count > profile.maxErrors
        errors = Array(errors.prefix(profile.maxErrors))
        warnings = Array(warnings.prefix(profile.maxErrors))
        if errorsCut || warningsCut {
            let budget = decisionResult.stoppedAtEvaluationBudget && errors.count <= profile.maxErrors
            warnings.append(maxErrorsIssue(cutErrors: errorsCut, byEvaluationBudget: budget, document: document))
        }
        let extraErrors = Array(errors.prefix(extraErrorList.count))
        var issues = errors
        let errorCount = issues.count
        for i in issues.indices { issues[i].otherErrorCount = errorCount - 1 }
        issues += warnings

        let outcome: PayloadVerdict = errorCount == 0 ? .valid : decisionResult.isDecided ? .invalid : .undecided
        // The `basic` output reuses the positions of values located above (not of names).
        var valuePointers: [JSONPointer] = []
        var valuePositions: [SourceLocation?] = []
        for k in located.indices where k < locations.count && !locatedAtNames[k] {
            valuePointers.append(located[k].instanceLocation)
            valuePositions.append(locations[k])
        }
        // The `basic` output is built only if a caller asks for it.
        let output = PayloadReport.OutputSource(
            decisionValid: decisionResult.isValid, decisionErrors: decisionResult.errors, document: document, extraErrors: extraErrors,
            warnings: issues.filter { $0.severity == .warning },
            locatedPointers: valuePointers, locatedPositions: valuePositions)
        return PayloadReport(outcome: outcome, schemaName: schemaName, issues: issues, output: output)
    }

    /// The warning that says `max-errors` cut the report short (of errors, else of warnings), or
    /// that error collection stopped at its evaluation budget (a recursive schema whose branches
    /// all fail deep; ``ValidationResult/stoppedAtEvaluationBudget``).
    func maxErrorsIssue(cutErrors: Bool, byEvaluationBudget: Bool = false, document: JSONDocument?) -> PayloadIssue {
        let limit = Profile.Limit.maxErrors
        let noun = (cutErrors ? "error" : "warning") + (profile.maxErrors == 1 ? "" : "s")
        let message = byEvaluationBudget
            ? "stopped looking for more errors at the evaluation budget (the schema's branches all fail deep in this payload, and reporting each would take time exponential in its depth); the payload may have more that are not reported"
            : "stopped after \(profile.maxErrors) \(noun) (\(limit.key)); the payload has more that are not reported"
        return PayloadIssue(
            severity: .warning, message: message, kind: .limit(limit), location: document.flatMap { $0.location(of: .root) })
    }

    func dedupe(_ errors: [ValidationError]) -> [ValidationError] {
        var seen: Set<String> = []
        return errors.filter { seen.insert("\($0.absoluteKeywordLocation)\u{0}\($0.instanceLocation)\u{0}\($0.message)").inserted }
    }

    func issue(for error: ValidationError, in value: JSONValue, severity: PayloadIssue.Severity, location: SourceLocation?, hops: CompositionHops) -> PayloadIssue {
        let limit = error.limit.flatMap(Profile.Limit.init)
        let kind = IssueKind(error, rule: limit == nil ? rule(of: error, in: value) : nil)
        var message = limit.map { "\(error.message) (\($0.key))" } ?? error.message
        if kind == .nullFields {
            message += " (null-fields: the server's null for an unset field; --profile compat accepts it, severity {null-fields: warn} makes it a warning)"
        }
        return PayloadIssue(
            severity: severity, message: message, instanceLocation: error.instanceLocation,
            keywordLocation: hops.userLocation(error.keywordLocation), absoluteKeywordLocation: error.absoluteKeywordLocation, kind: kind,
            location: location)
    }

    /// Whether a failure of `keyword` is about a member's name rather than its value (an
    /// unknown property: `additionalProperties` or `unevaluatedProperties` rejecting it), so it
    /// is located at the name.
    package static func isAboutPropertyName(_ keyword: SchemaKeyword?) -> Bool {
        keyword == .additionalProperties || keyword == .unevaluatedProperties
    }

    /// The knob behind a failure of `value`'s validation, if any: a profile knob, or
    /// `null-fields` (see ``rule(keyword:absoluteKeywordLocation:onNull:customDataURIs:)``).
    func rule(of error: ValidationError, in value: JSONValue) -> Profile.Rule? {
        Self.rule(
            keyword: error.keyword, absoluteKeywordLocation: error.absoluteKeywordLocation,
            onNull: error.instanceLocation.resolve(in: value) == .null, customDataURIs: customDataURIs)
    }
}
