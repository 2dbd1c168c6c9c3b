/// A per-code-point Unicode property test, used for properties that Swift's
/// `Unicode.Scalar.Properties` can answer (General_Category and binary properties).
struct ScalarPredicate: Sendable {
    enum Kind: Sendable {
        /// Membership in any General_Category whose bit (see `GeneralCategoryBits`) is set.
        case generalCategory(UInt32)
        case binary(BinaryProperty)
    }

    let kind: Kind
    let isInverted: Bool

    init(_ kind: Kind, inverted: Bool = false) {
        self.kind = kind
        self.isInverted = inverted
    }

    var inverted: ScalarPredicate { ScalarPredicate(kind, inverted: !isInverted) }

    func matches(_ c: UInt32) -> Bool {
        let result: Bool
        switch kind {
        case .generalCategory(let mask):
            result = mask & (1 << GeneralCategoryBits.index(of: c)) != 0
        case .binary(let p):
            result = p.holds(for: c)
        }
        return result != isInverted
    }
}

/// Bit positions of the 30 General_Category values.
enum GeneralCategoryBits {
    static let Lu: UInt32 = 0, Ll: UInt32 = 1, Lt: UInt32 = 2, Lm: UInt32 = 3, Lo: UInt32 = 4
    static let Mn: UInt32 = 5, Mc: UInt32 = 6, Me: UInt32 = 7
    static let Nd: UInt32 = 8, Nl: UInt32 = 9, No: UInt32 = 10
    static let Pc: UInt32 = 11, Pd: UInt32 = 12, Ps: UInt32 = 13, Pe: UInt32 = 14, Pi: UInt32 = 15, Pf: UInt32 = 16, Po: UInt32 = 17
    static let Sm: UInt32 = 18, Sc: UInt32 = 19, Sk: UInt32 = 20, So: UInt32 = 21
    static let Zs: UInt32 = 22, Zl: UInt32 = 23, Zp: UInt32 = 24
    static let Cc: UInt32 = 25, Cf: UInt32 = 26, Cs: UInt32 = 27, Co: UInt32 = 28, Cn: UInt32 = 29

    static func mask(_ bits: UInt32...) -> UInt32 { bits.reduce(0) { $0 | (1 << $1) } }

