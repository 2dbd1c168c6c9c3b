import JSONCore

/// Compares two JSON payloads semantically and explains every difference
/// (see ``PayloadDifference``): exact numbers (`JSONNumber`), dates as instants, ids as
/// case-sensitive text, members by name (order, whitespace and escapes never count).
///
/// ```swift
/// let a = try JSONParser.parse(#"{"actionTimetoken": 16526940800000001}"#)
/// let b = try JSONParser.parse(#"{"actionTimetoken": 16526940800000000}"#)
/// PayloadComparison.compare(expected: a, actual: b).first?.explanation
/// // "timetoken 16526940800000001 became 16526940800000000 (read as a double: ...)"
/// ```
///
/// The meaning of members comes from their names, outside `custom` and `content` (whose members
/// are the app's own data): `createdAt` and `updated` are dates, `timetoken`, `actionTimetoken`
/// and `parentTimetoken` are timetokens, `id`, `pubnubUserId`, `pubnubChannelId` and
/// `externalId` are ids; a missing `type` equal to `"default"` or a missing empty `custom` or
/// `content` is a default left out.
package enum PayloadComparison {
    /// Every difference between `expected` and `actual`, in document order of `expected` (added
    /// members after the members of their object).
    ///
    /// - Parameters:
    ///   - expected: the payload as it should be (a vector's canonical payload).
    ///   - actual: the payload as the other side wrote it.
    ///   - actualAt: where the payload is in `actual` (e.g. `/payload` of a batch response line).
    ///   - original: the payload both sides were made from, if any (a codec vector's input): a
    ///     member `actual` has and `expected` lacks is then harmless when `original` has it too
    ///     with the same value (the canonical form drops unknown members; a decoder that passes
    ///     them through keeps them).
    package static func compare(expected: JSONDocument, actual: JSONDocument, actualAt: JSONPointer = .root, original: JSONValue? = nil) -> [PayloadDifference] {
        var walker = ComparisonWalker(expected: expected, actual: actual, actualBase: actualAt, original: original)
        guard let actualRoot = actualAt.resolve(in: actual.root) else { return [] }
        walker.compare(expected.root, actualRoot, at: .root)
        return walker.differences
    }

    /// Member names holding dates (outside custom data).
    static let dateKeys: Set<String> = ["createdAt", "updated"]
    /// Member names holding timetokens (outside custom data).
    static let timetokenKeys: Set<String> = ["timetoken", "actionTimetoken", "parentTimetoken"]
    /// Member names holding ids (outside custom data).
    static let idKeys: Set<String> = ["id", "pubnubUserId", "pubnubChannelId", "externalId"]
    /// Member names whose members are the app's own data.
    static let dataKeys: Set<String> = ["custom", "content"]
}

/// The recursive walk of ``PayloadComparison/compare(expected:actual:original:)``.
struct ComparisonWalker {
    let expected: JSONDocument
    let actual: JSONDocument
    let actualBase: JSONPointer
    let original: JSONValue?
    var differences: [PayloadDifference] = []

    init(expected: JSONDocument, actual: JSONDocument, actualBase: JSONPointer, original: JSONValue?) {
        self.expected = expected
        self.actual = actual
        self.actualBase = actualBase
        self.original = original
    }

    /// What a pointer's last token means.
    enum Role { case date, timetoken, id, data, plain }

    static func role(of pointer: JSONPointer) -> Role {
        guard let key = pointer.lastToken else { return .plain }
        if pointer.tokens.dropLast().contains(where: { PayloadComparison.dataKeys.contains($0) }) { return .data }
        if PayloadComparison.dateKeys.contains(key) { return .date }
        if PayloadComparison.timetokenKeys.contains(key) { return .timetoken }
        if PayloadComparison.idKeys.contains(key) { return .id }
        return .plain
    }

    mutating func add(_ pointer: JSONPointer, _ kind: PayloadDifference.Kind, _ explanation: String) {
        differences.append(PayloadDifference(pointer: pointer, kind: kind, explanation: explanation))
    }

