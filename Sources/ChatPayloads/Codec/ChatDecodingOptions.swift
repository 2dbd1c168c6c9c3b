/// Options for decoding chat payloads; a profile sets these to match a platform.
public struct ChatDecodingOptions: Sendable {
    /// Which date-time strings are accepted (default: any RFC 3339 date-time).
    public var datePolicy: ChatDatePolicy
    /// What to do with an unusable URL string (default: reject with a located error).
    public var urlPolicy: ChatURLPolicy
    /// Whether a message payload without `contentType` takes its content type from a string
    /// `type` member, as React publishes it (default false: iOS and Android read only `contentType`).
    public var acceptsTypeAsContentType: Bool
    /// A check run on the whole value before decoding (schema validation); nil = none.
    public var validator: (any ChatPayloadValidator)?

    /// Makes options.
    public init(
        datePolicy: ChatDatePolicy = .rfc3339,
        urlPolicy: ChatURLPolicy = .reject,
        acceptsTypeAsContentType: Bool = false,
        validator: (any ChatPayloadValidator)? = nil
    ) {
        self.datePolicy = datePolicy
        self.urlPolicy = urlPolicy
        self.acceptsTypeAsContentType = acceptsTypeAsContentType
        self.validator = validator
    }

    /// The defaults: any RFC 3339 date, invalid URLs rejected, no validator.
    public static let standard = ChatDecodingOptions()
    /// What the iOS decoder accepts: native dates with or without fraction.
    public static let iOS = ChatDecodingOptions(datePolicy: .nativeOrNoFraction)
    /// Only what iOS and Android both write: native dates with exactly three fraction digits.
    public static let native = ChatDecodingOptions(datePolicy: .native)
}