    /// The General_Category bit of a code point (surrogates are Cs).
    static func index(of c: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(c) else { return c >= 0xD800 && c <= 0xDFFF ? Cs : Cn }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: return Lu
        case .lowercaseLetter: return Ll
        case .titlecaseLetter: return Lt
        case .modifierLetter: return Lm
        case .otherLetter: return Lo
        case .nonspacingMark: return Mn
        case .spacingMark: return Mc
        case .enclosingMark: return Me
        case .decimalNumber: return Nd
        case .letterNumber: return Nl
        case .otherNumber: return No
        case .connectorPunctuation: return Pc
        case .dashPunctuation: return Pd
        case .openPunctuation: return Ps
        case .closePunctuation: return Pe
        case .initialPunctuation: return Pi
        case .finalPunctuation: return Pf
        case .otherPunctuation: return Po
        case .mathSymbol: return Sm
        case .currencySymbol: return Sc
        case .modifierSymbol: return Sk
        case .otherSymbol: return So
        case .spaceSeparator: return Zs
        case .lineSeparator: return Zl
        case .paragraphSeparator: return Zp
        case .control: return Cc
        case .format: return Cf
        case .surrogate: return Cs
        case .privateUse: return Co
        case .unassigned: return Cn
        @unknown default: return Cn
        }
    }

    /// General_Category value names and aliases accepted by ECMA-262 (table
    /// "Value aliases and canonical values for General_Category").
    static let byName: [String: UInt32] = {
        let L = mask(Lu, Ll, Lt, Lm, Lo), M = mask(Mn, Mc, Me), N = mask(Nd, Nl, No)
        let P = mask(Pc, Pd, Ps, Pe, Pi, Pf, Po), S = mask(Sm, Sc, Sk, So), Z = mask(Zs, Zl, Zp)
        let C = mask(Cc, Cf, Cs, Co, Cn)
        let entries: [([String], UInt32)] = [
            (["C", "Other"], C), (["Cc", "Control", "cntrl"], mask(Cc)), (["Cf", "Format"], mask(Cf)),
            (["Cn", "Unassigned"], mask(Cn)), (["Co", "Private_Use"], mask(Co)), (["Cs", "Surrogate"], mask(Cs)),
            (["L", "Letter"], L), (["LC", "Cased_Letter"], mask(Lu, Ll, Lt)),
            (["Ll", "Lowercase_Letter"], mask(Ll)), (["Lm", "Modifier_Letter"], mask(Lm)),
            (["Lo", "Other_Letter"], mask(Lo)), (["Lt", "Titlecase_Letter"], mask(Lt)),
            (["Lu", "Uppercase_Letter"], mask(Lu)),
            (["M", "Mark", "Combining_Mark"], M), (["Mc", "Spacing_Mark"], mask(Mc)),
            (["Me", "Enclosing_Mark"], mask(Me)), (["Mn", "Nonspacing_Mark"], mask(Mn)),
            (["N", "Number"], N), (["Nd", "Decimal_Number", "digit"], mask(Nd)),
            (["Nl", "Letter_Number"], mask(Nl)), (["No", "Other_Number"], mask(No)),
            (["P", "Punctuation", "punct"], P), (["Pc", "Connector_Punctuation"], mask(Pc)),
            (["Pd", "Dash_Punctuation"], mask(Pd)), (["Pe", "Close_Punctuation"], mask(Pe)),
            (["Pf", "Final_Punctuation"], mask(Pf)), (["Pi", "Initial_Punctuation"], mask(Pi)),
            (["Po", "Other_Punctuation"], mask(Po)), (["Ps", "Open_Punctuation"], mask(Ps)),
            (["S", "Symbol"], S), (["Sc", "Currency_Symbol"], mask(Sc)), (["Sk", "Modifier_Symbol"], mask(Sk)),
            (["Sm", "Math_Symbol"], mask(Sm)), (["So", "Other_Symbol"], mask(So)),
            (["Z", "Separator"], Z), (["Zl", "Line_Separator"], mask(Zl)),
            (["Zp", "Paragraph_Separator"], mask(Zp)), (["Zs", "Space_Separator"], mask(Zs)),
        ]
        var table: [String: UInt32] = [:]
        for (names, m) in entries { for n in names { table[n] = m } }
        return table
    }()
}

/// Binary Unicode properties answered by `Unicode.Scalar.Properties`.
enum BinaryProperty: Sendable {
    case alphabetic, bidiControl, bidiMirrored, caseIgnorable, cased
    case changesWhenCasefolded, changesWhenCasemapped, changesWhenLowercased
    case changesWhenNFKCCasefolded, changesWhenTitlecased, changesWhenUppercased
    case dash, defaultIgnorableCodePoint, deprecated, diacritic
    case emoji, emojiModifier, emojiModifierBase, emojiPresentation
    case extender, graphemeBase, graphemeExtend, hexDigit
    case idsBinaryOperator, idsTrinaryOperator, idContinue, idStart, ideographic
    case joinControl, logicalOrderException, lowercase, math, noncharacterCodePoint
    case patternSyntax, patternWhiteSpace, quotationMark, radical
    case sentenceTerminal, softDotted, terminalPunctuation, unifiedIdeograph
    case uppercase, variationSelector, whiteSpace, xidContinue, xidStart
    case assigned

