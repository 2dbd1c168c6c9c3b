#!/usr/bin/env bash
# Side-by-side benchmark of `chatpayloads store import` and the ChatStore queries against the common
# Python way (jsonschema-rs + the standard sqlite3 module, Benchmarks/peers/store_sqlite3.py) (issue 16).
# See Benchmarks/README.md, "The store".
#
#   bash Benchmarks/store.sh [--skip-build] [--only SCENARIO[,SCENARIO]]
#
# Environment:
#   ROUNDS=3          rounds; every round runs every implementation of every scenario once, interleaved
#   BATCH=            ours' batch size in the "default" rows (empty: the CLI's default)
#   SWIFT_SCRATCH     build in this scratch path (e.g. .build-storebench) instead of .build
#   OURS, MICRO       already built chatpayloads and chatstore-microbench binaries (skip the build)
#   PYTHON=python3    the interpreter that creates Benchmarks/.venv
# Scenarios: import (200,000 sent messages into a new store: ours with its defaults, the peer in its
# common form: 256-row transactions, synchronous FULL), equal (both at 256 rows / FULL and both at
# ours' default batch size / FULL), reimport (the same file again: all duplicates), mixed
# (sent-mixed.ndjson: rejections must equal validate's on mixed.ndjson), query (p50 / p99 on a
# 1,000,000-message store in 1,000 channels, built once by chatstore-microbench).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
ROUNDS="${ROUNDS:-3}"
PYTHON="${PYTHON:-python3}"
SKIP_BUILD=0
ONLY="import,equal,reimport,mixed,query"
ARGS_TEXT="$*"
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-build) SKIP_BUILD=1; shift ;;
        --only) ONLY="$2"; shift 2 ;;
        --only=*) ONLY="${1#*=}"; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;;
        *) echo "store.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
