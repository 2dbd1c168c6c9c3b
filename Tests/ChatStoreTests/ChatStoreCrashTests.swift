import ChatPayloads
import ChatStore
import Foundation
import GRDB
import XCTest

/// A child process writing batches is killed with SIGKILL at random points; the reopened store
/// must pass the integrity check and hold whole batches only: every batch the child reported
/// committed, plus at most the one batch that was committed while its report was being written.
final class ChatStoreCrashTests: XCTestCase {
    func testKillDuringBatchedWrites() async throws {
        guard let helper = HelperBinary.url else { return XCTFail("chatstore-crashwriter is not built") }
        let folder = try TemporaryFolder()
        let path = folder.path("crash.sqlite")
        var rng = SystemRandomNumberGenerator()
        var nextBatch = 0
        var kills = 0
        for round in 0..<24 {
            // Wait for a random number of commits (0...4), then a random extra delay, then kill.
            let run = try killedRun(helper, ["batches", path, String(nextBatch), String(batchSize)], waitFor: Int.random(in: 0...4, using: &rng), &rng)
            XCTAssertTrue(run.killed, "round \(round)")
            if run.killed { kills += 1 }
            nextBatch = try await checkWholeBatches(path, lastReported: run.lastReported ?? (nextBatch - 1), round: round)
        }
        XCTAssertGreaterThanOrEqual(kills, 20)
    }

    /// The same through the bulk path that defers the messages' indexes: each reopened store is
    /// sound, holds whole batches, and has its indexes back (the open builds what a killed load
    /// left deferred).
    func testKillDuringABulkLoadWithDeferredIndexes() async throws {
        guard let helper = HelperBinary.url else { return XCTFail("chatstore-crashwriter is not built") }
        let folder = try TemporaryFolder()
        let path = folder.path("bulk.sqlite")
        var rng = SystemRandomNumberGenerator()
        var kills = 0
        var killedDeferred = 0
        for round in 0..<12 {
            // Each round starts on an empty store, so that the load defers the indexes.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            // 1-3 commits: killed with the indexes deferred (the child builds them after its 41st
            // commit); 0: before or during the first; 45: after they were built.
            let waitFor = [0, 1, 2, 3, 45][Int.random(in: 0...4, using: &rng)]
            let run = try killedRun(helper, ["bulk", path, "0", String(batchSize)], waitFor: waitFor, &rng)
            if run.killed { kills += 1 }
            // The file as the kill left it: no index and a note, or every index and no note.
            let before = try DeferredIndexTests.messageIndexes(path)
            if before.noted {
                killedDeferred += 1
                XCTAssertTrue(before.indexes.isDisjoint(with: DeferredIndexTests.all), "round \(round): \(before.indexes)")
            } else if before.migrated {
                XCTAssertTrue(DeferredIndexTests.all.isSubset(of: before.indexes), "round \(round): \(before.indexes)")
            }
            _ = try await checkWholeBatches(path, lastReported: run.lastReported ?? -1, round: round)
            let after = try DeferredIndexTests.messageIndexes(path)
            XCTAssertTrue(DeferredIndexTests.all.isSubset(of: after.indexes), "round \(round): \(after.indexes)")
            XCTAssertFalse(after.noted, "round \(round)")
        }
        XCTAssertGreaterThanOrEqual(kills, 10)
        XCTAssertGreaterThanOrEqual(killedDeferred, 1, "no round killed the load while its indexes were deferred")
    }

    /// Messages per batch of the child.
    let batchSize = 64

    /// Runs the child with `arguments`, waits for `waitFor` commits and a random delay, kills it;
    /// returns whether the kill ended it and the last batch it reported committed.
    func killedRun(
        _ helper: URL, _ arguments: [String], waitFor: Int, _ rng: inout SystemRandomNumberGenerator
    ) throws -> (killed: Bool, lastReported: Int?) {
        let process = Process()
        process.executableURL = helper
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let reader = LineReader(pipe.fileHandleForReading)
        var reported: [Int] = []
        while reported.count < waitFor, let line = reader.nextLine() {
            if let n = LineReader.committed(line) { reported.append(n) }
        }
        usleep(UInt32.random(in: 0...20_000, using: &rng))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        while let line = reader.nextLine() {
            if let n = LineReader.committed(line) { reported.append(n) }
        }
        return (process.terminationReason == .uncaughtSignal, reported.last)
    }

    /// Opens the store a killed child left and checks it: sound, whole batches only, exactly
    /// batches 0..<n with n the last reported + 1 or + 2. Returns n.
    func checkWholeBatches(_ path: String, lastReported: Int, round: Int) async throws -> Int {
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
        return storedBatches
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
