import JSONCore

/// Reading and writing the JSON-bytes attributes of records (`custom`, `content`, `presenceState`).
enum RecordBytes {
    /// Canonical JSON bytes of a custom object, for a record.
    static func encode<C: JSONCustomData>(_ custom: C, field: String, flat: Bool, entity: String) throws(ChatEncodingError) -> [UInt8] {
        let object = try CustomDataCoding.encode(custom, at: JSONPointer(tokens: [field]), flat: flat, entity: entity)
        return JSONWriter.bytes(.object(object), options: .canonical)
    }

    /// Decodes custom data from a record's bytes attribute `field`.
    ///
    /// Empty bytes mean "no custom data" and give the default. Otherwise the bytes must be JSON
    /// and the custom type must accept them: failures throw a ``ChatDecodingError`` whose pointer
    /// starts with `/<field>` and whose location is the `line:column` inside those bytes — unless
    /// `lenient`, which returns the default instead.
    static func decode<C: JSONCustomData>(
        _ type: C.Type, from bytes: [UInt8], field: String, flat: Bool, entity: String, lenient: Bool
    ) throws(ChatDecodingError) -> C {
        if bytes.isEmpty { return C() }
        let prefix = JSONPointer(tokens: [field])
        do throws(ChatDecodingError) {
            let document = try parse(bytes, field: field)
            do {
                return try CustomDataCoding.decode(C.self, from: document.root, at: .root, flat: flat, entity: entity)
            } catch {
                throw error.located(in: document).rebased(under: prefix)
            }
        } catch {
            if lenient { return C() }
            throw error
        }
    }

    /// Parses a bytes attribute; a parse failure is an `invalidJSON` error at `/<field>` with the
    /// location inside the bytes.
    static func parse(_ bytes: [UInt8], field: String) throws(ChatDecodingError) -> JSONDocument {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw ChatDecodingError(
                .invalidJSON, at: JSONPointer(tokens: [field]), "the \(field) bytes are not valid JSON: \(error.message)",
                location: error.location)
        }
    }

    /// The value written for a bytes attribute in a record's JSON form: the JSON it holds.
    /// Bytes that are not JSON cannot be written and fail with a ``ChatEncodingError``.
    static func jsonValue(of bytes: [UInt8], field: String) throws(ChatEncodingError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes).root
        } catch {
            throw ChatEncodingError(at: JSONPointer(tokens: [field]), "the \(field) bytes are not valid JSON (\(error)); the record cannot be written as JSON")
        }
    }

    /// The bytes for a record's JSON-form member: the value written canonically.
    static func bytes(from value: JSONValue) -> [UInt8] {
        JSONWriter.bytes(value, options: .canonical)
    }

    /// A URL attribute checked on the way to a model (nil when invalid and `lenient`).
    static func url(_ text: String?, field: String, lenient: Bool) throws(ChatDecodingError) -> ChatURL? {
        guard let text else { return nil }
        if let url = ChatURL(text) { return url }
        if lenient { return nil }
        throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: [field]), "expected a URL (absolute or relative), got \(JSONWriter.quoted(text))")
    }

    /// Record JSON forms read dates in any RFC 3339 form (records write them losslessly).
    static func readerOptions(_ options: ChatDecodingOptions) -> ChatDecodingOptions {
        var copy = options
        copy.datePolicy = .rfc3339
        copy.urlPolicy = .reject
        return copy
    }
}

extension ObjectReader {
    /// A required bytes attribute of a record's JSON form.
    func requiredBytes(_ key: String) throws(ChatDecodingError) -> [UInt8] {
        guard let v = object[key] else { throw ChatDecodingError.missing(key, in: pointer) }
        return RecordBytes.bytes(from: v)
    }

    /// An optional bytes attribute: absent = nil; any present value, `null` included, is the
    /// JSON the bytes hold.
    func optionalBytes(_ key: String) -> [UInt8]? {
        object[key].map(RecordBytes.bytes(from:))
    }

    /// An optional Boolean member.
    func optionalBool(_ key: String) throws(ChatDecodingError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw ChatDecodingError.expected("a boolean", got: v, at: at(key)) }
        return b
    }
}

extension ObjectBuilder {
    /// Writes a bytes attribute as the JSON it holds (throws when the bytes are not JSON).
    mutating func add(_ key: String, bytes: [UInt8]?) throws(ChatEncodingError) {
        if let bytes { add(key, try RecordBytes.jsonValue(of: bytes, field: key)) }
    }

    /// Writes a date losslessly.
    mutating func add(_ key: String, preciseDate: ChatTimestamp?) {
        if let preciseDate { add(key, JSONValue.string(preciseDate.preciseString)) }
    }
}
