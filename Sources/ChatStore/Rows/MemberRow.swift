import ChatPayloads
import GRDB

/// The `members` table row of a ``MemberRecord``: hand-written reading and binding.
enum MemberRow {
    /// Select list; the column order ``decode(_:from:)`` reads.
    static let columns = SQLText.selectTexts(["channelId", "userId", "status"], table: "members")
        + ", members.custom, members.updatedSeconds, members.updatedNanos, " + SQLText.selectTexts(["eTag"], table: "members")
        + ", members.isPresent, members.presenceState"
    /// Number of columns in ``columns``.
    static let width = 9

    /// `INSERT` of a new row.
    static let insertSQL = """
        INSERT INTO members (channelId, userId, status, custom, updatedSeconds, updatedNanos, eTag, isPresent, presenceState)
        VALUES (\(SQLText.placeholder), \(SQLText.placeholder), \(SQLText.placeholder), ?, ?, ?, \(SQLText.placeholder), ?, ?)
        ON CONFLICT(channelId, userId) DO NOTHING
        """
    /// `UPDATE` of a stored row (arguments then channel id and user id).
    static let updateSQL = """
        UPDATE members SET channelId = \(SQLText.placeholder), userId = \(SQLText.placeholder), status = \(SQLText.placeholder),
        custom = ?, updatedSeconds = ?, updatedNanos = ?, eTag = \(SQLText.placeholder), isPresent = ?, presenceState = ?
        WHERE channelId = \(SQLText.placeholder) AND userId = \(SQLText.placeholder)
        """
    /// `SELECT` by channel and user id.
    static let selectByIdSQL =
        "SELECT \(columns) FROM members WHERE channelId = \(SQLText.placeholder) AND userId = \(SQLText.placeholder)"

    /// The record in the row, from column `start` on.
    static func decode(_ row: Row, from start: Int = 0) throws -> MemberRecord {
        MemberRecord(
            channelId: try row.text(start), userId: try row.text(start + 1), status: try row.optionalText(start + 2),
            custom: try row.bytes(start + 3), lastUpdated: try TimestampColumns.optional(row, start + 4),
            eTag: try row.optionalText(start + 6), isPresent: try row.optionalInt64(start + 7).map { $0 != 0 },
            presenceState: try row.optionalBytes(start + 8))
    }

    /// The insert/update arguments of `r`.
    static func arguments(_ r: MemberRecord) -> [(any DatabaseValueConvertible)?] {
        [SQLText.bind(r.channelId), SQLText.bind(r.userId), SQLText.bind(r.status), SQLText.bind(bytes: r.custom)]
            + TimestampColumns.arguments(r.lastUpdated)
            + [SQLText.bind(r.eTag), r.isPresent.map { Int64($0 ? 1 : 0) }, r.presenceState.map { SQLText.bind(bytes: $0) } ?? nil]
    }
}
