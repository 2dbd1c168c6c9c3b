#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of this package.
#
#   Fuzz/run.sh [-j N] TARGET|all [SECONDS]   (default 60 seconds per target)
#   Fuzz/run.sh --build-only TARGET|all
#
# -j N runs up to N targets at the same time (default 1; each libFuzzer process uses one core).
# All targets are built first, one after the other.
#
# Targets: JSONParserFuzz ValidatorFuzz FormatFuzz RegexFuzz ConfigFuzz PatchFuzz NDJSONFuzz
#
# Each module is compiled once with `swiftc -sanitize=fuzzer,address -O` into Fuzz/.build/
# (rebuilt when its sources change); each target links the modules it needs. A target runs
# with -max_total_time=SECONDS over a scratch copy of its seed corpus
# (Fuzz/.build/corpus/TARGET, so the committed Fuzz/Corpus stays small). A crash, leak or
# timeout input is kept in Fuzz/Findings/TARGET/ and the script exits non-zero.
#
# Environment: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc),
# YAMS_DIR (Yams sources; default: .build/checkouts/Yams, else an archive of
# /opt/swift-packages/jpsim/Yams.git at tag 6.2.2), FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$HERE/.build"
MODS="$BUILD/modules"
OBJS="$BUILD/objects"
BIN="$BUILD/bin"
mkdir -p "$MODS" "$OBJS" "$BIN"

SWIFTC="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
CLANG="$(dirname "$SWIFTC")/clang"
[ -x "$CLANG" ] || CLANG="$(command -v clang)"
SAN="-sanitize=fuzzer,address"
SWIFTFLAGS=(-O -parse-as-library -g "$SAN")

ALL_TARGETS=(JSONParserFuzz ValidatorFuzz FormatFuzz RegexFuzz ConfigFuzz PatchFuzz NDJSONFuzz)

log() { printf '%s\n' "$*" >&2; }

# newer_than OUT FILES... : true when OUT is missing or older than any of FILES.
stale() {
    local out="$1"; shift
    [ -e "$out" ] || return 0
    local f
    for f in "$@"; do [ "$f" -nt "$out" ] && return 0; done
    return 1
}

