#!/usr/bin/env python3
"""Peer driver: python-jsonschema (Draft202012Validator + FORMAT_CHECKER), stdlib json parsing.

Formats need rfc3339-validator (date-time) and rfc3986-validator (uri) installed; uuid and email are
built in. Every Schemas/ file is registered by $id in a referencing.Registry (nothing is fetched).
See common.py for the modes and the verdict counts printed on stdout.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

from jsonschema import Draft202012Validator  # noqa: E402
from referencing import Registry, Resource  # noqa: E402
from referencing.jsonschema import DRAFT202012  # noqa: E402


def parse(data: bytes):
    return json.loads(data.decode("utf-8"))


def main():
    args = common.arguments(__doc__.splitlines()[0])
    resources = common.load_resources()
    registry = Registry().with_resources(
        (uri, Resource.from_contents(schema, default_specification=DRAFT202012)) for uri, schema in resources.items())
    checker = Draft202012Validator.FORMAT_CHECKER
    for needed in ("date-time", "uri", "uuid", "email"):
        if needed not in checker.checkers:
            raise SystemExit(f"python-jsonschema cannot check format {needed!r}: install rfc3339-validator and rfc3986-validator")

    def make_validator(uri):
        return Draft202012Validator(resources[uri], registry=registry, format_checker=checker).is_valid

    common.run(args, parse, make_validator, (UnicodeDecodeError, ValueError))


if __name__ == "__main__":
    main()
