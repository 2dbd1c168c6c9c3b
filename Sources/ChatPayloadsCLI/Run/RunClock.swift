/// The time a run takes, from when its loop starts (``RunLoop``) to when its summary is made.
package struct RunClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// A clock started now.
    package init() { start = clock.now }

    /// The seconds since the start.
    package var seconds: Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
