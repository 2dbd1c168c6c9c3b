#if YAML
// Built with the package's YAML trait (on by default): Yams reads the YAML.
import JSONCore
import Yams

/// Converts composed Yams nodes to JSON values, keeping each value's (and each key's) position.
///
/// Scalars follow the YAML 1.2 core schema (``YAMLCoreSchema``): quoted and block scalars are
/// strings; plain `null`, `~` and empty are null; `true`/`false` (not yes/no/on/off) are
/// booleans; integers (decimal, `0o` octal, `0x` hex) are exact in any size; floats must be
/// finite; a number with a leading zero is refused; everything else (dates included) stays a
/// string. Keys must be scalars and are always strings. Merge keys (`<<: *defaults`, or a list
/// of mappings) are applied as YAML 1.1 readers (PyYAML, SnakeYAML) apply them: a key written in
/// the mapping wins over a merged one, and in a list an earlier mapping wins over a later one;
/// the merged keys take the place of the `<<` entry. Aliases are expanded, within a budget of
/// 250,000 values (guards "billion laughs" input).
struct YAMLConverter {
    var valueMarks: [JSONPointer: YAMLMark] = [:]
    var keyMarks: [JSONPointer: YAMLMark] = [:]
    var budget = 250_000

    /// What Yams resolves while composing: only the merge key `<<` (plain scalars are typed here,
    /// by the YAML 1.2 core schema). Duplicate keys are then compared as the strings JSON keeps.
    static let resolver = Resolver.basic.appending(.merge)

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
            return try Self.scalarValue(scalar, mark: Self.mark(node))
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for (i, item) in sequence.enumerated() {
                items.append(try convert(item, at: pointer.appending(index: i), depth: depth + 1))
            }
            return .array(items)
        case .mapping(let mapping):
            return .object(JSONObject(try members(of: mapping, at: pointer, depth: depth)))
        case .alias(let alias):
            throw YAMLProblem(message: "unresolved alias *\(alias.anchor.rawValue)", mark: Self.mark(node))
        }
    }

    /// The members of a mapping, merge keys applied.
    private mutating func members(of mapping: Node.Mapping, at pointer: JSONPointer, depth: Int) throws(YAMLProblem) -> [JSONObject.Member] {
        var written: Set<String> = []
        for (keyNode, _) in mapping {
            if case .scalar(let k) = keyNode, !Self.isMergeKey(keyNode) { written.insert(k.string) }
        }
        var members: [JSONObject.Member] = []
        var merged: Set<String> = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let keyScalar) = keyNode else {
                throw YAMLProblem(message: "a mapping key must be a scalar (JSON object keys are strings)", mark: Self.mark(keyNode))
            }
            if Self.isMergeKey(keyNode) {
                for member in try mergedMembers(valueNode, at: pointer, depth: depth)
                where !written.contains(member.key) && !merged.contains(member.key) {
                    merged.insert(member.key)
                    members.append(member)
                }
                continue
            }
            let key = keyScalar.string
            members.append(.init(key: key, value: try convert(valueNode, at: pointer.appending(key), depth: depth + 1)))
        }
        // A written key and its value are located where they are written, wherever a merge put its own.
        for (keyNode, valueNode) in mapping where !Self.isMergeKey(keyNode) {
            guard case .scalar(let keyScalar) = keyNode else { continue }
            let child = pointer.appending(keyScalar.string)
            if let m = Self.mark(keyNode) { keyMarks[child] = m }
            if let m = Self.mark(valueNode) { valueMarks[child] = m }
        }
        return members
    }

    /// Whether `node` is the merge key: a plain `<<` (or one tagged `!!merge`); a quoted "<<" is a key like any other.
    static func isMergeKey(_ node: Node) -> Bool {
        resolver.resolveTag(of: node) == .merge
    }

    /// The members a merge key's value brings: a mapping's, or those of a list of mappings
    /// (an earlier mapping's key wins). Marks of merged values point where they are written.
    private mutating func mergedMembers(_ value: Node, at pointer: JSONPointer, depth: Int) throws(YAMLProblem) -> [JSONObject.Member] {
        let notMapping = "a merge key (<<) takes a mapping or a list of mappings (such as *defaults or [*a, *b])"
        switch value {
        case .mapping(let mapping):
            budget -= 1
            return try members(of: mapping, at: pointer, depth: depth + 1)
        case .sequence(let sequence):
            var out: [JSONObject.Member] = []
            var seen: Set<String> = []
            for item in sequence {
                guard case .mapping(let mapping) = item else { throw YAMLProblem(message: notMapping, mark: Self.mark(item)) }
                budget -= 1
                for member in try members(of: mapping, at: pointer, depth: depth + 1) where !seen.contains(member.key) {
                    seen.insert(member.key)
                    out.append(member)
                }
            }
            return out
        default:
            throw YAMLProblem(message: notMapping, mark: Self.mark(value))
        }
    }

    /// A scalar's JSON value: quoted and block scalars are strings, plain ones follow the YAML
    /// 1.2 core schema, explicitly tagged ones their tag.
    static func scalarValue(_ scalar: Node.Scalar, mark: YAMLMark?) throws(YAMLProblem) -> JSONValue {
        let text = scalar.string
        // Tag names are public only as the tag's description.
        let tag = scalar.tag.description
        switch tag {
        case Tag.Name.implicit.rawValue:
            return scalar.style == .plain || scalar.style == .any ? try YAMLCoreSchema.plain(text, mark: mark) : .string(text)
        case Tag.Name.str.rawValue, Tag.Name.nonSpecific.rawValue:
            return .string(text)
        default:
            return try YAMLCoreSchema.tagged(text, tag: tag, mark: mark)
        }
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
            var nodes = try Yams.compose_all(yaml: source, YAMLConverter.resolver)
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
