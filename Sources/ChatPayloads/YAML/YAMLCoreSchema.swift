import JSONCore

/// The YAML 1.2 core schema (YAML 1.2.2, section 10.3), as ChatPayloads reads plain scalars.
///
/// A plain (unquoted, untagged) scalar is: null for `null`/`Null`/`NULL`/`~`/empty; a boolean
/// for `true`/`True`/`TRUE`/`false`/`False`/`FALSE`; an exact integer for `[-+]?[0-9]+`,
/// `0o[0-7]+` (octal) or `0x[0-9a-fA-F]+` (hex); a number for the core float form; and a string
/// for anything else (so `yes`, `NO`, `on`, `off`, `1_000`, `0b101`, `1:30` and dates are
/// strings, as YAML 1.2 says). Two forms are refused with a located error, because no reading
/// of them is what every YAML tool agrees on: a number with a leading zero (`0123`: YAML 1.2
/// reads 123, YAML 1.1 the octal 83, and the writer most likely meant the text "0123"), and
/// `.inf`/`.nan` (JSON has no such numbers). Quoted and block scalars are always strings.
enum YAMLCoreSchema {
    /// The JSON value of a plain scalar.
    static func plain(_ text: String, mark: YAMLMark?) throws(YAMLProblem) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = try number(text, mark: mark) { return .number(number) }
        return .string(text)
    }

    /// The JSON value of a scalar with an explicit tag (`!!str 12`, `!!int "12"`): the tag's
    /// type, or a located error when the text is not of that type. Tags of other types
    /// (`!!timestamp`, `!local`) give the text.
    static func tagged(_ text: String, tag: String, mark: YAMLMark?) throws(YAMLProblem) -> JSONValue {
        let suffix = tag.hasPrefix(yamlTagPrefix) ? String(tag.dropFirst(yamlTagPrefix.count)) : nil
        let value: JSONValue
        switch suffix {
        case "null"?, "bool"?:
            value = try plain(text, mark: mark)
            let matches = suffix == "null" ? value == .null : value.boolValue != nil
            guard matches else { throw YAMLProblem(message: "\"\(text)\" is not a YAML 1.2 \(suffix ?? "") (tag !!\(suffix ?? ""))", mark: mark) }
        case "int"?, "float"?:
            guard let n = try number(text, mark: mark), suffix == "float" || n.isInteger else {
                throw YAMLProblem(message: "\"\(text)\" is not a YAML 1.2 \(suffix ?? "") (tag !!\(suffix ?? ""))", mark: mark)
            }
            value = .number(n)
        default:
            value = .string(text)
        }
        return value
    }

    static let yamlTagPrefix = "tag:yaml.org,2002:"

    /// A core-schema number (int or float form), nil when `text` is not one.
    static func number(_ text: String, mark: YAMLMark?) throws(YAMLProblem) -> JSONNumber? {
        let scalars = Array(text.unicodeScalars)
        if scalars.count > 2, scalars[0] == "0", scalars[1] == "o" || scalars[1] == "x" {
            let radix = scalars[1] == "o" ? 8 : 16
            let digits = scalars.dropFirst(2)
            guard digits.allSatisfy({ digitValue($0).map { $0 < radix } ?? false }) else { return nil }
            return JSONNumber(parsing: decimalText(of: digits, radix: radix))
        }
        var rest = scalars[...]
        var negative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let tail = String(String.UnicodeScalarView(rest))
        if [".inf", ".Inf", ".INF"].contains(tail) || [".nan", ".NaN", ".NAN"].contains(text) {
            throw YAMLProblem(message: "\(text) is not a JSON number (JSON has no infinities or NaN); quote it for the text", mark: mark)
        }
        // [0-9]* ( . [0-9]* )? ( [eE] [-+]? [0-9]+ )? with at least one digit before the exponent.
        var integer: [Unicode.Scalar] = []
        var fraction: [Unicode.Scalar] = []
        var exponent = ""
        var i = rest.startIndex
        while i < rest.endIndex, isDigit(rest[i]) { integer.append(rest[i]); i += 1 }
        var hasPoint = false
        if i < rest.endIndex, rest[i] == "." {
            hasPoint = true
            i += 1
            while i < rest.endIndex, isDigit(rest[i]) { fraction.append(rest[i]); i += 1 }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if i < rest.endIndex, rest[i] == "e" || rest[i] == "E" {
            i += 1
            var sign = ""
            if i < rest.endIndex, rest[i] == "-" || rest[i] == "+" { sign = rest[i] == "-" ? "-" : ""; i += 1 }
            var digits = ""
            while i < rest.endIndex, isDigit(rest[i]) { digits.unicodeScalars.append(rest[i]); i += 1 }
            guard !digits.isEmpty else { return nil }
            exponent = "e" + sign + digits
        }
        guard i == rest.endIndex else { return nil }
        if integer.count > 1, integer[0] == "0" {
            let significant = String(String.UnicodeScalarView(integer.drop(while: { $0 == "0" })))
            let meant = (negative ? "-" : "") + (significant.isEmpty ? "0" : significant) + (hasPoint ? "." + String(String.UnicodeScalarView(fraction)) : "")
            throw YAMLProblem(
                message: "\(text) has a leading zero, which YAML readers disagree on (YAML 1.2: the number \(meant); "
                    + "YAML 1.1: an octal number); quote it (\"\(text)\") to keep the text, or write \(meant)",
                mark: mark)
        }
        var json = negative ? "-" : ""
        json += integer.isEmpty ? "0" : String(String.UnicodeScalarView(integer))
        if !fraction.isEmpty { json += "." + String(String.UnicodeScalarView(fraction)) }
        json += exponent
        return JSONNumber(parsing: json)
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    private static func digitValue(_ s: Unicode.Scalar) -> Int? {
        switch s.value {
        case 48...57: return Int(s.value - 48)
        case 97...102: return Int(s.value - 87)
        case 65...70: return Int(s.value - 55)
        default: return nil
        }
    }

    /// The decimal text of `digits` in `radix` (any length: the value is exact).
    private static func decimalText(of digits: ArraySlice<Unicode.Scalar>, radix: Int) -> String {
        var decimal: [Int] = [0]  // least significant digit first
        for s in digits {
            var carry = digitValue(s) ?? 0
            for k in decimal.indices {
                let v = decimal[k] * radix + carry
                decimal[k] = v % 10
                carry = v / 10
            }
            while carry > 0 { decimal.append(carry % 10); carry /= 10 }
        }
        while decimal.count > 1, decimal.last == 0 { decimal.removeLast() }
        return String(decimal.reversed().map { Character(Unicode.Scalar(UInt8(48 + $0))) })
    }
}
