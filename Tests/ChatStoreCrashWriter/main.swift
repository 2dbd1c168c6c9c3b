// chatstore-crashwriter: a helper of the ChatStore tests (not a user tool).
//
//   chatstore-crashwriter batches PATH FIRST_BATCH BATCH_SIZE
//       writes batch FIRST_BATCH, FIRST_BATCH+1, ... (BATCH_SIZE messages each, one transaction
//       per batch) until killed, printing "committed N" after each commit returns;
//   chatstore-crashwriter bulk PATH FIRST_BATCH BATCH_SIZE
//       the same through upsertTransactionBlocking with deferIndexes (a bulk load into a store
//       without messages drops their secondary indexes until restoreDeferredIndexesBlocking);
//       after batch FIRST_BATCH+40 it builds the indexes and prints "restored";
//   chatstore-crashwriter write PATH
//       opens the store and upserts one user; prints "ok" or the error (for permission tests).
import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import Foundation

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    say("usage: chatstore-crashwriter batches PATH FIRST_BATCH BATCH_SIZE | write PATH")
    exit(64)
}
let path = arguments[2]
switch arguments[1] {
case "batches":
    guard arguments.count == 5, let first = Int(arguments[3]), let size = Int(arguments[4]), size > 0 else {
        say("usage: chatstore-crashwriter batches PATH FIRST_BATCH BATCH_SIZE")
        exit(64)
    }
    do {
        let store = try ChatStore(path: path, options: ChatStoreOptions(batchSize: size))
        let created = ChatTimestamp(timetoken: 17_000_000_000_000_000) ?? .unixEpoch
        var batch = first
        while true {
            let messages = (0..<size).map { i in
                MessageRecord(
                    id: "b\(batch)-m\(i)", timetoken: 17_000_000_000_000_000 + Int64(batch * size + i), dateCreated: created,
                    text: String(repeating: "x", count: 200 + i % 50), userId: "writer", channelId: "crash")
            }
            try store.upsertBlocking(messages: messages, force: true)
            say("committed \(batch)")
            batch += 1
        }
    } catch {
        say("error \(error)")
        exit(1)
    }
case "bulk":
    guard arguments.count == 5, let first = Int(arguments[3]), let size = Int(arguments[4]), size > 0 else {
        say("usage: chatstore-crashwriter bulk PATH FIRST_BATCH BATCH_SIZE")
        exit(64)
    }
    do {
        let store = try ChatStore(path: path)
        let created = ChatTimestamp(timetoken: 17_000_000_000_000_000) ?? .unixEpoch
        var batch = first
        while true {
            let writes: [IngestedRecord] = (0..<size).map { i in
                .message(
                    MessageRecord(
                        id: "b\(batch)-m\(i)", timetoken: 17_000_000_000_000_000 + Int64(batch * size + i), dateCreated: created,
                        text: String(repeating: "x", count: 200 + i % 50), userId: "writer", channelId: "crash"),
                    user: nil, channel: nil, actions: [])
            }
            _ = try store.upsertTransactionBlocking(force: true, deferIndexes: true) { bulk in try bulk.upsert(writes) }
            say("committed \(batch)")
            if batch == first + 40 {
                try store.restoreDeferredIndexesBlocking()
                say("restored")
            }
            batch += 1
        }
    } catch {
        say("error \(error)")
        exit(1)
    }
case "write":
    do {
        let store = try ChatStore(path: path)
        try store.upsertBlocking(messages: [
            MessageRecord(id: "m", dateCreated: .unixEpoch, text: "t", userId: "u", channelId: "c"),
        ], force: true)
        say("ok")
    } catch {
        say("\(error)")
        exit(1)
    }
default:
    say("unknown mode \(arguments[1])")
    exit(64)
}
