/// What a membership or message kept out by the referential rule refers to that is not stored:
/// its user, its channel, or both.
public struct MissingReference: Sendable, Hashable, CustomStringConvertible {
    /// The id of the user that is not stored (nil: the user is stored).
    public var userId: String?
    /// The id of the channel that is not stored (nil: the channel is stored).
    public var channelId: String?

    /// Makes one; at least one id should be set.
    public init(userId: String? = nil, channelId: String? = nil) {
        self.userId = userId
        self.channelId = channelId
    }

    /// `user "u"`, `channel "c"` or `user "u" and channel "c"` (ids quoted as JSON strings).
    public var description: String {
        var parts: [String] = []
        if let userId { parts.append("user \(MissingReference.quoted(userId))") }
        if let channelId { parts.append("channel \(MissingReference.quoted(channelId))") }
        return parts.isEmpty ? "its user or channel" : parts.joined(separator: " and ")
    }

    /// `s` in double quotes, with `"`, `\` and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
