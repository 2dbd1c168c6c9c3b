import ChatPayloads
import XCTest

final class ChatURLTests: XCTestCase {
    func testAcceptsAbsoluteURIsAndIRIs() {
        XCTAssertNotNil(ChatURL("https://randomuser.me/api/portraits/men/1.jpg"))
        XCTAssertNotNil(ChatURL("https://www.gravatar.com/avatar/149e60f311749f2a7c6515f7b34?s=256&d=identicon"))
        XCTAssertNotNil(ChatURL("http://例え.jp/画像"))
    }

    func testRejectsMalformed() {
        for text in ["", "not a url", "https://exa mple.com", "https://example.com/%zz", "a<b"] {
            XCTAssertNil(ChatURL(text), text)
        }
    }

    /// Issue 25: PubNub's own React sample data has relative avatars (`/boat-1.png`); the schema
    /// allows any string there, so the model holds a relative reference too.
    func testHoldsRelativeReferences() throws {
        for text in ["/boat-1.png", "boat-1.png", "../img/a.png", "?s=256", "//cdn.example/a.png"] {
            let url = try XCTUnwrap(ChatURL(text), text)
            XCTAssertFalse(url.isAbsolute, text)
            XCTAssertEqual(url.absoluteString, text)
        }
        XCTAssertEqual(ChatURL("https://e.example/a")?.isAbsolute, true)
    }

    func testKeepsTextExactly() throws {
        let url = try XCTUnwrap(ChatURL("HTTPS://Example.com/a/../b"))
        XCTAssertEqual(url.absoluteString, "HTTPS://Example.com/a/../b")
        XCTAssertNotEqual(ChatURL("https://x.example/é"), ChatURL("https://x.example/e\u{301}"))
        XCTAssertNotNil(url.foundationURL)
    }
}
