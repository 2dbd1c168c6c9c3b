/// One HTTP request as the playground API sees it: the method, the request target (path and
/// query), and the whole body. Independent of any HTTP server, so the API is tested without
/// sockets.
package struct PlaygroundRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The path, without the query (`/v1/validate`).
    package var path: String
    /// The query string without its `?` (empty when there is none), still percent-encoded.
    package var query: String
    /// The body's bytes.
    package var body: [UInt8]

    /// A request for `target` (`/v1/validate?schema=user`): the path is what comes before the
    /// first `?`, the query what follows it.
    package init(method: String, target: String, body: [UInt8] = []) {
        self.method = method
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = ""
        }
        self.body = body
    }

    /// A request with the path and the query apart.
    package init(method: String, path: String, query: String, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }
}
