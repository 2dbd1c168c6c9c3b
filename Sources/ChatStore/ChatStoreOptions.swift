/// How a ``ChatStore`` opens its file.
public struct ChatStoreOptions: Sendable, Hashable {
    /// SQLite's `synchronous` setting for the store's connections.
    public enum Synchronous: String, Sendable, Hashable, CaseIterable {
        /// `FULL` (the default): every committed transaction is synced to the disk (fsync of the
        /// WAL) before the write call returns, so a returned write survives a crash, a kill and a
        /// power cut.
        case full
        /// `NORMAL`: in WAL mode a returned write survives a crash or kill of the process, but the
        /// last transactions may be lost on a power cut; fewer fsyncs (bulk imports).
        case normal
    }

    /// Open the file read-only (every write then fails with ``ChatStoreError/Kind/readOnly``).
    public var readOnly: Bool
    /// The `synchronous` setting (default ``Synchronous/full``).
    public var synchronous: Synchronous
    /// Rows per transaction of the batched writes (default 256, as the PubNub data provider's `load`).
    public var batchSize: Int
    /// Queued outgoing actions older than this many seconds are discarded (default 12 hours, as
    /// Stream's `queuedActionsMaxHoursThreshold`).
    public var queuedActionMaxAge: Int64
    /// Most concurrent read connections (default 5).
    public var maximumReaderCount: Int

    /// Makes options; every argument has the default described on its property.
    public init(
        readOnly: Bool = false, synchronous: Synchronous = .full, batchSize: Int = 256,
        queuedActionMaxAge: Int64 = 12 * 3600, maximumReaderCount: Int = 5
    ) {
        self.readOnly = readOnly
        self.synchronous = synchronous
        self.batchSize = batchSize
        self.queuedActionMaxAge = queuedActionMaxAge
        self.maximumReaderCount = maximumReaderCount
    }
}
