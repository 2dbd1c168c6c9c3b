#!/usr/bin/env python3
"""Turns one implementation's output into verdict counts, printed as `payloads valid invalid unreadable`
(or `ERROR <reason>` and exit status 1).

Usage: counts.py KIND STDOUT STDERR EXIT_STATUS [--elements N]
  driver      a Benchmarks/peers/*_ndjson.py driver: a JSON object on its last stdout line;
  ours        `chatpayloads validate --reporter summary`: the line
              `checked N payloads in M inputs: V valid, I invalid, U unreadable`
              (`--reporter json`: the document's `summary` object);
  sourcemeta  sourcemeta `jsonschema validate --continue`: `N validated, P passed, F failed`
              (with --elements N: one instance, an array checked with an `items` wrapper schema,
              so a pass means N valid elements);
  check-jsonschema  `check-jsonschema -o JSON -v`: successes / errors / parse_errors lists
              (with --elements N: as for sourcemeta).
"""
import json
import re
import sys


def fail(reason: str) -> None:
    print("ERROR " + reason.replace("\n", " ")[:300])
    sys.exit(1)


def main() -> None:
    args = sys.argv[1:]
    elements = None
    if "--elements" in args:
        i = args.index("--elements")
        elements = int(args[i + 1])
        del args[i:i + 2]
    kind, out_path, err_path, status = args[0], args[1], args[2], int(args[3])
    out = open(out_path, encoding="utf-8", errors="replace").read()
    err = open(err_path, encoding="utf-8", errors="replace").read()
    tail = (err.strip().splitlines() or [""])[-1]
    if status >= 124:
        fail(f"exit status {status} (crashed, killed or timed out): {tail}")

    if kind == "driver":
        if status != 0:
            fail(f"exit status {status}: {tail}")
        c = json.loads(out.strip().splitlines()[-1])
        v, i, u = c["valid"], c["invalid"], c["unreadable"]
    elif kind == "ours":
        if status not in (0, 1, 2):
            fail(f"exit status {status}: {tail or out.strip()[-200:]}")
        m = None
        for m in re.finditer(r"checked (\d+) payloads? in (\d+) inputs?: (\d+) valid, (\d+) invalid, (\d+) unreadable", out + "\n" + err):
            pass
        if m:
            v, i, u = int(m.group(3)), int(m.group(4)), int(m.group(5))
        else:
            # --reporter json: the document's summary object.
            try:
                summary = json.loads(out)["summary"]
                v, i, u = summary["valid"], summary["invalid"], summary["unreadable"]
            except (ValueError, KeyError, TypeError):
                fail(f"no summary line in the output (exit status {status}): {tail}")
    elif kind == "sourcemeta":
        if status not in (0, 2):
            fail(f"exit status {status}: {tail}")
        m = re.search(r"(\d+) validated, (\d+) passed, (\d+) failed", out + "\n" + err)
        if elements is not None:
            if not m or int(m.group(1)) != 1:
                fail(f"expected one array instance: {tail}")
            v, i, u = (elements, 0, 0) if int(m.group(2)) == 1 else (0, elements, 0)
        else:
            if not m:
                fail(f"no summary line (exit status {status}): {tail}")
            v, i, u = int(m.group(2)), int(m.group(3)), 0
    elif kind == "check-jsonschema":
        if status not in (0, 1):
            fail(f"exit status {status}: {tail}")
        d = json.loads(out)
        if elements is not None:
            v, i, u = (elements, 0, 0) if d["status"] == "ok" else (0, elements, 0)
        else:
            failed = {e["filename"] for e in d.get("errors", [])}
            unreadable = {e["filename"] for e in d.get("parse_errors", [])}
            if "successes" in d:          # a failing run lists the files that passed
                v = len(d["successes"])
            elif "checked_paths" in d:    # a passing run lists every file checked (needs -v)
                v = len(set(d["checked_paths"]) - failed - unreadable)
            else:
                fail("check-jsonschema output has neither successes nor checked_paths (run it with -v)")
            i, u = len(failed), len(unreadable)
    else:
        fail(f"unknown kind {kind}")
    print(v + i + u, v, i, u)


if __name__ == "__main__":
    main()
