/// What a command plugs into the one run loop (``RunLoop``): how its payloads are judged
/// (``checker``, on the checking threads) and what is done, on the calling thread and in input
/// order, with each judged one: reported and passed through (`validate`), written as a row once
/// its batch commits (`store import`), or transformed and printed (`normalize`, `convert`).
package protocol RunPlan: AnyObject {
    /// What judges each payload (``ParallelRunner`` runs it on `--jobs` threads).
    associatedtype Checker: PayloadChunkChecker

    /// The judge; ``PayloadChunkChecker/independentCopy()`` gives each worker thread its own.
    var checker: Checker { get }

    /// Reads input `index` and queues its payloads on `runner`, in order. `idle`, when the
    /// loop was given one, runs when a piped input has nothing new to read yet.
    func feed(_ input: InputFile, index: Int, into runner: ParallelRunner<Checker>, idle: (() -> Void)?)

    /// Takes `outputs[range]`: judged payloads, in input order.
    func deliver(_ outputs: [Checker.Output], _ range: Range<Int>)

    /// Input `index` is done: each of its payloads was delivered.
    func inputDone(_ index: Int)

    /// Every input was read and every payload delivered (before the progress line goes).
    func drained()
}

extension RunPlan {
    package func drained() {}
}
