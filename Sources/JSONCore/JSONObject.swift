/// A JSON object: members in source order, looked up by name (Unicode-scalar exact).
///
/// Member names are unique: when a source text repeats a name, the parser reports it and the
/// last value wins (at the position of the first occurrence), as in most JSON decoders.
public struct JSONObject: Sendable {
    /// One `name: value` pair.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public let key: String
        /// The member value.
        public let value: JSONValue
        /// Makes a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
        /// Scalar-exact key comparison.
        public static func == (a: Member, b: Member) -> Bool { a.key.scalarsEqual(b.key) && a.value == b.value }
        /// Hash consistent with `==`.
        public func hash(into hasher: inout Hasher) {
            key.hashScalars(into: &hasher)
            hasher.combine(value)
        }
    }

    /// The members in order.
    public let members: [Member]
    /// Name -> index, built only for larger objects (small ones are scanned).
    private let index: [ScalarKey: Int]?

    static let indexThreshold = 12

    /// An empty object.
    public init() {
        members = []
        index = nil
    }

    /// Builds an object; a repeated name keeps its first position and its last value.
    public init(_ members: [Member]) {
        var unique: [Member] = []
        unique.reserveCapacity(members.count)
        var seen: [ScalarKey: Int] = [:]
        var hadDuplicate = false
        if members.count < JSONObject.indexThreshold {
            outer: for m in members {
                for i in unique.indices where unique[i].key.scalarsEqual(m.key) {
                    unique[i] = m
                    hadDuplicate = true
                    continue outer
                }
                unique.append(m)
            }
            _ = hadDuplicate
            self.members = unique
            self.index = nil
            return
        }
        for m in members {
            let k = ScalarKey(m.key)
            if let i = seen[k] {
                unique[i] = m
            } else {
                seen[k] = unique.count
                unique.append(m)
            }
        }
        self.members = unique
        self.index = seen
    }

    /// Builds from members already known to have unique names (used by the parser).
    init(uniqueMembers: [Member], index: [ScalarKey: Int]?) {
        self.members = uniqueMembers
        self.index = index
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The member names in order.
    public var keys: [String] { members.map(\.key) }

    /// The value of the member named `key`.
    public subscript(key: String) -> JSONValue? {
        if let index {
            guard let i = index[ScalarKey(key)] else { return nil }
            return members[i].value
        }
        for m in members where m.key.scalarsEqual(key) { return m.value }
        return nil
    }

    /// Whether a member named `key` exists.
    public func contains(_ key: String) -> Bool { self[key] != nil }

    /// A copy with `key` set to `value` (replacing in place, or appended).
    public func setting(_ key: String, to value: JSONValue) -> JSONObject {
        var ms = members
        if let i = ms.firstIndex(where: { $0.key.scalarsEqual(key) }) {
            ms[i] = Member(key: key, value: value)
        } else {
            ms.append(Member(key: key, value: value))
        }
        return JSONObject(ms)
    }

    /// A copy without `key`.
    public func removing(_ key: String) -> JSONObject {
        JSONObject(members.filter { !$0.key.scalarsEqual(key) })
    }
}

extension JSONObject: Equatable {
    /// Unordered equality of the name/value maps.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        JSONValue.object(a) == JSONValue.object(b)  // iterative, any depth
    }
}

extension JSONObject: Hashable {
    /// Order-independent hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, depth: 0)
    }

    func hash(into hasher: inout Hasher, depth: Int) {
        hasher.combine(count)
        guard depth < JSONValue.hashDepthLimit else { return }
        var combined = 0
        for m in members {
            var h = Hasher()
            m.key.hashScalars(into: &h)
            m.value.hash(into: &h, depth: depth + 1)
            combined ^= h.finalize()
        }
        hasher.combine(combined)
    }
}
