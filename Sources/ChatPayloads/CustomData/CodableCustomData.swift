import JSONCore

/// The `Codable` bridge: a custom data type that is `Codable` gets ``JSONCustomData/init(json:)``
/// and ``JSONCustomData/encodeJSON()`` for free, through ``JSONValueDecoder`` and
/// ``JSONValueEncoder`` (never Foundation's JSON coders).
///
/// ```swift
/// struct Profile: UserCustomData, Codable {
///     var description: String? = nil
///     var level: Int = 0
/// }
/// ```
/// Decoding errors keep the coding path as a JSON Pointer (relative to the custom object).
/// The type must encode as a keyed container (a JSON object).
extension JSONCustomData where Self: Codable {
    /// Decodes through `Decodable`.
    public init(json: JSONObject) throws(ChatDecodingError) {
        self = try JSONValueDecoder().decodeLocated(Self.self, from: .object(json))
    }

    /// Encodes through `Encodable`; the result must be an object.
    public func encodeJSON() throws(ChatEncodingError) -> JSONObject {
        let value = try JSONValueEncoder().encodeLocated(self)
        switch value {
        case .object(let object): return object
        case .null: return JSONObject()
        default:
            throw ChatEncodingError(at: .root, "custom data must encode as a JSON object, got \(ChatDecodingError.describe(value))")
        }
    }
}
