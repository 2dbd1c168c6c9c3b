extension ValidateCommand {
    /// The subcommand name the direct parse answers (``ValidateCommand``'s `commandName`).
    static let directName = "validate"

    /// The options of `chatpayloads validate …` parsed without ArgumentParser: `arguments` are
    /// the process's (after the program name). Nil when they do not start with `validate`, or
    /// when the direct parse does not read all of them exactly as ArgumentParser would (see
    /// ``ValidateArgumentScan`` and ``ValidateOptions/init(_:)``): ArgumentParser parses those,
    /// so every help, usage and error text and status stays its own. Run them with
    /// ``run(_:)``.
    ///
    /// `validate` is the command CI runs once per file or schema, and building ArgumentParser's
    /// view of its options (reflection over every property wrapper, generic metadata and
    /// protocol conformance look-ups) cost about as much as everything else a one-file run did
    /// (ARCHITECTURE.md, "Binaries and start-up"). Not even a ``ValidateCommand`` is made: its
    /// property wrappers alone cost three conformance scans of the binary.
    static func directOptions(_ arguments: [String]) -> ValidateOptions? {
        guard arguments.first == directName, let scan = ValidateArgumentScan(arguments.dropFirst()) else { return nil }
        return ValidateOptions(scan)
    }
}
