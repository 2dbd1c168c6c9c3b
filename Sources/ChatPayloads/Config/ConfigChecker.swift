import JSONCore
import JSONSchemaValidator

/// Checks a parsed config against the bundled config schema and turns the first failure (in
/// file order) into a readable, located ``ConfigError``.
enum ConfigChecker {
    static let schema: Result<JSONSchema, SchemaError> = {
        guard let doc = BundledSchemas.document(uri: BundledSchemas.configSchemaURI) else {
            return .failure(SchemaError(kind: .invalidRegistry, message: "the config schema is not embedded", schemaLocation: BundledSchemas.configSchemaURI))
        }
        do throws(SchemaError) {
            return .success(try JSONSchema(doc.value, registry: BundledSchemas.registry))
        } catch {
            return .failure(error)
        }
    }()

    static var schemaDocument: JSONValue { BundledSchemas.document(uri: BundledSchemas.configSchemaURI)?.value ?? .null }

    static func check(_ document: YAMLInstance.Document, file: String) throws(ConfigError) {
        let compiled: JSONSchema
        switch schema {
        case .success(let s): compiled = s
        case .failure(let e): throw ConfigError(file: file, line: 0, column: 0, message: "internal: the config schema does not compile: \(e)")
        }
        let result = compiled.validate(document.value)
        guard !result.isValid else { return }
        // Report the error that comes first in the file.
        let located = result.errors.map { error -> (ValidationError, (line: Int, column: Int)) in
            let onKey = isKeyError(error)
            return (error, document.position(of: error.instanceLocation, key: onKey) ?? (1, 1))
        }
        guard let (error, position) = located.min(by: { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }) else { return }
        throw ConfigError(file: file, line: position.line, column: position.column, message: message(for: error, in: document.value))
    }

    /// Whether the error is about a member's name rather than its value.
    static func isKeyError(_ error: ValidationError) -> Bool {
        error.keyword == .additionalProperties && error.message.contains("is not allowed")
            || error.keywordLocation.contains("/\(SchemaKeyword.propertyNames)/")
    }

    /// The schema object at an absolute keyword location's parent (`...#/properties/profile/enum` -> that `enum`'s schema).
    static func schemaValue(at absoluteKeywordLocation: String) -> JSONValue? {
        guard let hash = absoluteKeywordLocation.firstIndex(of: "#") else { return nil }
        let fragment = String(absoluteKeywordLocation[absoluteKeywordLocation.index(after: hash)...])
        guard let pointer = try? JSONPointer(parsing: fragment) else { return nil }
        return pointer.resolve(in: schemaDocument)
    }

    static func displayPath(_ pointer: JSONPointer) -> String {
        pointer.tokens.map { $0.contains(".") || $0.contains(" ") || $0.contains("*") ? JSONWriter.quoted($0) : $0 }.joined(separator: ".")
    }

