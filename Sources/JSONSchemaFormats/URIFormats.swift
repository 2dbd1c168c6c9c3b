// uri / uri-reference: RFC 3986 section 3 and 4.1-4.2 ABNF.
// iri / iri-reference: RFC 3987 section 2.2 ABNF.
// uri-template: RFC 6570 section 2 ABNF (level 4).

/// Checkers for the `uri`, `uri-reference`, `iri`, `iri-reference` and `uri-template` formats.
public enum URIFormats {
    /// `uri`: an RFC 3986 `URI` (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`),
    /// ASCII only, percent-encodings well-formed.
    @Sendable public static func isURI(_ string: String) -> Bool {
        URIGrammar.check(string, iri: false, allowRelative: false)
    }

    /// `uri-reference`: an RFC 3986 `URI-reference` (`URI / relative-ref`).
    @Sendable public static func isURIReference(_ string: String) -> Bool {
        URIGrammar.check(string, iri: false, allowRelative: true)
    }

    /// `iri`: an RFC 3987 `IRI`: like `uri` but `ucschar` is allowed wherever `unreserved`
    /// is, and `iprivate` in the query.
    @Sendable public static func isIRI(_ string: String) -> Bool {
        URIGrammar.check(string, iri: true, allowRelative: false)
    }

    /// `iri-reference`: an RFC 3987 `IRI-reference` (`IRI / irelative-ref`).
    @Sendable public static func isIRIReference(_ string: String) -> Bool {
        URIGrammar.check(string, iri: true, allowRelative: true)
    }

    /// The `uri` check on valid UTF-8 bytes.
    @Sendable public static func isURI(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        URIGrammar.check(utf8: bytes, iri: false, allowRelative: false)
    }

    /// The `uri-reference` check on valid UTF-8 bytes.
    @Sendable public static func isURIReference(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        URIGrammar.check(utf8: bytes, iri: false, allowRelative: true)
    }

    /// The `iri` check on valid UTF-8 bytes.
    @Sendable public static func isIRI(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        URIGrammar.check(utf8: bytes, iri: true, allowRelative: false)
    }

    /// The `iri-reference` check on valid UTF-8 bytes.
    @Sendable public static func isIRIReference(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        URIGrammar.check(utf8: bytes, iri: true, allowRelative: true)
    }

    /// `uri-template`: an RFC 6570 `URI-Template` (level 4): literals and `{...}` expressions
    /// with an optional operator, a comma-separated list of variable names, each with an optional
    /// prefix (`:1`...`:9999`) or explode (`*`) modifier. The apostrophe is accepted in literals
    /// (RFC 6570 erratum 6937).
    @Sendable public static func isURITemplate(_ string: String) -> Bool {
        URIGrammar.checkTemplate(string)
    }
}

enum URIGrammar {
    typealias Scalars = ArraySlice<UInt32>

    static let colon: UInt32 = 0x3A, slash: UInt32 = 0x2F, question: UInt32 = 0x3F
    static let hash: UInt32 = 0x23, at: UInt32 = 0x40, percent: UInt32 = 0x25

