/// The member names whose presence the shape rule of `--schema auto` asks about
/// (``PayloadValidator/detectShape(_:)``), as bits: an object's names are looked up once, in
/// one pass over its members, instead of one scan of the members per name asked.
struct TellingNames: OptionSet, Sendable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    static let message = TellingNames(rawValue: 1 << 0)
    static let data = TellingNames(rawValue: 1 << 1)
    static let content = TellingNames(rawValue: 1 << 2)
    static let pubnubChannelId = TellingNames(rawValue: 1 << 3)
    static let uuid = TellingNames(rawValue: 1 << 4)
    static let channel = TellingNames(rawValue: 1 << 5)
    static let sourceType = TellingNames(rawValue: 1 << 6)
    static let actionTimetoken = TellingNames(rawValue: 1 << 7)
    static let parentTimetoken = TellingNames(rawValue: 1 << 8)
    static let createdAt = TellingNames(rawValue: 1 << 9)
    static let text = TellingNames(rawValue: 1 << 10)
    static let contentType = TellingNames(rawValue: 1 << 11)
    static let email = TellingNames(rawValue: 1 << 12)
    static let externalId = TellingNames(rawValue: 1 << 13)
    static let profileUrl = TellingNames(rawValue: 1 << 14)
    static let description = TellingNames(rawValue: 1 << 15)

    /// Every telling name with its bit.
    static let all: [(name: String, bit: TellingNames)] = [
        ("message", .message), ("data", .data), ("content", .content), ("pubnubChannelId", .pubnubChannelId),
        ("uuid", .uuid), ("channel", .channel), ("sourceType", .sourceType), ("actionTimetoken", .actionTimetoken),
        ("parentTimetoken", .parentTimetoken), ("createdAt", .createdAt), ("text", .text), ("contentType", .contentType),
        ("email", .email), ("externalId", .externalId), ("profileUrl", .profileUrl), ("description", .description),
    ]

    /// ``all``'s names as UTF-8, grouped by their length in bytes.
    private static let byLength: [[(bytes: [UInt8], bit: TellingNames)]] = {
        var table: [[(bytes: [UInt8], bit: TellingNames)]] = []
        for (name, bit) in all {
            let bytes = Array(name.utf8)
            while table.count <= bytes.count { table.append([]) }
            table[bytes.count].append((bytes, bit))
        }
        return table
    }()

    /// The bit of the member name spelled by `bytes` (empty when it is not a telling name).
    init(named bytes: UnsafeBufferPointer<UInt8>) {
        self = TellingNames.bit(named: bytes)
    }

    private static func bit(named bytes: UnsafeBufferPointer<UInt8>) -> TellingNames {
        let table = byLength
        guard bytes.count < table.count, let first = bytes.first else { return [] }
        for candidate in table[bytes.count] where candidate.bytes[0] == first && NameTable.equal(candidate.bytes, bytes) {
            return candidate.bit
        }
        return []
    }

    /// The bit of the member name `name` (empty when it is not a telling name).
    init(named name: String) {
        var name = name
        self = name.withUTF8 { TellingNames(named: $0) }
    }
}
