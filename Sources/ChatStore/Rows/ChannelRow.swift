import ChatPayloads

/// The `channels` table: a ``ChannelRecord`` per row, its columns those of `ChannelRecord.fields`.
enum ChannelRow: EntityTable {
    typealias Record = ChannelRecord
    typealias Column = FieldColumn<ChannelRow>
    static let columns = EntityColumns(ChannelRecord.self, table: "channels")
    static let sql = TableSQL(Column.self)
    static let noun = "channel"
}
