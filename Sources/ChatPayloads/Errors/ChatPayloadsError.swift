/// A schema or configuration problem (the CLI's exit code 3): a custom schema that does not
/// compile, an unreadable custom-data file, bad YAML input.
public struct ChatPayloadsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category.
    public enum Kind: String, Sendable, Hashable {
        /// A schema could not be compiled.
        case schema
        /// A configuration problem.
        case config
        /// YAML input that cannot be read.
        case yaml
        /// A file could not be read.
        case io
    }

    /// The category.
    public let kind: Kind
    /// A specific message.
    public let message: String
    /// The file concerned, when known.
    public var file: String?
    /// The source position, when known.
    public var line: Int?
    /// The source column, when known.
    public var column: Int?
    /// For a schema that does not compile: where in it (`uri#/json/pointer`), so a caller that
    /// holds the schema's text can turn it into a line and column.
    public var schemaLocation: String?

    /// Makes an error.
    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, schemaLocation: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.schemaLocation = schemaLocation
    }

    /// `file:line:column: message` (the parts that are known).
    public var description: String {
        var prefix = file ?? ""
        if let line {
            prefix += prefix.isEmpty ? "\(line)" : ":\(line)"
            if let column { prefix += ":\(column)" }
        }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
