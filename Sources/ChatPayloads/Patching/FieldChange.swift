/// How a real-time changeset affects one field: absent (no change), explicit `null` (clear),
/// or a value (set).
public enum FieldChange<Value> {
    /// The key was absent: keep the current value.
    case unchanged
    /// The key was `null`: clear the field.
    case cleared
    /// The key had a value: set it.
    case set(Value)

    /// The value after applying this change to `current`.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: return current
        case .cleared: return nil
        case .set(let value): return value
        }
    }

    /// The new value, if this change sets one.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }

    /// Whether this change leaves the field as it is.
    public var isUnchanged: Bool {
        if case .unchanged = self { return true }
        return false
    }
}

extension FieldChange: Sendable where Value: Sendable {}
extension FieldChange: Equatable where Value: Equatable {}
extension FieldChange: Hashable where Value: Hashable {}
