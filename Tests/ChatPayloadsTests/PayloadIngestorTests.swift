@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// The library's ingestion API: inputs cut into payloads, verdicts, issues located in the
/// input's coordinates, and records built from the same reading; the sent-message fast path
/// (``SentMessageReader``) gives the typed path's record.
final class PayloadIngestorTests: XCTestCase {
    func ingestor(_ schema: BundledSchema, building: ChatPayloadKind? = nil, profile: Profile = .standard) throws -> PayloadIngestor {
        PayloadIngestor(validator: try PayloadValidator(schema: .bundled(schema), profile: profile), building: building)
    }

    func testNDJSONIssuesAreOnTheirLine() throws {
        let text = """
            {"id":"u1","type":"default"}

            {"id":"u2","type":"default","email":5}
            {"id":
            """
        let results = try ingestor(.user).ingest(Array(text.utf8), format: .ndjson)
        XCTAssertEqual(results.map(\.outcome), [.valid, .invalid, .unreadable])
        XCTAssertEqual(results.map(\.index), [0, 1, 2])
        XCTAssertEqual(results.map(\.label), [.line(1), .line(3), .line(4)])
        let email = try XCTUnwrap(results[1].issues.first)
        XCTAssertEqual(email.instanceLocation, JSONPointer(tokens: ["email"]))
        XCTAssertEqual(email.location?.line, 3)
        XCTAssertEqual(email.location?.column, 37)
        XCTAssertEqual(results[2].issues.first?.location?.line, 4)
    }