    func holds(for c: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(c) else { return self == .assigned }
        let p = scalar.properties
        switch self {
        case .alphabetic: return p.isAlphabetic
        case .bidiControl: return p.isBidiControl
        case .bidiMirrored: return p.isBidiMirrored
        case .caseIgnorable: return p.isCaseIgnorable
        case .cased: return p.isCased
        case .changesWhenCasefolded: return p.changesWhenCaseFolded
        case .changesWhenCasemapped: return p.changesWhenCaseMapped
        case .changesWhenLowercased: return p.changesWhenLowercased
        case .changesWhenNFKCCasefolded: return p.changesWhenNFKCCaseFolded
        case .changesWhenTitlecased: return p.changesWhenTitlecased
        case .changesWhenUppercased: return p.changesWhenUppercased
        case .dash: return p.isDash
        case .defaultIgnorableCodePoint: return p.isDefaultIgnorableCodePoint
        case .deprecated: return p.isDeprecated
        case .diacritic: return p.isDiacritic
        case .emoji: return p.isEmoji
        case .emojiModifier: return p.isEmojiModifier
        case .emojiModifierBase: return p.isEmojiModifierBase
        case .emojiPresentation: return p.isEmojiPresentation
        case .extender: return p.isExtender
        case .graphemeBase: return p.isGraphemeBase
        case .graphemeExtend: return p.isGraphemeExtend
        case .hexDigit: return p.isHexDigit
        case .idsBinaryOperator: return p.isIDSBinaryOperator
        case .idsTrinaryOperator: return p.isIDSTrinaryOperator
        case .idContinue: return p.isIDContinue
        case .idStart: return p.isIDStart
        case .ideographic: return p.isIdeographic
        case .joinControl: return p.isJoinControl
        case .logicalOrderException: return p.isLogicalOrderException
        case .lowercase: return p.isLowercase
        case .math: return p.isMath
        case .noncharacterCodePoint: return p.isNoncharacterCodePoint
        case .patternSyntax: return p.isPatternSyntax
        case .patternWhiteSpace: return p.isPatternWhitespace
        case .quotationMark: return p.isQuotationMark
        case .radical: return p.isRadical
        case .sentenceTerminal: return p.isSentenceTerminal
        case .softDotted: return p.isSoftDotted
        case .terminalPunctuation: return p.isTerminalPunctuation
        case .unifiedIdeograph: return p.isUnifiedIdeograph
        case .uppercase: return p.isUppercase
        case .variationSelector: return p.isVariationSelector
        case .whiteSpace: return p.isWhitespace
        case .xidContinue: return p.isXIDContinue
        case .xidStart: return p.isXIDStart
        case .assigned: return p.generalCategory != .unassigned
        }
    }
}

