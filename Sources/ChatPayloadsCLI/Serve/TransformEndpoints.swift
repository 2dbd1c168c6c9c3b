import ChatPayloads
import JSONCore

/// `POST /v1/normalize` and `POST /v1/convert`: the body is read as `chatpayloads normalize` /
/// `convert` read standard input (one JSON document, or NDJSON told by its shape or named by
/// `ndjson=true`), each payload transformed by the commands' own functions. The answer lists,
/// per payload, the line the command prints on standard output (`text`, with its `value`) or
/// the error it prints on standard error (`error.text`), and the command's exit status:
///
/// ```json
/// {"results": [{"record": 0, "value": {...}, "text": "{...}"},
///              {"record": 1, "line": 2, "error": {"message": "...", "line": 2, "column": 5,
///               "text": "<stdin>:2:5: error: ..."}}],
///  "exitCode": 1}
/// ```
enum TransformEndpoints {
    /// One payload's outcome.
    typealias Transform = (ParsedPayload, PayloadLabel, PayloadGate) -> Result<JSONValue, TransformFailure>

    static func normalize(query: QueryParameters, body: [UInt8], contexts: ProfileContexts) -> Result<PlaygroundResponse, PlaygroundError> {
        let kind: ChatPayloadKind?
        let options: ChatDecodingOptions
        switch (kindParameter(query, PayloadKindArgument.payloadKinds, by: "normalize"), datesParameter(query)) {
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        case (.success(let k), .success(let d)): (kind, options) = (k, ChatDecodingOptions(datePolicy: d))
        }
        // As NormalizeCommand.run: every payload is gated, so it is read as validate reads it.
        return run(query: query, body: body, contexts: contexts, readsAsValidate: true) { payload, label, gate in
            NormalizeCommand.normalize(payload, label: label, kind: kind, options: options, gate: gate)
        }
    }

    static func convert(query: QueryParameters, body: [UInt8], contexts: ProfileContexts) -> Result<PlaygroundResponse, PlaygroundError> {
        guard let toText = query["to"] else {
            return .failure(PlaygroundError(status: 400, code: "missing-to", message: "the to parameter is required: record or payload"))
        }
        guard let target = ConvertCommand.Target(rawValue: toText) else {
            return .failure(.badParameter("to", toText, expected: ConvertCommand.Target.allCases.map(\.rawValue)))
        }
        let kind: ChatPayloadKind?
        let options: ChatDecodingOptions
        switch (kindParameter(query, PayloadKindArgument.recordKinds, by: "convert"), datesParameter(query)) {
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        case (.success(let k), .success(let d)): (kind, options) = (k, ChatDecodingOptions(datePolicy: d))
        }
        // ConvertCommand.run's transform.
        return run(query: query, body: body, contexts: contexts) { payload, label, gate in
            ConvertCommand.convert(payload, label: label, kind: kind, target: target, gate: gate, options: options)
        }
    }

    /// `kind=K` (`--kind K`): nil for `auto`; a kind the endpoint's command does not read
    /// (`kinds`) is refused as the command refuses it.
    static func kindParameter(_ query: QueryParameters, _ kinds: [ChatPayloadKind], by command: String) -> Result<ChatPayloadKind?, PlaygroundError> {
        guard let text = query["kind"] else { return .success(nil) }
        guard let kind = PayloadKindArgument(argument: text) else {
            return .failure(.badParameter("kind", text, expected: PayloadKindArgument.allValueStrings))
        }
        if let refusal = kind.refusal(kinds, by: command) {
            return .failure(PlaygroundError(status: 400, code: "unknown-kind", message: refusal))
        }
        return .success(kind.kind)
    }

    static func datesParameter(_ query: QueryParameters) -> Result<ChatDatePolicy, PlaygroundError> {
        guard let text = query["dates"] else { return .success(.rfc3339) }
        guard let policy = ChatDatePolicy(rawValue: text) else {
            return .failure(.badParameter("dates", text, expected: ChatDatePolicy.allCases.map(\.rawValue)))
        }
        return .success(policy)
    }

    /// `ndjson=true|false` (`--ndjson`): the input format, `.auto` (told by shape) unless true.
    static func formatParameter(_ query: QueryParameters) -> Result<InputFormat, PlaygroundError> {
        switch query["ndjson"] {
        case nil, "false"?: return .success(.auto)
        case "true"?: return .success(.ndjson)
        case let other?: return .failure(.badParameter("ndjson", other, expected: ["true", "false"]))
        }
    }

    /// Reads the body as TransformRunner reads standard input and answers each payload's outcome.
    static func run(
        query: QueryParameters, body: [UInt8], contexts: ProfileContexts, readsAsValidate: Bool = false, _ transform: Transform
    ) -> Result<PlaygroundResponse, PlaygroundError> {
        let context: ProfileContext
        let format: InputFormat
        switch (contexts.context(for: query["profile"]), formatParameter(query)) {
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        case (.success(let c), .success(let f)): (context, format) = (c, f)
        }
        guard String(validating: body, as: UTF8.self) != nil else { return .failure(.notUTF8) }
        let file: BodyFile
        switch BodyFile.make(body) {
        case .success(let f): file = f
        case .failure(let e): return .failure(e)
        }
        let input = file.input(displayPath: PlaygroundService.bodyName, format: format)
        var results: [JSONValue] = []
        var status = ExitStatus.success
        context.gates.withGate { gate in
            PayloadReader.readParsed(input, profile: context.profile, readsAsValidate: readsAsValidate) { label, parsed, _ in
                var members: [JSONObject.Member] = [.init(key: "record", value: .number(JSONNumber(results.count)))]
                if case .line(let n) = label { members.append(.init(key: "line", value: .number(JSONNumber(n)))) }
                let outcome: Result<JSONValue, TransformFailure>
                switch parsed {
                case .failure(let failure): outcome = .failure(failure)
                case .success(let payload): outcome = transform(payload, label, gate)
                }
                switch outcome {
                case .success(let value):
                    members.append(.init(key: "value", value: value))
                    members.append(.init(key: "text", value: .string(JSONWriter.string(value, options: .canonical))))
                case .failure(let f):
                    status = max(status, f.unreadable ? .unreadable : .invalid)
                    members.append(.init(key: "error", value: failureJSON(f, label: label, input: input)))
                }
                results.append(.object(JSONObject(members)))
            }
        }
        return .success(.json(.object(JSONObject([
            .init(key: "results", value: .array(results)),
            .init(key: "exitCode", value: .number(JSONNumber(Int(status.rawValue)))),
        ]))))
    }

    /// A failure as JSON, with the line TransformRunner prints for it on standard error.
    static func failureJSON(_ f: TransformFailure, label: PayloadLabel, input: InputFile) -> JSONValue {
        let place: String
        if let line = f.line {
            place = "\(input.displayPath):\(line):\(f.column ?? 1)"
        } else if label != .whole {
            place = "\(input.displayPath): \(label.text)"
        } else {
            place = input.displayPath
        }
        var members: [JSONObject.Member] = [.init(key: "message", value: .string(f.message))]
        if let line = f.line { members.append(.init(key: "line", value: .number(JSONNumber(line)))) }
        if let column = f.column { members.append(.init(key: "column", value: .number(JSONNumber(column)))) }
        members.append(.init(key: "unreadable", value: .bool(f.unreadable)))
        members.append(.init(key: "text", value: .string("\(place): error: \(f.message)")))
        return .object(JSONObject(members))
    }
}
