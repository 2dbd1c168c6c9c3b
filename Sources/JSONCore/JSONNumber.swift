/// An exact JSON number.
///
/// Every value has one representation: integers that fit in `Int64` are stored as such (so
/// `1`, `1.0` and `1e0` are the same value), everything else as an ``ExactDecimal``
/// (decimal digits and a power-of-ten exponent, never rounded through binary floating point).
/// `-0` is `0`.
public enum JSONNumber: Sendable, Hashable {
    /// An integer in `Int64` range.
    case int(Int64)
    /// Any other value, exactly.
    case decimal(ExactDecimal)

    /// Wraps an `Int64`.
    @inlinable public init(_ value: Int64) { self = .int(value) }
    /// Wraps an `Int`.
    @inlinable public init(_ value: Int) { self = .int(Int64(value)) }

    /// Normalises an exact decimal, folding it into `.int` when it is an integer in range.
    public init(_ decimal: ExactDecimal) {
        if let i = decimal.int64Value { self = .int(i) } else { self = .decimal(decimal) }
    }

    /// Parses JSON number text (RFC 8259 grammar); nil if the text is not a JSON number.
    public init?(parsing text: String) {
        var bytes = Array(text.utf8)
        guard let d = bytes.withUnsafeMutableBufferPointer({ ExactDecimal.parse(UnsafeBufferPointer($0)) }) else { return nil }
        self.init(d)
    }

    /// Whether the value is integral.
    @inlinable public var isInteger: Bool {
        switch self {
        case .int: return true
        case .decimal(let d): return d.isInteger
        }
    }

    /// The value as `Int64`, if integral and in range.
    @inlinable public var int64Value: Int64? {
        switch self {
        case .int(let i): return i
        case .decimal(let d): return d.int64Value  // only if built with `.decimal(_:)` directly
        }
    }

    /// Exact numeric equality (`.decimal` values built directly from an integer equal the `.int`).
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if case .int(let x) = a, case .int(let y) = b { return x == y }
        return compare(a, b) == 0
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let i):
            hasher.combine(0 as UInt8)
            hasher.combine(i)
        case .decimal(let d):
            if let i = d.int64Value {
                hasher.combine(0 as UInt8)
                hasher.combine(i)
            } else {
                hasher.combine(1 as UInt8)
                hasher.combine(d)
            }
        }
    }

    /// The value as an exact decimal.
    public var exact: ExactDecimal {
        switch self {
        case .int(let i): return ExactDecimal(i)
        case .decimal(let d): return d
        }
    }

    /// The nearest `Double` (may be infinite for huge values); for display and heuristics only.
    public var doubleValue: Double {
        switch self {
        case .int(let i): return Double(i)
        case .decimal(let d): return d.doubleValue
        }
    }

    /// Whether the value is below zero.
    public var isNegative: Bool {
        switch self {
        case .int(let i): return i < 0
        case .decimal(let d): return d.isNegative
        }
    }

    /// Three-way exact comparison: -1, 0 or 1.
    public static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if case .int(let x) = a, case .int(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        return ExactDecimal.compare(a.exact, b.exact)
    }

    /// Exact `a < b`.
    @inlinable public static func < (a: JSONNumber, b: JSONNumber) -> Bool { compare(a, b) < 0 }

    /// Whether `self` is an integer multiple of `divisor` (exact; `divisor` must be positive).
    /// Returns nil when the check would need more work than ``ExactDecimal/multipleWorkLimit``.
    public func isMultiple(of divisor: JSONNumber) -> Bool? {
        if case .int(let a) = self, case .int(let b) = divisor, b > 0 {
            return a % b == 0
        }
        return ExactDecimal.isMultiple(self.exact, of: divisor.exact)
    }
}

extension JSONNumber: CustomStringConvertible {
    /// Canonical text: integers in full; other values in the ECMAScript `Number#toString` layout
    /// (plain up to 21 integer digits and down to 1e-7, exponent form beyond), digits exact.
    public var description: String {
        switch self {
        case .int(let i): return String(i)
        case .decimal(let d): return d.description
        }
    }
}

/// An exact decimal: `(-1)^negative * digits * 10^exponent`, with `digits` a non-empty string of
/// ASCII digits with no leading or trailing zeros (zero is the single digit `0`, exponent 0).
public struct ExactDecimal: Sendable, Hashable {
    /// The sign.
    public let isNegative: Bool
    /// Significant decimal digits as values 0...9, most significant first.
    public let digits: [UInt8]
    /// Power of ten applied to `digits`.
    public let exponent: Int

