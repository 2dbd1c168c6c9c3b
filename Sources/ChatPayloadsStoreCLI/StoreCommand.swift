import ArgumentParser
import ChatPayloadsCLI

/// `chatpayloads store`: the local store (ChatStore, SQLite) from the command line.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Import, export, query and patch chat payloads in a local SQLite store.",
        discussion: """
            Every subcommand takes --db PATH (or CHATPAYLOADS_DB); the file is created when missing.

            EXAMPLES:
              chatpayloads store import --db chat.sqlite users.ndjson channels.ndjson messages.ndjson
              chatpayloads store export --db chat.sqlite --kind sent-message --channel general
              chatpayloads store query --db chat.sqlite messages --channel general --limit 50
              chatpayloads store apply --db chat.sqlite events.ndjson
              chatpayloads store stats --db chat.sqlite
              chatpayloads store check --db chat.sqlite
            """,
        subcommands: [
            StoreImportCommand.self, StoreExportCommand.self, StoreQueryCommand.self, StoreApplyCommand.self,
            StoreStatsCommand.self, StoreCheckCommand.self,
        ])
}
