import JSONCore

/// Bytes in any container: Foundation's `Data`, `ArraySlice<UInt8>`, a NIO `ByteBufferView`...
///
/// The fast path reads contiguous storage in place (no copy); a collection without contiguous
/// storage is copied once into an array.
extension JSONSchema {
    /// Parses and compiles a schema from UTF-8 bytes in any collection (see ``init(bytes:registry:options:)``).
    public init(bytes: some Collection<UInt8>, registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        try self.init(bytes: Array(bytes), registry: registry, options: options)
    }

    /// ``isValid(bytes:parseOptions:tape:)`` on the bytes of any collection; contiguous storage
    /// (`Data`, `ArraySlice`, `ContiguousArray`) is read in place, without a copy.
    public func isValid(bytes: some Collection<UInt8>, parseOptions: JSONParseOptions = JSONParseOptions(), tape: inout JSONTape) -> Bool? {
        let inPlace: Bool?? = bytes.withContiguousStorageIfAvailable { buffer in
            isValid(buffer: buffer, parseOptions: parseOptions, tape: &tape)
        }
        if let inPlace { return inPlace }
        return isValid(bytes: Array(bytes), parseOptions: parseOptions, tape: &tape)
    }

    /// ``isValid(bytes:parseOptions:tape:)-([UInt8],_,_)`` on bytes the caller holds in memory (valid for the call).
    public func isValid(buffer: UnsafeBufferPointer<UInt8>, parseOptions: JSONParseOptions = JSONParseOptions(), tape: inout JSONTape) -> Bool? {
        guard let plan = tapePlan else { return nil }
        guard tape.parse(buffer, options: parseOptions) else { return nil }
        return tape.withView(of: buffer, options: parseOptions) { view in
            var evaluator = TapeEvaluator(view: view, plan: plan, options: options)
            var annotations = EvaluatedIndices()
            return evaluator.evaluate(plan.root, 0, &annotations)
        }
    }
}
