#!/usr/bin/env python3
"""Validate an NDJSON dataset that does not fit one machine with ``chatpayloads`` as the mapper of a
Dask job: each partition (by default one shard file) is piped through
``chatpayloads validate --reporter ndjson -``, the per-payload verdict lines are read back, and
the counts are summed while the payloads that are not valid are collected for quarantine.

Usage (a local cluster of two worker processes; point ``--scheduler`` at a real cluster instead):

    python3 Scripts/dask_validate.py --cli .build/release/chatpayloads --schema message \\
        --profile strict --quarantine quarantine.ndjson 'shards/part-*.ndjson'

It prints one JSON object with the counts (the same keys as the CLI's ndjson summary line) and
writes the quarantined payload lines, in shard order and line order, to ``--quarantine``.

Only the standard library and ``dask[distributed]`` are needed. This is a recipe to copy, not a
package to publish: the per-partition function is the part a Spark job reuses (see the README's
"Validating a dataset that does not fit one machine").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Iterable, List

COUNT_KEYS = ["payloads", "valid", "invalid", "unreadable", "schemaErrors"]


def validate_partition(lines: Iterable[str], cli: str, extra_args: List[str], shard: str = "") -> List[dict]:
    """Runs the CLI over one partition's lines; returns one record: the counts and the
    quarantined lines (every payload whose verdict is not ``valid``), in line order.

    The CLI reads the partition on standard input as NDJSON and writes one verdict line per
    payload plus a final ``{"type": "summary"}`` line; blank lines are not payloads, so verdicts
    are matched to input lines by their ``line`` number."""
    lines = list(lines)
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    command = [cli, "validate", "--ndjson", "--jobs", "1", "--reporter", "ndjson", *extra_args, "-"]
    done = subprocess.run(command, input=text.encode("utf-8", "surrogateescape"), capture_output=True, check=False)
    if done.returncode not in (0, 1, 2):
        raise RuntimeError(f"chatpayloads exited {done.returncode} on shard {shard!r}: {done.stderr.decode(errors='replace')}")
    counts = {key: 0 for key in COUNT_KEYS}
    quarantined = []
    summary = None
    for raw in done.stdout.splitlines():
        verdict = json.loads(raw)
        if verdict.get("type") == "summary":
            summary = verdict
            continue
        if verdict.get("type") != "result":
            continue
        if verdict["outcome"] != "valid":
            number = verdict.get("line", 1)
            quarantined.append((number, lines[number - 1].rstrip("\n") if 0 < number <= len(lines) else ""))
    if summary is None:
        raise RuntimeError(f"chatpayloads gave no summary line for shard {shard!r}: {done.stderr.decode(errors='replace')}")
    for key in COUNT_KEYS:
        counts[key] = summary[key]
    return [{"shard": shard, "counts": counts, "quarantined": [line for _, line in sorted(quarantined)]}]


def run(paths: List[str], cli: str, extra_args: List[str], scheduler: str | None = None, workers: int = 2) -> dict:
    """Validates every file that `paths` (globs) name on a Dask cluster; returns the summed
    counts and the quarantined lines (shard order, then line order)."""
    import glob

    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    files = sorted({f for pattern in paths for f in glob.glob(pattern)})
    if not files:
        raise SystemExit(f"no input matches {paths}")
    cluster = None
    client = Client(scheduler) if scheduler else None
    if client is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        # One partition per shard file; the file name travels with each partition.
        parts = [db.read_text(f, blocksize=None, encoding="utf-8", errors="surrogateescape") for f in files]
        results = [
            part.map_partitions(validate_partition, cli, extra_args, shard)
            for part, shard in zip(parts, files)
        ]
        computed = db.concat(results).compute()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    by_shard = {r["shard"]: r for r in computed}
    total = {key: 0 for key in COUNT_KEYS}
    quarantined: List[str] = []
    for shard in files:
        r = by_shard[shard]
        for key in COUNT_KEYS:
            total[key] += r["counts"][key]
        quarantined.extend(r["quarantined"])
    return {"shards": len(files), **total, "quarantined": quarantined}


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True, help="path of the chatpayloads binary (on every worker)")
    ap.add_argument("--schema", default="auto", help="--schema for chatpayloads (default auto)")
    ap.add_argument("--profile", default=None, help="--profile for chatpayloads")
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler address (default: a local cluster)")
    ap.add_argument("--workers", type=int, default=2, help="local cluster worker processes (default 2)")
    ap.add_argument("--quarantine", default=None, help="write the payloads that are not valid here")
    ap.add_argument("paths", nargs="+", help="NDJSON shard files or globs")
    args = ap.parse_args(argv)
    extra = ["--no-config", "--schema", args.schema] + (["--profile", args.profile] if args.profile else [])
    result = run(args.paths, args.cli, extra, scheduler=args.scheduler, workers=args.workers)
    if args.quarantine:
        with open(args.quarantine, "w", encoding="utf-8", errors="surrogateescape") as f:
            for line in result["quarantined"]:
                f.write(line + "\n")
    summary = {k: v for k, v in result.items() if k != "quarantined"}
    summary["quarantinedLines"] = len(result["quarantined"])
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
