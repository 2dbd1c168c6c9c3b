import JSONCore

extension ChatPayloadCodable {
    /// Parses UTF-8 JSON in any byte collection (`Data`, `ArraySlice<UInt8>`...), then validates
    /// and decodes, as ``decode(bytes:options:parseOptions:)`` does for an array.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: url)
    /// let user = try ChatUser<Prefs>.decode(bytes: data)
    /// ```
    /// Contiguous bytes (`Data` has them) are parsed in place; only a payload that fails is copied,
    /// to give its error a `line:column`.
    public static func decode(
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