    mutating func compare(_ e: JSONValue, _ a: JSONValue, at pointer: JSONPointer) {
        switch (e, a) {
        case (.object(let eo), .object(let ao)):
            compareObjects(eo, ao, at: pointer)
        case (.array(let ea), .array(let aa)):
            for (index, pair) in zip(ea, aa).enumerated() {
                compare(pair.0, pair.1, at: pointer.appending(index: index))
            }
            if ea.count > aa.count {
                for index in aa.count..<ea.count {
                    add(pointer.appending(index: index), .elementLost, "element [\(index)] lost (\(DifferenceText.show(ea[index])))")
                }
            } else if aa.count > ea.count {
                for index in ea.count..<aa.count {
                    add(pointer.appending(index: index), .elementAdded, "element [\(index)] added (\(DifferenceText.show(aa[index])))")
                }
            }
        case (.number(let en), .number(let an)):
            compareNumbers(en, an, at: pointer)
        case (.string(let es), .string(let astr)):
            compareStrings(es, astr, at: pointer)
        case (.bool(let eb), .bool(let ab)):
            if eb != ab { add(pointer, .valueChanged, "\(eb) became \(ab)") }
        case (.null, .null):
            break
        default:
            let what = Self.role(of: pointer) == .timetoken ? "timetoken" : "value"
            add(pointer, .typeChanged, "\(what) \(DifferenceText.show(e)) became \(DifferenceText.show(a)) (\(e.typeName) written as \(a.typeName))")
        }
    }

    mutating func compareObjects(_ eo: JSONObject, _ ao: JSONObject, at pointer: JSONPointer) {
        for member in eo.members {
            let child = pointer.appending(member.key)
            if let other = ao[member.key] {
                compare(member.value, other, at: child)
            } else {
                missing(member, at: child)
            }
        }
        for member in ao.members where eo[member.key] == nil {
            let child = pointer.appending(member.key)
            let inData = Self.role(of: child) == .data
            if let original, let kept = child.resolve(in: original), kept == member.value {
                add(child, .memberKept, "kept \(inData ? "key" : "member") `\(member.key)` (\(DifferenceText.show(member.value))), which the canonical form drops")
            } else {
                add(child, .memberAdded, "\(DifferenceText.memberNoun(child)) `\(member.key)` added (\(DifferenceText.show(member.value)))")
            }
        }
    }

    mutating func missing(_ member: JSONObject.Member, at pointer: JSONPointer) {
        let role = Self.role(of: pointer)
        if role != .data {
            switch (member.key, member.value) {
            case ("type", .string("default")):
                return add(pointer, .defaultOmitted, "member `type` left out (absent means \"default\")")
            case ("custom", .object(let o)) where o.isEmpty, ("content", .object(let o)) where o.isEmpty:
                return add(pointer, .defaultOmitted, "member `\(member.key)` left out (absent means {})")
            default:
                break
            }
        }
        add(pointer, .memberLost, "\(DifferenceText.memberNoun(pointer)) `\(member.key)` lost (was \(DifferenceText.show(member.value)))")
    }

    mutating func compareNumbers(_ en: JSONNumber, _ an: JSONNumber, at pointer: JSONPointer) {
        let isTimetoken = Self.role(of: pointer) == .timetoken
        let noun = isTimetoken ? "timetoken" : "number"
        if en == an {
            let es = NumberSpelling.text(at: pointer, in: expected) ?? en.description
            let asp = NumberSpelling.text(at: actualBase.appending(pointer), in: actual) ?? an.description
            if es != asp {
                add(pointer, .numberSpelling, "\(noun) \(es) written as \(asp) (the same number)")
            }
            return
        }
        if NumberSpelling.isDoubleRounding(of: en, to: an) {
            let why = isTimetoken
                ? "read as a double: a 17-digit timetoken needs a 64-bit integer"
                : "read as a double, which holds about 16 significant digits"
            return add(pointer, .numberReadAsDouble, "\(noun) \(en) became \(an) (\(why))")
        }
        add(pointer, .numberChanged, "\(noun) \(en) became \(an)")
    }

    mutating func compareStrings(_ es: String, _ astr: String, at pointer: JSONPointer) {
        if es.scalarsEqual(astr) { return }
        let role = Self.role(of: pointer)
        if role == .date, let date = DateDifference.explain(expected: es, actual: astr) {
            return add(pointer, date.kind, date.explanation)
        }
        let quotedE = DifferenceText.quote(es)
        let quotedA = DifferenceText.quote(astr)
        if es.lowercased().scalarsEqual(astr.lowercased()) {
            let what = role == .id ? "id case changed" : "letter case changed"
            let why = role == .id ? " (ids are case-sensitive: this is another id)" : ""
            return add(pointer, .caseChanged, "\(what): \(quotedE) became \(quotedA)\(why)")
        }
        if es == astr {
            return add(pointer, .unicodeNormalization, "same text in another Unicode normalization: \(quotedE) became \(quotedA) (other code points: ids and keys no longer match)")
        }
        let noun: String
        switch role {
        case .id: noun = "id"
        case .date: noun = "date"
        default: noun = "string"
        }
        add(pointer, .stringChanged, "\(noun) \(quotedE) became \(quotedA)")
    }
}
