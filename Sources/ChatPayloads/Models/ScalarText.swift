import JSONCore

// Model equality compares strings by Unicode scalars, as JSON values do, so that equal models
// always have the same canonical bytes (Swift's `String ==` would equate "é" and "e\u{301}").

extension Optional where Wrapped == String {
    /// Scalar-exact equality of optional strings.
    func scalarsEqual(_ other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case (let a?, let b?): return a.scalarsEqual(b)
        default: return false
        }
    }
}

extension Hasher {
    /// Hashes a string by its scalars (consistent with `scalarsEqual`).
    mutating func combineScalars(_ string: String) {
        string.hashScalars(into: &self)
    }

    /// Hashes an optional string by its scalars.
    mutating func combineScalars(_ string: String?) {
        if let string {
            combine(1 as UInt8)
            string.hashScalars(into: &self)
        } else {
            combine(0 as UInt8)
        }
    }
}
