import ArgumentParser

/// `chatpayloads`: checks chat payloads on the PubNub model against one contract, the same way
/// Swift, Kotlin and JavaScript check them.
@main
struct ChatPayloadsCommand: ParsableCommand {
    /// The tool's version (`--version`, the JSON and SARIF reports).
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

            Shell completion: chatpayloads --generate-completion-script bash|zsh|fish

            \(ExitStatus.helpText)
            """,
        version: version,
        subcommands: [ValidateCommand.self, SchemaCommand.self, NormalizeCommand.self, PatchCommand.self, ConvertCommand.self]
    )

    /// Ignores `SIGPIPE` before anything is printed, then parses and runs.
    static func main() {
        Terminal.ignoreBrokenPipeSignal()
        main(nil)
    }
}
