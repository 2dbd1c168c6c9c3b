import ChatPayloads
import ChatPayloadsTesting
import ConsumerExamples
import DocExamples
import Foundation
import Testing

let validMessage = Data(#"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "contentType": "thread", "content": {"threadId": "t1"}, "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
let invalidMessage = Data(#"{"id": "not-a-uuid", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
let userJSON = Data(#"{"id": "u1", "name": "Ada", "type": "default", "custom": {"theme": "dark"}, "eTag": "e1", "updated": "2024-03-05T10:00:00.000Z"}"#.utf8)
let setEvent = Data(#"{"source": "objects", "version": "2.0", "event": "set", "type": "uuid", "data": {"id": "u1", "name": "Ada L.", "eTag": "e2", "updated": "2024-03-05T10:12:10.000Z"}}"#.utf8)
let deleteEvent = Data(#"{"source": "objects", "version": "2.0", "event": "delete", "type": "uuid", "data": {"id": "u1"}}"#.utf8)

@Suite struct ReadmeAndExamples {
    @Test func readmeLibrarySectionRuns() throws {
        try readmeLibrarySection(payloadData: validMessage, userData: userJSON, eventData: deleteEvent)
    }

    @Test func validate() throws {
        #expect(try validateExample(validMessage) == [])
        #expect(try validateExample(invalidMessage) == [#"1:8 /id "id" must be a valid uuid, got "not-a-uuid""#])
    }

    @Test func decodeWithCustomData() throws {
        #expect(try decodeExample(validMessage) == "t1")
        #expect(throws: ChatDecodingError.self) { try decodeExample(Data(#"{"id": "m1", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)) }
    }

    @Test func patch() throws {
        let (effect, name) = try patchExample(user: userJSON, event: setEvent)
        #expect(effect == .set(.applied))
        #expect(name == "Ada L.")
        #expect(try patchExample(user: userJSON, event: deleteEvent).0 == .deleted)
    }

    @Test func records() throws {
        let canonical = try recordExample(userJSON)
        #expect(String(decoding: canonical, as: UTF8.self).hasPrefix(#"{"custom":{"theme":"dark"},"eTag":"e1""#))
    }

    @Test func locatedErrors() {
        do {
            _ = try ChatUser<Prefs>.decode(Data("{\"type\": \"default\",\n  \"id\": 7}".utf8))
            Issue.record("decoded a user whose id is a number")
        } catch {
            #expect(describe(error).hasPrefix("2:9 /id "), "\(describe(error))")
        }
    }
}

@Suite struct TestingHelpers {
    @Test func expectValidPasses() {
        expectValid(validMessage, as: .message, profile: .strict)
    }

    @Test func expectValidFailsWithTheErrors() {
        withKnownIssue {
            expectValid(invalidMessage, as: .message, profile: .strict)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected a valid message payload under strict, got invalid:
                  "/id" (1:8): "id" must be a valid uuid, got "not-a-uuid"
                """]
        }
    }

    @Test func expectInvalidPasses() {
        expectInvalid(invalidMessage, as: .message, at: "/id", profile: .strict)
    }

    @Test func expectInvalidFailsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectInvalid(validMessage, as: .message, at: "/id")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [#"expected an invalid message payload (an error at "/id") under standard, but it is valid"#]
        }
    }

    /// A faithful decoder: rejects what the profile rejects, re-encodes the rest canonically.
    static func faithful(_ vector: CodecVector) throws -> [UInt8] {
        guard vector.expectations[.standard]?.verdict == .accept, let canonical = vector.canonical else {
            throw ChatDecodingError(.validation, at: .root, "rejected")
        }
        return JSONWriter.bytes(canonical, options: .canonical)
    }

    @Test func interopAgreementPasses() {
        expectInteropAgreement { vector in try Self.faithful(vector) }
    }

    @Test func interopDisagreementsNameTheVector() {
        withKnownIssue {
            expectInteropAgreement { vector in
                guard vector.id != "user-full" else { throw ChatDecodingError(.missingField, at: .root, "type is required here") }
                return try Self.faithful(vector)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [#"vector user-full: dropped: rejected a payload standard accepts ("": type is required here)"#]
        }
    }
}

/// The DocC articles' examples, run on the payloads above (the ChatStore article's, which opens a
/// database and observes it without end, is compiled only).
@Suite struct DocCArticles {
    @Test func chatPayloadsArticlesRun() async throws {
        try await docChatPayloadsChatPayloads(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docChatPayloadsGettingStarted(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docChatPayloadsValidatingPayloads(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docChatPayloadsDecodingWithCustomData(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docChatPayloadsApplyingRealTimeEvents(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docChatPayloadsPersistingRecords(messageData: validMessage, userData: userJSON, eventData: setEvent)
    }

    @Test func jsonCoreAndValidatorLandingPagesRun() async throws {
        try await docJSONCoreJSONCore(messageData: validMessage, userData: userJSON, eventData: setEvent)
        try await docJSONSchemaValidatorJSONSchemaValidator(messageData: validMessage, userData: userJSON, eventData: setEvent)
    }
}

/// This package depends on ChatPayloads with `traits: []`: Yams is not linked, and YAML is read
/// only where it is JSON (Scripts/consumer-check also checks that no Yams symbol is linked).
@Suite struct WithoutTheYAMLTrait {
    @Test func jsonWrittenConfigsAndPayloadsAreRead() throws {
        let config = try ChatPayloadsConfig.parse(#"{"profile": "strict"}"#, file: "app.yml")
        #expect(config.profile.name == .strict)
        let documents = try YAMLInstance.parseDocuments("{\n  \"id\": \"u1\",\n  \"name\": 7\n}", file: "user.yml")
        #expect(documents.count == 1)
        #expect(documents.first?.position(of: JSONPointer(tokens: ["name"]))?.line == 3)
        #expect(try YAMLInstance.parse("  \n").isEmpty)
    }

    @Test func otherYAMLIsALocatedErrorThatNamesTheTrait() {
        do {
            _ = try YAMLInstance.parse("id: u1\nname: Ada\n")
            Issue.record("plain YAML was read without the YAML trait")
        } catch {
            #expect(error.kind == .yaml)
            #expect(error.line == 1 && error.column == 1)
            #expect(error.message.contains("built without the package's YAML trait"))
        }
    }
}
