import GRDB

/// The versioned schema of the store (GRDB `DatabaseMigrator`).
///
/// Tables use an integer rowid (`pk`) with a unique index on the text `id`, so rows are appended
/// in rowid order and the id index stays small; timestamps are two exact integers (seconds and
/// nanoseconds); custom and content data are canonical JSON bytes. All tables are `STRICT`.
enum Migrations {
    /// The identifiers this version knows, oldest first. A file with any other identifier was
    /// written by a newer version.
    static var identifiers: [String] { migrator.migrations }

    /// The migrator with every migration of this version.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            for statement in v1 { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v2") { db in
            for statement in v2 { try db.execute(sql: statement) }
        }
        return migrator
    }()

    /// Version 1: users, channels, members, messages, message actions, the outgoing queue.
    static let v1: [String] = [
        """
        CREATE TABLE users (
            pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT, type TEXT NOT NULL, status TEXT,
            externalId TEXT, avatarURL TEXT, email TEXT, custom BLOB, updatedSeconds INTEGER, updatedNanos INTEGER, eTag TEXT
        ) STRICT
        """,
        """
        CREATE TABLE channels (
            pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT, type TEXT NOT NULL, status TEXT, details TEXT,
            avatarURL TEXT, custom BLOB, updatedSeconds INTEGER, updatedNanos INTEGER, eTag TEXT
        ) STRICT
        """,
        """
        CREATE TABLE members (
            pk INTEGER PRIMARY KEY,
            channelId TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
            userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            status TEXT, custom BLOB, updatedSeconds INTEGER, updatedNanos INTEGER, eTag TEXT,
            isPresent INTEGER, presenceState BLOB,
            UNIQUE (channelId, userId)
        ) STRICT
        """,
        "CREATE INDEX members_by_user ON members(userId)",
        """
        CREATE TABLE messages (
            pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, timetoken INTEGER NOT NULL,
            createdSeconds INTEGER NOT NULL, createdNanos INTEGER NOT NULL, text TEXT NOT NULL, contentType TEXT,
            content BLOB, custom BLOB,
            userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            channelId TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
            status INTEGER NOT NULL
        ) STRICT
        """,
        "CREATE INDEX messages_by_channel_time ON messages(channelId, timetoken)",
        "CREATE INDEX messages_by_user_time ON messages(userId, timetoken)",
        """
        CREATE TABLE message_actions (
            pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, published INTEGER NOT NULL, channelId TEXT NOT NULL,
            sourceType TEXT NOT NULL, value TEXT NOT NULL, parentTimetoken INTEGER NOT NULL,
            parentId TEXT, userId TEXT NOT NULL
        ) STRICT
        """,
        "CREATE INDEX message_actions_by_parent ON message_actions(parentId)",
        "CREATE INDEX message_actions_by_channel_parent_time ON message_actions(channelId, parentTimetoken)",
        "CREATE INDEX message_actions_by_user ON message_actions(userId)",
        // Actions are not foreign keys (a reaction may arrive before its message); these triggers
        // give them the cascades: a message's, a channel's and an author's actions go with them.
        """
        CREATE TRIGGER messages_delete_actions AFTER DELETE ON messages BEGIN
            DELETE FROM message_actions WHERE parentId = OLD.id
                OR (parentId IS NULL AND channelId = OLD.channelId AND parentTimetoken = OLD.timetoken AND OLD.timetoken != 0);
        END
        """,
        """
        CREATE TRIGGER channels_delete_actions AFTER DELETE ON channels BEGIN
            DELETE FROM message_actions WHERE channelId = OLD.id;
        END
        """,
        """
        CREATE TRIGGER users_delete_actions AFTER DELETE ON users BEGIN
            DELETE FROM message_actions WHERE userId = OLD.id;
        END
        """,
        """
        CREATE TABLE outgoing_actions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, channelId TEXT NOT NULL, messageId TEXT,
            payload BLOB, enqueuedAt INTEGER NOT NULL, notBefore INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0, lastError TEXT
        ) STRICT
        """,
        "CREATE INDEX outgoing_actions_due ON outgoing_actions(notBefore, seq)",
    ]

    /// Version 2: indexes for message queries that name no channel and no user (`store query
    /// messages` without `--channel`): by timetoken and by creation date, so the newest or oldest
    /// messages are read in index order instead of sorting the whole table. A version 1 store
    /// gains them at its next writable open; read-only opens read a version 1 store as it is.
    static let v2: [String] = [
        "CREATE INDEX messages_by_time ON messages(timetoken)",
        "CREATE INDEX messages_by_created ON messages(createdSeconds, createdNanos)",
    ]
}
