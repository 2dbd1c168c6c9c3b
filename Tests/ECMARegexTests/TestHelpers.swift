import XCTest
@testable import ECMARegex

/// Asserts that `pattern` compiles and gives `expected` on each input.
func assertMatches(_ pattern: String, _ cases: [String: Bool], file: StaticString = #filePath, line: UInt = #line) {
    let regex: ECMARegex
    do {
        regex = try ECMARegex(pattern)
    } catch {
        XCTFail("/\(pattern)/u failed to compile: \(error)", file: file, line: line)
        return
    }
    for (input, expected) in cases.sorted(by: { $0.key < $1.key }) {
        let result = regex.test(input)
        XCTAssertEqual(result, expected ? .match : .noMatch,
                       "/\(pattern)/u on \(input.debugDescription)", file: file, line: line)
    }
}

/// Asserts that `pattern` is rejected, optionally checking message fragment and offset.
func assertSyntaxError(_ pattern: String, contains fragment: String? = nil, offset: Int? = nil,
                       file: StaticString = #filePath, line: UInt = #line) {
    do {
        _ = try ECMARegex(pattern)
        XCTFail("/\(pattern)/u should be a SyntaxError", file: file, line: line)
    } catch {
        if let fragment {
            XCTAssertTrue(error.message.contains(fragment),
                          "/\(pattern)/u: message \(error.message.debugDescription) lacks \(fragment.debugDescription)",
                          file: file, line: line)
        }
        if let offset {
            XCTAssertEqual(error.offset, offset, "/\(pattern)/u: offset of \(error)", file: file, line: line)
        }
    }
}

/// Asserts that `pattern` compiles.
func assertCompiles(_ pattern: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
        _ = try ECMARegex(pattern)
    } catch {
        XCTFail("/\(pattern)/u should compile: \(error)", file: file, line: line)
    }
}
