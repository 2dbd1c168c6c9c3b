// IDNA2008: RFC 5890 (definitions), RFC 5891 section 4.2 (label validation),
// RFC 5892 (derived property values, CONTEXTJ/CONTEXTO rules of appendix A),
// RFC 5893 (the Bidi rule), RFC 3492 (Punycode, see Punycode.swift).

/// IDNA2008 label and domain-name validation.
enum IDNA {
    /// RFC 5892 section 2 derived property value.
    enum DerivedProperty { case pvalid, contextJ, contextO, disallowed, unassigned }

    // MARK: RFC 5892 section 2.6 Exceptions (F)

    static func exception(_ v: UInt32) -> DerivedProperty? {
        switch v {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB: return .contextO
        case 0x0660...0x0669, 0x06F0...0x06F9: return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        default: return nil
        }
    }

    /// The derived property value of RFC 5892 section 3, computed from the Unicode character
    /// properties that Swift exposes (general category, NFKC case folding stability,
    /// default-ignorable, white space, noncharacter, Hangul syllable type by range).
    static func derivedProperty(_ scalar: Unicode.Scalar) -> DerivedProperty {
        let v = scalar.value
        if let value = exception(v) { return value }
        // BackwardCompatible (G) is empty.
        let props = scalar.properties
        let category = props.generalCategory
        // Unassigned (J)
        if category == .unassigned && !props.isNoncharacterCodePoint { return .unassigned }
        // LDH (K)
        if v == 0x2D || (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) { return .pvalid }
        // JoinControl (H)
        if v == 0x200C || v == 0x200D { return .contextJ }
        // Unstable (B): toNFKC(toCaseFold(toNFKC(cp))) != cp
        if props.changesWhenNFKCCaseFolded { return .disallowed }
        // IgnorableProperties (C)
        if props.isDefaultIgnorableCodePoint || props.isWhitespace || props.isNoncharacterCodePoint {
            return .disallowed
        }
        // IgnorableBlocks (D): Combining Diacritical Marks for Symbols, Musical Symbols,
        // Ancient Greek Musical Notation.
        if (v >= 0x20D0 && v <= 0x20FF) || (v >= 0x1D100 && v <= 0x1D24F) { return .disallowed }
        // OldHangulJamo (I): Hangul_Syllable_Type L, V or T.
        if (v >= 0x1100 && v <= 0x11FF) || (v >= 0xA960 && v <= 0xA97F) || (v >= 0xD7B0 && v <= 0xD7FF) {
            return .disallowed
        }
        // LetterDigits (A)
        switch category {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter,
             .nonspacingMark, .spacingMark:
            return .pvalid
        default:
            return .disallowed
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isVirama(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass == .virama
    }

    // MARK: RFC 5891 section 4.2.3 / 4.2.4 label checks

    /// Validates a U-label (RFC 5891 section 4.2.3 and 4.2.4, RFC 5892): hyphen restrictions,
    /// no leading combining mark, every code point PVALID or satisfying its CONTEXTJ/CONTEXTO
    /// rule. ASCII letters must already be lower-cased by the caller. The Bidi rule is checked
    /// per domain name (`satisfiesBidiRule`).
    static func isValidULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, let last = label.last else { return false }
        // 4.2.3.1 Hyphen restrictions
        if first == "-" || last == "-" { return false }
        if label.count >= 4 && label[2] == "-" && label[3] == "-" { return false }
        // 4.2.3.2 Leading combining marks
        if isCombiningMark(first) { return false }
        // 4.2.2 / 4.2.3.3 / 4.2.3.4: code points and contextual rules
        for index in label.indices {
            switch derivedProperty(label[index]) {
            case .pvalid:
                continue
            case .contextJ:
                guard contextJ(label, index) else { return false }
            case .contextO:
                guard contextO(label, index) else { return false }
            case .disallowed, .unassigned:
                return false
            }
        }
        return true
    }

    // MARK: RFC 5892 appendix A

    static func contextJ(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
        let v = label[index].value
        // A.1 / A.2: preceded by a virama.
        if index > 0 && isVirama(label[index - 1]) { return true }
        guard v == 0x200C else { return false }
        // A.1: (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
        var before = index - 1
        while before >= 0 && joiningType(label[before]) == .transparent { before -= 1 }
        guard before >= 0 else { return false }
        let left = joiningType(label[before])
        guard left == .left || left == .dual else { return false }
        var after = index + 1
        while after < label.count && joiningType(label[after]) == .transparent { after += 1 }
        guard after < label.count else { return false }
        let right = joiningType(label[after])
        return right == .right || right == .dual
    }

    static func contextO(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
        let v = label[index].value
        switch v {
        case 0x00B7:  // A.3 MIDDLE DOT: between two 'l'
            return index > 0 && index + 1 < label.count && label[index - 1] == "l" && label[index + 1] == "l"
        case 0x0375:  // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek
            return index + 1 < label.count && Scripts.isGreek(label[index + 1].value)
        case 0x05F3, 0x05F4:  // A.5 / A.6 HEBREW GERESH / GERSHAYIM: preceded by Hebrew
            return index > 0 && Scripts.isHebrew(label[index - 1].value)
        case 0x30FB:  // A.7 KATAKANA MIDDLE DOT: some Hiragana, Katakana or Han in the label
            return label.contains { Scripts.isHiraganaKatakanaOrHan($0.value) }
        case 0x0660...0x0669:  // A.8 ARABIC-INDIC DIGITS: no Extended Arabic-Indic digit
            return !label.contains { $0.value >= 0x06F0 && $0.value <= 0x06F9 }
        case 0x06F0...0x06F9:  // A.9 EXTENDED ARABIC-INDIC DIGITS: no Arabic-Indic digit
            return !label.contains { $0.value >= 0x0660 && $0.value <= 0x0669 }
        default:
            return false
        }
    }

    // MARK: Joining types (Unicode ArabicShaping.txt)

    enum JoiningType { case nonJoining, transparent, left, right, dual, joinCausing }

    static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        let v = scalar.value
        if let type = JoiningTable.lookup(v) { return type }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .nonJoining
        }
    }

    // MARK: RFC 5893 Bidi rule

    enum BidiClass { case l, r, al, an, en, es, cs, et, on, bn, nsm, other }

    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return BidiTable.isLeftToRightMark(v) ? .l : .nsm
        default:
            return BidiTable.lookup(v) ?? .l
        }
    }

    /// An RTL label contains at least one character of Bidi class R, AL or AN (RFC 5893 section 1.4).
    static func isRTLLabel(_ label: [Unicode.Scalar]) -> Bool {
        label.contains {
            switch bidiClass($0) {
            case .r, .al, .an: return true
            default: return false
            }
        }
    }

    /// RFC 5893 section 2, rules 1-6.
    static func satisfiesBidiRule(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first else { return false }
        let classes = label.map(bidiClass)
        // Trailing NSMs are ignored for the end-of-label rules.
        var endIndex = classes.count - 1
        while endIndex > 0 && classes[endIndex] == .nsm { endIndex -= 1 }
        let endClass = classes[endIndex]
        switch bidiClass(first) {
        case .r, .al:
            var sawEN = false, sawAN = false
            for cls in classes {
                switch cls {
                case .r, .al, .es, .cs, .et, .on, .bn, .nsm: break
                case .en: sawEN = true
                case .an: sawAN = true
                default: return false  // rule 2
                }
            }
            if sawEN && sawAN { return false }  // rule 4
            switch endClass {  // rule 3
            case .r, .al, .en, .an: return true
            default: return false
            }
        case .l:
            for cls in classes {
                switch cls {
                case .l, .en, .es, .cs, .et, .on, .bn, .nsm: break
                default: return false  // rule 5
                }
            }
            return endClass == .l || endClass == .en  // rule 6
        default:
            return false  // rule 1
        }
    }
}

