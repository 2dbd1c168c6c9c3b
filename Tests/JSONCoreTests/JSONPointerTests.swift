import XCTest
@testable import JSONCore

/// The example document of RFC 6901 section 5.
let rfc6901Text = #"""
{
   "foo": ["bar", "baz"],
   "": 0,
   "a/b": 1,
   "c%d": 2,
   "e^f": 3,
   "g|h": 4,
   "i\\j": 5,
   "k\"l": 6,
   " ": 7,
   "m~n": 8
}
"""#

final class JSONPointerTests: XCTestCase {
    func pointer(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONPointer {
        do { return try JSONPointer(parsing: text) } catch {
            XCTFail("bad pointer \(text): \(error)", file: file, line: line)
            return .root
        }
    }

    func testRFC6901Section5Examples() throws {
        let doc = try JSONParser.parse(rfc6901Text).root
        let expectations: [(String, JSONValue)] = [
            ("", doc),
            ("/foo", ["bar", "baz"]),
            ("/foo/0", "bar"),
            ("/", 0),
            ("/a~1b", 1),
            ("/c%d", 2),
            ("/e^f", 3),
            ("/g|h", 4),
            ("/i\\j", 5),
            ("/k\"l", 6),
            ("/ ", 7),
            ("/m~0n", 8),
        ]
        for (text, expected) in expectations {
            let p = pointer(text)
            XCTAssertEqual(p.resolve(in: doc), expected, "pointer \(text.debugDescription)")
            XCTAssertEqual(p.description, text, "round trip of \(text.debugDescription)")
        }
        XCTAssertEqual(pointer("/foo/1").resolve(in: doc), "baz")
    }

    func testTokensAreUnescaped() {
        XCTAssertEqual(pointer("/a~1b/m~0n").tokens, ["a/b", "m~n"])
        XCTAssertEqual(pointer("/~01").tokens, ["~1"])  // ~0 first, so not "/"
        XCTAssertEqual(pointer("/~10").tokens, ["/0"])
        XCTAssertEqual(pointer("//").tokens, ["", ""])
        XCTAssertEqual(pointer("/é/😀").tokens, ["é", "😀"])
        XCTAssertEqual(pointer("").tokens, [])
        XCTAssertTrue(pointer("").isRoot)
    }

    func testEscaping() {
        XCTAssertEqual(JSONPointer.escape("a/b"), "a~1b")
        XCTAssertEqual(JSONPointer.escape("m~n"), "m~0n")
        XCTAssertEqual(JSONPointer.escape("~1"), "~01")
        XCTAssertEqual(JSONPointer.escape("/~"), "~1~0")
        XCTAssertEqual(JSONPointer.escape("plain é"), "plain é")
        let tricky = JSONPointer(tokens: ["~1", "/", "", "a~/b", "e\u{301}"])
        XCTAssertEqual(tricky.description, "/~01/~1//a~0~1b/e\u{301}")
        XCTAssertEqual(pointer(tricky.description), tricky)
    }

    func testInvalidPointers() {
        for text in ["foo", "#/foo", "/~", "/~2", "/a~", "/a~b", "/~~"] {
            XCTAssertThrowsError(try JSONPointer(parsing: text), text) { error in
                let message = (error as? JSONPointer.SyntaxError)?.message ?? ""
                XCTAssertTrue(message.contains(text.first == "/" ? "'~' must be followed by '0' or '1'" : "must be empty or start with '/'"), message)
            }
        }
    }

    func testArrayIndexRules() {
        XCTAssertEqual(JSONPointer.arrayIndex("0"), 0)
        XCTAssertEqual(JSONPointer.arrayIndex("10"), 10)
        XCTAssertEqual(JSONPointer.arrayIndex("999999999999999999"), 999_999_999_999_999_999)
        for bad in ["01", "00", "-", "", "+1", "-1", "1a", " 1", "1.0", "9999999999999999999", "١"] {
            XCTAssertNil(JSONPointer.arrayIndex(bad), bad)
        }
        let doc: JSONValue = ["a", "b", "c"]
        XCTAssertEqual(pointer("/2").resolve(in: doc), "c")
        XCTAssertNil(pointer("/3").resolve(in: doc))
        XCTAssertNil(pointer("/01").resolve(in: doc))
        XCTAssertNil(pointer("/-").resolve(in: doc))
        XCTAssertNil(pointer("/-1").resolve(in: doc))
        // An object member named "01" or "-" is an ordinary name.
        let object: JSONValue = ["01": 1, "-": 2]
        XCTAssertEqual(pointer("/01").resolve(in: object), 1)
        XCTAssertEqual(pointer("/-").resolve(in: object), 2)
    }

    func testResolveMisses() {
        let doc: JSONValue = ["a": ["b": [1, 2]], "s": "text"]
        XCTAssertEqual(pointer("/a/b/1").resolve(in: doc), 2)
        XCTAssertNil(pointer("/x").resolve(in: doc))
        XCTAssertNil(pointer("/s/0").resolve(in: doc))
        XCTAssertNil(pointer("/a/b/1/0").resolve(in: doc))
        XCTAssertNil(pointer("/A").resolve(in: doc))
        // Names compare by scalars.
        let names: JSONValue = ["\u{E9}": 1]
        XCTAssertEqual(JSONPointer(tokens: ["\u{E9}"]).resolve(in: names), 1)
        XCTAssertNil(JSONPointer(tokens: ["e\u{301}"]).resolve(in: names))
    }

    func testBuildingAndOrdering() {
        let p = JSONPointer.root.appending("a/b").appending(index: 3)
        XCTAssertEqual(p.description, "/a~1b/3")
        XCTAssertEqual(p.parent.description, "/a~1b")
        XCTAssertEqual(p.lastToken, "3")
        XCTAssertEqual(JSONPointer.root.parent, .root)
        XCTAssertNil(JSONPointer.root.lastToken)
        XCTAssertEqual(p.appending(JSONPointer(tokens: ["x", "y"])).description, "/a~1b/3/x/y")
        XCTAssertTrue(pointer("/a/2") < pointer("/a/10"))
        XCTAssertTrue(pointer("/a") < pointer("/a/0"))
        XCTAssertTrue(pointer("/a/b") < pointer("/b"))
        XCTAssertFalse(pointer("/a") < pointer("/a"))
        XCTAssertEqual([pointer("/b"), pointer("/a/10"), pointer("/a/9"), pointer("")].sorted().map(\.description), ["", "/a/9", "/a/10", "/b"])
    }
}
