#!/usr/bin/env bash
# Side-by-side benchmark of `chatpayloads validate` against jsonschema-rs, python-jsonschema,
# sourcemeta `jsonschema` and check-jsonschema (issue 7). See Benchmarks/README.md.
#
#   bash Benchmarks/run.sh [--scale X] [--peers-only] [--skip-build] [--only SCENARIO[,SCENARIO]]
#                          [--impls IMPL[,IMPL]]
#
# Environment:
#   ROUNDS=3            rounds; every round runs every implementation of every scenario once,
#                       interleaved, and the table shows medians
#   PYTHON=python3      the interpreter that creates Benchmarks/.venv
#   OURS_ARRAY_ARGS     extra `validate` flags that make ours stream a top-level array element by
#                       element (default: "--format json-array"; the scenario reports n/a when ours
#                       rejects the flags)
#   TIMEOUT=1800        seconds before one run is killed
#   SWIFT_SCRATCH       build in this scratch path (swift build --scratch-path) instead of .build,
#                       e.g. to stay off a build folder other builds are using
#   OURS                an already built chatpayloads binary to measure (skips the build)
# Scenarios: ndjson-1core, ndjson-2cores, array, small-files, mixed, mixed-json, startup.
#   mixed-json: mixed.ndjson with every error reported (ours --reporter json; jsonschema-rs
#               iter_errors with each error dumped by orjson);
#   startup:    one small file, one process (start-up, schema loading, one payload).
# Implementations: chatpayloads, jsonschema-rs, python-jsonschema, sourcemeta, check-jsonschema
# (--peers-only is --impls without chatpayloads).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
ROUNDS="${ROUNDS:-3}"
PYTHON="${PYTHON:-python3}"
OURS_ARRAY_ARGS="${OURS_ARRAY_ARGS:---format json-array}"
TIMEOUT="${TIMEOUT:-1800}"
SCALE=1
PEERS_ONLY=0
SKIP_BUILD=0
ONLY="ndjson-1core,ndjson-2cores,array,small-files,mixed,mixed-json,startup"
IMPLS="chatpayloads,jsonschema-rs,python-jsonschema,sourcemeta,check-jsonschema"

ARGS_TEXT="$*"
while [ $# -gt 0 ]; do
    case "$1" in
        --scale) SCALE="$2"; shift 2 ;;
        --scale=*) SCALE="${1#*=}"; shift ;;
        --peers-only) PEERS_ONLY=1; shift ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        --only) ONLY="$2"; shift 2 ;;
        --only=*) ONLY="${1#*=}"; shift ;;
        --impls) IMPLS="$2"; shift 2 ;;
        --impls=*) IMPLS="${1#*=}"; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
