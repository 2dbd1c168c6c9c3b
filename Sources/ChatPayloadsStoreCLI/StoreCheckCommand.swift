import ArgumentParser
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore

/// `chatpayloads store check`: SQLite's integrity check and the schema version.
struct StoreCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store's integrity and schema version.",
        discussion: """
            Runs PRAGMA integrity_check and compares the file's schema migrations with those \
            this version knows. An older schema passes (the next import migrates it). \
            \(StoreDatabaseOptions.readOnlyNote)

            EXIT STATUS:
              0   the file is sound: up to date, of an older schema the next import migrates, or an empty store no import has finished creating
              3   it is damaged, not a database, of a newer or unknown schema, or cannot be opened
              64  usage error
            """)

    @OptionGroup var database: StoreDatabaseOptions

    mutating func run() throws {
        let out = Terminal.standardOutput
        if ChatStore.isBlankDatabase(path: try database.path()) {
            // Created, then stopped before its first migration committed: consistent and empty.
            out.write("schema: none yet (an empty store: the next import creates it)\nintegrity: ok\n")
            out.flush()
            return
        }
        let store = try database.open(readOnly: true)
        let lines: [String]
        let migrations: [String]
        do throws(ChatStoreError) {
            lines = try store.integrityCheckBlocking()
            migrations = try store.appliedMigrationsBlocking()
        } catch {
            throw StoreFailure.exit(error)
        }
        do {
            let known = ChatStore.knownMigrations
            out.write("schema: \(migrations.last ?? "none") (this version knows \(known.joined(separator: ", ")))\n")
            guard lines == ["ok"] else {
                out.flush()
                Terminal.diagnose(TextReporter.displayable("\(store.path): error: failed the integrity check: \(lines.prefix(5).joined(separator: "; "))"))
                throw ExitStatus.schemaOrConfig.exitCode
            }
            // An older schema (the known migrations' prefix) is sound: every subcommand reads it,
            // and the next writable open (an import) migrates it.
            let older = migrations.count < known.count && Array(known.prefix(migrations.count)) == migrations && !migrations.isEmpty
            if older {
                out.write("migrations: \(known.dropFirst(migrations.count).joined(separator: ", ")) to apply (the next import or apply does)\n")
            }
            guard migrations == known || older else {
                out.flush()
                Terminal.diagnose(TextReporter.displayable("\(store.path): error: schema \(migrations.joined(separator: ", ")) differs from this version's \(known.joined(separator: ", "))"))
                throw ExitStatus.schemaOrConfig.exitCode
            }
            out.write("integrity: ok\n")
        }
        out.flush()
    }
}
