import ChatPayloads
import GRDB

/// The `channels` table row of a ``ChannelRecord``: hand-written reading and binding.
enum ChannelRow {
    /// Select list; the column order ``decode(_:from:)`` reads.
    static let columns = SQLText.selectTexts(["id", "name", "type", "status", "details", "avatarURL"], table: "channels")
        + ", channels.custom, channels.updatedSeconds, channels.updatedNanos, " + SQLText.selectTexts(["eTag"], table: "channels")
    /// Number of columns in ``columns``.
    static let width = 10

    /// `INSERT` of a new row.
    static let insertSQL = """
        INSERT INTO channels (id, name, type, status, details, avatarURL, custom, updatedSeconds, updatedNanos, eTag)
        VALUES (\(Array(repeating: SQLText.placeholder, count: 6).joined(separator: ", ")), ?, ?, ?, \(SQLText.placeholder))
        ON CONFLICT(id) DO NOTHING
        """
    /// `UPDATE` of a stored row (arguments then the id).
    static let updateSQL = """
        UPDATE channels SET id = \(SQLText.placeholder), name = \(SQLText.placeholder), type = \(SQLText.placeholder),
        status = \(SQLText.placeholder), details = \(SQLText.placeholder), avatarURL = \(SQLText.placeholder),
        custom = ?, updatedSeconds = ?, updatedNanos = ?, eTag = \(SQLText.placeholder)
        WHERE id = \(SQLText.placeholder)
        """
    /// `SELECT` by id.
    static let selectByIdSQL = "SELECT \(columns) FROM channels WHERE id = \(SQLText.placeholder)"

    /// The record in the row, from column `start` on.
    static func decode(_ row: Row, from start: Int = 0) throws -> ChannelRecord {
        ChannelRecord(
            id: try row.text(start), name: try row.optionalText(start + 1), type: try row.text(start + 2),
            status: try row.optionalText(start + 3), details: try row.optionalText(start + 4),
            avatarURL: try row.optionalText(start + 5), custom: try row.bytes(start + 6),
            lastUpdated: try TimestampColumns.optional(row, start + 7), eTag: try row.optionalText(start + 9))
    }

    /// The insert/update arguments of `r`.
    static func arguments(_ r: ChannelRecord) -> [(any DatabaseValueConvertible)?] {
        [SQLText.bind(r.id), SQLText.bind(r.name), SQLText.bind(r.type), SQLText.bind(r.status), SQLText.bind(r.details),
         SQLText.bind(r.avatarURL), SQLText.bind(bytes: r.custom)]
            + TimestampColumns.arguments(r.lastUpdated) + [SQLText.bind(r.eTag)]
    }
}
