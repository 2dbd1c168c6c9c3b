extension ValidateCommand {
    /// The subcommand name the direct parse answers (``ValidateCommand``'s `commandName`).
    static let directName = "validate"

    /// `chatpayloads validate …` parsed without ArgumentParser: `arguments` are the process's
    /// (after the program name). Nil when they do not start with `validate`, or when the direct
    /// parse does not read all of them exactly as ArgumentParser would (see
    /// ``ValidateArgumentScan`` and ``ValidateOptions/init(_:)``): ArgumentParser parses those,
    /// so every help, usage and error text and status stays its own.
    ///
    /// `validate` is the command CI runs once per file or schema, and building ArgumentParser's
    /// view of its options (reflection over every property wrapper, protocol conformance
    /// look-ups) cost about as much as everything else a one-file run does (ARCHITECTURE.md,
    /// "Binaries and start-up").
    static func parsedDirectly(_ arguments: [String]) -> ValidateCommand? {
        guard arguments.first == directName,
            let scan = ValidateArgumentScan(arguments.dropFirst()),
            let options = ValidateOptions(scan)
        else { return nil }
        var command = ValidateCommand()
        command.options = options
        return command
    }
}
