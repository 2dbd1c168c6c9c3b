/// The one run loop of the commands that read payloads (`validate`, `store import`,
/// `normalize`, `convert`, `store apply`): the inputs (``RunInputs``, standard input when none
/// is named) are read in order, each payload judged by the plan's checker on `jobs` threads
/// (``ParallelRunner``: results in input order, memory bounded however long an input is), each
/// judged payload handed to the plan on the calling thread, then each input's end; the caller
/// gives the summary to its reporters (``RunReport``) and exits with the run's status.
///
/// What differs per command is its ``RunPlan``: how a payload is read and judged, and what is
/// done with it.
package enum RunLoop {
    /// Runs `plan` over `inputs`; returns the run's clock, started before the first input is
    /// read (its ``RunClock/seconds`` when the summary is made is the run's time).
    ///
    /// - Parameters:
    ///   - jobs: checking threads; 1 judges on the calling thread.
    ///   - progress: the progress line, finished when everything is delivered.
    ///   - flushingWhenIdle: when not nil, a piped input with nothing new to read yet first has
    ///     everything read so far judged and delivered, then these sinks flushed, so a filter's
    ///     consumer sees each payload in time; nil: payloads are delivered as chunks fill.
    package static func run<Plan: RunPlan>(
        _ plan: Plan, inputs: [InputFile], jobs: Int, progress: ProgressLine?, flushingWhenIdle: [OutputSink]?
    ) -> RunClock {
        let runner = ParallelRunner(
            checker: plan.checker, jobs: jobs, deliverSlice: { outputs, range in plan.deliver(outputs, range) },
            inputDone: { index in plan.inputDone(index) })
        let idle: (() -> Void)? = flushingWhenIdle.map { sinks in
            {
                runner.drain()
                for sink in sinks { sink.flush() }
            }
        }
        let clock = RunClock()
        for (index, input) in inputs.enumerated() {
            plan.feed(input, index: index, into: runner, idle: idle)
            runner.endInput(index)
        }
        runner.drain()
        plan.drained()
        progress?.finish()
        return clock
    }
}
