import JSONCore
import XCTest
@testable import ChatPayloads

/// `--schema auto`'s shape rule (issue 17): envelopes, the key-set fit, the closest kinds; the
/// value reader and the tape reader give the same answer.
final class SchemaDetectionTests: XCTestCase {
    /// The shape from a parsed value, checked against the tape's reading of the same text.
    func shape(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> PayloadShape {
        let onValue = PayloadValidator.detectShape(try JSONParser.parse(json).root)
        var tape = JSONTape()
        let onTape = PayloadValidator.detectShape(bytes: Array(json.utf8), options: JSONParseOptions(), tape: &tape)
        XCTAssertEqual(onTape, onValue, "tape and value disagree on \(json)", file: file, line: line)
        return onValue
    }

    func testMessageEnvelopes() throws {
        let payload = #"{"id":"m","text":"hi","createdAt":"2024-01-01T00:00:00Z"}"#
        for envelope in [
            #"{"channel":"space.a","uuid":"user_a","timetoken":"17000000000000000","actions":{},"message":\#(payload)}"#,
            #"{"message":\#(payload),"timetoken":17000000000000000,"publisher":"user_a","meta":{"x":1},"messageType":0}"#,
            #"{"channel":"space.a","subscription":"space.*","timetoken":"17000000000000000","publisher":"u","userMetadata":null,"message":\#(payload)}"#,
        ] {
            let s = try shape(envelope)
            XCTAssertEqual(s, .envelope(.message, inner: .payload(.message)), envelope)
            XCTAssertEqual(s.payloadPointer.description, "/message")
            XCTAssertEqual(s.payloadSchema, .message)
        }
        // A timetoken that is neither a string nor a number does not make an envelope.
        XCTAssertEqual(try shape(#"{"timetoken":true,"message":\#(payload)}"#).payloadSchema, nil)
    }

    func testFileMessagesAndAppContextEventsNest() throws {
        let file = #"{"message":{"id":"m","text":"f","createdAt":"d"},"file":{"id":"f","name":"a.png"}}"#
        XCTAssertEqual(try shape(file), .envelope(.file, inner: .payload(.message)))
        let nested = try shape(#"{"timetoken":"1","message":\#(file)}"#)
        XCTAssertEqual(nested.envelopes, [.message, .file])
        XCTAssertEqual(nested.payloadPointer.description, "/message/message")
        for (type, kind) in [("uuid", BundledSchema.user), ("channel", .channel), ("membership", .member)] {
            let data = type == "membership" ? #"{"uuid":{"id":"u"},"channel":{"id":"c"},"status":null}"# : #"{"id":"x","name":null}"#
            let event = #"{"source":"objects","version":"2.0","event":"set","type":"\#(type)","data":\#(data)}"#
            XCTAssertEqual(try shape(event), .envelope(.appContextEvent, inner: .payload(kind)), event)
        }
        // The event's type names the kind; data whose keys do not fit it is not guessed as another.
        let misfit = try shape(#"{"event":"delete","type":"uuid","data":{"id":"x","text":"hi"}}"#)
        XCTAssertEqual(misfit, .envelope(.appContextEvent, inner: .noFit(closest: [ShapeMiss(schema: .user, unknownKeys: ["text"])])))
        XCTAssertNotNil(misfit.autoFailureMessage)
    }

    func testNeverNamesAKindWhoseKeysTheDocumentDoesNotFit() throws {
        // Issue 17: this was taken for a membership ("`channel` must be an object").
        let s = try shape(#"{"channel":"space.a","uuid":"user_a","message":{"text":"x"},"actions":{}}"#)
        guard case .noFit(let closest) = s else { return XCTFail("\(s)") }
        XCTAssertEqual(closest.first, ShapeMiss(schema: .member, unknownKeys: ["actions", "message"]))
        XCTAssertLessThanOrEqual(closest.count, 3)
        let message = try XCTUnwrap(s.autoFailureMessage)
        XCTAssertTrue(message.contains("closest: member (does not define \"actions\" and \"message\")"), message)
        // Every kind named fits: for many generated documents, the named kind defines every key.
        let keys = ["id", "name", "type", "text", "uuid", "channel", "email", "custom", "description", "sourceType", "value", "createdAt", "x-extra"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let chosen = keys.filter { _ in Bool.random(using: &generator) }
            let object = JSONValue.object(JSONObject(chosen.map { .init(key: $0, value: .string("group")) }))
            if case .payload(let kind) = PayloadValidator.detectShape(object) {
                XCTAssertTrue(Set(chosen).isSubset(of: SchemaKeys.allowed[kind] ?? []), "\(kind) named for \(chosen)")
            }
        }
    }

    func testAmbiguousAndNonObjects() throws {
        XCTAssertEqual(try shape(#"{"id":"x","name":"n","type":"default"}"#), .ambiguous([.user, .channel]))
        XCTAssertEqual(try shape(#""typing_on""#), .notObject)
        XCTAssertEqual(try shape(#"{"timetoken":"1","message":"typing_on"}"#), .envelope(.message, inner: .notObject))
        // A non-empty object that fits one kind only is that kind.
        XCTAssertEqual(try shape(#"{"uuid":{"id":"u"}}"#), .payload(.member))
    }

    func testAllowedKeysComeFromTheSchemas() {
        XCTAssertEqual(SchemaKeys.allowed[.user], ["id", "name", "email", "externalId", "profileUrl", "type", "status", "custom", "eTag", "updated"])
        XCTAssertEqual(SchemaKeys.allowed[.member], ["uuid", "channel", "status", "custom", "updated", "eTag"])
        XCTAssertEqual(SchemaKeys.allowed[.message], ["id", "text", "contentType", "content", "createdAt", "custom"])
    }
}
