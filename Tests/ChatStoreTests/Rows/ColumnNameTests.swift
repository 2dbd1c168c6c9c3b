@_spi(ChatPayloadsInternal) import ChatPayloads
@_spi(ChatStoreCLI) @testable import ChatStore
import GRDB
import XCTest

/// Each table's column description (the enum its rows are read and bound by) names the table's
/// real columns, and a row is read by column name whatever the order of the table's columns.
final class ColumnNameTests: StoreTestCase {
    /// The columns of `table` in the file, without the rowid `pk`.
    func columns(_ table: String) throws -> [String] {
        let queue = try DatabaseQueue(path: storePath)
        defer { try? queue.close() }
        return try queue.read { db in try db.columns(in: table).map(\.name).filter { $0 != "pk" } }
    }

    func check<C: TableColumns>(_ columns: C.Type) throws {
        XCTAssertEqual(Set(C.allCases.map(\.name)), Set(try self.columns(C.table)), C.table)
        XCTAssertEqual(C.key.map(\.rawValue), Array(0..<Int32(C.key.count)), "\(C.table): the key columns come first")
    }

    func testEveryDescriptionNamesItsTablesColumns() throws {
        try check(UserRow.Column.self)
        try check(ChannelRow.Column.self)
        try check(MemberRow.Column.self)
        try check(MessageRow.Column.self)
        try check(MessageActionRow.Column.self)
        try check(QueueRow.Column.self)
    }

    /// Users' and channels' columns come from their records' field tables: one column a field,
    /// two for a timestamp, in field order.
    func testEntityColumnsFollowTheRecordsFields() {
        XCTAssertEqual(ChannelRow.Column.allCases.map(\.name), ["id", "name", "type", "status", "details", "avatarURL", "custom", "updatedSeconds", "updatedNanos", "eTag"])
        XCTAssertEqual(UserRow.Column.count, Int32(UserRecord.fields.count + 1))
        XCTAssertEqual(ChannelRow.Column.key.map(\.name), ["id"])
        XCTAssertNil(UserRow.Column(rawValue: UserRow.Column.count))
        XCTAssertEqual(UserRow.Column(rawValue: 2)?.name, "type")
    }

    func testTheStatementsNameEachColumnOnce() {
        XCTAssertEqual(UserRow.sql.select, "users.id, users.name, users.type, users.status, users.externalId, users.avatarURL, users.email, users.custom, users.updatedSeconds, users.updatedNanos, users.eTag")
        XCTAssertEqual(MemberRow.sql.update, "UPDATE members SET status = ?3, custom = ?4, updatedSeconds = ?5, updatedNanos = ?6, eTag = ?7, isPresent = ?8, presenceState = ?9 WHERE channelId = ?1 AND userId = ?2")
        XCTAssertEqual(MessageActionRow.sql.insert, "INSERT INTO message_actions (id, published, channelId, sourceType, value, parentTimetoken, parentId, userId) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(id) DO NOTHING")
    }

    /// A row written by plain SQL with the columns in another order than the description's is
    /// read back field by field by name.
    func testRowsAreReadByColumnName() async throws {
        let queue = try DatabaseQueue(path: storePath)
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO users (eTag, updatedNanos, updatedSeconds, custom, email, avatarURL, externalId, status, type, name, id)
                VALUES ('E', 5, 1600000000, CAST('{"a":1}' AS BLOB), 'e@x', 'https://a', 'x1', 'on', 'admin', 'N', 'u1')
                """)
            try db.execute(sql: "INSERT INTO channels (id, type) VALUES ('c1', 'group')")
            try db.execute(sql: """
                INSERT INTO messages (status, channelId, userId, custom, content, contentType, text, createdNanos, createdSeconds, timetoken, id)
                VALUES (3, 'c1', 'u1', NULL, CAST('{"b":2}' AS BLOB), 'text', 'hi', 7, 1600000001, 42, 'm1')
                """)
        }
        try queue.close()
        let user = try await store.userRecord(id: "u1")
        XCTAssertEqual(user, UserRecord(
            id: "u1", name: "N", type: "admin", status: "on", externalId: "x1", avatarURL: "https://a", email: "e@x",
            custom: Array(#"{"a":1}"#.utf8), lastUpdated: ChatTimestamp(epochSeconds: 1_600_000_000, nanoseconds: 5), eTag: "E"))
        let message = try XCTUnwrap(try store.messageRecordsBlocking(channelId: "c1").first)
        XCTAssertEqual(message.status, .seen)
        XCTAssertEqual(message.record, MessageRecord(
            id: "m1", timetoken: 42, dateCreated: try XCTUnwrap(ChatTimestamp(epochSeconds: 1_600_000_001, nanoseconds: 7)), text: "hi",
            contentType: "text", content: Array(#"{"b":2}"#.utf8), custom: [], userId: "u1", channelId: "c1"))
    }
}
