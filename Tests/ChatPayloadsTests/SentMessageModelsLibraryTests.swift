@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// Issue 38, finding 3, the library's side: ``PayloadIngestor`` and ``ChatMessage`` decoding
/// judge a sent message's models as `validate --schema auto` (``PayloadCheck``) does, and a
/// decoder's failure carries its located issue in ``ChatDecodingError/report``.
final class SentMessageModelsLibraryTests: XCTestCase {
    static let content = #"{"id":"3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B","text":"hi","contentType":"text","createdAt":"2024-03-05T14:52:10.456Z"}"#

    static func sent(_ extra: String) -> String {
        #"{"timetoken":17000000000000001,"content":\#(content),"pubnubUserId":"u1","pubnubChannelId":"c1",\#(extra)}"#
    }

    /// `pointer@line:column` of each error.
    static func errors(_ issues: [PayloadIssue]) -> [String] {
        issues.filter { $0.severity == .error }.map { "\($0.instanceLocation)@\($0.line ?? 0):\($0.column ?? 0)" }
    }

    /// Each bad model and the pointer validate names, per profile (nil: valid under it).
    static let cases: [(extra: String, pointers: [ProfileName: [String]])] = [
        (#""userModel":{"id":"u1","type":"default","name":42}"#,
         [.compat: ["/userModel/name"], .standard: ["/userModel/name"], .strict: ["/userModel/name"]]),
        (#""userModel":{"id":"u1","name":"Ana"}"#, [.standard: ["/userModel"], .strict: ["/userModel"]]),
        (#""channelModel":{"id":"c1","type":"group","name":42}"#,
         [.compat: ["/channelModel/name"], .standard: ["/channelModel/name"], .strict: ["/channelModel/name"]]),
        (#""messageActions":[{"sourceType":"reaction","value":5,"parentTimetoken":17000000000000001,"actionTimetoken":17000000000000002,"pubnubUserId":"u1","pubnubChannelId":"c1"}]"#,
         [.compat: ["/messageActions/0/value"], .standard: ["/messageActions/0/value"], .strict: ["/messageActions/0/value"]]),
        (#""messageActions":[{"sourceType":"reaction","value":"x","parentTimetoken":17000000000000001,"actionTimetoken":5,"pubnubUserId":"u1","pubnubChannelId":"c1"}]"#,
         [.compat: ["/messageActions/0/actionTimetoken"], .standard: ["/messageActions/0/actionTimetoken"], .strict: ["/messageActions/0/actionTimetoken"]]),
        (#""userModel":{"id":"u1","type":"default","zz":1}"#, [.strict: ["/userModel/zz"]]),
        (#""userModel":{"id":"u1","type":"default"}"#, [:]),
    ]

    func testFinding3_IngestorAndDecodeRefuseBadModelsWhereValidateDoes() throws {
        for profile in [Profile.compat, .standard, .strict] {
            var context = ValidatorCache.Context(profile: profile)
            let check = PayloadCheck(profile: profile)
            let ingestor = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.message), profile: profile), building: .sentMessage)
            for (extra, pointers) in Self.cases {
                let text = Self.sent(extra)
                let expected = pointers[profile.name] ?? []
                // validate --schema auto's verdict.
                let checked = try XCTUnwrap(check.check(Array(text.utf8), format: .json, schema: .auto, context: &context).first)
                XCTAssertEqual(checked.issues.map(\.instanceLocation.description), expected, "\(profile.name) validate: \(text)")
                XCTAssertEqual(checked.outcome == .valid, expected.isEmpty)
                // The ingestor: same verdict, same issues at the same places, a record only when valid.
                let ingested = try XCTUnwrap(ingestor.ingest(Array(text.utf8), format: .json).first)
                XCTAssertEqual(Self.errors(ingested.issues), Self.errors(checked.issues), "\(profile.name) ingestor: \(text)")
                XCTAssertEqual(ingested.isValid, expected.isEmpty, "\(profile.name) ingestor: \(text)")
                XCTAssertEqual(ingested.record != nil, expected.isEmpty, "\(profile.name) ingestor: \(text)")
                // ChatMessage.decode: refused with the whole report, the same issues.
                do {
                    _ = try PubNubChatMessage.decode(text, profile: profile)
                    XCTAssertTrue(expected.isEmpty, "\(profile.name) decode passed \(text)")
                } catch {
                    XCTAssertEqual(error.kind, .validation, "\(profile.name) decode: \(error)")
                    XCTAssertEqual(Self.errors(error.report?.issues ?? []), Self.errors(checked.issues), "\(profile.name) decode: \(text)")
                }
                // The first-error hook of the decoding options (the CLI's entry points) refuses the same.
                let hook = ChatDecodingOptions(validator: ingestor.validator)
                XCTAssertEqual((try? PubNubChatMessage.decode(from: try JSONParser.parse(Array(text.utf8)), options: hook)) != nil, expected.isEmpty,
                               "\(profile.name) hook: \(text)")
            }
        }
    }