case "$ROUNDS" in ''|*[!0-9]*|0) echo "store.sh: ROUNDS must be a positive integer" >&2; exit 64 ;; esac
log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf '\nstore.sh: ERROR: %s\n' "$*" >&2; exit 1; }
wants() { case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# --- 1. release builds ----------------------------------------------------------------------------
BIN="${SWIFT_SCRATCH:-$ROOT/.build}/release"
OURS="${OURS:-$BIN/chatpayloads}"
MICRO="${MICRO:-$BIN/chatstore-microbench}"
if [ "$SKIP_BUILD" = 0 ]; then
    for product in chatpayloads chatpayloads-store chatstore-microbench; do   # `store` runs chatpayloads-store
        BUILD=("$ROOT/Scripts/release-build" --product "$product")
        if [ -n "${SWIFT_SCRATCH:-}" ]; then BUILD+=(--scratch-path "$SWIFT_SCRATCH"); fi
        log "${BUILD[*]}"
        (cd "$ROOT" && "${BUILD[@]}") >&2 || die "the release build failed"
    done
fi
[ -x "$OURS" ] || die "$OURS is missing"
/usr/bin/time -f "%e" true >/dev/null 2>&1 || die "/usr/bin/time (GNU time) is needed (apt-get install -y time)"

# --- 2. the peer, in Benchmarks/.venv (as run.sh) ------------------------------------------------------
# shellcheck source=venv.sh
. "$HERE/venv.sh"
PEER=("$VPY" "$HERE/peers/store_sqlite3.py")

# --- 3. the corpus (generator 2 has the sent-form files) ---------------------------------------------
CORPUS="$HERE/corpus"
if [ ! -f "$CORPUS/sent-messages.ndjson" ] || [ ! -f "$CORPUS/sent-mixed.ndjson" ]; then
    log "generating the corpus into $CORPUS"
    "$PYTHON" "$HERE/generate_corpus.py" --out "$CORPUS" >&2
fi
SENT="$CORPUS/sent-messages.ndjson"
SENT_MIXED="$CORPUS/sent-mixed.ndjson"
WORK="$CORPUS/_store"
mkdir -p "$WORK/runs"
EXPECT_MIXED="$("$VPY" -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]["mixed"]; print(c["valid"], c["invalid"] + c["unreadable"])' "$CORPUS/MANIFEST.json")"
rm -f "$WORK/template.sqlite"*
"$OURS" store import --db "$WORK/template.sqlite" --no-config --quiet - </dev/null >/dev/null 2>&1 || true; [ -f "$WORK/template.sqlite" ] || die "cannot create the template store"
DEFAULT_BATCH="${BATCH:-$("$OURS" store import --help | sed -n 's/.*Rows per transaction (default \([0-9,]*\)).*/\1/p' | tr -d , | head -n 1)}"
[ -n "$DEFAULT_BATCH" ] || die "cannot read the default --batch-size from store import --help"

# --- 4. the runs ----------------------------------------------------------------------------------
STAMP_NOW="$(date -u +%Y%m%dT%H%M%SZ)"
RAW="$WORK/results-$STAMP_NOW.tsv"
printf 'round\tscenario\timpl\tstatus\twall_s\tuser_s\tsys_s\trss_kb\tpayloads\taccepted\trejected\tinserted\tunchanged\n' > "$RAW"

fresh() { rm -f "$1" "$1-wal" "$1-shm"; }
# record ROUND SCENARIO IMPL KIND -- COMMAND...   (KIND: ours | peer)
record() {
    local round="$1" scenario="$2" impl="$3" kind="$4"; shift 5
    local base="$WORK/runs/$scenario.${impl// /_}.$round" status=0
    printf '    round %s  %-10s %-34s ' "$round" "$scenario" "$impl" >&2
    local t0="$EPOCHREALTIME"
    /usr/bin/time -f "%e %U %S %M" -o "$base.time" "$@" >"$base.out" 2>"$base.err" || status=$?
    local t1="$EPOCHREALTIME"
    local _e user sys rss counts
    read -r _e user sys rss < <(tail -n 1 "$base.time")
    local wall; wall="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", b - a}')"
    if counts="$("$VPY" - "$kind" "$base.out" "$status" <<'PY'
import json, re, sys
kind, path, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(path, encoding="utf-8", errors="replace").read()
if kind == "peer":
    if status != 0: sys.exit("exit status %d" % status)
    c = json.loads(text.strip().splitlines()[-1])
    print(c["payloads"], c["valid"], c["invalid"] + c["unreadable"], c["inserted"], c["unchanged"])
else:
    m = re.search(r"store: (\d+) of (\d+) payloads? accepted: (\d+) inserted, (\d+) updated, (\d+) unchanged.*?; (\d+) rejected", text)
    if not m or status not in (0, 1, 2): sys.exit("exit status %d, no store line" % status)
    kept, total, ins, upd, unch, rej = map(int, m.groups())
    print(total, kept, rej, ins, unch)
PY
)"; then
        local payloads accepted rejected inserted unchanged
        read -r payloads accepted rejected inserted unchanged <<<"$counts"
        printf '%8.2f s  cpu %6.2f s  %7.1f MB  %s accepted, %s rejected, %s inserted\n' "$wall" "$(awk "BEGIN {print $user + $sys}")" \
            "$(awk "BEGIN {print $rss/1024}")" "$accepted" "$rejected" "$inserted" >&2
        printf '%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$scenario" "$impl" "$wall" "$user" "$sys" "$rss" \
            "$payloads" "$accepted" "$rejected" "$inserted" "$unchanged" >> "$RAW"
    else
        printf 'FAILED: %s\n' "$counts" >&2
        printf '%s\t%s\t%s\terror\t0\t0\t0\t0\t0\t0\t0\t0\t0\n' "$round" "$scenario" "$impl" >> "$RAW"
    fi
}
ours_import() { # DB FILE [flags]
    local db="$1" file="$2"; shift 2
    echo "$OURS" store import --db "$db" --no-config --profile strict --force --reporter summary --color never "$@" "$file"
}

QUERY_DB="$WORK/query-1m.sqlite"
if wants query && [ ! -f "$QUERY_DB" ]; then
    log "building the 1,000,000-message store (once): $QUERY_DB"
    "$MICRO" --db "$QUERY_DB" --rounds 1 >&2 || die "chatstore-microbench could not build $QUERY_DB"
