#!/usr/bin/env bash
# Real-world schemas (issue 26): `chatpayloads validate` against sourcemeta `jsonschema validate` and
# jsonschema-rs on public schemas from the field (Benchmarks/realworld/, see Benchmarks/README.md),
# process for process: one process per schema and implementation, validating all its instances.
#
#   bash Benchmarks/realworld.sh [--skip-build] [--only NAME[,NAME]] [--impls IMPL[,IMPL]]
#                                [--mode files|ndjson] [--per-verdict N] [--no-verdicts]
#
# Environment:
#   ROUNDS=3          rounds; every round runs every implementation on every schema once,
#                     interleaved, and the table shows medians
#   PYTHON=python3    the interpreter that creates Benchmarks/.venv
#   OURS              an already built chatpayloads binary to measure (skips the build)
#   OURS_ARGS         extra `validate` flags for ours (default: "--jobs 1", one core as the peers)
#   SWIFT_SCRATCH     build in this scratch path (swift build --scratch-path) instead of .build
#   TIMEOUT=600       seconds before one run is killed (then that cell reads "error")
#   CORPUS            the generated set (default Benchmarks/realworld/corpus; made when missing or
#                     when --per-verdict differs from its MANIFEST.json)
# --mode files (default): each instance one .json file, the folder given to every implementation;
# --mode ndjson: the same instances as one instances.jsonl.
# --per-verdict N: valid and invalid instances per schema, each (default 300; generate.py).
# Implementations: chatpayloads, sourcemeta, jsonschema-rs (--impls chooses; without chatpayloads
# nothing is built). After the timed rounds, unless --no-verdicts, each implementation's verdict on
# every instance (files) is compared with the reference's (python-jsonschema), untimed.
# The exit status is 1 when an implementation's counts or verdicts differ from the reference's; a
# schema an implementation refuses (e.g. ours before draft-07 support) is an "error" cell, not a stop.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
RW="$HERE/realworld"
ROUNDS="${ROUNDS:-3}"
PYTHON="${PYTHON:-python3}"
OURS_ARGS="${OURS_ARGS:---jobs 1}"
TIMEOUT="${TIMEOUT:-600}"
CORPUS="${CORPUS:-$RW/corpus}"
SKIP_BUILD=0
ONLY=""
IMPLS="chatpayloads,sourcemeta,jsonschema-rs"
MODE=files
PER_VERDICT=300
VERDICTS=1

ARGS_TEXT="$*"
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-build) SKIP_BUILD=1; shift ;;
        --only) ONLY="$2"; shift 2 ;;
        --only=*) ONLY="${1#*=}"; shift ;;
        --impls) IMPLS="$2"; shift 2 ;;
        --impls=*) IMPLS="${1#*=}"; shift ;;
        --mode) MODE="$2"; shift 2 ;;
        --mode=*) MODE="${1#*=}"; shift ;;
        --per-verdict) PER_VERDICT="$2"; shift 2 ;;
        --per-verdict=*) PER_VERDICT="${1#*=}"; shift ;;
        --no-verdicts) VERDICTS=0; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;;
        *) echo "realworld.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
case "$ROUNDS" in ''|*[!0-9]*|0) echo "realworld.sh: ROUNDS must be a positive integer" >&2; exit 64 ;; esac
case "$PER_VERDICT" in ''|*[!0-9]*|0) echo "realworld.sh: --per-verdict must be a positive integer" >&2; exit 64 ;; esac
case "$MODE" in files|ndjson) ;; *) echo "realworld.sh: --mode is files or ndjson" >&2; exit 64 ;; esac
for impl in ${IMPLS//,/ }; do
    case "$impl" in chatpayloads|sourcemeta|jsonschema-rs) ;; *) echo "realworld.sh: unknown implementation $impl" >&2; exit 64 ;; esac
