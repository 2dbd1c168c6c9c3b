import JSONCore

/// The payload kinds the codec vectors cover: the wire objects the Swift, Kotlin and JavaScript
/// SDKs exchange. Raw values are the names `chatpayloads normalize --kind` takes.
public enum CodecVectorKind: String, Sendable, Hashable, CaseIterable {
    /// A User object.
    case user
    /// A Channel object.
    case channel
    /// A membership object.
    case member
    /// A message payload.
    case message
    /// A message action (reaction).
    case messageAction = "message-action"

    /// The bundled schema that judges this kind.
    public var schema: BundledSchema {
        switch self {
        case .user: return .user
        case .channel: return .channel
        case .member: return .member
        case .message: return .message
        case .messageAction: return .messageAction
        }
    }

    /// The payload kind this is (the message payload is ``ChatPayloadKind/messagePayload``).
    public var payloadKind: ChatPayloadKind {
        switch self {
        case .user: return .user
        case .channel: return .channel
        case .member: return .member
        case .message: return .messagePayload
        case .messageAction: return .messageAction
        }
    }

    /// The vector kind of a payload kind; nil for the kinds the vectors do not cover.
    public init?(payloadKind: ChatPayloadKind) {
        guard let kind = Self.allCases.first(where: { $0.payloadKind == payloadKind }) else { return nil }
        self = kind
    }

    /// The kind of a bundled schema (the React variants, their native kind's).
    public init?(schema: BundledSchema) {
        self.init(payloadKind: schema.payloadKind)
    }

    /// Decodes `document` as this kind with the Swift codec (custom data kept as it is) and
    /// encodes it again: the canonical value (dates in the native millisecond form).
    public func roundTrip(_ document: JSONDocument, options: ChatDecodingOptions = .standard) -> Result<JSONValue, ChatCodecFailure> {
        switch self {
        case .user: return Self.roundTrip(ChatUser<AnyJSONCustomData>.self, document, options)
        case .channel: return Self.roundTrip(ChatChannel<AnyJSONCustomData>.self, document, options)
        case .member: return Self.roundTrip(ChatMember<AnyJSONCustomData>.self, document, options)
        case .message: return Self.roundTrip(ChatMessagePayload<AnyJSONCustomData>.self, document, options)
        case .messageAction: return Self.roundTrip(ChatMessageAction<AnyJSONCustomData>.self, document, options)
        }
    }

    private static func roundTrip<M: ChatPayloadCodable>(_ type: M.Type, _ document: JSONDocument, _ options: ChatDecodingOptions) -> Result<JSONValue, ChatCodecFailure> {
        do throws(ChatDecodingError) {
            let model = try M.decode(from: document, options: options)
            do throws(ChatEncodingError) {
                return .success(try model.encodedJSON())
            } catch {
                return .failure(ChatCodecFailure(message: error.description))
            }
        } catch {
            return .failure(ChatCodecFailure(message: error.pointer.isRoot ? error.message : "\(error.pointer): \(error.message)"))
        }
    }
}

/// Why the Swift codec did not decode (or re-encode) a payload.
public struct ChatCodecFailure: Error, Sendable, Hashable {
    /// The decoder's message.
    public var message: String
}
