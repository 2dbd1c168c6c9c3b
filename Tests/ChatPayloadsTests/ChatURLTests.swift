import ChatPayloads
import XCTest

final class ChatURLTests: XCTestCase {
    func testAcceptsAbsoluteURIsAndIRIs() {
        XCTAssertNotNil(ChatURL("https://randomuser.me/api/portraits/men/1.jpg"))
        XCTAssertNotNil(ChatURL("https://www.gravatar.com/avatar/149e60f311749f2a7c6515f7b34?s=256&d=identicon"))
        XCTAssertNotNil(ChatURL("http://例え.jp/画像"))
    }

    func testRejectsRelativeAndMalformed() {
        for text in ["", "not a url", "/relative/path", "https://exa mple.com", "https://example.com/%zz"] {
            XCTAssertNil(ChatURL(text), text)
        }
    }

    func testKeepsTextExactly() throws {
        let url = try XCTUnwrap(ChatURL("HTTPS://Example.com/a/../b"))
        XCTAssertEqual(url.absoluteString, "HTTPS://Example.com/a/../b")
        XCTAssertNotEqual(ChatURL("https://x.example/é"), ChatURL("https://x.example/e\u{301}"))
        XCTAssertNotNil(url.foundationURL)
    }
}
