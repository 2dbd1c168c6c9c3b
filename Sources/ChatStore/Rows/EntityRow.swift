@_spi(ChatPayloadsInternal) import ChatPayloads

/// A table of entity records (users, channels) whose columns, read and bind all follow the
/// record's table of fields (``EntityRecord/fields``): a field added there is a column here (the
/// migration that adds it to the file excepted), with no line of this module to change.
protocol EntityTable: ReferencedTable, EntityColumnSource where Record: EntityRecord, Column == FieldColumn<Self> {}

/// What ``FieldColumn`` reads its columns from.
protocol EntityColumnSource {
    /// The table's name and its columns, made once from the record's fields.
    static var columns: EntityColumns { get }
}

/// The columns of an entity table, from its record's fields: a field is one column named after
/// it, a timestamp two (`<column>Seconds`, `<column>Nanos`).
struct EntityColumns: Sendable {
    /// The table's name.
    let table: String
    /// The column names, in field order.
    let names: [String]

    init<R: EntityRecord>(_ record: R.Type, table: String) {
        self.table = table
        var names: [String] = []
        for field in R.fields {
            if case .timestamp = field.value {
                names += [field.column + "Seconds", field.column + "Nanos"]
            } else {
                names.append(field.column)
            }
        }
        self.names = names
    }
}

/// A column of entity table `T` (``EntityTable``): its position in ``EntityColumns/names``; the
/// id (the key) is the first.
struct FieldColumn<T: EntityColumnSource>: TableColumns {
    let rawValue: Int32

    init?(rawValue: Int32) {
        guard rawValue >= 0, rawValue < T.columns.names.count else { return nil }
        self.rawValue = rawValue
    }

    /// The column at `index` (an index the fields walk made).
    @inline(__always) init(at index: Int32) { rawValue = index }

    static var allCases: [FieldColumn] {
        var all: [FieldColumn] = []
        for index in 0..<count { all.append(FieldColumn(at: index)) }
        return all
    }
    static var count: Int32 { Int32(T.columns.names.count) }
    static var table: String { T.columns.table }
    static var key: [FieldColumn] { [id] }
    /// The id column.
    static var id: FieldColumn { FieldColumn(at: 0) }
    var name: String { T.columns.names[Int(rawValue)] }
}

extension EntityTable {
    /// The record in the current row, field by field.
    static func read(_ c: ColumnReader<Column>) throws -> Record {
        var record = Record(id: "")
        var index: Int32 = 0
        for field in Record.fields {
            let column = Column(at: index)
            switch field.value {
            case .text(let path), .defaultedText(let path, _): record[keyPath: path] = try c.text(column)
            case .optionalText(let path): record[keyPath: path] = c.optionalText(column)
            case .bytes(let path): record[keyPath: path] = c.bytes(column)
            case .timestamp(let path):
                record[keyPath: path] = try c.timestamp(column, Column(at: index + 1))
                index += 1
            }
            index += 1
        }
        return record
    }

    /// Binds every field of `r`.
    static func bind(_ r: Record, _ b: ColumnBinder<Column>) {
        var index: Int32 = 0
        for field in Record.fields {
            let column = Column(at: index)
            switch field.value {
            case .text(let path), .defaultedText(let path, _): b.text(column, r[keyPath: path])
            case .optionalText(let path): b.text(column, r[keyPath: path])
            case .bytes(let path): b.bytes(column, r[keyPath: path])
            case .timestamp(let path):
                b.timestamp(column, Column(at: index + 1), r[keyPath: path])
                index += 1
            }
            index += 1
        }
    }

    static func id(of r: Record) -> String { r.id }
    static func lastUpdated(of r: Record) -> ChatTimestamp? { r.lastUpdated }
    static func isSynced(_ r: Record) -> Bool { r.isSynced }
    static func idOnly(_ id: String) -> Record { Record(id: id) }
}
