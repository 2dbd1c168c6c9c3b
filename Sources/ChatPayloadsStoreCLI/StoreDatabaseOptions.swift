import ArgumentParser
import ChatPayloads
import ChatPayloadsCLI
import ChatStore
import Foundation

/// `--db PATH` and how the store subcommands open it.
struct StoreDatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store file (created when missing; default: $CHATPAYLOADS_DB, else the config's db:).", valueName: "path"))
    var db: String?

    /// What the read-only subcommands' `--help` says about opening the store.
    static let readOnlyNote = "The store is opened read-only; a file or folder you cannot write (a read-only mount, "
        + "a shipped 0444 file) is opened SQLite-immutable, creating nothing beside it (a process writing it meanwhile is not seen)."

    /// Where the config comes from when neither `--db` nor `CHATPAYLOADS_DB` names the file.
    enum ConfigSource {
        /// The config the subcommand already loaded (nil: none, or `--no-config`).
        case loaded(ChatPayloadsConfig?)
        /// The `.chatpayloads.yml` found from the working directory upward, if any.
        case discover
    }

    /// The path named by `--db`, else `CHATPAYLOADS_DB`, else the config's `db:` (resolved
    /// against the config's directory and confined to it); a usage error when none is set.
    func path(config source: ConfigSource = .discover) throws -> String {
        if let db, !db.isEmpty { return db }
        if let env = ProcessInfo.processInfo.environment["CHATPAYLOADS_DB"], !env.isEmpty { return env }
        let config: ChatPayloadsConfig?
        switch source {
        case .loaded(let loaded): config = loaded
        case .discover:
            // The same discovery, and the same refusal of a config someone else could write, as
            // every other command (``ConfigLocation``).
            switch ConfigLocation.discovered() {
            case .success(.discovered(let found)), .success(.named(let found)):
                do throws(ConfigError) {
                    config = try ChatPayloadsConfig.load(path: found)
                } catch {
                    Terminal.diagnose(error.description)
                    throw ExitStatus.schemaOrConfig.exitCode
                }
            case .success(.none):
                config = nil
            case .failure(let failure):
                Terminal.diagnose(TextReporter.displayable(failure.message))
                throw ExitStatus.schemaOrConfig.exitCode
            }
        }
        do throws(ConfigError) {
            if let path = try config?.databasePath() { return path }
        } catch {
            Terminal.diagnose(error.description)
            throw ExitStatus.schemaOrConfig.exitCode
        }
        throw UsageError("name the store file with --db PATH (or set CHATPAYLOADS_DB, or db: in .chatpayloads.yml)")
    }

    /// Opens the store, or prints `PATH: error: ...` and ends with exit status 3.
    func open(readOnly: Bool = false, synchronous: ChatStoreOptions.Synchronous = .full, config: ConfigSource = .discover) throws -> ChatStore {
        let path = try path(config: config)
        if readOnly, !FileManager.default.fileExists(atPath: path) {
            Terminal.diagnose("\(path): error: no such store file")
            throw ExitStatus.schemaOrConfig.exitCode
        }
        do throws(ChatStoreError) {
            return try ChatStore(path: path, options: ChatStoreOptions(readOnly: readOnly, synchronous: synchronous))
        } catch {
            throw StoreFailure.exit(error)
        }
    }
}

/// How a store error ends a subcommand: `PATH: error: message` on standard error, exit status 3.
enum StoreFailure {
    static func exit(_ error: ChatStoreError) -> ExitCode {
        Terminal.diagnose(TextReporter.displayable("\(error.path): error: \(error.message)"))
        return ExitStatus.schemaOrConfig.exitCode
    }
}