/// Script membership for the CONTEXTO rules (from Unicode Scripts.txt, the ranges the rules need).
enum Scripts {
    static func isGreek(_ v: UInt32) -> Bool {
        switch v {
        case 0x0370...0x0373, 0x0375...0x0377, 0x037A...0x037D, 0x037F, 0x0384, 0x0386, 0x0388...0x038A,
             0x038C, 0x038E...0x03A1, 0x03A3...0x03E1, 0x03F0...0x03FF, 0x1D26...0x1D2A, 0x1D5D...0x1D61,
             0x1D66...0x1D6A, 0x1DBF, 0x1F00...0x1FFE, 0x2126, 0xAB65, 0x10140...0x1018E, 0x101A0,
             0x1D200...0x1D245:
            return true
        default:
            return false
        }
    }

    static func isHebrew(_ v: UInt32) -> Bool {
        switch v {
        case 0x0591...0x05C7, 0x05D0...0x05EA, 0x05EF...0x05F4, 0xFB1D...0xFB36, 0xFB38...0xFB3C, 0xFB3E,
             0xFB40...0xFB41, 0xFB43...0xFB44, 0xFB46...0xFB4F:
            return true
        default:
            return false
        }
    }

    static func isHiraganaKatakanaOrHan(_ v: UInt32) -> Bool {
        switch v {
        // Hiragana
        case 0x3041...0x3096, 0x309D...0x309F, 0x1B001...0x1B11F, 0x1B132, 0x1B150...0x1B152, 0x1F200:
            return true
        // Katakana
        case 0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357,
             0xFF66...0xFF6F, 0xFF71...0xFF9D, 0x1AFF0...0x1AFFE, 0x1B000, 0x1B120...0x1B122, 0x1B155,
             0x1B164...0x1B167:
            return true
        // Han
        case 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3005, 0x3007, 0x3021...0x3029,
             0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFA6D, 0xFA70...0xFAD9,
             0x16FE2, 0x16FE3, 0x16FF0, 0x16FF1, 0x20000...0x2A6DF, 0x2A700...0x2EBE0, 0x2F800...0x2FA1D,
             0x30000...0x323AF:
            return true
        default:
            return false
        }
    }
}

