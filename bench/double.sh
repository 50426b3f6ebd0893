#!/usr/bin/env bash
# The SDK double's wire under load, beside SUSI's HTTP path in the same run (issue 32,
# "Speed"): the release binary (`make build`) serves on a free loopback port; at kdf 1,
# 8 devices make 30,000 REL-ID calls over keep-alive connections (bench/double_load.py),
# then 8 connections make 10,000 SUSI login/change cycles (bench/serve_load.py); last,
# the same 30,000 calls run in-process (`credsh SCRIPT`, `call` lines) for the CPU a call
# costs without the wire. Prints calls/s, p99 and CPU per call for each.
# Usage: bench/double.sh [CALLS] [DEVICES]      (loopback only, each part bounded to 300 s)
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-30000}
devices=${2:-8}
out=bench/out
mkdir -p "$out"
binary=${CREDSH:-.build/release/credsh}
[ -n "${CREDSH:-}" ] || make -s build >/dev/null
"$binary" serve --port 0 --control > "$out/double-serve.log" 2>&1 &
server=$!
trap 'kill -INT $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    port=$(grep -o 'http://127.0.0.1:[0-9]*' "$out/double-serve.log" | head -1 | cut -d: -f3 || true)
    token=$(sed -n 's/^control API token: \([0-9a-f]*\) .*/\1/p' "$out/double-serve.log" | head -1)
    [ -n "$port" ] && [ -n "$token" ] && break
    sleep 0.1
done
echo "== the wire: POST /sdk/relid"
python3 bench/double_load.py --port "$port" --token "$token" --pid "$server" --devices "$devices" --calls "$calls"
echo "== SUSI's HTTP path, same server"
python3 bench/serve_load.py --port "$port" --token "$token" --connections "$devices" --cycles $((calls / 3))
kill -INT $server
wait $server || true
echo "== in-process: the same calls as call lines (credsh SCRIPT)"
cycles=$((calls / 3))
{
    echo "kdf 1"
    echo 'user add user0 password "Passw0rd!"'
    echo "repeat $cycles {"
    echo "  call setUser userID=user0"
    echo '  call setPassword password="Passw0rd!" challengeMode=0'
    echo "  call logOff userID=user0"
    echo "}"
} > "$out/double-inprocess.credscript"
python3 - "$binary" "$out/double-inprocess.credscript" "$calls" <<'PY'
import resource, subprocess, sys, time
binary, script, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
started = time.perf_counter()
subprocess.run([binary, script], check=True, stdout=subprocess.DEVNULL)
wall = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print(f"{calls} calls in-process in {wall:.2f} s: {calls / wall:,.0f} calls/s; CPU {cpu:.2f} s, {cpu / calls * 1e6:.1f} µs a call")
PY
