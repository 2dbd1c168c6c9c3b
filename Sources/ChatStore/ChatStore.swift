@_exported import ChatPayloads
import Foundation
import GRDB

/// The local chat store: users, channels, memberships, messages, message actions and the
/// outgoing queue in one SQLite file (WAL mode, through a GRDB `DatabasePool`).
///
/// A `ChatStore` is a `Sendable` value, safe to use from many tasks at once: reads run
/// concurrently on a pool of connections, writes one at a time; each write call (or each batch of
/// a batched write) is one transaction. There is no global state: two stores on two files are
/// independent.
///
/// `import ChatStore` brings ChatPayloads with it (its models, records and custom-data protocols).
///
/// ```swift
/// let store = try await ChatStore.open(url: fileURL)   // migrations run off the caller's thread
/// let report = try await store.upsert(messages: page, force: true)
/// let latest = try await store.messages(channelId: "general", page: MessagePage(limit: 50), as: VoidCustomData.self)
/// ```
///
/// Durability: connections run with `synchronous = FULL` by default
/// (``ChatStoreOptions/Synchronous/full``), so a write call that returned has been synced to the
/// disk; a crash or kill mid-batch loses only the uncommitted batch.
public struct ChatStore: Sendable {
    /// The database file.
    public let path: String
    /// The options the store was opened with.
    public let options: ChatStoreOptions
    /// The connection pool.
    let pool: DatabasePool
    /// Whether the file was opened `immutable=1` (see ``ChatStoreOptions/immutable``): asked for,
    /// or a read-only store whose file or folder cannot be written. No `-wal` or `-shm` file is
    /// created, and a process writing the file meanwhile is not seen.
    public let isImmutable: Bool