/// Resolution of `\p{...}` contents to a set description.
enum UnicodeProperties {
    /// Binary property names (long and short) accepted by ECMA-262.
    static let binary: [String: ClassEscapeValue] = {
        let predicateEntries: [([String], BinaryProperty)] = [
            (["Alphabetic", "Alpha"], .alphabetic), (["Assigned"], .assigned),
            (["Bidi_Control", "Bidi_C"], .bidiControl), (["Bidi_Mirrored", "Bidi_M"], .bidiMirrored),
            (["Case_Ignorable", "CI"], .caseIgnorable), (["Cased"], .cased),
            (["Changes_When_Casefolded", "CWCF"], .changesWhenCasefolded),
            (["Changes_When_Casemapped", "CWCM"], .changesWhenCasemapped),
            (["Changes_When_Lowercased", "CWL"], .changesWhenLowercased),
            (["Changes_When_NFKC_Casefolded", "CWKCF"], .changesWhenNFKCCasefolded),
            (["Changes_When_Titlecased", "CWT"], .changesWhenTitlecased),
            (["Changes_When_Uppercased", "CWU"], .changesWhenUppercased),
            (["Dash"], .dash), (["Default_Ignorable_Code_Point", "DI"], .defaultIgnorableCodePoint),
            (["Deprecated", "Dep"], .deprecated), (["Diacritic", "Dia"], .diacritic),
            (["Emoji"], .emoji), (["Emoji_Modifier", "EMod"], .emojiModifier),
            (["Emoji_Modifier_Base", "EBase"], .emojiModifierBase),
            (["Emoji_Presentation", "EPres"], .emojiPresentation),
            (["Extender", "Ext"], .extender), (["Grapheme_Base", "Gr_Base"], .graphemeBase),
            (["Grapheme_Extend", "Gr_Ext"], .graphemeExtend), (["Hex_Digit", "Hex"], .hexDigit),
            (["IDS_Binary_Operator", "IDSB"], .idsBinaryOperator),
            (["IDS_Trinary_Operator", "IDST"], .idsTrinaryOperator),
            (["ID_Continue", "IDC"], .idContinue), (["ID_Start", "IDS"], .idStart),
            (["Ideographic", "Ideo"], .ideographic), (["Join_Control", "Join_C"], .joinControl),
            (["Logical_Order_Exception", "LOE"], .logicalOrderException),
            (["Lowercase", "Lower"], .lowercase), (["Math"], .math),
            (["Noncharacter_Code_Point", "NChar"], .noncharacterCodePoint),
            (["Pattern_Syntax", "Pat_Syn"], .patternSyntax),
            (["Pattern_White_Space", "Pat_WS"], .patternWhiteSpace),
            (["Quotation_Mark", "QMark"], .quotationMark), (["Radical"], .radical),
            (["Sentence_Terminal", "STerm"], .sentenceTerminal), (["Soft_Dotted", "SD"], .softDotted),
            (["Terminal_Punctuation", "Term"], .terminalPunctuation),
            (["Unified_Ideograph", "UIdeo"], .unifiedIdeograph), (["Uppercase", "Upper"], .uppercase),
            (["Variation_Selector", "VS"], .variationSelector), (["White_Space", "space"], .whiteSpace),
            (["XID_Continue", "XIDC"], .xidContinue), (["XID_Start", "XIDS"], .xidStart),
        ]
        var table: [String: ClassEscapeValue] = [:]
        for (names, p) in predicateEntries {
            for n in names { table[n] = .predicate(ScalarPredicate(.binary(p))) }
        }
        table["Any"] = .ranges([0...0x10FFFF])
        table["ASCII"] = .ranges([0...0x7F])
        let ahex: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x46, 0x61...0x66]
        table["ASCII_Hex_Digit"] = .ranges(ahex)
        table["AHex"] = .ranges(ahex)
        table["Regional_Indicator"] = .ranges([0x1F1E6...0x1F1FF])
        table["RI"] = .ranges([0x1F1E6...0x1F1FF])
        table["Emoji_Component"] = .ranges(RangeTables.emojiComponent)
        table["EComp"] = .ranges(RangeTables.emojiComponent)
        table["Extended_Pictographic"] = .ranges(RangeTables.extendedPictographic)
        table["ExtPict"] = .ranges(RangeTables.extendedPictographic)
        return table
    }()

    /// Resolves the contents of `\p{...}`: either a lone name (General_Category value or
    /// binary property) or `name=value`. Returns nil for anything unknown or unsupported.
    static func resolve(name: String, value: String?) -> ClassEscapeValue? {
        guard let value else {
            if let m = GeneralCategoryBits.byName[name] { return gcValue(m) }
            return binary[name]
        }
        switch name {
        case "General_Category", "gc":
            return GeneralCategoryBits.byName[value].map(gcValue)
        case "Script", "sc":
            return RangeTables.script(value, extensions: false).map { .ranges($0) }
        case "Script_Extensions", "scx":
            return RangeTables.script(value, extensions: true).map { .ranges($0) }
        default:
            return nil
        }
    }

    private static func gcValue(_ mask: UInt32) -> ClassEscapeValue {
        .predicate(ScalarPredicate(.generalCategory(mask)))
    }
}