done

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf '\nrealworld.sh: ERROR: %s\n' "$*" >&2; exit 1; }
runs() { case ",$IMPLS," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# --- 1. our release build (as run.sh builds it) ----------------------------------------------------
BUILD=("$ROOT/Scripts/release-build" --product chatpayloads)
if [ -n "${SWIFT_SCRATCH:-}" ]; then BUILD+=(--scratch-path "$SWIFT_SCRATCH"); fi
if [ -n "${OURS:-}" ]; then SKIP_BUILD=1; else OURS="${SWIFT_SCRATCH:-$ROOT/.build}/release/chatpayloads"; fi
if runs chatpayloads; then
    if [ "$SKIP_BUILD" = 0 ]; then
        log "${BUILD[*]}"
        (cd "$ROOT" && "${BUILD[@]}") >&2 || die "the release build failed (use --impls sourcemeta,jsonschema-rs to measure the peers alone)"
    fi
    [ -x "$OURS" ] || die "$OURS is missing (build it, or leave chatpayloads out of --impls)"
fi

# --- 2. GNU time ----------------------------------------------------------------------------------
if ! /usr/bin/time -f "%e %M" true >/dev/null 2>&1; then
    log "installing GNU time (apt-get install -y time)"
    if [ "$(id -u)" = 0 ]; then apt-get install -y time >&2 || { apt-get update >&2 && apt-get install -y time >&2; }
    else sudo apt-get install -y time >&2; fi
    /usr/bin/time -f "%e %M" true >/dev/null 2>&1 || die "/usr/bin/time (GNU time) is needed"
fi

# --- 3. the peers, in Benchmarks/.venv (the reference, python-jsonschema, is there too) -------------
# shellcheck source=venv.sh
. "$HERE/venv.sh"
SOURCEMETA="$("$VPY" -c 'import os, platform, sourcemeta_jsonschema as m
arch = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
print(os.path.join(os.path.dirname(m.__file__), "jsonschema-%s-%s" % (platform.system().lower(), arch)))')"
if runs sourcemeta; then [ -x "$SOURCEMETA" ] || die "sourcemeta binary not found at $SOURCEMETA"; fi

# --- 4. the set -----------------------------------------------------------------------------------
MANIFEST="$CORPUS/MANIFEST.json"
have_per_verdict() { "$VPY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["per_verdict"])' "$MANIFEST" 2>/dev/null || echo 0; }
if [ ! -f "$MANIFEST" ] || [ "$(have_per_verdict)" != "$PER_VERDICT" ]; then
    log "generating the set into $CORPUS ($PER_VERDICT valid and $PER_VERDICT invalid instances per schema; python-jsonschema judges each)"
    "$VPY" "$RW/generate.py" --out "$CORPUS" --per-verdict "$PER_VERDICT" >&2
fi
# name <TAB> schema path <TAB> input path <TAB> 1 when the schema has no $schema
mapfile -t SCHEMAS < <("$VPY" - "$MANIFEST" "$MODE" "$ONLY" <<'PY'
import json, os, sys
manifest, mode, only = sys.argv[1], sys.argv[2], {s for s in sys.argv[3].split(",") if s}
corpus = os.path.dirname(os.path.abspath(manifest))
rows = json.load(open(manifest))["schemas"]
unknown = only - {r["name"] for r in rows}
if unknown:
    sys.exit("realworld.sh: not in the set: " + ", ".join(sorted(unknown)))
for r in rows:
    if only and r["name"] not in only:
        continue
    schema = os.path.join(corpus, r["schema"])
    no_dialect = "$schema" not in json.load(open(schema))
    print("\t".join([r["name"], schema, os.path.join(corpus, r["files"] if mode == "files" else r["ndjson"]), "1" if no_dialect else "0"]))
PY
)
[ "${#SCHEMAS[@]}" -gt 0 ] || die "no schema to run"

WORK="$CORPUS/_bench"
mkdir -p "$WORK/runs"
STAMP_NOW="$(date -u +%Y%m%dT%H%M%SZ)"
RAW="$WORK/results-$STAMP_NOW.tsv"
printf 'round\tschema\timpl\tstatus\twall_s\trss_kb\tinstances\tvalid\tinvalid\tunreadable\tnote\n' > "$RAW"

# record ROUND SCHEMA IMPL KIND -- COMMAND...
record() {
    runs "$3" || return 0
    local round="$1" schema="$2" impl="$3" kind="$4"; shift 5
    local base="$WORK/runs/$schema.$impl.$round"
    local status=0
    printf '    round %s  %-26s %-14s ' "$round" "$schema" "$impl" >&2
    local t0="$EPOCHREALTIME"
    timeout "$TIMEOUT" /usr/bin/time -f "%e %M" -o "$base.time" "$@" >"$base.out" 2>"$base.err" || status=$?
    local t1="$EPOCHREALTIME"
    local wall rss _coarse
    read -r _coarse rss < <(tail -n 1 "$base.time" 2>/dev/null || echo "0 0")
    wall="$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", b - a}')"
    local counts
    # Ours refusing the schema exits 3 (schema error): counts.py reports it as an error, not a count.
    if counts="$("$VPY" "$HERE/peers/counts.py" "$kind" "$base.out" "$base.err" "$status")"; then
        local payloads valid invalid unreadable
        read -r payloads valid invalid unreadable <<<"$counts"
        printf '%8.3f s %7.1f MB  %s valid, %s invalid, %s unreadable\n' "$wall" "$(awk "BEGIN {print $rss/1024}")" "$valid" "$invalid" "$unreadable" >&2
        printf '%s\t%s\t%s\tok\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$round" "$schema" "$impl" "$wall" "$rss" "$payloads" "$valid" "$invalid" "$unreadable" >> "$RAW"
    else
        local note="${counts#ERROR }" first
        # The first "error:" line says more than the last line of a multi-line message.
        first="$(grep -m 1 -i '^error' "$base.err" 2>/dev/null | cut -c1-160 || true)"
        if [ -n "$first" ]; then note="exit status $status: $first"; fi
        printf '%8.3f s  %s: error: %s\n' "$wall" "$impl" "$note" >&2
        printf '%s\t%s\t%s\terror\t%s\t0\t0\t0\t0\t0\t%s\n' "$round" "$schema" "$impl" "$wall" "$note" >> "$RAW"
    fi
}

# shellcheck disable=SC2206  # OURS_ARGS is a list of flags
OURS_CMD=("$OURS" validate --reporter summary --no-config --color never $OURS_ARGS)
SM_DEFAULT=(--default-dialect "https://json-schema.org/draft/2020-12/schema")   # as ours and the reference

# --- 5. the timed runs ------------------------------------------------------------------------------
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
log "$ROUNDS round(s), interleaved, ${#SCHEMAS[@]} schemas, mode $MODE; raw results $RAW"
for round in $(seq 1 "$ROUNDS"); do
    for row in "${SCHEMAS[@]}"; do
        IFS=$'\t' read -r name schema input no_dialect <<<"$row"
        sm_extra=(); if [ "$no_dialect" = 1 ]; then sm_extra=("${SM_DEFAULT[@]}"); fi
        record "$round" "$name" chatpayloads ours -- "${OURS_CMD[@]}" --schema "$schema" "$input"
        record "$round" "$name" sourcemeta sourcemeta -- "$SOURCEMETA" validate "$schema" "$input" --fast --continue "${sm_extra[@]}"
        record "$round" "$name" jsonschema-rs driver -- "$VPY" "$RW/peers/jsonschema_rs_validate.py" "$schema" "$input"
    done
done
LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg)"