/// Joining types other than U and T (Unicode ArabicShaping.txt), as sorted ranges.
enum JoiningTable {
    typealias J = IDNA.JoiningType
    static let ranges: [(UInt32, UInt32, J)] = [
        (0x0620, 0x0620, .dual), (0x0622, 0x0625, .right), (0x0626, 0x0626, .dual), (0x0627, 0x0627, .right),
        (0x0628, 0x0628, .dual), (0x0629, 0x0629, .right), (0x062A, 0x062E, .dual), (0x062F, 0x0632, .right),
        (0x0633, 0x063F, .dual), (0x0640, 0x0640, .joinCausing), (0x0641, 0x0647, .dual), (0x0648, 0x0648, .right),
        (0x0649, 0x064A, .dual), (0x066E, 0x066F, .dual), (0x0671, 0x0673, .right), (0x0675, 0x0677, .right),
        (0x0678, 0x0687, .dual), (0x0688, 0x0699, .right), (0x069A, 0x06BF, .dual), (0x06C0, 0x06C0, .right),
        (0x06C1, 0x06C2, .dual), (0x06C3, 0x06CB, .right), (0x06CC, 0x06CC, .dual), (0x06CD, 0x06CD, .right),
        (0x06CE, 0x06CE, .dual), (0x06CF, 0x06CF, .right), (0x06D0, 0x06D1, .dual), (0x06D2, 0x06D3, .right),
        (0x06D5, 0x06D5, .right), (0x06EE, 0x06EF, .right), (0x06FA, 0x06FC, .dual), (0x06FF, 0x06FF, .dual),
        (0x0710, 0x0710, .right), (0x0712, 0x0714, .dual), (0x0715, 0x0719, .right), (0x071A, 0x071D, .dual),
        (0x071E, 0x071E, .right), (0x071F, 0x0727, .dual), (0x0728, 0x0728, .right), (0x0729, 0x0729, .dual),
        (0x072A, 0x072A, .right), (0x072B, 0x072B, .dual), (0x072C, 0x072C, .right), (0x072D, 0x072E, .dual),
        (0x072F, 0x072F, .right), (0x074D, 0x074D, .right), (0x074E, 0x0758, .dual), (0x0759, 0x075B, .right),
        (0x075C, 0x076A, .dual), (0x076B, 0x076C, .right), (0x076D, 0x0770, .dual), (0x0771, 0x0771, .right),
        (0x0772, 0x0772, .dual), (0x0773, 0x0774, .right), (0x0775, 0x0777, .dual), (0x0778, 0x0779, .right),
        (0x077A, 0x077F, .dual), (0x07CA, 0x07EA, .dual), (0x07FA, 0x07FA, .joinCausing),
        (0x0840, 0x0840, .right), (0x0841, 0x0845, .dual), (0x0846, 0x0847, .right), (0x0848, 0x0848, .dual),
        (0x0849, 0x0849, .right), (0x084A, 0x0853, .dual), (0x0854, 0x0854, .right), (0x0855, 0x0855, .dual),
        (0x0860, 0x0860, .dual), (0x0862, 0x0865, .dual), (0x0867, 0x0867, .right), (0x0868, 0x0868, .dual),
        (0x0869, 0x086A, .right), (0x08A0, 0x08A9, .dual), (0x08AA, 0x08AC, .right), (0x08AE, 0x08AE, .right),
        (0x08AF, 0x08B0, .dual), (0x08B1, 0x08B2, .right), (0x08B3, 0x08B4, .dual), (0x08B6, 0x08B8, .dual),
        (0x08B9, 0x08B9, .right), (0x08BA, 0x08BD, .dual), (0x08C5, 0x08C6, .dual),
        (0x1807, 0x1807, .dual), (0x180A, 0x180A, .joinCausing), (0x1820, 0x1878, .dual),
        (0x1887, 0x18A8, .dual), (0x18AA, 0x18AA, .dual), (0x200D, 0x200D, .joinCausing),
        (0xA840, 0xA871, .dual), (0xA872, 0xA872, .left),
        (0x10AC0, 0x10AC4, .dual), (0x10AC5, 0x10AC5, .right), (0x10AC7, 0x10AC7, .right),
        (0x10AC9, 0x10ACA, .right), (0x10ACD, 0x10ACD, .left), (0x10ACE, 0x10AD2, .right),
        (0x10AD3, 0x10AD6, .dual), (0x10AD7, 0x10AD7, .left), (0x10AD8, 0x10ADC, .dual),
        (0x10ADD, 0x10ADD, .right), (0x10ADE, 0x10AE0, .dual), (0x10AE1, 0x10AE1, .right),
        (0x10AE4, 0x10AE4, .right), (0x10AEB, 0x10AEE, .dual), (0x10AEF, 0x10AEF, .right),
        (0x10B80, 0x10B80, .dual), (0x10B81, 0x10B81, .right), (0x10B82, 0x10B82, .dual),
        (0x10B83, 0x10B85, .right), (0x10B86, 0x10B88, .dual), (0x10B89, 0x10B89, .right),
        (0x10B8A, 0x10B8B, .dual), (0x10B8C, 0x10B8C, .right), (0x10B8D, 0x10B8D, .dual),
        (0x10B8E, 0x10B8F, .right), (0x10B90, 0x10B90, .dual), (0x10B91, 0x10B91, .right),
        (0x10BA9, 0x10BAC, .right), (0x10BAD, 0x10BAE, .dual),
        (0x10D00, 0x10D00, .left), (0x10D01, 0x10D21, .dual), (0x10D22, 0x10D22, .right), (0x10D23, 0x10D23, .dual),
        (0x10F30, 0x10F32, .dual), (0x10F33, 0x10F33, .right), (0x10F34, 0x10F44, .dual),
        (0x10F51, 0x10F53, .dual), (0x10F54, 0x10F54, .right), (0x1E900, 0x1E943, .dual),
    ]

