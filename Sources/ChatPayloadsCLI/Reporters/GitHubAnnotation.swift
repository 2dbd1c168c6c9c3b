/// One GitHub Actions workflow command, which the runner turns into an annotation:
/// `::error file=a.json,line=7,col=17,title=chatpayloads (type)::message`. The one writer of the
/// `github` format: `validate`'s ``GitHubReporter`` and `interop check` both build these.
///
/// Property values (file, title) are escaped with ``escapeProperty(_:)``, the message with
/// ``escapeData(_:)``, so no name or message can end the command early or start another.
struct GitHubAnnotation {
    var level: ReportLevel
    /// The file the annotation sits on (nil: an annotation of the run, not of a file).
    var file: String? = nil
    var line: Int? = nil
    var column: Int? = nil
    var title: String
    var message: String

    /// The command's line, newline included.
    var text: String {
        var properties: [String] = []
        if let file { properties.append("file=" + Self.escapeProperty(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + Self.escapeProperty(title))
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
    }

    /// The workflow command of the level.
    private var command: String {
        switch level {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    /// Escapes a command's message (`%`, CR, LF).
    static func escapeData(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Escapes a property value (also `:` and `,`).
    static func escapeProperty(_ s: String) -> String {
        var out = ""
        for c in escapeData(s).unicodeScalars {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
