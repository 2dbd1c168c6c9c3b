// The store tasks of issue 31, written from docs/store.md and ChatStore's DocC
// (UsingTheStore, OutgoingMessages, the symbol pages) only. `import ChatStore` alone names the
// ChatPayloads models (no `import ChatPayloads` in this file).
import ChatStore
import ConsumerExamples
import DocExamples
import Foundation
import Testing

/// An app's chat repository: one actor owning the store, opened off the main actor.
actor StoreChatRepository {
    let store: ChatStore
    let me: ChatUser<VoidCustomData>

    init(url: URL, me: ChatUser<VoidCustomData>, options: ChatStoreOptions = ChatStoreOptions()) async throws {
        store = try await ChatStore.open(url: url, options: options)
        self.me = me
        try await store.upsert(users: [me])
    }

    /// Joins a channel (the membership, with the channel row when missing).
    func join(_ channel: ChatChannel<VoidCustomData>) async throws {
        try await store.upsert(members: [ChatMember<VoidCustomData>(channel: channel, user: me)], force: true)
    }

    /// A message from the network (published: it has a timetoken).
    func receive(_ id: String, text: String, from userId: String, in channelId: String, timetoken: Int64) async throws {
        let payload = ChatMessagePayload<VoidCustomData>(id: id, text: text, createdAt: storeEpoch)
        let message = ChatMessage<VoidCustomData>(timetoken: timetoken, payload: payload, userId: userId, channelId: channelId)
        try await store.upsert(messages: [message], force: true)
    }

    /// The user sends while offline: stored "sending", its publish queued (`force`: the channel
    /// row is created when not stored yet, else the message would be kept out).
    @discardableResult
    func send(_ id: String, text: String, in channelId: String, now: ChatTimestamp) async throws -> Int64 {
        let payload = ChatMessagePayload<VoidCustomData>(id: id, text: text, createdAt: now)
        try await store.upsert(messages: [ChatMessage<VoidCustomData>(payload: payload, userId: me.id, channelId: channelId)], force: true)
        return try await store.enqueue(.sendMessage, channelId: channelId, messageId: id, payload: try payload.canonicalBytes(), now: now)
    }

    /// The channel was opened: everything in it is read.
    func markRead(_ channelId: String) async throws {
        try await store.markSeen(channelId: channelId, excludingUserId: me.id)
    }

    func status(of messageId: String) async throws -> MessageStatus? {
        try await store.message(id: messageId, as: VoidCustomData.self)?.status
    }

    nonisolated func channelList() -> ChatStoreObservation<[ChannelSummary<VoidCustomData>]> {
        store.observeChannelList(userId: me.id, as: VoidCustomData.self)
    }

    func close() throws { try store.close() }
}

let storeEpoch = ChatTimestamp(parsing: "2024-03-05T10:12:10.000Z") ?? .unixEpoch

/// `storeTime(s)`: `s` seconds after `storeEpoch`.
func storeTime(_ seconds: Int64) -> ChatTimestamp {
    ChatTimestamp(epochSeconds: storeEpoch.epochSeconds + seconds) ?? storeEpoch
}

/// A store file in a fresh temporary folder.
func temporaryStoreURL() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-store-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("chat.sqlite")
}

@Suite struct StoreTasks {
    @Test func importChatStoreAloneNamesTheModels() async throws {
        let store = try await ChatStore.open(url: try temporaryStoreURL())
        let user: ChatUser<VoidCustomData> = ChatUser(id: "u1", name: "Ada")
        try await store.upsert(users: [user])
        let stored = try await store.user(id: "u1", as: VoidCustomData.self)
        #expect(stored?.name == "Ada")
        try store.close()
    }

    @Test func aNonFileURLIsAStoreError() async throws {
        let remote = try #require(URL(string: "https://example.com/chat.sqlite"))
        await #expect(throws: ChatStoreError.self) { try await ChatStore.open(url: remote) }
    }

