import ArgumentParser

/// `chatpayloads`: checks chat payloads on the PubNub model against one contract, the same way
/// Swift, Kotlin and JavaScript check them.
struct ChatPayloadsCommand: ParsableCommand {
    /// The tool's version (`--version`, the JSON and SARIF reports); the one place it is written
    /// (`Scripts/build-wheel` reads it from the built binary's `--version`).
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "chatpayloads",
        abstract: "Check chat payloads (users, channels, messages, members, message actions) against the chat schemas.",
        discussion: """
            EXAMPLES:
              chatpayloads validate --schema message Schemas/examples/message.json
              chatpayloads validate fixtures/ --reporter github
              chatpayloads schema                       # list the bundled schemas
              chatpayloads schema message --profile strict > message.strict.json
              chatpayloads normalize --kind message payload.json
              chatpayloads patch --kind user base.json changeset.json
              chatpayloads convert --to record --kind message payload.json
              chatpayloads interop check --batch --run 'python3 decode.py'
              chatpayloads diff ios.json android.json

            Shell completion: chatpayloads --generate-completion-script bash|zsh|fish

            \(ExitStatus.helpText)
            """,
        version: BuildCommit.versionLine(version),
        subcommands: [ValidateCommand.self, SchemaCommand.self, NormalizeCommand.self, PatchCommand.self, ConvertCommand.self, InteropCommand.self, DiffCommand.self, StoreCommand.self, ServeCommand.self]
    )

    /// Ignores `SIGPIPE` before anything is printed, then parses, runs and exits with the status.
    /// The command runs on a thread with a stack sized for the deepest evaluation a config may
    /// allow (``LargeStack``), not on the main thread's system-sized stack.
    static func main() {
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
    static func runReturningStatus(_ arguments: [String]? = nil) -> Int32 {
        let code: ExitCode
        let text: String
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return ExitCode.success.rawValue
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
}

/// The entry point the `chatpayloads` executable calls (Sources/chatpayloads/main.swift): the
/// whole command lives in this library target so that other executables of the package can
/// answer with the same code.
package enum ChatPayloadsMain {
    /// Runs ``ChatPayloadsCommand`` on the process's arguments and exits with its status.
    package static func run() -> Never {
        ChatPayloadsCommand.main()
        // `main()` ends the process; this is never reached.
        Terminal.exitProcess(1)
    }
}
