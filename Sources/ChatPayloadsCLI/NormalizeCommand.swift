import ArgumentParser
import ChatPayloads
import JSONCore

/// `chatpayloads normalize`: decodes payloads into the typed models and re-encodes them in the
/// canonical form (sorted keys, native dates, defaults written), so payloads produced on
/// different platforms can be diffed byte for byte.
struct NormalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "normalize",
        abstract: "Decode payloads and print them in canonical form, for interop diffing.",
        discussion: """
            Each payload is first validated as validate does under the profile (--profile or \
            the config; an invalid payload is an error, exit 1), then decoded as the typed model \
            (custom data kept as it is) and encoded \
            again: keys sorted by UTF-16 code units, compact, dates in the native form \
            yyyy-MM-ddTHH:mm:ss.SSSZ, always-written members present, unknown members dropped. \
            One line per payload (NDJSON), in input order; errors go to standard error.

            EXAMPLES:
              chatpayloads normalize --kind message ios.json > ios.canonical.json
              chatpayloads normalize users.ndjson | sort > users.canonical.ndjson
              diff <(chatpayloads normalize ios.json) <(chatpayloads normalize android.json)

            \(transformExitHelp)
            """)

    @Argument(help: ArgumentHelp("Files, directories, globs or - (default: piped standard input).", valueName: "path"))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "The payload kind: auto (by shape), user, channel, member, message (the message payload), message-action.")
    var kind: PayloadKindArgument = .auto

    @Option(name: .long, help: "Which dates decode: rfc3339 (any RFC 3339), native (yyyy-MM-ddTHH:mm:ss.SSSZ) or nativeOrNoFraction.")
    var dates: ChatDatePolicy = .rfc3339

    @Flag(name: .long, help: "Read every input as NDJSON.")
    var ndjson = false

    @Flag(name: .shortAndLong, help: "No progress line on standard error (it shows only on a terminal, after a second of work).")
    var quiet = false

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(name: .long, help: "Indent the output (keys still sorted).")
    var pretty = false

    func validate() throws {
        try kind.require(PayloadKindArgument.payloadKinds, by: "normalize")
    }

    mutating func run() throws {
        let kind = self.kind.kind
        let options = ChatDecodingOptions(datePolicy: dates)
        let (_, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        var runner = TransformRunner(paths: paths, format: ndjson ? .ndjson : .auto, pretty: pretty, profile: profile)
        runner.progressTask = "normalize"
        runner.quiet = quiet
        // Every payload is judged by the gate (validate's check) before it is decoded: read as
        // validate reads it, so a repeated key is the check's `duplicate-key` (invalid), as in validate.
        runner.readsAsValidate = true
        let gate = PayloadGate(profile: profile)
        let status = runner.run { payload, label in
            NormalizeCommand.normalize(payload, label: label, kind: kind, options: options, gate: gate)
        }
        if status != .success { throw status.exitCode }
    }

    /// One payload (read at `label` of its input) in canonical form: its kind resolved, judged
    /// by `gate` first (when given), decoded and encoded again (the transform of `normalize` and
    /// of the playground's `/v1/normalize`).
    static func normalize(
        _ payload: ParsedPayload, label: PayloadLabel, kind: ChatPayloadKind?, options: ChatDecodingOptions, gate: PayloadGate? = nil
    ) -> Result<JSONValue, TransformFailure> {
        let (value, document) = (payload.value, payload.document)
        let resolved: ChatPayloadKind
        let detected = kind == nil ? PayloadValidator.detectSchema(value) : nil
        if let kind {
            resolved = kind
        } else {
            switch detected {
            case .user?, .reactUser?: resolved = .user
            case .channel?, .reactChannel?: resolved = .channel
            case .member?: resolved = .member
            case .message?, .reactMessage?: resolved = .messagePayload
            case .messageAction?: resolved = .messageAction
            case nil:
                let start = payload.start(at: label)
                return .failure(TransformFailure(message: "cannot tell which chat payload this is; pass --kind", line: start.line, column: start.column, unreadable: false))
            }
        }
        // What validate rejects under the profile is not normalized (one rule for both).
        if let gate, let schema = PayloadGate.schema(for: resolved, detected: detected),
           let failure = gate.check(payload, label: label, schema: schema) {
            return .failure(failure)
        }
        // The library's typed reading (`--kind message` is the message payload, as everywhere).
        let model: (any ChatPayloadCodable)?
        do throws(ChatDecodingError) {
            model = try PayloadCheck.model(resolved, from: value, document: document, options: options)
        } catch {
            return .failure(.decoding(error, label: label))
        }
        guard let model else {
            return .failure(TransformFailure(message: "\(resolved.argument) payloads are not normalized", line: nil, column: nil, unreadable: false))
        }
        do throws(ChatEncodingError) {
            return .success(try model.encodedJSON())
        } catch {
            return .failure(.encoding(error))
        }
    }
}