    func testFinding3_AYAMLSentMessageIsJudgedAlikeByIngestorAndValidate() throws {
        let yaml = """
            timetoken: 17000000000000001
            content: {id: m1, text: hi, createdAt: "2024-03-05T14:52:10.456Z"}
            pubnubUserId: u1
            pubnubChannelId: c1
            userModel:
              id: u1
              type: default
              name: 42
            messageActions:
              - {sourceType: reaction, value: x, parentTimetoken: 17000000000000001, actionTimetoken: 5, pubnubUserId: u1, pubnubChannelId: c1}

            """
        var context = ValidatorCache.Context(profile: .standard)
        let checked = try XCTUnwrap(PayloadCheck(profile: .standard).check(Array(yaml.utf8), format: .yaml, schema: .auto, context: &context).first)
        XCTAssertEqual(Self.errors(checked.issues), ["/userModel/name@8:9", "/messageActions/0/actionTimetoken@10:91"])
        let ingestor = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.message), profile: .standard), building: .sentMessage)
        let ingested = try XCTUnwrap(ingestor.ingest(Array(yaml.utf8), format: .yaml).first)
        XCTAssertFalse(ingested.isValid)
        XCTAssertNil(ingested.record)
        XCTAssertEqual(Self.errors(ingested.issues), Self.errors(checked.issues))
    }

    func testFinding3_ASentMessageInsideAnEnvelopeHasItsModelsJudged() throws {
        // A sent message delivered inside a message envelope: its user is judged as a User too
        // (before, only the outermost sent message's models were, and this was valid).
        let text = #"{"timetoken":"17000000000000001","message":\#(Self.sent(#""userModel":{"id":"u1","type":"default","name":42}"#))}"#
        var context = ValidatorCache.Context(profile: .standard)
        let checked = try XCTUnwrap(PayloadCheck(profile: .standard).check(Array(text.utf8), format: .json, schema: .auto, context: &context).first)
        XCTAssertEqual(checked.outcome, .invalid)
        let column = Array(text.utf8).count - #"42}}}"#.count + 1
        XCTAssertEqual(Self.errors(checked.issues), ["/message/userModel/name@1:\(column)"])
        XCTAssertEqual(PayloadCheck.sentMessageModels(PayloadValidator.detectShape(try JSONParser.parse(Array(text.utf8)).root),
                                                      in: try JSONParser.parse(Array(text.utf8)).root).map(\.pointer.description),
                       ["/message/userModel"])
    }

    func testFinding3_ADecoderFailureCarriesItsLocatedIssueInTheReport() throws {
        // Valid under the schema, refused by the typed custom data: the decoder's own type mismatch.
        let text = "{\"id\":\"u\",\"type\":\"default\",\n \"custom\":{\"age\":\"x\"}}"
        do {
            _ = try ChatUser<FixtureStrictAge>.decode(text, profile: .standard)
            XCTFail("decoded")
        } catch {
            XCTAssertEqual(error.kind, .typeMismatch)
            let report = try XCTUnwrap(error.report, "a decoder failure carries its report")
            XCTAssertEqual(report.outcome, .invalid)
            XCTAssertEqual(report.schemaName, "user")
            let issue = try XCTUnwrap(report.issues.first)
            XCTAssertEqual(report.issues.count, 1)
            XCTAssertEqual(issue.instanceLocation, JSONPointer(tokens: ["custom", "age"]))
            XCTAssertEqual(issue.line, 2)
            XCTAssertEqual(issue.column, 18)
            XCTAssertEqual(issue.rule, "decode")
            XCTAssertEqual(issue.reportedRule, "decode")
            XCTAssertEqual(issue.message, error.message)
            // The one-line form is kept for a decoder's error.
            XCTAssertTrue(error.description.hasPrefix(#""/custom/age" at 2:18: "#), error.description)
        }
        // A type mismatch the decoder finds (the unvalidated entry point the CLI and the store use).
        let mismatch = #"{"timetoken":1,"content":{"id":"m","text":"t","createdAt":"2024-03-05T14:52:10.456Z"},"pubnubUserId":7,"pubnubChannelId":"c"}"#
        let document = try JSONParser.parse(Array(mismatch.utf8))
        do {
            _ = try PubNubChatMessage.decode(from: document)
            XCTFail("decoded")
        } catch {
            XCTAssertEqual(error.kind, .typeMismatch)
            let issue = try XCTUnwrap(error.report?.issues.first, "a type mismatch carries its report")
            XCTAssertEqual(issue.instanceLocation, JSONPointer(tokens: ["pubnubUserId"]))
            XCTAssertEqual(issue.line, 1)
            XCTAssertEqual(issue.column, 102)
            XCTAssertEqual(issue.rule, "decode")
            XCTAssertEqual(error.report?.errors.count, 1)
        }
    }
}
