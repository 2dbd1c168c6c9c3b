#!/usr/bin/env python3
"""Peer driver of realworld.sh: jsonschema-rs (Rust, via its Python binding) compiles SCHEMA once and
validates every instance of INPUT (a folder of *.json files, in name order, or a .jsonl file).

    jsonschema_rs_validate.py SCHEMA INPUT [--verdicts FILE]

`format` is an annotation, as in every draft (jsonschema-rs asserts it by default for draft 4-7:
turned off to judge as the reference does); nothing is fetched: an unregistered remote $ref fails
the compilation (exit 1). Prints one JSON object on stdout: {"valid": V, "invalid": I, "unreadable": U}.
--verdicts FILE writes one line per instance, in input order: 1 valid, 0 invalid, - unreadable.
"""
import argparse
import json
import os
import sys

import jsonschema_rs
import orjson


def no_retrieval(uri):
    raise ValueError(f"not fetched: {uri}")


def instances(path):
    """(text or None) per instance: None for an unreadable one."""
    if os.path.isdir(path):
        for name in sorted(os.listdir(path)):
            if name.endswith(".json"):
                with open(os.path.join(path, name), "rb") as f:
                    yield f.read()
    else:
        with open(path, "rb") as f:
            for line in f:
                if line.strip():
                    yield line


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("schema")
    ap.add_argument("input")
    ap.add_argument("--verdicts")
    args = ap.parse_args()
    with open(args.schema, "rb") as f:
        schema = orjson.loads(f.read())
    try:
        is_valid = jsonschema_rs.validator_for(schema, validate_formats=False, retriever=no_retrieval).is_valid
    except Exception as e:  # noqa: BLE001 - reported, not raised
        first = next((ln.strip() for ln in str(e).splitlines() if ln.strip()), type(e).__name__)
        print(f"jsonschema-rs: the schema does not compile: {first}", file=sys.stderr)
        sys.exit(1)
    counts = {"valid": 0, "invalid": 0, "unreadable": 0}
    marks = []
    for text in instances(args.input):
        try:
            doc = orjson.loads(text)
        except orjson.JSONDecodeError:
            counts["unreadable"] += 1
            marks.append("-")
            continue
        ok = is_valid(doc)
        counts["valid" if ok else "invalid"] += 1
        marks.append("1" if ok else "0")
    if args.verdicts:
        with open(args.verdicts, "w") as f:
            f.write("\n".join(marks) + ("\n" if marks else ""))
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
