// ECMA-262 patterns for the format checkers, for schema texts read by validators that do not
// assert `format` (python-jsonschema, ajv and networknt by default).

/// Regular expressions that accept exactly what a format checker of this module accepts, so a
/// schema exported for other platforms can carry the check as a `pattern` beside its `format`.
///
/// Each pattern is written for both ECMA-262 (unicode mode, what JSON Schema names) and Python's
/// `re` (python-jsonschema): anchored with `^` and `(?![\s\S])` (Python's `$` also matches before
/// a final line feed), ASCII digit classes (`[0-9]`, not `\d`, which is Unicode in Python),
/// non-ASCII characters written literally, and no nested unbounded quantifiers that could
/// backtrack without bound. The tests hold every pattern against its checker.
public enum FormatPatterns {
    /// The pattern that accepts exactly what the checker of format `name` accepts, or nil when
    /// the format has no exact pattern here (see ``approximatePatterns``).
    public static func exactPattern(for name: String) -> String? {
        switch name {
        case "date-time": return dateTime
        case "uuid": return uuid
        case "uri": return uri
        case "uri-reference": return uriReference
        case "iri": return iri
        case "iri-reference": return iriReference
        case "ipv4": return anchored(ipv4)
        case "ipv6": return anchored(ipv6)
        default: return nil
        }
    }

    /// Formats whose pattern accepts a superset of what the checker accepts, with what the
    /// pattern cannot check. `email`: an `xn--` label of the domain (an A-label) is checked by
    /// the pattern as letters, digits and hyphens only; the checker also decodes it (Punycode,
    /// IDNA2008, the Bidi rule).
    public static let approximatePatterns: [String: (pattern: String, leftOut: String)] = [
        "email": (email, "an xn-- label of the domain (an A-label) is matched as letters, digits and hyphens only; ChatPayloads also decodes it (Punycode, IDNA2008 and the Bidi rule)"),
    ]

    // MARK: Building blocks

    /// `^(?:body)` up to the end of the input.
    public static func anchored(_ body: String) -> String { "^(?:\(body))\(end)" }

    /// The end of the input, in ECMA-262 and Python alike.
    static let end = "(?![\\s\\S])"

    /// A two-digit number (`00`...`99`) in `values`, as an alternation grouped by the tens digit.
    static func twoDigits(_ values: [Int]) -> String {
        let set = Set(values.filter { (0...99).contains($0) })
        guard !set.isEmpty else { return "(?!)" }
        var parts: [String] = []
        for tens in 0...9 {
            let ones = (0...9).filter { set.contains(tens * 10 + $0) }
            guard !ones.isEmpty else { continue }
            parts.append("\(tens)\(digitClass(ones))")
        }
        return parts.count == 1 ? parts[0] : "(?:\(parts.joined(separator: "|")))"
    }

    /// A class of the digits `digits` (`[0-4]`, `[57]`, `7`).
    static func digitClass(_ digits: [Int]) -> String {
        if digits.count == 1 { return "\(digits[0])" }
        if digits.count == 10 { return "[0-9]" }
        var text = ""
        var i = 0
        while i < digits.count {
            var j = i
            while j + 1 < digits.count, digits[j + 1] == digits[j] + 1 { j += 1 }
            text += j - i >= 2 ? "\(digits[i])-\(digits[j])" : (i...j).map { "\(digits[$0])" }.joined()
            i = j + 1
        }
        return "[\(text)]"
    }

    /// `n` written with two digits.
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    // MARK: date-time

    /// `date-time` (``DateTimeFormats/isDateTime(_:)``): RFC 3339, `T` and `Z` either case, any
    /// number of fraction digits, a leap second only at 23:59:60 UTC once the offset is applied.
    public static let dateTime = dateTimePattern(withinYears0000To9999: false)

    /// `date-time` whose instant, the offset applied, lies in the years 0000...9999 UTC
    /// (0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z; a leap second counts as the
    /// next second), what a parser into a 64-bit instant of those years accepts.
    public static let dateTimeWithinYears0000To9999 = dateTimePattern(withinYears0000To9999: true)

    static let fraction = "(?:\\.[0-9]+)?"
    static let hour = "(?:[01][0-9]|2[0-3])"
    static let minute = "[0-5][0-9]"

