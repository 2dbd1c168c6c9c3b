import ChatPayloads
import JSONCore

/// `POST /v1/diff`: `chatpayloads diff A B` for two payload texts sent as
/// `{"a": "TEXT", "b": "TEXT"}` (strings, so each side keeps its own spelling of numbers and
/// dates). Each side is read as `diff` reads a file (one JSON document, or NDJSON with
/// `ndjson=true`, under the profile's limits) and compared by the same functions. Every
/// difference is listed, harmless notes included (`matters: false`), each with the line `diff
/// --verbose` prints for it; `summary` is `diff`'s last line and `exitCode` its status.
enum DiffEndpoint {
    static func diff(query: QueryParameters, body: [UInt8], contexts: ProfileContexts) -> Result<PlaygroundResponse, PlaygroundError> {
        let context: ProfileContext
        let kind: ChatPayloadKind?
        let format: InputFormat
        switch (contexts.context(for: query["profile"]), TransformEndpoints.kindParameter(query, PayloadKindArgument.payloadKinds, by: "diff"), TransformEndpoints.formatParameter(query)) {
        case (.failure(let e), _, _), (_, .failure(let e), _), (_, _, .failure(let e)): return .failure(e)
        case (.success(let c), .success(let k), .success(let f)): (context, kind, format) = (c, k, f == .ndjson ? .ndjson : .json)
        }
        guard String(validating: body, as: UTF8.self) != nil else { return .failure(.notUTF8) }
        let bodyError = PlaygroundError(status: 400, code: "bad-diff-body", message: "expected a JSON object {\"a\": \"TEXT\", \"b\": \"TEXT\"}: the two payloads as strings")
        var bodyOptions = JSONParseOptions()
        bodyOptions.maxBytes = Int.max
        guard let parsed = try? JSONParser.parse(body, options: bodyOptions), case .object(let members) = parsed.root,
              case .string(let a)? = parsed.root["a"], case .string(let b)? = parsed.root["b"] else {
            return .failure(bodyError)
        }
        // Nothing sent is left out: a key given twice is not decided by its last value, and a
        // key other than a and b (a misplaced parameter) is not ignored.
        if let duplicate = parsed.duplicateKeys.first {
            return .failure(PlaygroundError(
                status: 400, code: "bad-diff-body", message: "the body gives the key '\(duplicate.key)' more than once: give each of a and b once"))
        }
        if let other = members.members.first(where: { $0.key != "a" && $0.key != "b" }) {
            return .failure(PlaygroundError(
                status: 400, code: "bad-diff-body", message: "unknown key '\(other.key)' in the body: it holds a and b only (parameters such as kind go in the query)"))
        }
        let left: [DiffInput.Record]
        let right: [DiffInput.Record]
        switch (records(a, name: "a", format: format, profile: context.profile), records(b, name: "b", format: format, profile: context.profile)) {
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        case (.success(let l), .success(let r)): (left, right) = (l, r)
        }
        return .success(.json(compare(left, right, kind: kind)))
    }

    /// One side's records, read as DiffInput.records reads a file.
    static func records(_ text: String, name: String, format: InputFormat, profile: Profile) -> Result<[DiffInput.Record], PlaygroundError> {
        let file: BodyFile
        switch BodyFile.make(Array(text.utf8)) {
        case .success(let f): file = f
        case .failure(let e): return .failure(e)
        }
        let input = file.input(displayPath: name, format: format)
        var records: [DiffInput.Record] = []
        PayloadReader.readParsed(input, profile: profile) { label, parsed, _ in
            switch parsed {
            case .failure(let f):
                let place = f.line.map { "\(input.displayPath):\($0):\(f.column ?? 1)" }
                    ?? (label == .whole ? input.displayPath : "\(input.displayPath) (\(label.text))")
                records.append(DiffInput.Record(label: label, document: .failure(DiffInput.DiffReadError(message: "\(place): \(f.message)"))))
            case .success(.json(let document)):
                records.append(DiffInput.Record(label: label, document: .success(document)))
            case .success(.yaml(let document)):
                let bytes = JSONWriter.bytes(document.value)
                records.append(DiffInput.Record(label: label, document: Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
                    .mapError { DiffInput.DiffReadError(message: "\(input.displayPath): \($0.message)") }))
            }
        }
        return .success(records)
    }

    /// DiffCommand.run's comparison, as JSON.
    static func compare(_ left: [DiffInput.Record], _ right: [DiffInput.Record], kind: ChatPayloadKind?) -> JSONValue {
        var status = ExitStatus.success
        var mattering = 0
        var notes = 0
        var unread = 0
        var differences: [JSONValue] = []
        var problems: [JSONValue] = []
        let multi = left.count > 1 || right.count > 1 || left.first?.label != .whole || right.first?.label != .whole
        for index in 0..<max(left.count, right.count) {
            let lineText = DiffInput.lineNumber(left, right, index)
            let place = multi ? "line \(lineText): " : ""
            var common: [JSONObject.Member] = []
            if multi, let line = Int(lineText) { common.append(.init(key: "line", value: .number(JSONNumber(line)))) }
            guard index < left.count, index < right.count else {
                let (longer, name) = index < left.count ? (left, "a") : (right, "b")
                differences.append(.object(JSONObject(common + [
                    .init(key: "kind", value: .string("only-in-\(name)")),
                    .init(key: "matters", value: .bool(true)),
                    .init(key: "text", value: .string("\(place)only in \(name) (\(longer[index].label.text))")),
                ])))
                mattering += 1
                continue
            }
            switch (left[index].document, right[index].document) {
            case (.failure(let message), _), (_, .failure(let message)):
                problems.append(.object(JSONObject(common + [.init(key: "message", value: .string(message.description))])))
                status = max(status, .unreadable)
                unread += 1
            case (.success(let da), .success(let db)):
                var found = PayloadComparison.compare(expected: da, actual: db)
                found += DiffInput.decodeDifferences(da, db, kind: kind)
                for d in found {
                    differences.append(.object(JSONObject(common + [
                        .init(key: "pointer", value: .string(d.pointer.description)),
                        .init(key: "kind", value: .string(d.kind.rawValue)),
                        .init(key: "matters", value: .bool(d.matters)),
                        .init(key: "explanation", value: .string(d.explanation)),
                        .init(key: "text", value: .string("\(place)\(d.matters ? "" : "note: ")\(d.description)")),
                    ])))
                }
                mattering += found.filter(\.matters).count
                notes += found.filter { !$0.matters }.count
            }
        }
        let noteText = notes == 0 ? "" : " (\(notes) harmless note\(notes == 1 ? "" : "s"))"
        let notCompared = unread == 0 ? "" : "\(mattering == 0 ? "" : "; ")\(unread) payload\(unread == 1 ? "" : "s") not compared (could not be read)"
        let summary: String
        if mattering == 0 && unread > 0 {
            summary = "\(notCompared)\(noteText)"
        } else {
            summary = mattering == 0 ? "no differences\(noteText)" : "\(mattering) difference\(mattering == 1 ? "" : "s")\(noteText)\(notCompared)"
        }
        if mattering > 0 { status = max(status, .invalid) }
        return .object(JSONObject([
            .init(key: "differences", value: .array(differences)),
            .init(key: "problems", value: .array(problems)),
            .init(key: "summary", value: .string(summary)),
            .init(key: "exitCode", value: .number(JSONNumber(Int(status.rawValue)))),
        ]))
    }
}