fi

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
log "$ROUNDS round(s), interleaved; ours' default batch size $DEFAULT_BATCH; raw results $RAW"
OURS_DB="$WORK/ours.sqlite"
PEER_DB="$WORK/peer.sqlite"
for round in $(seq 1 "$ROUNDS"); do
    if wants import || wants reimport; then
        fresh "$OURS_DB"; fresh "$PEER_DB"
        # shellcheck disable=SC2046
        record "$round" import "chatpayloads (defaults)" ours -- $(ours_import "$OURS_DB" "$SENT" ${BATCH:+--batch-size "$BATCH"})
        record "$round" import "sqlite3 peer (256, FULL)" peer -- "${PEER[@]}" import --template "$WORK/template.sqlite" --db "$PEER_DB" \
            --batch-size 256 --synchronous full "$SENT"
        if wants reimport; then
            # shellcheck disable=SC2046
            record "$round" reimport "chatpayloads (defaults)" ours -- $(ours_import "$OURS_DB" "$SENT" ${BATCH:+--batch-size "$BATCH"})
            cp "$PEER_DB" "$PEER_DB.copy"   # the peer's copy-from-template start is not a re-import: run on its own file
            record "$round" reimport "sqlite3 peer (256, FULL)" peer -- "${PEER[@]}" import --template "$PEER_DB.copy" --db "$PEER_DB" \
                --batch-size 256 --synchronous full "$SENT"
            rm -f "$PEER_DB.copy"
        fi
    fi
    if wants equal; then
        for size in 256 "$DEFAULT_BATCH"; do
            fresh "$OURS_DB"; fresh "$PEER_DB"
            # shellcheck disable=SC2046
            record "$round" equal "chatpayloads ($size, FULL)" ours -- $(ours_import "$OURS_DB" "$SENT" --batch-size "$size" --synchronous full)
            record "$round" equal "sqlite3 peer ($size, FULL)" peer -- "${PEER[@]}" import --template "$WORK/template.sqlite" --db "$PEER_DB" \
                --batch-size "$size" --synchronous full "$SENT"
        done
    fi
    if wants mixed; then
        fresh "$OURS_DB"; fresh "$PEER_DB"
        # shellcheck disable=SC2046
        record "$round" mixed "chatpayloads (defaults)" ours -- $(ours_import "$OURS_DB" "$SENT_MIXED" ${BATCH:+--batch-size "$BATCH"})
        record "$round" mixed "sqlite3 peer (256, FULL)" peer -- "${PEER[@]}" import --template "$WORK/template.sqlite" --db "$PEER_DB" \
            --batch-size 256 --synchronous full "$SENT_MIXED"
    fi
    if wants query; then
        "$MICRO" --db "$QUERY_DB" > "$WORK/runs/query.chatstore.$round.out" || die "chatstore-microbench failed"
        "${PEER[@]}" query --db "$QUERY_DB" > "$WORK/runs/query.peer.$round.out" || die "the peer's queries failed"
        printf '    round %s  query      done\n' "$round" >&2
    fi
done
fresh "$OURS_DB"; fresh "$PEER_DB"

# --- 5. the table ---------------------------------------------------------------------------------
TABLE="$WORK/results-$STAMP_NOW.md"
status=0
"$VPY" "$HERE/peers/store_report.py" "$RAW" "$WORK/runs" "$ROUNDS" "$EXPECT_MIXED" > "$TABLE" || status=$?
{
    echo "Date: $(date -u +%Y-%m-%d) · machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1) · rounds: $ROUNDS · load average at start / end: $LOAD_START / $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "Command: ROUNDS=$ROUNDS bash Benchmarks/store.sh${ARGS_TEXT:+ $ARGS_TEXT}"
    echo
    cat "$TABLE"
} | tee "$TABLE.tmp"
mv "$TABLE.tmp" "$TABLE"
echo "raw results: $RAW" >&2
[ "$status" = 0 ] || die "counts disagree or a run failed (see above and $WORK/runs/)"
