import ChatPayloads

/// The `channels` table: a ``ChannelRecord`` per row.
enum ChannelRow: ReferencedTable {
    /// The columns, in statement order.
    enum Column: Int32, TableColumns {
        case id, name, type, status, details, avatarURL, custom, updatedSeconds, updatedNanos, eTag
        static let table = "channels"
        static let key: [Column] = [.id]
    }

    static let sql = TableSQL(Column.self)
    static let noun = "channel"

    static func read(_ c: ColumnReader<Column>) throws -> ChannelRecord {
        ChannelRecord(
            id: try c.text(.id), name: c.optionalText(.name), type: try c.text(.type), status: c.optionalText(.status),
            details: c.optionalText(.details), avatarURL: c.optionalText(.avatarURL), custom: c.bytes(.custom),
            lastUpdated: try c.timestamp(.updatedSeconds, .updatedNanos), eTag: c.optionalText(.eTag))
    }

    static func bind(_ r: ChannelRecord, _ b: ColumnBinder<Column>) {
        b.text(.id, r.id); b.text(.name, r.name); b.text(.type, r.type); b.text(.status, r.status)
        b.text(.details, r.details); b.text(.avatarURL, r.avatarURL); b.bytes(.custom, r.custom)
        b.timestamp(.updatedSeconds, .updatedNanos, r.lastUpdated); b.text(.eTag, r.eTag)
    }

    static func id(of r: ChannelRecord) -> String { r.id }
    static func lastUpdated(of r: ChannelRecord) -> ChatTimestamp? { r.lastUpdated }
    static func isSynced(_ r: ChannelRecord) -> Bool { r.isSynced }
    static func idOnly(_ id: String) -> ChannelRecord { ChannelRecord(id: id) }
}
