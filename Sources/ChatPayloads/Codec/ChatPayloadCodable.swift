import JSONCore

/// A model that decodes from and encodes to JSON in one pass over `JSONValue`.
///
/// Conforming types implement ``decode(json:at:options:)`` and ``encodedJSON()``; the protocol
/// adds the entry points:
/// ```swift
/// let user = try PubNubChatUser.decode(bytes: Array(text.utf8))          // parse, validate, decode
/// let same = try PubNubChatUser.decode(from: document, options: .native) // errors get line:column
/// let bytes = try user.canonicalBytes()                                  // sorted keys, compact
/// ```
/// **Canonical form** of a payload `p` is `decode(p).canonicalBytes()`. It is byte-identical to
/// `JSONWriter.bytes(p, options: .canonical)` when `p`'s dates are already in the native form
/// `yyyy-MM-ddTHH:mm:ss.SSSZ`, the always-written members are present (`type` and `custom` for
/// users and channels, `custom` for memberships, `content` and `custom` for messages) and the
/// custom types keep what they read (``AnyJSONCustomData`` does). For any other payload it is
/// idempotent: decoding canonical bytes and encoding again gives the same bytes. Dates are
/// written truncated to milliseconds; unknown members are dropped.
///
/// "Validate, then decode": when ``ChatDecodingOptions/validator`` is set it runs on the whole
/// value first; decoding then reads the already-parsed value (no second parse).
public protocol ChatPayloadCodable: Sendable {
    /// The kind of payload, passed to the validator.
    static var payloadKind: ChatPayloadKind { get }
    /// Decodes from `value` found at `pointer` (errors carry pointers under it). Does not run the
    /// validator; use `decode(from:options:)` for that.
    static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self
    /// The JSON value of this model, in wire form (see each model for which members are always written).
    func encodedJSON() throws(ChatEncodingError) -> JSONValue
}

extension ChatPayloadCodable {
    /// Validates (when a validator is set), then decodes `value`.
    public static func decode(from value: JSONValue, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        if let validator = options.validator {
            try validator.validate(value, as: payloadKind)
        }
        return try decode(json: value, at: .root, options: options)
    }

    /// Validates, then decodes the document's value; errors carry the `line:column` of the value.
    public static func decode(from document: JSONDocument, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        do {
            return try decode(from: document.root, options: options)
        } catch {
            throw error.located(in: document)
        }
    }

    /// Parses UTF-8 JSON `bytes` with `JSONParser`, then validates and decodes.
    /// A parse failure is a ``ChatDecodingError`` of kind ``ChatDecodingError/Kind/invalidJSON``.
    public static func decode(
        bytes: [UInt8], options: ChatDecodingOptions = .standard, parseOptions: JSONParseOptions = JSONParseOptions()
    ) throws(ChatDecodingError) -> Self {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, options: parseOptions)
        } catch {
            throw ChatDecodingError(.invalidJSON, at: .root, error.message, location: error.location)
        }
        return try decode(from: document, options: options)
    }

    /// Parses JSON `text`, then validates and decodes.
    public static func decode(text: String, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        try decode(bytes: Array(text.utf8), options: options)
    }

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
