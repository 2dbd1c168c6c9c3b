#!/usr/bin/env python3
"""Generates the real-world benchmark set (issue 26): for every schema of catalog.json, valid and
invalid instances, each one's verdict decided by python-jsonschema (the reference) and recorded.

    Benchmarks/.venv/bin/python Benchmarks/realworld/generate.py [--out DIR] [--seed N]
                                [--per-verdict N] [--only NAME[,NAME]] [--reference-budget N]

Deterministic: the same seed, catalog and python-jsonschema version give the same files.
How instances are made:
  mutate  the schema's seed documents (seeds/NAME/*.json: check-jsonschema's example files and
          ours) are changed by 1-4 random edits (drop a key or an item, change a value's type,
          swap a value for one found under the same key name in another seed, clone a map entry
          under a new name, duplicate an item, add an unknown key, edit a string or a number);
          accepted documents join the pool the next edits start from, so documents grow apart;
  cql2    random expressions of the recursive grammar (depth 1-6), then mutated as above.
Each candidate is judged by python-jsonschema (the dialect its $schema names, 2020-12 without one;
`format` an annotation, as every draft's default; nothing fetched: a $ref to an unregistered
resource makes the reference raise, and such a candidate is dropped and counted; so is one on which
the reference spends more than --reference-budget subschema descents). Candidates are
kept until PER_VERDICT valid and PER_VERDICT invalid ones (distinct) are found, or the attempt
budget runs out (then the counts say how many there are).

Output (DIR, default Benchmarks/realworld/corpus, gitignored):
  MANIFEST.json                 per schema: schema path, dialect, counts, bytes, dropped candidates
  schemas/NAME.json             the schema as validated (a copy; package-sourced ones checked by sha256)
  NAME/files/NNNNN.json         one instance per file (valid and invalid shuffled together)
  NAME/instances.jsonl          the same instances, one per line, in the same order
  NAME/expected.json            the reference's verdict per instance, in that order (true = valid)
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import importlib.metadata
import json
import os
import random
import shutil
import sys

import jsonschema
import referencing
import referencing.exceptions

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_DOC_BYTES = 48 * 1024


def load_catalog() -> dict:
    with open(os.path.join(HERE, "catalog.json"), encoding="utf-8") as f:
        return json.load(f)


def schema_source_path(entry: dict) -> str:
    """The file the schema is read from: in this folder, or in the installed check-jsonschema."""
    spec = entry["schema"]
    if spec.startswith("package:"):
        package, _, rel = spec[len("package:"):].partition("/")
        module = __import__(package)
        return os.path.join(os.path.dirname(module.__file__), rel)
    return os.path.join(HERE, spec)


def copy_schema(entry: dict, out: str) -> str:
    src = schema_source_path(entry)
    data = open(src, "rb").read()
    want = entry.get("sha256")
    if want and hashlib.sha256(data).hexdigest() != want:
        raise SystemExit(f"{src}: sha256 differs from catalog.json (another check-jsonschema version?)")
    dst = os.path.join(out, "schemas", entry["name"] + ".json")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "wb") as f:
        f.write(data)
    return dst


# --- the reference ---------------------------------------------------------------------------------

def no_retrieval(uri: str):
    raise referencing.exceptions.NoSuchResource(ref=uri)


class TooCostly(Exception):
    """The reference spent its budget of subschema descents on one candidate."""


# Subschema descents python-jsonschema may spend on one candidate (--reference-budget): it is
# exponential on deep oneOf grammars (the CQL2 ones: ~2,000 descents at expression depth 2,
# ~10,000 at 3, ~80,000 at 4), so this bounds the depth of the instances it can judge.
REFERENCE_BUDGET = 20_000


BUDGET_LEFT = [REFERENCE_BUDGET]


def _count_descents(plain_descend):
    def descend(self, *args, **kwargs):
        BUDGET_LEFT[0] -= 1
        if BUDGET_LEFT[0] < 0:
            raise TooCostly
        return plain_descend(self, *args, **kwargs)
    return descend


# Every draft's class is counted: a $ref to a resource with its own $schema evolves into that class.
for _cls in set(jsonschema.validators._VALIDATORS.values()) if hasattr(jsonschema.validators, "_VALIDATORS") else ():
    _cls.descend = _count_descents(_cls.descend)


def reference_validator(schema):
    """python-jsonschema for the schema's dialect (2020-12 without $schema); nothing fetched."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, registry=referencing.Registry(retrieve=no_retrieval))


