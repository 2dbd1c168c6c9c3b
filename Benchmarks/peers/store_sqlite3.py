#!/usr/bin/env python3
"""Store peer: the common Python way to do `chatpayloads store import` and its queries.

`import`: jsonschema-rs validation (strict profile, formats asserted, every Schemas/ file in the
registry) plus the standard `sqlite3` module, into the same table layout as ChatStore: the
database starts as a copy of `--template` (an empty store that `chatpayloads store import --db T -` of no input
created, so tables, STRICT, indexes, triggers and WAL mode are ChatStore's own). Each line is read
as `store import --kind auto --force` reads it: a sent message `{timetoken, content, pubnubUserId,
pubnubChannelId}` (its `content` validated against the strict message schema, then one
`messages` row; its user and channel created as id-only rows when missing), else a user or
channel picked by the payload's shape (`common.detect`) and validated. Rows are written with
`INSERT ... ON CONFLICT DO NOTHING` in transactions of `--batch-size` rows under `PRAGMA
synchronous = --synchronous`. Prints one JSON object of counts.

`query`: on an existing store, times the three library queries of the micro-benchmark with the
same SQL (latest 50 messages of a channel, members of a channel with their user and channel,
unseen count) and prints p50 / p99 in microseconds as JSON.

  store_sqlite3.py import --template EMPTY.sqlite --db OUT.sqlite [--batch-size 256] [--synchronous full] FILE...
  store_sqlite3.py query --db STORE.sqlite [--rounds 2000]
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
MESSAGE_SQL = ("INSERT INTO messages (id, timetoken, createdSeconds, createdNanos, text, contentType, content, custom, "
               "userId, channelId, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING")
USER_SQL = ("INSERT INTO users (id, name, type, status, externalId, avatarURL, email, custom, updatedSeconds, updatedNanos, eTag) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING")
CHANNEL_SQL = ("INSERT INTO channels (id, name, type, status, details, avatarURL, custom, updatedSeconds, updatedNanos, eTag) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING")
ID_USER_SQL = "INSERT INTO users (id, type, custom) VALUES (?, 'default', X'7B7D') ON CONFLICT(id) DO NOTHING"
ID_CHANNEL_SQL = "INSERT INTO channels (id, type, custom) VALUES (?, 'default', X'7B7D') ON CONFLICT(id) DO NOTHING"


def timestamp(text):
    """(seconds, nanoseconds) of an RFC 3339 date-time (already validated)."""
    if text is None:
        return None, None
    d = datetime.datetime.fromisoformat(text) - EPOCH
    frac = text.split(".", 1)[1] if "." in text else ""
    digits = "".join(c for c in frac if c.isdigit()).ljust(9, "0")[:9]
    return d.days * 86400 + d.seconds, int(digits)


def do_import(args) -> None:
    import jsonschema_rs
    import orjson

    resources = common.load_resources()
    registry = jsonschema_rs.Registry(list(resources.items()))
    validators = {}

    def valid(name, value):
        v = validators.get(name)
        if v is None:
            uri = common.schema_uri(name, "strict")
            v = validators[name] = jsonschema_rs.validator_for(resources[uri], validate_formats=True, registry=registry).is_valid
        return v(value)

    def canonical(value):
        return None if value is None else orjson.dumps(value, option=orjson.OPT_SORT_KEYS)

    valid("message", {})  # compile up front, as the CLI does
    shutil.copyfile(args.template, args.db)
    db = sqlite3.connect(args.db, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA synchronous = {args.synchronous.upper()}")
    counts = {"payloads": 0, "valid": 0, "invalid": 0, "unreadable": 0, "inserted": 0, "unchanged": 0, "bytes": 0}
    pending = 0
    db.execute("BEGIN")
    for path in args.paths:
        with open(path, "rb") as f:
            for line in f:
                counts["bytes"] += len(line)
                if common.is_blank(line):
                    continue
                counts["payloads"] += 1
                try:
                    value = orjson.loads(line)
                except orjson.JSONDecodeError:
                    counts["unreadable"] += 1
                    continue
                if isinstance(value, dict) and "content" in value and "pubnubChannelId" in value:
                    content = value.get("content")
                    if not valid("message", content):
                        counts["invalid"] += 1
                        continue
                    seconds, nanos = timestamp(content["createdAt"])
                    user, channel = value["pubnubUserId"], value["pubnubChannelId"]
                    db.execute(ID_USER_SQL, (user,))
                    db.execute(ID_CHANNEL_SQL, (channel,))
                    tt = value["timetoken"]
                    cur = db.execute(MESSAGE_SQL, (content["id"], tt, seconds, nanos, content["text"], content.get("contentType"),
                                                   canonical(content.get("content")), canonical(content.get("custom")),
                                                   user, channel, 1 if tt else 0))
                else:
                    name = common.detect(value)
                    if name not in ("user", "channel") or not valid(name, value):
                        counts["invalid"] += 1
                        continue
                    seconds, nanos = timestamp(value.get("updated"))
                    if name == "user":
                        cur = db.execute(USER_SQL, (value["id"], value.get("name"), value.get("type", "default"), value.get("status"),
                                                    value.get("externalId"), value.get("profileUrl"), value.get("email"),
                                                    canonical(value.get("custom", {})), seconds, nanos, value.get("eTag")))
                    else:
                        cur = db.execute(CHANNEL_SQL, (value["id"], value.get("name"), value.get("type", "default"), value.get("status"),
                                                       value.get("description"), None, canonical(value.get("custom", {})),
                                                       seconds, nanos, value.get("eTag")))
                counts["valid"] += 1
                counts["inserted" if cur.rowcount > 0 else "unchanged"] += 1
                pending += 1
                if pending >= args.batch_size:
                    db.execute("COMMIT")
                    db.execute("BEGIN")
                    pending = 0
    db.execute("COMMIT")
    db.close()
    json.dump(counts, sys.stdout)
    sys.stdout.write("\n")


# The statements ChatStore runs (MessageRow.columns, StoreReader.members, unseenCountBlocking).
LATEST_SQL = ("SELECT CAST(id AS BLOB), timetoken, createdSeconds, createdNanos, CAST(text AS BLOB), CAST(contentType AS BLOB), "
              "content, custom, CAST(userId AS BLOB), CAST(channelId AS BLOB), status FROM messages "
              "WHERE channelId = CAST(? AS TEXT) ORDER BY timetoken DESC, pk DESC LIMIT 50")
MEMBERS_SQL = ("SELECT members.*, users.*, channels.* FROM members JOIN users ON users.id = members.userId "
               "JOIN channels ON channels.id = members.channelId WHERE members.channelId = CAST(? AS TEXT) ORDER BY members.pk")
UNSEEN_SQL = ("SELECT COUNT(*) FROM messages WHERE channelId = CAST(? AS TEXT) AND status IN (1, 2) "
              "AND userId IS NOT CAST(? AS TEXT)")


def do_query(args) -> None:
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True, isolation_level=None)
    channels = [r[0] for r in db.execute("SELECT id FROM channels ORDER BY pk")]
    # Every user, in the order chatstore-microbench created them, so both sides ask the same
    # (channel, user) pairs: user k of call i is ((i % channels) * 37) % users, as there.
    users = [r[0] for r in db.execute("SELECT id FROM users ORDER BY pk")]
    if not channels or not users:
        raise SystemExit("store_sqlite3.py: the store has no channels or users")
    out = {}

    def rows(sql, params):
        # As an app does: rows into dicts (the library returns typed records).
        cur = db.execute(sql, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    cases = {
        "latest50": lambda i: rows(LATEST_SQL, (channels[i % len(channels)],)),
        "members": lambda i: rows(MEMBERS_SQL, (channels[i % len(channels)],)),
        "unseen": lambda i: db.execute(UNSEEN_SQL, (channels[i % len(channels)], users[(i % len(channels) * 37) % len(users)])).fetchone()[0],
    }
    for name, body in cases.items():
        for i in range(min(200, args.rounds)):  # warm up the page cache and statement cache
            body(i * 7919)
        samples = []
        checked = 0
        for i in range(args.rounds):
            t0 = time.perf_counter_ns()
            result = body(i * 7919)
            samples.append(time.perf_counter_ns() - t0)
            checked += result if isinstance(result, int) else len(result)
        samples.sort()
        out[name] = {"p50_us": samples[len(samples) // 2] / 1000, "p99_us": samples[min(len(samples) - 1, len(samples) * 99 // 100)] / 1000,
                     "rounds": args.rounds, "rows": checked}
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("--template", required=True, help="an empty store created by chatpayloads (copied to --db)")
    imp.add_argument("--db", required=True)
    imp.add_argument("--batch-size", type=int, default=256)
    imp.add_argument("--synchronous", choices=["full", "normal"], default="full")
    imp.add_argument("paths", nargs="+")
    q = sub.add_parser("query")
    q.add_argument("--db", required=True)
    q.add_argument("--rounds", type=int, default=2000)
    args = ap.parse_args()
    (do_import if args.command == "import" else do_query)(args)


if __name__ == "__main__":
    main()
