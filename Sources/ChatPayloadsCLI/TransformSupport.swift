import ArgumentParser
import ChatPayloads
import JSONCore

/// `--kind` of `normalize`, `convert`, `diff` and `store import`/`export`: `auto` (each
/// payload's kind told from its shape, as `validate --schema auto` tells it) or one
/// ``ChatPayloadKind`` (the library's name for the concept; see its `ExpressibleByArgument`
/// conformance for the spellings). Each word means one form in every command: `message` is the
/// message payload (what `validate --schema message` checks), `sent-message` the sent form
/// {timetoken, content, pubnubUserId, pubnubChannelId}; a command given a kind it does not read
/// refuses it as a usage error naming the one it reads (``require(_:by:)``).
package struct PayloadKindArgument: ExpressibleByArgument, Hashable, Sendable {
    /// The kind named; nil for `auto`.
    package var kind: ChatPayloadKind?

    /// `auto`.
    package static let auto = PayloadKindArgument(kind: nil)

    package init(kind: ChatPayloadKind?) { self.kind = kind }

    package init?(argument: String) {
        if argument == "auto" {
            kind = nil
        } else if let kind = ChatPayloadKind(argument: argument) {
            self.kind = kind
        } else {
            return nil
        }
    }

    /// `auto` and the kinds, as `--help` and completions list them.
    package static var allValueStrings: [String] { ["auto"] + ChatPayloadKind.arguments.map(\.argument) }
    package static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    package var defaultValueDescription: String { kind?.argument ?? "auto" }

    /// The kinds `normalize` and `diff` read: the payloads themselves (a message is the bare payload).
    package static let payloadKinds: [ChatPayloadKind] = [.user, .channel, .member, .messagePayload, .messageAction]
    /// The kinds with a record, which `convert` and the store read (a message in its sent form).
    package static let recordKinds: [ChatPayloadKind] = [.user, .channel, .member, .sentMessage, .messageAction]

    /// Why `command` refuses this kind (nil when `auto` or one of `kinds`): the message payload
    /// where the sent form is read, and the other way round, name the spelling to use.
    package func refusal(_ kinds: [ChatPayloadKind], by command: String) -> String? {
        guard let kind, !kinds.contains(kind) else { return nil }
        let listed = kinds.map(\.argument).joined(separator: ", ")
        switch kind {
        case .messagePayload where kinds.contains(.sentMessage):
            return "--kind message is a message payload {id, text, ...}, which \(command) does not read; "
                + "a sent message {timetoken, content, pubnubUserId, pubnubChannelId} is --kind sent-message"
        case .sentMessage where kinds.contains(.messagePayload):
            return "--kind sent-message is a sent message {timetoken, content, pubnubUserId, pubnubChannelId}, which \(command) does not read; "
                + "a message payload {id, text, ...} is --kind message"
        default:
            return "--kind \(kind.argument) is not read by \(command): auto, \(listed)"
        }
    }

    /// Throws the usage error (exit 64) of ``refusal(_:by:)``, if any: for a command's `validate()`.
    package func require(_ kinds: [ChatPayloadKind], by command: String) throws(UsageError) {
        if let refusal = refusal(kinds, by: command) { throw UsageError(refusal) }
    }
}

/// The kinds `--kind` names: `message` is the message payload (``ChatPayloadKind/messagePayload``,
/// what `validate --schema message` checks) and `sent-message` the sent form
/// (``ChatPayloadKind/sentMessage``) in every command.
extension ChatPayloadKind: ExpressibleByArgument {
    /// The kinds a command line names, in `--help`'s order.
    package static let arguments: [ChatPayloadKind] = [.user, .channel, .member, .messagePayload, .sentMessage, .messageAction]

    /// The command line's spelling (`message` for ``messagePayload``, `sent-message` for
    /// ``sentMessage``, `message-action` for ``messageAction``).
    package var argument: String {
        switch self {
        case .messagePayload: return "message"
        case .sentMessage: return "sent-message"
        case .messageAction: return "message-action"
        default: return rawValue
        }
    }

    public init?(argument: String) {
        guard let kind = ChatPayloadKind.arguments.first(where: { $0.argument == argument }) else { return nil }
        self = kind
    }

    public static var allValueStrings: [String] { arguments.map(\.argument) }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    public var defaultValueDescription: String { argument }
}

extension ChatDatePolicy: ExpressibleByArgument {}

