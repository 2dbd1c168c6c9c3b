import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import Foundation

// Query latency of the ChatStore library (issue 16): latest 50 messages of a channel, members of a
// channel, unseen count, on a store of 1,000,000 messages in 1,000 channels.
//
//   swift run -c release chatstore-microbench [--db PATH] [--messages N] [--channels N] [--rounds N]
//
// Builds the store when PATH is missing (through ChatStore.upsertBlocking, synchronous NORMAL,
// 50,000-row transactions; deterministic ids and texts), then times every query `--rounds` times
// (after 200 warm-up calls) over the channels in a fixed order, one call at a time, and prints
// p50 / p99 in µs and one JSON line (for Benchmarks/store.sh). Single-threaded.

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, _ fallback: String) -> String {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return fallback }
    return arguments[i + 1]
}
let path = option("--db", "Benchmarks/corpus/_store/query-1m.sqlite")
let messageCount = Int(option("--messages", "1000000")) ?? 1_000_000
let channelCount = max(1, Int(option("--channels", "1000")) ?? 1000)
let rounds = max(1, Int(option("--rounds", "2000")) ?? 2000)
let userCount = 5000
let membersPerChannel = 20

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chatstore-microbench: \(message)\n".utf8))
    exit(2)
}

func channelId(_ i: Int) -> String { "channel-\(String(format: "%04d", i))" }
func userId(_ i: Int) -> String { "user-\(String(format: "%05d", i))" }

/// Fills a new store: users, channels, 20 members per channel, then the messages, round-robin over
/// the channels (each channel's timetokens increasing), texts of 40-200 bytes, small content and custom.
@MainActor func build(_ store: ChatStore) throws(ChatStoreError) {
    var writes: [IngestedRecord] = []
    for u in 0..<userCount { writes.append(.user(UserRecord(id: userId(u), name: "User \(u)", email: "u\(u)@example.com"))) }
    for c in 0..<channelCount { writes.append(.channel(ChannelRecord(id: channelId(c), name: "Channel \(c)", type: "group"))) }
    for c in 0..<channelCount {
        for m in 0..<membersPerChannel {
            writes.append(.member(MemberRecord(channelId: channelId(c), userId: userId((c * 37 + m * 101) % userCount)), user: nil, channel: nil))
        }
    }
    _ = try store.upsertBlocking(writes)
    let words = ["build", "green", "review", "ship", "tonight", "café", "привет", "今日は", "🚀", "release", "notes", "lunch"]
    var batch: [IngestedRecord] = []
    batch.reserveCapacity(50_000)
    let base: Int64 = 17_000_000_000_000_000
    for i in 0..<messageCount {
        let c = i % channelCount
        let n = 6 + (i * 7) % 30
        var text = ""
        for w in 0..<n { text += (w == 0 ? "" : " ") + words[(i + w * 5) % words.count] }
        let created = ChatTimestamp(epochSeconds: 1_700_000_000 + Int64(i), nanoseconds: (i * 1000) % 1_000_000_000) ?? .unixEpoch
        let record = MessageRecord(
            id: String(format: "%08X-0000-4000-8000-%012X", c, i), timetoken: base + Int64(i) * 10_000, dateCreated: created, text: text,
            contentType: i % 3 == 0 ? "imageUrl" : nil,
            content: Array((i % 3 == 0 ? #"{"imageUrl":"https://cdn.example.com/\#(i).png"}"# : "{}").utf8),
            custom: Array(#"{"timetoken":\#(base + Int64(i) * 10_000)}"#.utf8),
            userId: userId((c * 37 + (i / channelCount) % membersPerChannel * 101) % userCount), channelId: channelId(c))
        batch.append(.message(record, user: nil, channel: nil, actions: []))
        if batch.count == 50_000 {
            _ = try store.upsertBlocking(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
    if !batch.isEmpty { _ = try store.upsertBlocking(batch) }
}

let existed = FileManager.default.fileExists(atPath: path)
if !existed { try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true) }
let store: ChatStore
do throws(ChatStoreError) {
    store = try ChatStore(path: path, options: ChatStoreOptions(synchronous: .normal))
    if !existed {
        let started = ContinuousClock.now
        try build(store)
        print("built \(path): \(messageCount) messages in \(channelCount) channels in \(ContinuousClock.now - started)")
    }
} catch {
    fail("\(error)")
}

func micros(_ d: Duration) -> Double { Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12 }

/// Times `body` `rounds` times after 200 warm-up calls; `body(i)` returns how many rows it read.
@MainActor func measure(_ name: String, _ body: (Int) async throws -> Int) async rethrows -> (String, Double, Double, Int) {
    for i in 0..<min(200, rounds) { _ = try await body(i * 7919) }
    var samples: [Double] = []
    samples.reserveCapacity(rounds)
    var rows = 0
    let clock = ContinuousClock()
    for i in 0..<rounds {
        let t0 = clock.now
        rows += try await body(i * 7919)
        samples.append(micros(clock.now - t0))
    }
    samples.sort()
    let p50 = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "p50 %8.1f µs   p99 %8.1f µs   (%d rows)", p50, p99, rows))
    return (name, p50, p99, rows)
}

let channels = (0..<channelCount).map(channelId)
@MainActor func channel(_ i: Int) -> String { channels[i % channels.count] }
@MainActor func user(_ i: Int) -> String { userId((i % channelCount * 37) % userCount) }

var results: [(String, Double, Double, Int)] = []
do {
    results.append(try await measure("latest50.records (blocking)") { i in try store.messageRecordsBlocking(channelId: channel(i), page: MessagePage(limit: 50)).count })
    results.append(try await measure("latest50.records (async)") { i in try await store.messageRecords(channelId: channel(i), page: MessagePage(limit: 50)).count })
    results.append(try await measure("latest50.models (async, typed)") { i in
        try await store.messages(channelId: channel(i), page: MessagePage(limit: 50), as: VoidCustomData.self).count
    })
    results.append(try await measure("members.rows (blocking)") { i in try store.memberRowsBlocking(channelId: channel(i)).count })
    results.append(try await measure("members.models (async, typed)") { i in try await store.members(channelId: channel(i), as: VoidCustomData.self).count })
    results.append(try await measure("unseen (blocking)") { i in try store.unseenCountBlocking(channelId: channel(i), excludingUserId: user(i)) })
    results.append(try await measure("unseen (async)") { i in try await store.unseenCount(channelId: channel(i), excludingUserId: user(i)) })
} catch {
    fail("\(error)")
}
let json = results.map { #"{"name":"\#($0.0)","p50_us":\#(String(format: "%.1f", $0.1)),"p99_us":\#(String(format: "%.1f", $0.2)),"rows":\#($0.3),"rounds":\#(rounds)}"# }
print("JSON [" + json.joined(separator: ",") + "]")
