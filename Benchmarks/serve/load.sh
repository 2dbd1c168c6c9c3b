#!/usr/bin/env bash
# Load test of the playground server (issue 30): wrk on loopback against POST /v1/validate,
# kept-alive connections, a 1 KB message payload (message-1k.json), bounded in time.
#
#   bash Benchmarks/serve/load.sh                 # release build, 64 connections, 2 threads, 20 s
#   DURATION=60 CONNECTIONS=128 bash Benchmarks/serve/load.sh
#   SERVER=.build/release/chatpayloads-store bash Benchmarks/serve/load.sh   # an existing binary (its `serve` mode)
#
# Prints wrk's report (with its latency distribution), then one summary line: validations/s, p99,
# non-2xx answers, and the server's RSS (from /proc/PID/status) after a warm-up, after the load,
# and after a second, identical load (flat RSS: the two afters agree). The server is started on a
# free port and stopped (SIGTERM, exit status checked) however the script ends.
# Needs wrk (Debian: apt-get install -y wrk) and Swift 6 unless SERVER is given.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-20}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
QUERY=${QUERY:-schema=message}
export PAYLOAD=${PAYLOAD:-Benchmarks/serve/message-1k.json}

command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }
if [[ -z "${SERVER:-}" ]]; then
    swift build -c release --product chatpayloads-store >&2
    SERVER=$(swift build -c release --show-bin-path)/chatpayloads-store
fi

out=$(mktemp -d)
pid=
stop() {
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        wait "$pid" || true
    fi
    rm -rf "$out"
}
trap stop EXIT

"$SERVER" serve --port 0 --no-config >"$out/server.out" 2>"$out/server.err" &
pid=$!
for _ in $(seq 1 300); do
    grep -q '^listening on ' "$out/server.out" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$out/server.err" >&2; exit 1; }
    sleep 0.1
done
url=$(sed -n 's/^listening on //p' "$out/server.out")
[[ -n "$url" ]] || { echo "load.sh: the server did not start" >&2; exit 1; }
target="$url/v1/validate?$QUERY"

rss() { awk '/^VmRSS:/ {print $2}' "/proc/$pid/status"; }

# The answer must be the valid verdict, or the figures measure something else.
curl -sf --data-binary "@$PAYLOAD" "$target" | grep -q '"exitCode": 0' \
    || { echo "load.sh: $PAYLOAD is not valid under $QUERY" >&2; exit 1; }

wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s Benchmarks/serve/post.lua "$target" >/dev/null   # warm-up
rss_warm=$(rss)
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s Benchmarks/serve/post.lua "$target" | tee "$out/wrk1.txt"
rss_first=$(rss)
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s Benchmarks/serve/post.lua "$target" >"$out/wrk2.txt"
rss_second=$(rss)

rps=$(awk '/^Requests\/sec:/ {print $2}' "$out/wrk1.txt")
p99=$(awk '$1 == "99%" {print $2}' "$out/wrk1.txt")
non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $5}' "$out/wrk1.txt")
rps2=$(awk '/^Requests\/sec:/ {print $2}' "$out/wrk2.txt")
p99_2=$(awk '$1 == "99%" {print $2}' "$out/wrk2.txt")

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=

echo
echo "validations/s: $rps (second run: $rps2); p99: $p99 (second run: $p99_2); non-2xx: ${non2xx:-0}"
echo "server RSS: ${rss_warm} KiB after warm-up, ${rss_first} KiB after ${DURATION}s, ${rss_second} KiB after another ${DURATION}s"
echo "$(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg); $CONNECTIONS connections, $THREADS wrk threads, $(wc -c <"$PAYLOAD") B payload, $QUERY"
echo "server exit status after SIGTERM: $status"
[[ -z "$non2xx" && "$status" == 0 ]]