    @Test func channelListWithLastMessageAndUnreadCount() async throws {
        let repository = try await StoreChatRepository(url: try temporaryStoreURL(), me: ChatUser(id: "me", name: "Me"))
        try await repository.join(ChatChannel(id: "general", name: "General"))
        try await repository.join(ChatChannel(id: "random", name: "Random"))
        try await repository.receive("g1", text: "hello", from: "ada", in: "general", timetoken: 10)
        var list = repository.channelList().makeAsyncIterator()
        let first = try #require(try await list.next())
        #expect(first.map(\.id) == ["general", "random"])
        #expect(first.map(\.unreadCount) == [1, 0])
        #expect(first.first?.lastMessage?.message.text == "hello")

        try await repository.receive("r1", text: "news", from: "bob", in: "random", timetoken: 20)
        let second = try #require(try await list.next())
        #expect(second.map(\.id) == ["random", "general"])
        #expect(second.first?.lastMessage?.message.text == "news")

        // A channel I am not in changes nothing; reading "random" does.
        try await repository.store.upsert(members: [ChatMember<VoidCustomData>(channel: ChatChannel(id: "elsewhere"), user: ChatUser(id: "zed"))], force: true)
        try await repository.markRead("random")
        let third = try #require(try await list.next())
        #expect(third.map(\.unreadCount) == [0, 1])
        try await repository.close()
    }

    @Test func oneUserAndOneChannel() async throws {
        let repository = try await StoreChatRepository(url: try temporaryStoreURL(), me: ChatUser(id: "me", name: "Me"))
        let store = repository.store
        var user = store.observeUser(id: "ada", as: VoidCustomData.self).makeAsyncIterator()
        var channel = store.observeChannel(id: "general", as: VoidCustomData.self).makeAsyncIterator()
        #expect(try await user.next() == .some(nil))
        #expect(try await channel.next() == .some(nil))
        try await store.upsert(users: [ChatUser<VoidCustomData>(id: "ada", name: "Ada")])
        #expect(try await user.next()??.name == "Ada")
        try await repository.join(ChatChannel(id: "general", name: "General"))
        #expect(try await channel.next()??.name == "General")
        // Another user, then a rename: the next value is the rename.
        try await store.upsert(users: [ChatUser<VoidCustomData>(id: "bob", name: "Bob")])
        try await store.upsert(users: [ChatUser<VoidCustomData>(id: "ada", name: "Ada L.")])
        #expect(try await user.next()??.name == "Ada L.")
        try await repository.close()
    }

    @Test func queueRetriesAfterADuration() async throws {
        let repository = try await StoreChatRepository(url: try temporaryStoreURL(), me: ChatUser(id: "me"))
        let store = repository.store
        let id = try await repository.send("m1", text: "hi", in: "general", now: storeTime(0))
        #expect(try await repository.status(of: "m1") == .sending)
        try await store.markFailed(queuedActionId: id, error: "offline", retryAfter: .seconds(30), now: storeTime(0))
        #expect(try await store.nextQueuedAction(now: storeTime(29)).next == nil)
        let due = try await store.nextQueuedAction(now: storeTime(30))
        #expect(due.next?.id == id)
        #expect(due.next?.attempts == 1)
        #expect(due.next?.lastError == "offline")
        try await repository.close()
    }

    @Test func expiredSendsLeaveTheMessageSendingByDefault() async throws {
        let repository = try await StoreChatRepository(url: try temporaryStoreURL(), me: ChatUser(id: "me"))
        try await repository.send("m1", text: "hi", in: "general", now: storeTime(0))
        let take = try await repository.store.nextQueuedAction(now: storeTime(12 * 3600 + 1))
        #expect(take.expired.map(\.messageId) == ["m1"])
        #expect(take.failedMessageIds == [])
        #expect(try await repository.status(of: "m1") == .sending)
        try await repository.close()
    }

    @Test func expiredSendsMarkTheMessageFailedWhenAsked() async throws {
        let options = ChatStoreOptions(queuedActionExpiry: .seconds(60), marksExpiredMessagesFailed: true)
        let repository = try await StoreChatRepository(url: try temporaryStoreURL(), me: ChatUser(id: "me"), options: options)
        try await repository.send("m1", text: "hi", in: "general", now: storeTime(0))
        #expect(try await repository.store.nextQueuedAction(now: storeTime(60)).failedMessageIds == [])
        let take = try await repository.store.nextQueuedAction(now: storeTime(61))
        #expect(take.failedMessageIds == ["m1"])
        #expect(take.next == nil)
        #expect(try await repository.status(of: "m1") == .failed)
        #expect(try await repository.store.queuedActions() == [])
        try await repository.close()
    }

    /// docs/store.md's "In an app" block (Scripts/consumer-check writes it as `readmeStoreSection`), run.
    @Test func readmeStoreSectionRuns() async throws {
        let message = Data(#"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
        try await readmeStoreSection(storeURL: try temporaryStoreURL(), messageData: message)
    }

    @Test func outgoingMessagesArticleRuns() async throws {
        let message = Data(#"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
        try await docChatStoreOutgoingMessages(messageData: message, userData: Data(), eventData: Data())
    }
}
