#!/usr/bin/env python3
"""Compares line-by-line verdicts on mixed.ndjson with mixed.expected.json.

Usage: check_lines.py mixed.expected.json NAME=FILE [NAME=FILE ...]
FILE is either a driver's `--verdicts` output (`<line> <verdict>` per payload) or the output of
`chatpayloads validate --reporter json` (its `results[].line` and `outcome`). Prints the first
mismatches of each implementation and exits 1 when there are any.
"""
import json
import sys


def load(path: str) -> dict[int, str]:
    text = open(path, encoding="utf-8", errors="replace").read()
    if text.lstrip().startswith("{"):
        doc = json.loads(text)
        return {int(r["line"]): r["outcome"] for r in doc["results"]}
    out = {}
    for row in text.splitlines():
        number, verdict = row.split()
        out[int(number)] = verdict
    return out


def main() -> int:
    expected = {e["line"]: e for e in json.load(open(sys.argv[1]))["expected"]}
    status = 0
    for spec in sys.argv[2:]:
        name, path = spec.split("=", 1)
        got = load(path)
        bad = []
        for number, e in expected.items():
            verdict = got.get(number, "skipped")
            if verdict != e["expected"]:
                bad.append(f"line {number} ({e['entity']}, {e['kind']}{', ' + e['note'] if 'note' in e else ''}): "
                           f"expected {e['expected']}, got {verdict}")
        extra = sorted(set(got) - set(expected))
        bad += [f"line {n}: a verdict for a line that does not exist" for n in extra]
        if bad:
            status = 1
            print(f"{name}: {len(bad)} line(s) disagree with mixed.expected.json", file=sys.stderr)
            for b in bad[:20]:
                print("  " + b, file=sys.stderr)
        else:
            print(f"{name}: all {len(expected)} lines agree with mixed.expected.json", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
