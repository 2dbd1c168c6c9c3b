#!/usr/bin/env python3
"""Deterministic, seeded generator of realistic chat payload corpora for the benchmarks.

Writes into ``--out`` (default ``Benchmarks/corpus``):

* ``messages.ndjson``      200,000 Message payloads, one per line (~133 MB at scale 1), every one
                           valid under the strict message profile (``Schemas/profiles/strict/message.json``:
                           formats asserted, closed object);
* ``messages-array.json``  the same 200,000 messages as one JSON array (one element per line);
* ``mixed.ndjson``         ~20,000 lines of users, channels and messages, ~10% of them invalid in
                           every way the benchmark checks (wrong types, missing required members,
                           bad dates, bad UUIDs, unknown properties under strict, non-objects,
                           malformed JSON, invalid UTF-8, blank lines);
* ``mixed.expected.json``  the expected verdict and kind of every line of ``mixed.ndjson``
                           (1-based line numbers) and their counts;
* ``small/``               1,000 small files, one pretty-printed message each;
* ``sent-messages.ndjson`` the 200,000 messages of ``messages.ndjson`` in the sent form ``chatpayloads store
                           import`` reads, ``{"timetoken","content","pubnubUserId","pubnubChannelId"}``, the
                           message line's bytes as ``content``, from 5,000 users in 1,000 channels (generator 2);
* ``sent-mixed.ndjson``    ``mixed.ndjson`` with every line that is a JSON object of a message wrapped the same
                           way (users, channels and every other line unchanged), so ``store import`` rejects
                           exactly the lines ``validate`` rejects in ``mixed.ndjson`` (generator 2);
* ``MANIFEST.json``        the generator version, seed, scale, and size + sha256 of every file.

Everything comes from ``random.Random(seed)`` streams and fixed lists, so the same seed, scale and
Python 3 give the same bytes on every run (check with ``sha256sum`` or ``--verify``).

Usage: ``python3 Benchmarks/generate_corpus.py [--scale 0.1] [--out DIR] [--seed N] [--verify]``.
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import tempfile

GENERATOR_VERSION = 2
DEFAULT_SEED = 20240305
FULL_MESSAGES = 200_000
FULL_MIXED = 20_000
FULL_SMALL = 1_000
SENT_USERS = 5_000
SENT_CHANNELS = 1_000

# ---------------------------------------------------------------------------------------------
# Vocabulary: unicode of every kind a chat carries.

LATIN_WORDS = (
    "the build is green again after the flaky test was fixed so we can ship tonight "
    "please review my pull request when you have a minute thanks a lot for the help "
    "meeting moved to three o'clock see the calendar invite and the agenda in the doc "
    "can someone restart the staging server it has been returning errors since lunch "
    "here is the screenshot from this morning with the crash log attached below "
    "lunch is on me today the new place around the corner serves great noodles "
    "did you see the release notes the migration guide covers every breaking change"
).split()
ACCENTED_WORDS = "café naïve façade jalapeño Zürich São Paulo señor Ærø Øresund Łódź Ðakovo İstanbul déjà vu crème brûlée".split()
CYRILLIC_WORDS = "привет как дела сегодня отличная погода встреча завтра утром спасибо".split()
GREEK_WORDS = "καλημέρα ευχαριστώ πολύ τα λέμε αύριο".split()
CJK_PHRASES = [
    "今日は会議があります", "ありがとうございます", "明日また話しましょう", "这个问题已经修复了",
    "我们今晚发布新版本", "请查看附件", "안녕하세요", "회의는 세 시에 시작합니다", "감사합니다",
    "東京タワー", "北京烤鸭很好吃", "漢字とカタカナとひらがな",
]
RTL_PHRASES = [
    "مرحبا بالعالم", "شكرا جزيلا", "الاجتماع غدا صباحا", "שלום עולם", "תודה רבה",
    "נתראה מחר", "سلام دوستان", "خوش آمدید",
]
INDIC_THAI = ["नमस्ते दुनिया", "धन्यवाद", "आज बैठक है", "สวัสดีครับ", "ขอบคุณมาก", "வணக்கம்", "ধন্যবাদ"]
# Decomposed forms: base letter + combining mark(s).
COMBINING = [
    "e\u0301t\u00e9", "A\u030angstro\u0308m", "n\u0303", "Zalgo\u0336\u0335 te\u0338xt",
    "cafe\u0301", "o\u0308\u0304", "\u0915\u094d\u0937", "Ha\u0301\u0300\u0302",
]
EMOJI = [
    "😀", "😂", "🥲", "😍", "🤔", "🙈", "🔥", "🎉", "🚀", "✅", "❌", "⚠️", "❤️", "👍", "👍🏽",
    "👋🏿", "🙏🏻", "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "🇧🇷", "🇺🇦", "🧑🏾‍🚀", "😲", "😢",
    "🍜", "☕", "📎", "🐛", "💯", "🤝", "🫡", "🥳",
]
ASCII_SPECIALS = ['"quoted"', "back\\slash", "tab\there", "line\nbreak", "C:\\path\\to\\file", "<b>bold</b>", "50% & more", "a/b/c"]

FIRST_NAMES = [
    "Ana", "Bruno", "Chloé", "Dmitri", "Émile", "Fatima", "Gustavo", "Hana", "Ingrid", "Jürgen",
    "Kenji", "Leïla", "Mateus", "Nadia", "Oğuz", "Priya", "Qiang", "Rosa", "Søren", "Tomás",
    "Uma", "Vera", "Wojciech", "Xiu", "Yara", "Zoë", "Андрей", "Мария", "さくら", "太郎", "王芳",
    "李伟", "지민", "민준", "محمد", "فاطمة", "דוד", "שרה", "अर्जुन", "สมชาย",
]
LAST_NAMES = [
    "Lima", "Silva", "Dubois", "Ivanov", "Müller", "Nakamura", "García", "Kowalski", "Øster",
    "O'Brien", "Nguyễn", "Đặng", "Иванова", "山田", "张", "김", "الحسن", "כהן", "शर्मा",
]
NAME_DECORATIONS = ["", "", "", "", " 🚀", " 🌸", " (she/her)", " ✈️", " 🇧🇷", "\u200d", " – PM"]
CHANNEL_WORDS = ["support", "general", "random", "design", "release", "oncall", "サポート", "设计", "общий", "מוצר", "تصميم", "🎉party", "ops-eu", "team-β"]
DOMAINS = ["example.org", "example.com", "chat.example.net", "mail.example.io"]
CDN = ["https://cdn.example.org", "https://images.example.com", "https://files.example.net/v2"]

OFFSETS = ["+00:00", "+01:00", "+02:00", "-03:00", "-05:00", "+05:30", "+05:45", "+09:00", "-08:00", "+12:45"]


class Gen:
    """All value generators, drawing from one seeded stream."""

    def __init__(self, rng: random.Random):
        self.r = rng

    # -- primitives -----------------------------------------------------------------------
    def uuid4(self, case: str | None = None) -> str:
        n = self.r.getrandbits(128)
        n = (n & ~(0xF000 << 64)) | (4 << 76)          # version 4
        n = (n & ~(0xC000 << 48)) | (0x8000 << 48)     # RFC 4122 variant
        h = "%032x" % n
        s = f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"
        if case is None:
            case = "upper" if self.r.random() < 0.5 else "lower"   # iOS uppercase, JS lowercase
        return s.upper() if case == "upper" else s

    def timetoken(self) -> int:
        # 100-ns units since 1970, 2021..2026: always 17 digits.
        return self.r.randrange(16_094_592_000_000_000, 17_982_720_000_000_000)

    def date_time(self) -> str:
        r = self.r
        year = r.randrange(2019, 2027)
        month = r.randrange(1, 13)
        mdays = [31, 29 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 28,
                 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        day = r.randrange(1, mdays + 1)
        hh, mm, ss = r.randrange(24), r.randrange(60), r.randrange(60)
        s = f"{year:04d}-{month:02d}-{day:02d}T{hh:02d}:{mm:02d}:{ss:02d}"
        x = r.random()
        if x < 0.55:
            s += f".{r.randrange(1000):03d}"          # iOS / Android: exactly 3 digits
        elif x < 0.80:
            s += f".{r.randrange(1_000_000):06d}"     # the docs' examples: 6 digits
        # else: no fraction
        s += "Z" if r.random() < 0.75 else r.choice(OFFSETS)
        return s

    def word(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.62:
            return r.choice(LATIN_WORDS)
        if x < 0.68:
            return r.choice(ACCENTED_WORDS)
        if x < 0.72:
            return r.choice(CYRILLIC_WORDS)
        if x < 0.74:
            return r.choice(GREEK_WORDS)
        if x < 0.80:
            return r.choice(CJK_PHRASES)
        if x < 0.85:
            return r.choice(RTL_PHRASES)
        if x < 0.88:
            return r.choice(INDIC_THAI)
        if x < 0.90:
            return r.choice(COMBINING)
        if x < 0.98:
            return r.choice(EMOJI)
        return r.choice(ASCII_SPECIALS)

    def text(self, mean_words: float) -> str:
        n = max(1, int(self.r.expovariate(1.0 / mean_words)) + 1)
        n = min(n, int(mean_words * 8))
        return " ".join(self.word() for _ in range(n))

    def person_name(self) -> str:
        r = self.r
        return f"{r.choice(FIRST_NAMES)} {r.choice(LAST_NAMES)}{r.choice(NAME_DECORATIONS)}"

    def slug(self) -> str:
        return "".join(self.r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(self.r.randrange(6, 14)))

    def user_id(self) -> str:
        return self.r.choice(["user-", "u_", "", "member-"]) + self.slug()

    def channel_id(self) -> str:
        return self.r.choice(["channel-", "ch.", "group-", "direct."]) + self.slug()

    def etag(self) -> str:
        return "".join(self.r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(self.r.randrange(12, 17)))

    def url(self, ext: str = "png") -> str:
        return f"{self.r.choice(CDN)}/uploads/{self.slug()}/{self.slug()}.{ext}"

    # -- entities ------------------------------------------------------------------------------
    def message(self, text_words: float) -> dict:
        r = self.r
        m: dict = {"id": self.uuid4(), "text": self.text(text_words)}
        kind = r.random()
        if kind < 0.30:
            m["contentType"] = "imageUrl"
            m["content"] = {"imageUrl": self.url(), "thumbnail": {"url": self.url("webp"), "width": r.randrange(64, 512), "height": r.randrange(64, 512)},
                            "alt": self.text(4)}
        elif kind < 0.45:
            m["contentType"] = "externalUrl"
            m["content"] = {"externalUrl": f"https://www.example.com/articles/{self.slug()}",
                            "preview": {"title": self.text(6), "description": self.text(12), "image": self.url("jpg")}}
        elif kind < 0.55:
            m["contentType"] = "file"
            m["content"] = {"file": {"id": self.uuid4("lower"), "name": f"{self.word()}-{self.slug()}.pdf", "size": r.randrange(1_000, 50_000_000),
                                     "mimeType": "application/pdf"}}
        elif kind < 0.60:
            m["contentType"] = "poll"
            m["content"] = {"poll": {"question": self.text(8) + "?", "multiple": r.random() < 0.3,
                                     "options": [{"id": i, "text": self.text(3), "votes": [self.user_id() for _ in range(r.randrange(0, 4))]}
                                                 for i in range(r.randrange(2, 5))]}}
        elif kind < 0.70:
            m["content"] = {}
        # else: plain text, no content
        custom: dict = {"timetoken": self.timetoken()}
        if r.random() < 0.4:
            custom["thread"] = {"root": self.uuid4("lower"), "rootTimetoken": self.timetoken(), "replyCount": r.randrange(0, 40)}
        if r.random() < 0.3:
            custom["mentions"] = [{"id": self.user_id(), "name": self.person_name(), "range": [r.randrange(0, 50), r.randrange(50, 120)]}
                                  for _ in range(r.randrange(1, 4))]
        if r.random() < 0.25:
            custom["reactions"] = {r.choice(EMOJI): [{"uuid": self.user_id(), "actionTimetoken": self.timetoken()}
                                                     for _ in range(r.randrange(1, 3))] for _ in range(r.randrange(1, 3))}
        if r.random() < 0.15:
            custom["edited"] = {"at": self.date_time(), "by": self.user_id()}
        if r.random() < 0.1:
            custom["nested"] = {"a": {"b": {"c": {"d": [1, 2.5, -3e-7, True, False, None, "deep 🌊"]}}}}
        if r.random() < 0.85:
            m["custom"] = custom
        m["createdAt"] = self.date_time()
        if r.random() < 0.5:   # key order varies across SDKs
            keys = list(m)
            r.shuffle(keys)
            m = {k: m[k] for k in keys}
        return m

    def user(self) -> dict:
        r = self.r
        name = self.person_name()
        u: dict = {"id": self.user_id(), "name": name}
        local = self.slug()
        u["email"] = f"{local}@{r.choice(DOMAINS)}"
        if r.random() < 0.5:
            u["externalId"] = f"crm-{r.randrange(100000):05d}"
        u["profileUrl"] = f"https://cdn.example.org/avatars/{self.slug()}.png"
        u["type"] = r.choice(["default", "default", "admin", "moderator"])
        if r.random() < 0.7:
            u["status"] = r.choice(["default", "deleted"])
        if r.random() < 0.6:
            u["custom"] = {"description": self.text(5), "score": r.randrange(1000), "verified": r.random() < 0.5, "ratio": round(r.random(), 3)}
        u["eTag"] = self.etag()
        u["updated"] = self.date_time()
        return u

    def channel(self) -> dict:
        r = self.r
        c: dict = {"id": self.channel_id(), "name": f"{r.choice(CHANNEL_WORDS)} {self.word()}",
                   "description": self.text(10), "type": r.choice(["default", "group", "direct"])}
        if r.random() < 0.7:
            c["status"] = r.choice(["default", "deleted"])
        custom = {"profileUrl": f"https://cdn.example.org/channels/{self.slug()}.png"}
        if r.random() < 0.5:
            custom["topic"] = self.text(4)
            custom["archived"] = r.random() < 0.2
            custom["memberLimit"] = r.randrange(2, 5000)
        c["custom"] = custom
        c["eTag"] = self.etag()
        c["updated"] = self.date_time()
        return c


def dumps(obj, rng: random.Random | None = None, escape_fraction: float = 0.0) -> str:
    """Compact JSON; a fraction of lines use \\uXXXX escapes for non-ASCII, as some SDKs send."""
    ascii_ = rng is not None and rng.random() < escape_fraction
    return json.dumps(obj, ensure_ascii=ascii_, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# Mixed file: valid and invalid lines of every kind.

INVALID_KINDS = [
    # kind, weight, expected verdict
    ("wrong-type", 3, "invalid"),
    ("missing-required", 3, "invalid"),
    ("bad-date", 2, "invalid"),
    ("bad-uuid", 1, "invalid"),
    ("unknown-property", 2, "invalid"),
    ("nested-custom", 1, "invalid"),
    ("not-an-object", 1, "invalid"),
    ("malformed-json", 2, "unreadable"),
    ("invalid-utf8", 1, "unreadable"),
    ("empty-line", 1, "skipped"),
]

BAD_DATES = [
    "not-a-date", "2024-13-05T10:00:00Z", "2023-02-29T10:00:00Z", "2024-04-31T10:00:00.000Z",
    "2024-03-05T25:00:00Z", "2024-03-05T14:60:00Z", "2024-03-05T14:52:10", "2024-03-05",
    "05/03/2024 14:52", "2024-03-05T14:52:10.123+0530", "", "yesterday", "2024-3-5T1:2:3Z",
]
BAD_UUIDS = [
    "not-a-uuid", "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1", "3f2b8c1e-9a4d-4e7b-8c2a-5d6e7f809a1bb",
    "3g2b8c1e-9a4d-4e7b-8c2a-5d6e7f809a1b", "msg-1709650330", "", "3F2B8C1E_9A4D_4E7B_8C2A_5D6E7F809A1B",
    "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
]
MALFORMED = [
    lambda s: s[:-1],                                   # truncated: missing the closing brace
    lambda s: s[: max(1, len(s) // 2)],                 # cut in half
    lambda s: s[:-1] + ",}",                            # trailing comma
    lambda s: s.replace('"', "'", 4),                   # single quotes
    lambda s: s + "}",                                  # trailing garbage
    lambda s: "{" + s,                                  # stray opening brace
    lambda s: s.replace(":", " ", 1),                   # missing colon
    lambda s: s[:-1] + ',"x":undefined}',               # not a JSON literal
    lambda s: s[:-1] + ',"n":01}',                      # leading zero
    lambda s: s[:-1] + ',"c":"tab\tinside"}',           # raw control character in a string
    lambda s: s[:-1] + '/* comment */}',                # comment
]


def make_invalid(g: Gen, entity: str, kind: str) -> tuple[bytes, str]:
    """Returns the line bytes (without newline) and a short note."""
    r = g.r
    base = {"message": lambda: g.message(9), "user": g.user, "channel": g.channel}[entity]()
    if kind == "wrong-type":
        choices = {
            "message": [("text", 42), ("id", None), ("content", "imageUrl"), ("custom", []), ("createdAt", 1709650330), ("contentType", False)],
            "user": [("name", 123), ("email", ["a@example.org"]), ("type", None), ("custom", "vip"), ("eTag", 7), ("id", 99)],
            "channel": [("type", 7), ("name", {"en": "Support"}), ("custom", [1, 2]), ("updated", 1709650330), ("status", True)],
        }[entity]
        key, value = r.choice(choices)
        base[key] = value
        return dumps(base).encode(), f"{key}={json.dumps(value)}"
    if kind == "missing-required":
        key = r.choice({"message": ["id", "text", "createdAt"], "user": ["id", "type"], "channel": ["id", "type"]}[entity])
        del base[key]
        return dumps(base).encode(), f"no {key}"
    if kind == "bad-date":
        key = "createdAt" if entity == "message" else "updated"
        base[key] = r.choice(BAD_DATES)
        return dumps(base).encode(), f"{key}={base[key]!r}"
    if kind == "bad-uuid":
        base = g.message(9)
        base["id"] = r.choice(BAD_UUIDS)
        return dumps(base).encode(), f"id={base['id']!r}"
    if kind == "unknown-property":
        key, value = r.choice({
            "message": [("type", "text"), ("timetoken", g.timetoken()), ("file", {"id": "f1", "name": "a.png"}), ("userId", g.user_id())],
            "user": [("avatar", "https://cdn.example.org/a.png"), ("isPresent", True), ("presenceState", {}), ("profileURL", "https://x.example/a.png")],
            "channel": [("members", []), ("memberCount", 4), ("avatarURL", "https://cdn.example.org/c.png"), ("details", "x")],
        }[entity])
        base[key] = value
        return dumps(base).encode(), f"+{key}"
    if kind == "nested-custom":
        if entity == "message":        # message custom may nest: make a user instead
            base = g.user()
        base.setdefault("custom", {})
        base["custom"][r.choice(["prefs", "tags", "meta"])] = r.choice([{"theme": "dark"}, ["a", "b"], None])
        return dumps(base).encode(), "custom value not flat"
    if kind == "not-an-object":
        value = r.choice(["typing_on", "typing_off", [base], 42, None, True, [], "hello"])
        return json.dumps(value, separators=(",", ":")).encode(), "top level " + type(value).__name__
    if kind == "malformed-json":
        s = dumps(base)
        return r.choice(MALFORMED)(s).encode(), "malformed"
    if kind == "invalid-utf8":
        s = dumps(base).encode()
        bad = r.choice([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80", b"\xc0\xaf"])
        # Put the bad bytes inside a string value (the text / name), so only UTF-8 decoding can catch it.
        marker = b'"id":"'
        i = s.find(marker)
        i = i + len(marker) if i >= 0 else 2
        return s[:i] + bad + s[i:], "invalid utf-8 " + bad.hex()
    if kind == "empty-line":
        return r.choice([b"", b"   ", b"\t", b" \t "]), "blank"
    raise ValueError(kind)


def generate_mixed(rng: random.Random, count: int):
    g = Gen(rng)
    kinds = [k for k, w, _ in INVALID_KINDS for _ in range(w)]
    verdict_of = {k: v for k, _, v in INVALID_KINDS}
    lines: list[bytes] = []
    expected: list[dict] = []
    for i in range(count):
        entity = rng.choice(["message", "message", "user", "channel"])
        if rng.random() < 0.10:
            kind = rng.choice(kinds)
            if kind == "bad-uuid":
                entity = "message"
            if kind == "nested-custom" and entity == "message":
                entity = "user"
            line, note = make_invalid(g, entity, kind)
            verdict = verdict_of[kind]
        else:
            obj = {"message": lambda: g.message(9), "user": g.user, "channel": g.channel}[entity]()
            line, note, kind, verdict = dumps(obj, rng, 0.1).encode(), "", "valid", "valid"
        lines.append(line)
        expected.append({"line": i + 1, "entity": entity, "kind": kind, "expected": verdict, **({"note": note} if note else {})})
    return lines, expected


# ---------------------------------------------------------------------------------------------

class SentForm:
    """Wraps message lines in the sent form, from a fixed pool of user and channel ids."""

    def __init__(self, rng: random.Random):
        self.r = rng
        g = Gen(rng)
        self.users = [f"user-{i:05d}-{g.slug()}" for i in range(SENT_USERS)]
        self.channels = [f"channel-{i:04d}-{g.slug()}" for i in range(SENT_CHANNELS)]
        self.gen = g

    def wrap(self, line: bytes) -> bytes:
        """`line` (a message's JSON bytes, kept byte for byte) as the content of a sent message."""
        r = self.r
        head = '{"timetoken":%d,"content":' % self.gen.timetoken()
        tail = ',"pubnubUserId":%s,"pubnubChannelId":%s}' % (json.dumps(r.choice(self.users)), json.dumps(r.choice(self.channels)))
        return head.encode() + line + tail.encode()


def is_object(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line.decode("utf-8")), dict)
    except (ValueError, UnicodeDecodeError):
        return False


