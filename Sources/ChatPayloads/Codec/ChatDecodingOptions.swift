/// Options for decoding chat payloads; a profile sets these to match a platform.
public struct ChatDecodingOptions: Sendable {
    /// Which date-time strings are accepted (default: any RFC 3339 date-time).
    public var datePolicy: ChatDatePolicy
    /// What to do with an unusable URL string (default: reject with a located error).
    public var urlPolicy: ChatURLPolicy
    /// Whether a message payload without `contentType` takes its content type from a string
    /// `type` member, as React publishes it (default false: iOS and Android read only `contentType`).
    public var acceptsTypeAsContentType: Bool
    /// A first-error check run on the whole value before decoding; nil = none.
    @_spi(ChatPayloadsInternal)
    public var validator: PayloadValidator?

    /// Makes options.
    public init(
        datePolicy: ChatDatePolicy = .rfc3339,
        urlPolicy: ChatURLPolicy = .reject,
        acceptsTypeAsContentType: Bool = false
    ) {
        self.datePolicy = datePolicy
        self.urlPolicy = urlPolicy
        self.acceptsTypeAsContentType = acceptsTypeAsContentType
        self.validator = nil
    }

    /// Makes options with a first-error check run before decoding.
    @_spi(ChatPayloadsInternal)
    public init(
        datePolicy: ChatDatePolicy = .rfc3339,
        urlPolicy: ChatURLPolicy = .reject,
        acceptsTypeAsContentType: Bool = false,
        validator: PayloadValidator?
    ) {
        self.init(datePolicy: datePolicy, urlPolicy: urlPolicy, acceptsTypeAsContentType: acceptsTypeAsContentType)
        self.validator = validator
    }

    /// The defaults: any RFC 3339 date, invalid URLs rejected, no validator.
    public static let standard = ChatDecodingOptions()
    /// What the iOS decoder accepts: native dates with or without fraction.
    public static let iOS = ChatDecodingOptions(datePolicy: .nativeOrNoFraction)
    /// Only what iOS and Android both write: native dates with exactly three fraction digits.
    public static let native = ChatDecodingOptions(datePolicy: .native)
}
