/// The lines of the `text` format, the one writer both `validate`'s ``TextReporter`` and
/// `interop check --reporter text` write through: a line about a place
/// (`fixtures/a.json:7:17: error: message`), an indented detail under it, the level words
/// (`error:`, `warning:`, `note:`) in their colours. Places and messages come in already made
/// ``TextReporter/displayable(_:)`` where they can hold a file name or a payload's text.
enum TextLine {
    /// `place: text` and a line break, the place (with its colon) in bold.
    static func about(_ place: String, _ text: String, style: Style) -> String {
        style.bold(place + ":") + " " + text + "\n"
    }

    /// `name: text` and a line break, the name (without its colon) in bold: a line about a file
    /// or payload as a whole (`fixtures/a.json: valid`).
    static func named(_ name: String, _ text: String, style: Style) -> String {
        style.bold(name) + ": " + text + "\n"
    }

    /// A line under the one before, indented two spaces.
    static func detail(_ text: String) -> String {
        "  " + text + "\n"
    }

    /// `error:`, `warning:` or `note:` in the level's colour.
    static func level(_ level: ReportLevel, style: Style) -> String {
        switch level {
        case .error: return style.error("error:")
        case .warning: return style.warning("warning:")
        case .note: return style.note("note:")
        }
    }
}
