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
    ///
    /// A read-only store whose file or folder cannot be written (no write permission bits, or
    /// `access(2)` says so: a read-only mount, a shipped database) is opened as ``immutable``,
    /// unless its folder can be written and a non-empty `-wal` beside it holds transactions the
    /// file does not have yet (then it is opened read-only as usual, to read them).
    public var readOnly: Bool
    /// Open the file read-only as SQLite's `immutable=1`: no locks, and no `-wal` or `-shm` file
    /// is created or read, so nothing is left beside the file. The caveat: a process writing the
    /// file meanwhile is not seen (and its uncheckpointed `-wal` content neither); use it for a
    /// file nobody writes. Implies ``readOnly``. Where the SQLite library was built without URI
    /// filenames, the file is opened read-only as usual.
    public var immutable: Bool
    /// The `synchronous` setting (default ``Synchronous/full``).
    public var synchronous: Synchronous
    /// Rows per transaction of the batched writes (default 256, as the PubNub data provider's `load`).
    public var batchSize: Int
    /// How long a queued outgoing action stays in the queue: an action enqueued longer ago than
    /// this is dropped at the next ``ChatStore/nextQueuedAction(now:)`` (reported in
    /// ``QueueTake/expired``). Default 12 hours, as Stream's `queuedActionsMaxHoursThreshold`.
    /// See <doc:OutgoingMessages>.
    public var queuedActionExpiry: Duration
    /// Whether dropping an expired ``OutgoingActionKind/sendMessage`` action also marks its
    /// message ``MessageStatus/failed`` (when the message is stored and still
    /// ``MessageStatus/sending``), so the UI can offer a retry; default false (the message is
    /// left `sending`). The ids are reported in ``QueueTake/failedMessageIds``.
    public var marksExpiredMessagesFailed: Bool
    /// Most concurrent read connections (default 5).
    public var maximumReaderCount: Int

    /// Makes options; every argument has the default described on its property.
    public init(
        readOnly: Bool = false, synchronous: Synchronous = .full, batchSize: Int = 256,
        queuedActionExpiry: Duration = .seconds(12 * 3600), marksExpiredMessagesFailed: Bool = false,
        maximumReaderCount: Int = 5, immutable: Bool = false
    ) {
        self.readOnly = readOnly || immutable
        self.immutable = immutable
        self.synchronous = synchronous
        self.batchSize = batchSize
        self.queuedActionExpiry = queuedActionExpiry
        self.marksExpiredMessagesFailed = marksExpiredMessagesFailed
        self.maximumReaderCount = maximumReaderCount
    }
}
