/// What judges a chunk of payloads for the run loop (``RunLoop``), on a worker thread of
/// ``CheckingPool`` or, with one job, on the calling thread: `validate`'s ``PayloadChecker`` (a
/// result per payload), `store import`'s ``ImportChunkChecker`` (a result and the row to write)
/// or the transforms' ``TransformParser`` (the payload parsed under the profile's limits).
package protocol PayloadChunkChecker: Sendable {
    /// What one payload gives.
    associatedtype Output: Sendable
    /// The outputs of `items`, in their order.
    func check(_ items: [WorkItem]) -> [Output]
    /// The outputs of a block's lines, in their order (by default: its payloads, ``LineBlock/items``,
    /// checked by ``check(_:)``).
    func check(lines block: LineBlock) -> [Output]
    /// A copy sharing no validator objects with this one, for another thread.
    func independentCopy() -> Self
}

extension PayloadChunkChecker {
    package func check(lines block: LineBlock) -> [Output] { check(block.items) }
}
