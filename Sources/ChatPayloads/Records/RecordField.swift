import JSONCore

/// One field of an entity record (``UserRecord``, ``ChannelRecord``), described once: its name
/// (the member of the record's JSON form) and where the record keeps it. An entity's table of
/// fields (``EntityRecord/fields``) drives the record's JSON form here and the store's row
/// (its columns, read and bind) in ChatStore, so a field is added to both by one line there.
@_spi(ChatPayloadsInternal)
public struct RecordField<Record>: Sendable {
    /// What a field holds, and where in the record.
    public enum Value: Sendable {
        /// A required text (the id).
        case text(WritableKeyPath<Record, String> & Sendable)
        /// A text that is never absent from a record: `default` when a JSON form omits it.
        case defaultedText(WritableKeyPath<Record, String> & Sendable, default: String)
        /// An optional text.
        case optionalText(WritableKeyPath<Record, String?> & Sendable)
        /// JSON bytes (custom data; empty = none).
        case bytes(WritableKeyPath<Record, [UInt8]> & Sendable)
        /// An optional exact timestamp (written losslessly).
        case timestamp(WritableKeyPath<Record, ChatTimestamp?> & Sendable)
    }

    /// The member name in the record's JSON form.
    public let name: String
    /// What it holds.
    public let value: Value
    /// The store's column name (for a timestamp, the prefix of its `…Seconds`/`…Nanos` pair).
    public let column: String

    /// A field named `name` (its column too, unless `column` says otherwise).
    public init(_ name: String, _ value: Value, column: String? = nil) {
        self.name = name
        self.value = value
        self.column = column ?? name
    }
}

/// A record of an entity that other records refer to by id (users, channels), described by a
/// table of its fields: its JSON form (``RecordFieldCoding``) and its store row follow from it.
@_spi(ChatPayloadsInternal)
public protocol EntityRecord: Sendable, Hashable {
    /// The fields in order (JSON form and store columns); the id first.
    static var fields: [RecordField<Self>] { get }
    /// What the JSON form is called in errors ("a user record").
    static var jsonNoun: String { get }
    /// The record with `id` and every other field at its default (an id-only row).
    init(id: String)
    /// The id.
    var id: String { get }
    /// The last change on the server (the stale rule).
    var lastUpdated: ChatTimestamp? { get }
    /// Whether the record has been synced with the server (`eTag` and `lastUpdated`).
    var isSynced: Bool { get }
}

/// The JSON form of an ``EntityRecord``, from its fields.
enum RecordFieldCoding {
    /// Decodes the JSON form (`custom` as the JSON it holds, dates in any RFC 3339 form); an
    /// absent bytes member is empty bytes.
    static func decode<R: EntityRecord>(
        _ type: R.Type, json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> R {
        let r = try ObjectReader(value, at: pointer, options: RecordBytes.readerOptions(options), what: R.jsonNoun)
        var record = R(id: "")
        for field in R.fields {
            switch field.value {
            case .text(let path): record[keyPath: path] = try r.requiredString(field.name)
            case .defaultedText(let path, let fallback): record[keyPath: path] = try r.optionalString(field.name) ?? fallback
            case .optionalText(let path): record[keyPath: path] = try r.optionalString(field.name)
            case .bytes(let path): record[keyPath: path] = r.optionalBytes(field.name) ?? []
            case .timestamp(let path): record[keyPath: path] = try r.optionalTimestamp(field.name)
            }
        }
        return record
    }

    /// The JSON form: bytes as the JSON they hold (throws when they are not JSON), dates lossless,
    /// nil fields omitted.
    static func encode<R: EntityRecord>(_ record: R) throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        for field in R.fields {
            switch field.value {
            case .text(let path), .defaultedText(let path, _): b.add(field.name, record[keyPath: path])
            case .optionalText(let path): b.add(field.name, record[keyPath: path])
            case .bytes(let path): try b.add(field.name, bytes: record[keyPath: path])
            case .timestamp(let path): b.add(field.name, preciseDate: record[keyPath: path])
            }
        }
        return b.value
    }
}
