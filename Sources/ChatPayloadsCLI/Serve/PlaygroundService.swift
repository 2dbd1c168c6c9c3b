import ChatPayloads
import JSONCore

/// The playground's HTTP API without the HTTP: takes a method, a path, a query and a body and
/// returns a status, a content type and a body, answering with the CLI's own code (the same
/// readers, checker and reporters), so `POST /v1/validate` answers exactly what
/// `chatpayloads validate --reporter json` prints for the same input.
///
/// | method and path | answer |
/// |---|---|
/// | `GET /` | the playground page (``PlaygroundPage``), opening on the server's default profile |
/// | `GET /healthz` | `{"status": "ok"}` |
/// | `GET /openapi.json` | the OpenAPI 3.1 document of this API (``PlaygroundOpenAPI``) |
/// | `GET /v1/schemas` | the bundled schemas |
/// | `GET /v1/schemas/NAME?profile=P` | one, as `chatpayloads schema NAME --profile P` prints it |
/// | `POST /v1/validate?schema=&profile=&format=` | `validate --reporter json`'s document |
/// | `POST /v1/normalize?kind=&profile=&dates=` | `normalize`'s canonical forms |
/// | `POST /v1/convert?to=record\|payload&kind=&profile=&dates=` | `convert`'s records or payloads |
/// | `POST /v1/diff?kind=&profile=&ndjson=` | `diff`'s differences of `{"a": TEXT, "b": TEXT}` |
///
/// A query parameter given twice, or one the endpoint does not take, is a 400.
///
/// Thread-safe: every member is immutable; requests are answered concurrently.
package final class PlaygroundService: Sendable {
    let contexts: ProfileContexts
    /// The largest body read (413 beyond).
    package let maxBodyBytes: Int

    /// The playground page, its profile picker on this server's default profile.
    let page: [UInt8]

    init(contexts: ProfileContexts, maxBodyBytes: Int) {
        self.contexts = contexts
        self.maxBodyBytes = maxBodyBytes
        page = Array(PlaygroundPage.html(defaultProfile: contexts.defaultContext.profile.name).utf8)
    }

    /// The profile the server answers under when a request names none (`--profile`, else the
    /// config's, else standard), which the page opens on.
    package var defaultProfile: ProfileName { contexts.defaultContext.profile.name }

    /// Why the service cannot start (the config does not load).
    package struct SetupFailure: Error {
        /// The config error, as `validate` prints it.
        package let message: String
    }

    /// A service for the server's `arguments` (`--config`, `--profile`, ... as
    /// `validate` takes them), its validators compiled.
    package static func make(arguments: [String]) -> Result<PlaygroundService, SetupFailure> {
        switch ServeSettings.parse(arguments) {
        case .success(let settings): return .success(settings.service)
        case .failure(let f): return .failure(SetupFailure(message: f.message))
        }
    }

    static func make(_ options: SchemaOptions, maxBodyBytes: Int) -> Result<PlaygroundService, SetupFailure> {
        let config: LoadedConfig?
        switch LoadedConfig.load(options) {
        case .success(let c): config = c
        case .failure(let f): return .failure(SetupFailure(message: f.message))
        }
        let contexts = ProfileContexts(config: config, options: options)
        for context in contexts.all { context.warmUp() }
        return .success(PlaygroundService(contexts: contexts, maxBodyBytes: maxBodyBytes))
    }

    /// The answer to `request`. Never throws: a bad request is a 4xx with a JSON error.
    package func respond(to request: PlaygroundRequest) -> PlaygroundResponse {
        switch route(request) {
        case .success(let response): return response
        case .failure(let error): return error.response
        }
    }

    private func route(_ request: PlaygroundRequest) -> Result<PlaygroundResponse, PlaygroundError> {
        let query: QueryParameters
        switch QueryParameters.parse(request.query) {
        case .success(let q): query = q
        case .failure(let e): return .failure(e)
        }
        let path = request.path
        /// Answers `method` (GET also HEAD) with `body` when every query parameter is one of
        /// `accepting` (nil: any, for the page, the health check and the documents).
        func only(_ method: String, accepting: [String]? = nil, _ body: () -> Result<PlaygroundResponse, PlaygroundError>) -> Result<PlaygroundResponse, PlaygroundError> {
            guard request.method == method || (method == "GET" && request.method == "HEAD") else {
                return .failure(PlaygroundError(
                    status: 405, code: "method-not-allowed", message: "\(path) answers \(method) only", allow: method == "GET" ? "GET, HEAD" : method))
            }
            if let accepting, let refusal = query.refusingAllBut(accepting) { return .failure(refusal) }
            return body()
        }
        if request.body.count > maxBodyBytes {
            return .failure(.tooLarge(request.body.count, limit: maxBodyBytes, what: "the server's --max-body-bytes"))
        }
        switch path {
        case "/":
            return only("GET") { .success(PlaygroundResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)) }
        case "/healthz":
            return only("GET") { .success(.json("{\"status\": \"ok\"}\n")) }
        case "/openapi.json":
            return only("GET") { .success(.json(PlaygroundOpenAPI.document)) }
        case "/v1/schemas":
            return only("GET", accepting: []) { .success(SchemaEndpoints.list()) }
        case "/v1/validate":
            return only("POST", accepting: ["schema", "profile", "format"]) { validate(query: query, body: request.body) }
        case "/v1/normalize":
            return only("POST", accepting: ["kind", "profile", "dates", "ndjson"]) {
                TransformEndpoints.normalize(query: query, body: request.body, contexts: contexts)
            }
        case "/v1/convert":
            return only("POST", accepting: ["to", "kind", "profile", "dates", "ndjson"]) {
                TransformEndpoints.convert(query: query, body: request.body, contexts: contexts)
            }
        case "/v1/diff":
            return only("POST", accepting: ["kind", "profile", "ndjson"]) { DiffEndpoint.diff(query: query, body: request.body, contexts: contexts) }
        default:
            if path.hasPrefix("/v1/schemas/") {
                let name = QueryParameters.decode(path.dropFirst("/v1/schemas/".count))
                return only("GET", accepting: ["profile", "compact"]) { SchemaEndpoints.schema(name: name, query: query, contexts: contexts) }
            }
            return .failure(PlaygroundError(status: 404, code: "not-found", message: "no such path: \(path) (see /openapi.json)"))
        }
    }
}
