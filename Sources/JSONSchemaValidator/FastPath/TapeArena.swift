/// Owns the memory of one ``TapePlan``: plain (trivially copyable) values in buffers that live
/// as long as the plan, so the fast path reads its plan without reference counting.
final class TapeArena: @unchecked Sendable {
    private var blocks: [UnsafeMutableRawPointer] = []

    /// A buffer holding a copy of `values`, which must be a trivial type (no references).
    func copy<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        if let base = buffer.baseAddress { blocks.append(UnsafeMutableRawPointer(base)) }
        return UnsafeBufferPointer(rebasing: buffer[0..<values.count])
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