def verdict(validator, doc, budget: int):
    """True / False; "costly" when the reference spends its budget; None when it cannot decide
    (an unresolvable $ref, a pattern Python's re does not take...)."""
    BUDGET_LEFT[0] = budget
    try:
        return validator.is_valid(doc)
    except TooCostly:
        return "costly"
    except Exception:  # noqa: BLE001 - any failure of the reference drops the candidate
        return None


# --- mutations -------------------------------------------------------------------------------------

def nodes(doc, path=()):
    """Every (path, value) in doc, the root included."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from nodes(v, path + (i,))


def get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def put(doc, path, value):
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


class Pools:
    """Values seen in the seeds: by the key they sit under, and every string."""

    def __init__(self, seeds):
        self.by_key: dict[str, list] = {}
        self.strings: list[str] = []
        for s in seeds:
            for path, v in nodes(s):
                if path and isinstance(path[-1], str):
                    self.by_key.setdefault(path[-1], []).append(v)
                if isinstance(v, str):
                    self.strings.append(v)
        if not self.strings:
            self.strings = ["value"]


OTHER_TYPE = [None, True, 0, 1.5, "text", [], {}, ["a"], {"k": "v"}, -7, "${{ x }}"]


def mutate(doc, rng: random.Random, pools: Pools, counter: list):
    doc = copy.deepcopy(doc)
    all_nodes = list(nodes(doc))
    path, value = rng.choice(all_nodes)
    counter[0] += 1
    n = counter[0]
    op = rng.choice(["drop", "drop", "retype", "swap", "swap", "swap", "clone", "clone", "dup",
                     "extra", "string", "string", "number"])
    parent = get(doc, path[:-1]) if path else None
    if op == "drop" and path:
        del parent[path[-1]]
    elif op == "retype":
        choices = [o for o in OTHER_TYPE if type(o) is not type(value)]
        doc = put(doc, path, copy.deepcopy(rng.choice(choices)))
    elif op == "swap" and path and isinstance(path[-1], str) and pools.by_key.get(path[-1]):
        doc = put(doc, path, copy.deepcopy(rng.choice(pools.by_key[path[-1]])))
    elif op == "clone" and isinstance(value, dict) and value:
        key = rng.choice(list(value))
        value[f"{str(key).rstrip('0123456789-')}-{n}"] = copy.deepcopy(value[key])
    elif op == "dup" and isinstance(value, list) and value:
        value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
    elif op == "extra" and isinstance(value, dict):
        value[f"x-bench-{n}"] = rng.choice(pools.strings)
    elif op == "string" and isinstance(value, str):
        doc = put(doc, path, rng.choice([rng.choice(pools.strings), f"{value}-{n}", value.upper(), ""]))
    elif op == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
        doc = put(doc, path, rng.choice([value + 1, value - 1, value * 10, -value, 0]))
    elif isinstance(value, dict):
        value[f"x-bench-{n}"] = rng.choice(pools.strings)
    elif path:
        doc = put(doc, path, rng.choice(pools.strings))
    return doc


# --- the recursive grammar (cql2) -----------------------------------------------------------------

PROPS = ["name", "height", "updated", "geometry", "tags", "owner.name", "count", "eo:cloud_cover"]


def cql2_expression(rng: random.Random, depth: int):
    if depth <= 1:
        return cql2_predicate(rng, 1)
    kind = rng.choice(["and", "or", "and", "not", "predicate"])
    if kind == "not":
        return {"op": "not", "args": [cql2_expression(rng, depth - 1)]}
    if kind == "predicate":
        return cql2_predicate(rng, depth)
    return {"op": kind, "args": [cql2_expression(rng, depth - 1) for _ in range(rng.choice([2, 2, 2, 3]))]}


def prop(rng):
    return {"property": rng.choice(PROPS)}


def func(rng, depth):
    args = [rng.choice([prop(rng), rng.randint(0, 99), "x"])]
    if depth > 1 and rng.random() < 0.3:
        args.append(cql2_expression(rng, depth - 1))
    return {"function": {"name": rng.choice(["upper", "lower", "distance", "age"]), "args": args}}


def numeric(rng, depth):
    r = rng.random()
    if r < 0.4:
        return rng.choice([rng.randint(-5, 1000), round(rng.uniform(0, 100), 2)])
    if r < 0.7 or depth <= 1:
        return prop(rng)
    if r < 0.9:
        return {"op": rng.choice(["+", "-", "*", "/"]), "args": [numeric(rng, depth - 1), numeric(rng, depth - 1)]}
    return func(rng, depth)


def point(rng):
    return {"type": "Point", "coordinates": [round(rng.uniform(-180, 180), 4), round(rng.uniform(-90, 90), 4)]}


def geometry(rng):
    r = rng.random()
    if r < 0.4:
        return point(rng)
    if r < 0.6:
        return {"type": "LineString", "coordinates": [point(rng)["coordinates"] for _ in range(rng.randint(2, 5))]}
    if r < 0.8:
        ring = [point(rng)["coordinates"] for _ in range(3)]
        return {"type": "Polygon", "coordinates": [ring + [ring[0]]]}
    return {"bbox": [round(rng.uniform(-10, 0), 2), round(rng.uniform(-10, 0), 2), round(rng.uniform(0, 10), 2), round(rng.uniform(0, 10), 2)]}


def instant(rng):
    y, m, d = rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 28)
    if rng.random() < 0.5:
        return {"date": f"{y:04d}-{m:02d}-{d:02d}"}
    return {"timestamp": f"{y:04d}-{m:02d}-{d:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"}


def cql2_predicate(rng: random.Random, depth: int):
    kind = rng.choice(["cmp", "cmp", "like", "between", "in", "isNull", "spatial", "temporal", "array", "func", "bool"])
    if kind == "cmp":
        rhs = rng.choice([rng.randint(0, 100), "text", instant(rng), prop(rng)])
        if depth > 1 and rng.random() < 0.2:
            rhs = cql2_expression(rng, depth - 1)
        return {"op": rng.choice(["=", "<>", "<", ">", "<=", ">="]), "args": [prop(rng), rhs]}
    if kind == "like":
        pattern = rng.choice(["Main%", "%street", {"casei": "main%"}, {"accenti": {"casei": "é%"}}])
        return {"op": "like", "args": [rng.choice([prop(rng), {"casei": prop(rng)}]), pattern]}
    if kind == "between":
        return {"op": "between", "args": [numeric(rng, depth), numeric(rng, 1), numeric(rng, 1)]}
    if kind == "in":
        return {"op": "in", "args": [prop(rng), [rng.choice(["a", "b", 1, 2]) for _ in range(rng.randint(1, 5))]]}
    if kind == "isNull":
        return {"op": "isNull", "args": [prop(rng)]}
    if kind == "spatial":
        return {"op": rng.choice(["s_intersects", "s_within", "s_contains", "s_touches"]), "args": [prop(rng), geometry(rng)]}
    if kind == "temporal":
        other = rng.choice([instant(rng), {"interval": [instant(rng).popitem()[1], rng.choice(["..", "2031-01-01"])]}])
        return {"op": rng.choice(["t_after", "t_before", "t_during", "t_intersects"]), "args": [prop(rng), other]}
    if kind == "array":
        return {"op": rng.choice(["a_contains", "a_overlaps", "a_equals"]), "args": [prop(rng), [rng.choice(["a", 1, instant(rng)]) for _ in range(rng.randint(0, 4))]]}
    if kind == "func":
        return func(rng, depth)
    return rng.choice([True, False])


def cql2_seeds(rng: random.Random, count: int = 80):
    return [cql2_expression(rng, rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])) for _ in range(count)]


# --- the set ---------------------------------------------------------------------------------------

def read_seeds(name: str):
    folder = os.path.join(HERE, "seeds", name)
    seeds = []
    if os.path.isdir(folder):
        for f in sorted(os.listdir(folder)):
            if f.endswith(".json"):
                with open(os.path.join(folder, f), encoding="utf-8") as fh:
                    seeds.append(json.load(fh))
    return seeds


def canonical(doc) -> str:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def json_depth(doc) -> int:
    if isinstance(doc, dict):
        return 1 + max((json_depth(v) for v in doc.values()), default=0)
    if isinstance(doc, list):
        return 1 + max((json_depth(v) for v in doc), default=0)
    return 0


def generate_one(entry: dict, out: str, seed: int, per_verdict: int, budget: int) -> dict:
    name = entry["name"]
    schema_path = copy_schema(entry, out)
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = reference_validator(schema)
    rng = random.Random(f"{seed}:{name}")
    seeds = cql2_seeds(rng) if entry["instances"] == "cql2" else read_seeds(name)
    if not seeds:
        raise SystemExit(f"{name}: no seed documents in seeds/{name}/")
    pools = Pools(seeds)
    found = {True: [], False: []}
    seen = set()
    dropped = 0
    costly = 0
    pool = list(seeds)
    counter = [0]
    budget = per_verdict * 40
    attempts = 0

    def consider(doc):
        nonlocal dropped, costly
        key = canonical(doc)
        if key in seen or len(key) > MAX_DOC_BYTES:
            return
        seen.add(key)
        v = verdict(validator, doc, budget)
        if v is None:
            dropped += 1
            return
        if v == "costly":
            costly += 1
            return
        if len(found[v]) < per_verdict:
            found[v].append(doc)
            if v and len(pool) < 4000:
                pool.append(doc)

    for s in seeds:
        consider(s)
    while attempts < budget and (len(found[True]) < per_verdict or len(found[False]) < per_verdict):
        attempts += 1
        # Valid documents are the scarcer kind: start most edits from an accepted one.
        base = rng.choice(pool) if found[True] and rng.random() < 0.8 else rng.choice(seeds)
        doc = base
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
            doc = mutate(doc, rng, pools, counter)
        consider(doc)

    docs = [(d, True) for d in found[True]] + [(d, False) for d in found[False]]
    rng.shuffle(docs)
    folder = os.path.join(out, name)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(os.path.join(folder, "files"))
    total_bytes = 0
    with open(os.path.join(folder, "instances.jsonl"), "w", encoding="utf-8") as lines:
        for i, (doc, _) in enumerate(docs, 1):
            text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
            total_bytes += len(text.encode("utf-8"))
            with open(os.path.join(folder, "files", f"{i:05d}.json"), "w", encoding="utf-8") as f:
                f.write(text)
            lines.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
    with open(os.path.join(folder, "expected.json"), "w", encoding="utf-8") as f:
        json.dump([v for _, v in docs], f)
    return {
        "name": name, "dialect": entry["dialect"],
        "schema": os.path.relpath(schema_path, out),
        "files": os.path.join(name, "files"), "ndjson": os.path.join(name, "instances.jsonl"),
        "instances": len(docs), "valid": len(found[True]), "invalid": len(found[False]),
        "bytes": total_bytes, "max_depth": max((json_depth(d) for d, _ in docs), default=0),
        "dropped": dropped, "too_costly_for_reference": costly, "attempts": attempts,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(HERE, "corpus"))
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--per-verdict", type=int, default=300, help="valid and invalid instances per schema (each)")
    ap.add_argument("--only", default="", help="comma-separated schema names (the others' rows of an "
                    "existing MANIFEST.json of the same seed and size are kept)")
    ap.add_argument("--reference-budget", type=int, default=REFERENCE_BUDGET,
                    help="subschema descents python-jsonschema may spend on one candidate")
    args = ap.parse_args()
    catalog = load_catalog()
    only = {s for s in args.only.split(",") if s}
    entries = [e for e in catalog["schemas"] if not only or e["name"] in only]
    unknown = only - {e["name"] for e in catalog["schemas"]}
    if unknown:
        raise SystemExit(f"unknown schema name(s): {', '.join(sorted(unknown))}")
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for e in entries:
        row = generate_one(e, args.out, args.seed, args.per_verdict, args.reference_budget)
        rows.append(row)
        print(f"{row['name']:26} {row['valid']:5} valid {row['invalid']:5} invalid "
              f"{row['bytes'] / 1024:8.0f} KB, depth {row['max_depth']:2}  ({row['dropped']} dropped, {row['too_costly_for_reference']} too costly for the reference, {row['attempts']} attempts)",
              file=sys.stderr)
    manifest_path = os.path.join(args.out, "MANIFEST.json")
    if only and os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            old = json.load(f)
        if (old.get("seed"), old.get("per_verdict"), old.get("reference_budget")) == (args.seed, args.per_verdict, args.reference_budget):
            fresh = {r["name"]: r for r in rows}
            kept = [fresh.pop(r["name"], r) for r in old["schemas"]]
            rows = sorted(kept + list(fresh.values()), key=lambda r: r["name"])
    manifest = {"seed": args.seed, "per_verdict": args.per_verdict, "reference_budget": args.reference_budget,
                "reference": "python-jsonschema " + importlib.metadata.version("jsonschema"),
                "schemas": rows}
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
