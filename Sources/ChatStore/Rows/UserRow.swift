import ChatPayloads

/// The `users` table: a ``UserRecord`` per row, its columns those of `UserRecord.fields`.
enum UserRow: EntityTable {
    typealias Record = UserRecord
    typealias Column = FieldColumn<UserRow>
    static let columns = EntityColumns(UserRecord.self, table: "users")
    static let sql = TableSQL(Column.self)
    static let noun = "user"
}
