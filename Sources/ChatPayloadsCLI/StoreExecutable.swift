import ArgumentParser

/// `chatpayloads store …` runs in its own executable, `chatpayloads-store`, installed beside
/// `chatpayloads` (`chatpayloads serve` runs there too, as `chatpayloads-store serve`), so the
/// process that validates never loads GRDB, SQLite or SwiftNIO.
///
/// `chatpayloads-store`'s root is the whole `chatpayloads` tree with the real `store`
/// subcommands (ChatPayloadsStoreCLI, over this target's code), so its help, usage, errors,
/// completion scripts and man pages are the ones `chatpayloads` always printed. `chatpayloads`
/// replaces itself with it (`execv`, same process id, same standard streams) before parsing
/// anything when the command line asks for the store, or for something that describes the
/// whole tree.
enum StoreExecutable {
    /// The executable's file name, looked for in the directory of the running `chatpayloads`.
    static let name = "chatpayloads-store"

    /// The status when `chatpayloads-store` cannot be started (`EX_UNAVAILABLE`, as `serve`).
    static let missingStatus: Int32 = 69

    /// What a command line needs from `chatpayloads-store`.
    enum Need: Equatable {
        /// A store command (`store …`, `help store …`): only `chatpayloads-store` can run it.
        case store
        /// A description of the whole tree (`--generate-completion-script`,
        /// `--experimental-dump-help`, a shell's `---completion` call): `chatpayloads-store`
        /// gives it with the store's subcommands and options; without it, `chatpayloads`
        /// answers with the tree it has.
        case wholeTree
    }

    /// What `commandLine` (the process's, program name first) needs from `chatpayloads-store`;
    /// nil when `chatpayloads` runs it itself.
    static func need(_ commandLine: [String]) -> Need? {
        let arguments = commandLine.dropFirst()
        guard let first = arguments.first else { return nil }
        if first == "store" { return .store }
        if first == "help", arguments.dropFirst().first == "store" { return .store }
        if first == "---completion" { return .wholeTree }
        if arguments.contains(where: { $0 == "--experimental-dump-help" || $0.hasPrefix("--generate-completion-script") }) {
            return .wholeTree
        }
        return nil
    }

    /// Replaces the process with `chatpayloads-store` when `commandLine` needs it; returns when
    /// it does not (or, for a whole-tree description, when the executable cannot be started).
    /// A store command without the executable ends the process with ``missingStatus`` and a
    /// message naming it.
    static func forwardIfAsked(_ commandLine: [String]) {
        guard let need = need(commandLine) else { return }
        let reason = exec(Array(commandLine.dropFirst()))
        guard need == .store else { return }
        Terminal.diagnose("error: \(reason) (chatpayloads store runs the \(name) executable installed beside chatpayloads)")
        Terminal.exitProcess(missingStatus)
    }

    /// Replaces the process with `chatpayloads-store arguments`; returns why it could not.
    static func exec(_ arguments: [String]) -> String {
        guard let directory = SiblingExecutable.directory() else {
            return "cannot find the directory of the running executable to start \(name)"
        }
        return SiblingExecutable.replaceProcess(with: directory + "/" + name, arguments: arguments)
    }
}

/// `chatpayloads store` in the `chatpayloads` executable: the name and abstract of the real
/// command (in `chatpayloads-store`, see ``StoreExecutable``) for the root's help. A store
/// command line is forwarded before it is parsed, so this runs only if the forwarding was
/// skipped; it forwards then too.
struct StoreForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Import, export, query and patch chat payloads in a local SQLite store.")

    func run() throws {
        let reason = StoreExecutable.exec(Array(CommandLine.arguments.dropFirst()))
        Terminal.diagnose("error: \(reason) (chatpayloads store runs the \(StoreExecutable.name) executable installed beside chatpayloads)")
        throw ExitCode(StoreExecutable.missingStatus)
    }
}
