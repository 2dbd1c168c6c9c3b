/// Code point range tables for properties that Swift does not expose (Script,
/// Script_Extensions, Emoji_Component, Extended_Pictographic), decoded once from
/// `UnicodeScriptData`.
enum RangeTables {
    /// Decodes `"41-5a 61-7a aa"` into ranges; malformed tokens are skipped.
    static func decode(_ text: String) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for token in text.split(separator: " ") {
            let bounds = token.split(separator: "-", maxSplits: 1)
            guard let lo = bounds.first.flatMap({ UInt32($0, radix: 16) }) else { continue }
            let hi = bounds.count > 1 ? UInt32(bounds[1], radix: 16) ?? lo : lo
            if lo <= hi { out.append(lo...hi) }
        }
        return out
    }

    private static let scriptRanges: [String: [ClosedRange<UInt32>]] =
        UnicodeScriptData.script.mapValues(decode)

    private static let scriptExtensionRanges: [String: [ClosedRange<UInt32>]] =
        UnicodeScriptData.scriptExtensions.mapValues(decode)

    /// The ranges of a Script (or Script_Extensions) value given by any of its names or aliases.
    static func script(_ name: String, extensions: Bool) -> [ClosedRange<UInt32>]? {
        guard let canonical = UnicodeScriptData.aliases[name] else { return nil }
        if extensions, let ranges = scriptExtensionRanges[canonical] { return ranges }
        return scriptRanges[canonical]
    }

    static let emojiComponent = decode(UnicodeScriptData.emojiComponent)
    static let extendedPictographic = decode(UnicodeScriptData.extendedPictographic)
}