    static func dateTimePattern(withinYears0000To9999 bounded: Bool) -> String {
        let leapYear = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)"
        let date = "(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|\(leapYear)-02-29)"
        let offset = "(?:[Zz]|[+-]\(hour):\(minute))"
        // The time of a leap second, by the offset (local time = 23:59 UTC + offset).
        let f = fraction
        let zeroOffset = "23:59:60\(f)(?:[Zz]|[+-]00:00)"
        // +oh:om with om >= 1: HH = oh and MM = om - 1.
        let plusHour = (0...23).map { "\(two($0)):\(minute):60\(f)\\+\(two($0)):" }.joined(separator: "|")
        let plusMinute = (0...58).map { "[0-9]{2}:\(two($0)):60\(f)\\+[0-9]{2}:\(two($0 + 1))" }.joined(separator: "|")
        // +oh:00 with oh >= 1: MM = 59 and HH = oh - 1.
        let plusWholeHour = (0...22).map { "\(two($0)):59:60\(f)\\+\(two($0 + 1)):00" }.joined(separator: "|")
        // -oh:om: HH = 23 - oh and MM = 59 - om.
        let minusHour = (0...23).map { "\(two($0)):\(minute):60\(f)-\(two(23 - $0)):" }.joined(separator: "|")
        let minusMinute = (0...59).map { "[0-9]{2}:\(two($0)):60\(f)-[0-9]{2}:\(two(59 - $0))" }.joined(separator: "|")
        let leap = "(?=\(zeroOffset)|(?=\(plusHour))(?=\(plusMinute))|\(plusWholeHour)|(?=\(minusHour))(?=\(minusMinute)))\(hour):\(minute):60"
        let time = "(?:\(hour):\(minute):[0-5][0-9]|\(leap))\(f)\(offset)"
        var guards = ""
        if bounded {
            // 0000-01-01 with a positive offset: the local time must not be before the offset
            // (HH:MM < oh:om), unless it is the leap second just before it (exactly the minimum).
            let seconds = "[0-5][0-9]"
            let hourBelow = (0...22).map { "\(two($0)):\(minute):\(seconds)\(f)\\+\(twoDigits(Array(($0 + 1)...23))):" }.joined(separator: "|")
            let hourEqual = (0...23).map { "\(two($0)):\(minute):\(seconds)\(f)\\+\(two($0)):" }.joined(separator: "|")
            let minuteBelow = (0...58).map { "[0-9]{2}:\(two($0)):\(seconds)\(f)\\+[0-9]{2}:\(twoDigits(Array(($0 + 1)...59)))" }.joined(separator: "|")
            guards += "(?!0000-01-01[Tt](?:\(hourBelow)|(?=\(hourEqual))(?:\(minuteBelow))))"
            // 9999-12-31 with offset 0 or negative: no leap second (23:59:60 UTC is past the
            // maximum), and HH:MM + oh:om must stay below 24:00.
            let any2 = "[0-9]{2}"
            let hourSumOver = (1...23).map { "\(two($0)):\(any2):\(any2)\(f)-\(twoDigits(Array((24 - $0)...23))):" }.joined(separator: "|")
            let hourSum23 = (0...23).map { "\(two($0)):\(any2):\(any2)\(f)-\(two(23 - $0)):" }.joined(separator: "|")
            let minuteSumOver = (1...59).map { "\(any2):\(two($0)):\(any2)\(f)-\(any2):\(twoDigits(Array((60 - $0)...59)))" }.joined(separator: "|")
            guards += "(?!9999-12-31[Tt](?:\(any2):\(any2):60\(f)(?:[Zz]|\\+00:00|-)|\(hourSumOver)|(?=\(hourSum23))(?:\(minuteSumOver))))"
        }
        return "^\(guards)\(date)[Tt]\(time)\(end)"
    }

    // MARK: uuid

    /// `uuid` (``UUIDFormat/isUUID(_:)``): `8-4-4-4-12` hexadecimal digits, either case.
    public static let uuid = anchored("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")

    // MARK: IP addresses

    /// A decimal octet 0...255 without leading zeros.
    static let decOctet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
    /// `ipv4` (``IPFormats/isIPv4(_:)``) without anchors.
    static let ipv4 = "\(decOctet)(?:\\.\(decOctet)){3}"
    /// `ipv6` (``IPFormats/isIPv6(_:)``, RFC 3986 `IPv6address`) without anchors.
    static let ipv6: String = {
        let h = "[0-9A-Fa-f]{1,4}"
        let ls32 = "(?:\(h):\(h)|\(ipv4))"
        func groups(_ n: Int) -> String { n == 0 ? "" : "(?:\(h):){\(n)}" }
        func upTo(_ n: Int) -> String { n < 0 ? "" : "(?:\(h)(?::\(h)){0,\(n)})?" }
        let forms = [
            "\(groups(6))\(ls32)",
            "::\(groups(5))\(ls32)",
            "\(upTo(0))::\(groups(4))\(ls32)",
            "\(upTo(1))::\(groups(3))\(ls32)",
            "\(upTo(2))::\(groups(2))\(ls32)",
            "\(upTo(3))::\(h):\(ls32)",
            "\(upTo(4))::\(ls32)",
            "\(upTo(5))::\(h)",
            "\(upTo(6))::",
        ]
        return "(?:\(forms.joined(separator: "|")))"
    }()

    // MARK: URI and IRI

    /// `uri` (``URIFormats/isURI(_:)``).
    public static let uri = uriPattern(iri: false, allowRelative: false)
    /// `uri-reference` (``URIFormats/isURIReference(_:)``).
    public static let uriReference = uriPattern(iri: false, allowRelative: true)
    /// `iri` (``URIFormats/isIRI(_:)``).
    public static let iri = uriPattern(iri: true, allowRelative: false)
    /// `iri-reference` (``URIFormats/isIRIReference(_:)``).
    public static let iriReference = uriPattern(iri: true, allowRelative: true)

    /// RFC 3987 `ucschar`, as class ranges of literal characters.
    static let ucschar: String = {
        var ranges: [(UInt32, UInt32)] = [(0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF)]
        for plane in UInt32(1)...14 where plane != 14 { ranges.append((plane << 16, plane << 16 | 0xFFFD)) }
        ranges.append((0xE1000, 0xEFFFD))
        return classRanges(ranges)
    }()

    /// RFC 3987 `iprivate`, as class ranges of literal characters.
    static let iprivate = classRanges([(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)])

    static func classRanges(_ ranges: [(UInt32, UInt32)]) -> String {
        ranges.map { lo, hi in
            guard let a = Unicode.Scalar(lo), let b = Unicode.Scalar(hi) else { return "" }
            return "\(Character(a))-\(Character(b))"
        }.joined()
    }

    /// Characters and percent-encodings: `[chars]*` runs between `%XX`s (never a nested
    /// unbounded quantifier over the same characters).
    static func run(_ chars: String) -> String {
        "[\(chars)]*(?:%[0-9A-Fa-f]{2}[\(chars)]*)*"
    }

    static func uriPattern(iri: Bool, allowRelative: Bool) -> String {
        // unreserved / sub-delims (and ucschar in an IRI); `-` last in every class.
        let base = "A-Za-z0-9._~!$&'()*+,;=" + (iri ? ucschar : "")
        let dash = "\\-"
        let scheme = "[A-Za-z][A-Za-z0-9+.\\-]*:"
        let path = run(base + ":@/" + dash)
        let userinfo = run(base + ":" + dash)
        let host = run(base + dash)
        let ipFuture = "[Vv][0-9A-Fa-f]+\\.[A-Za-z0-9._~!$&'()*+,;=:\\-]+"
        let authority = "//(?:\(userinfo)@)?(?:\\[(?:\(ipv6)|\(ipFuture))\\]|\(host))(?::[0-9]*)?"
        let query = "(?:\\?\(run(base + ":@/?" + (iri ? iprivate : "") + dash)))?"
        let fragment = "(?:#\(run(base + ":@/?" + dash)))?"
        let withScheme = "\(scheme)(?:\(authority)(?:/\(path))?|(?!//)\(path))"
        let body: String
        if allowRelative {
            // No scheme: the first segment of a path holds no `:`.
            let relative = "(?:\(authority)(?:/\(path))?|(?!//)\(run(base + "@" + dash))(?:/\(path))?)"
            body = "(?:\(withScheme)|\(relative))"
        } else {
            body = withScheme
        }
        return "^\(body)\(query)\(fragment)\(end)"
    }

    // MARK: email

    /// `email` (``EmailFormats/isEmail(_:)``), but see ``approximatePatterns``: a dot-string or
    /// quoted local part of at most 64 characters, `@`, and a host name (labels of 1-63 letters,
    /// digits and hyphens, no hyphen at either end, `--` in positions 3-4 only after `xn`, at most
    /// 253 characters) or an address literal (`[IPv4]`, `[IPv6:...]`).
    public static let email: String = {
        let atext = "A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-"
        let dotString = "(?=[^@]{1,64}@)[\(atext)]+(?:\\.[\(atext)]+)*"
        let quoted = "(?=\"[\\s\\S]{0,62}\"@[^\"]*\(end))\"(?:[ !#-\\[\\]-~]|\\\\[ -~])*\""
        let label = "(?!(?![Xx][Nn])[A-Za-z0-9\\-]{2}--)[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?"
        let hostname = "(?=[A-Za-z0-9.\\-]{1,253}\(end))\(label)(?:\\.\(label))*"
        let literal = "\\[(?:\(ipv4)|[Ii][Pp][Vv]6:\(ipv6))\\]"
        return "^(?:\(dotString)|\(quoted))@(?:\(hostname)|\(literal))\(end)"
    }()
}
