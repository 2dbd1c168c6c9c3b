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
/// **Missing keys take their defaults**: a key the custom object lacks takes the value
/// ``JSONCustomData/init()`` gives it (for the type above, `{}` decodes as `level == 0`, where
/// `Decodable` alone would fail with `missing required member "level"`). Only keys of the
/// custom object itself are filled, not keys inside a nested object; a key that `init()` leaves
/// out (an optional that is `nil`) stays missing. A present key of the wrong type still fails.
///
/// Decoding errors keep the coding path as a JSON Pointer (relative to the custom object).
/// The type must encode as a keyed container (a JSON object).
extension JSONCustomData where Self: Codable {
    /// Decodes through `Decodable`; keys the object lacks take the values ``JSONCustomData/init()``
    /// gives them.
    public init(json: JSONObject) throws(ChatDecodingError) {
        do {
            self = try JSONValueDecoder().decodeLocated(Self.self, from: .object(json))
        } catch {
            // A missing member of the custom object itself: fill every missing key from `init()`.
            guard error.kind == .missingField, error.pointer.tokens.count == 1,
                  let defaults = try? Self().encodeJSON()
            else { throw error }
            var filled = json
            for member in defaults.members where !json.contains(member.key) {
                filled = filled.setting(member.key, to: member.value)
            }
            guard filled.members.count > json.members.count else { throw error }
            self = try JSONValueDecoder().decodeLocated(Self.self, from: .object(filled))
        }
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
