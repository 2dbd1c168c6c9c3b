import JSONCore

/// A request the API refuses: its status, a stable code and a message for people, answered as
/// `{"error": {"status": 400, "code": "unknown-schema", "message": "..."}}`.
package struct PlaygroundError: Error, Sendable, Equatable {
    /// The HTTP status (400, 404, 405, 413, 415).
    package let status: Int
    /// A stable, machine-readable code (`unknown-schema`, `body-too-large`, ...).
    package let code: String
    /// What is wrong and what is accepted.
    package let message: String
    /// For a `405`: the methods the path answers.
    var allow: String? = nil

    /// The JSON answer.
    var response: PlaygroundResponse {
        let document: JSONValue = .object(JSONObject([
            .init(key: "error", value: .object(JSONObject([
                .init(key: "status", value: .number(JSONNumber(status))),
                .init(key: "code", value: .string(code)),
                .init(key: "message", value: .string(message)),
            ]))),
        ]))
        var answer = PlaygroundResponse.json(document, status: status)
        answer.allow = allow
        return answer
    }

    static func badParameter(_ name: String, _ value: String, expected: [String]) -> PlaygroundError {
        PlaygroundError(
            status: 400, code: "unknown-\(name)",
            message: "unknown \(name) '\(value)': expected one of \(expected.joined(separator: ", "))")
    }

    /// A query parameter given more than once (`schema=user&schema=message`): refused rather
    /// than one of the values picked.
    static func duplicateParameter(_ name: String, count: Int) -> PlaygroundError {
        PlaygroundError(
            status: 400, code: "duplicate-parameter",
            message: "the query parameter '\(name)' is given \(count) times: give it once")
    }

    static func tooLarge(_ size: Int, limit: Int, what: String) -> PlaygroundError {
        PlaygroundError(status: 413, code: "body-too-large", message: "the body (\(size) bytes) is larger than the limit of \(limit) bytes (\(what))")
    }

    static let notUTF8 = PlaygroundError(status: 415, code: "body-not-utf8", message: "the body is not UTF-8 text")
}

extension PlaygroundService {
    /// The JSON error answer for a request refused before the service sees it (by the HTTP
    /// layer: a body over the limit).
    package static func errorResponse(status: Int, code: String, message: String) -> PlaygroundResponse {
        PlaygroundError(status: status, code: code, message: message).response
    }
}