/// A payload that could not be transformed, located in file coordinates.
package struct TransformFailure: Error {
    package var message: String
    package var line: Int?
    package var column: Int?
    /// Unreadable (exit 2) rather than undecodable (exit 1).
    package var unreadable: Bool

    package init(message: String, line: Int?, column: Int?, unreadable: Bool) {
        self.message = message
        self.line = line
        self.column = column
        self.unreadable = unreadable
    }

    /// A decoding error of the payload at `label`, its position (in the payload's text) moved
    /// into the input by the library's ``PayloadLabel/inputPosition(line:column:)``.
    package static func decoding(_ error: ChatDecodingError, label: PayloadLabel) -> TransformFailure {
        let position = error.location.map { label.inputPosition(line: $0.line, column: $0.column) }
        return TransformFailure(message: decodingMessage(error), line: position?.line, column: position?.column, unreadable: error.kind == .invalidJSON)
    }

    /// A decoding error whose line is shifted by `lineOffset` (`store apply` and `store
    /// import` still locate theirs so).
    package static func decoding(_ error: ChatDecodingError, lineOffset: Int) -> TransformFailure {
        TransformFailure(
            message: decodingMessage(error), line: error.location.map { $0.line + lineOffset }, column: error.location?.column,
            unreadable: error.kind == .invalidJSON)
    }

    /// A decoding error's message, with its pointer in front unless the message names it.
    package static func decodingMessage(_ error: ChatDecodingError) -> String {
        guard let last = error.pointer.lastToken, !error.message.contains(error.pointer.description), !error.message.contains(JSONWriter.quoted(last)) else {
            return error.message
        }
        return "\(error.pointer): \(error.message)"
    }

    /// A parse error of the payload at `label` as `validate` words it: a limit's message ends
    /// with its key (`... (max-depth)`), anything else is `not valid JSON: ...`.
    package static func parse(_ error: JSONParseError, profile: Profile, label: PayloadLabel) -> TransformFailure {
        let issue = profile.parseIssue(error)
        let isLimit = if case .limit = issue.kind { true } else { false }
        let position = label.inputPosition(line: error.location.line, column: error.location.column)
        return TransformFailure(
            message: isLimit ? issue.message : "not valid JSON: \(error.message)", line: position.line, column: position.column, unreadable: true)
    }

    package static func encoding(_ error: ChatEncodingError) -> TransformFailure {
        TransformFailure(message: error.description, line: nil, column: nil, unreadable: false)
    }
}

