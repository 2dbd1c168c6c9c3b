import GRDB

/// An async sequence of values read from the store: the current value first, then a new value
/// after each committed transaction that changed it (equal consecutive values are skipped).
/// Errors are ``ChatStoreError``s. Iterate it from one task; cancelling the task ends it.
public struct ChatStoreObservation<Element: Sendable & Equatable>: AsyncSequence, Sendable {
    /// The GRDB observation.
    let values: AsyncValueObservation<Element>
    /// The store's path, for errors.
    let path: String

    /// Makes an iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: values.makeAsyncIterator(), path: path)
    }

    /// The iterator.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncValueObservation<Element>.Iterator
        let path: String

        /// The next value; nil when the iteration was cancelled.
        public mutating func next() async throws -> Element? {
            do { return try await base.next() } catch {
                throw ChatStore.storeError(error, path: path)
            }
        }
    }
}
