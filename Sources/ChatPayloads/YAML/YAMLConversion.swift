#if YAML
// Built with the package's YAML trait (on by default): Yams reads the YAML.
import JSONCore
import Yams

/// Converts composed Yams nodes to JSON values, keeping each value's (and each key's) position.
///
/// Scalars follow the YAML 1.1 core resolution Yams applies: quoted scalars are strings; `null`,
/// `~` and empty are null; `true`/`false` (and yes/no/on/off) are booleans; integers are exact
/// (decimal, `0x`, `0o`, `0b`, underscores allowed; any size); floats must be finite; timestamps
/// and everything else stay strings (a date is never reformatted). Keys must be scalars.
/// Aliases are expanded, within a budget of 250,000 values (guards "billion laughs" input).
struct YAMLConverter {
    var valueMarks: [JSONPointer: YAMLMark] = [:]
    var keyMarks: [JSONPointer: YAMLMark] = [:]
    var budget = 250_000

    static func mark(_ node: Node) -> YAMLMark? {
        node.mark.map { YAMLMark(line: $0.line, column: $0.column) }
    }

    mutating func convert(_ node: Node, at pointer: JSONPointer = .root, depth: Int = 0) throws(YAMLProblem) -> JSONValue {
        budget -= 1
        guard budget >= 0 else { throw YAMLProblem(message: "the YAML expands to more than 250,000 values (aliases?)", mark: Self.mark(node)) }
        guard depth <= 512 else { throw YAMLProblem(message: "the YAML nests deeper than 512 levels", mark: Self.mark(node)) }
        if valueMarks[pointer] == nil, let m = Self.mark(node) { valueMarks[pointer] = m }
        switch node {
        case .scalar(let scalar):
            return try Self.scalarValue(scalar, tag: Resolver.default.resolveTag(of: node), mark: Self.mark(node))
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for (i, item) in sequence.enumerated() {
                items.append(try convert(item, at: pointer.appending(index: i), depth: depth + 1))
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [JSONObject.Member] = []
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let keyScalar) = keyNode else {
                    throw YAMLProblem(message: "a mapping key must be a scalar (JSON object keys are strings)", mark: Self.mark(keyNode))
                }
                let key = keyScalar.string
                let child = pointer.appending(key)
                if let m = Self.mark(keyNode) { keyMarks[child] = m }
                members.append(.init(key: key, value: try convert(valueNode, at: child, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case .alias(let alias):
            throw YAMLProblem(message: "unresolved alias *\(alias.anchor.rawValue)", mark: Self.mark(node))
        }
    }

    static func scalarValue(_ scalar: Node.Scalar, tag: Tag.Name, mark: YAMLMark?) throws(YAMLProblem) -> JSONValue {
        let text = scalar.string
        switch tag {
        case .null:
            return .null
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on": return .bool(true)
            default: return .bool(false)
            }
        case .int:
            if let n = integer(text) { return .number(n) }
            return .string(text)
        case .float:
            let cleaned = text.replacingOccurrences(of: "_", with: "")
            let lower = cleaned.lowercased()
            if lower.hasSuffix(".inf") || lower.hasSuffix(".nan") {
                throw YAMLProblem(message: "\(text) is not a JSON number (JSON has no infinities or NaN)", mark: mark)
            }
            var normal = cleaned.hasPrefix("+") ? String(cleaned.dropFirst()) : cleaned
            if normal.hasPrefix(".") { normal = "0" + normal } else if normal.hasPrefix("-.") { normal = "-0" + normal.dropFirst() }
            normal = normal.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
            if normal.hasSuffix(".") { normal += "0" }
            if let n = JSONNumber(parsing: normal) { return .number(n) }
            return .string(text)
        default:
            return .string(text)
        }
    }

    /// An exact integer from YAML int syntax, or nil (sexagesimal forms stay strings).
    static func integer(_ text: String) -> JSONNumber? {
        var s = Substring(text.replacingOccurrences(of: "_", with: ""))
        var negative = false
        if s.hasPrefix("-") { negative = true; s = s.dropFirst() } else if s.hasPrefix("+") { s = s.dropFirst() }
        var radix = 10
        if s.hasPrefix("0x") { radix = 16; s = s.dropFirst(2) }
        else if s.hasPrefix("0o") { radix = 8; s = s.dropFirst(2) }
        else if s.hasPrefix("0b") { radix = 2; s = s.dropFirst(2) }
        else if s.count > 1, s.hasPrefix("0"), s.allSatisfy({ ("0"..."7").contains($0) }) { radix = 8; s = s.dropFirst() }
        guard !s.isEmpty else { return nil }
        if radix == 10 {
            guard s.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return JSONNumber(parsing: (negative ? "-" : "") + s)
        }
        guard let magnitude = UInt64(s, radix: radix) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? JSONNumber(Int64.min) : JSONNumber(-Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return JSONNumber(parsing: String(magnitude)) }
        return JSONNumber(Int64(magnitude))
    }

    /// A located problem from a Yams error.
    static func problem(from error: any Error) -> YAMLProblem {
        guard let yaml = error as? YamlError else { return YAMLProblem(message: "\(error)", mark: nil) }
        func located(_ kind: String, _ context: YamlError.Context?, _ problem: String, _ mark: Mark) -> YAMLProblem {
            var message = "invalid YAML (\(kind)): \(problem)"
            if let context { message += " (\(context.text) at \(context.mark.line):\(context.mark.column))" }
            return YAMLProblem(message: message, mark: YAMLMark(line: mark.line, column: mark.column))
        }
        switch yaml {
        case .scanner(let context, let problem, let mark, _): return located("scanner", context, problem, mark)
        case .parser(let context, let problem, let mark, _): return located("parser", context, problem, mark)
        case .composer(let context, let problem, let mark, _): return located("composer", context, problem, mark)
        case .reader(let problem, let offset, _, let text):
            var mark: YAMLMark?
            if let offset {
                let prefix = text.prefix(offset)
                let line = prefix.filter { $0 == "\n" }.count + 1
                let column = (prefix.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0) + 1
                mark = YAMLMark(line: line, column: column)
            }
            return YAMLProblem(message: "invalid YAML (reader): \(problem)", mark: mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            return YAMLProblem(message: "duplicate key \(names) in one mapping", mark: YAMLMark(line: context.mark.line, column: context.mark.column))
        default:
            return YAMLProblem(message: "invalid YAML: \(yaml)", mark: nil)
        }
    }
}

extension YAMLInstance {
    /// Reads every document of a YAML stream through Yams, keeping positions (the rules are on
    /// ``YAMLInstance/parseDocuments(_:file:)``).
    static func composeDocuments(_ text: String, file: String?) throws(ChatPayloadsError) -> [Document] {
        do {
            var out: [Document] = []
            // A YAML stream may start with a byte order mark (YAML 1.2 section 5.2); Yams trips on it.
            let source = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
            var nodes = try Yams.compose_all(yaml: source)
            while let node = nodes.next() {
                var converter = YAMLConverter()
                let value = try converter.convert(node)
                out.append(Document(value: value, marks: converter.valueMarks, keyMarks: converter.keyMarks))
            }
            if let error = nodes.error { throw error }
            return out
        } catch let problem as YAMLProblem {
            throw ChatPayloadsError(kind: .yaml, message: problem.message, file: file, line: problem.mark?.line, column: problem.mark?.column)
        } catch {
            let problem = YAMLConverter.problem(from: error)
            throw ChatPayloadsError(kind: .yaml, message: problem.message, file: file, line: problem.mark?.line, column: problem.mark?.column)
        }
    }
}
#endif
