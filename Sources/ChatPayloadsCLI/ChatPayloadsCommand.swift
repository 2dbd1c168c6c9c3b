import ArgumentParser

/// `chatpayloads`: checks chat payloads on the PubNub model against one contract, the same way
/// Swift, Kotlin and JavaScript check them. The root of the `chatpayloads` executable, whose
/// `store` is a stand-in that execs `chatpayloads-store` (``StoreForwardCommand``).
package struct ChatPayloadsCommand: ChatPayloadsRootCommand {
    /// The tool's version (`--version`, the JSON and SARIF reports); the one place it is written
    /// (`Scripts/build-wheel` reads it from the built binary's `--version`; action.yml reads this line).
    package static let version = "0.1.0"

    package static let configuration = rootConfiguration(store: StoreForwardCommand.self)

    package init() {}

    /// The root's configuration with `store` as its `store` subcommand: the stand-in here, the
    /// real one in `chatpayloads-store` (ChatPayloadsStoreCLI), so both executables print the
    /// same help, usage and errors.
    package static func rootConfiguration(store: any ParsableCommand.Type) -> CommandConfiguration {
        CommandConfiguration(
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
                  chatpayloads convert --to record --kind sent-message sent.json
                  chatpayloads interop check --batch --run 'python3 decode.py'
                  chatpayloads diff ios.json android.json

                Shell completion: chatpayloads --generate-completion-script bash|zsh|fish

                \(ExitStatus.helpText)
                """,
            version: BuildCommit.versionLine(version),
            subcommands: [ValidateCommand.self, SchemaCommand.self, NormalizeCommand.self, PatchCommand.self, ConvertCommand.self, InteropCommand.self, DiffCommand.self, store, ServeCommand.self]
        )
    }
}

/// The entry point the `chatpayloads` executable calls (Sources/chatpayloads/main.swift).
package enum ChatPayloadsMain {
    /// Hands a store command line to `chatpayloads-store`, else runs ``ChatPayloadsCommand`` on
    /// the process's arguments and exits with its status.
    package static func run() -> Never {
        StoreExecutable.forwardIfAsked(CommandLine.arguments)
        ChatPayloadsCommand.runProcess()
    }
}
