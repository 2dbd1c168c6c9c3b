import XCTest
@testable import JSONSchemaFormats

/// `uri`, `uri-reference`, `iri` and `iri-reference` answer the same on a string's UTF-8 bytes
/// (the tape path) as on the string, for every text below and each single-byte deletion of it.
final class URIByteFormTests: XCTestCase {
    static let texts = [
        "", "https://files.example.net/v2/uploads/r2ackya/4qorqgq8y6g.png", "/boat-1.png", "boat-1.png",
        "mailto:jane@example.com", "urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "http://[::1]:8080/a?b=c#d",
        "http://[v1.x]/", "http://[::1/", "http://h:80x/", "https://例え.jp/パス?q=値#frag", "https://x.y/\u{E000}?\u{E000}",
        "//host/path", "a:b", "1a:b", ":no-scheme", "no scheme/a:b", "%41%4", "%zz", "a b", "a\\b", "a\"b", "ab<c>",
        "https://x.y/%E2%82%AC", "http://user:pw@host/", "http://us er@host/", "#", "?", "./a/../b", "é", "\u{1F600}",
        "x:/\u{FFFE}", "https://a.b/c?\u{F0000}",
    ]

    func testByteAndStringFormsAgree() {
        let checks: [(String, (String) -> Bool, (UnsafeBufferPointer<UInt8>) -> Bool)] = [
            ("uri", URIFormats.isURI, URIFormats.isURI(utf8:)),
            ("uri-reference", URIFormats.isURIReference, URIFormats.isURIReference(utf8:)),
            ("iri", URIFormats.isIRI, URIFormats.isIRI(utf8:)),
            ("iri-reference", URIFormats.isIRIReference, URIFormats.isIRIReference(utf8:)),
        ]
        var texts = Self.texts
        for text in Self.texts {
            let scalars = Array(text.unicodeScalars)
            for k in scalars.indices {
                var shorter = scalars
                shorter.remove(at: k)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: shorter)
                texts.append(String(view))
            }
        }
        for (name, string, bytes) in checks {
            var verdicts = (valid: 0, invalid: 0)
            for text in texts {
                var copy = text
                let fast = copy.withUTF8 { bytes($0) }
                XCTAssertEqual(fast, string(text), "\(name) on \(text.debugDescription)")
                if fast { verdicts.valid += 1 } else { verdicts.invalid += 1 }
            }
            XCTAssertGreaterThan(verdicts.valid, 20, name)
            XCTAssertGreaterThan(verdicts.invalid, 20, name)
        }
        // The registered checkers carry the byte form.
        for name in ["uri", "uri-reference", "iri", "iri-reference"] {
            XCTAssertNotNil(StandardFormats.all[name]?.checkUTF8, name)
        }
    }
}