# build_module NAME SWIFT_VERSION DIR [extra swiftc flags...]
build_module() {
    local name="$1" version="$2" dir="$3"; shift 3
    local sources
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    local obj="$OBJS/$name.o"
    # This package's modules share `package` declarations (JSONCore's SystemFile, MutexLock), as
    # SwiftPM builds them with one package name.
    local package=()
    case "$dir" in "$ROOT"/Sources/*) package=(-package-name chatpayloads) ;; esac
    if stale "$obj" "${sources[@]}"; then
        log "building module $name (${#sources[@]} files)"
        "$SWIFTC" "${SWIFTFLAGS[@]}" -swift-version "$version" -module-name "$name" "${package[@]}" -I "$MODS" "$@" \
            -whole-module-optimization -num-threads 0 \
            -emit-module -emit-module-path "$MODS/$name.swiftmodule" \
            -c -o "$obj" "${sources[@]}"
        touch "$obj"   # swiftc leaves an unchanged object's time alone
    fi
}

yams_dir() {
    if [ -n "${YAMS_DIR:-}" ]; then echo "$YAMS_DIR"; return; fi
    if [ -d "$ROOT/.build/checkouts/Yams/Sources/Yams" ]; then echo "$ROOT/.build/checkouts/Yams"; return; fi
    local dest="$BUILD/yams-src"
    if [ ! -d "$dest/Sources/Yams" ]; then
        mkdir -p "$dest"
        git -C /opt/swift-packages/jpsim/Yams.git archive 6.2.2 | tar -x -C "$dest"
    fi
    echo "$dest"
}

build_yams() {
    local src; src="$(yams_dir)"
    local cdir="$src/Sources/CYaml"
    local cobj
    for c in "$cdir"/src/*.c; do
        cobj="$OBJS/cyaml-$(basename "$c" .c).o"
        if stale "$cobj" "$c"; then
            "$CLANG" -O2 -g -fsanitize=fuzzer-no-link,address -I "$cdir/include" -DYAML_DECLARE_STATIC -c "$c" -o "$cobj"
            touch "$cobj"
        fi
    done
    build_module Yams 5 "$src/Sources/Yams" -DSWIFT_PACKAGE -Xcc -DYAML_DECLARE_STATIC -Xcc -I"$cdir/include" -I "$cdir/include"
    YAMS_INCLUDE=(-Xcc -DYAML_DECLARE_STATIC -Xcc -I"$cdir/include" -I "$cdir/include")
}
YAMS_INCLUDE=()

build_core() {
    build_module JSONCore 6 "$ROOT/Sources/JSONCore"
    build_module ECMARegex 6 "$ROOT/Sources/ECMARegex"
    build_module JSONSchemaFormats 6 "$ROOT/Sources/JSONSchemaFormats"
    build_module JSONSchemaValidator 6 "$ROOT/Sources/JSONSchemaValidator"
}

build_chat() {
    build_core
    build_yams
    build_module ChatPayloads 6 "$ROOT/Sources/ChatPayloads" "${YAMS_INCLUDE[@]}"
}

# link_target TARGET OBJECTS... [-- extra sources]
link_target() {
    local target="$1"; shift
    local objs=() extra=()
    while [ $# -gt 0 ]; do
        if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
        objs+=("$1"); shift
    done
    local src="$HERE/Targets/$target.swift"
    local out="$BIN/$target"
    if stale "$out" "$src" "${objs[@]}" "${extra[@]}"; then
        log "linking $target"
        "$SWIFTC" "${SWIFTFLAGS[@]}" -swift-version 6 -module-name "$target" -package-name chatpayloads -I "$MODS" "${YAMS_INCLUDE[@]}" \
            -use-ld=lld "$src" "${extra[@]}" "${objs[@]}" -o "$out"
        touch "$out"
    fi
}

CORE_OBJS=("$OBJS/JSONCore.o" "$OBJS/ECMARegex.o" "$OBJS/JSONSchemaFormats.o" "$OBJS/JSONSchemaValidator.o")

build_target() {
    local target="$1"
    case "$target" in
    JSONParserFuzz)
        build_module JSONCore 6 "$ROOT/Sources/JSONCore"
        link_target "$target" "$OBJS/JSONCore.o" ;;
    RegexFuzz)
        build_module ECMARegex 6 "$ROOT/Sources/ECMARegex"
        link_target "$target" "$OBJS/ECMARegex.o" ;;
    FormatFuzz)
        build_module ECMARegex 6 "$ROOT/Sources/ECMARegex"
        build_module JSONSchemaFormats 6 "$ROOT/Sources/JSONSchemaFormats"
        link_target "$target" "$OBJS/ECMARegex.o" "$OBJS/JSONSchemaFormats.o" ;;
    ValidatorFuzz)
        build_core
        link_target "$target" "${CORE_OBJS[@]}" ;;
    ConfigFuzz|PatchFuzz)
        build_chat
        link_target "$target" "${CORE_OBJS[@]}" "$OBJS/Yams.o" "$OBJS"/cyaml-*.o "$OBJS/ChatPayloads.o" ;;
    NDJSONFuzz)
        # The splitter lives in the executable module `chatpayloads`, which cannot be imported:
        # its source file is compiled into the target (its ByteReader comes from JSONCore).
        build_module JSONCore 6 "$ROOT/Sources/JSONCore"
        link_target "$target" "$OBJS/JSONCore.o" -- "$ROOT/Sources/ChatPayloads/Ingestion/NDJSONSplitter.swift" ;;
    *) log "unknown target $target (one of: ${ALL_TARGETS[*]})"; exit 2 ;;
    esac
}

run_target() {
    local target="$1" seconds="$2"
    local work="$BUILD/corpus/$target" findings="$HERE/Findings/$target" logf="$BUILD/logs/$target.log"
    mkdir -p "$work" "$BUILD/logs" "$BUILD/artifacts/$target"
    local seeds=()
    [ -d "$HERE/Corpus/$target" ] && seeds=("$HERE/Corpus/$target")
    log "running $target for ${seconds}s"
    set +e
    # shellcheck disable=SC2086
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$HERE/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" "$BIN/$target" "$work" "${seeds[@]}" -max_total_time="$seconds" \
        -timeout=25 -rss_limit_mb=3072 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$BUILD/artifacts/$target/" ${FUZZ_ARGS:-} >"$logf" 2>&1
    local rc=$?
    set -e
    local execs
    execs="$(grep -E '^stat::number_of_executed_units:' "$logf" | tail -1 | awk '{print $2}')"
    [ -n "$execs" ] || execs="$(grep -oE '#[0-9]+' "$logf" | tail -1 | tr -d '#')"
    local found=()
    mapfile -t found < <(find "$BUILD/artifacts/$target" -type f 2>/dev/null)
    if [ $rc -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
        mkdir -p "$findings"
        local f
        for f in "${found[@]}"; do mv "$f" "$findings/"; done
        cp "$logf" "$findings/$(date +%Y%m%d-%H%M%S).log"
        echo "$target: ${execs:-?} execs, FINDING (exit $rc): see Fuzz/Findings/$target/ and $logf"
        return 1
    fi
    echo "$target: ${execs:-?} execs, no findings"
}

usage() {
    echo "usage: $0 [--build-only] [-j N] TARGET|all [SECONDS]   targets: ${ALL_TARGETS[*]}" >&2
    exit 2
}

BUILD_ONLY=0
PARALLEL=1
while [ $# -gt 0 ]; do
    case "$1" in
    --build-only) BUILD_ONLY=1; shift ;;
    -j) [ $# -ge 2 ] || usage; PARALLEL="$2"; shift 2 ;;
    -j*) PARALLEL="${1#-j}"; shift ;;
    -*) usage ;;
    *) break ;;
    esac
done
case "$PARALLEL" in ''|*[!0-9]*|0) usage ;; esac
WHAT="${1:-}"
SECONDS_PER="${2:-60}"
[ -n "$WHAT" ] || usage
case "$SECONDS_PER" in ''|*[!0-9]*) usage ;; esac
if [ "$WHAT" = all ]; then TARGETS=("${ALL_TARGETS[@]}"); else TARGETS=("$WHAT"); fi

for t in "${TARGETS[@]}"; do build_target "$t"; done
[ $BUILD_ONLY = 1 ] && exit 0

status=0
if [ "$PARALLEL" -le 1 ]; then
    for t in "${TARGETS[@]}"; do
        run_target "$t" "$SECONDS_PER" || status=1
    done
else
    # Up to PARALLEL targets at once; each one's verdict line is printed when it ends and its
    # exit status kept in a file (a finished background job's status is not reliably available).
    mkdir -p "$BUILD/logs"
    for t in "${TARGETS[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$PARALLEL" ]; do wait -n || true; done
        rm -f "$BUILD/logs/$t.rc"
        ( rc=0; run_target "$t" "$SECONDS_PER" || rc=1; echo "$rc" >"$BUILD/logs/$t.rc" ) &
    done
    wait
    for t in "${TARGETS[@]}"; do
        [ "$(cat "$BUILD/logs/$t.rc" 2>/dev/null)" = 0 ] || status=1
    done
fi
exit $status
