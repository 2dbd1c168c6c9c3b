import ChatPayloads
import JSONCore

/// `POST /v1/validate`: the body is checked as `chatpayloads validate --reporter json` checks
/// standard input, and the answer is the document that command prints, byte for byte, whatever
/// the verdict (the input is named `<stdin>`, as there), except that an `auto` issue (no kind
/// told by the payload's shape) says what to do with this API's parameters
/// (``autoOption``, ``autoAdvice``) rather than validate's options.
extension PlaygroundService {
    /// The `format` values, as `validate --format` takes them: `auto` (the default) tells NDJSON
    /// from one JSON document as `validate` does for standard input; `json-array` reads each
    /// element of a top-level array as a payload (reported as `[index]` with its line:column).
    static let validateFormats: KeyValuePairs<String, InputFormat> = ["auto": .auto, "json": .json, "ndjson": .ndjson, "json-array": .jsonArray]

    /// The name the reports give the body: `validate`'s for standard input.
    static let bodyName = "<stdin>"

    /// How an `auto` issue of `POST /v1/validate` names the detection: the query parameter.
    package static let autoOption = "schema=auto"

    /// How an `auto` issue of `POST /v1/validate` ends: what to send instead (validate's says
    /// `--schema` and `--select`, which the API does not have).
    package static let autoAdvice = "name the schema with the schema parameter (schema=user, schema=message, ...), "
        + "or send several payloads as a top-level array with format=json-array or one per line with format=ndjson"

    func validate(query: QueryParameters, body: [UInt8]) -> Result<PlaygroundResponse, PlaygroundError> {
        let context: ProfileContext
        switch contexts.context(for: query["profile"]) {
        case .success(let c): context = c
        case .failure(let e): return .failure(e)
        }
        let formatText = query["format"] ?? "auto"
        guard let named = PlaygroundService.validateFormats.first(where: { $0.key == formatText })?.value else {
            return .failure(.badParameter("format", formatText, expected: PlaygroundService.validateFormats.map(\.key)))
        }
        let spec: SchemaSpec
        let source: SchemaSource
        if let name = query["schema"] {
            if name == "auto" {
                spec = .auto
            } else if let bundled = BundledSchema(rawValue: name) {
                spec = .bundled(bundled)
            } else {
                return .failure(.badParameter("schema", name, expected: BundledSchema.allCases.map(\.rawValue) + ["auto"]))
            }
            source = .option
        } else {
            (spec, source) = context.defaultSchema(forDisplayPath: PlaygroundService.bodyName)
        }
        guard String(validating: body, as: UTF8.self) != nil else { return .failure(.notUTF8) }

        let maxBytes = context.profile.maxBytes
        var format = named
        if format == .auto { format = NDJSONSniff.verdict(body) == .ndjson ? .ndjson : .json }
        if format == .json && body.count > maxBytes {
            return .failure(.tooLarge(body.count, limit: maxBytes, what: "max-bytes of the \(context.profile.name.rawValue) profile"))
        }

        var items: [WorkItem] = []
        func enqueue(_ label: PayloadLabel, _ payload: WorkItem.Payload) {
            items.append(WorkItem(inputIndex: 0, recordIndex: items.count, label: label, schema: spec, source: source, payload: payload))
        }
        if case .file = spec, case .failure(let f) = context.cache.validator(for: spec) {
            // As ValidationSetup.feed: a config's schema file that does not compile.
            let issue = PayloadIssue.check(f.recordMessage, kind: .schema, line: nil, column: nil)
            enqueue(.whole, .failure(issue, .schemaError))
        } else if format == .ndjson || format == .jsonArray {
            // The CLI's own reader (lines, blank lines, max-bytes per line; array elements, each
            // bounded by max-bytes), over the body.
            let file: BodyFile
            switch BodyFile.make(body) {
            case .success(let f): file = f
            case .failure(let e): return .failure(e)
            }
            PayloadReader.read(file.input(displayPath: PlaygroundService.bodyName, format: format), maxBytes: maxBytes) { label, record in
                switch record {
                case .bytes(let bytes): enqueue(label, .bytes(bytes))
                case .yaml(let document): enqueue(label, .yaml(document))
                case .failure(let issue): enqueue(label, .failure(issue, .unreadable))
                }
            }
        } else {
            // PayloadReader's JSON case: the whole input is one payload.
            enqueue(.whole, .bytes(body))
        }
        return .success(.json(PlaygroundService.report(items, context: context)))
    }

    /// The JSON reporter's document for `items` (one input, `<stdin>`), as ValidationSetup.execute
    /// writes it.
    static func report(_ items: [WorkItem], context: ProfileContext) -> String {
        let input = InputFile(displayPath: bodyName, source: .standardInput, format: .auto, problem: nil)
        let sink = OutputSink.memory()
        let reportContext = ReportContext(
            inputs: [input], expectInvalid: false, verbose: false, quiet: false, shownErrorLimit: nil, style: Style(enabled: false),
            profileName: context.profile.name.rawValue, version: ChatPayloadsCommand.version)
        let reporter = JSONReporter(out: sink, context: reportContext)
        let state = RunState(inputCount: 1, expectInvalid: false)
        for result in context.checker.check(items) {
            state.add(result)
            reporter.record(result, input: input)
        }
        state.summary.add(state.stats[0])
        reporter.inputFinished(input, index: 0, stats: state.stats[0])
        state.summary.status = state.status
        reporter.finish(state.summary)
        return String(decoding: sink.takeBytes(), as: UTF8.self)
    }
}