    static func isAlpha(_ c: UInt32) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isHex(_ c: UInt32) -> Bool { isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) }

    static func isUnreserved(_ c: UInt32) -> Bool {
        isAlpha(c) || isDigit(c) || c == 0x2D || c == 0x2E || c == 0x5F || c == 0x7E
    }

    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
    static func isSubDelim(_ c: UInt32) -> Bool {
        switch c {
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: return true
        default: return false
        }
    }

    /// RFC 3987 `ucschar`.
    static func isUCSChar(_ c: UInt32) -> Bool {
        if c >= 0xA0 && c <= 0xD7FF { return true }
        if c >= 0xF900 && c <= 0xFDCF { return true }
        if c >= 0xFDF0 && c <= 0xFFEF { return true }
        if c >= 0x10000 && c <= 0xEFFFD {
            if c >= 0xE0000 && c < 0xE1000 { return false }
            return (c & 0xFFFF) <= 0xFFFD
        }
        return false
    }

    /// RFC 3987 `iprivate`.
    static func isIPrivate(_ c: UInt32) -> Bool {
        (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0xFFFFD) || (c >= 0x100000 && c <= 0x10FFFD)
    }

    /// Checks that every scalar of `s` is unreserved (iunreserved), a sub-delim, a well-formed
    /// percent-encoding, or accepted by `extra`.
    static func checkRun(_ s: Scalars, iri: Bool, privateUse: Bool = false, extra: (UInt32) -> Bool) -> Bool {
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == percent {
                guard i + 2 < s.endIndex, isHex(s[i + 1]), isHex(s[i + 2]) else { return false }
                i += 3
                continue
            }
            if isUnreserved(c) || isSubDelim(c) || extra(c) {
            } else if iri && isUCSChar(c) {
            } else if privateUse && isIPrivate(c) {
            } else {
                return false
            }
            i += 1
        }
        return true
    }

    /// `pchar` plus `/` (paths), optionally plus `?` (query, fragment).
    static func isPathExtra(_ c: UInt32) -> Bool { c == colon || c == at || c == slash }
    static func isQueryExtra(_ c: UInt32) -> Bool { c == colon || c == at || c == slash || c == question }

    /// The Unicode scalar values of `string`, in one pass (no count taken first); an ASCII
    /// string's bytes are its scalars.
    static func scalars(of string: String) -> [UInt32] {
        withUTF8(string) { scalars(utf8: $0) }
    }

    /// The Unicode scalar values of the valid UTF-8 text `utf8` (see ``scalars(of:)``).
    static func scalars(utf8: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        // No room asked for an empty text: an array made with capacity 0 is the shared empty
        // array, whose count the initializer would write from every thread at once (a data
        // race ThreadSanitizer reports on `--jobs 2` with empty `uri` strings).
        guard !utf8.isEmpty else { return [] }
        do {
            // A scalar takes at least one UTF-8 byte, so the UTF-8 count is room enough.
            return [UInt32](unsafeUninitializedCapacity: utf8.count) { buffer, count in
                count = 0
                for byte in utf8 {
                    guard byte < 0x80 else { break }
                    buffer[count] = UInt32(byte)
                    count += 1
                }
                guard count < utf8.count else { return }
                count = 0
                for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars where count < utf8.count {
                    buffer[count] = scalar.value
                    count += 1
                }
            }
        }
    }

    static func check(_ string: String, iri: Bool, allowRelative: Bool) -> Bool {
        withUTF8(string) { check(utf8: $0, iri: iri, allowRelative: allowRelative) }
    }

    /// ``check(_:iri:allowRelative:)`` on valid UTF-8 bytes (no `String` made).
    static func check(utf8: UnsafeBufferPointer<UInt8>, iri: Bool, allowRelative: Bool) -> Bool {
        let all = scalars(utf8: utf8)
        var s = all[...]

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var hasScheme = false
        if let first = s.first, isAlpha(first) {
            var i = s.startIndex + 1
            while i < s.endIndex, isAlpha(s[i]) || isDigit(s[i]) || s[i] == 0x2B || s[i] == 0x2D || s[i] == 0x2E {
                i += 1
            }
            if i < s.endIndex, s[i] == colon {
                hasScheme = true
                s = s[(i + 1)...]
            }
        }
        if !hasScheme && !allowRelative { return false }

        // fragment = *( pchar / "/" / "?" )
        if let h = s.firstIndex(of: hash) {
            guard checkRun(s[(h + 1)...], iri: iri, extra: isQueryExtra) else { return false }
            s = s[..<h]
        }
        // query = *( pchar / "/" / "?" )   (iquery also allows iprivate)
        if let q = s.firstIndex(of: question) {
            guard checkRun(s[(q + 1)...], iri: iri, privateUse: iri, extra: isQueryExtra) else { return false }
            s = s[..<q]
        }

        // hier-part / relative-part
        if s.count >= 2 && s[s.startIndex] == slash && s[s.startIndex + 1] == slash {
            let afterSlashes = s[(s.startIndex + 2)...]
            let authorityEnd = afterSlashes.firstIndex(of: slash) ?? afterSlashes.endIndex
            guard checkAuthority(afterSlashes[..<authorityEnd], iri: iri) else { return false }
            return checkRun(afterSlashes[authorityEnd...], iri: iri, extra: isPathExtra)
        }
        if !hasScheme {
            // path-noscheme: the first segment must not contain ":".
            let firstSegmentEnd = s.firstIndex(of: slash) ?? s.endIndex
            if s[..<firstSegmentEnd].contains(colon) { return false }
        }
        // path-absolute / path-rootless / path-noscheme / path-empty
        return checkRun(s, iri: iri, extra: isPathExtra)
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`
    static func checkAuthority(_ a: Scalars, iri: Bool) -> Bool {
        var rest = a
        if let atIndex = rest.firstIndex(of: at) {
            // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
            guard checkRun(rest[..<atIndex], iri: iri, extra: { $0 == colon }) else { return false }
            rest = rest[(atIndex + 1)...]
        }
        var portPart: Scalars
        if rest.first == 0x5B {  // "[" IP-literal "]"
            guard let close = rest.firstIndex(of: 0x5D) else { return false }
            let inside = rest[(rest.startIndex + 1)..<close]
            guard checkIPLiteral(inside) else { return false }
            portPart = rest[(close + 1)...]
            if let first = portPart.first {
                guard first == colon else { return false }
                portPart = portPart.dropFirst()
            }
        } else {
            let hostEnd = rest.firstIndex(of: colon) ?? rest.endIndex
            // reg-name = *( unreserved / pct-encoded / sub-delims ); IPv4address is a subset.
            guard checkRun(rest[..<hostEnd], iri: iri, extra: { _ in false }) else { return false }
            portPart = hostEnd < rest.endIndex ? rest[(hostEnd + 1)...] : rest[rest.endIndex...]
        }
        // port = *DIGIT
        return portPart.allSatisfy(isDigit)
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (the brackets already removed).
    static func checkIPLiteral(_ s: Scalars) -> Bool {
        guard let first = s.first else { return false }
        if first | 0x20 == 0x76 {  // "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
            var i = s.startIndex + 1
            let hexStart = i
            while i < s.endIndex, isHex(s[i]) { i += 1 }
            guard i > hexStart, i < s.endIndex, s[i] == 0x2E else { return false }
            let tail = s[(i + 1)...]
            return !tail.isEmpty && tail.allSatisfy { isUnreserved($0) || isSubDelim($0) || $0 == colon }
        }
        guard s.allSatisfy({ $0 < 0x80 }) else { return false }
        let bytes = s.map { UInt8(truncatingIfNeeded: $0) }
        return bytes.withUnsafeBufferPointer { IPFormats.isIPv6(bytes: $0[...]) }
    }

    // MARK: RFC 6570

    static func isTemplateLiteral(_ c: UInt32) -> Bool {
        switch c {
        case 0x21, 0x23, 0x24, 0x26, 0x27, 0x28...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E:
            return true
        default:
            return isUCSChar(c) || isIPrivate(c)
        }
    }

    static func checkTemplate(_ string: String) -> Bool {
        let s = scalars(of: string)
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == percent {
                guard i + 2 < s.count, isHex(s[i + 1]), isHex(s[i + 2]) else { return false }
                i += 3
            } else if c == 0x7B {
                guard let close = s[(i + 1)...].firstIndex(of: 0x7D) else { return false }
                guard checkExpression(s[(i + 1)..<close]) else { return false }
                i = close + 1
            } else if isTemplateLiteral(c) {
                i += 1
            } else {
                return false
            }
        }
        return true
    }

    /// `expression = "{" [ operator ] variable-list "}"` without the braces.
    static func checkExpression(_ e: Scalars) -> Bool {
        var s = e
        if let first = s.first {
            switch first {
            case 0x2B, 0x23,  // op-level2: "+" / "#"
                0x2E, 0x2F, 0x3B, 0x3F, 0x26,  // op-level3: "." / "/" / ";" / "?" / "&"
                0x3D, 0x2C, 0x21, 0x40, 0x7C:  // op-reserve: "=" / "," / "!" / "@" / "|"
                s = s.dropFirst()
            default:
                break
            }
        }
        // variable-list = varspec *( "," varspec )
        var i = s.startIndex
        while true {
            // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
            var sawChar = false
            var lastWasDot = false
            while i < s.endIndex {
                let c = s[i]
                if isAlpha(c) || isDigit(c) || c == 0x5F {
                    i += 1
                } else if c == percent {
                    guard i + 2 < s.endIndex, isHex(s[i + 1]), isHex(s[i + 2]) else { return false }
                    i += 3
                } else if c == 0x2E {
                    guard sawChar, !lastWasDot else { return false }
                    lastWasDot = true
                    i += 1
                    continue
                } else {
                    break
                }
                sawChar = true
                lastWasDot = false
            }
            guard sawChar, !lastWasDot else { return false }
            // modifier-level4 = prefix / explode
            if i < s.endIndex, s[i] == colon {
                // max-length = %x31-39 0*3DIGIT
                i += 1
                guard i < s.endIndex, s[i] >= 0x31, s[i] <= 0x39 else { return false }
                var digits = 1
                i += 1
                while i < s.endIndex, isDigit(s[i]) {
                    digits += 1
                    i += 1
                }
                guard digits <= 4 else { return false }
            } else if i < s.endIndex, s[i] == 0x2A {
                i += 1
            }
            if i == s.endIndex { return true }
            guard s[i] == 0x2C else { return false }
            i += 1
        }
    }
}
