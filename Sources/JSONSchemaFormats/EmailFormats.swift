// email: RFC 5321 section 4.1.2 `Mailbox`; idn-email: RFC 6531 section 3.3 extensions.

/// Checkers for the `email` and `idn-email` formats.
public enum EmailFormats {
    /// `email`: an RFC 5321 `Mailbox`: `Local-part "@" ( Domain / address-literal )`, where the
    /// local part is a `Dot-string` or a `Quoted-string` of at most 64 octets, the domain is a
    /// `hostname`, and the address literal is `[IPv4]` or `[IPv6:...]`. ASCII only.
    @Sendable public static func isEmail(_ string: String) -> Bool {
        Mailbox.isValid(string, international: false)
    }

    /// `idn-email`: an RFC 6531 `Mailbox`: like `email`, but any non-ASCII scalar is allowed in
    /// the local part (`atext` and `qtextSMTP` extended with `UTF8-non-ascii`), and the domain is
    /// an `idn-hostname`.
    @Sendable public static func isIDNEmail(_ string: String) -> Bool {
        Mailbox.isValid(string, international: true)
    }
}

enum Mailbox {
    /// RFC 5322 `atext`.
    static func isAtext(_ v: UInt32) -> Bool {
        if (v >= 0x30 && v <= 0x39) || ((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A) { return true }
        switch v {
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2F, 0x3D, 0x3F, 0x5E, 0x5F, 0x60,
             0x7B, 0x7C, 0x7D, 0x7E:
            return true
        default:
            return false
        }
    }

    /// The verdict on the common address, decided on its bytes: an ASCII dot-string local part
    /// and an ASCII host name with no A-label (see ``DomainName/asciiVerdict(_:)``). Nil for
    /// anything else (quoted local parts, address literals, non-ASCII, A-labels), which takes
    /// the full path; where it answers, it answers as the full path does, for both formats.
    static func asciiVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first, first != UInt8(ascii: "\"") else { return nil }
        var i = 0
        var atomLength = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: "@") {
            let b = bytes[i]
            guard b < 0x80 else { return nil }
            if b == UInt8(ascii: ".") {
                guard atomLength > 0 else { return false }
                atomLength = 0
            } else if isAtext(UInt32(b)) {
                atomLength += 1
            } else {
                return false
            }
            i += 1
        }
        guard atomLength > 0, i < bytes.count, i <= 64 else { return false }
        let domain = UnsafeBufferPointer(rebasing: bytes[(i + 1)...])
        guard let start = domain.first, start != UInt8(ascii: "[") else { return domain.isEmpty ? false : nil }
        return DomainName.asciiVerdict(domain)
    }

    static func isValid(_ string: String, international: Bool) -> Bool {
        var text = string
        if let verdict = text.withUTF8({ asciiVerdict($0) }) { return verdict }
        return checkFully(string, international: international)
    }

    /// The whole rule, scalar by scalar (``isValid(_:international:)`` without its fast path).
    static func checkFully(_ string: String, international: Bool) -> Bool {
        let scalars = Array(string.unicodeScalars)
        guard !scalars.isEmpty else { return false }
        if !international && !scalars.allSatisfy(\.isASCII) { return false }
        // Local-part
        var i = 0
        if scalars[0] == "\"" {
            // Quoted-string = DQUOTE *QcontentSMTP DQUOTE
            i = 1
            var closed = false
            while i < scalars.count {
                let v = scalars[i].value
                if v == 0x22 {
                    closed = true
                    i += 1
                    break
                } else if v == 0x5C {
                    // quoted-pairSMTP = %d92 %d32-126
                    guard i + 1 < scalars.count else { return false }
                    let n = scalars[i + 1].value
                    guard (n >= 32 && n <= 126) || (international && n >= 0x80) else { return false }
                    i += 2
                } else if (v >= 32 && v <= 33) || (v >= 35 && v <= 91) || (v >= 93 && v <= 126)
                    || (international && v >= 0x80)
                {
                    i += 1
                } else {
                    return false
                }
            }
            guard closed else { return false }
        } else {
            // Dot-string = Atom *("." Atom)
            var atomLength = 0
            while i < scalars.count, scalars[i] != "@" {
                let v = scalars[i].value
                if v == 0x2E {
                    guard atomLength > 0 else { return false }
                    atomLength = 0
                } else if isAtext(v) || (international && v >= 0x80) {
                    atomLength += 1
                } else {
                    return false
                }
                i += 1
            }
            guard atomLength > 0 else { return false }
        }
        guard i < scalars.count, scalars[i] == "@" else { return false }
        // RFC 5321 section 4.5.3.1.1: at most 64 octets in the local part.
        let localOctets = scalars[..<i].reduce(0) { $0 + UTF8.width($1) }
        guard localOctets <= 64 else { return false }
        let domain = scalars[(i + 1)...]
        guard let first = domain.first else { return false }
        if first == "[" {
            guard domain.last == "]", domain.count >= 2 else { return false }
            let inner = domain.dropFirst().dropLast()
            guard inner.allSatisfy(\.isASCII) else { return false }
            let bytes = inner.map { UInt8(truncatingIfNeeded: $0.value) }
            return bytes.withUnsafeBufferPointer { buffer in
                // IPv6-address-literal = "IPv6:" IPv6-addr (the tag is case-insensitive)
                if buffer.count >= 5, buffer[0] | 0x20 == UInt8(ascii: "i"), buffer[1] | 0x20 == UInt8(ascii: "p"),
                   buffer[2] | 0x20 == UInt8(ascii: "v"), buffer[3] == UInt8(ascii: "6"),
                   buffer[4] == UInt8(ascii: ":")
                {
                    return IPFormats.isIPv6(bytes: buffer[5...])
                }
                return IPFormats.isIPv4(bytes: buffer[...])
            }
        }
        var domainString = String.UnicodeScalarView()
        domainString.append(contentsOf: domain)
        return DomainName.isValid(String(domainString), unicode: international)
    }
}
