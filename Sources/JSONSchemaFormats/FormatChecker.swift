/// A named check for one value of the JSON Schema `format` keyword.
///
/// A checker is pure and `Sendable`: it looks only at the string it is given and
/// never traps, whatever the input (any Unicode scalars, any length).
public struct FormatChecker: Sendable {
    /// The format name, e.g. `"date-time"`.
    public let name: String
    /// Returns `true` when the string conforms to the format.
    public let check: @Sendable (String) -> Bool
    /// The same check on the string's UTF-8 bytes, when the format has one (so a caller holding
    /// bytes need not make a `String`); must agree with ``check`` on every valid UTF-8 input.
    public let checkUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?

    /// Creates a checker named `name` that accepts the strings for which `check` returns `true`
    /// (and, optionally, the UTF-8 texts for which `checkUTF8` does).
    public init(name: String, check: @escaping @Sendable (String) -> Bool, checkUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
        self.name = name
        self.check = check
        self.checkUTF8 = checkUTF8
    }

    /// Returns `true` when `string` conforms to the format; same as `check(string)`.
    public func callAsFunction(_ string: String) -> Bool {
        check(string)
    }

    /// Returns `true` when the valid UTF-8 text `bytes` conforms to the format.
    public func check(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let checkUTF8 { return checkUTF8(bytes) }
        return check(String(decoding: bytes, as: UTF8.self))
    }
}

/// The formats defined by JSON Schema draft 2020-12 (Validation, section 7.3),
/// each checked against the grammar of its RFC.
public enum StandardFormats {
    /// Every 2020-12 format, keyed by name: `date-time`, `date`, `time`, `duration`
    /// (RFC 3339), `email`, `idn-email` (RFC 5321, RFC 6531), `hostname`, `idn-hostname`
    /// (RFC 1123, RFC 5890-5893), `ipv4`, `ipv6` (RFC 2673, RFC 4291), `uri`, `uri-reference`
    /// (RFC 3986), `iri`, `iri-reference` (RFC 3987), `uri-template` (RFC 6570), `uuid`
    /// (RFC 9562), `json-pointer` (RFC 6901), `relative-json-pointer`, and `regex`
    /// (ECMA-262, unicode mode).
    public static let all: [String: FormatChecker] = {
        var table: [String: FormatChecker] = [:]
        for checker in list {
            table[checker.name] = checker
        }
        return table
    }()

    /// The names of all standard formats, sorted.
    public static var names: [String] {
        all.keys.sorted()
    }

    /// The checker for the format called `name`, or `nil` when the name is not a 2020-12 format.
    public static func checker(named name: String) -> FormatChecker? {
        all[name]
    }

    private static let list: [FormatChecker] = [
        FormatChecker(name: "date-time", check: DateTimeFormats.isDateTime, checkUTF8: DateTimeFormats.isDateTime(utf8:)),
        FormatChecker(name: "date", check: DateTimeFormats.isFullDate, checkUTF8: DateTimeFormats.isFullDate(utf8:)),
        FormatChecker(name: "time", check: DateTimeFormats.isFullTime, checkUTF8: DateTimeFormats.isFullTime(utf8:)),
        FormatChecker(name: "duration", check: DateTimeFormats.isDuration),
        FormatChecker(name: "email", check: EmailFormats.isEmail),
        FormatChecker(name: "idn-email", check: EmailFormats.isIDNEmail),
        FormatChecker(name: "hostname", check: HostnameFormats.isHostname),
        FormatChecker(name: "idn-hostname", check: HostnameFormats.isIDNHostname),
        FormatChecker(name: "ipv4", check: IPFormats.isIPv4, checkUTF8: IPFormats.isIPv4(utf8:)),
        FormatChecker(name: "ipv6", check: IPFormats.isIPv6, checkUTF8: IPFormats.isIPv6(utf8:)),
        FormatChecker(name: "uri", check: URIFormats.isURI, checkUTF8: URIFormats.isURI(utf8:)),
        FormatChecker(name: "uri-reference", check: URIFormats.isURIReference, checkUTF8: URIFormats.isURIReference(utf8:)),
        FormatChecker(name: "iri", check: URIFormats.isIRI, checkUTF8: URIFormats.isIRI(utf8:)),
        FormatChecker(name: "iri-reference", check: URIFormats.isIRIReference, checkUTF8: URIFormats.isIRIReference(utf8:)),
        FormatChecker(name: "uri-template", check: URIFormats.isURITemplate),
        FormatChecker(name: "uuid", check: UUIDFormat.isUUID, checkUTF8: UUIDFormat.isUUID(utf8:)),
        FormatChecker(name: "json-pointer", check: JSONPointerFormats.isJSONPointer),
        FormatChecker(name: "relative-json-pointer", check: JSONPointerFormats.isRelativeJSONPointer),
        FormatChecker(name: "regex", check: RegexFormat.isRegex),
    ]
}
