import JSONCore

/// The JSON Schema 2020-12 standard output formats.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `{"valid": bool}`.
    case flag
    /// A flat list of error units.
    case basic
    /// Error units nested along the schema's structure.
    case detailed
}

extension ValidationResult {
    /// The result in a standard output format. With `document`, each unit also carries the
    /// instance's `line`/`column` (extra members the spec permits).
    public func output(_ format: OutputFormat, document: JSONDocument? = nil) -> JSONValue {
        switch format {
        case .flag:
            return .object(JSONObject([.init(key: "valid", value: .bool(isValid))]))
        case .basic:
            var members: [JSONObject.Member] = [.init(key: "valid", value: .bool(isValid))]
            if !isValid {
                let errors = allErrors
                let locations = Self.locations(of: errors, in: document)
                members.append(.init(key: "errors", value: .array(errors.indices.map { unit(errors[$0], location: locations[$0], children: nil) })))
            }
            return .object(JSONObject(members))
        case .detailed:
            var members: [JSONObject.Member] = [
                .init(key: "valid", value: .bool(isValid)),
                .init(key: "keywordLocation", value: ""),
                .init(key: "instanceLocation", value: ""),
            ]
            if !isValid {
                members.append(.init(key: "errors", value: .array(nest(allErrors, document: document))))
            }
            return .object(JSONObject(members))
        }
    }

    /// The source location of each error's instance (one pass over the document for all).
    static func locations(of errors: [ValidationError], in document: JSONDocument?) -> [SourceLocation?] {
        guard let document else { return [SourceLocation?](repeating: nil, count: errors.count) }
        return document.locations(of: errors.map(\.instanceLocation))
    }

    /// One output unit.
    func unit(_ e: ValidationError, location: SourceLocation?, children: [JSONValue]?) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "valid", value: false),
            .init(key: "keywordLocation", value: .string(e.keywordLocation)),
            .init(key: "absoluteKeywordLocation", value: .string(e.absoluteKeywordLocation)),
            .init(key: "instanceLocation", value: .string(e.instanceLocation.description)),
            .init(key: "error", value: .string(e.message)),
        ]
        if let location {
            members.append(.init(key: "line", value: .number(JSONNumber(location.line))))
            members.append(.init(key: "column", value: .number(JSONNumber(location.column))))
        }
        if let children, !children.isEmpty {
            members.append(.init(key: "errors", value: .array(children)))
        }
        return .object(JSONObject(members))
    }

    /// Nests units under the nearest earlier unit whose keyword location is a prefix of theirs.
    func nest(_ errors: [ValidationError], document: JSONDocument?) -> [JSONValue] {
        let tokens = errors.map { $0.keywordLocation.split(separator: "/", omittingEmptySubsequences: false) }
        var parent = [Int?](repeating: nil, count: errors.count)
        for i in errors.indices {
            var j = i - 1
            while j >= 0 {
                if tokens[j].count < tokens[i].count, tokens[i].starts(with: tokens[j]) {
                    parent[i] = j
                    break
                }
                j -= 1
            }
        }
        var children = [[Int]](repeating: [], count: errors.count)
        var roots: [Int] = []
        for i in errors.indices {
            if let p = parent[i] { children[p].append(i) } else { roots.append(i) }
        }
        // Build bottom-up (children always come after their parent).
        let locations = Self.locations(of: errors, in: document)
        var built = [JSONValue?](repeating: nil, count: errors.count)
        for i in errors.indices.reversed() {
            let kids = children[i].compactMap { built[$0] }
            built[i] = unit(errors[i], location: locations[i], children: kids)
        }
        return roots.compactMap { built[$0] }
    }
}
