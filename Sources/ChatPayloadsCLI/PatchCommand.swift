import ArgumentParser
import ChatPayloads
import JSONCore

/// `chatpayloads patch BASE CHANGESET`: applies a real-time changeset (the `data` of an App
/// Context `set` event, or the whole event envelope) with the patch rule the native clients use.
struct PatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch",
        abstract: "Apply a real-time changeset to a stored payload with the clients' patch rule.",
        discussion: """
            The changeset is first validated under the profile (--profile or the config): each \
            member it carries must be what the schema allows there (required fields and null, \
            which clears a field, excepted); an invalid changeset is not applied (its errors \
            located in CHANGESET, exit 1). It applies only when its ids match the payload's and \
            it is newer (by updated, then eTag), exactly as the native patchers decide. Standard output gets the \
            resulting payload (unchanged when the changeset does not apply); standard error says \
            `applied` or `not applied: <reason>`. With --json, standard output gets one object: \
            {"applied": bool, "decision": "...", "reason": "...", "result": {...}}.

            CHANGESET may be the `data` object (name the kind with --kind, or let the base's \
            shape decide) or a whole `set` event envelope {"event", "type", "data"}.

            EXAMPLES:
              chatpayloads patch stored-user.json changeset.json --kind user
              chatpayloads patch channel.json event.json           # an event envelope
              cat changeset.json | chatpayloads patch member.json - --kind member --json

            EXIT STATUS:
              0   the changeset applied
              1   the changeset did not apply (it is invalid under the profile, ids differ, or it is not newer)
              2   an input could not be read, is not JSON, is over a limit of the config, or is not a payload / changeset
              3   config error
              64  usage error
            """)

    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case auto, user, channel, member
    }

    @Argument(help: ArgumentHelp("The stored payload (a file, or - for standard input).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The changeset or event envelope (a file, or - for standard input).", valueName: "changeset"))
    var changeset: String

    @Option(name: .shortAndLong, help: "user, channel or member (default: auto, from the envelope or the base's shape).")
    var kind: Kind = .auto

    @Option(name: .long, help: "Which dates are readable: rfc3339, native or nativeOrNoFraction.")
    var dates: ChatDatePolicy = .rfc3339

    @Flag(name: .long, help: "Print {applied, decision, reason, result} instead of the bare result.")
    var json = false

    @OptionGroup var schemaOptions: SchemaOptions

    mutating func validate() throws {
        if base == "-" && changeset == "-" { throw UsageError("only one of BASE and CHANGESET can be standard input") }
    }

    mutating func run() throws {
        let (_, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        let baseValue = try PatchCommand.load(base, profile: profile).value
        let changeRecord = try PatchCommand.load(changeset, profile: profile)
        let changeValue = changeRecord.value
        let isEnvelope = changeValue["event"] != nil && changeValue["data"] != nil && changeValue.objectValue != nil
        // The changeset is validated under the profile before anything is applied.
        if isEnvelope {
            if let kind = PatchCommand.envelopeKind(changeValue), let data = changeValue["data"] {
                try checkChangeset(data, at: JSONPointer(tokens: ["data"]), kind: kind, record: changeRecord, profile: profile, base: baseValue)
            }
        } else if let kind = try? resolvedKind(baseValue) {
            try checkChangeset(changeValue, at: .root, kind: kind, record: changeRecord, profile: profile, base: baseValue)
        }
        let outcome: JSONPatcher.Outcome
        do throws(ChatDecodingError) {
            if isEnvelope {
                outcome = try JSONPatcher.apply(envelope: changeValue, to: baseValue, datePolicy: dates)
            } else {
                outcome = try JSONPatcher.apply(changeset: changeValue, to: baseValue, kind: try resolvedKind(baseValue), datePolicy: dates)
            }
        } catch {
            let file = error.message.hasPrefix("target") ? base : changeset
            Terminal.diagnose("\(file): error: \(error.pointer.isRoot ? "" : "\(error.pointer): ")\(error.message)")
            throw ExitStatus.unreadable.exitCode
        }
        let out = Terminal.standardOutput
        if json {
            let report: JSONValue = .object(JSONObject([
                .init(key: "applied", value: .bool(outcome.applied)),
                .init(key: "decision", value: .string(outcome.decision.rawValue)),
                .init(key: "reason", value: .string(outcome.reason)),
                .init(key: "result", value: outcome.result),
            ]))
            out.write(JSONWriter.string(report, options: .pretty) + "\n")
        } else {
            out.write(JSONWriter.string(outcome.result, options: .pretty) + "\n")
        }
        out.flush()
        Terminal.diagnose(outcome.reason)
        if !outcome.applied { throw ExitStatus.invalid.exitCode }
    }

    /// The kind an event envelope's `type` names (`uuid`, `channel`, `membership`), or nil (the
    /// patcher then says what is wrong with the envelope).
    static func envelopeKind(_ envelope: JSONValue) -> JSONPatcher.Kind? {
        switch envelope["type"]?.stringValue {
        case "uuid"?: return .user
        case "channel"?: return .channel
        case "membership"?: return .membership
        default: return nil
        }
    }

    /// Validates the changeset `data` (at `pointer` in the CHANGESET input) under the profile
    /// before anything is applied: each error located in the changeset file, the base printed
    /// unchanged (or the --json report), exit 1.
    private func checkChangeset(
        _ data: JSONValue, at pointer: JSONPointer, kind: JSONPatcher.Kind, record: ParsedPayload, profile: Profile, base: JSONValue
    ) throws {
        let validator: PayloadValidator
        switch ValidatorCache.shared(for: profile).validator(for: ValidatorCache.Key.bundled(kind.schema)) {
        case .success(let found): validator = found
        case .failure(let failure):
            Terminal.diagnose("error: \(failure.message)")
            throw ExitStatus.schemaOrConfig.exitCode
        }
        let issues = validator.validate(changeset: data)
        guard !issues.isEmpty else { return }
        let file = changeset == "-" ? "<stdin>" : changeset
        for issue in issues {
            let where_ = pointer.appending(issue.instanceLocation)
            let place = record.position(of: where_).map { ":\($0.line):\($0.column)" } ?? ""
            let rule = issue.rule.map { " [\($0)]" } ?? ""
            Terminal.diagnose("\(file)\(place): error: \(where_.isRoot ? "" : "\(where_): ")\(issue.message)\(rule)")
        }
        let reason = "not applied: the changeset is invalid under the \(profile.name.rawValue) profile (\(issues.count) error\(issues.count == 1 ? "" : "s"))"
        let out = Terminal.standardOutput
        if json {
            let report: JSONValue = .object(JSONObject([
                .init(key: "applied", value: false),
                .init(key: "decision", value: "invalidChangeset"),
                .init(key: "reason", value: .string(reason)),
                .init(key: "result", value: base),
            ]))
            out.write(JSONWriter.string(report, options: .pretty) + "\n")
        } else {
            out.write(JSONWriter.string(base, options: .pretty) + "\n")
        }
        out.flush()
        Terminal.diagnose(reason)
        throw ExitStatus.invalid.exitCode
    }

    private func resolvedKind(_ base: JSONValue) throws(ChatDecodingError) -> JSONPatcher.Kind {
        switch kind {
        case .user: return .user
        case .channel: return .channel
        case .member: return .membership
        case .auto:
            switch PayloadValidator.detectSchema(base) {
            case .user?, .reactUser?: return .user
            case .channel?, .reactChannel?: return .channel
            case .member?: return .membership
            default:
                throw ChatDecodingError(.invalidValue, at: .root, "target: cannot tell whether the base is a user, channel or member; pass --kind")
            }
        }
    }

    /// Reads and parses one JSON input under `profile`'s limits (as `validate` reads payloads);
    /// failures end the run with status 2.
    static func load(_ path: String, profile: Profile) throws -> ParsedPayload {
        let input = path == "-"
            ? InputFile(displayPath: "<stdin>", source: .standardInput, format: .json, problem: nil)
            : InputFile(displayPath: path, source: .path(path), format: InputFormat.forPath(path) == .yaml ? .yaml : .json, problem: nil)
        var value: ParsedPayload?
        var failure: String?
        PayloadReader.readParsed(input, profile: profile) { _, parsed, _ in
            guard value == nil, failure == nil else { return }
            switch parsed {
            case .success(let record): value = record
            case .failure(let f):
                let place = f.line.map { ":\($0):\(f.column ?? 1)" } ?? ""
                failure = "\(input.displayPath)\(place): error: \(f.message)"
            }
        }
        guard let value else {
            Terminal.diagnose(failure ?? "\(input.displayPath): error: no payload")
            throw ExitStatus.unreadable.exitCode
        }
        return value
    }
}

extension ParsedPayload {
    /// The `(line, column)` of the value at `pointer` in the record's text, if found.
    func position(of pointer: JSONPointer) -> (line: Int, column: Int)? {
        switch self {
        case .json(let document): return document.location(of: pointer).map { ($0.line, $0.column) }
        case .yaml(let document): return document.position(of: pointer)
        }
    }
}
