import ChatPayloads
import JSONCore

/// `GET /v1/schemas` and `GET /v1/schemas/NAME?profile=P`: what `chatpayloads schema` prints.
enum SchemaEndpoints {
    /// `{"schemas": [{"name": "user", "id": "https://..."}, ...]}`: the list `chatpayloads schema` prints.
    static func list() -> PlaygroundResponse {
        let schemas: [JSONValue] = BundledSchema.allCases.map { schema in
            .object(JSONObject([.init(key: "name", value: .string(schema.rawValue)), .init(key: "id", value: .string(schema.uri))]))
        }
        return .json(.object(JSONObject([.init(key: "schemas", value: .array(schemas))])))
    }

    /// The schema resolved for the profile, byte for byte what `chatpayloads schema NAME
    /// --profile P` prints (pretty, with a final newline); `compact=true` as `--compact`.
    static func schema(name: String, query: QueryParameters, contexts: ProfileContexts) -> Result<PlaygroundResponse, PlaygroundError> {
        guard let schema = BundledSchema(rawValue: name) else {
            return .failure(PlaygroundError(
                status: 404, code: "unknown-schema",
                message: "unknown schema '\(name)': expected one of \(BundledSchema.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        let context: ProfileContext
        switch contexts.context(for: query["profile"]) {
        case .success(let c): context = c
        case .failure(let e): return .failure(e)
        }
        let compact: Bool
        switch query["compact"] {
        case nil, "false"?: compact = false
        case "true"?: compact = true
        case let other?: return .failure(.badParameter("compact", other, expected: ["true", "false"]))
        }
        let text = BundledSchemas.resolvedText(schema, profile: context.profile, customData: context.config?.customData ?? [:], pretty: !compact)
        return .success(.json(text + "\n"))
    }
}
