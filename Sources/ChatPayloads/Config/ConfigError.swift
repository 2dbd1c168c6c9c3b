/// A problem in a `.chatpayloads.yml`: where it is and what is wrong, including the allowed values.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The config file (as given to the loader).
    public let file: String
    /// 1-based line (0 when the problem has no position, e.g. an unreadable file).
    public let line: Int
    /// 1-based column in Unicode scalars (0 when unknown).
    public let column: Int
    /// What is wrong; for a wrong key or value, ends with the allowed values.
    public let message: String

    /// Makes an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message` (`file: error: message` without a position).
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
    }
}
