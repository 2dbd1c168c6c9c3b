import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore

/// The aligned table `store query` prints by default: a header and one line per row, columns
/// padded to their widest cell (control characters escaped as in text reports).
struct QueryTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    mutating func add(_ cells: [String]) { rows.append(cells.map { TextReporter.displayable($0) }) }

    /// The lines, each ending in a newline.
    var text: String {
        var widths = header.map { $0.unicodeScalars.count }
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.unicodeScalars.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let pad = i + 1 < cells.count && i < widths.count ? String(repeating: " ", count: max(0, widths[i] - cell.unicodeScalars.count)) : ""
                parts.append(cell + pad)
            }
            return parts.joined(separator: "  ") + "\n"
        }
        return ([line(header)] + rows.map(line)).joined()
    }

    /// The table's cells for one stored row.
    static func cells(_ row: StoredRow) -> [String] {
        switch row {
        case .user(let r): return [r.id, r.name ?? "", r.type, r.status ?? "", r.lastUpdated.map { "\($0)" } ?? ""]
        case .channel(let r): return [r.id, r.name ?? "", r.type, r.status ?? "", r.lastUpdated.map { "\($0)" } ?? ""]
        case .member(let r, let user, _): return [r.channelId, r.userId, user.name ?? "", r.status ?? "", r.isPresent.map { $0 ? "yes" : "no" } ?? ""]
        case .message(let m, let actions):
            return [String(m.record.timetoken), m.record.id, m.record.userId, m.status.rawValue, String(actions.count), m.record.text]
        case .action(let r): return [String(r.published), r.userId, r.sourceType, r.value, String(r.parentTimetoken)]
        }
    }

    /// The header for a table of `kind`.
    static func header(_ kind: StoreQueryCommand.Kind) -> [String] {
        switch kind {
        case .users, .channels: return ["ID", "NAME", "TYPE", "STATUS", "UPDATED"]
        case .members: return ["CHANNEL", "USER", "NAME", "STATUS", "PRESENT"]
        case .messages: return ["TIMETOKEN", "ID", "USER", "STATUS", "ACTIONS", "TEXT"]
        case .actions: return ["PUBLISHED", "USER", "TYPE", "VALUE", "PARENT"]
        }
    }
}