    func testArrayElementsAreLocatedFromTheirStart() throws {
        let text = "[{\"id\":\"u1\",\"type\":\"default\"},\n  {\"id\":\"u2\",\"type\":\"default\",\"name\":5}]"
        let results = try ingestor(.user).ingest(Array(text.utf8), format: .jsonArray)
        XCTAssertEqual(results.map(\.outcome), [.valid, .invalid])
        XCTAssertEqual(results[1].label, .element(index: 1, line: 2, column: 3))
        let name = try XCTUnwrap(results[1].issues.first)
        XCTAssertEqual(name.location?.line, 2)
        XCTAssertEqual(name.location?.column, 3 + #"{"id":"u2","type":"default","name":"#.count)
        // Structure problems are located too.
        let broken = try ingestor(.user).ingest(Array("[{\"id\":\"u1\"} {\"id\":\"u2\"}]".utf8), format: .jsonArray)
        XCTAssertTrue(broken.contains { $0.outcome == .unreadable && $0.issues.first?.rule == "parse" }, "\(broken)")
    }

    func testLimitsAndWholeInputs() throws {
        var profile = Profile.standard
        profile.maxBytes = 40
        let ingest = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.user), profile: profile))
        let long = #"{"id":"u1","type":"default","name":"a long name indeed"}"#
        let lines = ingest.ingest(Array(("{\"id\":\"u1\",\"type\":\"default\"}\n" + long + "\n").utf8), format: .ndjson)
        XCTAssertEqual(lines.map(\.outcome), [.valid, .unreadable])
        XCTAssertEqual(lines[1].issues.first?.rule, "max-bytes")
        XCTAssertEqual(lines[1].issues.first?.location?.line, 2)
        XCTAssertEqual(ingest.ingest(Array(long.utf8), format: .json).first?.issues.first?.rule, "max-bytes")
    }

    func testYAMLDocumentsAreLocated() throws {
        let text = "id: u1\ntype: default\n---\nid: u2\ntype: default\nemail: 5\n"
        let results = try ingestor(.user, building: .user).ingest(Array(text.utf8), format: .yaml)
        XCTAssertEqual(results.map(\.outcome), [.valid, .invalid])
        XCTAssertEqual(results.map(\.label), [.document(1), .document(2)])
        guard case .user(let record)? = results[0].record else { return XCTFail("no user record: \(results[0])") }
        XCTAssertEqual(record.id, "u1")
        XCTAssertNil(results[1].record)
        XCTAssertEqual(results[1].issues.first?.location?.line, 6)
    }

    func testRecordsAreBuiltForValidPayloadsOnly() throws {
        let text = """
            {"id":"u1","type":"default","name":"Ann"}
            {"id":"u2","type":"default","updated":"yesterday"}
            """
        let results = try ingestor(.user, building: .user).ingest(Array(text.utf8), format: .ndjson)
        XCTAssertEqual(results.map(\.outcome), [.valid, .invalid])
        guard case .user(let record)? = results[0].record else { return XCTFail("no user record") }
        XCTAssertEqual(record.name, "Ann")
        XCTAssertNil(results[1].record)
        // Validation only: no records.
        XCTAssertNil(try ingestor(.user).ingest(Array(text.utf8), format: .ndjson)[0].record)
    }

    // MARK: Sent messages: one decoder

    /// The typed path's record: parse, `ChatMessage` decode, `MessageRecord`.
    func typed(_ text: String) throws -> MessageRecord {
        let document = try JSONParser.parse(Array(text.utf8))
        return try MessageRecord(try ChatMessage<AnyJSONCustomData>.decode(from: document, options: ChatDecodingOptions()))
    }

    func sent(_ content: String, timetoken: String = "17000000000000001") -> String {
        #"{"pubnubChannelId":"general","timetoken":\#(timetoken),"content":\#(content),"pubnubUserId":"u1"}"#
    }

    /// Contents the fast path reads (keys out of order, escapes, numbers in every spelling,
    /// keys past U+E000, nulls) and some it declines (the typed path takes those).
    static let contents = [
        #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}"#,
        #"{"createdAt":"2024-01-02T03:04:05.678+09:00","text":"caf\u00e9 \"q\" \n tab\t","id":"m\u0000x","contentType":"imageUrl","content":{"z":1,"a":[1.0,-0,1e2,-5,12345678901234567890,0.1,true,false,null,"s\/"],"m":{"y":{},"b":[]}},"custom":{"k":"v"}}"#,
        #"{"id":"m3","text":"keys","createdAt":"2024-01-02T03:04:05Z","content":{"é":1,"e":2,"😀":3,"\#u{FF5E}":4,"Z":5,"ä":{"\#u{E000}":1,"𝄞":2}},"contentType":null,"custom":null}"#,
        #"{"id":"m4","text":"","createdAt":"2024-01-02T03:04:05.123456789Z","content":null,"custom":{"b":{"c":[{"y":1,"x":2}]},"a":"\ud83d\ude00"}}"#,
        #"{"id":"m5","text":"big","createdAt":"2024-01-02T03:04:05Z","content":{"n":[-0.0,1E+2,100000000000000000000000,-9223372036854775808,999999999999999999,-99999999999999999]}}"#,
        #"{"id":"m6","text":"t","createdAt":"2024-01-02T03:04:05Z","type":"text"}"#,
        #"{"id":"m7","text":"t","createdAt":"2024-01-02T03:04:05Z","content":{"a":"\u001f\u007f"},"custom":{"x":[[],{}]}}"#,
    ]

    func testTheFastPathGivesTheTypedRecord() throws {
        var reader = SentMessageReader(options: JSONParseOptions(), decoding: ChatDecodingOptions())
        var read = 0
        for content in Self.contents {
            for timetoken in ["17000000000000001", "0", "999999999999999999"] {
                let text = sent(content, timetoken: timetoken)
                let expected = try typed(text)
                if let fast = reader.record(Array(text.utf8), validate: { _ in true }) {
                    read += 1
                    XCTAssertEqual(fast, expected, text)
                    XCTAssertEqual(fast.content, expected.content, text)
                    XCTAssertEqual(fast.custom, expected.custom, text)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(read, 15, "the fast path should read the common shapes")
    }

    func testTheIngestorGivesTheTypedRecordWhicheverPathReadsIt() throws {
        let ingest = try ingestor(.message, building: .sentMessage)
        var lines: [String] = []
        for content in Self.contents {
            lines.append(sent(content))
            lines.append(sent(content, timetoken: #""17000000000000001""#))
        }
        // A nested user model and actions: the typed path (the user judged as a User: it has its type).
        lines.append(#"{"timetoken":5,"content":\#(Self.contents[0]),"pubnubUserId":"u1","pubnubChannelId":"c","userModel":{"id":"u1","type":"default"},"messageActions":[]}"#)
        let results = ingest.ingest(Array(lines.joined(separator: "\n").utf8), format: .ndjson)
        XCTAssertEqual(results.count, lines.count)
        var stored = 0
        for (line, result) in zip(lines, results) {
            // The message schema refuses null members under the standard profile; those have no record.
            guard result.outcome == .valid else {
                XCTAssertNil(result.record, line)
                XCTAssertFalse(result.issues.contains { $0.rule == "decode" }, "\(line): \(result.issues)")
                continue
            }
            guard case .message(let record, _, _, _)? = result.record else {
                XCTFail("valid but no record: \(line): \(result.issues)")
                continue
            }
            stored += 1
            XCTAssertEqual(record, try typed(line), line)
        }
        XCTAssertEqual(stored, lines.count - 4)
    }

    func testAnInvalidSentMessageIsLocatedUnderContent() throws {
        let ingest = try ingestor(.message, building: .sentMessage)
        let text = "\n" + sent(#"{"id":"m1","text":5,"createdAt":"2024-01-02T03:04:05Z"}"#)
        let result = try XCTUnwrap(ingest.ingest(Array(text.utf8), format: .ndjson).first)
        XCTAssertEqual(result.outcome, .invalid)
        XCTAssertNil(result.record)
        let issue = try XCTUnwrap(result.issues.first)
        XCTAssertEqual(issue.instanceLocation, JSONPointer(tokens: ["content", "text"]))
        XCTAssertEqual(issue.location?.line, 2)
        let column = Array(text.utf8).split(separator: 0x0A)[0].count  // the line's text
        XCTAssertLessThan(issue.location?.column ?? 0, column)
        XCTAssertGreaterThan(issue.location?.column ?? 0, #"{"pubnubChannelId":"general","timetoken":17000000000000001,"content":"#.count)
        // A null timetoken: kept out by the sent message's own rule (as validate --schema auto says), located.
        let null = ingest.ingest(Array(sent(Self.contents[0], timetoken: "null").utf8), format: .json)
        XCTAssertEqual(null.first?.outcome, .invalid)
        XCTAssertEqual(null.first?.issues.first?.rule, "envelope")
        XCTAssertEqual(null.first?.issues.first?.instanceLocation, JSONPointer(tokens: ["timetoken"]))
        XCTAssertNotNil(null.first?.issues.first?.location)
    }

    /// An unreadable text gets, without a validator, the report every validator gives it.
    func testUnreadableTextIsReportedAsAValidatorReportsIt() throws {
        var profile = Profile.strict
        profile.maxDepth = 3
        let validator = try PayloadValidator(schema: .bundled(.message), profile: profile)
        let texts = [#"{"id":"#, "nope", #"{"a":1,"a":2,"#, #"{"a":[[[[1]]]]}"#, "{\"a\":\"\u{0001}\"}", #"{"a":1,"a":2}"#]
        for text in texts {
            let bytes = Array(text.utf8)
            let direct = PayloadReport.unreadable(text: bytes, profile: profile, schemaName: "message")
            let report = validator.validate(bytes: bytes)
            if report.outcome == .unreadable {
                let direct = try XCTUnwrap(direct, text)
                XCTAssertEqual(direct.issues, report.issues, text)
                XCTAssertEqual(direct.basicOutput, report.basicOutput, text)
            } else {
                XCTAssertNil(direct, text)
            }
        }
    }
}
