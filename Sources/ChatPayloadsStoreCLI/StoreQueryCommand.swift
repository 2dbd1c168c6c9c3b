import ArgumentParser
import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// `chatpayloads store query`: the typed queries of ChatStore, as a table or NDJSON.
struct StoreQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Query the store: users, channels, members, messages or actions.",
        discussion: """
            messages: newest first, filtered by --channel, --user, --before/--after TIMETOKEN \
            (exclusive), --status (repeatable), --text; members: of --channel (required), \
            --present for present ones only; actions: of --channel; users and channels: in \
            storage order. --unseen prints the unseen count of --channel (messages sent or \
            delivered, not sent by --user) instead of rows. Output: an aligned table, or \
            NDJSON payloads with --reporter json. \(StoreDatabaseOptions.readOnlyNote)

            EXAMPLES:
              chatpayloads store query --db chat.sqlite messages --channel general --limit 50
              chatpayloads store query --db chat.sqlite messages --channel general --before 17000000000000000 --status seen
              chatpayloads store query --db chat.sqlite members --channel general --present --reporter json
              chatpayloads store query --db chat.sqlite messages --channel general --unseen --user me

            EXIT STATUS:
              0   the query ran (even with no rows)
              3   the store cannot be opened, or a stored row cannot be decoded
              64  usage error
            """)

    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case users, channels, members, messages, actions
    }

    enum Output: String, CaseIterable, ExpressibleByArgument {
        case table, json
    }

    @Argument(help: "users, channels, members, messages or actions.")
    var kind: Kind

    @OptionGroup var database: StoreDatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Only this channel (required for members).", valueName: "id"))
    var channel: String?

    @Option(name: .long, help: ArgumentHelp("Only messages sent by this user (with --unseen: not counting them).", valueName: "id"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("Only messages with an earlier timetoken.", valueName: "timetoken"))
    var before: Int64?

    @Option(name: .long, help: ArgumentHelp("Only messages with a later timetoken.", valueName: "timetoken"))
    var after: Int64?

    @Option(name: .long, help: ArgumentHelp("Only messages with this status: sending, sent, delivered, seen or failed (repeatable).", valueName: "status"))
    var status: [MessageStatus] = []

    @Option(name: .long, help: ArgumentHelp("Only messages whose text contains this text.", valueName: "text"))
    var text: String?

    @Flag(name: .long, help: "Members: only those present.")
    var present = false

    @Flag(name: .long, help: "Messages: print the unseen count of --channel instead of rows.")
    var unseen = false

    @Option(name: .long, help: ArgumentHelp("At most this many rows (default 50).", valueName: "n"))
    var limit: Int = 50

    @Option(name: .long, help: "table (default) or json (NDJSON payloads, one per row).")
    var reporter: Output = .table

    mutating func validate() throws {
        if limit < 0 { throw UsageError("--limit must be at least 0") }
        if kind == .members && channel == nil { throw UsageError("members needs --channel ID") }
        if unseen && (kind != .messages || channel == nil) { throw UsageError("--unseen needs messages --channel ID") }
        if present && kind != .members { throw UsageError("--present applies to members") }
        if kind != .messages && (before != nil || after != nil || !status.isEmpty || text != nil) {
            throw UsageError("--before, --after, --status and --text apply to messages")
        }
    }

    mutating func run() throws {
        let store = try database.open(readOnly: true)
        let out = Terminal.standardOutput
        let rows: [StoredRow]
        do throws(ChatStoreError) {
            if unseen, let channel {
                out.write("\(try store.unseenCountBlocking(channelId: channel, excludingUserId: user))\n")
                return out.flush()
            }
            rows = try fetch(store)
        } catch {
            throw StoreFailure.exit(error)
        }
        var damaged = false
        if reporter == .json {
            for row in rows {
                switch StoredRowJSON.payload(row) {
                case .success(let value): out.write(JSONWriter.string(value, options: .canonical) + "\n")
                case .failure(let problem):
                    damaged = true
                    Terminal.diagnose(TextReporter.displayable("\(store.path): error: \(problem.message)"))
                }
            }
        } else {
            var table = QueryTable(QueryTable.header(kind))
            for row in rows { table.add(QueryTable.cells(row)) }
            out.write(table.text)
        }
        out.flush()
        if damaged { throw ExitStatus.schemaOrConfig.exitCode }
    }

    private func fetch(_ store: ChatStore) throws(ChatStoreError) -> [StoredRow] {
        switch kind {
        case .users: return try store.rowsBlocking(.users, limit: limit).rows
        case .channels: return try store.rowsBlocking(.channels, limit: limit, channelId: channel).rows
        case .actions: return try store.rowsBlocking(.actions, limit: limit, channelId: channel).rows
        case .members: return try store.memberRowsBlocking(channelId: channel ?? "", onlyPresent: present, limit: limit)
        case .messages:
            var query = MessageQuery(channelId: channel, userId: user, textContains: text, limit: limit)
            if !status.isEmpty { query.statuses = Set(status) }
            if before != nil || after != nil {
                let low = after.map { $0 == Int64.max ? $0 : $0 + 1 } ?? Int64.min
                let high = before.map { $0 == Int64.min ? $0 : $0 - 1 } ?? Int64.max
                guard low <= high else { return [] }
                query.timetokens = low...high
            }
            return try store.messageRecordsBlocking(matching: query).map { .message($0, actions: []) }
        }
    }
}

extension MessageStatus: ExpressibleByArgument {}
