"""Shared helpers of the peer drivers: the schema registry, the inputs and the verdict counts.

Registry rule (Tests/Vectors/README.md): every *.json under Schemas/ except Schemas/examples/ and
Schemas/config/ is a schema resource, registered under its absolute `$id`; nothing is fetched.

Input modes (every driver prints one JSON object of counts on stdout):
  ndjson  one payload per line; blank lines (spaces, tabs, CR only) are skipped, as `chatpayloads` does;
  array   one JSON array, each element a payload (the whole file is loaded: these peers cannot stream);
  files   each file one payload;
  mixed   like ndjson, but the schema is picked per line by the payload's shape, with the same rule
          as `chatpayloads validate --schema auto` (Sources/ChatPayloads/Validation/SchemaDetection.swift),
          under the strict profile.
Verdicts: valid, invalid (a JSON value failing its schema, or a shape no schema fits), unreadable
(invalid UTF-8 or not JSON).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMAS = os.path.join(ROOT, "Schemas")
SKIP_DIRS = {"examples", "config"}

STRICT = "https://chatpayloads.dev/profiles/strict/{}.json"
STANDARD = "https://chatpayloads.dev/schemas/{}.json"


def load_resources(schemas_dir: str = SCHEMAS) -> dict[str, dict]:
    """{$id: schema} of every schema file under Schemas/."""
    resources = {}
    for dirpath, dirnames, filenames in os.walk(schemas_dir):
        rel = os.path.relpath(dirpath, schemas_dir)
        if rel.split(os.sep)[0] in SKIP_DIRS:
            dirnames[:] = []
            continue
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(dirpath, name), "rb") as f:
                schema = json.load(f)
            sid = schema.get("$id")
            if not sid:
                raise SystemExit(f"{os.path.join(dirpath, name)} has no $id")
            resources[sid] = schema
    return resources


def schema_uri(name: str, profile: str = "strict") -> str:
    """`message` -> the strict message profile's $id; a full URI is kept."""
    if "://" in name:
        return name
    return (STRICT if profile == "strict" else STANDARD).format(name)


def detect(value) -> str | None:
    """The bundled schema name for `--schema auto` (first match wins), or None."""
    if not isinstance(value, dict):
        return None
    has = lambda *keys: any(k in value for k in keys)
    if has("uuid") and has("channel"):
        return "member"
    if has("sourceType", "actionTimetoken", "parentTimetoken"):
        return "message-action"
    if has("createdAt", "text", "contentType", "content"):
        return "message"
    if has("email", "externalId", "profileUrl"):
        return "user"
    if has("description"):
        return "channel"
    custom = value.get("custom")
    if isinstance(custom, dict) and "profileUrl" in custom:
        return "channel"
    t = value.get("type")
    if t in ("group", "direct"):
        return "channel"
    if t in ("admin", "moderator"):
        return "user"
    return None


def is_blank(line: bytes) -> bool:
    return not line.strip(b" \t\r\n")


def arguments(description: str):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--mode", choices=["ndjson", "array", "files", "mixed"], required=True)
    ap.add_argument("--schema", default="message", help="bundled schema name (strict profile) or $id; ignored by --mode mixed")
    ap.add_argument("--profile", default="strict", choices=["strict", "standard"])
    ap.add_argument("--errors", metavar="PATH",
                    help="collect every error of each invalid payload (iter_errors) and write each as one JSON line to PATH, "
                         "as a CI job that reports errors must (drivers that support it)")
    ap.add_argument("--verdicts", metavar="PATH", help="also write one line per payload: its line number (ndjson/mixed) or index, and verdict")
    ap.add_argument("paths", nargs="+", help="input files (a directory in files mode: its *.json files)")
    return ap.parse_args()


def file_list(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            out.extend(os.path.join(p, n) for n in sorted(os.listdir(p)) if n.endswith(".json"))
        else:
            out.append(p)
    return out


def run(args, parse, make_validator, unreadable_errors) -> None:
    """Drives one peer. `parse(bytes)` -> value (raises one of `unreadable_errors`);
    `make_validator(uri)` -> a function value -> bool."""
    counts = {"payloads": 0, "valid": 0, "invalid": 0, "unreadable": 0, "bytes": 0}
    cache = {}
    log = open(args.verdicts, "w") if args.verdicts else None
    where = [0]

    def validator(name):
        uri = schema_uri(name, args.profile)
        v = cache.get(uri)
        if v is None:
            v = cache[uri] = make_validator(uri)
        return v

    def tally(verdict: str):
        counts[verdict] += 1
        if log:
            log.write(f"{where[0]} {verdict}\n")

    def judge(data: bytes, auto: bool):
        counts["payloads"] += 1
        try:
            value = parse(data)
        except unreadable_errors:
            tally("unreadable")
            return
        if auto:
            name = detect(value)
            if name is None:
                tally("invalid")
                return
        else:
            name = args.schema
        tally("valid" if validator(name)(value) else "invalid")

    validator(args.schema)  # compile up front, as the CLIs do
    if args.mode in ("ndjson", "mixed"):
        auto = args.mode == "mixed"
        for path in args.paths:
            with open(path, "rb") as f:
                for number, line in enumerate(f, 1):
                    where[0] = number
                    counts["bytes"] += len(line)
                    if is_blank(line):
                        continue
                    judge(line, auto)
    elif args.mode == "array":
        for path in args.paths:
            with open(path, "rb") as f:
                data = f.read()
            counts["bytes"] += len(data)
            try:
                items = parse(data)
            except unreadable_errors:
                counts["payloads"] += 1
                counts["unreadable"] += 1
                continue
            check = validator(args.schema)
            for index, item in enumerate(items):
                where[0] = index
                counts["payloads"] += 1
                tally("valid" if check(item) else "invalid")
    else:
        for index, path in enumerate(file_list(args.paths)):
            where[0] = index
            with open(path, "rb") as f:
                data = f.read()
            counts["bytes"] += len(data)
            judge(data, False)
    if log:
        log.close()
    json.dump(counts, sys.stdout)
    sys.stdout.write("\n")
