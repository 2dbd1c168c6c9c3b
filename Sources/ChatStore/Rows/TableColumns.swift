import GRDB
import GRDBSQLite

/// A table's columns, described once (an enum, or an entity's fields, ``FieldColumn``): the case names are the SQL column names and the case
/// order is the order of every statement built from them (select list, insert, update). Rows are
/// read and bound by column (``ColumnReader``, ``ColumnBinder``), never by a hand-written position.
///
/// The key columns (``key``) come first, so that the key's parameters are `?1`, `?2`.
protocol TableColumns: CaseIterable, Hashable, RawRepresentable where RawValue == Int32, AllCases == [Self] {
    /// The table's name.
    static var table: String { get }
    /// The columns that identify a row (the first ones).
    static var key: [Self] { get }
    /// The SQL column name (an enum's: the case name).
    var name: String { get }
    /// Number of columns.
    static var count: Int32 { get }
}

extension TableColumns {
    /// The case name.
    var name: String { String(describing: self) }
    /// `table.column`.
    var qualified: String { "\(Self.table).\(name)" }
    /// The number of cases.
    static var count: Int32 { Int32(allCases.count) }
}

/// The statements of one table, built once from its ``TableColumns``.
struct TableSQL: Sendable {
    /// The select list, qualified with the table name (`users.id, users.name, ...`).
    let select: String
    /// `INSERT ... ON CONFLICT(key) DO NOTHING`, parameters `?1...` in column order.
    let insert: String
    /// `UPDATE` of the non-key columns of the row whose key is `?1...` (the insert's parameters).
    let update: String
    /// The row whose key is `?1...` (raw-bound, for the writer).
    let selectByKey: String
    /// Whether a row with key `?1...` is stored (raw-bound, for the writer).
    let exists: String
    /// The condition on the key columns for arguments made by ``SQLText/bind(_:)``.
    let keyCondition: String
    /// The row whose key matches ``keyCondition`` (the read path).
    let readByKey: String
    /// Deletes the row whose key matches ``keyCondition``.
    let deleteByKey: String

    init<C: TableColumns>(_ columns: C.Type) {
        let all = C.allCases
        let key = C.key
        let keyParameters = key.map { "\($0.name) = ?\($0.rawValue + 1)" }.joined(separator: " AND ")
        select = all.map(\.qualified).joined(separator: ", ")
        insert = "INSERT INTO \(C.table) (\(all.map(\.name).joined(separator: ", "))) VALUES ("
            + all.map { "?\($0.rawValue + 1)" }.joined(separator: ", ")
            + ") ON CONFLICT(\(key.map(\.name).joined(separator: ", "))) DO NOTHING"
        update = "UPDATE \(C.table) SET "
            + all.filter { !key.contains($0) }.map { "\($0.name) = ?\($0.rawValue + 1)" }.joined(separator: ", ")
            + " WHERE \(keyParameters)"
        selectByKey = "SELECT \(select) FROM \(C.table) WHERE \(keyParameters)"
        exists = "SELECT 1 FROM \(C.table) WHERE \(keyParameters)"
        keyCondition = key.map { "\($0.qualified) = \(SQLText.placeholder)" }.joined(separator: " AND ")
        readByKey = "SELECT \(select) FROM \(C.table) WHERE \(keyCondition)"
        deleteByKey = "DELETE FROM \(C.table) WHERE \(keyCondition)"
    }

    /// `SELECT <select list> FROM <table>` and `tail` (a `WHERE`, an `ORDER BY`).
    func selecting(from table: String, _ tail: String) -> String { "SELECT \(select) FROM \(table) \(tail)" }
}

/// Reads the columns of table `C` from the current row of a stepped statement, by column. The
/// select list of several tables (a join) gives each table its `offset`: the number of columns
/// selected before its own.
struct ColumnReader<C: TableColumns> {
    /// The statement, positioned on a row.
    let raw: RawColumns
    /// Columns selected before this table's.
    let offset: Int32

