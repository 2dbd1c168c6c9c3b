#!/usr/bin/env python3
"""Peer driver: jsonschema-rs (Rust, via its Python binding) with formats asserted, orjson parsing.

Every Schemas/ file is registered by $id in a jsonschema_rs.Registry (offline: nothing is fetched).
See common.py for the modes and the verdict counts printed on stdout.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

import jsonschema_rs  # noqa: E402
import orjson  # noqa: E402


def main():
    args = common.arguments(__doc__.splitlines()[0])
    resources = common.load_resources()
    registry = jsonschema_rs.Registry(list(resources.items()))

    sink = open(args.errors, "wb") if args.errors else None

    def make_validator(uri):
        v = jsonschema_rs.validator_for(resources[uri], validate_formats=True, registry=registry)
        if sink is None:
            return v.is_valid

        def check(value):
            # Every error of the payload, each dumped as JSON (message and both locations).
            valid = True
            for e in v.iter_errors(value):
                valid = False
                sink.write(orjson.dumps({"message": e.message, "instanceLocation": list(e.instance_path),
                                         "keywordLocation": list(e.schema_path)}))
                sink.write(b"\n")
            return valid
        return check

    common.run(args, orjson.loads, make_validator, (orjson.JSONDecodeError,))
    if sink is not None:
        sink.close()


if __name__ == "__main__":
    main()
