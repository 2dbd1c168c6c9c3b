import JSONCore

/// How differences show values and name members.
enum DifferenceText {
    /// A value, short (strings quoted, containers summarised).
    static func show(_ value: JSONValue) -> String { value.shortDescription }

    /// A string quoted as JSON, cut when long.
    static func quote(_ text: String) -> String { JSONValue.string(text).shortDescription }

    /// "custom key", "content key" or "member" for the member at `pointer`.
    static func memberNoun(_ pointer: JSONPointer) -> String {
        let parents = pointer.tokens.dropLast()
        if let last = parents.last(where: { PayloadComparison.dataKeys.contains($0) }) {
            return "\(last) key"
        }
        return "member"
    }
}