/// Reads payloads from the inputs (like `validate`: files, directories, globs, `-`, NDJSON,
/// YAML), applies `transform` to each, and prints one output line per payload (or pretty
/// documents). Problems go to standard error as `path:line:col: error: message`; the run goes
/// on. Returns the exit status.
///
/// Inputs are read and parsed under `profile`'s limits exactly as `validate` reads them (the
/// same reader, the same `max-bytes`, `max-depth`, `max-string-bytes` and `max-number-digits`,
/// the same messages): a payload over a limit is unreadable (exit 2).
package struct TransformRunner {
    var paths: [String]
    var format: InputFormat
    var pretty: Bool
    /// The profile whose limits bound the inputs (the config's, see ``LoadedConfig/profile(for:)``).
    var profile: Profile
    /// The progress line's task name (`normalize`, `convert`); nil shows none.
    package var progressTask: String? = nil
    /// `--quiet`: no progress line.
    package var quiet = false
    /// Whether JSON text is read as `validate` reads it before its check (a repeated key's
    /// last value; see ``PayloadReader/readParsed(_:profile:readsAsValidate:_:)``): for a
    /// transform that judges every payload with the check first (`normalize`).
    package var readsAsValidate = false

    package init(paths: [String], format: InputFormat, pretty: Bool, profile: Profile) {
        self.paths = paths
        self.format = format
        self.pretty = pretty
        self.profile = profile
    }

    /// `run(emitting:_:)` for a transform of the payload's value, its document (nil for YAML)
    /// and the shift of its lines in the input (``PayloadLabel/lineOffset``; `store apply`'s).
    package func run(emitting: Bool = true, _ transform: (JSONValue, JSONDocument?, Int) -> Result<JSONValue, TransformFailure>) -> ExitStatus {
        run(emitting: emitting) { (payload: ParsedPayload, label: PayloadLabel) in transform(payload.value, payload.document, label.lineOffset) }
    }

    /// With `emitting` false the transformed values are not printed (only the problems are).
    /// `transform` gets each payload read and where it sits in its input.
    package func run(emitting: Bool = true, _ transform: (ParsedPayload, PayloadLabel) -> Result<JSONValue, TransformFailure>) -> ExitStatus {
        var collector = InputCollector()
        collector.format = format
        var arguments = paths
        if arguments.isEmpty {
            if Terminal.isTerminal(0) {
                Terminal.diagnose("error: no inputs: name files, or pipe a payload to standard input (see --help)")
                return .usage
            }
            arguments = ["-"]
        }
        let out = Terminal.standardOutput
        let err = Terminal.standardError
        var status = ExitStatus.success
        let inputs = collector.collect(arguments)
        let progress = progressTask.flatMap {
            ProgressLine.make(task: $0, quiet: quiet, totalBytes: ProgressLine.totalBytes(of: inputs), flushing: [out, err])
        }
        func report(_ input: InputFile, _ label: PayloadLabel, _ f: TransformFailure) {
            let place: String
            if let line = f.line { place = "\(input.displayPath):\(line):\(f.column ?? 1)" } else if label != .whole { place = "\(input.displayPath): \(label.text)" } else { place = input.displayPath }
            progress?.clear()
            err.write("\(place): error: \(f.message)\n")
            err.flush()
            status = max(status, f.unreadable ? .unreadable : .invalid)
            BrokenPipeStatus.shared.raise(to: status.rawValue)
        }
        let profile = self.profile
        for input in inputs {
            PayloadReader.readParsed(input, profile: profile, readsAsValidate: readsAsValidate) { label, parsed, bytes in
                defer { progress?.settle() }
                if bytes > 0 { progress?.read(bytes: bytes) }
                let outcome: Result<JSONValue, TransformFailure>
                switch parsed {
                case .failure(let failure):
                    return report(input, label, failure)
                case .success(let payload):
                    outcome = transform(payload, label)
                }
                switch outcome {
                case .success(let value):
                    guard emitting else { return }
                    out.write(JSONWriter.string(value, options: pretty ? JSONWriter.Options(indent: 2, sortKeys: true) : .canonical) + "\n")
                case .failure(let f):
                    report(input, label, f)
                }
            }
        }
        progress?.finish()
        out.flush()
        return status
    }
}

/// Decodes a model from a value (located with `document`) with the library's one typed
/// reading (``PayloadIngestor/decode(_:from:document:options:)``) and gives back a JSON value.
func transformModel<M: ChatPayloadCodable>(
    _ type: M.Type, _ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, options: ChatDecodingOptions,
    _ body: (M) throws(ChatEncodingError) -> JSONValue
) -> Result<JSONValue, TransformFailure> {
    let model: M
    do throws(ChatDecodingError) {
        model = try PayloadIngestor.decode(M.self, from: value, document: document, options: options)
    } catch {
        return .failure(.decoding(error, label: label))
    }
    do throws(ChatEncodingError) {
        return .success(try body(model))
    } catch {
        return .failure(.encoding(error))
    }
}

/// A payload of `kind` through the library's record builder
/// (``PayloadIngestor/record(_:from:document:options:)``, the one `store import` and the
/// ingestor use), its record given back as a JSON value by `body`.
func transformRecord(
    _ kind: ChatPayloadKind, _ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, options: ChatDecodingOptions,
    _ body: (IngestedRecord) throws(ChatEncodingError) -> JSONValue
) -> Result<JSONValue, TransformFailure> {
    let record: IngestedRecord?
    do throws(PayloadBuildError) {
        record = try PayloadIngestor.record(kind, from: value, document: document, options: options)
    } catch {
        switch error {
        case .decoding(let e): return .failure(.decoding(e, label: label))
        case .encoding(let e): return .failure(.encoding(e))
        }
    }
    guard let record else {
        return .failure(TransformFailure(message: "\(kind.argument) payloads have no record", line: nil, column: nil, unreadable: false))
    }
    do throws(ChatEncodingError) {
        return .success(try body(record))
    } catch {
        return .failure(.encoding(error))
    }
}

/// The help text's exit-status table for the transform commands.
let transformExitHelp = """
    The config's limits (max-bytes, max-depth, max-string-bytes, max-number-digits; \
    --config, --no-config, --profile as for validate) bound every input, as for validate.

    EXIT STATUS:
      0   every payload was transformed
      1   some payload could not be decoded (or, for patch, the changeset did not apply)
      2   some input could not be read, is not JSON / YAML, or is over a limit
      3   config error
      64  usage error
    """
