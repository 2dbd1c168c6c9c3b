/// A parsed JSON text: its value, the bytes it came from, and what the parser noticed.
///
/// Positions are not stored per value (that would double the tree's size on the hot path);
/// ``location(of:)`` finds any value's position from its JSON Pointer by re-scanning the
/// source, which costs one pass and is done only when a message needs a `line:column`.
public struct JSONDocument: Sendable {
    /// A repeated member name that the parser resolved by keeping the last value.
    public struct DuplicateKey: Sendable, Hashable {
        /// The object holding the repeated name.
        public let objectPointer: JSONPointer
        /// The repeated name.
        public let key: String
        /// Where the repetition is.
        public let location: SourceLocation
    }

    /// The top-level value.
    public let root: JSONValue
    /// The UTF-8 source text.
    public let source: [UInt8]
    /// Repeated member names (empty unless the policy was `lastWins` and some were found).
    public let duplicateKeys: [DuplicateKey]

    /// Makes a document.
    public init(root: JSONValue, source: [UInt8], duplicateKeys: [DuplicateKey] = []) {
        self.root = root
        self.source = source
        self.duplicateKeys = duplicateKeys
    }

    /// The location of the value at `pointer`, or nil if there is no such value.
    public func location(of pointer: JSONPointer) -> SourceLocation? {
        source.withUnsafeBufferPointer { bytes in
            guard let offset = JSONLocator.offset(of: pointer, in: bytes) else { return nil }
            return SourceLocation.of(offset: offset, in: bytes)
        }
    }

    /// The location of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        SourceLocation.of(offset: offset, in: source)
    }
}
