#!/usr/bin/env python3
"""Runs action.yml's steps here, as a GitHub runner would, for Scripts/dist-check.

usage: run-action.py ACTION_YML NAME=VALUE...

Each composite step's `run` script runs with bash (its `shell`), with the step's `env`, in which
`${{ inputs.NAME }}` is the NAME=VALUE given here or else the input's default. The scripts see
only the environment this process has (Scripts/dist-check gives it no Swift toolchain). Exits
with the first failing step's status, as the action would fail; prints each step's name first.
Its own errors (no PyYAML, an action it cannot run) exit 70, which no step's status is taken for.
"""
import os
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("run-action.py: PyYAML is not installed (pip install pyyaml)", file=sys.stderr)
    sys.exit(70)

def fail(message):
    print(f"run-action.py: {message}", file=sys.stderr)
    sys.exit(70)


EXPRESSION = re.compile(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}")


def main(path, assignments):
    with open(path, encoding="utf-8") as f:
        action = yaml.safe_load(f)
    given = dict(a.split("=", 1) for a in assignments)
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    unknown = set(given) - set(inputs)
    if unknown:
        fail(f"not inputs of {path}: {sorted(unknown)}")
    inputs.update(given)

    def substitute(text):
        return EXPRESSION.sub(lambda m: inputs[m.group(1)], str(text))

    runs = action["runs"]
    if runs.get("using") != "composite":
        fail(f"{path} is not a composite action")
    for step in runs["steps"]:
        if "run" not in step:
            fail(f"step {step.get('name')!r} is not a run step")
        if step.get("shell") != "bash":
            fail(f"step {step.get('name')!r} does not use bash")
        if EXPRESSION.search(step["run"]) or "${{" in step["run"]:
            fail(f"step {step.get('name')!r} puts an expression in its script (pass it through env)")
        env = dict(os.environ)
        env.update({key: substitute(value) for key, value in step.get("env", {}).items()})
        print(f"--- step: {step.get('name')}", flush=True)
        # As the runner: bash --noprofile --norc -eo pipefail {0}
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], env=env).returncode
        if status != 0:
            sys.exit(status)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
