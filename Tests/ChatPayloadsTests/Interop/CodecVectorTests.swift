import ChatPayloads
import Foundation
import JSONCore
import XCTest

/// The checked-in codec vectors (`Tests/Vectors/codec/`) are what the generator makes today,
/// and each accepted vector's canonical payload agrees with itself.
final class CodecVectorTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/codec", isDirectory: true)

    func testCheckedInVectorsAreCurrent() throws {
        let files = try CodecVectorGenerator.files()
        let regenerate = "regenerate with: swift run chatpayloads interop vectors --output Tests/Vectors/codec"
        for file in files {
            let onDisk = FileManager.default.contents(atPath: Self.directory.appendingPathComponent(file.path).path)
            XCTAssertEqual(onDisk.map { Array($0) }, file.bytes, "Tests/Vectors/codec/\(file.path) is stale; \(regenerate)")
        }
        let payloads = try FileManager.default.contentsOfDirectory(atPath: Self.directory.appendingPathComponent("payloads").path)
        let expected = Set(files.map(\.path).filter { $0.hasPrefix("payloads/") }.map { String($0.dropFirst("payloads/".count)) })
        XCTAssertEqual(Set(payloads), expected, "payloads/ holds files no vector names; \(regenerate)")
    }

    func testVectorsCoverEveryKindAndBothVerdicts() throws {
        let vectors = try CodecVectorGenerator.vectors()
        XCTAssertEqual(Set(vectors.map(\.kind)), Set(CodecVectorKind.allCases))
        XCTAssertEqual(Set(vectors.map(\.id)).count, vectors.count, "ids are unique")
        for profile in ProfileName.allCases {
            let verdicts = Set(vectors.compactMap { $0.expectations[profile]?.verdict })
            XCTAssertEqual(verdicts, [.accept, .reject], "\(profile)")
        }
        for vector in vectors {
            let rejected = vector.expectations.values.filter { $0.verdict == .reject }
            XCTAssertTrue(rejected.allSatisfy { $0.reason?.isEmpty == false }, vector.id)
            if vector.expectations.values.contains(where: { $0.verdict == .accept }) {
                XCTAssertNotNil(vector.canonical, vector.id)
            }
        }
    }

    func testIndexEntryReadsBack() throws {
        for vector in try CodecVectorGenerator.vectors() {
            let back = try XCTUnwrap(CodecVector(indexEntry: vector.indexEntry, payload: vector.payload))
            XCTAssertEqual(back.id, vector.id)
            XCTAssertEqual(back.kind, vector.kind)
            XCTAssertEqual(back.expectations, vector.expectations)
            XCTAssertEqual(back.canonical, vector.canonical)
        }
    }

    func testCanonicalKeepsFullDatePrecision() throws {
        let vectors = try CodecVectorGenerator.vectors()
        let docs = try XCTUnwrap(vectors.first { $0.id == "message-docs-6-digit-fraction" })
        XCTAssertEqual(docs.canonical?["createdAt"], "2020-09-23T09:23:34.598494Z")
        let india = try XCTUnwrap(vectors.first { $0.id == "message-offset-india" })
        XCTAssertEqual(india.canonical?["createdAt"], "2022-05-16T09:34:40.123456Z")
    }

    func testCanonicalPayloadAgreesWithItselfUnderEveryProfile() throws {
        let vectors = try CodecVectorGenerator.vectors()
        for profile in ProfileName.allCases {
            let classifier = try CodecVectorClassifier(profile: profile)
            for vector in vectors {
                guard let document = vector.canonicalDocument else { continue }
                let result = classifier.classify(vector, response: .accepted(document, at: .root))
                let expected: VectorResult.Classification = vector.expectations[profile]?.verdict == .accept ? .agrees : .lenient
                XCTAssertEqual(result.classification, expected, "\(profile) \(vector.id): \(result.summary) \(result.differences)")
                XCTAssertEqual(result.differences, [], "\(profile) \(vector.id)")
            }
        }
    }

    func testClassifierRules() throws {
        let classifier = try CodecVectorClassifier(profile: .standard)
        let vectors = try CodecVectorGenerator.vectors()
        let accepted = try XCTUnwrap(vectors.first { $0.id == "message-poll-content-type" })
        let rejected = try XCTUnwrap(vectors.first { $0.id == "message-missing-text" })
        XCTAssertEqual(classifier.classify(accepted, response: .rejected("exit status 1")).classification, .dropped)
        XCTAssertEqual(classifier.classify(rejected, response: .rejected("exit status 1")).classification, .agrees)
        XCTAssertEqual(classifier.classify(rejected, response: .accepted(try JSONParser.parse("{}"), at: .root)).classification, .lenient)
        XCTAssertEqual(classifier.classify(accepted, response: .failed("timed out")).classification, .failed)
        XCTAssertEqual(classifier.classify(accepted, response: .unreadableOutput("1:1: bad")).classification, .lossy)
        // A kept unknown member is harmless under standard, and matters under strict (closed objects).
        let react = try XCTUnwrap(vectors.first { $0.id == "user-full" })
        let withExtra = try JSONParser.parse(#"{"id":"user-42","name":"Ada Lovelace","email":"ada@example.com","externalId":"ext-42","profileUrl":"https://example.com/ada.png","type":"admin","status":"default","eTag":"AY39mJKK//CNZw","updated":"2022-05-16T09:34:40.123Z","custom":{"description":"Engineer"},"extra":1}"#)
        XCTAssertEqual(classifier.classify(react, response: .accepted(withExtra, at: .root)).classification, .lossy, "extra is not in the original payload")
    }
}
