/// The sizes ``ParallelRunner`` works with.
enum ParallelLimits {
    /// The most payloads in one chunk.
    package static let maxChunkItems = 128
    /// A chunk is handed over once it holds this many bytes of payload.
    package static let maxChunkBytes = 1 << 20
    /// Chunks in flight per worker before the reader waits for the oldest.
    package static let chunksPerWorker = 4
    /// Payload bytes in flight before the reader waits for the oldest chunk.
    package static let maxBytesInFlight = 32 << 20
    /// The largest block of NDJSON lines handed over in one piece.
    package static let maxBlockBytes = 256 << 10
}
