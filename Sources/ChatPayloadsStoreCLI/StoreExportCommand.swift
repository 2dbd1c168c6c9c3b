import ArgumentParser
import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// `chatpayloads store export`: the stored rows as NDJSON payloads, in storage order.
struct StoreExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print stored rows as NDJSON payloads (the canonical form normalize prints).",
        discussion: """
            One line per row, in the order rows were first stored: users, channels, members, \
            messages (the sent form, with their actions), then actions whose message is not \
            stored; --kind prints one kind (message-action: every action), --channel only the \
            rows of one channel. The bytes equal `normalize` of what was imported (for a \
            message, `convert --to record | convert --to payload --kind sent-message`). \
            \(StoreDatabaseOptions.readOnlyNote)

            Timetokens (a message's timetoken, an action's parentTimetoken and \
            actionTimetoken) are 17-digit integers, above 2^53: JavaScript's JSON.parse reads \
            them as doubles and changes them (16526940800000001 becomes 16526940800000000). \
            --timetokens string writes them as strings of digits, as PubNub's REST responses \
            do, for such readers. The default, number, is the form the schemas describe: an \
            action's parentTimetoken and actionTimetoken must be integers, so `validate` and \
            `store import` refuse actions exported as strings (a sent message's own timetoken \
            may be either).

            EXAMPLES:
              chatpayloads store export --db chat.sqlite > all.ndjson
              chatpayloads store export --db chat.sqlite --kind sent-message --channel general
              chatpayloads store export --db chat.sqlite --timetokens string > for-javascript.ndjson

            EXIT STATUS:
              0   every row was printed
              3   the store cannot be opened, or a stored row cannot be decoded (damaged)
              64  usage error
            """)

    @OptionGroup var database: StoreDatabaseOptions

    @Option(name: .shortAndLong, help: "user, channel, member, sent-message or message-action (default: all, in that order).")
    var kind: PayloadKindArgument = .auto

    @Option(name: .long, help: ArgumentHelp("Only the rows of this channel (the channel itself, its members, messages and actions).", valueName: "id"))
    var channel: String?

    @Option(name: .long, help: ArgumentHelp(
        "How timetokens are written: number (default: JSON integers, the schemas' form, which store import takes back) or string (digits in quotes, exact in JavaScript).",
        valueName: "number|string"))
    var timetokens: TimetokenSpelling = .number

    func validate() throws {
        try kind.require(PayloadKindArgument.recordKinds, by: "store export")
    }

    mutating func run() throws {
        let store = try database.open(readOnly: true)
        let tables: [(StoreTable, Bool)]
        switch kind.kind {
        case .user?: tables = [(.users, false)]
        case .channel?: tables = [(.channels, false)]
        case .member?: tables = [(.members, false)]
        case .sentMessage?: tables = [(.messages, false)]
        case .messageAction?: tables = [(.actions, false)]
        default: tables = [(.users, false), (.channels, false), (.members, false), (.messages, false), (.actions, true)]
        }
        let out = Terminal.standardOutput
        var damaged = false
        for (table, unlinked) in tables {
            if table == .users && channel != nil { continue }
            var after: Int64 = 0
            while true {
                let page: StoredRowPage
                do throws(ChatStoreError) {
                    page = try store.rowsBlocking(table, after: after, limit: 512, channelId: channel, unlinkedActionsOnly: unlinked)
                } catch {
                    throw StoreFailure.exit(error)
                }
                for row in page.rows {
                    switch StoredRowJSON.payload(row) {
                    case .success(let value): out.write(JSONWriter.string(timetokens.apply(to: value, row: row), options: .canonical) + "\n")
                    case .failure(let problem):
                        damaged = true
                        Terminal.diagnose(TextReporter.displayable("\(store.path): error: \(problem.message)"))
                    }
                }
                guard let last = page.lastRowID else { break }
                after = last
            }
        }
        out.flush()
        if damaged { throw ExitStatus.schemaOrConfig.exitCode }
    }
}
