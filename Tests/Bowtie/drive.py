#!/usr/bin/env python3
"""Drives the Bowtie harness (bowtie-chatpayloads) through the official JSON Schema Test Suite,
the way Bowtie itself would, and checks every reply against Bowtie's protocol schemas.

Usage: drive.py HARNESS SUITE_ROOT [DRAFT ...]   (drafts by Bowtie short name, default all five)

The cases are built by bowtie-json-schema's own loader (bowtie._suite.cases_from: the same
registry of remotes per file that `bowtie suite` sends) and sent without their expected results
(TestCase.without_expected_results). Every response line is validated against the schema of its
command's response in bowtie/schemas/io (with python-jsonschema and referencing); any reply that
does not conform, a missing reply, or a wrong seq fails the run (exit 1).

Prints one JSON object: per draft and section (required, optional, optional/format), the tests
run, passed, failed, errored and skipped, the files with a test that did not pass, and the
protocol violations (none for a pass).
"""
import json
import pathlib
import subprocess
import sys

import bowtie
import jsonschema
import referencing
import referencing.jsonschema
from bowtie._core import Dialect
from bowtie._suite import cases_from

DRAFTS = ["draft2020-12", "draft2019-09", "draft7", "draft6", "draft4"]


def protocol_validators():
    """A validator per response kind, from the schemas bowtie ships."""
    schemas = pathlib.Path(bowtie.__file__).parent / "schemas"
    resources = []
    for path in sorted(schemas.rglob("*.json")):
        contents = json.loads(path.read_text())
        if isinstance(contents, dict) and "$id" in contents:
            resources.append((contents["$id"], referencing.Resource.from_contents(
                contents, default_specification=referencing.jsonschema.DRAFT202012)))
    registry = referencing.Registry().with_resources(resources)

    def validator(ref):
        return jsonschema.Draft202012Validator({"$ref": ref}, registry=registry)

    return {
        "start": validator("tag:bowtie.report,2023:ihop:command:start#response"),
        "dialect": validator("tag:bowtie.report,2023:ihop:command:dialect#response"),
        "run": validator("tag:bowtie.report,2023:ihop:command:run#response"),
    }


def section_of(path, draft_dir):
    relative = path.relative_to(draft_dir).as_posix()
    if relative.startswith("optional/format/"):
        return "optional/format"
    if relative.startswith("optional/"):
        return "optional"
    return "required"


class Harness:
    def __init__(self, command, validators, violations):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.validators = validators
        self.violations = violations

    def send(self, kind, message):
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        if kind == "stop":
            return None
        line = self.process.stdout.readline()
        if not line:
            self.violations.append(f"no reply to {kind}")
            return None
        reply = json.loads(line)
        errors = [e.message for e in self.validators[kind].iter_errors(reply)]
        if errors:
            self.violations.append(f"{kind} reply does not match the protocol: {errors[:3]}: {line[:300]}")
        return reply

    def close(self):
        self.send("stop", {"cmd": "stop"})
        self.process.stdin.close()
        status = self.process.wait(timeout=60)
        if status != 0:
            self.violations.append(f"the harness exited {status} after stop")


def main():
    harness_path, suite_root = sys.argv[1], pathlib.Path(sys.argv[2])
    drafts = sys.argv[3:] or DRAFTS
    validators = protocol_validators()
    violations = []
    harness = Harness([harness_path], validators, violations)
    started = harness.send("start", {"cmd": "start", "version": 1})
    supported = set((started or {}).get("implementation", {}).get("dialects", []))
    counts = {}
    seq = 0
    for draft in drafts:
        dialect = Dialect.by_short_name()[draft]
        if str(dialect.uri) not in supported:
            violations.append(f"{dialect.uri} is not among the dialects the harness announced")
            continue
        reply = harness.send("dialect", {"cmd": "dialect", "dialect": str(dialect.uri)})
        if reply != {"ok": True}:
            violations.append(f"dialect {dialect.uri}: {reply}")
        draft_dir = suite_root / "tests" / draft
        remotes = suite_root / "remotes"
        per_section = counts.setdefault(draft, {})
        for path in sorted(draft_dir.rglob("*.json")):
            section = section_of(path, draft_dir)
            tally = per_section.setdefault(section, dict(total=0, passed=0, failed=0, errored=0, skipped=0, unsuccessful_files=[]))
            before = tally["passed"]
            sent = tally["total"]
            for case in cases_from(paths=[path], remotes=remotes, dialect=dialect):
                seq += 1
                reply = harness.send("run", {"cmd": "run", "seq": seq, "case": case.without_expected_results()})
                expected = [test.expected() for test in case.tests]
                tally["total"] += len(expected)
                if reply is None:
                    tally["errored"] += len(expected)
                    continue
                if reply.get("seq") != seq:
                    violations.append(f"seq {seq} answered as {reply.get('seq')}")
                if reply.get("errored") or reply.get("skipped"):
                    tally["errored" if reply.get("errored") else "skipped"] += len(expected)
                    continue
                results = reply.get("results", [])
                if len(results) != len(expected):
                    violations.append(f"seq {seq} ({path.name}: {case.description}): {len(results)} results for {len(expected)} tests")
                for got, want in zip(results, expected):
                    if got.get("errored"):
                        tally["errored"] += 1
                    elif got.get("skipped"):
                        tally["skipped"] += 1
                    elif got.get("valid") == want:
                        tally["passed"] += 1
                    else:
                        tally["failed"] += 1
            name = path.relative_to(draft_dir).as_posix()
            if tally["passed"] - before != tally["total"] - sent and name not in tally["unsuccessful_files"]:
                tally["unsuccessful_files"].append(name)
    harness.close()
    print(json.dumps({"counts": counts, "violations": violations}, indent=2, sort_keys=True))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
