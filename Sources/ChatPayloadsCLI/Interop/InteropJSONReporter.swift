import ChatPayloads
import JSONCore

/// `interop check --reporter json`: one document with the run (tool, version, profile, command),
/// every vector's class, summary and differences (pointer, kind, matters, explanation, and the
/// pointer's line and column in the payload file), the counts, and whether the run passed.
enum InteropJSONReporter {
    static func render(_ report: InteropReport) -> String {
        let vectors: [JSONValue] = report.entries.map { entry in
            let r = entry.result
            let differences: [JSONValue] = r.differences.map { d in
                let (line, column) = entry.position(of: d.pointer)
                return .object(JSONObject([
                    .init(key: "pointer", value: .string(d.pointer.description)),
                    .init(key: "kind", value: .string(d.kind.rawValue)),
                    .init(key: "matters", value: .bool(d.matters)),
                    .init(key: "explanation", value: .string(d.explanation)),
                    .init(key: "line", value: .number(JSONNumber(line))),
                    .init(key: "column", value: .number(JSONNumber(column))),
                ]))
            }
            return .object(JSONObject([
                .init(key: "id", value: .string(r.id)),
                .init(key: "kind", value: .string(r.kind.rawValue)),
                .init(key: "payload", value: .string(entry.payloadPath)),
                .init(key: "classification", value: .string(r.classification.rawValue)),
                .init(key: "allowed", value: .bool(entry.allowed)),
                .init(key: "summary", value: .string(r.summary)),
                .init(key: "differences", value: .array(differences)),
            ]))
        }
        let counts = report.counts
        let summary = JSONObject(VectorResult.Classification.allCases.map {
            JSONObject.Member(key: $0.rawValue, value: .number(JSONNumber(counts[$0] ?? 0)))
        })
        let document: JSONValue = .object(JSONObject([
            .init(key: "tool", value: "chatpayloads"),
            .init(key: "version", value: .string(report.version)),
            .init(key: "profile", value: .string(report.profile.rawValue)),
            .init(key: "command", value: .string(report.command)),
            .init(key: "passed", value: .bool(report.passed)),
            .init(key: "summary", value: .object(summary)),
            .init(key: "vectors", value: .array(vectors)),
        ]))
        return JSONWriter.string(document, options: .pretty) + "\n"
    }
}
