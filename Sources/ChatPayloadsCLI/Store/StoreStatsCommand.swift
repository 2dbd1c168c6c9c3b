import ArgumentParser
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

    @Option(name: .long, help: ArgumentHelp("Channels listed, most messages first (default 10).", valueName: "n"))
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
        } catch {
            throw StoreFailure.exit(error)
        }
        out.flush()
    }

    /// The file's size plus its WAL's, in bytes.
    static func fileSize(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, p in
            total + ((try? FileManager.default.attributesOfItem(atPath: p))?[.size] as? Int ?? 0)
        }
    }
}
