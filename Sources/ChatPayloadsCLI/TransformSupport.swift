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

    /// A decoding error of the payload at `label`, located in the input by the library
    /// (``PayloadCheck/decodingIssue(_:document:label:)``, as the check locates one).
    package static func decoding(_ error: ChatDecodingError, label: PayloadLabel) -> TransformFailure {
        let issue = PayloadCheck.decodingIssue(error, document: nil, label: label)
        return TransformFailure(message: issue.message, line: issue.line, column: issue.column, unreadable: error.kind == .invalidJSON)
    }

    /// A decoding error whose line is shifted by `lineOffset` (`store apply` and `store
    /// import` still locate theirs so).
    package static func decoding(_ error: ChatDecodingError, lineOffset: Int) -> TransformFailure {
        TransformFailure(
            message: decodingMessage(error), line: error.location.map { $0.line + lineOffset }, column: error.location?.column,
            unreadable: error.kind == .invalidJSON)
    }

    /// A decoding error's message, with its pointer in front unless the message names it
    /// (``PayloadCheck/decodingMessage(_:)``).
    package static func decodingMessage(_ error: ChatDecodingError) -> String {
        PayloadCheck.decodingMessage(error)
    }

    /// A parse error of the payload at `label` as `validate` words it: a limit's message ends
    /// with its key (`... (max-depth)`), anything else is `not valid JSON: ...`.
    package static func parse(_ error: JSONParseError, profile: Profile, label: PayloadLabel) -> TransformFailure {
        // The issue's position moved into the input by the library (``PayloadLabel/inInput(_:)``).
        let issue = label.inInput(profile.parseIssue(error).placed(line: error.location.line, column: error.location.column))
        let isLimit = if case .limit = issue.kind { true } else { false }
        return TransformFailure(
            message: isLimit ? issue.message : "not valid JSON: \(error.message)", line: issue.line, column: issue.column, unreadable: true)
    }

    package static func encoding(_ error: ChatEncodingError) -> TransformFailure {
        TransformFailure(message: error.description, line: nil, column: nil, unreadable: false)
    }
}

/// Decodes a model from a value (located with `document`) with the library's one typed
/// reading (``PayloadCheck/decode(_:from:document:options:)``) and gives back a JSON value.
func transformModel<M: ChatPayloadCodable>(
    _ type: M.Type, _ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, options: ChatDecodingOptions,
    _ body: (M) throws(ChatEncodingError) -> JSONValue
) -> Result<JSONValue, TransformFailure> {
    let model: M
    do throws(ChatDecodingError) {
        model = try PayloadCheck.decode(M.self, from: value, document: document, options: options)
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
/// (``PayloadCheck/record(_:from:document:options:)``, the one ``PayloadCheck/building`` uses
/// for `store import` and an app), its record given back as a JSON value by `body`.
func transformRecord(
    _ kind: ChatPayloadKind, _ value: JSONValue, _ document: JSONDocument?, label: PayloadLabel, options: ChatDecodingOptions,
    _ body: (IngestedRecord) throws(ChatEncodingError) -> JSONValue
) -> Result<JSONValue, TransformFailure> {
    let record: IngestedRecord?
    do throws(PayloadBuildError) {
        record = try PayloadCheck.record(kind, from: value, document: document, options: options)
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