    /// Explicitly non-joining scalars of general category Cf (which would otherwise default to T).
    static func isExplicitlyNonJoining(_ v: UInt32) -> Bool {
        switch v {
        case 0x0600...0x0605, 0x06DD, 0x08E2, 0x180E, 0x200C, 0x2066...0x2069, 0x110BD, 0x110CD: return true
        default: return false
        }
    }

    static func lookup(_ v: UInt32) -> J? {
        if isExplicitlyNonJoining(v) { return .nonJoining }
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let (start, end, type) = ranges[mid]
            if v < start { high = mid - 1 } else if v > end { low = mid + 1 } else { return type }
        }
        return nil
    }
}

/// Bidi classes other than L and NSM for the code points that can occur in a valid label
/// (letters, digits, marks, the RFC 5892 exceptions, hyphen, joiners), from UnicodeData.txt.
/// Ranges may span code points that cannot occur in a label.
enum BidiTable {
    typealias B = IDNA.BidiClass
    static let ranges: [(UInt32, UInt32, B)] = [
        (0x2D, 0x2D, .es), (0x30, 0x39, .en), (0xB7, 0xB7, .on), (0x2B9, 0x2BA, .on), (0x2C6, 0x2CF, .on),
        (0x2EC, 0x2EC, .on), (0x374, 0x375, .on), (0x5D0, 0x5F4, .r), (0x620, 0x64A, .al), (0x660, 0x669, .an),
        (0x66B, 0x66C, .an), (0x66E, 0x6EF, .al), (0x6F0, 0x6F9, .en), (0x6FA, 0x7B1, .al), (0x7C0, 0x858, .r),
        (0x860, 0x8C9, .al), (0x200C, 0x200D, .bn), (0x2E2F, 0x2E2F, .on), (0x30FB, 0x30FB, .on),
        (0xA67F, 0xA67F, .on), (0xA717, 0xA71F, .on), (0xA788, 0xA788, .on), (0xFB1D, 0xFB4F, .r),
        (0xFB50, 0xFEFC, .al), (0xFF10, 0xFF19, .en), (0x10800, 0x10CF2, .r), (0x10D00, 0x10D23, .al),
        (0x10D30, 0x10D39, .an), (0x10E80, 0x10F27, .r), (0x10F30, 0x10F45, .al), (0x10F70, 0x10FF6, .r),
        (0x1D7CE, 0x1D7FF, .en), (0x1E800, 0x1E959, .r), (0x1EE00, 0x1EEBB, .al), (0x1FBF0, 0x1FBF9, .en),
    ]

    /// Marks (Mn/Me) whose Bidi class is L rather than NSM.
    static func isLeftToRightMark(_ v: UInt32) -> Bool {
        v == 0x0CBF || v == 0x0CC6 || v == 0x11A07 || v == 0x11A08 || v == 0x11C3F
    }

    static func lookup(_ v: UInt32) -> B? {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let (start, end, cls) = ranges[mid]
            if v < start { high = mid - 1 } else if v > end { low = mid + 1 } else { return cls }
        }
        return nil
    }
}
