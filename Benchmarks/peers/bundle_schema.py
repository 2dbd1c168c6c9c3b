#!/usr/bin/env python3
"""Writes one self-contained schema: the named schema (default: the strict message profile) with
every other Schemas/ resource embedded under `$defs`, each keeping its `$id` (2020-12 compound
schema document), so CLIs without a registry option (check-jsonschema) resolve every `$ref`
locally instead of fetching https://chatpayloads.dev/...

Usage: bundle_schema.py [--schema message] [--profile strict] OUT.json
"""
import argparse
import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--schema", default="message")
    ap.add_argument("--profile", default="strict", choices=["strict", "standard"])
    ap.add_argument("out")
    args = ap.parse_args()
    resources = common.load_resources()
    root_id = common.schema_uri(args.schema, args.profile)
    root = copy.deepcopy(resources[root_id])
    defs = root.setdefault("$defs", {})
    for uri, schema in resources.items():
        if uri == root_id:
            continue
        key = "bundled:" + uri
        if key in defs:
            raise SystemExit(f"$defs already has {key}")
        defs[key] = schema
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(root, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
