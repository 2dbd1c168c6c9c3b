import ArgumentParser
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import Foundation

/// `chatpayloads store stats`: row counts per kind and per channel, schema version, file size.
struct StoreStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print row counts per kind and per channel, the schema version and the file size.",
        discussion: """
            \(StoreDatabaseOptions.readOnlyNote)

            EXAMPLES:
              chatpayloads store stats --db chat.sqlite
              chatpayloads store stats --db chat.sqlite --channels 100

            EXIT STATUS:
              0   printed
              3   the store cannot be opened
              64  usage error
            """)

    @OptionGroup var database: StoreDatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Channels listed, most messages first (default 10; a last line counts the channels left out).", valueName: "n"))
    var channels: Int = 10

    mutating func validate() throws {
        if channels < 0 { throw UsageError("--channels must be at least 0") }
    }

    mutating func run() throws {
        let store = try database.open(readOnly: true)
        let out = Terminal.standardOutput
        do throws(ChatStoreError) {
            let counts = try store.countsBlocking()
            let migrations = try store.appliedMigrationsBlocking()
            let perChannel = try store.channelStatsBlocking(limit: channels)
            out.write("file: \(TextReporter.displayable(store.path)) (\(StoreStatsCommand.fileSize(store.path)) bytes)\n")
            out.write("schema: \(migrations.last ?? "none") (migrations: \(migrations.joined(separator: ", ")))\n")
            var table = QueryTable(["KIND", "ROWS"])
            for (kind, n) in [("users", counts.users), ("channels", counts.channels), ("members", counts.members),
                              ("messages", counts.messages), ("actions", counts.actions), ("queued", counts.queuedActions)] {
                table.add([kind, String(n)])
            }
            out.write(table.text)
            if !perChannel.isEmpty {
                var byChannel = QueryTable(["CHANNEL", "MEMBERS", "MESSAGES"])
                for c in perChannel { byChannel.add([c.channelId, String(c.members), String(c.messages)]) }
                out.write(byChannel.text)
            }
            // A partial list says so, and how to see the rest.
            if let more = StoreStatsCommand.moreChannelsLine(listed: perChannel.count, total: counts.channels) { out.write(more + "\n") }
        } catch {
            throw StoreFailure.exit(error)
        }
        out.flush()
    }

    /// `… and 13 more channels (--channels 23 lists them all)` when the table leaves channels
    /// out, else nil.
    static func moreChannelsLine(listed: Int, total: Int) -> String? {
        guard total > listed else { return nil }
        let more = total - listed
        return "… and \(more) more channel\(more == 1 ? "" : "s") (--channels \(total) lists them all)"
    }

    /// The file's size plus its WAL's, in bytes.
    static func fileSize(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, p in
            total + ((try? FileManager.default.attributesOfItem(atPath: p))?[.size] as? Int ?? 0)
        }
    }
}
