import ChatPayloads
import Foundation
import GRDB
import GRDBSQLite

/// Column reads straight from the current row of a stepped SQLite statement: the hot read paths
/// (a page of messages, the stored row an import compares with) without a `Data` or `Row` value
/// per column. A text's bytes are read as they are stored (`sqlite3_column_blob` does not convert
/// text), so every byte, NUL included, comes back. Read by column through ``ColumnReader``.
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
