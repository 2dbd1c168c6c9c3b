@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import XCTest
import TestSupport

/// Issue 39, first acceptance point: one corpus (`Fixtures/one-corpus/`: every payload kind,
/// envelopes, sent messages with bad `userModel`, `channelModel` and `messageActions`, nulls,
/// duplicate keys, YAML, NDJSON, a JSON array, whole documents) through every way a payload
/// comes in, under every bundled profile: the same accepted set, the same issues at the same
/// places.
///
/// How the paths are compared. `validate --schema auto --emit valid --reporter json` is the
/// reference: its JSON report gives each payload's verdict and issues, and its emitted lines
/// are exactly its valid payloads, in order. A payload is compared by its index in its input
/// (the report's `record`); an issue by (pointer, rule, line:column in the input, severity
/// error): messages and keyword locations are the reporters' business, not the paths'.
///
/// | path | what it gets | what must hold |
/// |---|---|---|
/// | `validate --emit valid` | everything | one emitted line per valid payload, in order, equal to the payload read |
/// | `PayloadCheck` (`schema: .auto`, the library's public check) | everything | the report's verdict and issues, payload by payload |
/// | `PayloadIngestor` (the library's public ingestion) | payloads of one kind: bare users, channels, members and message actions (building their records), bare messages (validating only), sent messages (building the message record), and unreadable ones; not envelopes nor undetected shapes (it has no `auto`) | the report's verdict and issues; a record for every valid payload it builds |
/// | `POST /v1/validate?schema=auto` | NDJSON, the JSON array (`format=json-array`) and whole documents; not YAML (the API has no YAML format) | the report's verdict and issues |
/// | `store import` (`--kind auto`) | everything | the report's verdict and issues, except a valid payload the store cannot hold (a bare message, a message or file envelope, an App Context delete), refused with one `kind` error at its start; the `store:` line counts the accepted payloads, and each is in the store |
/// | `normalize` (`--kind auto`) | NDJSON, YAML and whole documents (it has no array format); only bare payloads can be normalized, every other one must be refused with an error line | a bare payload is accepted exactly when the report accepts it; a refused one has exactly one error line, at one of the report's places, invalid where the report says invalid and unreadable where it says unreadable (normalize prints the first error only; a repeated key under `strict` is the check's `duplicate-keys`, invalid, not a parse error); one output line per accepted payload; the exit status is validate's (2 when a payload is unreadable, else 1 when one is refused) |
///
/// Expected and consistent: a sent message with a bad model reports the models' errors only
/// (its content is judged when the models are sound), on every path.
final class OneCorpusAgreementTests: ServeTestCase {
    /// One input of the corpus.
    struct Input {
        var name: String
        var format: PayloadStreamFormat
        /// What the CLI needs to read it so (the JSON array's `--format`).
        var formatArguments: [String] { format == .jsonArray ? ["--format", "json-array"] : [] }
        /// `/v1/validate`'s `format`, nil where the API cannot take it (YAML).
        var apiFormat: String? {
            switch format {
            case .json: return "json"
            case .ndjson: return "ndjson"
            case .jsonArray: return "json-array"
            case .yaml: return nil
            }
        }
        /// Whether `normalize` can read it (it has no array format).
        var normalizable: Bool { format != .jsonArray }
        var path: String { "fx/one-corpus/\(name)" }
    }

    static let inputs = [
        Input(name: "payloads.ndjson", format: .ndjson),
        Input(name: "array.json", format: .jsonArray),
        Input(name: "stream.yaml", format: .yaml),
        Input(name: "whole-user.json", format: .json),
        Input(name: "whole-message-invalid.json", format: .json),
        Input(name: "whole-sent-bad-models.json", format: .json),
    ]

