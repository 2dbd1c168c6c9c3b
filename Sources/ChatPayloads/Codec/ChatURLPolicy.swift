/// What a decoder does with a URL field (`profileUrl`, channel `custom.profileUrl`) that is a
/// string but not a URL (an IRI reference, absolute or relative; `""` is read as absent).
///
/// Upstream decoders disagreed (one threw, one produced `nil`); here the choice is explicit.
public enum ChatURLPolicy: String, Sendable, Hashable, CaseIterable {
    /// Fail with a located ``ChatDecodingError`` (the default).
    case reject
    /// Treat the field as absent.
    case dropInvalid
}
