extension ChatPayloadsRootCommand {
    /// What `chatpayloads --version` prints (with its exit status 0), answered without building
    /// ArgumentParser's view of the whole command tree; nil for any other command line, which
    /// the tree parses (`validate --version`, `--version --help`, ...).
    ///
    /// The text is the one ArgumentParser prints for the root's version request: the version
    /// of ``configuration``.
    static func directVersion(_ arguments: [String]) -> String? {
        guard arguments.count == 1, arguments[0] == "--version", !configuration.version.isEmpty else { return nil }
        return configuration.version
    }
}
