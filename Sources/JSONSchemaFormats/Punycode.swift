// RFC 3492 Punycode (the Bootstring parameters used by IDNA), with overflow checks.

/// Punycode encoding and decoding (RFC 3492) with every arithmetic step bounds-checked.
enum Punycode {
    static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    static let initialBias = 72, initialN = 0x80, delimiter = UInt8(ascii: "-")
    /// Upper bound used in place of `maxint` (RFC 3492 section 6.4).
    static let maxInt = Int(Int32.max)

    static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / max(numPoints, 1)
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    static func digitValue(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(b - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(b - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }

    static func digitByte(_ d: Int) -> UInt8 {
        d < 26 ? UInt8(truncatingIfNeeded: d) &+ UInt8(ascii: "a") : UInt8(truncatingIfNeeded: d - 26) &+ UInt8(ascii: "0")
    }

    static func threshold(_ k: Int, _ bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    /// Decodes a Punycode string (without the `xn--` prefix); `nil` when malformed, when it
    /// would overflow, or when it yields a surrogate or out-of-range code point.
    static func decode(_ input: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        var output: [Unicode.Scalar] = []
        var start = input.startIndex
        if let last = input.lastIndex(of: delimiter) {
            for b in input[..<last] {
                guard b < 0x80 else { return nil }
                output.append(Unicode.Scalar(b))
            }
            start = last > input.startIndex ? last + 1 : input.startIndex
            if last == input.startIndex { start = input.startIndex }
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var pos = start
        while pos < input.endIndex {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard pos < input.endIndex, let digit = digitValue(input[pos]) else { return nil }
                pos += 1
                guard digit <= (maxInt - i) / w else { return nil }
                i += digit * w
                let t = threshold(k, bias)
                if digit < t { break }
                guard w <= maxInt / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            guard i / count <= maxInt - n else { return nil }
            n += i / count
            i %= count
            guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)), n >= 0x80 else { return nil }
            guard output.count < 1024 else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// Encodes scalars as Punycode (without the `xn--` prefix); `nil` on overflow.
    static func encode(_ input: [Unicode.Scalar]) -> [UInt8]? {
        var output: [UInt8] = []
        for s in input where s.value < 0x80 {
            output.append(UInt8(truncatingIfNeeded: s.value))
        }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(delimiter) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            var m = Int.max
            for s in input where Int(s.value) >= n && Int(s.value) < m {
                m = Int(s.value)
            }
            guard m - n <= (maxInt - delta) / (handled + 1) else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for s in input {
                let c = Int(s.value)
                if c < n {
                    guard delta < maxInt else { return nil }
                    delta += 1
                }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias)
                        if q < t { break }
                        output.append(digitByte(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitByte(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
