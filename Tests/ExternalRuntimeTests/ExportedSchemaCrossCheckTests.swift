import Foundation
import XCTest
import TestSupport

/// Issue 38, "One verdict everywhere": the text `chatpayloads schema NAME --profile P` prints is
/// one self-contained document for other platforms, so a 2020-12 validator that does not assert
/// formats (python-jsonschema, ajv and networknt by default) must give `validate`'s verdict.
///
/// For every bundled schema and every profile (both enumerated from the CLI), python-jsonschema's
/// `Draft202012Validator` without a format checker, given the exported text, judges the interop
/// vectors (`Tests/Vectors/`: the validation vectors and the codec vectors `interop vectors`
/// writes) and a seeded corpus of at least 3,000 generated payloads per schema, valid and invalid,
/// probing the profiles' rules: dates (leap seconds, offsets, the years 0000 and 9999), URLs and
/// IRIs, e-mails, UUIDs, non-object entities, unknown keys, nulls, timetoken bounds, unicode.
/// Every disagreement with `validate` is printed and fails the test.
///
/// Without python-jsonschema the test is skipped with a message naming the package, unless
/// `CI=1`, where it fails.
final class ExportedSchemaCrossCheckTests: CLITestCase {
    /// Payloads generated per schema (on top of the vectors).
    static let generatedPerSchema = 3_000

    func testOneVerdict_PythonJSONSchemaOnTheExportedTextGivesValidatesVerdict() throws {
        try requirePythonJSONSchema()
        let schemas = try bundledSchemaNames()
        let profiles = try profileNames()
        XCTAssertGreaterThanOrEqual(schemas.count, 8, "schemas listed by `chatpayloads schema`: \(schemas)")
        XCTAssertEqual(Set(profiles), ["compat", "standard", "strict"], "profiles named by `chatpayloads schema --help`")
        let settings = profiles.map { Setting(label: "--profile \($0)", arguments: ["--profile", $0, "--no-config"]) }
        try crossCheck(schemas: schemas, settings: settings, generatedPerSchema: Self.generatedPerSchema)
    }

    /// The knobs a config sets on a profile (dates, formats, closed objects, flat custom data,
    /// custom-data schemas with formats, severities that leave a rule out of the verdict) reach the
    /// exported text too.
    func testOneVerdict_TheConfigsKnobsReachTheExportedTextToo() throws {
        try requirePythonJSONSchema()
        try write("knobs/custom-user.json", #"{"type":"object","properties":{"a":{"format":"uuid"},"b":{"type":["string","number","boolean"],"format":"date-time"},"c":{"format":"email"}}}"#)
        let configs: [(String, String)] = [
            ("compat-native-closed-flat", "profile: compat\ndates: native\nunknown-properties: reject\ncustom: flat\n"),
            ("standard-some-formats", "profile: standard\nformats: {date-time: assert, uri: assert, uuid: assert, email: annotate}\n"),
            ("strict-formats-warn", "profile: strict\nseverity: {format: warn}\n"),
            ("strict-unknown-warn-custom-any", "profile: strict\nunknown-properties: warn\ncustom: any\n"),
            ("strict-custom-data", "profile: strict\ncustom-schemas:\n  user: custom-user.json\n"),
        ]
        var settings: [Setting] = []
        for (name, text) in configs {
            try write("knobs/\(name).yml", text)
            settings.append(Setting(label: "config \(name)", arguments: ["--config", work.appendingPathComponent("knobs/\(name).yml").path]))
        }
        try crossCheck(schemas: ["user", "member", "message"], settings: settings, generatedPerSchema: 1_000)
    }

    /// How one run sets the profile: `--profile P --no-config`, or `--config FILE`.
    struct Setting {
        let label: String
        let arguments: [String]
    }

    /// Exports every schema under every setting, judges the vectors and `generatedPerSchema`
    /// generated payloads per schema with `validate` and with python-jsonschema on the exported
    /// text (two python processes, one per core), and fails on every disagreement, printing each.
    func crossCheck(schemas: [String], settings: [Setting], generatedPerSchema: Int) throws {
        let started = Date()
        let vectors = try vectorPayloads()
        var corpus: [String: [String]] = [:]
        for schema in schemas {
            var generator = PayloadGenerator(seed: 38 &* 1_000_003 &+ UInt64(schema.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) } & 0xFFFF))
            let generated = (0..<generatedPerSchema).map { _ in generator.payload(for: schema) }
            corpus[schema] = (vectors[Self.baseName(of: schema)] ?? []) + generated
        }

