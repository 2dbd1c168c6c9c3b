@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// The library's per-payload check (``PayloadCheck``, what `validate` runs): issues in the
/// input's coordinates for an NDJSON line, an array element and a YAML document; `auto`
/// detection; `select`; `--expect invalid`; verdicts only.
final class PayloadCheckIngestTests: XCTestCase {
    func results(
        _ text: String, format: PayloadStreamFormat, schema: BundledSchema? = nil, configure: (inout PayloadCheck) -> Void = { _ in }
    ) throws -> [CheckedPayload] {
        var check = PayloadCheck(profile: .standard)
        configure(&check)
        let chosen = try schema.map { try PayloadValidator(schema: .bundled($0), profile: .standard) }
        var validators = ValidatorCache.Context(profile: .standard, chosen: chosen)
        return check.check(Array(text.utf8), format: format, schema: schema == nil ? .auto : .chosen, schemaName: schema?.rawValue, context: &validators)
    }

    func testNDJSONLineIssuesAreOnTheirLineOfTheInput() throws {
        let text = "{\"id\":\"u1\",\"type\":\"default\"}\n\n{\"id\":\"u2\",\"type\":\"default\",\"email\":5}\n{\"id\":\n"
        let checked = try results(text, format: .ndjson, schema: .user)
        XCTAssertEqual(checked.map(\.outcome), [.valid, .invalid, .unreadable])
        XCTAssertEqual(checked.map(\.label), [.line(1), .line(3), .line(4)])
        let email = try XCTUnwrap(checked[1].issues.first)
        XCTAssertEqual(email.instanceLocation, JSONPointer(tokens: ["email"]))
        XCTAssertEqual(email.line, 3)
        XCTAssertEqual(email.column, 1 + #"{"id":"u2","type":"default","email":"#.count)
        XCTAssertEqual(email.reportedRule, "type")
        XCTAssertEqual(checked[2].issues.first?.line, 4)
        XCTAssertEqual(checked[2].issues.first?.reportedRule, "parse")
        XCTAssertEqual(checked.map(\.passed), [true, false, false])
        XCTAssertEqual(checked[1].schemaName, "user")
    }

    func testArrayElementIssuesAreLocatedFromTheElementsStart() throws {
        let text = "[{\"id\":\"u1\",\"type\":\"default\"},\n  {\"id\":\"u2\",\"type\":\"default\",\"name\":5}]"
        let checked = try results(text, format: .jsonArray, schema: .user) { $0.wantsOutput = true }
        XCTAssertEqual(checked.map(\.outcome), [.valid, .invalid])
        XCTAssertEqual(checked[1].label, .element(index: 1, line: 2, column: 3))
        let name = try XCTUnwrap(checked[1].issues.first)
        XCTAssertEqual(name.line, 2)
        XCTAssertEqual(name.column, 3 + #"{"id":"u2","type":"default","name":"#.count)
        // The typed `basic` output is located the same way.
        let unit = try XCTUnwrap(checked[1].output?.errors.first { $0.instanceLocation == "/name" })
        XCTAssertEqual(unit.line, 2)
        XCTAssertEqual(unit.column, name.column)
    }

    func testYAMLDocumentIssuesAreAtTheirValuesInTheInput() throws {
        let text = "id: u1\ntype: default\n---\nid: u2\ntype: default\nemail: 5\n"
        let checked = try results(text, format: .yaml, schema: .user)
        XCTAssertEqual(checked.map(\.outcome), [.valid, .invalid])
        XCTAssertEqual(checked[1].label, .document(2))
        let email = try XCTUnwrap(checked[1].issues.first)
        XCTAssertEqual(email.instanceLocation, JSONPointer(tokens: ["email"]))
        XCTAssertEqual(email.line, 6)
        XCTAssertEqual(email.column, 8)
    }

    func testAutoPicksTheSchemaByShapeAndSaysWhenItCannot() throws {
        let text = """
            {"id":"u1","type":"default","email":"a@example.com"}
            {"id":"c1","type":"default","description":"general"}
            {"id":"x","name":"y","type":"default"}
            {"id":"u2","type":"default","email":7}
            """
        let checked = try results(text, format: .ndjson)
        XCTAssertEqual(checked.map(\.outcome), [.valid, .valid, .invalid, .invalid])
        XCTAssertEqual(checked.map(\.schemaName), ["user", "channel", nil, "user"])
        XCTAssertEqual(checked.map(\.autoDetected), [true, true, false, true])
        let auto = try XCTUnwrap(checked[2].issues.first)
        XCTAssertEqual(auto.reportedRule, "auto")
        XCTAssertEqual(auto.line, 3)
        XCTAssertEqual(auto.column, 1)
        XCTAssertTrue(auto.message.contains("--schema auto"), auto.message)
        XCTAssertEqual(checked[3].issues.first?.line, 4)
        XCTAssertEqual(checked[3].issues.first?.column, 1 + #"{"id":"u2","type":"default","email":"#.count)
    }

    func testSelectNarrowsEachPayloadAndKeepsInputPositions() throws {
        let text = """
            {"event":1,"payload":{"id":"u1","type":"default"}}
            {"event":2,"payload":{"id":"u2","type":"default","email":5}}
            {"event":3}
            """
        let checked = try results(text, format: .ndjson, schema: .user) { $0.select = JSONPointer(tokens: ["payload"]) }
        XCTAssertEqual(checked.map(\.outcome), [.valid, .invalid, .invalid])
        let email = try XCTUnwrap(checked[1].issues.first)
        XCTAssertEqual(email.instanceLocation, JSONPointer(tokens: ["payload", "email"]))
        XCTAssertEqual(email.line, 2)
        XCTAssertEqual(email.column, 1 + #"{"event":2,"payload":{"id":"u2","type":"default","email":"#.count)
        let missing = try XCTUnwrap(checked[2].issues.first)
        XCTAssertEqual(missing.reportedRule, "select")
        XCTAssertEqual(missing.message, "--select /payload: this payload has no value there")
        XCTAssertEqual(missing.line, 3)
    }

    func testExpectInvalidAndVerdictsOnly() throws {
        let text = "{\"id\":\"u1\",\"type\":\"default\"}\n{\"id\":\"u2\",\"type\":\"default\",\"email\":5}\n"
        let expecting = try results(text, format: .ndjson, schema: .user) { $0.expectInvalid = true }
        XCTAssertEqual(expecting.map(\.passed), [false, true])
        let expectation = try XCTUnwrap(expecting[0].issues.first)
        XCTAssertEqual(expectation.reportedRule, "expect-invalid")
        XCTAssertEqual(expectation.message, "expected this payload to be invalid against user, but it is valid")
        XCTAssertEqual(expectation.line, 1)
        let verdicts = try results(text, format: .ndjson, schema: .user) { $0.verdictOnly = true }
        XCTAssertEqual(verdicts.map(\.outcome), [.valid, .invalid])
        XCTAssertEqual(verdicts[1].issues.count, 0, "the fast path decides without collecting errors")
    }

    func testAChosenSchemaThatCannotBeUsedIsASchemaErrorOnEachPayload() throws {
        var validators = ValidatorCache.Context(profile: .standard)
        let check = PayloadCheck(profile: .standard)
        let checked = check.check(Array("{\"id\":1}\n{\"id\":\n".utf8), format: .ndjson, schema: .chosen, context: &validators)
        XCTAssertEqual(checked.map(\.outcome), [.schemaError, .schemaError])
        XCTAssertEqual(checked[0].issues.map(\.reportedRule), ["schema"])
    }
}