    static func message(for error: ValidationError, in config: JSONValue) -> String {
        let pointer = error.instanceLocation
        let key = pointer.lastToken ?? ""
        let place = pointer.parent.isRoot ? "the config" : displayPath(pointer.parent)
        if error.keyword == .additionalProperties && error.message.contains("is not allowed") {
            let parent = JSONPointer(tokens: Array(keywordPointer(error).tokens.dropLast()))
            let known = (parent.appending(SchemaKeyword.properties.name).resolve(in: schemaDocument)?.objectValue?.keys ?? []).sorted()
            var text = "unknown key \(JSONWriter.quoted(key)) in \(place)"
            if let guess = suggestion(for: key, among: known) { text += " (did you mean \(JSONWriter.quoted(guess))?)" }
            return text + "; allowed keys: " + known.joined(separator: ", ")
        }
        if error.keywordLocation.contains("/\(SchemaKeyword.propertyNames)/") {
            if pointer.parent == JSONPointer(tokens: ["severity"]), let limit = Profile.Limit(rawValue: key) {
                return "\(JSONWriter.quoted(key)) is a limit, not a rule, so it cannot be given a severity: \(limitOutcome(limit)); "
                    + "set the limit itself instead, e.g. `\(limit.key): \(limit.defaultValue)` at the top level of the config"
            }
            let allowed = allowedValues(error)
            var text = "unknown name \(JSONWriter.quoted(key)) in \(place)"
            if let guess = suggestion(for: key, among: allowed) { text += " (did you mean \(JSONWriter.quoted(guess))?)" }
            return text + "; allowed names: " + allowed.joined(separator: ", ")
        }
        let found = pointer.resolve(in: config).map(describe) ?? "nothing"
        let subject = pointer.isRoot ? "the config" : displayPath(pointer)
        switch error.keyword {
        case .enum?, .anyOf?:
            let allowed = allowedValues(error)
            var text = "wrong value \(found) for \(subject)"
            if case .string(let s)? = pointer.resolve(in: config), let guess = suggestion(for: s, among: allowed) { text += " (did you mean \(JSONWriter.quoted(guess))?)" }
            return text + "; allowed values: " + allowed.joined(separator: ", ")
        case .type?:
            return "wrong type for \(subject): \(error.message)"
        case .pattern?:
            let description = schemaValue(at: error.absoluteKeywordLocation.replacingOccurrences(of: "/\(SchemaKeyword.pattern)", with: ""))?[
                SchemaKeyword.descriptionAnnotation.name]?.stringValue
            return "wrong value \(found) for \(subject): expected \(description ?? error.message)"
        default:
            return "wrong value \(found) for \(subject): \(error.message)"
        }
    }

    /// What hitting `limit` does, and why a severity cannot change it.
    static func limitOutcome(_ limit: Profile.Limit) -> String {
        switch limit {
        case .maxBytes, .maxDepth, .maxStringBytes, .maxNumberDigits:
            return "a payload over it is not read, so it is always unreadable"
        case .maxRegexSteps, .maxRegexStepsPerPayload, .maxEvaluationDepth, .maxTotalEvaluationDepth:
            return "reaching it leaves the payload not decided, which fails closed, and a warning would let a payload that was never checked pass"
        case .maxErrors:
            return "reaching it is already a warning and never changes a verdict"
        }
    }

    static func keywordPointer(_ error: ValidationError) -> JSONPointer {
        guard let hash = error.absoluteKeywordLocation.firstIndex(of: "#"),
              let p = try? JSONPointer(parsing: String(error.absoluteKeywordLocation[error.absoluteKeywordLocation.index(after: hash)...]))
        else { return .root }
        return p
    }

    /// The allowed values an `enum` (or an `anyOf` of enums and described schemas) names.
    static func allowedValues(_ error: ValidationError) -> [String] {
        guard let schema = keywordPointer(error).resolve(in: schemaDocument) else { return [] }
        return allowed(in: schema, keyword: error.keyword)
    }

    static func allowed(in value: JSONValue, keyword: SchemaKeyword?) -> [String] {
        switch keyword {
        case .enum?:
            return (value.arrayValue ?? []).map { $0.stringValue ?? JSONWriter.string($0) }
        case .anyOf?:
            return (value.arrayValue ?? []).flatMap { branch -> [String] in
                if let e = branch[SchemaKeyword.enum.name] { return allowed(in: e, keyword: .enum) }
                if let ref = branch[SchemaKeyword.ref.name]?.stringValue, ref.hasPrefix("#"), let p = try? JSONPointer(parsing: String(ref.dropFirst())),
                   let target = p.resolve(in: schemaDocument), let d = target["description"]?.stringValue {
                    return ["or " + d]
                }
                if let d = branch["description"]?.stringValue { return ["or " + d] }
                return []
            }
        default:
            return []
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return JSONWriter.quoted(s)
        case .object: return "a mapping"
        case .array: return "a list"
        default: return JSONWriter.string(value)
        }
    }

    /// The closest candidate (``NameSuggestion/closest(to:among:)``).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        NameSuggestion.closest(to: word, among: candidates.filter { !$0.hasPrefix("or ") })
    }
}
