/// The check ``ChatDecodingOptions`` ran before decoding; folded into ``PayloadValidator``.
@available(*, deprecated, renamed: "PayloadValidator")
public typealias ChatPayloadValidator = PayloadValidator
