import ChatPayloads
import ChatStore
import Foundation
import XCTest

/// A temporary folder for one test, removed at the end.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("chatstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Base class: a fresh on-disk store per test.
class StoreTestCase: XCTestCase {
    var folder: TemporaryFolder!
    var store: ChatStore!
    var storePath: String { folder.path("store.sqlite") }

    override func setUp() async throws {
        try await super.setUp()
        folder = try TemporaryFolder()
        store = try ChatStore(path: storePath)
    }

    override func tearDownWithError() throws {
        try store?.close()
        store = nil
        folder = nil
    }

    /// Reopens the store (a restart).
    func reopen(options: ChatStoreOptions = ChatStoreOptions()) throws {
        try store.close()
        store = try ChatStore(path: storePath, options: options)
    }
}

/// Fixtures.
enum Fixture {
    static let updated = date("2020-09-23T09:23:34.598494Z")
    static let later = date("2021-01-01T00:00:00.000Z")
    static let earlier = date("2019-01-01T00:00:00.000Z")

    static func date(_ text: String) -> ChatTimestamp {
        ChatTimestamp(parsing: text) ?? .unixEpoch
    }

    /// A synced user.
    static func user(_ id: String, name: String = "Name", updated: ChatTimestamp? = Fixture.updated, eTag: String? = "E1") -> ChatUser<AnyJSONCustomData> {
        ChatUser(id: id, name: name, updated: updated, eTag: eTag, custom: ["description": "d"])
    }

    /// A synced channel.
    static func channel(_ id: String, name: String = "Channel", updated: ChatTimestamp? = Fixture.updated, eTag: String? = "C1") -> ChatChannel<AnyJSONCustomData> {
        ChatChannel(id: id, name: name, updated: updated, eTag: eTag, custom: ["k": "v"])
    }

    /// A message record.
    static func message(_ id: String, channel: String = "c1", user: String = "u1", timetoken: Int64, text: String = "hello") -> MessageRecord {
        MessageRecord(id: id, timetoken: timetoken, dateCreated: updated, text: text, userId: user, channelId: channel)
    }

    /// A typed message.
    static func chatMessage(_ id: String, channel: String = "c1", user: String = "u1", timetoken: Int64, text: String = "hello") -> ChatMessage<AnyJSONCustomData> {
        ChatMessage(
            timetoken: timetoken,
            payload: ChatMessagePayload(id: id, text: text, contentType: "text", content: ["body": ["nested": [1, 2]]], custom: ["x": true], createdAt: updated),
            userId: user, channelId: channel)
    }
}

/// Collects values from `@Sendable` callbacks.
final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Asserts that `body` throws a ``ChatStoreError`` of `kind` whose description names `path`.
func assertStoreError<T>(
    _ kind: ChatStoreError.Kind, path: String, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        XCTFail("expected a \(kind) error", file: file, line: line)
    } catch let error as ChatStoreError {
        XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
        XCTAssertTrue(error.description.contains(path), "\(error) does not name \(path)", file: file, line: line)
    } catch {
        XCTFail("not a ChatStoreError: \(error)", file: file, line: line)
    }
}