    /// Opens (creating when missing, unless read-only) the store at `path`, migrates its schema
    /// and resets presence (every member's `isPresent` and `presenceState`; not in read-only mode).
    ///
    /// A writer waits for another process's write transaction to end (SQLite's busy timeout,
    /// 30 seconds) rather than failing at once. Read-only, an older schema is read as it is (it is
    /// migrated by the next writable open); a file or folder that cannot be written is opened
    /// immutable (``ChatStoreOptions/immutable``), leaving no file beside it.
    ///
    /// Throws a ``ChatStoreError`` naming `path` when the path is a directory, the file is not a
    /// database or is damaged, it was written by a newer version, or it cannot be opened.
    public init(path: String, options: ChatStoreOptions = ChatStoreOptions()) throws(ChatStoreError) {
        self.path = path
        self.options = options
        guard options.batchSize > 0 else {
            throw ChatStoreError(.invalidArgument, path: path, "the batch size must be at least 1, not \(options.batchSize)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ChatStoreError(.isDirectory, path: path, "is a directory, not a store file")
        }
        if options.readOnly, !FileManager.default.fileExists(atPath: path) {
            throw ChatStoreError(.cannotOpen, path: path, "no such file (a read-only store is not created)")
        }
        let readOnly = options.readOnly || options.immutable
        var openPath = path
        if readOnly, options.immutable || StoreFileAccess.readsImmutable(path: path), let uri = StoreFileAccess.immutableURI(path: path) {
            openPath = uri
            isImmutable = true
        } else {
            isImmutable = false
        }
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(30)
        configuration.maximumReaderCount = max(1, options.maximumReaderCount)
        configuration.label = "ChatStore"
        let synchronous = options.synchronous == .full ? "FULL" : "NORMAL"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        do {
            pool = try DatabasePool(path: openPath, configuration: configuration)
        } catch {
            throw ChatStore.storeError(error, path: path)
        }
        try prepareSchema()
    }

    /// Checks the schema version, migrates, and resets presence.
    private func prepareSchema() throws(ChatStoreError) {
        let migrator = Migrations.migrator
        do {
            let (superseded, completed) = try pool.read { db in
                (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded {
                throw StoreIssue(.newerSchema, "was written by a newer version of ChatStore (its schema has migrations this version does not know: \(Migrations.identifiers.joined(separator: ", ")) known)")
            }
            if options.readOnly || options.immutable {
                // An older schema is readable as it is (later migrations only add indexes).
                if !completed, try pool.read({ db in try migrator.appliedIdentifiers(db) }).isEmpty {
                    throw StoreIssue(.readOnly, "is not a ChatStore database (it has no schema), and a read-only store cannot be migrated")
                }
                return
            }
            // Another application's database is never migrated into a store.
            if !completed, try pool.read({ db in try migrator.appliedIdentifiers(db) }).isEmpty {
                let foreign = try pool.read { db in try ForeignDatabase.objects(db) }
                if !foreign.isEmpty { throw StoreIssue(.notAStore, ForeignDatabase.message(foreign)) }
            }
            try migrator.migrate(pool)
            try pool.write { db in
                try db.execute(sql: "UPDATE members SET isPresent = NULL, presenceState = NULL WHERE isPresent IS NOT NULL OR presenceState IS NOT NULL")
                // Indexes a killed bulk load deferred (StoreSchema/DeferredIndexes.swift).
                try DeferredIndexes.restore(db)
            }
        } catch {
            throw ChatStore.storeError(error, path: path)
        }
    }

    /// Runs SQLite's `PRAGMA integrity_check` and returns its lines (`["ok"]` for a sound file).
    public func integrityCheck() async throws(ChatStoreError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Throws ``ChatStoreError/Kind/corrupt`` unless `PRAGMA integrity_check` says `ok`.
    public func verifyIntegrity() async throws(ChatStoreError) {
        let lines = try await integrityCheck()
        guard lines == ["ok"] else {
            throw ChatStoreError(.corrupt, path: path, "failed the integrity check: \(lines.prefix(5).joined(separator: "; "))")
        }
    }

    /// Checkpoints the WAL into the main file (unless read-only) and closes the store's
    /// connections; later calls fail. Unless another process has the file open, it is then
    /// complete on its own (no `-wal` content).
    ///
    /// The checkpoint is best-effort: committed transactions are durable in the WAL already, so
    /// when another process holds the file (a second import, a reader) or the disk is full, the
    /// WAL is left for the next checkpoint (SQLite's, when the last connection closes) and
    /// `close` does not fail for it.
    public func close() throws(ChatStoreError) {
        do {
            if !options.readOnly, !options.immutable {
                try pool.writeWithoutTransaction { db in
                    // Wait briefly for other connections, not the 30 s a writer waits.
                    try db.execute(sql: "PRAGMA busy_timeout = \(ChatStore.closeCheckpointWaitMilliseconds)")
                    _ = try? db.checkpoint(.truncate)
                }
            }
            try pool.close()
        } catch {
            throw ChatStore.storeError(error, path: path)
        }
    }

    /// How long the checkpoint at ``close()`` waits for other connections, in milliseconds.
    static let closeCheckpointWaitMilliseconds = 1000

    // MARK: - Running database work

    /// Runs `body` on a reader connection.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ChatStoreError) -> T {
        do { return try await pool.read(body) } catch { throw ChatStore.storeError(error, path: path) }
    }

    /// Runs `body` on a reader connection, blocking the calling thread.
    func readBlocking<T>(_ body: (Database) throws -> T) throws(ChatStoreError) -> T {
        do { return try pool.read(body) } catch { throw ChatStore.storeError(error, path: path) }
    }

    /// Runs `body`, which must run exactly one statement, on a reader connection outside an
    /// explicit transaction (blocking): SQLite reads one statement from one snapshot, and the
    /// `BEGIN` / `COMMIT` pair a transaction costs is saved (the hot single-query reads).
    func readOneStatementBlocking<T>(_ body: (Database) throws -> T) throws(ChatStoreError) -> T {
        do { return try pool.unsafeRead(body) } catch { throw ChatStore.storeError(error, path: path) }
    }

    /// Runs `body` in one write transaction.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ChatStoreError) -> T {
        do { return try await pool.write(body) } catch { throw ChatStore.storeError(error, path: path) }
    }

    /// Runs `body` in one write transaction, blocking the calling thread.
    func writeBlocking<T>(_ body: (Database) throws -> T) throws(ChatStoreError) -> T {
        do { return try pool.write(body) } catch { throw ChatStore.storeError(error, path: path) }
    }

    /// The ``ChatStoreError`` for any error raised while working on the file at `path`.
    static func storeError(_ error: any Error, path: String) -> ChatStoreError {
        switch error {
        case let error as ChatStoreError:
            return error
        case let issue as StoreIssue:
            return ChatStoreError(issue.kind, path: path, issue.message)
        case let error as ChatEncodingError:
            return ChatStoreError(.encoding, path: path, "cannot encode a record: \(error)")
        case let error as ChatDecodingError:
            return ChatStoreError(.decoding, path: path, "cannot decode a stored row: \(error)")
        case let error as DatabaseError:
            let detail = error.message ?? "\(error.resultCode)"
            switch error.resultCode {
            case .SQLITE_NOTADB:
                return ChatStoreError(.notADatabase, path: path, "is not a database (\(detail))")
            case .SQLITE_CORRUPT:
                return ChatStoreError(.corrupt, path: path, "is damaged (\(detail))")
            case .SQLITE_READONLY:
                return ChatStoreError(.readOnly, path: path, "cannot be written: \(detail)")
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                return ChatStoreError(.cannotOpen, path: path, "cannot be opened: \(detail)")
            case .SQLITE_FULL:
                return ChatStoreError(.database, path: path, "cannot be written: the disk is full (\(detail))")
            case .SQLITE_IOERR:
                return ChatStoreError(.database, path: path, "input/output error: \(detail)")
            default:
                return ChatStoreError(.database, path: path, "database error: \(detail)")
            }
        default:
            return ChatStoreError(.database, path: path, "\(error)")
        }
    }
}
