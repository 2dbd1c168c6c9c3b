import ChatPayloads
import ChatPayloadsTesting
import Foundation
import XCTest

/// The XCTest twins of ChatPayloadsTesting: a passing and a failing case each, the failure
/// text checked (failures are captured through `recordFailure`, not reported).
final class XCTestTwinTests: XCTestCase {
    let valid = Data(#"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
    let invalid = #"{"id": "not-a-uuid", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#

    private var captured: [(message: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            // XCTFail's own prefix is not part of the helper's text.
            let prefix = "failed - "
            captured.append((description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private func failures(_ body: () -> Void) -> [(message: String, line: Int)] {
        captured = []
        capturing = true
        body()
        capturing = false
        return captured
    }

    func testExpectValid() {
        XCTAssertTrue(failures { XCTAssertValidPayload(valid, as: .message, profile: .strict) }.isEmpty)
        let line = #line + 1
        let failed = failures { XCTAssertValidPayload(invalid, as: .message, profile: .strict) }
        XCTAssertEqual(failed.count, 1)
        XCTAssertEqual(failed.first?.line, line)
        XCTAssertEqual(failed.first?.message, """
            expected a valid message payload under strict, got invalid:
              "/id" (1:8): "id" must be a valid uuid, got "not-a-uuid"
            """)
    }

    func testExpectInvalid() {
        XCTAssertTrue(failures { XCTAssertInvalidPayload(invalid, as: .message, at: "/id", profile: .strict) }.isEmpty)
        let wrongPlace = failures { XCTAssertInvalidPayload(invalid, as: .message, at: "/createdAt", profile: .strict) }
        XCTAssertEqual(wrongPlace.first?.message, """
            expected an error at "/createdAt" in the message payload under strict; the errors are:
              "/id" (1:8): "id" must be a valid uuid, got "not-a-uuid"
            """)
        let validOne = failures { XCTAssertInvalidPayload(valid, as: .message, at: "/id") }
        XCTAssertEqual(validOne.first?.message, #"expected an invalid message payload (an error at "/id") under standard, but it is valid"#)
        // A limit is not invalidity: evaluation stopped by max-evaluation-depth fails the expectation.
        var shallow = Profile.strict
        shallow[.maxTotalEvaluationDepth] = 2
        let undecided = failures { XCTAssertInvalidPayload(invalid, as: .message, profile: shallow) }
        XCTAssertEqual(undecided.count, 1)
        XCTAssertTrue(
            undecided.first?.message.hasPrefix("expected an invalid message payload under strict, but it was not decided (a limit):\n") ?? false,
            undecided.first?.message ?? "no failure")
        XCTAssertTrue(undecided.first?.message.contains("(max-total-evaluation-depth)") ?? false, undecided.first?.message ?? "no failure")
    }

    /// A faithful decoder: rejects what the profile rejects, re-encodes the rest canonically.
    static func faithful(_ vector: CodecVector, profile: ProfileName) throws -> [UInt8] {
        guard vector.expectations[profile]?.verdict == .accept, let canonical = vector.canonical else {
            throw ChatDecodingError(.validation, at: .root, "rejected")
        }
        return JSONWriter.bytes(canonical, options: .canonical)
    }

    func testInteropAgreement() throws {
        let agreeing = failures {
            XCTAssertInteropAgreement(profile: .strict) { vector in try Self.faithful(vector, profile: .strict) }
        }
        XCTAssertEqual(agreeing.map(\.message), [])
        // A decoder that drops every message reports each message vector by id, at the caller's line.
        let line = #line + 2
        let dropping = failures {
            XCTAssertInteropAgreement(profile: .strict) { vector in
                if vector.kind == .message { throw ChatDecodingError(.invalidValue, at: .root, "no messages here") }
                return try Self.faithful(vector, profile: .strict)
            }
        }
        XCTAssertFalse(dropping.isEmpty)
        XCTAssertEqual(Set(dropping.map(\.line)), [line])
        XCTAssertTrue(dropping.allSatisfy { $0.message.hasPrefix("vector message-") }, "\(dropping.map(\.message))")
        XCTAssertTrue(dropping.contains { $0.message.hasPrefix("vector message-ios-native: dropped: rejected a payload strict accepts") }, "\(dropping.map(\.message))")
    }
}
