import XCTest
@testable import ChatPayloads

/// Keyword locations lose the hops through ChatPayloads' own wrapper documents, reading only the
/// leading tokens of the path.
final class CompositionHopsTests: XCTestCase {
    func testTokensAreReadFromTheFront() {
        let first = CompositionHops.token(at: "/allOf/0/$ref")
        XCTAssertEqual(first?.token, "allOf")
        XCTAssertEqual(first?.rest, "/0/$ref")
        XCTAssertEqual(CompositionHops.token(at: "/$ref")?.token, "$ref")
        XCTAssertEqual(CompositionHops.token(at: "/$ref")?.rest, "")
        XCTAssertEqual(CompositionHops.token(at: "/")?.token, "")
        XCTAssertEqual(CompositionHops.token(at: "//a")?.rest, "/a")
        XCTAssertNil(CompositionHops.token(at: ""))
    }

    func testWrapperHopsAreDroppedAndTheRestKeptAsWritten() throws {
        let validator = try PayloadValidator(schema: .bundled(.message), profile: .strict)
        let hops = validator.fullHops
        // The strict composition's root leads to message.json's root by `allOf/0/$ref`.
        XCTAssertEqual(hops.userLocation("/allOf/0/$ref/required"), "/required")
        XCTAssertEqual(hops.userLocation("/allOf/0/$ref/properties/id/type"), "/properties/id/type")
        XCTAssertEqual(hops.userLocation("/allOf/0/$ref/allOf/0/$ref/required"), "/allOf/0/$ref/required")
        XCTAssertEqual(hops.userLocation("/allOf/0/$ref"), "")
        XCTAssertEqual(hops.userLocation("/allOf/0/$ref/"), "/")
        // No hop at the front: unchanged, whatever follows.
        for path in ["", "/", "/required", "/properties/allOf/0/$ref", "/allOf/x/$ref/required", "/allOf/99/$ref/a", "/allOf/0", "required"] {
            XCTAssertEqual(hops.userLocation(path), path)
        }
    }
}
