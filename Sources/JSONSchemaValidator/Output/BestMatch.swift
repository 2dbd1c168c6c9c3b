import JSONCore

/// Picks the one error a person should see first.
///
/// For an `anyOf`/`oneOf` failure it descends into the branch that came closest to matching:
/// a branch whose `type` matched beats one that failed on `type` at the same place; then the
/// branch with the fewest errors; then the one whose errors are deepest in the instance.
/// When every branch failed only on `type`, the applicator's own error is the clearest message.
public enum BestMatch {
    /// The best error among `errors`, or nil when there are none.
    public static func pick(_ errors: [ValidationError]) -> ValidationError? {
        guard let first = errors.first(where: { $0.keyword != .anyOf && $0.keyword != .oneOf }) ?? errors.first else { return nil }
        return descend(first)
    }

    static func descend(_ error: ValidationError) -> ValidationError {
        guard !error.causes.isEmpty else { return error }
        let branches = error.causes.filter { !$0.isEmpty }
        guard !branches.isEmpty else { return error }
        let typeOnly = branches.allSatisfy { branch in
            branch.allSatisfy { $0.keyword == .type && $0.instanceLocation == error.instanceLocation }
        }
        if typeOnly { return error }
        let best = branches.min { a, b in
            let ta = failedOnType(a, at: error.instanceLocation)
            let tb = failedOnType(b, at: error.instanceLocation)
            if ta != tb { return !ta }
            if a.count != b.count { return a.count < b.count }
            return depth(a) > depth(b)
        }
        guard let branch = best, let chosen = pick(branch) else { return error }
        return chosen
    }

    static func failedOnType(_ branch: [ValidationError], at location: JSONPointer) -> Bool {
        branch.contains { $0.instanceLocation == location && isValueKind($0.keyword) }
    }

    /// Whether `keyword` judges what kind or value the instance is (`type`, `const`, `enum`).
    static func isValueKind(_ keyword: SchemaKeyword?) -> Bool {
        switch keyword {
        case .type?, .const?, .enum?: return true
        default: return false
        }
    }

    static func depth(_ branch: [ValidationError]) -> Int {
        branch.map(\.instanceLocation.tokens.count).max() ?? 0
    }
}
