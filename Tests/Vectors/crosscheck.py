#!/usr/bin/env python3
"""Cross-checks the interop vectors against python-jsonschema.

Runs every vector file under Tests/Vectors/ (JSON Schema Test Suite format) with
Draft202012Validator and a referencing.Registry holding every schema under Schemas/
(keyed by its $id). Files under strict/ run with format assertion on. Also checks
every schema under Schemas/ against the 2020-12 metaschema, and the bundled
examples in Schemas/examples/ against their schemas.

Prints per-file counts and ends with `crosscheck: N passed, M failed` (N and M
count vector tests, metaschema checks and example checks). Exits 1 on any
failure, 2 when nothing ran or the format packages are missing.

Usage: pip install -r Tests/Vectors/requirements.txt && python3 Tests/Vectors/crosscheck.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCHEMAS = ROOT / "Schemas"
EXAMPLES = SCHEMAS / "examples"

# example file -> (schema $id, expected validity)
EXAMPLE_EXPECTATIONS = {
    "user.json": ("https://chatpayloads.dev/schemas/user.json", True),
    "channel.json": ("https://chatpayloads.dev/schemas/channel.json", True),
    "message.json": ("https://chatpayloads.dev/schemas/message.json", True),
    "member.json": ("https://chatpayloads.dev/schemas/member.json", True),
    "message-action.json": ("https://chatpayloads.dev/schemas/message-action.json", True),
    "message-invalid.json": ("https://chatpayloads.dev/schemas/message.json", False),
}

# formats the strict profile asserts; each must have a real checker installed
STRICT_FORMATS = ("date-time", "uri", "email", "uuid")


def reject_duplicate_keys(pairs):
    keys = [k for k, _ in pairs]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise ValueError(f"duplicate keys {dupes}")
    return dict(pairs)


def load_json(path: Path):
    with path.open(encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=reject_duplicate_keys)


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def main() -> int:
    passed = failed = 0
    problems: list[str] = []

    # 1. schemas: load, metaschema-check, register by $id
    schema_files = sorted(p for p in SCHEMAS.rglob("*.json") if EXAMPLES not in p.parents)
    resources = []
    seen_ids: dict[str, Path] = {}
    ok = 0
    for path in schema_files:
        try:
            schema = load_json(path)
            Draft202012Validator.check_schema(schema)
            sid = schema.get("$id")
            if not isinstance(sid, str) or not sid.startswith("https://chatpayloads.dev/"):
                raise ValueError(f"missing or foreign $id: {sid!r}")
            if sid in seen_ids:
                raise ValueError(f"$id {sid} also used by {rel(seen_ids[sid])}")
            if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
                raise ValueError("$schema is not draft 2020-12")
            seen_ids[sid] = path
            resources.append((sid, Resource.from_contents(schema, default_specification=DRAFT202012)))
            ok += 1
        except Exception as exc:  # noqa: BLE001 - report every kind of problem
            problems.append(f"schema {rel(path)}: {exc}")
    bad = len(schema_files) - ok
    print(f"metaschema check: {ok} of {len(schema_files)} schema files ok")
    passed += ok
    failed += bad
    registry = Registry().with_resources(resources)

    # format checkers: refuse to run strict vectors when a format would silently pass
    checker = Draft202012Validator.FORMAT_CHECKER
    missing = [f for f in STRICT_FORMATS if f not in checker.checkers]
    if missing:
        print(f"crosscheck: format checkers missing for {missing}; "
              f"run: pip install -r {rel(HERE / 'requirements.txt')}", file=sys.stderr)
        print(f"crosscheck: {passed} passed, {failed + 1} failed")
        return 2

    def validator_for(schema, strict: bool):
        return Draft202012Validator(schema, registry=registry,
                                    format_checker=checker if strict else None)

    # 2. bundled examples
    ex_ok = ex_total = 0
    for name, (sid, expected) in EXAMPLE_EXPECTATIONS.items():
        ex_total += 1
        path = EXAMPLES / name
        try:
            data = load_json(path)
            got = validator_for({"$ref": sid}, strict=False).is_valid(data)
            if got == expected:
                ex_ok += 1
            else:
                problems.append(f"example {rel(path)}: expected valid={expected}, got {got}")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"example {rel(path)}: {exc}")
    unlisted = sorted(p.name for p in EXAMPLES.glob("*.json") if p.name not in EXAMPLE_EXPECTATIONS)
    for name in unlisted:
        ex_total += 1
        problems.append(f"example Schemas/examples/{name}: no expectation listed in crosscheck.py")
    print(f"examples: {ex_ok} of {ex_total} as expected")
    passed += ex_ok
    failed += ex_total - ex_ok

    # 3. vectors
    # The validation vectors live in the profile folders; codec/ holds the decoder-interop
    # vectors (another format, checked by `chatpayloads interop check`), not validation tests.
    vector_files = sorted(p for p in HERE.rglob("*.json") if p.relative_to(HERE).parts[0] in ("compat", "standard", "strict"))
    vectors_run = 0
    for path in vector_files:
        strict = path.relative_to(HERE).parts[0] == "strict"
        f_pass = f_fail = 0
        try:
            groups = load_json(path)
            if not isinstance(groups, list) or not groups:
                raise ValueError("not a non-empty array of test groups")
            for group in groups:
                Draft202012Validator.check_schema(group["schema"])
                validator = validator_for(group["schema"], strict)
                for test in group["tests"]:
                    if not test.get("description"):
                        raise ValueError(f"test without description in group {group['description']!r}")
                    got = validator.is_valid(test["data"])
                    if got == test["valid"]:
                        f_pass += 1
                    else:
                        f_fail += 1
                        problems.append(f"{rel(path)}: [{group['description']}] {test['description']}: "
                                        f"expected valid={test['valid']}, got {got}")
        except Exception as exc:  # noqa: BLE001
            f_fail += 1
            problems.append(f"{rel(path)}: {exc}")
        vectors_run += f_pass + f_fail
        passed += f_pass
        failed += f_fail
        note = "  (formats asserted)" if strict else ""
        print(f"{rel(path)}: {f_pass}/{f_pass + f_fail} passed{note}")

    for p in problems:
        print(f"FAIL {p}", file=sys.stderr)
    print(f"vectors: {vectors_run} in {len(vector_files)} files")
    print(f"crosscheck: {passed} passed, {failed} failed")
    if vectors_run == 0:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
