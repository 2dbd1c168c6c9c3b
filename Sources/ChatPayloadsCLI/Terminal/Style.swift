/// ANSI styles used by the text reporter when colour is on.
package struct Style: Sendable {
    /// Whether escape sequences are emitted.
    package let enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// Bold text (paths).
    package func bold(_ s: String) -> String { wrap(s, "1") }
    /// Red bold (`error:`).
    package func error(_ s: String) -> String { wrap(s, "1;31") }
    /// Yellow bold (`warning:`).
    package func warning(_ s: String) -> String { wrap(s, "1;33") }
    /// Cyan (`note:`).
    package func note(_ s: String) -> String { wrap(s, "1;36") }
    /// Green (the summary when all is well).
    package func success(_ s: String) -> String { wrap(s, "1;32") }
    /// Dim (keyword locations).
    package func dim(_ s: String) -> String { wrap(s, "2") }
}
