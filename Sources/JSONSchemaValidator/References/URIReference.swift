/// A URI reference split into its RFC 3986 components, with reference resolution (section 5.2)
/// and dot-segment removal. Used for `$id`, `$ref` and `$schema`; no network, no file system.
public struct URIReference: Sendable, Hashable, CustomStringConvertible {
    /// Scheme without `:`, if any.
    public var scheme: String?
    /// Authority without `//`, if any.
    public var authority: String?
    /// The path (may be empty).
    public var path: String
    /// Query without `?`, if any.
    public var query: String?
    /// Fragment without `#`, if any.
    public var fragment: String?

    /// Splits `text` into components (RFC 3986 appendix B); every string splits.
    public init(_ text: String) {
        if let ascii = URIReference(asciiSplitting: text) {
            self = ascii
            return
        }
        var rest = Substring(text)
        scheme = nil
        authority = nil
        query = nil
        fragment = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let q = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: q)...])
            rest = rest[..<q]
        }
        if let colon = rest.firstIndex(of: ":") {
            let candidate = rest[..<colon]
            if let first = candidate.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
               candidate.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." })
            {
                scheme = String(candidate)
                rest = rest[rest.index(after: colon)...]
            }
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            if let slash = afterSlashes.firstIndex(of: "/") {
                authority = String(afterSlashes[..<slash])
                rest = afterSlashes[slash...]
            } else {
                authority = String(afterSlashes)
                rest = ""
            }
        }
        path = String(rest)
    }

    /// ``init(_:)`` for a text of ASCII bytes other than carriage return (nil for any other):
    /// there every character is one byte, so splitting the bytes splits the characters the
    /// same way, without the cost of reading characters.
    private init?(asciiSplitting text: String) {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
        var rest = utf8[...]
        scheme = nil
        authority = nil
        query = nil
        fragment = nil
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(decoding: rest[rest.index(after: hash)...], as: UTF8.self)
            rest = rest[..<hash]
        }
        if let q = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = String(decoding: rest[rest.index(after: q)...], as: UTF8.self)
            rest = rest[..<q]
        }
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            let candidate = rest[..<colon]
            if let first = candidate.first, URIReference.isLetter(first),
               candidate.allSatisfy({ URIReference.isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
            {
                scheme = String(decoding: candidate, as: UTF8.self)
                rest = rest[rest.index(after: colon)...]
            }
        }
        if rest.starts(with: "//".utf8) {
            let afterSlashes = rest.dropFirst(2)
            if let slash = afterSlashes.firstIndex(of: UInt8(ascii: "/")) {
                authority = String(decoding: afterSlashes[..<slash], as: UTF8.self)
                rest = afterSlashes[slash...]
            } else {
                authority = String(decoding: afterSlashes, as: UTF8.self)
                rest = rest[rest.endIndex...]
            }
        }
        path = String(decoding: rest, as: UTF8.self)
    }

    /// Whether `b` is an ASCII letter.
    @inline(__always) private static func isLetter(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
    }

    /// Recombines the components (RFC 3986 section 5.3).
    public var description: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// Whether the reference has a scheme (is an absolute URI, possibly with a fragment).
    public var isAbsolute: Bool { scheme != nil }

    /// The reference without its fragment.
    public var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this base (RFC 3986 section 5.2.2).
    public func resolving(_ reference: URIReference) -> URIReference {
        var t = URIReference("")
        if let s = reference.scheme {
            t.scheme = s
            t.authority = reference.authority
            t.path = URIReference.removeDotSegments(reference.path)
            t.query = reference.query
        } else {
            if reference.authority != nil {
                t.authority = reference.authority
                t.path = URIReference.removeDotSegments(reference.path)
                t.query = reference.query
            } else {
                if reference.path.isEmpty {
                    t.path = path
                    t.query = reference.query ?? query
                } else {
                    if reference.path.hasPrefix("/") {
                        t.path = URIReference.removeDotSegments(reference.path)
                    } else {
                        t.path = URIReference.removeDotSegments(merge(reference.path))
                    }
                    t.query = reference.query
                }
                t.authority = authority
            }
            t.scheme = scheme
        }
        t.fragment = reference.fragment
        return t
    }

    /// Resolves the string `reference` against this base.
    public func resolving(_ reference: String) -> URIReference { resolving(URIReference(reference)) }

    private func merge(_ refPath: String) -> String {
        if authority != nil && path.isEmpty { return "/" + refPath }
        if let slash = path.lastIndex(of: "/") { return String(path[...slash]) + refPath }
        return refPath
    }

    /// RFC 3986 section 5.2.4.
    static func removeDotSegments(_ input: String) -> String {
        guard input.contains(".") else { return input }
        var inp = Substring(input)
        var output: [Substring] = []
        var result = ""
        while !inp.isEmpty {
            if inp.hasPrefix("../") {
                inp = inp.dropFirst(3)
            } else if inp.hasPrefix("./") {
                inp = inp.dropFirst(2)
            } else if inp.hasPrefix("/./") {
                inp = inp.dropFirst(2)
            } else if inp == "/." {
                inp = "/"
            } else if inp.hasPrefix("/../") {
                inp = inp.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if inp == "/.." {
                inp = "/"
                if !output.isEmpty { output.removeLast() }
            } else if inp == "." || inp == ".." {
                inp = ""
            } else {
                var end = inp.index(after: inp.startIndex)
                if inp.first == "/" {
                    end = inp[inp.index(after: inp.startIndex)...].firstIndex(of: "/") ?? inp.endIndex
                } else {
                    end = inp.firstIndex(of: "/") ?? inp.endIndex
                }
                output.append(inp[..<end])
                inp = inp[end...]
            }
        }
        // `String(s)`: appending a Substring directly is generic, and its first use costs a scan
        // of every conformance record (`Substring: Collection`).
        for s in output { result += String(s) }
        return result
    }

    /// Decodes `%XX` escapes (invalid escapes are kept as they are).
    public static func percentDecoded(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: return b - 48
            case 65...70: return b - 55
            case 97...102: return b - 87
            default: return nil
            }
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `uri#fragment` with the fragment percent-encoded where RFC 3986 requires it (a JSON
    /// Pointer fragment may hold spaces, `%`, quotes or non-ASCII text).
    public static func encodingFragment(_ uri: String) -> String {
        let utf8 = uri.utf8
        guard let hash = utf8.firstIndex(of: UInt8(ascii: "#")) else { return uri }
        let fragment = utf8[utf8.index(after: hash)...]
        // Most fragments need nothing (a pointer of plain names): no copy then.
        guard fragment.contains(where: { !isFragmentByte($0) }) else { return uri }
        var bytes = Array(utf8[...hash])
        for b in fragment {
            if isFragmentByte(b) {
                bytes.append(b)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(b >> 4)])
                bytes.append(hexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Upper-case hexadecimal digits, for percent-encoding.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Whether `b` may stand as it is in a fragment (RFC 3986 `pchar`, `/` and `?`).
    @inline(__always) static func isFragmentByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"),
             UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
