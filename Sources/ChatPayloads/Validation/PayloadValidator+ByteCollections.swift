import JSONCore

extension PayloadValidator {
    /// Validates UTF-8 JSON in any byte collection (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a NIO
    /// `ByteBufferView`...) under the profile and returns the full report: the outcome and every
    /// issue with its `line:column`, JSON Pointer and rule.
    ///
    /// ```swift
    /// let validator = try PayloadValidator(schema: .bundled(.user), profile: .strict)
    /// let report = validator.validate(data)
    /// for issue in report.issues { print(issue) }  // 3:11: error: /name: expected string...
    /// ```
    /// A payload the fast path accepts is read in place, without a copy, when the collection has
    /// contiguous storage (`Data` does); the rest (invalid, unreadable or unusual payloads) is
    /// copied once and reported in full. Thread-safe: keep one validator and call it from anywhere.
    public func validate(_ bytes: some Collection<UInt8>) -> PayloadReport {
        validate(bytes: bytes)
    }

    /// Parses `bytes` with the profile's parse options, then validates (see ``validate(bytes:tape:)-(Collection<UInt8>,_)``).
    package func validate(bytes: some Collection<UInt8>) -> PayloadReport {
        var tape = JSONTape()
        return validate(bytes: bytes, tape: &tape)
    }

    /// ``validate(bytes:tape:)`` for the bytes of any collection, reusing `tape`'s storage.
    package func validate(bytes: some Collection<UInt8>, tape: inout JSONTape) -> PayloadReport {
        let count = bytes.count
        if count > profile.maxBytes {
            let issue = PayloadIssue(
                severity: .error, message: "the payload is \(count) bytes, more than the limit of \(profile.maxBytes) (max-bytes)",
                kind: .limit(.maxBytes), location: SourceLocation(offset: 0, line: 1, column: 1))
            return unreadable(issue)
        }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        let accepted: Bool?? = bytes.withContiguousStorageIfAvailable { buffer in
            full.isValid(buffer: buffer, parseOptions: options, tape: &tape)
        }
        if accepted == true { return validReport }
        return validate(bytes: Array(bytes), tape: &tape)
    }
}
