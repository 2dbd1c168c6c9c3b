import JSONCore
import JSONSchemaValidator

/// The one shape of every error this package throws: what is wrong and where.
///
/// Each error type keeps its own cases and details; this protocol gives the same four
/// questions the same answers, so one `catch` can report any of them:
///
/// ```swift
/// do { ... } catch let error as any ChatPayloadsLocatedError {
///     print("\(error.sourceFile ?? "-"):\(error.sourceLine ?? 0):\(error.sourceColumn ?? 0): \(error.message) at \(error.jsonPointer?.description ?? "")")
/// }
/// ```
///
/// | error | thrown by | pointer | line:column |
/// |---|---|---|---|
/// | ``ChatDecodingError`` | `decode(...)` of models, records, patches | the offending value | when decoded from bytes or a document |
/// | ``ChatEncodingError`` | `encodedJSON()`, `canonicalBytes()` | the offending value | - |
/// | ``ChatPayloadsError`` | ``PayloadValidator/init(schema:profile:extraRegistry:customData:)``, YAML, files | - | when known |
/// | ``ConfigError`` | the `.chatpayloads.yml` loader | - | when known (with the file) |
/// | `JSONParseError` | `JSONParser` | - | always |
/// | `SchemaError` | `JSONSchema(...)` | in the schema | when compiled from text |
///
/// A payload that fails *validation* is not an error: it is a ``PayloadReport`` whose issues
/// carry the same information (``PayloadIssue/instanceLocation`` and ``PayloadIssue/location``).
public protocol ChatPayloadsLocatedError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, without the position.
    var message: String { get }
    /// The JSON Pointer of the offending value (in the payload, or in the schema for a
    /// `SchemaError`), when the error is about one value.
    var jsonPointer: JSONPointer? { get }
    /// The file, when the error is about one (config and schema files).
    var sourceFile: String? { get }
    /// The 1-based line in the source text, when known.
    var sourceLine: Int? { get }
    /// The 1-based column (in Unicode scalars) in the source text, when known.
    var sourceColumn: Int? { get }
}

extension ChatPayloadsLocatedError {
    /// No file by default.
    public var sourceFile: String? { nil }
}

extension ChatDecodingError: ChatPayloadsLocatedError {
    /// ``pointer``.
    public var jsonPointer: JSONPointer? { pointer }
    /// ``location``'s line.
    public var sourceLine: Int? { location?.line }
    /// ``location``'s column.
    public var sourceColumn: Int? { location?.column }
}

extension ChatEncodingError: ChatPayloadsLocatedError {
    /// ``pointer``.
    public var jsonPointer: JSONPointer? { pointer }
    /// Encoding has no source text: nil.
    public var sourceLine: Int? { nil }
    /// Encoding has no source text: nil.
    public var sourceColumn: Int? { nil }
}

extension ChatPayloadsError: ChatPayloadsLocatedError {
    /// nil: a schema error names its place in ``schemaLocation``.
    public var jsonPointer: JSONPointer? { nil }
    /// ``file``.
    public var sourceFile: String? { file }
    /// ``line``.
    public var sourceLine: Int? { line }
    /// ``column``.
    public var sourceColumn: Int? { column }
}

extension ConfigError: ChatPayloadsLocatedError {
    /// nil: config errors are located by line and column.
    public var jsonPointer: JSONPointer? { nil }
    /// ``file``.
    public var sourceFile: String? { file }
    /// ``line`` (nil when 0, unknown).
    public var sourceLine: Int? { line > 0 ? line : nil }
    /// ``column`` (nil when 0, unknown).
    public var sourceColumn: Int? { column > 0 ? column : nil }
}

extension JSONParseError: ChatPayloadsLocatedError {
    /// nil: the text could not be read as far as a value.
    public var jsonPointer: JSONPointer? { nil }
    /// `location.line`.
    public var sourceLine: Int? { location.line }
    /// `location.column`.
    public var sourceColumn: Int? { location.column }
}

extension SchemaError: ChatPayloadsLocatedError {
    /// `pointer`, in the schema document.
    public var jsonPointer: JSONPointer? { pointer }
    /// `location?.line`.
    public var sourceLine: Int? { location?.line }
    /// `location?.column`.
    public var sourceColumn: Int? { location?.column }
}
