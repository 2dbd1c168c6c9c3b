import ChatPayloads
import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The parts of reading an NDJSON file by byte ranges: cutting at line ends (``RangeFile``),
/// adding up the ranges' counts (``LineLedger``), and a range whose file got shorter.
final class NDJSONRangeReadingTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = NSTemporaryDirectory() + "ndjson-ranges-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try super.tearDownWithError()
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testLineStartIsJustAfterTheNextLineEnd() throws {
        let path = try file("a.ndjson", "ab\ncdef\n\ng")
        let f = try XCTUnwrap(RangeFile.regular(atPath: path))
        XCTAssertEqual(f.size, 10)
        var scratch = [UInt8](repeating: 0, count: 2)
        // A line end at the offset itself: the next line starts right after it.
        XCTAssertEqual(f.lineStart(after: 2, scratch: &scratch).offset, 3)
        XCTAssertEqual(f.lineStart(after: 3, scratch: &scratch).offset, 8)
        XCTAssertEqual(f.lineStart(after: 8, scratch: &scratch).offset, 9)
        // No line end after: the file's end.
        XCTAssertEqual(f.lineStart(after: 9, scratch: &scratch).offset, 10)
        XCTAssertNil(f.lineStart(after: 4, scratch: &scratch).failure)
    }

    func testOnlyRegularFilesAreReadByRanges() throws {
        XCTAssertNil(RangeFile.regular(atPath: directory))
        XCTAssertNil(RangeFile.regular(atPath: directory + "/missing.ndjson"))
        XCTAssertNil(RangeFile.regular(atPath: "/dev/null"))
    }

    func testLedgerAddsUpRangesPublishedOutOfOrder() {
        let ledger = LineLedger()
        let counts = (0..<200).map { LineLedger.Counts(lines: $0 % 7 + 1, records: $0 % 5) }
        var expected: [LineLedger.Counts] = []
        var total = LineLedger.Counts()
        for c in counts {
            expected.append(total)
            total.lines += c.lines
            total.records += c.records
        }
        // A range waiting for its start is woken once every range before it has published.
        let starts = StartsBox(count: counts.count)
        let waited = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            starts.set(150, ledger.start(ofRange: 150))
            waited.signal()
        }
        // Published from many threads at once, in a shuffled order.
        DispatchQueue.concurrentPerform(iterations: counts.count) { k in
            let index = (k * 37) % counts.count
            ledger.publish(counts[index], range: index)
        }
        XCTAssertEqual(waited.wait(timeout: .now() + 60), .success)
        for index in 0..<counts.count where index != 150 { starts.set(index, ledger.start(ofRange: index)) }
        XCTAssertEqual(starts.values, expected)
    }

    func testByteReaderRangeReadsOnlyItsBytes() throws {
        let path = try file("r.ndjson", "0123456789")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var reader = ByteReader.range(ofDescriptor: fd, from: 3, to: 8)
        var bytes: [UInt8] = []
        while try reader.readChunk(into: &bytes, count: 2) > 0 {}
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "34567")
    }

    func testSplitterNumbersLinesAfterTheOnesBefore() throws {
        let path = try file("s.ndjson", "{}\n\n{}\r\n{}")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var splitter = NDJSONSplitter(reader: ByteReader.range(ofDescriptor: fd, from: 0, to: 11), maxLineBytes: 100, linesBefore: 40)
        var numbers: [Int] = []
        while let line = try splitter.next() { numbers.append(line.line) }
        XCTAssertEqual(numbers, [41, 43, 44])
        XCTAssertEqual(splitter.linesRead, 44)
        let counted = Array("{}\n\n  \n{}".utf8).withUnsafeBufferPointer { NDJSONSplitter.Block.count($0) }
        XCTAssertEqual(counted.lines, 4)
        XCTAssertEqual(counted.records, 2)
    }

    func testAFileThatGotShorterIsReportedNotCrashedOn() throws {
        let line = #"{"id":"u1","name":"Ann","type":"user"}"#
        let path = try file("short.ndjson", String(repeating: line + "\n", count: 100))
        let f = try XCTUnwrap(RangeFile.regular(atPath: path))
        XCTAssertEqual(truncate(path, off_t(10 * (line.utf8.count + 1))), 0)
        var scratch = [UInt8](repeating: 0, count: 64)
        let cut = f.lineStart(after: 50 * (line.utf8.count + 1), scratch: &scratch)
        XCTAssertNotNil(cut.failure)
        let checker = PayloadChecker(
            cache: ValidatorCache(profile: Profile.standard, registry: nil, customData: [:]),
            expectInvalid: false)
        let range = LineRange(
            file: f, ledger: LineLedger(), index: 0, bytes: 0..<f.size, inputIndex: 0, schema: .bundled(.user), source: .option,
            maxBytes: 1 << 20, failure: nil)
        var buffer: [UInt8] = []
        let results = range.check(with: checker, buffer: &buffer)
        // The ten lines still there, then the failure, as an unreadable payload.
        XCTAssertEqual(results.count, 11)
        XCTAssertEqual(results.prefix(10).map(\.outcome), Array(repeating: .valid, count: 10))
        XCTAssertEqual(results.last?.outcome, .unreadable)
        XCTAssertEqual(results.last?.recordIndex, 10)
        XCTAssertTrue(results.last?.issues.first?.message.contains("got shorter") ?? false, "\(String(describing: results.last?.issues))")
    }
}

/// The starts the ledger test's threads found, by range.
private final class StartsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var starts: [LineLedger.Counts]

    init(count: Int) { starts = Array(repeating: LineLedger.Counts(lines: -1, records: -1), count: count) }

    func set(_ index: Int, _ value: LineLedger.Counts) {
        lock.lock()
        starts[index] = value
        lock.unlock()
    }

    var values: [LineLedger.Counts] {
        lock.lock()
        defer { lock.unlock() }
        return starts
    }
}
