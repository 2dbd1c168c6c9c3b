// The JSON and schema types that appear in this module's public API (`JSONValue`, `JSONPointer`,
// `SourceLocation`, `JSONTape`, `JSONDocument`, `SchemaRegistry`, `JSONSchema`...) come with
// `import ChatPayloads`: an app never needs `import JSONCore` to read an issue's
// `location?.line`, even with member import visibility on.
@_exported import JSONCore
@_exported import JSONSchemaValidator