    init(_ raw: RawColumns, offset: Int32 = 0) {
        self.raw = raw
        self.offset = offset
    }

    @inline(__always) private func index(_ c: C) -> Int32 { offset + c.rawValue }

    /// The required text of `c` (NULL is a damaged file).
    @inline(__always) func text(_ c: C) throws -> String { try raw.text(index(c)) }
    /// The optional text of `c`.
    @inline(__always) func optionalText(_ c: C) -> String? { raw.optionalText(index(c)) }
    /// The bytes of `c` (empty when NULL).
    @inline(__always) func bytes(_ c: C) -> [UInt8] { raw.bytes(index(c)) }
    /// The optional bytes of `c` (NULL: nil).
    @inline(__always) func optionalBytes(_ c: C) -> [UInt8]? { raw.isNull(index(c)) ? nil : raw.bytes(index(c)) }
    /// The required integer of `c`.
    @inline(__always) func int64(_ c: C) throws -> Int64 { try raw.int64(index(c)) }
    /// The optional integer of `c`.
    @inline(__always) func optionalInt64(_ c: C) -> Int64? { raw.isNull(index(c)) ? nil : sqlite3_column_int64(raw.statement, index(c)) }
    /// Whether `c` is NULL.
    @inline(__always) func isNull(_ c: C) -> Bool { raw.isNull(index(c)) }
    /// Whether the text or bytes of `c` are `text`'s UTF-8.
    @inline(__always) func equals(_ c: C, _ text: String) -> Bool { raw.equals(index(c), text) }
    /// Whether the text of `c` is `text` (nil: NULL).
    @inline(__always) func equals(_ c: C, optional text: String?) -> Bool {
        text.map { !raw.isNull(index(c)) && raw.equals(index(c), $0) } ?? raw.isNull(index(c))
    }
    /// Whether the bytes of `c` are `bytes` (NULL reads as empty).
    @inline(__always) func equals(_ c: C, bytes: [UInt8]) -> Bool { raw.equals(index(c), bytes: bytes) }
}

/// Binds values straight into a prepared statement of table `C` (parameter `?n` of column `c` is
/// `c.rawValue + 1`, as ``TableSQL`` numbers them): no `StatementArguments`, no boxed values.
/// Texts are bound with their byte length, so a NUL inside is kept.
struct ColumnBinder<C: TableColumns> {
    /// The statement.
    let statement: SQLiteStatement

    /// A binder of `statement`, reset first (values can only be bound to a statement that is
    /// not stepping); the values bound before stay until overwritten.
    init(_ statement: Statement) {
        self.statement = statement.sqliteStatement
        // The result is the last step's, which threw already if it failed.
        _ = sqlite3_reset(self.statement)
    }

    @inline(__always) private func index(_ c: C) -> Int32 { c.rawValue + 1 }

    /// Binds `text` (nil: NULL).
    @inline(__always) func text(_ c: C, _ text: String?) {
        guard var text else { _ = sqlite3_bind_null(statement, index(c)); return }
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress {
                _ = sqlite3_bind_text(statement, index(c), UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(utf8.count), sqliteTransient)
            } else {
                _ = sqlite3_bind_text(statement, index(c), "", 0, sqliteTransient)
            }
        }
    }

    /// Binds `value` (nil: NULL).
    @inline(__always) func int64(_ c: C, _ value: Int64?) {
        if let value { _ = sqlite3_bind_int64(statement, index(c), value) } else { _ = sqlite3_bind_null(statement, index(c)) }
    }

    /// Binds `bytes` (empty or nil: NULL).
    @inline(__always) func bytes(_ c: C, _ bytes: [UInt8]?) {
        guard let bytes, !bytes.isEmpty else { _ = sqlite3_bind_null(statement, index(c)); return }
        bytes.withUnsafeBytes { b in _ = sqlite3_bind_blob(statement, index(c), b.baseAddress, Int32(b.count), sqliteTransient) }
    }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies a bound text or blob before the call returns.
let sqliteTransient = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)
