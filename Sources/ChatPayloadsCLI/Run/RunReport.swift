/// The last steps of the run loop for the commands that report every payload (`validate`,
/// `store import`): the reporters, the counts they are given (``RunState``), the summary and
/// the exit status.
package final class RunReport {
    /// The run's inputs, by index.
    package let inputs: [InputFile]
    /// Every reporter, in the order they write.
    package let reporters: [any Reporter]
    /// The reporters that look at each result (``Reporter/recordsResults``), resolved once.
    package let recorders: [any Reporter]
    /// The counts and the exit status so far.
    package let state: RunState

    package init(inputs: [InputFile], reporters: [any Reporter], expectInvalid: Bool) {
        self.inputs = inputs
        self.reporters = reporters
        recorders = reporters.filter { $0.recordsResults }
        state = RunState(inputCount: inputs.count, expectInvalid: expectInvalid)
    }

    /// The exit status the payloads delivered so far call for.
    package var status: ExitStatus { state.status }

    /// Counts `result` and hands it to the reporters that record results.
    package func record(_ result: PayloadResult) {
        state.add(result)
        guard inputs.indices.contains(result.inputIndex) else { return }
        for r in recorders { r.record(result, input: inputs[result.inputIndex]) }
    }

    /// Input `index` is done: its counts join the summary and every reporter is told.
    package func inputDone(_ index: Int) {
        let stats = state.stats[index]
        state.summary.add(stats)
        for r in reporters { r.inputFinished(inputs[index], index: index, stats: stats) }
    }

    /// The run is over: the summary, with the run's `seconds` and the `status` it exits with,
    /// goes to every reporter.
    package func finish(seconds: Double, status: ExitStatus) {
        state.summary.seconds = seconds
        state.summary.status = status
        for r in reporters { r.finish(state.summary) }
    }
}
