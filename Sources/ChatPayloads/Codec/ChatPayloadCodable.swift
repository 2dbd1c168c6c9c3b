import JSONCore

/// A model that decodes from and encodes to JSON in one pass over `JSONValue`.
///
/// Decode with ``decode(_:profile:)-(Collection<UInt8>,_)`` (bytes: `Data`, `[UInt8]`, any
/// byte collection) or ``decode(_:profile:)-(String,_)`` (text). Both read the text once,
/// validate it under the profile and decode it; a payload the profile rejects throws a
/// ``ChatDecodingError`` whose ``ChatDecodingError/report`` holds every issue:
/// ```swift
/// let user = try ChatUser<Prefs>.decode(data, profile: .strict)  // read, validate, decode
/// let bytes = try user.canonicalBytes()                          // sorted keys, compact
/// ```
/// **Canonical form** of a payload `p` is `decode(p).canonicalBytes()`. It is byte-identical to
/// `JSONWriter.bytes(p, options: .canonical)` when `p`'s dates are already in the native form
/// `yyyy-MM-ddTHH:mm:ss.SSSZ`, the always-written members are present (`type` and `custom` for
/// users and channels, `custom` for memberships, `content` and `custom` for messages) and the
/// custom types keep what they read (``AnyJSONCustomData`` does). For any other payload it is
/// idempotent: decoding canonical bytes and encoding again gives the same bytes. Dates are
/// written truncated to milliseconds; unknown members are dropped.
public protocol ChatPayloadCodable: Sendable {
    /// The kind of payload, which says the schema it is validated against.
    static var payloadKind: ChatPayloadKind { get }
    /// Decodes from `value` found at `pointer` (errors carry pointers under it). Does not validate.
    @_spi(ChatPayloadsInternal)
    static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self
    /// The JSON value of this model, in wire form (see each model for which members are always written).
    func encodedJSON() throws(ChatEncodingError) -> JSONValue
}

extension ChatPayloadCodable {
    /// The canonical JSON bytes: ``encodedJSON()`` written with sorted keys (UTF-16 order),
    /// compact, no `\/` escapes. The same value always gives the same bytes on every platform.
    public func canonicalBytes() throws(ChatEncodingError) -> [UInt8] {
        JSONWriter.bytes(try encodedJSON(), options: .canonical)
    }

    /// ``canonicalBytes()`` as a string.
    public func canonicalString() throws(ChatEncodingError) -> String {
        JSONWriter.string(try encodedJSON(), options: .canonical)
    }

    /// Implements `Decodable` for models: reads any JSON the decoder offers, then decodes it with
    /// the standard options. Errors become `DecodingError.dataCorrupted` with the full coding path.
    static func decodeCodable(from decoder: any Decoder) throws -> Self {
        let value = try CodableJSON(from: decoder).value
        do {
            return try decode(json: value, at: .root, options: .standard)
        } catch {
            let path = decoder.codingPath + error.pointer.tokens.map { AnyCodingKey($0) as any CodingKey }
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message, underlyingError: error))
        }
    }

    /// Implements `Encodable` for models: the wire JSON written through the encoder's containers.
    func encodeCodable(to encoder: any Encoder) throws {
        do {
            try CodableJSON(try encodedJSON()).encode(to: encoder)
        } catch let error as ChatEncodingError {
            let path = encoder.codingPath + error.pointer.tokens.map { AnyCodingKey($0) as any CodingKey }
            throw EncodingError.invalidValue(self, .init(codingPath: path, debugDescription: error.message, underlyingError: error))
        }
    }
}
