import ArgumentParser

/// The root of a `chatpayloads` command tree (``ChatPayloadsCommand`` in `chatpayloads`, the
/// store's root in `chatpayloads-store`): how either parses, runs and exits. A conforming type
/// gives only its ``configuration`` (``ChatPayloadsCommand/rootConfiguration(store:)``).
package protocol ChatPayloadsRootCommand: ParsableCommand {}

extension ChatPayloadsRootCommand {
    /// Ignores `SIGPIPE` before anything is printed, then parses, runs and exits with the status.
    /// The command runs on a thread with a stack sized for the deepest evaluation a config may
    /// allow (``LargeStack``), not on the main thread's system-sized stack.
    package static func runProcess() -> Never {
        Terminal.ignoreBrokenPipeSignal()
        Terminal.exitProcess(LargeStack.run { runReturningStatus() })
    }

    /// Parses the process's arguments and runs the command, printing what `ParsableCommand.main`
    /// prints (help and version on standard output, usage errors on standard error), and returns
    /// the exit status instead of exiting.
    ///
    /// `ParsableCommand.main` calls `exit` inside its `catch`, while the thrown error and what the
    /// parser built for it are still alive. LeakSanitizer cannot follow the pointers Swift keeps in
    /// spare bits of enum payloads (llvm/llvm-project#56751), so in an AddressSanitizer build it
    /// reported them as leaked at exit and a usage error ended with 1 instead of 64. Returning
    /// first lets all of it go before the process exits.
    ///
    /// `--version` alone is answered directly (``directVersion(_:)``), `validate` is parsed
    /// without ArgumentParser when it can be (``ValidateCommand/directOptions(_:)``), other
    /// leaf commands with their own type as the root (``parseSubcommandDirectly(_:)``), the
    /// rest by the whole tree.
    static func runReturningStatus(_ arguments: [String]? = nil) -> Int32 {
        let code: ExitCode
        let text: String
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        if let version = directVersion(given) {
            print(version)
            return ExitCode.success.rawValue
        }
        do {
            if let options = ValidateCommand.directOptions(given) {
                try ValidateCommand.run(options)
            } else {
                var command = try parseSubcommandDirectly(given) ?? parseAsRoot(arguments)
                try command.run()
            }
            return ExitCode.success.rawValue
        } catch let status as ExitCode {
            // What `exitCode(for:)` and `fullMessage(for:)` give for an `ExitCode` (its status,
            // no text), without the usage text of the whole tree they build first.
            return status.rawValue
        } catch {
            code = exitCode(for: error)
            text = fullMessage(for: error)
        }
        if !text.isEmpty {
            // As `ParsableCommand.exit(withError:)`: only help and version exit with success.
            if code.isSuccess {
                print(text)
            } else {
                Terminal.diagnose(text)
            }
        }
        return code.rawValue
    }

    /// The command `arguments` name, parsed with its own type as the root when that is sure to
    /// give what ``parseAsRoot(_:)`` gives; nil when the whole tree must parse them.
    ///
    /// `parseAsRoot` builds the whole subcommand tree and reflects every command's properties
    /// before it looks at the first argument (for `--generate-completion-script` and for
    /// pass-through arguments), which was a quarter of a one-file `validate` run. Here the first
    /// argument picks a leaf subcommand (`validate`, `schema`, ...) and only that command's
    /// arguments are parsed. Anything the shortcut could answer differently goes the long way,
    /// so help, version, usage and completion texts and their exit statuses are the tree's own:
    /// a parse that fails (unknown option, a validation error, ...) or asks for help (`--help`,
    /// `-h`) is parsed again from the root, as is any `--version` (only the root has one), and
    /// commands with subcommands (`interop`, `store`) always are. Errors thrown by `run()` are
    /// reported by the caller through the root either way.
    static func parseSubcommandDirectly(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first, !arguments.contains("--version"),
            let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
            subcommand.configuration.subcommands.isEmpty
        else { return nil }
        // `parseAsRoot` answers `--help` with a help command of its own (whose usage would lack
        // `chatpayloads`) rather than an error: only the subcommand itself is taken.
        guard let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
            ObjectIdentifier(type(of: command)) == ObjectIdentifier(subcommand)
        else { return nil }
        return command
    }
}
