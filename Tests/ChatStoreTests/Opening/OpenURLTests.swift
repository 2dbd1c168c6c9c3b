import ChatStore
import Foundation
import XCTest

/// `ChatStore(url:)` and the async `ChatStore.open(url:options:)`; `import ChatStore` alone names
/// ChatPayloads' types (this file imports nothing else of the package).
final class OpenURLTests: XCTestCase {
    func testAsyncOpenCreatesAMigratedStore() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("chat store.sqlite")
        let store = try await ChatStore.open(url: url)
        XCTAssertEqual(store.path, url.path)
        XCTAssertEqual(store.url.standardizedFileURL, url.standardizedFileURL)
        try await store.upsert(users: [ChatUser<VoidCustomData>(id: "u1", name: "Ada")])
        try store.close()
        let reopened = try ChatStore(url: url)
        let user = try await reopened.user(id: "u1", as: VoidCustomData.self)
        XCTAssertEqual(user?.name, "Ada")
        try reopened.close()
    }

    func testAsyncOpenThrowsTheStoreErrors() async throws {
        let folder = try TemporaryFolder()
        await assertStoreError(.isDirectory, path: folder.url.path) { try await ChatStore.open(url: folder.url) }
        let missing = folder.url.appendingPathComponent("missing.sqlite")
        await assertStoreError(.cannotOpen, path: missing.path) { try await ChatStore.open(url: missing, options: ChatStoreOptions(readOnly: true)) }
    }

    func testANonFileURLIsRefused() async throws {
        let remote = try XCTUnwrap(URL(string: "https://example.com/chat.sqlite"))
        await assertStoreError(.invalidArgument, path: "https://example.com/chat.sqlite") { try ChatStore(url: remote) }
        await assertStoreError(.invalidArgument, path: "https://example.com/chat.sqlite") { try await ChatStore.open(url: remote) }
    }
}
