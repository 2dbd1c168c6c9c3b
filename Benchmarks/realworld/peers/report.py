#!/usr/bin/env python3
"""The table of realworld.sh: median wall time per schema and implementation, the whole set, and
each implementation's valid/invalid counts checked against the reference's (MANIFEST.json).

    report.py RAW.tsv CORPUS/MANIFEST.json IMPL[,IMPL...]

Prints Markdown on stdout; every count mismatch also goes to stderr, loudly. Exit status 1 when an
implementation that ran gave counts other than the reference's; a schema an implementation could
not run (it refused the schema, crashed or timed out) is shown as `error` and does not fail the run.
"""
import csv
import json
import statistics
import sys


def main() -> None:
    raw_path, manifest_path, impls_arg = sys.argv[1:4]
    impls = [i for i in impls_arg.split(",") if i]
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    rows: dict[tuple[str, str], list[dict]] = {}
    with open(raw_path, encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            rows.setdefault((r["schema"], r["impl"]), []).append(r)
    names = [s["name"] for s in manifest["schemas"] if any((s["name"], i) in rows for i in impls)]
    by_name = {s["name"]: s for s in manifest["schemas"]}

    mismatches = []
    cell: dict[tuple[str, str], tuple[str, float | None]] = {}
    for name in names:
        ref = by_name[name]
        for impl in impls:
            runs = rows.get((name, impl), [])
            if not runs:
                cell[name, impl] = ("-", None)
                continue
            bad = [r for r in runs if r["status"] != "ok"]
            if bad:
                cell[name, impl] = (f"error ({bad[0]['note'][:110]})", None)
                continue
            counts = {(int(r["valid"]), int(r["invalid"]), int(r["unreadable"])) for r in runs}
            want = (ref["valid"], ref["invalid"], 0)
            if counts != {want}:
                got = ", ".join(f"{v} valid {i} invalid {u} unreadable" for v, i, u in sorted(counts))
                mismatches.append(f"{name}: {impl} counted {got}; the reference: {want[0]} valid {want[1]} invalid")
            median = statistics.median(float(r["wall_s"]) for r in runs)
            cell[name, impl] = (f"{median:.3f}" + ("" if counts == {want} else " MISMATCH"), median)

    head = ["schema", "dialect", "instances (valid / invalid)", "KB"] + [f"{i} s" for i in impls]
    if "chatpayloads" in impls and len(impls) > 1:
        head.append("ours / fastest peer")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in names:
        s = by_name[name]
        line = [name, s["dialect"].split(" ")[0], f"{s['instances']} ({s['valid']} / {s['invalid']})", f"{s['bytes'] / 1024:.0f}"]
        line += [cell[name, i][0] for i in impls]
        if "chatpayloads" in impls and len(impls) > 1:
            ours = cell[name, "chatpayloads"][1]
            peers = [cell[name, i][1] for i in impls if i != "chatpayloads" and cell[name, i][1] is not None]
            line.append(f"{ours / min(peers):.2f}" if ours is not None and peers and min(peers) > 0 else "")
        print("| " + " | ".join(line) + " |")

    # The whole set: the schemas every implementation ran (sums of medians), then each one's own total.
    common = [n for n in names if all(cell[n, i][1] is not None for i in impls)]
    total_instances = sum(by_name[n]["instances"] for n in common)
    line = [f"**whole set** ({len(common)} of {len(names)} schemas every implementation ran)", "",
            str(total_instances), f"{sum(by_name[n]['bytes'] for n in common) / 1024:.0f}"]
    sums = {i: sum(cell[n, i][1] for n in common) for i in impls}
    line += [f"**{sums[i]:.3f}**" for i in impls]
    if "chatpayloads" in impls and len(impls) > 1:
        peer_best = min(sums[i] for i in impls if i != "chatpayloads")
        line.append(f"**{sums['chatpayloads'] / peer_best:.2f}**" if peer_best > 0 else "")
    print("| " + " | ".join(line) + " |")
    print()
    for i in impls:
        ran = [n for n in names if cell[n, i][1] is not None]
        failed = [n for n in names if cell[n, i][1] is None and cell[n, i][0] != "-"]
        print(f"- {i}: {len(ran)} schemas ran, {sum(cell[n, i][1] for n in ran):.3f} s in all"
              + (f"; error on {len(failed)}: {', '.join(failed)}" if failed else ""))
    if mismatches:
        print()
        print("**Verdict counts that differ from the reference (python-jsonschema):**")
        for m in mismatches:
            print(f"- {m}")
        print("\n" + "!" * 100, file=sys.stderr)
        for m in mismatches:
            print(f"!! COUNT MISMATCH  {m}", file=sys.stderr)
        print("!" * 100, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
