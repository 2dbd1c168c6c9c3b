import ChatPayloads
import ChatStore
import Foundation
import GRDB
import XCTest

/// Files the store cannot use give a ChatStoreError naming the path, never a crash.
final class ChatStoreErrorTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDownWithError() throws { folder = nil }

    /// A closed store with some rows at `path`.
    private func makeStore(_ path: String, messages: Int = 2_000) async throws {
        let store = try ChatStore(path: path)
        try await store.upsert(messages: (0..<messages).map {
            Fixture.message("m\($0)", timetoken: Int64($0) + 1, text: String(repeating: "t", count: 300))
        }, force: true)
        try store.close()
    }

    /// Opens `path`, checks its integrity and reads everything; expects a ChatStoreError naming the path.
    private func assertUnusable(_ path: String, kinds: Set<ChatStoreError.Kind>, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let store = try ChatStore(path: path)
            try await store.verifyIntegrity()
            _ = try await store.messageRecords(matching: MessageQuery())
            XCTFail("the damaged file was accepted", file: file, line: line)
        } catch {
            XCTAssertTrue(kinds.contains(error.kind), "\(error)", file: file, line: line)
            XCTAssertTrue(error.description.contains(path), "\(error)", file: file, line: line)
        }
    }

    func testNotADatabase() async throws {
        let path = folder.path("text.sqlite")
        try Data(String(repeating: "this is not a database\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        await assertStoreError(.notADatabase, path: path) { try ChatStore(path: path) }
    }

    func testTruncatedFile() async throws {
        let path = folder.path("truncated.sqlite")
        try await makeStore(path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        await assertUnusable(path, kinds: [.corrupt, .notADatabase, .database])
        let tiny = folder.path("tiny.sqlite")
        try await makeStore(tiny, messages: 1)
        let tinyHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: tiny))
        try tinyHandle.truncate(atOffset: 50)
        try tinyHandle.close()
        await assertUnusable(tiny, kinds: [.corrupt, .notADatabase, .database])
    }

    func testCorruptedPages() async throws {
        let path = folder.path("corrupt.sqlite")
        try await makeStore(path)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        var rng = SystemRandomNumberGenerator()
        for offset in stride(from: UInt64(4096), to: size, by: 8192) {
            try handle.seek(toOffset: offset + 100)
            try handle.write(contentsOf: Data((0..<512).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        }
        try handle.close()
        await assertUnusable(path, kinds: [.corrupt, .notADatabase, .database])
    }

    func testDirectory() async throws {
        let path = folder.path("adir")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        await assertStoreError(.isDirectory, path: path) { try ChatStore(path: path) }
    }

    func testMissingFolder() async throws {
        let path = folder.path("no/such/folder/store.sqlite")
        await assertStoreError(.cannotOpen, path: path) { try ChatStore(path: path) }
        await assertStoreError(.cannotOpen, path: path) { try ChatStore(path: path, options: ChatStoreOptions(readOnly: true)) }
    }

    func testReadOnlyStoreRefusesWrites() async throws {
        let path = folder.path("ro.sqlite")
        try await makeStore(path, messages: 3)
        let store = try ChatStore(path: path, options: ChatStoreOptions(readOnly: true))
        let count = try await store.messageCount(channelId: "c1")
        XCTAssertEqual(count, 3)
        await assertStoreError(.readOnly, path: path) { try await store.upsert(users: [UserRecord(id: "x")]) }
        await assertStoreError(.readOnly, path: path) { try await store.removeMessage(id: "m1") }
        let after = try await store.messageCount(channelId: "c1")
        XCTAssertEqual(after, 3)
    }

    func testFilePermissionsAsAnotherUser() async throws {
        guard let helper = HelperBinary.url else { return XCTFail("chatstore-crashwriter is not built") }
        let path = folder.path("perm.sqlite")
        try await makeStore(path, messages: 1)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let result: (status: Int32, output: String)
        if getuid() == 0 {
            // Root ignores file permissions: run the writer as nobody.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return XCTFail("setpriv is needed to drop root") }
            result = try HelperBinary.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", helper.path, "write", path])
        } else {
            result = try HelperBinary.run(helper.path, ["write", path])
        }
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains(path), result.output)
        XCTAssertTrue(result.output.contains("cannot be written") || result.output.contains("cannot be opened"), result.output)
    }

    func testNewerSchemaVersion() async throws {
        let path = folder.path("newer.sqlite")
        try await makeStore(path, messages: 1)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')") }
        try queue.close()
        await assertStoreError(.newerSchema, path: path) { try ChatStore(path: path) }
        await assertStoreError(.newerSchema, path: path) { try ChatStore(path: path, options: ChatStoreOptions(readOnly: true)) }
    }

    func testErrorDescriptionNamesThePath() {
        let error = ChatStoreError(.corrupt, path: "/x/y.sqlite", "is damaged")
        XCTAssertEqual(error.description, "/x/y.sqlite: is damaged")
    }
}
