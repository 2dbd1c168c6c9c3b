import ArgumentParser
import ChatStore
import Foundation

/// `--db PATH` and how the store subcommands open it.
struct StoreDatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file (created when missing; default: $CHATPAYLOADS_DB).", valueName: "path"))
    var db: String?

    /// The path named by `--db`, else `CHATPAYLOADS_DB`; a usage error when neither is set.
    func path() throws -> String {
        if let db, !db.isEmpty { return db }
        if let env = ProcessInfo.processInfo.environment["CHATPAYLOADS_DB"], !env.isEmpty { return env }
        throw UsageError("name the store file with --db PATH (or set CHATPAYLOADS_DB)")
    }

    /// Opens the store, or prints `PATH: error: ...` and ends with exit status 3.
    func open(readOnly: Bool = false, synchronous: ChatStoreOptions.Synchronous = .full) throws -> ChatStore {
        let path = try path()
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
