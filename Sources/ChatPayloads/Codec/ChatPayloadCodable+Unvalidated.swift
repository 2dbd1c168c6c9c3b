import JSONCore

// The entry points the CLI, the store and the interop machinery use: from an already parsed
// value or document, or from bytes without the profile's schema (`options.validator` may still
// name one). `package`: apps decode with `decode(_:profile:)`.
extension ChatPayloadCodable {
    /// Validates (when `options.validator` is set, first error only), then decodes `value`.
    package static func decode(from value: JSONValue, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        if let validator = options.validator {
            try validator.validate(value, as: payloadKind)
        }
        return try decode(json: value, at: .root, options: options)
    }

    /// `value`, a part of a larger value at `pointer`, decoded without validation (its errors'
    /// pointers are from the larger value's root): a member record of `convert --to payload`.
    package static func decode(from value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self {
        try decode(json: value, at: pointer, options: options)
    }

    /// ``decode(from:options:)-(JSONValue,_)`` on the document's value; errors carry the
    /// `line:column` of the value and their report (``ChatDecodingError/reported(schemaName:)``).
    package static func decode(from document: JSONDocument, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        do {
            return try decode(from: document.root, options: options)
        } catch {
            throw error.located(in: document).reported(schemaName: payloadKind.bundledSchema?.rawValue ?? payloadKind.rawValue)
        }
    }

    /// Parses UTF-8 JSON `bytes` with `JSONParser`, then decodes as ``decode(from:options:)-(JSONDocument,_)``.
    /// A parse failure is a ``ChatDecodingError`` of kind ``ChatDecodingError/Kind/invalidJSON``.
    package static func decode(
        bytes: [UInt8], options: ChatDecodingOptions = .standard, parseOptions: JSONParseOptions = JSONParseOptions()
    ) throws(ChatDecodingError) -> Self {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, options: parseOptions)
        } catch {
            throw ChatDecodingError(.invalidJSON, at: .root, error.message, location: error.location)
        }
        return try decode(from: document, options: options)
    }

    /// Parses JSON `text`, then decodes as ``decode(bytes:options:parseOptions:)-([UInt8],_,_)``.
    package static func decode(text: String, options: ChatDecodingOptions = .standard) throws(ChatDecodingError) -> Self {
        try decode(bytes: Array(text.utf8), options: options)
    }

    /// ``decode(bytes:options:parseOptions:)-([UInt8],_,_)`` for any byte collection; contiguous
    /// bytes are parsed in place, only a payload that fails is copied to locate its error.
    package static func decode(
        bytes: some Collection<UInt8>, options: ChatDecodingOptions = .standard, parseOptions: JSONParseOptions = JSONParseOptions()
    ) throws(ChatDecodingError) -> Self {
        let inPlace: Self?? = bytes.withContiguousStorageIfAvailable { buffer -> Self? in
            guard let value = try? JSONParser.parseValue(buffer, options: parseOptions) else { return nil }
            return try? decode(from: value, options: options)
        }
        if let inPlace, let decoded = inPlace { return decoded }
        return try decode(bytes: Array(bytes), options: options, parseOptions: parseOptions)
    }
}
