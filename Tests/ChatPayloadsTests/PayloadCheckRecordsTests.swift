@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// The library's ingestion (``PayloadCheck`` with ``PayloadCheck/building``): inputs cut into payloads, verdicts, issues located in the
/// input's coordinates, and records built from the same reading; the sent-message fast path
/// (``SentMessageReader``) gives the typed path's record.
final class PayloadCheckRecordsTests: XCTestCase {
    func ingestor(_ schema: BundledSchema, building: ChatPayloadKind? = nil, profile: Profile = .standard) throws -> Ingestion {
        Ingestion(validator: try PayloadValidator(schema: .bundled(schema), profile: profile), building: building)
    }

    func testNDJSONIssuesAreOnTheirLine() throws {
        let text = """
            {"id":"u1","type":"default"}

            {"id":"u2","type":"default","email":5}
            {"id":
            """
        let results = try ingestor(.user).ingest(Array(text.utf8), format: .ndjson)
        XCTAssertEqual(results.map(\.outcome), [.valid, .invalid, .unreadable])
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
        let ingest = Ingestion(validator: try PayloadValidator(schema: .bundled(.user), profile: profile))
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

    // MARK: One reading: verdict, issues and record

    /// Counts ``JSONParser/parse(_:options:)`` calls made while `body` runs on this thread.
    func documentsParsed(_ body: () -> Void) -> Int {
        let count = ParseOnceTests.Counter()
        JSONParser.$documentParsed.withValue({ count.increment() }, operation: body)
        return count.value
    }

    func testTheRecordIsBuiltFromTheReadingThatJudgedIt() throws {
        let user = #"{"id":"u1","type":"default","name":"Ann","custom":{"a":1}}"#
        var results: [CheckedPayload] = []
        // Valid on the fast path: the tree comes from the validator's tape, the text is not parsed.
        XCTAssertEqual(documentsParsed { results = try! ingestor(.user, building: .user).ingest(Array(user.utf8), format: .json) }, 0)
        let expected = try PayloadCheck.record(.user, from: try JSONParser.parse(Array(user.utf8)).root, document: nil, options: ChatDecodingOptions())
        XCTAssertEqual(results.first?.record, expected)
        // A sent message with a model (not the tape's common shape): one parse, shared by the
        // envelope rule and the record.
        let sent = sent(Self.contents[0]).dropLast() + #","userModel":{"id":"u1","type":"default"}}"#
        var check = PayloadCheck(profile: .standard)
        check.building = .detected
        var context = ValidatorCache.Context(profile: .standard)
        XCTAssertEqual(documentsParsed { results = check.check(Array(sent.utf8), format: .json, schema: .auto, context: &context) }, 1)
        XCTAssertEqual(results.first?.outcome, .valid, "\(results.first?.issues ?? [])")
        guard case .message(_, let nested?, _, _)? = results.first?.record else { return XCTFail("no message record with its user: \(results)") }
        XCTAssertEqual(nested.id, "u1")
    }

    func testAutoBuildsTheDetectedKindsRecordOrSaysWhyNot() throws {
        var check = PayloadCheck(profile: .standard)
        check.building = .detected
        var context = ValidatorCache.Context(profile: .standard)
        let lines = [
            #"{"id":"u1","type":"default","email":"ann@example.com"}"#,
            sent(Self.contents[0]),
            #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z"}"#,
            #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u2","type":"default"}}"#,
            #"{"source":"objects","version":"2.0","event":"delete","type":"uuid","data":{"id":"u3","type":"default"}}"#,
        ]
        let results = check.check(Array(lines.joined(separator: "\n").utf8), format: .ndjson, schema: .auto, context: &context)
        XCTAssertEqual(results.map(\.outcome), [.valid, .valid, .valid, .valid, .valid], "\(results.map(\.issues))")
        guard case .user(let first)? = results[0].record else { return XCTFail("no user: \(results[0])") }
        XCTAssertEqual(first.id, "u1")
        guard case .message? = results[1].record else { return XCTFail("no message: \(results[1])") }
        XCTAssertEqual(results[1].schemaName, "message at /content (sent message)")
        XCTAssertNil(results[2].record)
        XCTAssertEqual(results[2].recordRefusal, .messagePayload)
        guard case .user(let inner)? = results[3].record else { return XCTFail("no user from the event: \(results[3])") }
        XCTAssertEqual(inner.id, "u2")
        XCTAssertNil(results[4].record)
        XCTAssertEqual(results[4].recordRefusal, .deleteEvent)
    }

    func testADecodingFailureIsAnInvalidPayloadLocatedInTheInput() throws {
        // The schema passes a sent message without content; the decoder refuses it, located.
        let text = "\n" + #"{"timetoken":1,"pubnubUserId":"u1","pubnubChannelId":"c1"}"#
        let result = try XCTUnwrap(try ingestor(.message, building: .sentMessage).ingest(Array(text.utf8), format: .ndjson).first)
        XCTAssertEqual(result.outcome, .invalid)
        XCTAssertNil(result.record)
        let issue = try XCTUnwrap(result.issues.first)
        XCTAssertEqual(issue.kind, .decode, "\(issue)")
        XCTAssertEqual(issue.location?.line, 2)
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
        let reader = SentMessageReader(options: JSONParseOptions(), decoding: ChatDecodingOptions())
        var tape = JSONTape()
        var read = 0
        for content in Self.contents {
            for timetoken in ["17000000000000001", "0", "999999999999999999"] {
                let text = sent(content, timetoken: timetoken)
                let expected = try typed(text)
                if let fast = reader.record(Array(text.utf8), tape: &tape, validate: { _ in true }) {
                    read += 1
                    XCTAssertEqual(fast, expected, text)
                    XCTAssertEqual(fast.content, expected.content, text)
                    XCTAssertEqual(fast.custom, expected.custom, text)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(read, 15, "the fast path should read the common shapes")
    }

    func testTheCheckGivesTheTypedRecordWhicheverPathReadsIt() throws {
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

/// An app's ingestion through the library's one per-payload pipeline: ``PayloadCheck`` with the
/// app's validator (a sent message's content's when it builds messages) and the record to build.
struct Ingestion {
    let validator: PayloadValidator
    let building: ChatPayloadKind?

    init(validator: PayloadValidator, building: ChatPayloadKind? = nil) {
        self.validator = validator
        self.building = building
    }

    /// Every payload of `bytes`, in input order.
    func ingest(_ bytes: [UInt8], format: PayloadStreamFormat) -> [CheckedPayload] {
        var check = PayloadCheck(profile: validator.profile)
        check.building = building.map { .kind($0) }
        var context = ValidatorCache.Context(profile: validator.profile, chosen: validator)
        return check.check(bytes, format: format, schema: building == .sentMessage ? .sentMessage : .chosen, context: &context)
    }
}
