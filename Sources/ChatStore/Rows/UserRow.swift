import ChatPayloads
import GRDB

/// The `users` table row of a ``UserRecord``: hand-written reading and binding (no Codable).
enum UserRow {
    /// Select list; the column order ``decode(_:)`` reads.
    static let columns = SQLText.selectTexts(["id", "name", "type", "status", "externalId", "avatarURL", "email"], table: "users")
        + ", users.custom, users.updatedSeconds, users.updatedNanos, " + SQLText.selectTexts(["eTag"], table: "users")
    /// Number of columns in ``columns``.
    static let width = 11

    /// `INSERT` of a new row (arguments: ``arguments(_:)``).
    static let insertSQL = """
        INSERT INTO users (id, name, type, status, externalId, avatarURL, email, custom, updatedSeconds, updatedNanos, eTag)
        VALUES (\(Array(repeating: SQLText.placeholder, count: 7).joined(separator: ", ")), ?, ?, ?, \(SQLText.placeholder))
        ON CONFLICT(id) DO NOTHING
        """
    /// `UPDATE` of a stored row (arguments: ``arguments(_:)`` then the id).
    static let updateSQL = """
        UPDATE users SET id = \(SQLText.placeholder), name = \(SQLText.placeholder), type = \(SQLText.placeholder),
        status = \(SQLText.placeholder), externalId = \(SQLText.placeholder), avatarURL = \(SQLText.placeholder),
        email = \(SQLText.placeholder), custom = ?, updatedSeconds = ?, updatedNanos = ?, eTag = \(SQLText.placeholder)
        WHERE id = \(SQLText.placeholder)
        """
    /// `SELECT` by id.
    static let selectByIdSQL = "SELECT \(columns) FROM users WHERE id = \(SQLText.placeholder)"

    /// The record in the row, from column `start` on.
    static func decode(_ row: Row, from start: Int = 0) throws -> UserRecord {
        UserRecord(
            id: try row.text(start), name: try row.optionalText(start + 1), type: try row.text(start + 2),
            status: try row.optionalText(start + 3), externalId: try row.optionalText(start + 4),
            avatarURL: try row.optionalText(start + 5), email: try row.optionalText(start + 6), custom: try row.bytes(start + 7),
            lastUpdated: try TimestampColumns.optional(row, start + 8), eTag: try row.optionalText(start + 10))
    }

    /// The insert/update arguments of `r`.
    static func arguments(_ r: UserRecord) -> [(any DatabaseValueConvertible)?] {
        [SQLText.bind(r.id), SQLText.bind(r.name), SQLText.bind(r.type), SQLText.bind(r.status), SQLText.bind(r.externalId),
         SQLText.bind(r.avatarURL), SQLText.bind(r.email), SQLText.bind(bytes: r.custom)]
            + TimestampColumns.arguments(r.lastUpdated) + [SQLText.bind(r.eTag)]
    }
}
