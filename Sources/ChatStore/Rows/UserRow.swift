import ChatPayloads

/// The `users` table: a ``UserRecord`` per row.
enum UserRow: ReferencedTable {
    /// The columns, in statement order.
    enum Column: Int32, TableColumns {
        case id, name, type, status, externalId, avatarURL, email, custom, updatedSeconds, updatedNanos, eTag
        static let table = "users"
        static let key: [Column] = [.id]
    }

    static let sql = TableSQL(Column.self)
    static let noun = "user"

    static func read(_ c: ColumnReader<Column>) throws -> UserRecord {
        UserRecord(
            id: try c.text(.id), name: c.optionalText(.name), type: try c.text(.type), status: c.optionalText(.status),
            externalId: c.optionalText(.externalId), avatarURL: c.optionalText(.avatarURL), email: c.optionalText(.email),
            custom: c.bytes(.custom), lastUpdated: try c.timestamp(.updatedSeconds, .updatedNanos), eTag: c.optionalText(.eTag))
    }

    static func bind(_ r: UserRecord, _ b: ColumnBinder<Column>) {
        b.text(.id, r.id); b.text(.name, r.name); b.text(.type, r.type); b.text(.status, r.status)
        b.text(.externalId, r.externalId); b.text(.avatarURL, r.avatarURL); b.text(.email, r.email); b.bytes(.custom, r.custom)
        b.timestamp(.updatedSeconds, .updatedNanos, r.lastUpdated); b.text(.eTag, r.eTag)
    }

    static func id(of r: UserRecord) -> String { r.id }
    static func lastUpdated(of r: UserRecord) -> ChatTimestamp? { r.lastUpdated }
    static func isSynced(_ r: UserRecord) -> Bool { r.isSynced }
    static func idOnly(_ id: String) -> UserRecord { UserRecord(id: id) }
}
