#!/usr/bin/env python3
"""The Markdown tables of Benchmarks/store.sh: import medians, the counts checks, query p50 / p99.

  store_report.py RESULTS.tsv RUNS_DIR ROUNDS "EXPECTED_ACCEPTED EXPECTED_REJECTED"

Exits 1 when a run failed, when the implementations of one scenario disagree on the counts
(payloads, accepted, rejected) or a round disagrees with another, or when the mixed counts differ
from mixed.ndjson's expected `validate` verdicts.
"""
import csv
import glob
import json
import os
import re
import statistics
import sys


def main() -> int:
    raw, runs, rounds, expected = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split()
    rows = list(csv.DictReader(open(raw), delimiter="\t"))
    problems = []
    groups: dict[tuple, list] = {}
    for r in rows:
        if r["status"] != "ok":
            problems.append(f"round {r['round']}: {r['scenario']} / {r['impl']} failed")
            continue
        groups.setdefault((r["scenario"], r["impl"]), []).append(r)
    print("| scenario | implementation | payloads/s | wall s (median) | CPU s (user+sys) | peak RSS (MB) | vs peer (256, FULL) | payloads / accepted / rejected | inserted / unchanged |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    peer_rate = {}
    table = []
    for (scenario, impl), rs in groups.items():
        wall = statistics.median(float(r["wall_s"]) for r in rs)
        cpu = statistics.median(float(r["user_s"]) + float(r["sys_s"]) for r in rs)
        rss = statistics.median(int(r["rss_kb"]) for r in rs) / 1024
        counts = {(r["payloads"], r["accepted"], r["rejected"]) for r in rs}
        written = {(r["inserted"], r["unchanged"]) for r in rs}
        if len(counts) > 1:
            problems.append(f"{scenario} / {impl}: counts differ between rounds: {sorted(counts)}")
        payloads = int(rs[0]["payloads"])
        rate = payloads / wall if wall > 0 else 0
        if impl.startswith("sqlite3 peer (256, FULL)"):
            peer_rate[scenario] = rate
        table.append((scenario, impl, rate, wall, cpu, rss, len(rs), rs[0], written))
    by_scenario: dict[str, set] = {}
    for (scenario, impl), rs in groups.items():
        by_scenario.setdefault(scenario, set()).add((rs[0]["payloads"], rs[0]["accepted"], rs[0]["rejected"]))
    for scenario, c in by_scenario.items():
        if len(c) > 1:
            problems.append(f"{scenario}: the implementations disagree on payloads / accepted / rejected: {sorted(c)}")
        if scenario == "mixed":
            for payloads, accepted, rejected in c:
                if [accepted, rejected] != expected:
                    problems.append(f"mixed: {accepted} accepted / {rejected} rejected, but validate gives {expected[0]} valid / {expected[1]} invalid or unreadable on mixed.ndjson")
    for scenario, impl, rate, wall, cpu, rss, n, r0, written in table:
        base = peer_rate.get(scenario)
        ratio = f"{rate / base:.2f}x" if base else "n/a"
        (ins, unch), = written if len(written) == 1 else [("varies", "varies")]
        print(f"| {scenario} | {impl} | {rate:,.0f} | {wall:.3f} ({n}) | {cpu:.2f} | {rss:.1f} | {ratio} | "
              f"{r0['payloads']} / {r0['accepted']} / {r0['rejected']} | {ins} / {unch} |")

    ours = sorted(glob.glob(os.path.join(runs, "query.chatstore.*.out")))
    peers = sorted(glob.glob(os.path.join(runs, "query.peer.*.out")))
    if ours or peers:
        print()
        print("| query (1,000,000 messages, 1,000 channels) | implementation | p50 µs (median of rounds) | p99 µs (median of rounds) | rows per call |")
        print("|---|---|---:|---:|---:|")
        samples: dict[tuple, list] = {}
        for path in ours:
            for line in open(path):
                if line.startswith("JSON "):
                    for e in json.loads(line[5:]):
                        samples.setdefault((e["name"].split(" ", 1)[0].split(".")[0], "ChatStore " + e["name"]), []).append(e)
        for path in peers:
            for name, e in json.load(open(path)).items():
                samples.setdefault((name, "sqlite3 peer"), []).append(e)
        calls = {}
        for (query, impl), es in sorted(samples.items()):
            p50 = statistics.median(e["p50_us"] for e in es)
            p99 = statistics.median(e["p99_us"] for e in es)
            per = es[0]["rows"] / max(1, es[0].get("rounds", 2000))
            calls.setdefault(query, set()).add(round(per, 2))
            print(f"| {query} | {impl} | {p50:.1f} | {p99:.1f} | {per:g} |")
        for query, per in calls.items():
            if len(per) > 1:
                problems.append(f"query {query}: the implementations read different row counts per call: {sorted(per)}")
    for p in problems:
        print(f"store_report.py: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
