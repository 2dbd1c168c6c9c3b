import Foundation
import GRDB

/// Exact text and bytes at the SQLite boundary.
///
/// GRDB binds and reads Swift strings as C strings, which would cut a text at its first NUL. So
/// a text holding a NUL is bound as a blob and turned into TEXT in SQL (`CAST(? AS TEXT)`, which
/// keeps every byte), and text columns are read back as bytes (``RawColumns``, or
/// `CAST(column AS BLOB) AS name` for a `Row`, read by name), decoded as UTF-8. The writer binds texts with their length
/// instead (``ColumnBinder``). Empty blobs are bound as NULL (SQLite does so itself), so byte columns read
/// NULL back as empty.
enum SQLText {
    /// The SQL placeholder for a text argument made by ``bind(_:)``.
    static let placeholder = "CAST(? AS TEXT)"

    /// A statement argument holding `text` exactly (NULL for nil).
    @inline(__always)
    static func bind(_ text: String?) -> (any DatabaseValueConvertible)? {
        guard let text else { return nil }
        let hasNUL = text.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.count > 0 && memchr(utf8.baseAddress!, 0, utf8.count) != nil
        } ?? text.utf8.contains(0)
        return hasNUL ? Data(text.utf8) : text
    }

    /// A statement argument for JSON bytes (NULL when empty).
    @inline(__always)
    static func bind(bytes: [UInt8]) -> (any DatabaseValueConvertible)? {
        bytes.isEmpty ? nil : Data(bytes)
    }
}

extension Row {
    /// The text of column `name`, selected as `CAST(column AS BLOB) AS name`.
    func text(named name: String) throws -> String {
        String(decoding: try decode(Data.self, forColumn: name), as: UTF8.self)
    }

    /// The integer of column `name`.
    func int64(named name: String) throws -> Int64 {
        try decode(Int64.self, forColumn: name)
    }
}