def sha256_of(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def generate(out: str, scale: float, seed: int) -> dict:
    n_messages = max(1, round(FULL_MESSAGES * scale))
    n_mixed = max(1, round(FULL_MIXED * scale))
    n_small = max(1, round(FULL_SMALL * scale))
    os.makedirs(out, exist_ok=True)

    # Independent streams, so changing one file's size does not change the others.
    msg_rng = random.Random(f"{seed}:messages")
    mixed_rng = random.Random(f"{seed}:mixed")
    small_rng = random.Random(f"{seed}:small")
    sent = SentForm(random.Random(f"{seed}:sent"))
    sent_mixed = SentForm(random.Random(f"{seed}:sent-mixed"))

    # 1. messages.ndjson + messages-array.json, written side by side (streamed, bounded memory).
    g = Gen(msg_rng)
    nd_path = os.path.join(out, "messages.ndjson")
    arr_path = os.path.join(out, "messages-array.json")
    sent_path = os.path.join(out, "sent-messages.ndjson")
    with open(nd_path + ".tmp", "wb") as nd, open(arr_path + ".tmp", "wb") as arr, open(sent_path + ".tmp", "wb") as sn:
        arr.write(b"[\n")
        for i in range(n_messages):
            line = dumps(g.message(TEXT_WORDS), msg_rng, 0.05).encode()
            nd.write(line + b"\n")
            sn.write(sent.wrap(line) + b"\n")
            arr.write(line + (b",\n" if i + 1 < n_messages else b"\n"))
        arr.write(b"]\n")
    os.replace(nd_path + ".tmp", nd_path)
    os.replace(arr_path + ".tmp", arr_path)
    os.replace(sent_path + ".tmp", sent_path)

    # 2. mixed.ndjson + mixed.expected.json
    lines, expected = generate_mixed(mixed_rng, n_mixed)
    with open(os.path.join(out, "mixed.ndjson"), "wb") as f:
        for line in lines:
            f.write(line + b"\n")
    with open(os.path.join(out, "sent-mixed.ndjson"), "wb") as f:
        for line, e in zip(lines, expected):
            wrap = e["entity"] == "message" and e["expected"] in ("valid", "invalid") and is_object(line)
            f.write((sent_mixed.wrap(line) if wrap else line) + b"\n")
    counts = {"valid": 0, "invalid": 0, "unreadable": 0, "skipped": 0}
    by_kind: dict[str, int] = {}
    for e in expected:
        counts[e["expected"]] += 1
        by_kind[e["kind"]] = by_kind.get(e["kind"], 0) + 1
    sidecar = {
        "file": "mixed.ndjson",
        "description": "Expected verdict of every line of mixed.ndjson under --profile strict with the schema picked by "
                       "the payload's shape (--schema auto). Verdicts: valid, invalid (a JSON value that fails its schema), "
                       "unreadable (not JSON or not UTF-8), skipped (blank line: not a payload).",
        "lines": len(expected),
        "counts": counts,
        "kinds": dict(sorted(by_kind.items())),
        "expected": expected,
    }
    with open(os.path.join(out, "mixed.expected.json"), "w", encoding="utf-8") as f:
        json.dump(sidecar, f, ensure_ascii=False, indent=None, separators=(",", ":"))
        f.write("\n")

    # 3. small/: one pretty-printed message per file.
    small_dir = os.path.join(out, "small")
    if os.path.isdir(small_dir):
        shutil.rmtree(small_dir)
    os.makedirs(small_dir)
    gs = Gen(small_rng)
    width = max(4, len(str(n_small - 1)))
    for i in range(n_small):
        with open(os.path.join(small_dir, f"message-{i:0{width}d}.json"), "w", encoding="utf-8") as f:
            json.dump(gs.message(12), f, ensure_ascii=False, indent=2)
            f.write("\n")

    # 4. manifest
    files = {}
    for name in ["messages.ndjson", "messages-array.json", "mixed.ndjson", "mixed.expected.json",
                 "sent-messages.ndjson", "sent-mixed.ndjson"]:
        p = os.path.join(out, name)
        files[name] = {"bytes": os.path.getsize(p), "sha256": sha256_of(p)}
    h = hashlib.sha256()
    total = 0
    for name in sorted(os.listdir(small_dir)):
        p = os.path.join(small_dir, name)
        with open(p, "rb") as f:
            data = f.read()
        total += len(data)
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    files["small/"] = {"files": n_small, "bytes": total, "sha256": h.hexdigest()}
    manifest = {
        "generator": GENERATOR_VERSION, "seed": seed, "scale": scale,
        "counts": {"messages": n_messages, "mixed_lines": n_mixed, "small_files": n_small, "mixed": counts},
        "files": files,
    }
    with open(os.path.join(out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    return manifest


# Mean words per message text, tuned so that messages.ndjson is 125-140 MB at scale 1.
TEXT_WORDS = 25


def main(argv=None) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full corpus (0.1 = quick corpus for smoke tests)")
    ap.add_argument("--out", default=os.path.join(here, "corpus"), help="output directory (default: Benchmarks/corpus)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    ap.add_argument("--verify", action="store_true", help="generate twice (the second time into a temporary directory) and compare hashes")
    args = ap.parse_args(argv)
    if not (0 < args.scale <= 10):
        ap.error("--scale must be in (0, 10]")

    manifest = generate(args.out, args.scale, args.seed)
    for name, info in manifest["files"].items():
        print(f"{name:22} {info['bytes']:>12,} bytes  sha256 {info['sha256']}")
    print(f"messages {manifest['counts']['messages']:,}; mixed lines {manifest['counts']['mixed_lines']:,} "
          f"{manifest['counts']['mixed']}; small files {manifest['counts']['small_files']:,}")
    if args.verify:
        with tempfile.TemporaryDirectory() as tmp:
            again = generate(tmp, args.scale, args.seed)
        if again["files"] != manifest["files"]:
            print("NOT DETERMINISTIC: the second run produced different bytes", file=sys.stderr)
            return 1
        print("verified: a second run produced identical bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
