import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import Foundation
import XCTest

/// Issue 25: a store file that cannot be written (a `0444` file, a read-only folder: a shipped
/// database, a read-only mount) is opened read-only without creating `-wal` / `-shm` files
/// beside it, and reads work. Permission bits decide, so the tests hold under root too (whom
/// `access(2)` never refuses); `ChatPayloadsEndToEndTests` runs the CLI as `nobody` for the real case.
final class ChatStoreReadOnlyMediaTests: XCTestCase {
    /// A store with one user and one message, closed, and copied alone: its empty `-wal` and
    /// its `-shm` (GRDB keeps them after a close) are removed.
    private func makeStore(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("shipped.sqlite").path
        let store = try ChatStore(path: path)
        _ = try store.upsertBlocking([
            .user(UserRecord(id: "u1")), .channel(ChannelRecord(id: "c1")),
            .message(Fixture.message("m1", timetoken: 1), user: nil, channel: nil, actions: []),
        ])
        try store.close()
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        XCTAssertEqual(wal, 0, "close() checkpoints the WAL")
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        return path
    }

    private func assertReadsLeavingNoFiles(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let store = try ChatStore(path: path, options: ChatStoreOptions(readOnly: true))
        XCTAssertTrue(store.isImmutable, file: file, line: line)
        XCTAssertEqual(try store.integrityCheckBlocking(), ["ok"], file: file, line: line)
        XCTAssertEqual(try store.countsBlocking().messages, 1, file: file, line: line)
        XCTAssertFalse(ChatStore.isBlankDatabase(path: path), file: file, line: line)
        try store.close()
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + suffix), "\(suffix) left beside the store", file: file, line: line)
        }
    }

    func testReadOnlyFileIsReadWithoutCreatingFiles() throws {
        let folder = try TemporaryFolder()
        let path = try makeStore(in: folder.url)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        try assertReadsLeavingNoFiles(path)
    }

    func testStoreInAReadOnlyFolderIsReadWithoutCreatingFiles() throws {
        let folder = try TemporaryFolder()
        let inner = folder.url.appendingPathComponent("mount", isDirectory: true)
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let path = try makeStore(in: inner)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: inner.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inner.path) }
        try assertReadsLeavingNoFiles(path)
    }

    /// The immutable open goes through a `file:` URI: a path with `%`, `?`, `#` and spaces
    /// still names the file (relative to the working directory, too).
    func testOddPathCharactersInAReadOnlyFolder() throws {
        let folder = try TemporaryFolder()
        let inner = folder.url.appendingPathComponent("a b%41?x#y", isDirectory: true)
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let path = try makeStore(in: inner)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: inner.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inner.path) }
        try assertReadsLeavingNoFiles(path)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.url.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try assertReadsLeavingNoFiles("a b%41?x#y/shipped.sqlite")
    }

    /// `immutable` asked for: nothing is created even where the folder is writable.
    func testImmutableOptionCreatesNoFiles() throws {
        let folder = try TemporaryFolder()
        let path = try makeStore(in: folder.url)
        let store = try ChatStore(path: path, options: ChatStoreOptions(immutable: true))
        XCTAssertTrue(store.options.readOnly)
        XCTAssertEqual(try store.countsBlocking().users, 1)
        XCTAssertThrowsError(try store.upsertBlocking([.user(UserRecord(id: "u2"))]))
        try store.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"))
    }

    /// A writable store opened read-only is opened as before (it sees other writers).
    func testWritableStoreOpenedReadOnlyIsNotImmutable() throws {
        let folder = try TemporaryFolder()
        let path = try makeStore(in: folder.url)
        let store = try ChatStore(path: path, options: ChatStoreOptions(readOnly: true))
        XCTAssertFalse(store.isImmutable)
        try store.close()
    }
}
