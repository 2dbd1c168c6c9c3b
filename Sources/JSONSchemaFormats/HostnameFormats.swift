// hostname: RFC 1123 section 2.1 (RFC 952 labels), with A-labels checked per IDNA2008.
// idn-hostname: RFC 5890-5893 (IDNA2008), label separators per RFC 3490 section 3.1.

/// Checkers for the `hostname` and `idn-hostname` formats.
public enum HostnameFormats {
    /// `hostname`: an ASCII host name (RFC 1123 section 2.1): dot-separated labels of 1-63
    /// letters, digits and hyphens, not starting or ending with a hyphen, at most 253 characters,
    /// no empty label and no trailing dot. A label with `--` in positions 3-4 must be an `xn--`
    /// A-label (RFC 5891 section 4.2.3.1) that decodes (RFC 3492) to a valid IDNA2008 U-label and
    /// re-encodes to itself; if any label is right-to-left the Bidi rule (RFC 5893) applies.
    @Sendable public static func isHostname(_ string: String) -> Bool {
        DomainName.isValid(string, unicode: false)
    }

    /// `hostname` as drafts 4 and 6 define it (RFC 1123 section 2.1 alone): the same labels as
    /// ``isHostname(_:)``, but a label with `--` in positions 3-4 is not checked as an A-label.
    @Sendable public static func isRFC1123Hostname(_ string: String) -> Bool {
        let hyphen = UInt8(ascii: "-")
        var total = 0
        var labelLength = 0
        var previous: UInt8 = 0
        for b in string.utf8 {
            total += 1
            if total > 253 { return false }
            if b == UInt8(ascii: ".") {
                if labelLength == 0 || previous == hyphen { return false }
                labelLength = 0
            } else {
                guard DomainName.isLDH(UInt32(b)), labelLength > 0 || b != hyphen else { return false }
                labelLength += 1
                if labelLength > 63 { return false }
            }
            previous = b
        }
        return labelLength > 0 && previous != hyphen
    }

    /// `idn-hostname`: an internationalized host name (RFC 5890-5893): labels separated by
    /// `.`, U+3002, U+FF0E or U+FF61; each label an LDH label, a valid A-label, or a valid
    /// U-label (IDNA2008 code point rules, CONTEXTJ and CONTEXTO rules, hyphen and leading
    /// combining mark rules) whose A-label is at most 63 octets; the whole name at most
    /// 253 octets in A-label form; the Bidi rule for names with right-to-left labels.
    /// Unicode normalization (NFC) is not checked; ASCII letters are case-insensitive.
    @Sendable public static func isIDNHostname(_ string: String) -> Bool {
        DomainName.isValid(string, unicode: true)
    }
}

enum DomainName {
    static func isLabelSeparator(_ v: UInt32, unicode: Bool) -> Bool {
        v == 0x2E || (unicode && (v == 0x3002 || v == 0xFF0E || v == 0xFF61))
    }

    static func lowercasedASCII(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (s.value >= 0x41 && s.value <= 0x5A) ? Unicode.Scalar(UInt8(truncatingIfNeeded: s.value) | 0x20) : s
    }

    static func isLDH(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || ((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A) || v == 0x2D
    }

    static func isValid(_ string: String, unicode: Bool) -> Bool {
        var text = string
        if let verdict = text.withUTF8({ asciiVerdict($0) }) { return verdict }
        return checkFully(string, unicode: unicode)
    }

    /// The whole rule, label by label (``isValid(_:unicode:)`` without its fast path).
    static func checkFully(_ string: String, unicode: Bool) -> Bool {
        let scalars = Array(string.unicodeScalars)
        // Each label is at least as long in A-label form as in scalars, so this bound is safe.
        guard !scalars.isEmpty, scalars.count <= 253 else { return false }
        var labels: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        for index in scalars.indices where isLabelSeparator(scalars[index].value, unicode: unicode) {
            labels.append(scalars[start..<index])
            start = index + 1
        }
        labels.append(scalars[start...])

        var totalLength = labels.count - 1
        var uLabels: [[Unicode.Scalar]] = []
        uLabels.reserveCapacity(labels.count)
        for label in labels {
            guard !label.isEmpty else { return false }
            if label.allSatisfy({ $0.isASCII }) {
                guard let uLabel = checkASCIILabel(label) else { return false }
                totalLength += label.count
                uLabels.append(uLabel)
            } else {
                guard unicode else { return false }
                let lowered = label.map(lowercasedASCII)
                guard IDNA.isValidULabel(lowered), let encoded = Punycode.encode(lowered),
                      encoded.count + 4 <= 63
                else { return false }
                totalLength += encoded.count + 4
                uLabels.append(lowered)
            }
        }
        guard totalLength <= 253 else { return false }
        // RFC 5893: in a domain name with an RTL label, every label must satisfy the Bidi rule.
        if uLabels.contains(where: IDNA.isRTLLabel) {
            return uLabels.allSatisfy(IDNA.satisfiesBidiRule)
        }
        return true
    }

    /// The verdict on a name of ASCII letters, digits, hyphens and dots with no A-label (no
    /// `--` in positions 3-4 of a label), decided on its bytes: what ``isValid(_:unicode:)``
    /// says of it (such labels are never right-to-left), without building any label. Nil for
    /// any other name, which takes the full path.
    static func asciiVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty else { return false }
        var labelStart = 0
        var i = 0
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == UInt8(ascii: ".") {
                let length = i - labelStart
                guard length > 0, length <= 63 else { return false }
                if bytes[labelStart] == UInt8(ascii: "-") || bytes[i - 1] == UInt8(ascii: "-") { return false }
                if length >= 4, bytes[labelStart + 2] == UInt8(ascii: "-"), bytes[labelStart + 3] == UInt8(ascii: "-") { return nil }
                labelStart = i + 1
            } else {
                let b = bytes[i]
                guard b < 0x80, isLDH(UInt32(b)) else { return nil }
            }
            i += 1
        }
        return bytes.count <= 253
    }

    /// Checks an all-ASCII label (LDH label or A-label); returns its Unicode form, lower-cased.
    static func checkASCIILabel(_ label: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar]? {
        guard label.count <= 63, label.allSatisfy({ isLDH($0.value) }) else { return nil }
        let chars = Array(label)
        guard chars[0] != "-", chars[chars.count - 1] != "-" else { return nil }
        let lowered = chars.map(lowercasedASCII)
        guard chars.count >= 4, chars[2] == "-", chars[3] == "-" else { return lowered }
        // "--" in positions 3-4: only A-labels ("xn--") are allowed (RFC 5891 section 4.2.3.1).
        guard lowered[0] == "x", lowered[1] == "n" else { return nil }
        let payload = chars[4...].map { UInt8(truncatingIfNeeded: $0.value) }
        guard let decoded = Punycode.decode(payload[...]), decoded.contains(where: { !$0.isASCII }) else {
            return nil
        }
        let uLabel = decoded.map(lowercasedASCII)
        guard IDNA.isValidULabel(uLabel) else { return nil }
        // The A-label must be the canonical encoding of its U-label (RFC 5891 section 5.4).
        guard let reencoded = Punycode.encode(decoded), reencoded.count == payload.count else { return nil }
        // Both are LDH bytes here, so `| 0x20` lower-cases letters and leaves digits and '-' alone.
        for (a, b) in zip(reencoded, payload) where a | 0x20 != b | 0x20 {
            return nil
        }
        return uLabel
    }
}
