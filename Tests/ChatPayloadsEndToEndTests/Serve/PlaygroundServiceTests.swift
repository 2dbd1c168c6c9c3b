import ChatPayloads
import ChatPayloadsCLI
import Foundation
import XCTest
import TestSupport

/// The playground API without sockets: every endpoint and error code of ``PlaygroundService``,
/// and its answers compared byte for byte with what the built `chatpayloads` prints for the
/// same input.
final class PlaygroundServiceTests: CLITestCase {
    /// A service with no config (or the arguments given), as `chatpayloads-store serve` builds it.
    func service(_ arguments: [String] = ["--no-config"], file: StaticString = #filePath, line: UInt = #line) throws -> PlaygroundService {
        switch PlaygroundService.make(arguments: arguments) {
        case .success(let service): return service
        case .failure(let failure):
            XCTFail("the service did not start: \(failure.message)", file: file, line: line)
            throw failure
        }
    }

    func fixture(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: CLITestCase.fixtures.appendingPathComponent(path)), as: UTF8.self)
    }

    func body(_ response: PlaygroundResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// `validate`'s JSON report as the API words it: an `auto` issue names the API's parameter
    /// and ends with its advice, and a hint names the API's parameters, instead of validate's options.
    func apiWording(_ report: String) -> String {
        report.replacingOccurrences(of: "\"--schema auto", with: "\"" + PlaygroundService.autoOption)
            .replacingOccurrences(of: PayloadShape.validateAdvice + " (" + PayloadHints.Wording.commandLine.array + ")", with: PlaygroundService.autoAdvice)
            .replacingOccurrences(of: PayloadShape.validateAdvice, with: PlaygroundService.autoAdvice)
            .replacingOccurrences(of: PayloadHints.Wording.commandLine.array, with: PayloadHints.Wording.playground.array)
            .replacingOccurrences(of: escaped(PayloadHints.Wording.commandLine.missingType), with: escaped(PayloadHints.Wording.playground.missingType))
    }

    /// `text` as it stands inside a JSON string (the hints hold quotes, no other escaped character).
    func escaped(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: "\\\"") }

    func errorCode(_ response: PlaygroundResponse) throws -> String? {
        let document = try json(body(response))
        return (document["error"] as? [String: Any])?["code"] as? String
    }

    // MARK: - validate

    /// Each case: the query, the body, and the `validate` arguments that must print the same.
    func testValidateAnswersExactlyTheCLIsJSONReport() throws {
        let service = try service()
        let message = try fixture("valid/message.json")
        let invalidMessage = try fixture("invalid/message-created-at-number.json")
        let user = try fixture("valid/user.json")
        let ndjson = try fixture("ndjson/messages.ndjson")
        let cases: [(query: String, body: String, arguments: [String])] = [
            ("schema=message", message, ["--schema", "message"]),
            ("schema=message", invalidMessage, ["--schema", "message"]),
            ("schema=message&profile=strict", invalidMessage, ["--schema", "message", "--profile", "strict"]),
            ("schema=auto", user, ["--schema", "auto"]),
            ("", invalidMessage, []),
            ("profile=compat", user, ["--profile", "compat"]),
            ("schema=user&format=json", "{\"id\": 1,\n \"name\": [}", ["--schema", "user", "--format", "json"]),
            ("schema=message&format=ndjson", ndjson, ["--schema", "message", "--format", "ndjson"]),
            ("schema=message", ndjson, ["--schema", "message"]),
            ("schema=auto&format=ndjson", "\n" + user.replacingOccurrences(of: "\n", with: " ") + "\n\nnot json\n{}\n", ["--schema", "auto", "--format", "ndjson"]),
            ("schema=user", "", ["--schema", "user"]),
            ("schema=user", String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000), ["--schema", "user"]),
            ("schema=react-message&profile=strict", message, ["--schema", "react-message", "--profile", "strict"]),
        ]
        for c in cases {
            let answer = service.respond(to: PlaygroundRequest(method: "POST", target: "/v1/validate?\(c.query)", body: Array(c.body.utf8)))
            XCTAssertEqual(answer.status, 200, "\(c.query): \(body(answer))")
            XCTAssertEqual(answer.contentType, "application/json")
            let cli = try run(["validate", "--no-config", "--reporter", "json"] + c.arguments + ["-"], stdin: c.body)
            XCTAssertEqual(body(answer), apiWording(cli.stdout), "validate \(c.arguments.joined(separator: " ")) - differs from POST /v1/validate?\(c.query)")
            XCTAssertFalse(cli.stdout.isEmpty, c.query)
        }
    }

    /// A payload a limit leaves undecided (a config's custom data whose pattern backtracks past
    /// `max-regex-steps`) is answered with outcome `undecided`, as validate's JSON report says.
    func testValidateAnswersUndecidedForAPayloadALimitStopped() throws {
        try write("bio.json", #"{"type": "object", "properties": {"bio": {"type": "string", "not": {"pattern": "(\\w+\\s?)+evil"}}}}"#)
        try write("limits.yml", "profile: strict\ncustom-schemas:\n  user: bio.json\n")
        let service = try service(["--config", work.appendingPathComponent("limits.yml").path])
        let user = #"{"id": "u1", "name": "Ann", "type": "default", "status": "default", "custom": {"bio": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! x evil"}}"#
        let answer = post(service, "/v1/validate?schema=user", user)
        XCTAssertEqual(answer.status, 200)
        let document = try json(body(answer))
        let result = try XCTUnwrap((document["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["outcome"] as? String, "undecided", body(answer))
        XCTAssertEqual(result["passed"] as? Bool, false)
        XCTAssertEqual(((result["errors"] as? [[String: Any]])?.first)?["rule"] as? String, "max-regex-steps")
        XCTAssertEqual((document["summary"] as? [String: Any])?["undecided"] as? Int, 1)
        XCTAssertEqual(document["exitCode"] as? Int, 1)
        let cli = try run(["validate", "--config", "limits.yml", "--reporter", "json", "--schema", "user", "-"], stdin: user)
        XCTAssertEqual(cli.status, 1)
        XCTAssertEqual(body(answer), apiWording(cli.stdout))
    }

    func testValidateRefusesUnknownParametersWith400() throws {
        let service = try service()
        for (query, code) in [("schema=nope", "unknown-schema"), ("profile=lax", "unknown-profile"), ("format=yaml", "unknown-format"), ("schema=../../etc/passwd", "unknown-schema")] {
            let answer = service.respond(to: PlaygroundRequest(method: "POST", target: "/v1/validate?\(query)", body: Array("{}".utf8)))
            XCTAssertEqual(answer.status, 400, query)
            XCTAssertEqual(try errorCode(answer), code, query)
        }
    }

    func testValidateRefusesABodyOverTheLimitsWith413() throws {
        let small = try service(["--no-config", "--max-body-bytes", "64"])
        let tooLong = post(small, "/v1/validate?schema=user", String(repeating: " ", count: 65) + "{}")
        XCTAssertEqual(tooLong.status, 413)
        XCTAssertEqual(try errorCode(tooLong), "body-too-large")
        // The profile's max-bytes bounds a JSON payload (NDJSON: each line, as validate does).
        try write("limits.yml", "max-bytes: 80\n")
        let limited = try service(["--config", work.appendingPathComponent("limits.yml").path])
        let payload = "{\"id\": \"" + String(repeating: "x", count: 100) + "\"}"
        XCTAssertEqual(post(limited, "/v1/validate?schema=user", payload).status, 413)
        let lines = post(limited, "/v1/validate?schema=user&format=ndjson", payload + "\n{\"id\": \"u\"}\n")
        XCTAssertEqual(lines.status, 200)
        let cli = try run(["validate", "--config", "limits.yml", "--reporter", "json", "--schema", "user", "--format", "ndjson", "-"], stdin: payload + "\n{\"id\": \"u\"}\n")
        XCTAssertEqual(body(lines), apiWording(cli.stdout))
        XCTAssertTrue(body(lines).contains("(max-bytes)"), body(lines))
    }

    func testValidateRefusesABodyThatIsNotUTF8With415() throws {
        let service = try service()
        for bytes: [UInt8] in [[0x7B, 0xFF, 0x7D], [0xC3], [0xED, 0xA0, 0x80], Array("{\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)] {
            let answer = service.respond(to: PlaygroundRequest(method: "POST", target: "/v1/validate?schema=user", body: bytes))
            XCTAssertEqual(answer.status, 415, "\(bytes)")
            XCTAssertEqual(try errorCode(answer), "body-not-utf8")
        }
    }

    func post(_ service: PlaygroundService, _ target: String, _ body: String) -> PlaygroundResponse {
        service.respond(to: PlaygroundRequest(method: "POST", target: target, body: Array(body.utf8)))
    }

    // MARK: - the other endpoints

    func testSchemasAreListedAndPrintedAsTheSchemaCommandPrintsThem() throws {
        let service = try service()
        let list = service.respond(to: PlaygroundRequest(method: "GET", target: "/v1/schemas"))
        XCTAssertEqual(list.status, 200)
        let names = (try json(body(list))["schemas"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["user", "channel", "message", "member", "message-action", "react-user", "react-channel", "react-message"])
        for (target, arguments) in [
            ("/v1/schemas/message?profile=strict", ["schema", "message", "--profile", "strict"]),
            ("/v1/schemas/user", ["schema", "user"]),
            ("/v1/schemas/member?profile=compat&compact=true", ["schema", "member", "--profile", "compat", "--compact"]),
        ] {
            let answer = service.respond(to: PlaygroundRequest(method: "GET", target: target))
            XCTAssertEqual(answer.status, 200, target)
            XCTAssertEqual(body(answer), try run(arguments + ["--no-config"]).stdout, target)
        }
        let unknown = service.respond(to: PlaygroundRequest(method: "GET", target: "/v1/schemas/nope"))
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(try errorCode(unknown), "unknown-schema")
        XCTAssertEqual(service.respond(to: PlaygroundRequest(method: "GET", target: "/v1/schemas/user?profile=x")).status, 400)
    }

    func testNormalizeAndConvertAnswerWhatTheCommandsPrint() throws {
        let service = try service()
        let user = try fixture("valid/user.json")
        let message = try fixture("valid/message.json")
        let invalid = try fixture("invalid/message-created-at-number.json")
        let ndjson = [user, message, "{not json", invalid].map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
        let cases: [(target: String, body: String, arguments: [String])] = [
            ("/v1/normalize", user, ["normalize"]),
            ("/v1/normalize?kind=message", invalid, ["normalize", "--kind", "message"]),
            ("/v1/normalize?ndjson=true&profile=strict", ndjson, ["normalize", "--ndjson", "--profile", "strict"]),
            ("/v1/normalize?dates=native", message, ["normalize", "--dates", "native"]),
            ("/v1/convert?to=record", user, ["convert", "--to", "record"]),
            ("/v1/convert?to=record&kind=member", try fixture("valid/member.json"), ["convert", "--to", "record", "--kind", "member"]),
            ("/v1/convert?to=record", ndjson, ["convert", "--to", "record"]),
            ("/v1/convert?to=payload&kind=user", "{\"id\": \"u1\"}", ["convert", "--to", "payload", "--kind", "user"]),
        ]
        for c in cases {
            let answer = post(service, c.target, c.body)
            XCTAssertEqual(answer.status, 200, "\(c.target): \(body(answer))")
            let cli = try run(c.arguments + ["--no-config", "-"], stdin: c.body)
            let document = try json(body(answer))
            let results = document["results"] as? [[String: Any]] ?? []
            XCTAssertFalse(results.isEmpty, c.target)
            let printed = results.compactMap { $0["text"] as? String }.map { $0 + "\n" }.joined()
            let diagnosed = results.compactMap { ($0["error"] as? [String: Any])?["text"] as? String }.map { $0 + "\n" }.joined()
            XCTAssertEqual(printed, cli.stdout, c.target)
            XCTAssertEqual(diagnosed, cli.stderr, c.target)
            XCTAssertEqual(document["exitCode"] as? Int, Int(cli.status), c.target)
        }
        let missing = post(service, "/v1/convert", user)
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(try errorCode(missing), "missing-to")
        for (target, code) in [("/v1/convert?to=row", "unknown-to"), ("/v1/normalize?kind=thread", "unknown-kind"), ("/v1/normalize?dates=unix", "unknown-dates"), ("/v1/normalize?ndjson=yes", "unknown-ndjson")] {
            let answer = post(service, target, user)
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertEqual(try errorCode(answer), code, target)
        }
        XCTAssertEqual(service.respond(to: PlaygroundRequest(method: "POST", target: "/v1/normalize", body: [0xFF])).status, 415)
    }

    func testDiffAnswersWhatDiffVerbosePrints() throws {
        let service = try service()
        let pairs: [(a: String, b: String, arguments: [String], query: String)] = [
            (#"{"id": "u1", "name": "Ana", "n": 1.0}"#, #"{"name": "Ana", "id": "U1", "n": 1}"#, [], ""),
            (#"{"id": "u1"}"#, #"{"id": "u1"}"#, [], ""),
            (#"{"id": "u1"}"#, "{nope", [], ""),
            ("{\"id\": \"u1\"}\n{\"id\": \"u2\"}\n", "{\"id\": \"u1\"}\n", ["--ndjson"], "?ndjson=true"),
            (try fixture("valid/message.json"), #"{"id": "m1", "text": 5}"#, ["--kind", "message"], "?kind=message"),
        ]
        for (k, pair) in pairs.enumerated() {
            try write("a", pair.a)
            try write("b", pair.b)
            let cli = try run(["diff", "--verbose", "--no-config"] + pair.arguments + ["a", "b"])
            let request = try JSONSerialization.data(withJSONObject: ["a": pair.a, "b": pair.b])
            let answer = service.respond(to: PlaygroundRequest(method: "POST", target: "/v1/diff" + pair.query, body: Array(request)))
            XCTAssertEqual(answer.status, 200, "pair \(k): \(body(answer))")
            let document = try json(body(answer))
            let lines = (document["differences"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            XCTAssertEqual(lines.map { $0 + "\n" }.joined() + (document["summary"] as? String ?? "") + "\n", cli.stdout, "pair \(k)")
            XCTAssertEqual(document["exitCode"] as? Int, Int(cli.status), "pair \(k)")
            XCTAssertEqual((document["problems"] as? [Any])?.isEmpty, cli.stderr.isEmpty, "pair \(k): \(cli.stderr)")
        }
        for bad in ["[]", #"{"a": "{}"}"#, #"{"a": 1, "b": "{}"}"#, "not json"] {
            let answer = post(service, "/v1/diff", bad)
            XCTAssertEqual(answer.status, 400, bad)
            XCTAssertEqual(try errorCode(answer), "bad-diff-body", bad)
        }
    }

    func testPageHealthAndRouting() throws {
        let service = try service()
        let page = service.respond(to: PlaygroundRequest(method: "GET", target: "/"))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.contentType, "text/html; charset=utf-8")
        XCTAssertEqual(body(page), PlaygroundPage.html)
        let health = service.respond(to: PlaygroundRequest(method: "GET", target: "/healthz"))
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(try json(body(health))["status"] as? String, "ok")
        XCTAssertEqual(service.respond(to: PlaygroundRequest(method: "HEAD", target: "/healthz")).status, 200)
        let notFound = service.respond(to: PlaygroundRequest(method: "GET", target: "/v2/validate"))
        XCTAssertEqual(notFound.status, 404)
        XCTAssertEqual(try errorCode(notFound), "not-found")
        let wrongMethod = service.respond(to: PlaygroundRequest(method: "GET", target: "/v1/validate"))
        XCTAssertEqual(wrongMethod.status, 405)
        XCTAssertEqual(wrongMethod.allow, "POST")
        let post = service.respond(to: PlaygroundRequest(method: "DELETE", target: "/v1/schemas"))
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.allow, "GET, HEAD")
    }

    func testQueryParametersArePercentDecoded() throws {
        let service = try service()
        let encoded = post(service, "/v1/validate?schema=message%2Daction&profile=%73trict", "{}")
        XCTAssertEqual(encoded.status, 200, body(encoded))
        XCTAssertTrue(body(encoded).contains(#""schema": "message-action""#), body(encoded))
        XCTAssertTrue(body(encoded).contains(#""profile": "strict""#), body(encoded))
        // A malformed escape is kept as it is, and refused as an unknown value.
        XCTAssertEqual(post(service, "/v1/validate?schema=%zz", "{}").status, 400)
        XCTAssertEqual(post(service, "/v1/validate?schema=%E2%82", "{}").status, 400)
    }

    /// The document `GET /openapi.json` serves is the repository's openapi.json, and it
    /// describes every path the service answers.
    func testOpenAPIDocumentIsTheRepositoryFile() throws {
        let file = CLITestCase.repositoryRoot.appendingPathComponent("Sources/ChatPayloadsCLI/Serve/openapi.json")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        XCTAssertEqual(text, PlaygroundOpenAPI.document + "\n", "run Scripts/serve-openapi after editing openapi.json")
        let service = try service()
        let served = service.respond(to: PlaygroundRequest(method: "GET", target: "/openapi.json"))
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(body(served), PlaygroundOpenAPI.document)
        let document = try json(text)
        XCTAssertEqual(document["openapi"] as? String, "3.1.0")
        let paths = (document["paths"] as? [String: Any]).map { Set($0.keys) }
        XCTAssertEqual(paths, ["/", "/healthz", "/openapi.json", "/v1/schemas", "/v1/schemas/{name}", "/v1/validate", "/v1/normalize", "/v1/convert", "/v1/diff"])
    }

    // MARK: - issue 38

    /// Every endpoint refuses a query parameter given twice (400 `duplicate-parameter`, naming
    /// it), also when the second spelling is percent-encoded, instead of answering with the last.
    func testFinding10_ARepeatedQueryParameterIsRefusedOnEveryEndpoint() throws {
        let service = try service()
        let user = try fixture("valid/user.json")
        let diffBody = #"{"a": "{}", "b": "{}"}"#
        let cases: [(method: String, target: String, body: String, name: String)] = [
            ("POST", "/v1/validate?schema=user&schema=message", user, "schema"),
            ("POST", "/v1/validate?schema=user&profile=strict&profile=compat", user, "profile"),
            ("POST", "/v1/validate?format=json&%66ormat=ndjson", user, "format"),
            ("POST", "/v1/validate?schema=user&schema=user", user, "schema"),
            ("POST", "/v1/normalize?kind=user&kind=message", user, "kind"),
            ("POST", "/v1/convert?to=record&to=payload", user, "to"),
            ("POST", "/v1/diff?ndjson=true&ndjson=false", diffBody, "ndjson"),
            ("GET", "/v1/schemas/user?profile=strict&profile=compat", "", "profile"),
            ("GET", "/v1/schemas?x=1&x=2", "", "x"),
            ("GET", "/healthz?t=1&t=2", "", "t"),
            ("GET", "/openapi.json?v=1&v=1", "", "v"),
            ("GET", "/?profile=strict&profile=compat", "", "profile"),
        ]
        for c in cases {
            let answer = service.respond(to: PlaygroundRequest(method: c.method, target: c.target, body: Array(c.body.utf8)))
            XCTAssertEqual(answer.status, 400, "\(c.target): \(body(answer))")
            XCTAssertEqual(answer.contentType, "application/json", c.target)
            XCTAssertEqual(try errorCode(answer), "duplicate-parameter", c.target)
            let message = (try json(body(answer))["error"] as? [String: Any])?["message"] as? String ?? ""
            XCTAssertTrue(message.contains("'\(c.name)'"), "\(c.target): \(message)")
        }
        // Given once, each is still answered.
        XCTAssertEqual(post(service, "/v1/validate?schema=user&profile=strict&format=json", user).status, 200)
    }

    /// The same class in `/v1/diff`'s body: a key given twice is not decided by the last, and a
    /// key other than a and b is not ignored.
    func testFinding10_ADiffBodyWithARepeatedOrUnknownKeyIsRefused() throws {
        let service = try service()
        for bad in [#"{"a": "{}", "a": "[]", "b": "{}"}"#, #"{"a": "{}", "b": "{}", "b": "[]"}"#, #"{"a": "{}", "b": "{}", "kind": "user"}"#] {
            let answer = post(service, "/v1/diff", bad)
            XCTAssertEqual(answer.status, 400, "\(bad): \(body(answer))")
            XCTAssertEqual(try errorCode(answer), "bad-diff-body", bad)
        }
        XCTAssertEqual(post(service, "/v1/diff", #"{"b": "{}", "a": "{}"}"#).status, 200)
    }

    /// The same class: a parameter the endpoint does not take (a typo such as `profle=strict`)
    /// is refused, not silently left out of the answer.
    func testFinding10_AQueryParameterTheEndpointDoesNotTakeIsRefused() throws {
        let service = try service()
        let user = try fixture("valid/user.json")
        for (method, target) in [
            ("POST", "/v1/validate?schema=user&profle=strict"), ("POST", "/v1/validate?ndjson=true"),
            ("POST", "/v1/normalize?format=json"), ("POST", "/v1/convert?to=record&schema=user"),
            ("POST", "/v1/diff?to=record"), ("GET", "/v1/schemas/user?compat=true"), ("GET", "/v1/schemas?profile=strict"),
        ] {
            let answer = service.respond(to: PlaygroundRequest(method: method, target: target, body: Array(user.utf8)))
            XCTAssertEqual(answer.status, 400, "\(target): \(body(answer))")
            XCTAssertEqual(try errorCode(answer), "unknown-parameter", target)
        }
    }

    /// `format=json-array` checks each element of a top-level array, answering exactly what
    /// `validate --format json-array --reporter json` prints; the OpenAPI document offers it.
    func testFinding11_ValidateTakesFormatJSONArrayAsValidateDoes() throws {
        let service = try service()
        let user = try fixture("valid/user.json")
        let message = try fixture("valid/message.json")
        let invalid = try fixture("invalid/message-created-at-number.json")
        let bodies = [
            "[\n" + [user, message, invalid].joined(separator: ",\n") + "]\n",
            "[]",
            "[{\"id\": \"u1\", \"name\": 5}, 7, {\"id\": \"u2\"}]",
            "[{\"id\": \"u1\"}, {\"id\": ",
            "{\"id\": \"u1\"}",
        ]
        for (k, text) in bodies.enumerated() {
            for (query, arguments) in [("schema=auto&format=json-array", ["--schema", "auto"]), ("schema=user&format=json-array&profile=strict", ["--schema", "user", "--profile", "strict"])] {
                let answer = post(service, "/v1/validate?\(query)", text)
                XCTAssertEqual(answer.status, 200, "body \(k), \(query): \(body(answer))")
                let cli = try run(["validate", "--no-config", "--reporter", "json", "--format", "json-array"] + arguments + ["-"], stdin: text)
                XCTAssertEqual(body(answer), apiWording(cli.stdout), "body \(k), \(query)")
            }
        }
        // Three payloads, the third invalid, each located in the body.
        let report = try json(body(post(service, "/v1/validate?schema=auto&format=json-array", bodies[0])))
        let outcomes = (report["results"] as? [[String: Any]] ?? []).compactMap { $0["outcome"] as? String }
        XCTAssertEqual(outcomes, ["valid", "valid", "invalid"])
        // A non-object (an array sent as one document, a number element) is told what to send
        // through this API, not validate's --schema or --select.
        for (query, text) in [("schema=auto", "[{\"id\": \"u1\"}]"), ("schema=auto&format=json-array", "[7]"), ("", "42")] {
            let answer = body(post(service, "/v1/validate?\(query)", text))
            XCTAssertTrue(answer.contains("schema=auto: this document is not a JSON object"), answer)
            XCTAssertTrue(answer.contains("format=json-array"), answer)
            XCTAssertFalse(answer.contains("--"), answer)
        }
        let document = try json(PlaygroundOpenAPI.document)
        let parameters = ((document["paths"] as? [String: Any])?["/v1/validate"] as? [String: Any])?["post"] as? [String: Any]
        let format = (parameters?["parameters"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "format" }
        XCTAssertEqual((format?["schema"] as? [String: Any])?["enum"] as? [String], ["auto", "json", "ndjson", "json-array"])
    }

    /// The page opens on the server's profile (`--profile`, else the config's), not on standard.
    func testFinding11_ThePageOpensOnTheServersProfile() throws {
        try write("compat.yml", "profile: compat\n")
        for (arguments, expected) in [
            (["--no-config", "--profile", "strict"], "strict"), (["--no-config", "--profile", "compat"], "compat"),
            (["--no-config"], "standard"), (["--config", work.appendingPathComponent("compat.yml").path], "compat"),
            (["--config", work.appendingPathComponent("compat.yml").path, "--profile", "strict"], "strict"),
        ] {
            let service = try service(arguments)
            XCTAssertEqual(service.defaultProfile.rawValue, expected, "\(arguments)")
            let page = body(service.respond(to: PlaygroundRequest(method: "GET", target: "/")))
            let picker = page.components(separatedBy: "<select id=\"profile\"").dropFirst().first?.components(separatedBy: "</select>").first ?? ""
            let selected = picker.components(separatedBy: "<option ").filter { $0.contains(" selected>") }
            XCTAssertEqual(selected.count, 1, "\(arguments): \(picker)")
            XCTAssertTrue(selected.first?.hasPrefix("value=\"\(expected)\" selected>") ?? false, "\(arguments): \(picker)")
            XCTAssertEqual(page, PlaygroundPage.html(defaultProfile: service.defaultProfile))
            XCTAssertFalse(page.contains("<!--profile-options-->") || page.contains("/*api-auto*/"), "a placeholder was left in the page")
        }
    }

    func testAConfigThatDoesNotLoadStopsTheService() throws {
        try write("bad.yml", "profile: nonsense\n")
        guard case .failure(let failure) = PlaygroundService.make(arguments: ["--config", work.appendingPathComponent("bad.yml").path]) else {
            return XCTFail("a bad config was accepted")
        }
        XCTAssertTrue(failure.message.contains("bad.yml"), failure.message)
    }
}
