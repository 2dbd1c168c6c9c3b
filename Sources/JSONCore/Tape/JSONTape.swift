/// A flat, allocation-light reading of one JSON text: one ``JSONTape/Entry`` per value and per
/// object key, in document order, pointing into the source bytes instead of copying them.
///
/// The tape is the validator's fast path. ``parse(_:options:)`` accepts a text only when it is
/// certain that ``JSONParser`` would read the very same document: any error, and anything
/// unusual (a byte order mark, a lone `\u` surrogate escape, a duplicate key,
/// a value at a configured limit), makes it return `false`, and the caller parses the text the
/// ordinary way, which reports the problem with its location. So the tape never needs error
/// messages, and a text it accepts is exactly a text `JSONParser` accepts.
///
/// Layout: an object entry is followed by its members, each a key entry (a string) and the
/// value's entries; an array entry by its items' entries. Every entry knows the index just past
/// its own subtree (``Entry/next``), so a subtree is skipped in one step.
public struct JSONTape: Sendable {
    /// The JSON type of an entry.
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value (or object key).
    public struct Entry: Sendable {
        /// What spare room in ``JSONTape/storage`` holds.
        static let unused = Entry(kind: .null, flag: false, count: 0, start: 0, length: 0, next: 0)

        /// The value's type.
        public var kind: Kind
        /// For a string: it contains escapes. For a number: it has a fraction or an exponent.
        public var flag: Bool
        /// For a container: its item or member count. For a member name with escapes: 1 + the
        /// index of its decoded text in the tape (``JSONTapeView/rawBytes(_:)`` gives that text);
        /// 0 for every other string.
        public var count: UInt32
        /// The byte offset where the value starts (for a string: after its opening quote).
        public var start: UInt32
        /// The value's length in bytes (for a string: without its quotes).
        public var length: UInt32
        /// The entry index just past this value's subtree.
        public var next: UInt32
    }

    /// The entries, root first (empty until a successful ``parse(_:options:)``).
    public var entries: ArraySlice<Entry> { storage[..<entryCount] }
    /// Room for the entries, reused from text to text: the first ``entryCount`` are the last
    /// text's, the rest is spare room the reader writes into without growing an array.
    var storage: [Entry] = []
    /// How many entries of ``storage`` the last text has.
    var entryCount = 0
    /// Open containers enclosing the innermost one while parsing (which the reader holds):
    /// (entry index, count so far).
    var stack: [(index: Int, count: UInt32)] = []
    /// Scratch for duplicate-key detection in large objects.
    var keyScratch: [(hash: UInt64, entry: Int)] = []
    /// The decoded UTF-8 of the member names with escapes, one after another (rare: e.g. emoji
    /// reaction keys written `"\ud83d\ude4f"`), so they are matched by their text like the others.
    var keyText: [UInt8] = []
    /// Where each decoded member name is in `keyText`.
    var decodedKeys: [(start: UInt32, length: UInt32)] = []

    /// Whether the last text read had a member name with escapes (decoded into the tape; a
    /// reader that copies names from the text as they are written must take the ordinary path).
    public var hasDecodedKeys: Bool { !decodedKeys.isEmpty }

    /// An empty tape.
    public init() {}

    /// Reads `bytes` into the tape, reusing its storage. Returns `false` (leaving the tape
    /// unusable) when the text is invalid or unusual in any way; see the type's documentation.
    /// `options` supplies the limits (`maxDepth`, `maxStringBytes`, `maxNumberDigits`,
    /// `maxBytes`): a value at or near a limit is left to ``JSONParser`` too.
    public mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) -> Bool {
        entryCount = 0
        guard bytes.count < Int(UInt32.max), bytes.count <= options.maxBytes else { return false }
        // A text of n bytes has at most n / 2 + 1 entries: each takes a byte of its own (a
        // container two), and each but the root follows a separator or an opening bracket, so
        // e entries need 2e - 1 bytes. Room for n / 8 + 8 first (what texts usually need), or
        // what an earlier text left; doubled, and the text read again, when it needs more.
        let bound = bytes.count / 2 + 1
        var room = max(storage.count, min(bound, bytes.count / 8 + 8))
        while true {
            stack.removeAll(keepingCapacity: true)
            if !decodedKeys.isEmpty {
                keyText.removeAll(keepingCapacity: true)
                decodedKeys.removeAll(keepingCapacity: true)
            }
            if storage.count < room { storage.append(contentsOf: repeatElement(Entry.unused, count: room - storage.count)) }
            // Moved out while the reader writes into it (the reader also uses the tape's other
            // storage), so the buffer is unique and not copied.
            var entries = storage
            storage = []
            var reader = TapeReader(bytes: bytes, options: options)
            let read = entries.withUnsafeMutableBufferPointer { reader.read(into: &self, entries: $0) }
            storage = entries
            if read {
                entryCount = reader.count
                return true
            }
            guard reader.full, room < bound else { return false }
            room = min(bound, room * 2)
        }
    }
}