case "$ROUNDS" in ''|*[!0-9]*|0) echo "run.sh: ROUNDS must be a positive integer" >&2; exit 64 ;; esac

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf '\nrun.sh: ERROR: %s\n' "$*" >&2; exit 1; }
wants() { case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
runs() { case ",$IMPLS," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
if [ "$PEERS_ONLY" = 1 ]; then IMPLS="$(echo ",$IMPLS," | sed 's/,chatpayloads,/,/; s/^,//; s/,$//')"; fi
if ! runs chatpayloads; then PEERS_ONLY=1; fi

if [ "$SCALE" = "1" ] || [ "$SCALE" = "1.0" ]; then
    CORPUS="$HERE/corpus"
else
    CORPUS="$HERE/corpus/scale-$SCALE"
fi

# --- 1. our release build -------------------------------------------------------------------------
# The released form: the Swift runtime and Foundation linked statically (start-up ~3 ms shorter, see README.md).
BUILD=("$ROOT/Scripts/release-build" --product chatpayloads)
if [ -n "${SWIFT_SCRATCH:-}" ]; then BUILD+=(--scratch-path "$SWIFT_SCRATCH"); fi
if [ -n "${OURS:-}" ]; then SKIP_BUILD=1; else OURS="${SWIFT_SCRATCH:-$ROOT/.build}/release/chatpayloads"; fi
if [ "$PEERS_ONLY" = 0 ]; then
    if [ "$SKIP_BUILD" = 0 ]; then
        log "${BUILD[*]}"
        (cd "$ROOT" && "${BUILD[@]}") >&2 || die "the release build failed (use --peers-only to measure the peers alone)"
    fi
    [ -x "$OURS" ] || die "$OURS is missing (build it, or use --peers-only)"
fi

# --- 2. GNU time --------------------------------------------------------------------------------
if ! /usr/bin/time -f "%e %M" true >/dev/null 2>&1; then
    log "installing GNU time (apt-get install -y time)"
    if [ "$(id -u)" = 0 ]; then apt-get install -y time >&2 || { apt-get update >&2 && apt-get install -y time >&2; }
    else sudo apt-get install -y time >&2; fi
    /usr/bin/time -f "%e %M" true >/dev/null 2>&1 || die "/usr/bin/time (GNU time) is needed"
fi

# --- 3. the peers, in Benchmarks/.venv ------------------------------------------------------------
# shellcheck source=venv.sh
. "$HERE/venv.sh"
# sourcemeta-jsonschema and python-jsonschema both install a `jsonschema` script (the last one wins),
# so run sourcemeta's native binary directly (this also skips its Python launcher).
SOURCEMETA="$("$VPY" -c 'import os, platform, sourcemeta_jsonschema as m
arch = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
print(os.path.join(os.path.dirname(m.__file__), "jsonschema-%s-%s" % (platform.system().lower(), arch)))')"
[ -x "$SOURCEMETA" ] || die "sourcemeta binary not found at $SOURCEMETA"
CHECK_JSONSCHEMA="$VENV/bin/check-jsonschema"

# --- 4. the corpus ----------------------------------------------------------------------------
if [ ! -f "$CORPUS/MANIFEST.json" ]; then
    log "generating the corpus into $CORPUS (scale $SCALE)"
    "$PYTHON" "$HERE/generate_corpus.py" --scale "$SCALE" --out "$CORPUS" >&2
fi
NDJSON="$CORPUS/messages.ndjson"
ARRAY="$CORPUS/messages-array.json"
MIXED="$CORPUS/mixed.ndjson"
SMALL="$CORPUS/small"
ONE=""
for f in "$SMALL"/*.json; do ONE="$f"; break; done   # the first small file, for the start-up run
# sourcemeta reads NDJSON only from *.jsonl (and follows symbolic links to the real name): a hard link.
if [ ! "$CORPUS/messages.jsonl" -ef "$NDJSON" ]; then
    ln -f "$NDJSON" "$CORPUS/messages.jsonl" 2>/dev/null || cp "$NDJSON" "$CORPUS/messages.jsonl"
fi
WORK="$CORPUS/_bench"
mkdir -p "$WORK/runs"
"$VPY" "$HERE/peers/bundle_schema.py" "$WORK/message.bundled.json"
"$VPY" - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
json.dump({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array",
           "items": {"$ref": "https://chatpayloads.dev/profiles/strict/message.json"}},
          open(f"{work}/array-of-messages.json", "w"), indent=2)
bundled = json.load(open(f"{work}/message.bundled.json"))
bundled_root = bundled.pop("$id")
defs = bundled.pop("$defs")
wrapper = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "items": {"$ref": bundled_root},
           "$defs": {"bundled:" + bundled_root: dict(bundled, **{"$id": bundled_root}), **defs}}
json.dump(wrapper, open(f"{work}/array-of-messages.bundled.json", "w"), indent=2)
PY
ELEMENTS="$("$VPY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["counts"]["messages"])' "$CORPUS/MANIFEST.json")"
size_of() { if [ -d "$1" ]; then find "$1" -type f -name '*.json' -printf '%s\n' | awk '{s+=$1} END {print s+0}'; else stat -c %s "$1"; fi; }

SCHEMA_STRICT="$ROOT/Schemas/profiles/strict/message.json"
SM_RESOLVE=(-r "$ROOT/Schemas/message.json" -r "$ROOT/Schemas/profiles/strict")
OURS_COMMON=(validate --profile strict --reporter summary --no-config --color never)

# --- 5. the runs ------------------------------------------------------------------------------------
STAMP_NOW="$(date -u +%Y%m%dT%H%M%SZ)"
RAW="$WORK/results-$STAMP_NOW.tsv"
printf 'round\tscenario\timpl\tstatus\twall_s\trss_kb\tbytes\tpayloads\tvalid\tinvalid\tunreadable\tnote\n' > "$RAW"

# record ROUND SCENARIO IMPL INPUT KIND [--elements N] -- COMMAND...
record() {
    runs "$3" || return 0
    local round="$1" scenario="$2" impl="$3" input="$4" kind="$5"; shift 5
    local extra=()
    while [ "$1" != "--" ]; do extra+=("$1"); shift; done
    shift
    local base="$WORK/runs/$scenario.$impl.$round"
    local status=0
    printf '    round %s  %-14s %-18s ' "$round" "$scenario" "$impl" >&2
    # GNU time gives the peak RSS (and wall time in 10 ms steps); EPOCHREALTIME gives the wall time in µs.
    local t0="$EPOCHREALTIME"
    timeout "$TIMEOUT" /usr/bin/time -f "%e %M" -o "$base.time" "$@" >"$base.out" 2>"$base.err" || status=$?
    local t1="$EPOCHREALTIME"
    local wall rss _coarse
    read -r _coarse rss < <(tail -n 1 "$base.time" 2>/dev/null || echo "0 0")
    wall="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", b - a}')"
    local counts
    if counts="$("$VPY" "$HERE/peers/counts.py" "$kind" "$base.out" "$base.err" "$status" "${extra[@]}")"; then
        local payloads valid invalid unreadable
        read -r payloads valid invalid unreadable <<<"$counts"
        printf '%8.2f s %8.1f MB  %s valid, %s invalid, %s unreadable\n' "$wall" "$(awk "BEGIN {print $rss/1024}")" "$valid" "$invalid" "$unreadable" >&2
        printf '%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$round" "$scenario" "$impl" "$wall" "$rss" "$(size_of "$input")" \
            "$payloads" "$valid" "$invalid" "$unreadable" >> "$RAW"
    else
        local st="error" note="${counts#ERROR }"
        # Ours without an array-streaming flag yet: a usage error is "not supported", not a failure.
        if [ "$impl" = chatpayloads ] && [ "$scenario" = array ] && [ "$status" = 64 ]; then
            st="n/a"; note="ours rejects '$OURS_ARRAY_ARGS' (no element-streaming array mode yet): $note"
        fi
        printf 'FAILED (%s): %s\n' "$st" "$note" >&2
        printf '%s\t%s\t%s\t%s\t0\t0\t0\t0\t0\t0\t0\t%s\n' "$round" "$scenario" "$impl" "$st" "$note" >> "$RAW"
    fi
}
na() { runs "$2" || return 0; printf '1\t%s\t%s\tn/a\t0\t0\t0\t0\t0\t0\t0\t%s\n' "$1" "$2" "$3" >> "$RAW"; }

DRIVER_RS=("$VPY" "$HERE/peers/jsonschema_rs_ndjson.py")
DRIVER_PY=("$VPY" "$HERE/peers/python_jsonschema_ndjson.py")

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
log "$ROUNDS round(s), interleaved; corpus $CORPUS; raw results $RAW"
for round in $(seq 1 "$ROUNDS"); do
    if wants ndjson-1core; then
        [ "$PEERS_ONLY" = 1 ] || record "$round" ndjson-1core chatpayloads "$NDJSON" ours -- "$OURS" "${OURS_COMMON[@]}" --schema message --jobs 1 "$NDJSON"
        record "$round" ndjson-1core jsonschema-rs "$NDJSON" driver -- "${DRIVER_RS[@]}" --mode ndjson "$NDJSON"
        record "$round" ndjson-1core python-jsonschema "$NDJSON" driver -- "${DRIVER_PY[@]}" --mode ndjson "$NDJSON"
        record "$round" ndjson-1core sourcemeta "$NDJSON" sourcemeta -- "$SOURCEMETA" validate "$SCHEMA_STRICT" "$CORPUS/messages.jsonl" "${SM_RESOLVE[@]}" --format-assertion --fast --continue
    fi
    if wants ndjson-2cores && [ "$PEERS_ONLY" = 0 ]; then
        record "$round" ndjson-2cores chatpayloads "$NDJSON" ours -- "$OURS" "${OURS_COMMON[@]}" --schema message --jobs 2 "$NDJSON"
    fi
    if wants array; then
        # shellcheck disable=SC2086  # OURS_ARRAY_ARGS is a list of flags
        [ "$PEERS_ONLY" = 1 ] || record "$round" array chatpayloads "$ARRAY" ours -- "$OURS" "${OURS_COMMON[@]}" --schema message --jobs 1 $OURS_ARRAY_ARGS "$ARRAY"
        record "$round" array jsonschema-rs "$ARRAY" driver -- "${DRIVER_RS[@]}" --mode array "$ARRAY"
        record "$round" array python-jsonschema "$ARRAY" driver -- "${DRIVER_PY[@]}" --mode array "$ARRAY"
        record "$round" array sourcemeta "$ARRAY" sourcemeta --elements "$ELEMENTS" -- "$SOURCEMETA" validate "$WORK/array-of-messages.json" "$ARRAY" "${SM_RESOLVE[@]}" --format-assertion --fast --continue
        record "$round" array check-jsonschema "$ARRAY" check-jsonschema --elements "$ELEMENTS" -- "$CHECK_JSONSCHEMA" --schemafile "$WORK/array-of-messages.bundled.json" -o JSON "$ARRAY"
    fi
    if wants small-files; then
        [ "$PEERS_ONLY" = 1 ] || record "$round" small-files chatpayloads "$SMALL" ours -- "$OURS" "${OURS_COMMON[@]}" --schema message --jobs 1 "$SMALL"
        record "$round" small-files jsonschema-rs "$SMALL" driver -- "${DRIVER_RS[@]}" --mode files "$SMALL"
        record "$round" small-files python-jsonschema "$SMALL" driver -- "${DRIVER_PY[@]}" --mode files "$SMALL"
        record "$round" small-files sourcemeta "$SMALL" sourcemeta -- "$SOURCEMETA" validate "$SCHEMA_STRICT" "$SMALL" "${SM_RESOLVE[@]}" --format-assertion --fast --continue
        record "$round" small-files check-jsonschema "$SMALL" check-jsonschema -- "$CHECK_JSONSCHEMA" --schemafile "$WORK/message.bundled.json" -o JSON -v "$SMALL"/*.json
    fi
    if wants mixed; then
        [ "$PEERS_ONLY" = 1 ] || record "$round" mixed chatpayloads "$MIXED" ours -- "$OURS" "${OURS_COMMON[@]}" --schema auto --jobs 1 "$MIXED"
        record "$round" mixed jsonschema-rs "$MIXED" driver -- "${DRIVER_RS[@]}" --mode mixed "$MIXED"
        record "$round" mixed python-jsonschema "$MIXED" driver -- "${DRIVER_PY[@]}" --mode mixed "$MIXED"
    fi
    if wants mixed-json; then
        [ "$PEERS_ONLY" = 1 ] || record "$round" mixed-json chatpayloads "$MIXED" ours -- "$OURS" validate --profile strict --reporter json --no-config --color never --schema auto --jobs 1 "$MIXED"
        record "$round" mixed-json jsonschema-rs "$MIXED" driver -- "${DRIVER_RS[@]}" --mode mixed --errors "$WORK/runs/mixed-json.errors.jsonl" "$MIXED"
    fi
    if wants startup; then
        [ "$PEERS_ONLY" = 1 ] || record "$round" startup chatpayloads "$ONE" ours -- "$OURS" "${OURS_COMMON[@]}" --schema message --jobs 1 "$ONE"
        record "$round" startup sourcemeta "$ONE" sourcemeta -- "$SOURCEMETA" validate "$SCHEMA_STRICT" "$ONE" "${SM_RESOLVE[@]}" --format-assertion --fast --continue
    fi
done
if wants ndjson-1core; then na ndjson-1core check-jsonschema "reads no NDJSON"; fi
if wants mixed; then
    na mixed sourcemeta "stops at the first malformed line; one schema per run (no per-line schema choice)"
    na mixed check-jsonschema "reads no NDJSON"
fi

# --- 5b. line-by-line verdicts on mixed.ndjson (once, untimed) ------------------------------------
LINES_STATUS=0
if wants mixed; then
    log "line-by-line verdicts on mixed.ndjson against mixed.expected.json"
    specs=()
    if runs chatpayloads; then
        "$OURS" validate --profile strict --reporter json --no-config --color never --schema auto --jobs 1 "$MIXED" \
            > "$WORK/runs/lines.chatpayloads.json" 2>/dev/null || true
        specs+=("chatpayloads=$WORK/runs/lines.chatpayloads.json")
    fi
    if runs jsonschema-rs; then
        "${DRIVER_RS[@]}" --mode mixed --verdicts "$WORK/runs/lines.jsonschema-rs.txt" "$MIXED" >/dev/null
        specs+=("jsonschema-rs=$WORK/runs/lines.jsonschema-rs.txt")
    fi
    if runs python-jsonschema; then
        "${DRIVER_PY[@]}" --mode mixed --verdicts "$WORK/runs/lines.python-jsonschema.txt" "$MIXED" >/dev/null
        specs+=("python-jsonschema=$WORK/runs/lines.python-jsonschema.txt")
    fi
    if [ "${#specs[@]}" -gt 0 ]; then
        "$VPY" "$HERE/peers/check_lines.py" "$CORPUS/mixed.expected.json" "${specs[@]}" || LINES_STATUS=1
    fi
fi

# --- 6. the table ---------------------------------------------------------------------------------
TABLE="$WORK/results-$STAMP_NOW.md"
status=0
"$VPY" "$HERE/peers/report.py" "$RAW" "$CORPUS" > "$TABLE" || status=$?
{
    echo "Date: $(date -u +%Y-%m-%d) · machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1) · rounds: $ROUNDS · scale: $SCALE · load average at start / end: $LOAD_START / $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "Command: ROUNDS=$ROUNDS bash Benchmarks/run.sh${ARGS_TEXT:+ $ARGS_TEXT}"
    echo
    cat "$TABLE"
} | tee "$TABLE.tmp"
mv "$TABLE.tmp" "$TABLE"
echo >&2
echo "raw results: $RAW" >&2
echo "table:       $TABLE" >&2
[ "$status" = 0 ] || die "verdict counts disagree or a run failed (see above and $WORK/runs/)"
[ "$LINES_STATUS" = 0 ] || die "line-by-line verdicts on mixed.ndjson disagree with mixed.expected.json (see above)"
