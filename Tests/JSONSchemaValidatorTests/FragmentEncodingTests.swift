import XCTest
@testable import JSONSchemaValidator

/// Absolute keyword locations percent-encode what RFC 3986 does not allow in a fragment, and
/// leave the rest (and everything before `#`) as it is.
final class FragmentEncodingTests: XCTestCase {
    func testPlainFragmentsAreKept() {
        let uri = "https://chatpayloads.dev/schemas/user.json#/properties/name/type"
        XCTAssertEqual(URIReference.encodingFragment(uri), uri)
        XCTAssertEqual(URIReference.encodingFragment("urn:x"), "urn:x")
        XCTAssertEqual(URIReference.encodingFragment("a#"), "a#")
    }

    func testOtherBytesArePercentEncoded() {
        XCTAssertEqual(URIReference.encodingFragment("s.json#/properties/a b"), "s.json#/properties/a%20b")
        XCTAssertEqual(URIReference.encodingFragment("s.json#/properties/%25\"é"), "s.json#/properties/%2525%22%C3%A9")
        XCTAssertEqual(URIReference.encodingFragment("s.json#/a#b"), "s.json#/a%23b")
        // Only the fragment is encoded.
        XCTAssertEqual(URIReference.encodingFragment("s p.json#/x y"), "s p.json#/x%20y")
    }
}