    /// Limit on digit operations for one `multipleOf` check (beyond it the check is refused, not guessed).
    public static let multipleWorkLimit = 50_000_000

    /// Zero.
    public static let zero = ExactDecimal(isNegative: false, digits: [0], exponent: 0)

    /// Builds from raw parts, normalising leading/trailing zeros.
    public init(isNegative: Bool, digits raw: [UInt8], exponent: Int) {
        var start = 0
        while start < raw.count - 1, raw[start] == 0 { start += 1 }
        var end = raw.count
        var exp = exponent
        while end > start + 1, raw[end - 1] == 0 {
            end -= 1
            exp += 1
        }
        if raw.isEmpty || (end - start == 1 && raw[start] == 0) {
            self.isNegative = false
            self.digits = [0]
            self.exponent = 0
            return
        }
        self.isNegative = isNegative
        self.digits = Array(raw[start..<end])
        self.exponent = exp
    }

    /// Exact conversion from `Int64`.
    public init(_ value: Int64) {
        var mag = value.magnitude
        var ds: [UInt8] = []
        if mag == 0 { ds = [0] }
        while mag > 0 {
            ds.append(UInt8(mag % 10))
            mag /= 10
        }
        self.init(isNegative: value < 0, digits: ds.reversed(), exponent: 0)
    }

    /// Whether this is zero.
    public var isZero: Bool { digits.count == 1 && digits[0] == 0 }

    /// Whether the value is integral.
    public var isInteger: Bool { exponent >= 0 || isZero }

