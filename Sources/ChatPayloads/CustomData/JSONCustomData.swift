import JSONCore

/// Custom data carried in a payload's `custom` (or message `content`) object, decoded from and
/// encoded to this module's `JSONValue` model.
///
/// Implement the requirements by hand for full control, or make the type `Codable` and get
/// ``init(json:)`` and ``encodeJSON()`` from the `Codable` bridge (through ``JSONValueDecoder``
/// and ``JSONValueEncoder``, never Foundation's JSON coders); only ``init()`` is then needed.
///
/// Errors thrown by ``init(json:)`` carry JSON Pointers relative to the custom object (for
/// example `/age`); the payload decoder moves them under `/custom` and adds the source location.
public protocol JSONCustomData: Sendable, Hashable {
    /// The default value: used when the payload has no custom object (or `null`) and, for a
    /// `Codable` type, for each key the custom object lacks (the `Codable` bridge fills those keys
    /// from this value's encoding).
    init()
    /// Decodes from the custom object.
    init(json: JSONObject) throws(ChatDecodingError)
    /// The custom object to write.
    func encodeJSON() throws(ChatEncodingError) -> JSONObject
    /// Whether the decoder and encoder check that values are flat (string, number or boolean) where
    /// the payload requires it (User, Channel and Member custom data). Default `true`;
    /// ``VoidCustomData`` says `false` because it ignores the content.
    static var checksFlatness: Bool { get }
}

extension JSONCustomData {
    /// Flatness is checked where the payload requires it.
    public static var checksFlatness: Bool { true }
}
