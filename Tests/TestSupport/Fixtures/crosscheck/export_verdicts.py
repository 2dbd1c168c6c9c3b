#!/usr/bin/env python3
"""python-jsonschema's verdicts on payloads against exported schema texts.

Reads a plan (JSON): {"runs": [{"schema": PATH, "payloads": PATH, "verdicts": PATH}, ...]}.
For each run, loads the schema text that `chatpayloads schema NAME --profile P` printed,
checks it against the 2020-12 meta-schema, and validates every line of the NDJSON payload
file with Draft202012Validator WITHOUT a format checker (format is an annotation, as in
python-jsonschema, ajv and networknt by default), writing one line per payload to the
verdicts file: "valid" or "invalid". Exits 0 when every run was written, 2 on a schema the
meta-schema refuses or any other error (printed).

Used by ExportedSchemaCrossCheckTests (ExternalRuntimeTests): two python processes, each with half the runs.
"""
from __future__ import annotations

import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        plan = json.load(f)
    for run in plan["runs"]:
        with open(run["schema"], encoding="utf-8") as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)  # no format_checker: formats annotate only
        out = []
        with open(run["payloads"], encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line:
                    continue
                payload = json.loads(line)
                out.append("valid" if validator.is_valid(payload) else "invalid")
        with open(run["verdicts"], "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as exc:  # noqa: BLE001 - every failure is reported to the test
        print(f"export_verdicts.py: {type(exc).__name__}: {exc}", file=sys.stderr)
        sys.exit(2)
