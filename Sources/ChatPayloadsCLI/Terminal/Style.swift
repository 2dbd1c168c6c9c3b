/// ANSI styles used by the text reporter when colour is on.
struct Style: Sendable {
    /// Whether escape sequences are emitted.
    let enabled: Bool

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// Bold text (paths).
    func bold(_ s: String) -> String { wrap(s, "1") }
    /// Red bold (`error:`).
    func error(_ s: String) -> String { wrap(s, "1;31") }
    /// Yellow bold (`warning:`).
    func warning(_ s: String) -> String { wrap(s, "1;33") }
    /// Cyan (`note:`).
    func note(_ s: String) -> String { wrap(s, "1;36") }
    /// Green (the summary when all is well).
    func success(_ s: String) -> String { wrap(s, "1;32") }
    /// Dim (keyword locations).
    func dim(_ s: String) -> String { wrap(s, "2") }
}
