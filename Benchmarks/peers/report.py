#!/usr/bin/env python3
"""Reads the raw results of run.sh (TSV) and prints the Markdown table of medians; exits 1 when
implementations disagree on verdict counts (or disagree with mixed.expected.json).

Usage: report.py RAW.tsv CORPUS_DIR
RAW columns: round scenario impl status wall_s rss_kb bytes payloads valid invalid unreadable note
"""
import json
import os
import statistics
import sys
from collections import defaultdict

BASELINE = "jsonschema-rs"
# The scenario whose jsonschema-rs median is the baseline of each scenario.
BASELINE_SCENARIO = {"ndjson-2cores": "ndjson-1core"}
SCENARIO_ORDER = ["ndjson-1core", "ndjson-2cores", "array", "small-files", "mixed"]
IMPL_ORDER = ["chatpayloads", "jsonschema-rs", "python-jsonschema", "sourcemeta", "check-jsonschema"]
LABEL = {
    "ndjson-1core": "(a) messages.ndjson, 1 core",
    "ndjson-2cores": "(a) messages.ndjson, 2 cores",
    "array": "(b) messages-array.json",
    "small-files": "(c) small/ files",
    "mixed": "(d) mixed.ndjson",
}


def order(seq, key_order):
    return sorted(seq, key=lambda k: (key_order.index(k) if k in key_order else len(key_order), k))


def main() -> int:
    raw, corpus = sys.argv[1], sys.argv[2]
    rows = []
    with open(raw) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    by = defaultdict(list)
    notes = {}
    for r in rows:
        by[(r["scenario"], r["impl"])].append(r)

    problems = []
    expected_mixed = None
    p = os.path.join(corpus, "mixed.expected.json")
    if os.path.exists(p):
        c = json.load(open(p))["counts"]
        expected_mixed = (c["valid"], c["invalid"], c["unreadable"])

    medians = {}
    for (scenario, impl), rs in by.items():
        ok = [r for r in rs if r["status"] == "ok"]
        bad = [r for r in rs if r["status"] != "ok"]
        if bad:
            notes[(scenario, impl)] = bad[0]["note"]
            if bad[0]["status"] != "n/a":
                problems.append(f"{impl} on {scenario}: {bad[0]['note']}")
        if not ok:
            continue
        counts = {(int(r["valid"]), int(r["invalid"]), int(r["unreadable"])) for r in ok}
        if len(counts) > 1:
            problems.append(f"{impl} on {scenario}: counts differ between rounds: {sorted(counts)}")
        wall = statistics.median(float(r["wall_s"]) for r in ok)
        rss = statistics.median(int(r["rss_kb"]) for r in ok)
        medians[(scenario, impl)] = {
            "wall": max(wall, 0.0005), "rss_kb": rss, "bytes": int(ok[0]["bytes"]), "payloads": int(ok[0]["payloads"]),
            "counts": sorted(counts)[0], "runs": len(ok)}

    # Verdict agreement per scenario (every implementation, and the sidecar for mixed).
    for scenario in {s for s, _ in medians}:
        seen = {impl: m["counts"] for (s, impl), m in medians.items() if s == scenario}
        ref = seen.get(BASELINE) or next(iter(seen.values()))
        if scenario == "mixed" and expected_mixed:
            ref = expected_mixed
        for impl, c in seen.items():
            if c != ref:
                problems.append(f"{scenario}: {impl} counts valid/invalid/unreadable {c} != {ref}")

    out = []
    out.append("| implementation | scenario | MB/s | payloads/s | peak RSS (MB) | vs jsonschema-rs | wall s (median of runs) | valid / invalid / unreadable |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|")
    scenarios = order({s for s, _ in by}, SCENARIO_ORDER)
    for scenario in scenarios:
        base = medians.get((BASELINE_SCENARIO.get(scenario, scenario), BASELINE))
        for impl in order({i for s, i in by if s == scenario}, IMPL_ORDER):
            m = medians.get((scenario, impl))
            if not m:
                out.append(f"| {impl} | {LABEL.get(scenario, scenario)} | n/a | n/a | n/a | n/a | n/a | {notes.get((scenario, impl), '')} |")
                continue
            mbs = m["bytes"] / 1e6 / m["wall"]
            pps = m["payloads"] / m["wall"]
            ratio = f"{(base['wall'] / m['wall']) * (m['bytes'] / base['bytes']):.2f}x" if base else "n/a"
            v, i, u = m["counts"]
            out.append(f"| {impl} | {LABEL.get(scenario, scenario)} | {mbs:,.1f} | {pps:,.0f} | {m['rss_kb'] / 1024:,.1f} | {ratio} | "
                       f"{m['wall']:.3f} ({m['runs']}) | {v} / {i} / {u} |")
    print("\n".join(out))
    if problems:
        print("\nVERDICT / RUN PROBLEMS:", file=sys.stderr)
        for p in problems:
            print("  - " + p, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
