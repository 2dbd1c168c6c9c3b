/// The parameters of a query string (`schema=user&profile=strict`), percent-decoded (`+` is a
/// space, as forms send it). A name given twice keeps its last value.
struct QueryParameters {
    private var values: [String: String] = [:]
    /// Parameter names in the order they came.
    private(set) var names: [String] = []

    init(_ query: String) {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = QueryParameters.decode(parts[0])
            let value = parts.count > 1 ? QueryParameters.decode(parts[1]) : ""
            if values[name] == nil { names.append(name) }
            values[name] = value
        }
    }

    subscript(_ name: String) -> String? { values[name] }

    /// Percent-decodes `text`; a malformed escape is kept as it is, and bytes that are not UTF-8
    /// become U+FFFD (such a value then matches no accepted name and is refused as unknown).
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
