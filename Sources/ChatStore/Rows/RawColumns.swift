import ChatPayloads
import Foundation
import GRDB
import GRDBSQLite

/// Column reads straight from the current row of a stepped SQLite statement: the hot read paths
/// (a page of messages, the stored row an import compares with) without a `Data` or `Row` value
/// per column. Texts are selected as `CAST(column AS BLOB)` (see ``SQLText``), so every byte,
/// NUL included, comes back.
struct RawColumns {
    /// The statement, positioned on a row.
    let statement: SQLiteStatement

    init(_ statement: Statement) { self.statement = statement.sqliteStatement }

    /// Whether column `index` is NULL.
    @inline(__always)
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }

    /// The bytes of column `index` (empty for NULL or an empty blob).
    @inline(__always)
    func buffer(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_column_blob(statement, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// The text at `index` (NOT NULL in the schema; NULL is a damaged file).
    @inline(__always)
    func text(_ index: Int32) throws -> String {
        if isNull(index) { throw StoreIssue(.corrupt, "a required text column is NULL") }
        return String(decoding: buffer(index), as: UTF8.self)
    }

    /// The optional text at `index`.
    @inline(__always)
    func optionalText(_ index: Int32) -> String? {
        isNull(index) ? nil : String(decoding: buffer(index), as: UTF8.self)
    }

    /// The bytes at `index` (empty when NULL).
    @inline(__always)
    func bytes(_ index: Int32) -> [UInt8] { Array(buffer(index)) }

    /// The integer at `index` (NOT NULL in the schema; NULL is a damaged file).
    @inline(__always)
    func int64(_ index: Int32) throws -> Int64 {
        if isNull(index) { throw StoreIssue(.corrupt, "a required integer column is NULL") }
        return sqlite3_column_int64(statement, index)
    }

    /// Whether the text or bytes at `index` are `text`'s UTF-8 (NULL reads as empty).
    @inline(__always)
    func equals(_ index: Int32, _ text: String) -> Bool {
        var text = text
        let column = buffer(index)
        return text.withUTF8 { utf8 in utf8.count == column.count && (utf8.count == 0 || memcmp(utf8.baseAddress!, column.baseAddress!, utf8.count) == 0) }
    }

    /// Whether the bytes at `index` are `bytes` (NULL reads as empty).
    @inline(__always)
    func equals(_ index: Int32, bytes: [UInt8]) -> Bool {
        let column = buffer(index)
        return bytes.withUnsafeBufferPointer { b in
            b.count == column.count && (b.count == 0 || memcmp(b.baseAddress!, column.baseAddress!, b.count) == 0)
        }
    }
}

extension MessageRow {
    /// The record and status in the current row of `columns` (selected with ``columns``).
    static func decode(_ columns: RawColumns) throws -> (MessageRecord, MessageStatus) {
        let seconds = try columns.int64(2), nanos = try columns.int64(3)
        guard nanos >= 0, nanos < 1_000_000_000, let date = ChatTimestamp(epochSeconds: seconds, nanoseconds: Int(nanos)) else {
            throw StoreIssue(.corrupt, "a stored date is out of range (\(seconds) s, \(nanos) ns)")
        }
        let record = MessageRecord(
            id: try columns.text(0), timetoken: try columns.int64(1), dateCreated: date, text: try columns.text(4),
            contentType: columns.optionalText(5), content: columns.bytes(6), custom: columns.bytes(7),
            userId: try columns.text(8), channelId: try columns.text(9))
        let code = try columns.int64(10)
        guard let status = MessageStatus(code: code) else {
            throw StoreIssue(.corrupt, "message \(record.id) has an unknown status code \(code)")
        }
        return (record, status)
    }

    /// Whether the current row of `columns` (selected with ``columns``) holds `r` exactly, and its status.
    static func compare(_ columns: RawColumns, with r: MessageRecord) throws -> (equal: Bool, status: MessageStatus) {
        let code = try columns.int64(10)
        guard let status = MessageStatus(code: code) else {
            throw StoreIssue(.corrupt, "message \(r.id) has an unknown status code \(code)")
        }
        let timetoken = try columns.int64(1), seconds = try columns.int64(2), nanos = try columns.int64(3)
        let equal = timetoken == r.timetoken && seconds == r.dateCreated.epochSeconds && nanos == Int64(r.dateCreated.nanoseconds)
            && columns.equals(0, r.id) && columns.equals(4, r.text)
            && (r.contentType.map { !columns.isNull(5) && columns.equals(5, $0) } ?? columns.isNull(5))
            && columns.equals(6, bytes: r.content) && columns.equals(7, bytes: r.custom)
            && columns.equals(8, r.userId) && columns.equals(9, r.channelId)
        return (equal, status)
    }
}