    /// What `validate` accepts, by payload index (0-based), so that the paths cannot all drift
    /// together. NDJSON line `n` is index `n - 1`; YAML document `n` is index `n - 1`.
    static let accepted: [String: [ProfileName: Set<Int>]] = [
        "payloads.ndjson": [
            .compat: Set([1, 2, 3, 4, 5, 6, 7, 15, 16, 18, 19, 24, 26, 28, 30, 31, 32, 38, 39, 40, 41, 42, 43].map { $0 - 1 }),
            .standard: Set([1, 2, 3, 4, 5, 7, 15, 18, 24, 26, 28, 30, 31, 32, 38, 39, 40, 41, 42, 43].map { $0 - 1 }),
            .strict: Set([1, 2, 3, 4, 5, 7, 24, 26, 28, 30, 31, 32, 38, 39].map { $0 - 1 }),
        ],
        "array.json": [.compat: [0, 3, 5, 7], .standard: [0, 3, 5, 7], .strict: [0, 3, 7]],
        "stream.yaml": [.compat: [0, 3, 6], .standard: [0, 3, 6], .strict: [0, 3, 6]],
        "whole-user.json": [.compat: [0], .standard: [0], .strict: [0]],
        "whole-message-invalid.json": [.compat: [], .standard: [], .strict: []],
        "whole-sent-bad-models.json": [.compat: [], .standard: [], .strict: []],
    ]

    /// One error as every path must give it.
    struct Issue: Hashable, Comparable, CustomStringConvertible {
        var pointer: String
        var rule: String
        var line: Int
        var column: Int
        var description: String { "\(pointer) [\(rule)] @\(line):\(column)" }
        static func < (a: Issue, b: Issue) -> Bool { (a.line, a.column, a.pointer, a.rule) < (b.line, b.column, b.pointer, b.rule) }
    }

    /// One payload's verdict as a path gives it.
    struct Verdict: Equatable, CustomStringConvertible {
        var outcome: String
        var issues: [Issue]
        var description: String { "\(outcome) \(issues)" }
    }

    /// One payload of validate's report.
    struct Reported {
        var verdict: Verdict
        var schema: String?
    }

    // MARK: Reading the reports

    static func issue(_ error: [String: Any]) -> Issue? {
        guard error["severity"] as? String == "error" else { return nil }
        return Issue(
            pointer: error["instanceLocation"] as? String ?? "?", rule: error["rule"] as? String ?? "?",
            line: error["line"] as? Int ?? 0, column: error["column"] as? Int ?? 0)
    }

