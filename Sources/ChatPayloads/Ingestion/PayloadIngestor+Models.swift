import JSONCore

/// Why a payload that passed validation did not become a typed model or a record.
public enum PayloadBuildError: Error, Sendable {
    /// The typed decoder declined it (its pointer and, with a document, its place say where).
    case decoding(ChatDecodingError)
    /// The model could not be encoded as a record.
    case encoding(ChatEncodingError)
}

/// The one typed reading of a payload that ``PayloadIngestor`` builds its records with, for
/// the callers that need the typed model or the record of a payload they already read
/// (`normalize`, `convert`, `store import`): one decoder for every kind, one record builder.
/// They decode without validating (the callers have the validator's verdict already), so they
/// are `package`, as the unvalidated `decode(from:)` they call; apps ingest with
/// ``ingest(_:format:)``, which validates first.
extension PayloadIngestor {
    /// `value` decoded as `M`: from `document` (the parse `value` is the root of) when there is
    /// one, so that a decoding error carries its place in the text; else from the value.
    package static func decode<M: ChatPayloadCodable>(
        _ type: M.Type, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> M {
        if let document { return try M.decode(from: document, options: options) }
        return try M.decode(from: value, options: options)
    }

    /// The typed model of a payload of `kind` (custom data kept as ``IngestedCustomData``, its
    /// shape left to the validator):
    /// ``ChatUser``, ``ChatChannel``, ``ChatMember``, ``ChatMessagePayload``
    /// (``ChatPayloadKind/messagePayload``), ``ChatMessage`` (``ChatPayloadKind/message``, the
    /// sent form) or ``ChatMessageAction``; nil for the kinds that are not models (changesets,
    /// envelopes, records).
    package static func model(
        _ kind: ChatPayloadKind, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> (any ChatPayloadCodable)? {
        typealias Custom = IngestedCustomData
        switch kind {
        case .user: return try decode(ChatUser<Custom>.self, from: value, document: document, options: options)
        case .channel: return try decode(ChatChannel<Custom>.self, from: value, document: document, options: options)
        case .member: return try decode(ChatMember<Custom>.self, from: value, document: document, options: options)
        case .messagePayload: return try decode(ChatMessagePayload<Custom>.self, from: value, document: document, options: options)
        case .message: return try decode(ChatMessage<Custom>.self, from: value, document: document, options: options)
        case .messageAction: return try decode(ChatMessageAction<Custom>.self, from: value, document: document, options: options)
        default: return nil
        }
    }

    /// The record a payload of `kind` becomes (what the store persists): `user`, `channel`,
    /// `member` (with the user and channel it nests), `message` (the sent form, with its nested
    /// user, channel and actions; an action without a parent id gets the message's) or
    /// `messageAction`; nil for the other kinds. The payload is decoded with
    /// ``decode(_:from:document:options:)``; it is not validated here.
    package static func record(
        _ kind: ChatPayloadKind, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(PayloadBuildError) -> IngestedRecord? {
        typealias Custom = IngestedCustomData
        func decoded<M: ChatPayloadCodable>(_ type: M.Type) throws(PayloadBuildError) -> M {
            do throws(ChatDecodingError) {
                return try decode(M.self, from: value, document: document, options: options)
            } catch {
                throw .decoding(error)
            }
        }
        func encoded<T>(_ body: () throws(ChatEncodingError) -> T) throws(PayloadBuildError) -> T {
            do throws(ChatEncodingError) { return try body() } catch { throw .encoding(error) }
        }
        switch kind {
        case .user:
            let user = try decoded(ChatUser<Custom>.self)
            return .user(try encoded { () throws(ChatEncodingError) in try UserRecord(user) })
        case .channel:
            let channel = try decoded(ChatChannel<Custom>.self)
            return .channel(try encoded { () throws(ChatEncodingError) in try ChannelRecord(channel) })
        case .member:
            let member = try decoded(ChatMember<Custom>.self)
            let r = try encoded { () throws(ChatEncodingError) in try member.records() }
            return .member(r.member, user: r.user, channel: r.channel)
        case .message:
            let message = try decoded(ChatMessage<Custom>.self)
            let r = try encoded { () throws(ChatEncodingError) in try message.records() }
            return .message(r.message, user: r.user, channel: r.channel, actions: r.actions)
        case .messageAction:
            return .messageAction(MessageActionRecord(try decoded(ChatMessageAction<Custom>.self)))
        default:
            return nil
        }
    }
}
