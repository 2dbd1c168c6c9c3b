import JSONCore

/// A check run on the whole JSON value before it is decoded ("validate, then decode").
///
/// This is the place where schema validation plugs in: an implementation validates `value`
/// against the schema for `kind` and throws the first (or best) failure as a
/// ``ChatDecodingError`` of kind ``ChatDecodingError/Kind/validation`` with the instance
/// pointer. When decoding from a document the decoder fills in the `line:column`.
public protocol ChatPayloadValidator: Sendable {
    /// Throws when `value` is not an acceptable payload of `kind`.
    func validate(_ value: JSONValue, as kind: ChatPayloadKind) throws(ChatDecodingError)
}
