extension Duration {
    /// The duration in timetoken units (100 ns), rounded toward zero; a duration beyond
    /// `Int64`'s range of units is clamped to it.
    var timetokenTicks: Int64 {
        let (seconds, attoseconds) = components
        let (ticks, overflow) = seconds.multipliedReportingOverflow(by: 10_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowSum) = ticks.addingReportingOverflow(attoseconds / 100_000_000_000)
        if overflowSum { return ticks < 0 ? .min : .max }
        return total
    }
}

extension Int64 {
    /// `self + ticks`, clamped to `Int64`'s range.
    func addingClamped(_ ticks: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(ticks)
        return overflow ? (ticks < 0 ? .min : .max) : sum
    }
}
