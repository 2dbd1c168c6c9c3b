/// The parameters of a query string (`schema=user&profile=strict`), percent-decoded (`+` is a
/// space, as forms send it). A name may be given once: a second value is refused (400), not
/// chosen between, and an endpoint refuses a name it does not take (``refusingAllBut(_:)``), so
/// no parameter a client sent is silently left out of the answer.
struct QueryParameters {
    private var values: [String: String] = [:]
    /// Parameter names in the order they came.
    private(set) var names: [String] = []

    /// The parameters of `query`, or a 400 `duplicate-parameter` naming the first name given
    /// more than once (after percent-decoding: `schema` and `%73chema` are the same name).
    static func parse(_ query: String) -> Result<QueryParameters, PlaygroundError> {
        var parameters = QueryParameters()
        var repeated: [String: Int] = [:]
        var firstRepeated: String?
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = QueryParameters.decode(parts.first ?? "")
            let value = parts.count > 1 ? QueryParameters.decode(parts[1]) : ""
            if parameters.values[name] != nil {
                repeated[name, default: 1] += 1
                if firstRepeated == nil { firstRepeated = name }
                continue
            }
            parameters.names.append(name)
            parameters.values[name] = value
        }
        if let name = firstRepeated {
            return .failure(.duplicateParameter(name, count: repeated[name] ?? 2))
        }
        return .success(parameters)
    }

    subscript(_ name: String) -> String? { values[name] }

    /// A 400 `unknown-parameter` for the first parameter not in `accepted` (nil when every one
    /// is accepted).
    func refusingAllBut(_ accepted: [String]) -> PlaygroundError? {
        guard let unknown = names.first(where: { !accepted.contains($0) }) else { return nil }
        let expected = accepted.isEmpty ? "this path takes no query parameters" : "this path takes \(accepted.joined(separator: ", "))"
        return PlaygroundError(status: 400, code: "unknown-parameter", message: "unknown query parameter '\(unknown)': \(expected)")
    }

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
