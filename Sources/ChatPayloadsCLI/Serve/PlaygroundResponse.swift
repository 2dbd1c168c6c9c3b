import JSONCore

/// The playground API's answer to a ``PlaygroundRequest``: a status, a content type and a body.
package struct PlaygroundResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The `Content-Type` header.
    package var contentType: String
    /// The body's bytes.
    package var body: [UInt8]
    /// The `Allow` header of a `405` (the methods the path answers).
    package var allow: String?

    /// `application/json`, the type of every API answer.
    package static let jsonType = "application/json"

    /// A `200` (or `status`) JSON answer of `text`.
    static func json(_ text: String, status: Int = 200) -> PlaygroundResponse {
        PlaygroundResponse(status: status, contentType: jsonType, body: Array(text.utf8), allow: nil)
    }

    /// A JSON answer of `value`, pretty-printed as the CLI's JSON reports are, with a final newline.
    static func json(_ value: JSONValue, status: Int = 200) -> PlaygroundResponse {
        json(JSONWriter.string(value, options: .pretty) + "\n", status: status)
    }
}