    /// The value as `Int64`, when integral and in range.
    public var int64Value: Int64? {
        guard isInteger else { return nil }
        if isZero { return 0 }
        guard digits.count + exponent <= 19 else { return nil }
        var mag: UInt64 = 0
        for d in digits {
            let (m, o1) = mag.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d))
            if o1 || o2 { return nil }
            mag = s
        }
        for _ in 0..<exponent {
            let (m, o) = mag.multipliedReportingOverflow(by: 10)
            if o { return nil }
            mag = m
        }
        if isNegative {
            if mag <= UInt64(Int64.max) { return -Int64(mag) }
            if mag == UInt64(Int64.max) + 1 { return Int64.min }
            return nil
        }
        return mag <= UInt64(Int64.max) ? Int64(mag) : nil
    }

    /// The nearest `Double` (via its decimal text); infinite when out of range.
    public var doubleValue: Double {
        let magnitudeOrder = digits.count + exponent
        if magnitudeOrder > 400 { return isNegative ? -.infinity : .infinity }
        if magnitudeOrder < -400 { return isNegative ? -0.0 : 0.0 }
        let prefix = digits.prefix(40)
        let text = String(decoding: prefix.map { $0 + 48 }, as: UTF8.self) + "e\(exponent + digits.count - prefix.count)"
        let v = Double(text) ?? 0
        return isNegative ? -v : v
    }

    /// Exact three-way comparison.
    public static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.isZero && b.isZero { return 0 }
        let aSign = a.isZero ? 0 : (a.isNegative ? -1 : 1)
        let bSign = b.isZero ? 0 : (b.isNegative ? -1 : 1)
        if aSign != bSign { return aSign < bSign ? -1 : 1 }
        let mag = compareMagnitude(a, b)
        return aSign < 0 ? -mag : mag
    }

    static func compareMagnitude(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        let ao = a.digits.count + a.exponent
        let bo = b.digits.count + b.exponent
        if ao != bo { return ao < bo ? -1 : 1 }
        let n = max(a.digits.count, b.digits.count)
        for i in 0..<n {
            let x = i < a.digits.count ? a.digits[i] : 0
            let y = i < b.digits.count ? b.digits[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// Whether `a` is an integer multiple of `b` (`b` nonzero); nil when the exact check exceeds
    /// ``multipleWorkLimit`` digit operations.
    public static func isMultiple(_ a: ExactDecimal, of b: ExactDecimal) -> Bool? {
        if a.isZero { return true }
        if b.isZero { return false }
        // a = ca * 10^ea, b = cb * 10^eb, ca and cb without trailing zeros.
        // If eb > ea, b's factor 10^(eb-ea) would have to divide ca, which ends in a nonzero digit.
        if b.exponent > a.exponent { return false }
        let shift = a.exponent - b.exponent  // need cb | ca * 10^shift
        if b.digits.count <= 18 {
            var m: UInt64 = 0
            for d in b.digits { m = m * 10 + UInt64(d) }
            var r: UInt64 = 0
            for d in a.digits { r = mulMod(r, 10, m) &+ UInt64(d); r %= m }
            r = mulMod(r, powMod(10, UInt64(shift), m), m)
            return r == 0
        }
        let work = (a.digits.count + shift).multipliedReportingOverflow(by: b.digits.count * 10)
        if work.overflow || work.partialValue > multipleWorkLimit { return nil }
        // Long division remainder with a big decimal divisor by repeated subtraction.
        var r: [UInt8] = []
        func step(_ d: UInt8) {
            r.append(d)
            while let first = r.first, first == 0, r.count > 1 { r.removeFirst() }
            while compareDigits(r, b.digits) >= 0 { subtractDigits(&r, b.digits) }
        }
        for d in a.digits { step(d) }
        for _ in 0..<shift { step(0) }
        return r.allSatisfy { $0 == 0 }
    }

    static func mulMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let (hi, lo) = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((hi % m, lo)).remainder
    }

    static func powMod(_ base: UInt64, _ exp: UInt64, _ m: UInt64) -> UInt64 {
        if m == 1 { return 0 }
        var result: UInt64 = 1
        var b = base % m
        var e = exp
        while e > 0 {
            if e & 1 == 1 { result = mulMod(result, b, m) }
            b = mulMod(b, b, m)
            e >>= 1
        }
        return result
    }

    static func compareDigits(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0
        while i < a.count - 1, a[i] == 0 { i += 1 }
        let aLen = a.count - i
        if aLen != b.count { return aLen < b.count ? -1 : 1 }
        for k in 0..<b.count where a[i + k] != b[k] { return a[i + k] < b[k] ? -1 : 1 }
        return 0
    }

    static func subtractDigits(_ a: inout [UInt8], _ b: [UInt8]) {
        var borrow: Int = 0
        var ai = a.count - 1
        var bi = b.count - 1
        while ai >= 0 {
            var v = Int(a[ai]) - borrow - (bi >= 0 ? Int(b[bi]) : 0)
            if v < 0 { v += 10; borrow = 1 } else { borrow = 0 }
            a[ai] = UInt8(v)
            ai -= 1
            bi -= 1
        }
        while a.count > 1, a[0] == 0 { a.removeFirst() }
    }

    /// Parses RFC 8259 number text; nil if malformed or the exponent is out of `Int32` range.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var i = 0
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var ds: [UInt8] = []
        let intStart = i
        while i < n, bytes[i] >= 48, bytes[i] <= 57 { ds.append(bytes[i] - 48); i += 1 }
        let intCount = i - intStart
        if intCount == 0 || (intCount > 1 && bytes[intStart] == 48) { return nil }
        var fracCount = 0
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, bytes[i] >= 48, bytes[i] <= 57 { ds.append(bytes[i] - 48); i += 1; fracCount += 1 }
            if fracCount == 0 { return nil }
        }
        var exp = 0
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                expNegative = bytes[i] == UInt8(ascii: "-"); i += 1
            }
            var count = 0
            while i < n, bytes[i] >= 48, bytes[i] <= 57 {
                if exp < 1_000_000_000 { exp = exp * 10 + Int(bytes[i] - 48) } else { return nil }
                i += 1; count += 1
            }
            if count == 0 { return nil }
            if expNegative { exp = -exp }
        }
        if i != n { return nil }
        return ExactDecimal(isNegative: negative, digits: ds, exponent: exp - fracCount)
    }
}

extension ExactDecimal: CustomStringConvertible {
    /// ECMAScript-style text with the exact digits: `123`, `0.001`, `1.5e+400`, `1e-7`.
    public var description: String {
        if isZero { return "0" }
        var out = isNegative ? "-" : ""
        let k = digits.count
        let n = k + exponent  // position of the decimal point relative to the digit string
        let ds = String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
        if k <= n && n <= 21 {
            out += ds + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            out += String(ds.prefix(n)) + "." + String(ds.dropFirst(n))
        } else if -6 < n && n <= 0 {
            out += "0." + String(repeating: "0", count: -n) + ds
        } else {
            let e = n - 1
            out += String(ds.prefix(1))
            if k > 1 { out += "." + String(ds.dropFirst(1)) }
            out += "e" + (e >= 0 ? "+" : "-") + String(e.magnitude)
        }
        return out
    }
}
