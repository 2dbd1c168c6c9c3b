import JSONCore

/// Why a schema could not be compiled, and where.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// The category of problem.
    public enum Kind: String, Sendable, Hashable {
        /// The schema text is not valid JSON.
        case notJSON
        /// The schema is invalid against its meta-schema.
        case invalidSchema
        /// A `$ref`/`$dynamicRef` names nothing in a document the registry holds, a `$dynamicRef`
        /// names an unregistered document, or `$schema` is unknown. (A `$ref` into an unregistered
        /// document compiles: see ``JSONSchema/warnings``.)
        case unresolvableReference
        /// A `pattern`/`patternProperties` regex is not valid ECMA-262.
        case invalidPattern
        /// A format is asserted that no checker knows, under strict formats.
        case unknownFormat
        /// The meta-schema requires a vocabulary this validator does not implement.
        case unsupportedVocabulary
        /// A keyword this validator does not know, when unknown keywords are errors.
        case unknownKeyword
        /// A registry document or URI is unusable.
        case invalidRegistry
    }

    /// The category.
    public let kind: Kind
    /// A specific message.
    public let message: String
    /// The absolute location in the schema (`uri#/json/pointer`).
    public let schemaLocation: String
    /// The JSON Pointer of the offending value within its document.
    public let pointer: JSONPointer
    /// The source position, when the schema was compiled from text.
    public var location: SourceLocation?
    /// For `invalidSchema`: the meta-schema validation errors.
    public let metaschemaErrors: [ValidationError]

    /// Makes an error.
    public init(kind: Kind, message: String, schemaLocation: String, pointer: JSONPointer = .root, location: SourceLocation? = nil, metaschemaErrors: [ValidationError] = []) {
        self.kind = kind
        self.message = message
        self.schemaLocation = schemaLocation
        self.pointer = pointer
        self.location = location
        self.metaschemaErrors = metaschemaErrors
    }

    /// `line:column: message (at location)`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(message) (at \(schemaLocation))"
    }
}
