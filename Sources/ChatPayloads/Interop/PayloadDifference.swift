import JSONCore

/// One semantic difference between two JSON payloads, located at a JSON Pointer and explained
/// in words a mobile developer understands ("timetoken 16526940800000001 became
/// 16526940800000000 (read as a double)").
///
/// `expected` is the reference side (the canonical payload of a codec vector, or file A of
/// `chatpayloads diff`); `actual` is the other side (a platform's re-encoding, or file B).
package struct PayloadDifference: Sendable, Hashable {
    /// What kind of difference this is.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An integer or decimal changed value because it went through a 64-bit float.
        case numberReadAsDouble = "number-read-as-double"
        /// A number changed value (any other way).
        case numberChanged = "number-changed"
        /// The same number written another way (`1.0` as `1`, `1e2` as `100`); harmless.
        case numberSpelling = "number-spelling"
        /// A date kept its instant only to a coarser precision: fraction digits were cut.
        case fractionCut = "fraction-cut"
        /// A date became another instant.
        case instantChanged = "instant-changed"
        /// The same instant written another way (`+00:00` for `Z`, no fraction); harmless.
        case dateSpelling = "date-spelling"
        /// A string changed only in letter case (an id that was lowercased).
        case caseChanged = "case-changed"
        /// A string has the same characters in another Unicode normalization (NFC/NFD).
        case unicodeNormalization = "unicode-normalization"
        /// A string changed.
        case stringChanged = "string-changed"
        /// A value of another JSON type (a timetoken written as a string, `null` for a value).
        case typeChanged = "type-changed"
        /// A boolean changed.
        case valueChanged = "value-changed"
        /// A member of the expected side is missing.
        case memberLost = "member-lost"
        /// A member the expected side writes with its default value was left out; harmless.
        case defaultOmitted = "default-omitted"
        /// A member that is not on the expected side.
        case memberAdded = "member-added"
        /// A member the canonical form drops (unknown, or `null`) was kept as the payload had it; harmless.
        case memberKept = "member-kept"
        /// An array element is missing.
        case elementLost = "element-lost"
        /// An array has an element more.
        case elementAdded = "element-added"
        /// The re-encoded payload is rejected under the profile (checked by `interop check`).
        case rejectedByProfile = "rejected-by-profile"
    }

    /// Where the difference is (in the expected payload; for an added member, in the actual one).
    package var pointer: JSONPointer
    /// The kind of difference.
    package var kind: Kind
    /// The explanation, one line.
    package var explanation: String
    /// Whether the difference loses or changes data. Harmless differences (the same value written
    /// another way) are notes: they do not make a payload lossy.
    package var matters: Bool

    /// Makes a difference; `matters` defaults to what the kind implies.
    package init(pointer: JSONPointer, kind: Kind, explanation: String, matters: Bool? = nil) {
        self.pointer = pointer
        self.kind = kind
        self.explanation = explanation
        self.matters = matters ?? !kind.isHarmlessByDefault
    }
}

extension PayloadDifference.Kind {
    /// Whether this kind of difference is a note (the same meaning written another way).
    package var isHarmlessByDefault: Bool {
        switch self {
        case .numberSpelling, .dateSpelling, .defaultOmitted, .memberKept: return true
        default: return false
        }
    }
}

extension PayloadDifference: CustomStringConvertible {
    /// `pointer: explanation` (the root pointer is shown as `/`).
    package var description: String {
        "\(pointer.isRoot ? "/" : pointer.description): \(explanation)"
    }
}
