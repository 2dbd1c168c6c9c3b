import Foundation
import XCTest

@testable import JSONCore

/// ``ByteReader/readChunk(into:count:)`` reads into the caller's array (issue 29): every byte
/// arrives, in order, whatever the chunk size, and a file that grew after it was opened is
/// read to its new end (the size taken at open is a hint, never a limit).
final class ByteReaderChunkTests: XCTestCase {
    private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("byte-reader-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testSmallChunksReadEveryByteInOrder() throws {
        let content = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let url = try temporaryFile(content)
        var reader = try ByteReader.open(path: url.path)
        var read: [UInt8] = [9, 9]
        var calls = 0
        while try reader.readChunk(into: &read, count: 64) > 0 { calls += 1 }
        XCTAssertEqual(read, [9, 9] + content, "appended after what the array held")
        XCTAssertEqual(calls, 16, "1,000 bytes in chunks of at most 64")
    }

    func testFileThatGrewAfterOpeningIsReadToItsNewEnd() throws {
        let url = try temporaryFile(Array("{\"a\":1}".utf8))
        var reader = try ByteReader.open(path: url.path)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x20, count: 5_000))
        try handle.close()
        var read: [UInt8] = []
        while try reader.readChunk(into: &read) > 0 {}
        XCTAssertEqual(read.count, 7 + 5_000)
        XCTAssertEqual(Array(read.prefix(7)), Array("{\"a\":1}".utf8))
    }

    func testEmptyFileReadsNothing() throws {
        let url = try temporaryFile([])
        var reader = try ByteReader.open(path: url.path)
        var read: [UInt8] = []
        XCTAssertEqual(try reader.readChunk(into: &read), 0)
        XCTAssertEqual(read, [])
    }
}
