import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The reporters' string and integer writer gives `JSONWriter`'s bytes, whatever the text holds
/// and wherever in an eight-byte step the byte to escape falls.
final class JSONStringBytesTests: XCTestCase {
    func writerBytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.writeString(text, to: &out)
        return out
    }

    func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x7B]
        JSONStringBytes.appendQuoted(text, to: &out)
        return Array(out.dropFirst())
    }

    func testEveryEscapedByteAtEveryPositionMatchesTheWriter() {
        let specials: [Character] = ["\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}"]
        for length in 0...19 {
            let plain = String(repeating: "a", count: length)
            XCTAssertEqual(quoted(plain), writerBytes(plain))
            for position in 0..<max(length, 1) where length > 0 {
                for special in specials {
                    var characters = Array(plain)
                    characters[position] = special
                    let text = String(characters)
                    XCTAssertEqual(quoted(text), writerBytes(text), "\(length) \(position) \(special.unicodeScalars.first?.value ?? 0)")
                }
            }
        }
    }

    func testBytesNextToTheEscapedOnesAreCopied() {
        // Neighbours of the special values: 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, non-ASCII.
        for text in [" !#[]\u{7F}", "é ü 😀 \u{7F}\u{80}", "https://cdn.example.org/a.png", "/properties/custom/additionalProperties", ""] {
            XCTAssertEqual(quoted(text), writerBytes(text))
            XCTAssertFalse(Array(text.utf8).withUnsafeBufferPointer { JSONStringBytes.needsEscaping($0) }, text)
        }
        let escapes = "a long enough text with a \"quote\" and a \\ in it"
        XCTAssertEqual(quoted(escapes), writerBytes(escapes))
        XCTAssertTrue(Array(escapes.utf8).withUnsafeBufferPointer { JSONStringBytes.needsEscaping($0) })
        XCTAssertFalse(Array("plain text of twenty-four".utf8).withUnsafeBufferPointer { JSONStringBytes.needsEscaping($0) })
    }

    func testDecimalsMatchTheNumberText() {
        for value in [0, 7, -7, 10, 99, 100, 12_345, -1_000_000, Int.max, Int.min, Int.min + 1] {
            var out: [UInt8] = []
            JSONStringBytes.appendDecimal(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), JSONNumber(value).description)
        }
    }
}