        // Validate's verdicts and the exported texts.
        struct Run { let schema: String; let setting: String; let payloads: URL; let exported: URL; let verdicts: URL; let validate: [String] }
        var runs: [Run] = []
        for schema in schemas {
            let payloads = work.appendingPathComponent("corpus-\(schema).ndjson")
            try Data((corpus[schema] ?? []).map { $0 + "\n" }.joined().utf8).write(to: payloads)
            for (n, setting) in settings.enumerated() {
                let exported = try run(["schema", schema] + setting.arguments)
                XCTAssertEqual(exported.status, 0, exported.stderr)
                let exportedURL = work.appendingPathComponent("\(schema).\(n).schema.json")
                try Data(exported.stdout.utf8).write(to: exportedURL)
                let result = try run(["validate", "--schema", schema] + setting.arguments + ["--ndjson", "--reporter", "ndjson", payloads.path])
                XCTAssertTrue(result.status == 0 || result.status == 1, "validate \(schema) \(setting.label): status \(result.status): \(result.stderr.prefix(2_000))")
                var verdicts = [String](repeating: "missing", count: corpus[schema]?.count ?? 0)
                for line in result.stdout.split(separator: "\n") where line.hasPrefix(#"{"type":"result","#) {
                    guard let (record, outcome) = Self.recordAndOutcome(line), verdicts.indices.contains(record) else { continue }
                    verdicts[record] = outcome
                }
                runs.append(Run(schema: schema, setting: setting.label, payloads: payloads, exported: exportedURL,
                                verdicts: work.appendingPathComponent("\(schema).\(n).python.txt"), validate: verdicts))
            }
        }

        print("ExportedSchemaCrossCheckTests: corpus and validate's verdicts ready after \(Date().timeIntervalSince(started)) s")
        // Two python processes (one per core), each judging every other run.
        let script = work.appendingPathComponent("fx/crosscheck/export_verdicts.py").path
        var plans: [URL] = []
        for half in 0..<2 {
            let share = runs.enumerated().filter { $0.offset % 2 == half }.map(\.element)
            let plan: [String: Any] = ["runs": share.map { ["schema": $0.exported.path, "payloads": $0.payloads.path, "verdicts": $0.verdicts.path] }]
            let planURL = work.appendingPathComponent("plan-\(half).json")
            try JSONSerialization.data(withJSONObject: plan).write(to: planURL)
            plans.append(planURL)
        }
        let outcomes = PythonOutcomes(count: plans.count)
        let planned = plans
        DispatchQueue.concurrentPerform(iterations: planned.count) { half in
            outcomes.set(half, Self.runVerdictScript(script, plan: planned[half]))
        }
        for (half, outcome) in outcomes.all.enumerated() {
            XCTAssertEqual(outcome.status, 0, "export_verdicts.py (plan \(half)): \(outcome.stderr)")
        }
        guard outcomes.all.allSatisfy({ $0.status == 0 }) else { return }
        print("ExportedSchemaCrossCheckTests: python-jsonschema's verdicts after \(Date().timeIntervalSince(started)) s")

