/// Which date-time strings a decoder accepts (`createdAt`, `updated`).
///
/// Encoding does not depend on the policy: it always writes the native form
/// (see ``ChatTimestamp/nativeString``).
public enum ChatDatePolicy: String, Sendable, Hashable, CaseIterable {
    /// Any RFC 3339 `date-time`: any offset, any number of fraction digits (the first nine kept).
    case rfc3339
    /// Exactly the native form `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC, three fraction digits), as iOS
    /// and Android write it.
    case native
    /// The native form, or the same without a fraction (`yyyy-MM-ddTHH:mm:ssZ`): what the iOS
    /// decoder reads.
    case nativeOrNoFraction

    /// A phrase for error messages: what a date must look like under this policy.
    var expectation: String {
        switch self {
        case .rfc3339: return "an RFC 3339 date-time string"
        case .native: return "a date-time string in the native form yyyy-MM-ddTHH:mm:ss.SSSZ"
        case .nativeOrNoFraction: return "a date-time string of the form yyyy-MM-ddTHH:mm:ss.SSSZ or yyyy-MM-ddTHH:mm:ssZ"
        }
    }
}
