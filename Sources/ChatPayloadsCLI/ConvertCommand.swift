import ArgumentParser
import ChatPayloads
import JSONCore

/// `chatpayloads convert`: payload JSON <-> the persisted record JSON (the rows an app stores).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert payloads to persisted records (--to record) and back (--to payload).",
        discussion: """
            --kind names the model: user, channel, member, sent-message (the JSON form of a sent \
            message: timetoken, content, user and channel ids) or message-action; auto (the \
            default) tells each input's kind from its shape, as validate and normalize do. A \
            message payload (--kind message) has no record: it is refused. A \
            member becomes three records, printed as {"member": ..., "user": ..., "channel": ...}; \
            converting back expects that same object. One output line per payload. With --to \
            record each payload is first validated as validate does under the profile (a sent \
            message as validate --schema auto judges one: its members, userModel, channelModel, \
            messageActions, then content); an invalid one is an error (exit 1), validate's \
            first error.

            EXAMPLES:
              chatpayloads convert --to record user.json
              chatpayloads convert --to record --kind user user.json
              chatpayloads convert --to payload --kind user user.record.json
              chatpayloads convert --to record --kind member members.ndjson --pretty

            \(transformExitHelp)
            """)

    enum Target: String, CaseIterable, ExpressibleByArgument {
        case record, payload
    }

    @Argument(help: ArgumentHelp("Files, directories, globs or - (default: piped standard input).", valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, help: "record (payload -> record) or payload (record -> payload).")
    var to: Target

    @Option(name: .shortAndLong, help: "auto (by shape, the default), user, channel, member, sent-message or message-action.")
    var kind: PayloadKindArgument = .auto

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(name: .long, help: "Which dates decode: rfc3339, native or nativeOrNoFraction.")
    var dates: ChatDatePolicy = .rfc3339

    @Flag(name: .long, help: "Read every input as NDJSON.")
    var ndjson = false

    @Flag(name: .shortAndLong, help: "No progress line on standard error (it shows only on a terminal, after a second of work).")
    var quiet = false

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    func validate() throws {
        try kind.require(PayloadKindArgument.recordKinds, by: "convert")
    }

    mutating func run() throws {
        let (target, kind) = (to, self.kind.kind)
        let options = ChatDecodingOptions(datePolicy: dates)
        let (_, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        var runner = TransformRunner(paths: paths, format: ndjson ? .ndjson : .auto, pretty: pretty, profile: profile)
        runner.progressTask = "convert"
        runner.quiet = quiet
        let gate = PayloadGate(profile: profile)
        let status = runner.run { payload, label in
            ConvertCommand.convert(payload, label: label, kind: kind, target: target, gate: gate, options: options)
        }
        if status != .success { throw status.exitCode }
    }

    /// One payload converted to `target` (the transform of `convert` and of the playground's
    /// `/v1/convert`): its kind resolved, a record's payload gated by the profile's schema first.
    static func convert(
        _ payload: ParsedPayload, label: PayloadLabel, kind: ChatPayloadKind?, target: Target,
        gate: PayloadGate, options: ChatDecodingOptions
    ) -> Result<JSONValue, TransformFailure> {
        let (value, document) = (payload.value, payload.document)
        let resolved: ChatPayloadKind
        switch resolve(kind, of: value, target: target) {
        case .success(let k): resolved = k
        case .failure(var failure):
            (failure.line, failure.column) = label.inputPosition(line: 1, column: 1)
            return .failure(failure)
        }
        if target == .record, let failure = gateCheck(payload, label: label, kind: resolved, gate: gate) {
            return .failure(failure)
        }
        return target == .record
            ? toRecord(value, document, label: label, kind: resolved, options: options)
            : toPayload(value, document, label: label, kind: resolved, options: options)
    }

    /// `kind`, or for `auto` the kind the value's shape shows, told by the library's shape rule
    /// as `validate --schema auto` tells it (a sent message: `content` and `pubnubChannelId`
    /// and only the sent form's other members, ``PayloadValidator/detectShape(_:)``);
    /// records by the members only their kind has.
    static func resolve(_ kind: ChatPayloadKind?, of value: JSONValue, target: Target) -> Result<ChatPayloadKind, TransformFailure> {
        func unknown(_ message: String) -> Result<ChatPayloadKind, TransformFailure> {
            .failure(TransformFailure(message: message, line: nil, column: nil, unreadable: false))
        }
        if let kind { return .success(kind) }
        guard case .object(let o) = value else { return unknown("expected a JSON object; pass --kind if the input is another shape") }
        if target == .payload {
            if o["member"] != nil && o["user"] != nil && o["channel"] != nil { return .success(.member) }
            if o["dateCreated"] != nil { return .success(.sentMessage) }
            if o["sourceType"] != nil { return .success(.messageAction) }
            if o["email"] != nil || o["externalId"] != nil { return .success(.user) }
            if o["details"] != nil { return .success(.channel) }
            return unknown("cannot tell which record this is (a user and a channel record can look alike); pass --kind")
        }
        // The library's shape rule tells a sent message (``EnvelopeKind/sentMessage``), as it
        // does for validate --schema auto and store import.
        if case .envelope(.sentMessage, _) = PayloadValidator.detectShape(value) { return .success(.sentMessage) }
        guard let schema = PayloadValidator.detectSchema(value) else { return unknown("cannot tell which chat payload this is; pass --kind") }
        guard let detected = schema.recordKind else {
            return unknown(ChatPayloadKind.notSentMessage("convert") + " (normalize reads the payload)")
        }
        return .success(detected)
    }

    typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>

    /// `validate`'s verdict before a payload becomes a record: a sent message by the library's
    /// one rule for it (``PayloadGate/checkSentMessage(_:label:)``: its members, its models, its
    /// `content`, as `validate --schema auto` and `store import` judge it), any other payload as
    /// its kind (the shape's schema under `auto`).
    static func gateCheck(_ payload: ParsedPayload, label: PayloadLabel, kind: ChatPayloadKind, gate: PayloadGate) -> TransformFailure? {
        if kind == .sentMessage { return gate.checkSentMessage(payload, label: label) }
        let detected = PayloadValidator.detectSchema(payload.value)
        guard let schema = PayloadGate.schema(for: kind, detected: detected.flatMap { $0.recordKind == kind ? $0 : nil }) else { return nil }
        return gate.check(payload, label: label, schema: schema)
    }

    /// The record of a payload: the library's record builder (the one `store import` stores
    /// with); a sent message gives its message record alone (its nested user and channel are
    /// not converted, so their custom data is not encoded).
    static func toRecord(_ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, kind: ChatPayloadKind?, options: ChatDecodingOptions) -> Result<JSONValue, TransformFailure> {
        let kind = kind ?? .user
        if kind == .sentMessage {
            return transformModel(ChatMessage<Custom>.self, value, document, label: label, options: options) { m throws(ChatEncodingError) in try MessageRecord(m).encodedJSON() }
        }
        return transformRecord(kind, value, document, label: label, options: options) { record throws(ChatEncodingError) in
            switch record {
            case .user(let r): return try r.encodedJSON()
            case .channel(let r): return try r.encodedJSON()
            case .member(let member, let user, let channel):
                // A membership payload nests both (the record builder always gives them).
                var parts = [JSONObject.Member(key: "member", value: try member.encodedJSON())]
                if let user { parts.append(.init(key: "user", value: try user.encodedJSON())) }
                if let channel { parts.append(.init(key: "channel", value: try channel.encodedJSON())) }
                return .object(JSONObject(parts))
            case .message(let r, _, _, _): return try r.encodedJSON()
            case .messageAction(let r): return try r.encodedJSON()
            }
        }
    }

    static func toPayload(_ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, kind: ChatPayloadKind?, options: ChatDecodingOptions) -> Result<JSONValue, TransformFailure> {
        func located(_ error: ChatDecodingError) -> TransformFailure {
            .decoding(document.map { error.located(in: $0) } ?? error, label: label)
        }
        do throws(ChatDecodingError) {
            let model: any ChatPayloadCodable
            switch kind ?? .user {
            case .user:
                model = try UserRecord.decode(from: value, options: options).model(as: Custom.self)
            case .channel:
                model = try ChannelRecord.decode(from: value, options: options).model(as: Custom.self)
            case .member:
                guard case .object(let o) = value else {
                    throw ChatDecodingError(.typeMismatch, at: .root, "expected an object {\"member\", \"user\", \"channel\"}")
                }
                func part<R: ChatPayloadCodable>(_ key: String, _ type: R.Type) throws(ChatDecodingError) -> R {
                    guard let v = o[key] else { throw ChatDecodingError(.missingField, at: .root, "missing \"\(key)\" (the \(key) record)") }
                    return try R.decode(from: v, at: JSONPointer(tokens: [key]), options: options)
                }
                let member = try part("member", MemberRecord.self)
                model = try member.model(as: Custom.self, user: try part("user", UserRecord.self), channel: try part("channel", ChannelRecord.self))
            case .sentMessage:
                model = try MessageRecord.decode(from: value, options: options).model(as: Custom.self)
            case .messageAction:
                model = try MessageActionRecord.decode(from: value, options: options).model(as: Custom.self)
            default:
                throw ChatDecodingError(.typeMismatch, at: .root, "\(kind?.argument ?? "auto") has no record form")
            }
            do throws(ChatEncodingError) {
                return .success(try model.encodedJSON())
            } catch {
                return .failure(.encoding(error))
            }
        } catch {
            return .failure(located(error))
        }
    }
}
