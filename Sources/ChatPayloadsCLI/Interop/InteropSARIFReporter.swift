import ChatPayloads
import JSONCore

/// `interop check --reporter sarif`: a SARIF 2.1.0 log (the same run layout as `validate`'s,
/// see ``SARIFReporter/log(version:rules:artifacts:results:invocation:)``) whose rules are the
/// classes (`dropped`, `lenient`, `lossy`, `failed`) and whose results are the differences that
/// matter (or the vector, for the other classes), located in the payload files; allowed
/// classes are `warning`, notes (with `--verbose`) `note`.
enum InteropSARIFReporter {
    static let descriptions: [VectorResult.Classification: String] = [
        .dropped: "The decoder rejected a payload the profile accepts: the message vanishes on that platform.",
        .lenient: "The decoder accepted a payload the profile rejects.",
        .lossy: "The decoder's re-encoding loses or changes data (or the profile rejects it).",
        .failed: "The decoder crashed, hung past the timeout, or answered out of protocol.",
    ]

    static func render(_ report: InteropReport, verbose: Bool) -> String {
        var ruleIDs: [String] = []
        var artifacts: [String] = []
        var results: [JSONValue] = []
        func ruleIndex(_ id: String) -> Int {
            if let i = ruleIDs.firstIndex(of: id) { return i }
            ruleIDs.append(id)
            return ruleIDs.count - 1
        }
        func artifactIndex(_ path: String) -> Int {
            if let i = artifacts.firstIndex(of: path) { return i }
            artifacts.append(path)
            return artifacts.count - 1
        }
        for entry in report.entries {
            let r = entry.result
            let rule = r.classification == .agrees ? "note" : r.classification.rawValue
            func add(_ level: String, _ pointer: JSONPointer, _ message: String) {
                let (line, column) = entry.position(of: pointer)
                var location = SARIFReporter.artifactLocation(SARIFReporter.percentEncode(entry.payloadPath))
                location.append(.init(key: "index", value: .number(JSONNumber(artifactIndex(entry.payloadPath)))))
                let physical: JSONValue = .object(JSONObject([
                    .init(key: "artifactLocation", value: .object(JSONObject(location))),
                    .init(key: "region", value: ["startLine": .number(JSONNumber(line)), "startColumn": .number(JSONNumber(column))]),
                ]))
                results.append(.object(JSONObject([
                    .init(key: "ruleId", value: .string(rule)),
                    .init(key: "ruleIndex", value: .number(JSONNumber(ruleIndex(rule)))),
                    .init(key: "level", value: .string(level)),
                    .init(key: "message", value: ["text": .string("\(r.id): \(message)")]),
                    .init(key: "locations", value: [["physicalLocation": physical]]),
                ])))
            }
            let shown = entry.shownDifferences(verbose: verbose)
            if r.classification == .agrees {
                for d in shown { add("note", d.pointer, d.description) }
                continue
            }
            let level = entry.allowed ? "warning" : "error"
            if shown.isEmpty { add(level, .root, r.summary) }
            for d in shown { add(d.matters ? level : "note", d.pointer, d.description) }
        }
        let rules: [JSONValue] = ruleIDs.map { id in
            let text = VectorResult.Classification(rawValue: id).flatMap { descriptions[$0] } ?? "A harmless difference: the same value written another way."
            return .object(JSONObject([
                .init(key: "id", value: .string(id)),
                .init(key: "name", value: .string("interop-\(id)")),
                .init(key: "shortDescription", value: ["text": .string(text)]),
            ]))
        }
        let artifactObjects: [JSONValue] = artifacts.map { ["location": .object(JSONObject(SARIFReporter.artifactLocation(SARIFReporter.percentEncode($0))))] }
        let invocation: [JSONObject.Member] = [
            .init(key: "executionSuccessful", value: true),
            .init(key: "exitCode", value: .number(JSONNumber(Int(report.status.rawValue)))),
        ]
        let log = SARIFReporter.log(version: report.version, rules: rules, artifacts: artifactObjects, results: results, invocation: invocation)
        return JSONWriter.string(log, options: .pretty) + "\n"
    }
}
