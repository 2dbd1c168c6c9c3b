#!/usr/bin/env python3
"""Validate an NDJSON dataset that does not fit one machine with ``chatpayloads`` as the mapper of a
Dask job: the shards are read as blocks of bytes cut at line ends (``dask.bytes.read_bytes``),
each block is piped through ``chatpayloads validate --emit invalid --reporter ndjson -``, the
summary lines are summed, and the payloads that are not valid come back byte for byte for
quarantine.

Usage (a local cluster of two worker processes; point ``--scheduler`` at a real cluster instead):

    python3 Scripts/dask_validate.py --cli .build/release/chatpayloads --schema message \\
        --profile strict --quarantine quarantine.ndjson 'shards/part-*.ndjson'

It prints one JSON object with the counts (the same keys as the CLI's ndjson summary line) and
writes the quarantined payload lines, in shard order and line order, to ``--quarantine``.

Only the standard library and ``dask[distributed]`` are needed. This is a recipe to copy, not a
package to publish: ``validate_block`` is the part another engine reuses (see
docs/datasets.md, "Validating a dataset that does not fit one machine").
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from typing import List, Optional

COUNT_KEYS = ["payloads", "valid", "invalid", "unreadable", "schemaErrors"]


def validate_block(block: bytes, cli: str, extra_args: List[str], name: str = "") -> dict:
    """Runs the CLI over one block of NDJSON bytes; returns the counts and the quarantined
    payloads (every line whose verdict is not ``valid``, as bytes, in line order).

    The CLI passes the quarantined lines through to standard output (``--emit invalid``) and
    writes its verdicts as JSON Lines to a file (``--reporter ndjson -o``), whose last line is the
    summary: nothing is parsed line by line in Python, and the bytes are never decoded."""
    with tempfile.NamedTemporaryFile(suffix=".ndjson") as report:
        command = [cli, "validate", "--ndjson", "--jobs", "1", "--emit", "invalid", "--reporter", "ndjson",
                   "-o", report.name, *extra_args, "-"]
        done = subprocess.run(command, input=block, capture_output=True, check=False)
        if done.returncode not in (0, 1, 2):
            raise RuntimeError(f"chatpayloads exited {done.returncode} on {name!r}: {done.stderr.decode(errors='replace')}")
        summary = json.loads(last_line(report.name))
    if summary.get("type") != "summary":
        raise RuntimeError(f"chatpayloads gave no summary line for {name!r}: {done.stderr.decode(errors='replace')}")
    return {"name": name, "counts": {key: summary[key] for key in COUNT_KEYS}, "quarantined": done.stdout}


def last_line(path: str) -> bytes:
    """The last non-empty line of a file, read from its end."""
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        tail = b""
        step = 4096
        while size > 0:
            start = max(0, size - step)
            f.seek(start)
            tail = f.read(size - start) + tail
            size = start
            lines = tail.rstrip(b"\n").split(b"\n")
            if len(lines) > 1 or size == 0:
                return lines[-1]
        return b""


def run(paths: List[str], cli: str, extra_args: List[str], scheduler: Optional[str] = None, workers: int = 2,
        blocksize: Optional[int] = 64 << 20) -> dict:
    """Validates every file that `paths` (globs) name on a Dask cluster, in blocks of about
    `blocksize` bytes cut at line ends (None: one block per file); returns the summed counts
    and the quarantined lines (file order, then line order)."""
    import dask
    from dask.bytes import read_bytes
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
        _, blocks_per_file = read_bytes(files, delimiter=b"\n", blocksize=blocksize, sample=False)
        tasks = [
            dask.delayed(validate_block)(block, cli, extra_args, f"{name}#{k}")
            for name, blocks in zip(files, blocks_per_file)
            for k, block in enumerate(blocks)
        ]
        results = dask.compute(*tasks)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    total = {key: 0 for key in COUNT_KEYS}
    for r in results:
        for key in COUNT_KEYS:
            total[key] += r["counts"][key]
    return {"files": len(files), "blocks": len(results), **total, "quarantined": b"".join(r["quarantined"] for r in results)}


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True, help="path of the chatpayloads binary (on every worker)")
    ap.add_argument("--schema", default="auto", help="--schema for chatpayloads (default auto)")
    ap.add_argument("--profile", default=None, help="--profile for chatpayloads")
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler address (default: a local cluster)")
    ap.add_argument("--workers", type=int, default=2, help="local cluster worker processes (default 2)")
    ap.add_argument("--quarantine", default=None, help="write the payloads that are not valid here")
    ap.add_argument("--blocksize", type=int, default=64 << 20, help="bytes per task, cut at line ends (0: one task per file)")
    ap.add_argument("paths", nargs="+", help="NDJSON shard files or globs")
    args = ap.parse_args(argv)
    extra = ["--no-config", "--schema", args.schema] + (["--profile", args.profile] if args.profile else [])
    result = run(args.paths, args.cli, extra, scheduler=args.scheduler, workers=args.workers, blocksize=args.blocksize or None)
    if args.quarantine:
        with open(args.quarantine, "wb") as f:
            f.write(result["quarantined"])
    summary = {k: v for k, v in result.items() if k != "quarantined"}
    summary["quarantinedLines"] = result["quarantined"].count(b"\n")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
