import ChatPayloads
import ChatStore
import Foundation
import XCTest

/// A child process writing batches is killed with SIGKILL at random points; the reopened store
/// must pass the integrity check and hold whole batches only: every batch the child reported
/// committed, plus at most the one batch that was committed while its report was being written.
final class ChatStoreCrashTests: XCTestCase {
    func testKillDuringBatchedWrites() async throws {
        guard let helper = HelperBinary.url else { return XCTFail("chatstore-crashwriter is not built") }
        let folder = try TemporaryFolder()
        let path = folder.path("crash.sqlite")
        let batchSize = 64
        var rng = SystemRandomNumberGenerator()
        var nextBatch = 0
        var kills = 0
        for round in 0..<24 {
            let process = Process()
            process.executableURL = helper
            process.arguments = ["batches", path, String(nextBatch), String(batchSize)]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            // Wait for a random number of commits (0...4), then a random extra delay, then kill.
            let reader = LineReader(pipe.fileHandleForReading)
            let waitFor = Int.random(in: 0...4, using: &rng)
            var reported: [Int] = []
            while reported.count < waitFor, let line = reader.nextLine() {
                if let n = LineReader.committed(line) { reported.append(n) }
            }
            usleep(UInt32.random(in: 0...20_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(round)")
            if process.terminationReason == .uncaughtSignal { kills += 1 }
            while let line = reader.nextLine() {
                if let n = LineReader.committed(line) { reported.append(n) }
            }
            let lastReported = reported.last ?? (nextBatch - 1)

            let store = try ChatStore(path: path)
            let integrity = try await store.integrityCheck()
            XCTAssertEqual(integrity, ["ok"], "round \(round)")
            let count = try await store.messageCount(channelId: "crash")
            XCTAssertEqual(count % batchSize, 0, "round \(round): a partial batch is stored")
            let storedBatches = count / batchSize
            XCTAssertTrue(storedBatches == lastReported + 1 || storedBatches == lastReported + 2,
                          "round \(round): \(storedBatches) batches stored, last reported \(lastReported)")
            // The stored batches are exactly 0..<storedBatches, each whole.
            let newest = try await store.messageRecords(channelId: "crash", page: MessagePage(limit: 1))
            if storedBatches > 0 {
                XCTAssertEqual(newest.first?.record.id, "b\(storedBatches - 1)-m\(batchSize - 1)", "round \(round)")
            }
            try store.close()
            nextBatch = storedBatches
        }
        XCTAssertGreaterThanOrEqual(kills, 20)
    }
}

/// Reads lines from a pipe.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var ended = false

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, nil at the end of the stream.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended { return nil }
            let data = handle.availableData
            if data.isEmpty { ended = true } else { buffer += data }
        }
    }

    /// N of a "committed N" line.
    static func committed(_ line: String) -> Int? {
        guard line.hasPrefix("committed ") else { return nil }
        return Int(line.dropFirst("committed ".count))
    }
}
