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

    /// The typed model of a payload of `kind` (custom data kept verbatim, `FlatnessLeftToProfile`: its
    /// shape left to the validator):
    /// ``ChatUser``, ``ChatChannel``, ``ChatMember``, ``ChatMessagePayload``
    /// (``ChatPayloadKind/messagePayload``), ``ChatMessage`` (``ChatPayloadKind/sentMessage``, the
    /// sent form) or ``ChatMessageAction``; nil for the kinds that are not models (changesets,
    /// envelopes, records).
    package static func model(
        _ kind: ChatPayloadKind, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> (any ChatPayloadCodable)? {
        typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>
        switch kind {
        case .user: return try decode(ChatUser<Custom>.self, from: value, document: document, options: options)
        case .channel: return try decode(ChatChannel<Custom>.self, from: value, document: document, options: options)
        case .member: return try decode(ChatMember<Custom>.self, from: value, document: document, options: options)
        case .messagePayload: return try decode(ChatMessagePayload<Custom>.self, from: value, document: document, options: options)
        case .sentMessage: return try decode(ChatMessage<Custom>.self, from: value, document: document, options: options)
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
        typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>
        func decoded<M: ChatPayloadCodable>(_ type: M.Type) throws(PayloadBuildError) -> M {
            do throws(ChatDecodingError) {
                return try decode(M.self, from: value, document: document, options: options)
            } catch {
                throw .decoding(error)
            }
        }
        /// `value` decoded as `M`, then made a record by `record`.
        func built<M: ChatPayloadCodable>(
            _ type: M.Type, _ record: (M) throws(ChatEncodingError) -> IngestedRecord
        ) throws(PayloadBuildError) -> IngestedRecord {
            let model = try decoded(M.self)
            do throws(ChatEncodingError) { return try record(model) } catch { throw .encoding(error) }
        }
        switch kind {
        case .user: return try built(ChatUser<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .channel: return try built(ChatChannel<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .member: return try built(ChatMember<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .sentMessage: return try built(ChatMessage<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .messageAction: return try built(ChatMessageAction<Custom>.self) { m in IngestedRecord(m) }
        default:
            return nil
        }
    }
}
