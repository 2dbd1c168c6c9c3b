#!/usr/bin/env python3
"""Per-instance verdicts of realworld.sh's implementations against the reference (python-jsonschema,
NAME/expected.json), on the folder of files of one schema. Untimed.

    verdicts.py CORPUS NAME OUT.json IMPL=KIND:PATH...

KIND is how PATH is read:
  marks       one line per instance in file-name order: 1 valid, 0 invalid, - unreadable
              (jsonschema_rs_validate.py --verdicts);
  sourcemeta  sourcemeta `jsonschema validate --verbose --continue` output: `ok: PATH` / `fail: PATH`;
  ours        `chatpayloads validate --reporter ndjson`: one `result` object per file (`outcome`).
Prints one line per implementation (agreements, and the first disagreeing files) and writes OUT.json:
{"schema": NAME, "instances": N, "impls": {IMPL: {"agree": A, "differ": [[file, reference, impl]...]}}}.
Exit status 1 when an implementation's verdict differs from the reference's on some instance; one
that gave no verdict at all (it refused the schema) is reported and does not count.
"""
import json
import os
import re
import sys


WORD = {"1": "valid", "0": "invalid", "-": "unreadable", "?": "not decided"}


def marks_of(kind: str, path: str, names: list[str]) -> dict[str, str]:
    """{file name: "1" | "0" | "-" | "?"} for the instances the output speaks of."""
    text = open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""
    found: dict[str, str] = {}
    if kind == "marks":
        lines = text.splitlines()
        if len(lines) == len(names):
            found = dict(zip(names, (m.strip() for m in lines)))
    elif kind == "sourcemeta":
        for m in re.finditer(r"^(ok|fail): (.+?)\s*$", text, re.M):
            found[os.path.basename(m.group(2))] = "1" if m.group(1) == "ok" else "0"
    elif kind == "ours":
        for line in text.splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and r.get("type") == "result":
                outcome = r.get("outcome")
                mark = {"valid": "1", "invalid": "0", "unreadable": "-"}.get(outcome, "?")
                found[os.path.basename(str(r.get("file", "")))] = mark
    else:
        raise SystemExit(f"unknown kind {kind}")
    return found


def main() -> None:
    corpus, name, out_path, *specs = sys.argv[1:]
    folder = os.path.join(corpus, name, "files")
    names = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    with open(os.path.join(corpus, name, "expected.json"), encoding="utf-8") as f:
        expected = dict(zip(names, ("1" if v else "0" for v in json.load(f))))
    result = {"schema": name, "instances": len(names), "impls": {}}
    status = 0
    for spec in specs:
        impl, _, rest = spec.partition("=")
        kind, _, path = rest.partition(":")
        got = marks_of(kind, path, names)
        if not got:
            # No verdict at all: the implementation refused the schema (the timed table shows it
            # as an error); nothing to compare.
            result["impls"][impl] = {"agree": 0, "differ": [], "error": "no verdicts (the schema was refused?)"}
            print(f"    {name:26} {impl:14} gave no verdicts (refused the schema? see the table's error cell)", file=sys.stderr)
            continue
        differ = [[n, expected[n], got.get(n, "missing")] for n in names if got.get(n, "missing") != expected[n]]
        result["impls"][impl] = {"agree": len(names) - len(differ), "differ": differ}
        if differ:
            status = 1
            shown = ", ".join(f"{n} (reference {WORD[e]}, {impl} {WORD.get(g, g)})" for n, e, g in differ[:4])
            print(f"    {name:26} {impl:14} DIFFERS on {len(differ)} of {len(names)}: {shown}"
                  f"{' ...' if len(differ) > 4 else ''}", file=sys.stderr)
        else:
            print(f"    {name:26} {impl:14} agrees on all {len(names)}", file=sys.stderr)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    sys.exit(status)


if __name__ == "__main__":
    main()