        var disagreements: [String] = []
        // Valid payloads under some setting (react-channel is never valid under strict: it
        // requires `type` and defines no such property, which strict's closed objects refuse).
        var validSomewhere: [String: Bool] = [:]
        var compared = 0
        for run in runs {
            let theirs = String(decoding: try Data(contentsOf: run.verdicts), as: UTF8.self).split(separator: "\n").map(String.init)
            let payloads = corpus[run.schema] ?? []
            XCTAssertEqual(theirs.count, payloads.count, "\(run.schema) \(run.setting): python judged \(theirs.count) of \(payloads.count) payloads")
            XCTAssertTrue(run.validate.contains("invalid"), "\(run.schema) \(run.setting): the corpus holds invalid payloads")
            XCTAssertFalse(run.validate.contains("missing"), "\(run.schema) \(run.setting): validate judged every payload")
            validSomewhere[run.schema, default: false] = validSomewhere[run.schema, default: false] || run.validate.contains("valid")
            for (i, payload) in payloads.enumerated() where i < theirs.count {
                compared += 1
                let ours = run.validate[i]
                if ours != theirs[i] {
                    disagreements.append("\(run.schema) \(run.setting): validate \(ours), python-jsonschema \(theirs[i]): \(payload)")
                }
            }
        }
        for schema in schemas { XCTAssertEqual(validSomewhere[schema], true, "\(schema): the corpus holds payloads valid under some setting") }
        for line in disagreements { print("disagreement: \(line)") }
        XCTAssertEqual(disagreements.count, 0, "\(disagreements.count) of \(compared) verdicts differ; first: \(disagreements.first ?? "")")
        XCTAssertGreaterThanOrEqual(compared, schemas.count * settings.count * generatedPerSchema)
    }

    /// The `record` and `outcome` of one line of the ndjson reporter (`{"type":"result",...}`).
    static func recordAndOutcome(_ line: Substring) -> (Int, String)? {
        guard let r = line.range(of: #","record":"#), let o = line.range(of: #","outcome":""#) else { return nil }
        let digits = line[r.upperBound...].prefix { $0.isNumber }
        let outcome = line[o.upperBound...].prefix { $0 != "\"" }
        guard let record = Int(digits) else { return nil }
        return (record, String(outcome))
    }

    // MARK: Enumeration

    /// The schema names `chatpayloads schema` lists.
    func bundledSchemaNames() throws -> [String] {
        let list = try run(["schema"])
        XCTAssertEqual(list.status, 0, list.stderr)
        return list.stdoutLines.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The profiles `chatpayloads schema --help` names for `--profile`.
    func profileNames() throws -> [String] {
        let help = try run(["schema", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let range = flat.range(of: "Strictness profile: ") else {
            XCTFail("`schema --help` does not describe --profile: \(help.stdout)")
            return []
        }
        let rest = flat[range.upperBound...]
        let sentence = rest.prefix { $0 != "(" && $0 != ";" && $0 != "." }
        return sentence.replacingOccurrences(of: " or ", with: ", ").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `react-user` -> `user` (the vectors are filed by base schema).
    static func baseName(of schema: String) -> String { schema.hasPrefix("react-") ? String(schema.dropFirst("react-".count)) : schema }

    /// Every payload of the interop vectors, by the schema it is filed under: the validation
    /// vectors of every profile folder and the codec vectors `interop vectors` writes.
    func vectorPayloads() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        let root = CLITestCase.repositoryRoot.appendingPathComponent("Tests/Vectors")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "json" {
            let relative = file.path.dropFirst(root.path.count + 1)
            guard ["standard/", "compat/", "strict/"].contains(where: { relative.hasPrefix($0) }) else { continue }
            let groups = try JSONSerialization.jsonObject(with: Data(contentsOf: file), options: [.fragmentsAllowed]) as? [[String: Any]] ?? []
            for group in groups {
                guard let ref = (group["schema"] as? [String: Any])?["$ref"] as? String,
                      let name = ref.split(separator: "/").last.map({ String($0.dropLast(".json".count)) }) else { continue }
                for test in group["tests"] as? [[String: Any]] ?? [] {
                    guard let data = test["data"] else { continue }
                    result[Self.baseName(of: name), default: []].append(try Self.compactJSON(data))
                }
            }
        }
        // The codec vectors, as `interop vectors` writes them.
        let out = work.appendingPathComponent("codec")
        let written = try run(["interop", "vectors", "--output", out.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        let index = try json(String(decoding: try Data(contentsOf: out.appendingPathComponent("vectors.json")), as: UTF8.self))
        var codec = 0
        for vector in index["vectors"] as? [[String: Any]] ?? [] {
            guard let kind = vector["kind"] as? String, let path = vector["payload"] as? String else { continue }
            let text = String(decoding: try Data(contentsOf: out.appendingPathComponent(path)), as: UTF8.self)
            // One line each (NDJSON); a vector that is not JSON is not a schema question.
            guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { continue }
            result[kind, default: []].append(try Self.compactJSON(value))
            codec += 1
        }
        XCTAssertGreaterThan(codec, 20, "codec vectors read")
        return result
    }

    /// Compact JSON of a Foundation value (numbers as JSONSerialization writes them).
    static func compactJSON(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }

    // MARK: Python

    func requirePythonJSONSchema(file: StaticString = #filePath, line: UInt = #line) throws {
        try ExternalRuntime.requirePythonModules(
            ["jsonschema"], "python-jsonschema", install: "pip install jsonschema, or pip install -r Tests/Vectors/requirements.txt", file: file, line: line)
    }

    /// Runs `python3 export_verdicts.py PLAN`: its exit status and standard error.
    private static func runVerdictScript(_ script: String, plan: URL) -> (status: Int32, stderr: String) {
        do {
            let (status, _, stderr) = try CLITestCase.runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, plan.path], in: nil)
            return (status, String(decoding: stderr, as: UTF8.self))
        } catch {
            return (-1, "python3 did not start: \(error)")
        }
    }

    /// The python processes' outcomes, set from several threads.
    private final class PythonOutcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(status: Int32, stderr: String)]
        init(count: Int) { items = Array(repeating: (-1, "not run"), count: count) }
        func set(_ index: Int, _ outcome: (status: Int32, stderr: String)) {
            lock.lock()
            items[index] = outcome
            lock.unlock()
        }
        var all: [(status: Int32, stderr: String)] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }
}