    static func verdicts(ofReport text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (results: [Reported], exitCode: Int) {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let results = try XCTUnwrap(object?["results"] as? [[String: Any]], String(text.prefix(500)), file: file, line: line)
        let reported = results.map { result in
            let issues = (result["errors"] as? [[String: Any]] ?? []).compactMap(issue).sorted()
            return Reported(verdict: Verdict(outcome: result["outcome"] as? String ?? "?", issues: issues), schema: result["schema"] as? String)
        }
        XCTAssertEqual(results.map { $0["record"] as? Int }, Array(0..<results.count), "results in input order", file: file, line: line)
        return (reported, try XCTUnwrap(object?["exitCode"] as? Int, file: file, line: line))
    }

    static func verdict(outcome: String, _ issues: [PayloadIssue]) -> Verdict {
        Verdict(outcome: outcome, issues: issues.filter { $0.severity == .error }.map {
            Issue(pointer: $0.instanceLocation.description, rule: $0.reportedRule, line: $0.line ?? 0, column: $0.column ?? 0)
        }.sorted())
    }

    func bytes(_ input: Input) throws -> [UInt8] {
        Array(try Data(contentsOf: work.appendingPathComponent(input.path)))
    }

    /// The input's payloads as the library splits them.
    func split(_ input: Input, _ profile: Profile) throws -> [SplitPayload] {
        PayloadSplitter.payloads(in: try bytes(input), format: input.format, maxBytes: profile.maxBytes)
    }

    /// The value of a payload read from its input (nil when it cannot be read).
    static func value(of payload: SplitPayload, _ profile: Profile) -> JSONValue? {
        switch payload.content {
        case .json(let bytes): return try? JSONParser.parse(bytes, options: profile.parseOptions).root
        case .yaml(let document): return document.value
        case .unreadable: return nil
        }
    }

    /// The line where a payload starts in its input (a YAML document: where its value starts).
    static func startLine(of payload: SplitPayload) -> Int {
        if case .yaml(let document) = payload.content { return document.position(of: .root)?.line ?? 1 }
        return payload.label.startLine
    }

    // MARK: The test

    func testOneCorpusEveryPathEveryProfile() throws {
        try startServer()
        var disagreements: [String] = []
        for name in ProfileName.allCases {
            let profile = Profile.named(name)
            for input in Self.inputs {
                let tag = "\(name.rawValue) \(input.name)"
                let payloads = try split(input, profile)
                let reference = try validateEmittingValid(input, profile, payloads: payloads, tag: tag)
                XCTAssertEqual(reference.count, payloads.count, "\(tag): validate reports every payload the library splits")
                let accepted = Set(reference.indices.filter { reference[$0].verdict.outcome == "valid" })
                XCTAssertEqual(accepted, Self.accepted[input.name]?[name], "\(tag): validate's accepted set")
                for (index, payload) in reference.enumerated() where payload.verdict.outcome != "valid" {
                    XCTAssertFalse(payload.verdict.issues.isEmpty, "\(tag) #\(index): refused without an error: \(payload)")
                }
                disagreements += compare("PayloadCheck", tag, reference, libraryCheck(input, profile))
                disagreements += ingestorDisagreements(input, profile, reference: reference, tag: tag)
                if input.apiFormat != nil {
                    disagreements += compare("/v1/validate", tag, reference, try playground(input, profile).map(\.verdict))
                }
                disagreements += try storeDisagreements(input, profile, reference: reference, payloads: payloads, tag: tag)
                if input.normalizable {
                    disagreements += try normalizeDisagreements(input, profile, reference: reference, payloads: payloads, tag: tag)
                }
            }
        }
        XCTAssertEqual(disagreements, [], "the paths disagree:\n" + disagreements.joined(separator: "\n"))
    }

    /// The lines where `path`'s verdicts differ from the reference.
    func compare(_ path: String, _ tag: String, _ reference: [Reported], _ got: [Verdict]) -> [String] {
        guard got.count == reference.count else { return ["\(tag): \(path) gave \(got.count) results for \(reference.count) payloads"] }
        return zip(reference, got).enumerated().compactMap { index, pair in
            pair.0.verdict == pair.1 ? nil : "\(tag) #\(index) \(pair.0.schema ?? "-"): validate \(pair.0.verdict), \(path) \(pair.1)"
        }
    }

    // MARK: validate --emit valid

    /// validate's report, checked against what it emitted: one line per valid payload, in
    /// order, the payload's own value.
    func validateEmittingValid(_ input: Input, _ profile: Profile, payloads: [SplitPayload], tag: String) throws -> [Reported] {
        let run = try self.run(
            ["validate", "--no-config", "--profile", profile.name.rawValue, "--schema", "auto", "--emit", "valid",
             "--reporter", "json", "--output", "report.json"] + input.formatArguments + [input.path])
        let report = try String(decoding: Data(contentsOf: work.appendingPathComponent("report.json")), as: UTF8.self)
        let (results, exitCode) = try Self.verdicts(ofReport: report)
        XCTAssertEqual(Int(run.status), exitCode, "\(tag): the report's exit code is the process's")
        let validIndices = results.indices.filter { results[$0].verdict.outcome == "valid" }
        let emitted = run.stdoutLines
        XCTAssertEqual(emitted.count, validIndices.count, "\(tag): one emitted line per valid payload: \(run.stdout)")
        for (line, index) in zip(emitted, validIndices) where index < payloads.count {
            let read = try? JSONParser.parse(Array(line.utf8), options: profile.parseOptions).root
            XCTAssertEqual(read, Self.value(of: payloads[index], profile), "\(tag): emitted line for payload #\(index)")
        }
        return results
    }

    // MARK: The library

    /// ``PayloadCheck`` with `schema: .auto`: validate's own per-payload check, called as an app calls it.
    func libraryCheck(_ input: Input, _ profile: Profile) -> [Verdict] {
        let check = PayloadCheck(profile: profile)
        var validators = ValidatorCache.Context(profile: profile)
        guard let bytes = try? bytes(input) else { return [] }
        return check.check(bytes, format: input.format, schema: .auto, context: &validators).map {
            Self.verdict(outcome: $0.outcome.rawValue, $0.issues)
        }
    }

    /// What ``PayloadIngestor`` is asked for a payload validate detected as `schema` (nil:
    /// not expressible, no `auto`): the validator's schema and the record to build.
    static func ingestion(forDetected schema: String?) -> (schema: BundledSchema, building: ChatPayloadKind?)? {
        switch schema {
        case "user": return (.user, .user)
        case "channel": return (.channel, .channel)
        case "member": return (.member, .member)
        case "message-action": return (.messageAction, .messageAction)
        case "message": return (.message, nil)
        case "message at /content (sent message)": return (.message, .sentMessage)
        default: return nil
        }
    }

    /// ``PayloadIngestor`` on the whole input once per kind the input holds, compared on the
    /// payloads of that kind (and on the unreadable ones, which every kind reads alike).
    func ingestorDisagreements(_ input: Input, _ profile: Profile, reference: [Reported], tag: String) -> [String] {
        guard let bytes = try? bytes(input) else { return ["\(tag): unreadable input"] }
        var kinds: [String: (schema: BundledSchema, building: ChatPayloadKind?)] = [:]
        for payload in reference { if let schema = payload.schema, let ingestion = Self.ingestion(forDetected: schema) { kinds[schema] = ingestion } }
        var lines: [String] = []
        for (detected, ingestion) in kinds.sorted(by: { $0.key < $1.key }) {
            let validator: PayloadValidator
            do {
                validator = try PayloadValidator(schema: .bundled(ingestion.schema), profile: profile)
            } catch {
                lines.append("\(tag): no \(ingestion.schema) validator: \(error)")
                continue
            }
            let results = PayloadIngestor(validator: validator, building: ingestion.building).ingest(bytes, format: input.format)
            guard results.count == reference.count else {
                lines.append("\(tag): PayloadIngestor(\(detected)) gave \(results.count) results for \(reference.count) payloads")
                continue
            }
            for (index, (expected, result)) in zip(reference, results).enumerated()
            where expected.schema == detected || expected.verdict.outcome == "unreadable" {
                let got = Self.verdict(outcome: result.outcome.rawValue, result.issues)
                if got != expected.verdict {
                    lines.append("\(tag) #\(index) \(detected): validate \(expected.verdict), PayloadIngestor \(got)")
                } else if result.isValid, ingestion.building != nil, result.record == nil {
                    lines.append("\(tag) #\(index) \(detected): PayloadIngestor accepted it without its record")
                }
            }
        }
        return lines
    }

    // MARK: The playground API

    /// `POST /v1/validate?schema=auto&profile=…&format=…` with the input as its body.
    func playground(_ input: Input, _ profile: Profile) throws -> [Reported] {
        let format = try XCTUnwrap(input.apiFormat)
        let answer = try connect().request(
            "POST", "/v1/validate?schema=auto&profile=\(profile.name.rawValue)&format=\(format)", body: try bytes(input),
            headers: ["Content-Type: application/json"])
        XCTAssertEqual(answer?.status, 200, answer?.text ?? "no answer")
        return try Self.verdicts(ofReport: answer?.text ?? "").results
    }

    // MARK: store import

    /// Valid payloads the store cannot hold, by validate's schema name (and App Context deletes).
    static let notStorable: Set<String> = ["message", "message at /message (message envelope)", "message at /message (file message)"]

    /// `store import --kind auto` into a fresh store: its report against validate's, its counts
    /// and what it stored.
    func storeDisagreements(_ input: Input, _ profile: Profile, reference: [Reported], payloads: [SplitPayload], tag: String) throws -> [String] {
        let db = "\(profile.name.rawValue)-\(input.name).sqlite"
        let run = try self.run(
            ["store", "import", "--db", db, "--no-config", "--profile", profile.name.rawValue, "--force", "--reporter", "json"]
                + input.formatArguments + [input.path])
        let (results, exitCode) = try Self.verdicts(ofReport: run.stdout)
        XCTAssertEqual(Int(run.status), exitCode, "\(tag): store import's report gives its exit code: \(run.stderr)")
        guard results.count == reference.count else { return ["\(tag): store import gave \(results.count) results for \(reference.count) payloads"] }
        var lines: [String] = []
        var identities: Set<String> = []
        for (index, (expected, got)) in zip(reference, results).enumerated() {
            let value = index < payloads.count ? Self.value(of: payloads[index], profile) : nil
            if expected.verdict.outcome == "valid", Self.notStorable.contains(expected.schema ?? "") || Self.isDelete(value) {
                // Refused, located at its start, with the one rule that says why.
                let start = index < payloads.count ? Self.startLine(of: payloads[index]) : 0
                let refusal = got.verdict.issues
                if got.verdict.outcome != "invalid" || refusal.count != 1 || refusal.first?.rule != "kind" || refusal.first?.line != start {
                    lines.append("\(tag) #\(index) \(expected.schema ?? "-"): valid, not storable; store import \(got.verdict)")
                }
                continue
            }
            if got.verdict != expected.verdict {
                lines.append("\(tag) #\(index) \(expected.schema ?? "-"): validate \(expected.verdict), store import \(got.verdict)")
            } else if got.verdict.outcome == "valid", let value, let identity = Self.identity(of: value, detected: expected.schema) {
                identities.insert(identity)
            }
        }
        let acceptedCount = results.filter { $0.verdict.outcome == "valid" }.count
        let summary = run.stderr.split(separator: "\n").first { $0.hasPrefix("store: ") } ?? ""
        if !summary.hasPrefix("store: \(acceptedCount) of \(results.count) payload") || !summary.contains("accepted: \(acceptedCount) inserted") {
            lines.append("\(tag): store import's summary does not count \(acceptedCount) accepted and inserted: \(run.stderr)")
        }
        let stored = try storedIdentities(db)
        for missing in identities.subtracting(stored).sorted() { lines.append("\(tag): accepted but not in the store: \(missing)") }
        return lines
    }

    static func isDelete(_ value: JSONValue?) -> Bool {
        guard case .object(let object)? = value else { return false }
        return object["event"] == .string("delete")
    }

    /// How a stored row is known: `user id`, `channel id`, `member channel:user`, `message id`,
    /// `message-action timetoken`.
    static func identity(of value: JSONValue, detected: String?) -> String? {
        func member(_ v: JSONValue, _ path: String...) -> JSONValue? {
            var v = v
            for key in path {
                guard case .object(let o) = v, let next = o[key] else { return nil }
                v = next
            }
            return v
        }
        func text(_ v: JSONValue?) -> String? {
            switch v {
            case .string(let s)?: return s
            case .some(let other): return JSONWriter.string(other, options: .canonical)
            case nil: return nil
            }
        }
        // An App Context event's payload is under `data`.
        let payload = (detected ?? "").hasSuffix("(app context event)") ? member(value, "data") : value
        switch (detected ?? "").prefix(while: { $0 != " " }) {
        case "user": return text(payload.flatMap { member($0, "id") }).map { "user \($0)" }
        case "channel": return text(payload.flatMap { member($0, "id") }).map { "channel \($0)" }
        case "member":
            guard let payload, let c = text(member(payload, "channel", "id")), let u = text(member(payload, "uuid", "id")) else { return nil }
            return "member \(c):\(u)"
        case "message-action": return text(member(value, "actionTimetoken")).map { "message-action \($0)" }
        case "message" where detected == "message at /content (sent message)": return text(member(value, "content", "id")).map { "message \($0)" }
        default: return nil
        }
    }

    /// The identities of every row `store export` gives.
    func storedIdentities(_ db: String) throws -> Set<String> {
        var identities: Set<String> = []
        for kind in ["user", "channel", "member", "message", "message-action"] {
            // The store holds messages in the sent form: `--kind sent-message`.
            let export = try run(["store", "export", "--db", db, "--kind", kind == "message" ? "sent-message" : kind])
            XCTAssertEqual(export.status, 0, export.stderr)
            for line in export.stdoutLines {
                guard let value = try? JSONParser.parse(Array(line.utf8)).root else { continue }
                let detected = kind == "message" ? "message at /content (sent message)" : kind
                if let identity = Self.identity(of: value, detected: detected) { identities.insert(identity) }
            }
        }
        return identities
    }

    // MARK: normalize

    /// Bare payloads validate detected (what `normalize --kind auto` can decode).
    static let bare: Set<String> = ["user", "channel", "member", "message", "message-action"]

    /// `normalize` (kind auto): a bare payload's verdict is validate's, each refusal has one
    /// error line at one of validate's places, nothing is dropped without one.
    func normalizeDisagreements(_ input: Input, _ profile: Profile, reference: [Reported], payloads: [SplitPayload], tag: String) throws -> [String] {
        let run = try self.run(["normalize", "--no-config", "--profile", profile.name.rawValue, input.path])
        let starts = payloads.map(Self.startLine)
        var errors: [Int: [(line: Int?, column: Int?, text: String)]] = [:]
        var lines: [String] = []
        for line in run.stderr.split(separator: "\n") where line.contains(": error: ") {
            guard let place = Self.normalizePlace(String(line), input: input) else {
                lines.append("\(tag): normalize error line without a place: \(line)")
                continue
            }
            let index: Int
            if let document = place.document {
                index = document - 1
            } else if let at = place.line {
                index = (starts.lastIndex { $0 <= at }) ?? 0
            } else {
                index = 0
            }
            errors[index, default: []].append((place.line, place.column, String(line)))
        }
        var acceptedCount = 0
        for (index, expected) in reference.enumerated() {
            let refusals = errors[index] ?? []
            // Bare payloads, and those validate could not read or tell the kind of.
            let expressible = expected.schema.map(Self.bare.contains) ?? true
            if expected.verdict.outcome == "valid" && expressible {
                acceptedCount += 1
                if !refusals.isEmpty { lines.append("\(tag) #\(index) \(expected.schema ?? "-"): validate valid, normalize refused it at \(refusals)") }
                continue
            }
            guard refusals.count == 1, let refusal = refusals.first else {
                lines.append("\(tag) #\(index) \(expected.schema ?? "-"): validate \(expected.verdict.outcome), normalize gave \(refusals.count) error lines")
                continue
            }
            if !expressible {
                // Not a bare payload: refused at its start.
                if refusal.line != Self.startLine(of: payloads[index]) {
                    lines.append("\(tag) #\(index) \(expected.schema ?? "-"): normalize refused it at \(refusal), not at its start line \(Self.startLine(of: payloads[index]))")
                }
            } else if !expected.verdict.issues.contains(where: { $0.line == refusal.line && $0.column == refusal.column }) {
                lines.append("\(tag) #\(index) \(expected.schema ?? "-"): normalize's error at \(refusal), validate's at \(expected.verdict.issues)")
            } else {
                // The same judgement: unreadable exactly where validate cannot read it. (The
                // gate's line names the profile's rule, `duplicate-keys`, `custom`, where the
                // report names the keyword's: the rules are not compared.)
                let unreadable = Self.isReadingFailure(refusal.text)
                if unreadable != (expected.verdict.outcome == "unreadable") {
                    lines.append("\(tag) #\(index) \(expected.schema ?? "-"): validate \(expected.verdict.outcome), normalize: \(refusal.text)")
                }
            }
        }
        if run.stdoutLines.count != acceptedCount {
            lines.append("\(tag): normalize printed \(run.stdoutLines.count) payloads, validate accepted \(acceptedCount) bare ones")
        }
        let refused = reference.indices.contains { !(errors[$0] ?? []).isEmpty }
        let expectedStatus: Int32 = reference.contains { $0.verdict.outcome == "unreadable" } ? 2 : (refused ? 1 : 0)
        if run.status != expectedStatus {
            lines.append("\(tag): normalize exited \(run.status), expected \(expectedStatus) from validate's verdicts")
        }
        return lines
    }

    /// Whether a `normalize` error line says the payload could not be read (not JSON, or over a
    /// limit of the profile), as opposed to the gate's verdict or a decoding error.
    static func isReadingFailure(_ line: String) -> Bool {
        line.contains(": error: not valid JSON: ") || Profile.Limit.allCases.contains { line.hasSuffix("(\($0.rawValue))") }
    }

    /// Where a `normalize` error line puts its payload: `path:line:column:`, `path: document N:`
    /// (a YAML document without a position) or `path:` (a whole input).
    static func normalizePlace(_ line: String, input: Input) -> (line: Int?, column: Int?, document: Int?)? {
        guard line.hasPrefix(input.path) else { return nil }
        let rest = line.dropFirst(input.path.count)
        if rest.hasPrefix(": document ") {
            let number = rest.dropFirst(": document ".count).prefix { $0.isNumber }
            return Int(number).map { (nil, nil, $0) }
        }
        if rest.hasPrefix(": error: ") { return (nil, nil, nil) }
        guard rest.hasPrefix(":") else { return nil }
        let fields = rest.dropFirst().split(separator: ":", maxSplits: 2)
        guard fields.count == 3, let l = Int(fields[0]), let c = Int(fields[1]) else { return nil }
        return (l, c, nil)
    }
}
