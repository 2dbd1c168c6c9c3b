/// The arguments of `chatpayloads validate` split by the option table (``ValidateArgument``),
/// without ArgumentParser: the values given for each option and the paths.
///
/// It accepts only what it reads exactly as ArgumentParser reads it, and is nil for anything
/// else, so the caller can give that command line to ArgumentParser (whose help, usage and error
/// texts and statuses are the tool's): an unknown or malformed option, an option without its
/// value, a value that begins with `-` (other than `-` itself), `--opt=` with nothing after `=`,
/// a flag given a value, grouped or joined short options, and any `help`, `-h`, `--help`,
/// `--version`, dump-help or completion request anywhere on the line. What it reads:
/// `--name value`, `--name=value`, `-x value`, flags `--name` and `-x`, `-` (standard input)
/// and other paths, and `--`, after which everything is a path. Options and paths may be
/// interleaved; a single-value option given twice keeps the last value, as ArgumentParser does.
struct ValidateArgumentScan: Sendable {
    /// The values given for each option (indexed by ``ValidateArgument/rawValue``), in
    /// command-line order; a flag has one empty string per occurrence.
    private(set) var values: [[String]] = Array(repeating: [], count: ValidateArgument.allCases.count)
    /// The positional arguments (files, directories, globs, `-`), in order.
    private(set) var paths: [String] = []

    /// Scans `arguments` (those after `validate`); nil when ArgumentParser must read them.
    init?<Arguments: Collection<String>>(_ arguments: Arguments) {
        guard !arguments.contains(where: ValidateArgumentScan.isReserved) else { return nil }
        var pending: ValidateArgument?
        var afterTerminator = false
        for argument in arguments {
            if let option = pending {
                guard ValidateArgumentScan.isValue(argument) else { return nil }
                values[option.rawValue].append(argument)
                pending = nil
                continue
            }
            if afterTerminator || ValidateArgumentScan.isValue(argument) {
                paths.append(argument)
                continue
            }
            if argument == "--" {
                afterTerminator = true
                continue
            }
            guard let (option, attached) = ValidateArgumentScan.option(in: argument) else { return nil }
            if let attached {
                guard option.takesValue, !attached.isEmpty else { return nil }
                values[option.rawValue].append(attached)
            } else if option.takesValue {
                pending = option
            } else {
                values[option.rawValue].append("")
            }
        }
        if pending != nil { return nil }
    }

    /// The values given for `option`, in order.
    func values(of option: ValidateArgument) -> [String] { values[option.rawValue] }

    /// The last value given for `option` (ArgumentParser keeps the last); nil when not given.
    func lastValue(of option: ValidateArgument) -> String? { values[option.rawValue].last }

    /// Whether the flag `option` was given.
    func isSet(_ option: ValidateArgument) -> Bool { !values[option.rawValue].isEmpty }

    /// Whether ArgumentParser reads `argument` as a value: it does not begin with `-`, or it is
    /// `-` (standard input). The empty string is a value too.
    private static func isValue(_ argument: String) -> Bool {
        argument.utf8.first != UInt8(ascii: "-") || argument == "-"
    }

    /// The option `argument` names (`--name`, `--name=value`, `-x`) and the value attached
    /// after `=`; nil when it names none of the table's.
    ///
    /// Read byte by byte: the table's names are ASCII, so a name that matches is the same
    /// characters ArgumentParser reads. An `=` followed by a non-ASCII byte (which a combining
    /// mark could join into one character with it) is left to ArgumentParser.
    private static func option(in argument: String) -> (ValidateArgument, String?)? {
        let utf8 = argument.utf8
        if utf8.starts(with: "--".utf8) {
            let body = utf8.dropFirst(2)
            guard let equals = body.firstIndex(of: UInt8(ascii: "=")) else {
                return ValidateArgument.named(body).map { ($0, nil) }
            }
            let value = body[body.index(after: equals)...]
            if let first = value.first, first >= 0x80 { return nil }
            return ValidateArgument.named(body[..<equals]).map { ($0, String(Substring(value))) }
        }
        guard utf8.count == 2, let letter = utf8.last, let option = ValidateArgument.named(short: letter) else { return nil }
        return (option, nil)
    }

    /// Arguments that ask ArgumentParser for something other than a parse (help, version, a
    /// dump or a completion script), wherever they stand.
    private static func isReserved(_ argument: String) -> Bool {
        switch argument {
        case "help", "-h", "--help", "-help", "--help-hidden", "-hh", "--version", "--experimental-dump-help": true
        default: argument.hasPrefix("--generate-completion-script") || argument.hasPrefix("---completion")
        }
    }
}
