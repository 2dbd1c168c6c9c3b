/// A growable set of small non-negative integers: the indices of evaluated array items or of
/// evaluated object members (by member position), for `unevaluatedItems`/`unevaluatedProperties`.
struct EvaluatedIndices {
    private var low: UInt64 = 0
    /// Words for the indices 64 and up; nil until one is inserted (most sets never need it, and
    /// an absent array costs nothing to create or destroy, where even an empty one is a call
    /// each way on every node evaluation).
    private var high: [UInt64]?
    /// When set, every index counts as evaluated.
    private(set) var all = false

    @inline(__always) mutating func insert(_ i: Int) {
        if i < 64 {
            low |= 1 << UInt64(i)
            return
        }
        insertHigh(i)
    }

    /// ``insert(_:)`` of an index of 64 or more. Kept out of line: where `high` is mutated in a
    /// caller's loop, the optimizer hoists the array's uniqueness check (and so a copy of the
    /// shared empty array) before the loop, paid on every evaluation though `high` is never used.
    @inline(never) private mutating func insertHigh(_ i: Int) {
        let w = i / 64 - 1
        var words = high ?? []
        high = nil
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w - words.count + 1)) }
        words[w] |= 1 << UInt64(i % 64)
        high = words
    }

    mutating func insertAll() { all = true }

    mutating func insert(range: Range<Int>) {
        for i in range { insert(i) }
    }

    @inline(__always) func contains(_ i: Int) -> Bool {
        if all { return true }
        if i < 64 { return low & (1 << UInt64(i)) != 0 }
        return containsHigh(i)
    }

    private func containsHigh(_ i: Int) -> Bool {
        guard let high else { return false }
        let w = i / 64 - 1
        return w < high.count && high[w] & (1 << UInt64(i % 64)) != 0
    }

    @inline(__always) mutating func formUnion(_ other: EvaluatedIndices) {
        if other.all { all = true }
        low |= other.low
        // Indices of 64 and more are rare: `high` is touched only when `other` has some.
        if let otherHigh = other.high { formHighUnion(otherHigh) }
    }

    @inline(never) private mutating func formHighUnion(_ other: [UInt64]) {
        var words = high ?? []
        high = nil
        if other.count > words.count { words.append(contentsOf: repeatElement(0, count: other.count - words.count)) }
        for k in other.indices { words[k] |= other[k] }
        high = words
    }
}

/// Annotations a subschema produced for the current instance that later keywords need.
struct Annotations {
    /// Evaluated object members, by member position in the instance object.
    var properties = EvaluatedIndices()
    /// Evaluated array items, by index.
    var items = EvaluatedIndices()
    /// Members and items that a subschema examined even though it failed (error collection only):
    /// used to keep `unevaluated*` from adding misleading errors next to the real ones.
    var attemptedProperties = EvaluatedIndices()
    var attemptedItems = EvaluatedIndices()

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        items.formUnion(other.items)
        attemptedProperties.formUnion(other.attemptedProperties)
        attemptedItems.formUnion(other.attemptedItems)
    }

    /// Records what a failed subschema examined.
    mutating func mergeAttempted(_ other: Annotations) {
        attemptedProperties.formUnion(other.properties)
        attemptedProperties.formUnion(other.attemptedProperties)
        attemptedItems.formUnion(other.items)
        attemptedItems.formUnion(other.attemptedItems)
    }
}