# --- 6. every instance's verdict against the reference's (once, untimed, on the files) --------------
VERDICTS_STATUS=0
if [ "$VERDICTS" = 1 ]; then
    log "per-instance verdicts against python-jsonschema's (untimed)"
    "$VPY" - "$MANIFEST" "$ONLY" > "$WORK/verdict-schemas.tsv" <<'PY'
import json, os, sys
corpus = os.path.dirname(os.path.abspath(sys.argv[1]))
only = {s for s in sys.argv[2].split(",") if s}
for r in json.load(open(sys.argv[1]))["schemas"]:
    if not only or r["name"] in only:
        schema = os.path.join(corpus, r["schema"])
        print("\t".join([r["name"], schema, os.path.join(corpus, r["files"]), "0" if "$schema" in json.load(open(schema)) else "1"]))
PY
    mkdir -p "$WORK/verdicts"
    while IFS=$'\t' read -r name schema files no_dialect; do
        specs=()
        base="$WORK/verdicts/$name"
        sm_extra=(); if [ "$no_dialect" = 1 ]; then sm_extra=("${SM_DEFAULT[@]}"); fi
        if runs chatpayloads; then
            timeout "$TIMEOUT" "$OURS" validate --reporter ndjson --no-config --color never $OURS_ARGS --schema "$schema" "$files" \
                > "$base.chatpayloads.ndjson" 2>/dev/null || true
            specs+=("chatpayloads=ours:$base.chatpayloads.ndjson")
        fi
        if runs sourcemeta; then
            timeout "$TIMEOUT" "$SOURCEMETA" validate "$schema" "$files" --fast --continue --verbose "${sm_extra[@]}" \
                > "$base.sourcemeta.txt" 2>&1 || true
            specs+=("sourcemeta=sourcemeta:$base.sourcemeta.txt")
        fi
        if runs jsonschema-rs; then
            timeout "$TIMEOUT" "$VPY" "$RW/peers/jsonschema_rs_validate.py" "$schema" "$files" --verdicts "$base.jsonschema-rs.txt" \
                > /dev/null 2>&1 || true
            specs+=("jsonschema-rs=marks:$base.jsonschema-rs.txt")
        fi
        "$VPY" "$RW/peers/verdicts.py" "$CORPUS" "$name" "$base.json" "${specs[@]}" || VERDICTS_STATUS=1
    done < "$WORK/verdict-schemas.tsv"
fi

# --- 7. the table ------------------------------------------------------------------------------------
TABLE="$WORK/results-$STAMP_NOW.md"
status=0
"$VPY" "$RW/peers/report.py" "$RAW" "$MANIFEST" "$IMPLS" > "$TABLE" || status=$?
{
    echo "Date: $(date -u +%Y-%m-%d) · machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1) · rounds: $ROUNDS · mode: $MODE · load average at start / end: $LOAD_START / $LOAD_END"
    echo "Command: ROUNDS=$ROUNDS bash Benchmarks/realworld.sh${ARGS_TEXT:+ $ARGS_TEXT}"
    echo
    cat "$TABLE"
} | tee "$TABLE.tmp"
mv "$TABLE.tmp" "$TABLE"
echo >&2
echo "raw results: $RAW" >&2
echo "table:       $TABLE" >&2
[ "$status" = 0 ] || die "an implementation's verdict counts differ from the reference's (see above and $WORK/runs/)"
[ "$VERDICTS_STATUS" = 0 ] || die "an implementation's per-instance verdicts differ from the reference's (see above and $WORK/verdicts/)"
