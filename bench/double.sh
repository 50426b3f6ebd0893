#!/usr/bin/env bash
# The SDK double's wire under load, beside SUSI's HTTP path in the same run (issue 32,
# "Speed"; docs/double.md, "Speed"): the release binary (`make build`) serves on a free
# loopback port; a one-thread client in C (bench/load.c, built here with cc) makes, at
# kdf 1, CALLS REL-ID calls from DEVICES devices over keep-alive connections, then
# CALLS/3 SUSI login/change cycles over as many connections; last, the same calls run
# in-process (`credsh SCRIPT`, `call` lines) for the CPU a call costs without the wire.
# Prints calls/s, p50/p99 and the server's and the client's CPU a call for each.
# Usage: bench/double.sh [CALLS] [DEVICES]      (loopback only, each part bounded to 300 s)
# CREDSH=BINARY measures another binary; BEFORE=BINARY measures an older one's wire and
# SUSI path first, in the same run, for before and after side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-30000}
devices=${2:-8}
out=bench/out
mkdir -p "$out"
binary=${CREDSH:-.build/release/credsh}
[ -n "${CREDSH:-}" ] || make -s build >/dev/null
cc -O2 -o "$out/load" bench/load.c
. bench/serving.sh
for measured in ${BEFORE:+"$BEFORE"} "$binary"; do
    start_server "$measured" "$out/double-serve.log"
    echo "== $measured: the wire, POST /sdk/relid"
    "$out/load" wire "$port" "$token" "$server" "$devices" "$calls" 300
    echo "== $measured: SUSI's HTTP path, same server"
    "$out/load" susi "$port" "$token" "$server" "$devices" $((calls / 3)) 300
    kill -INT $server
    wait $server || true
done
echo "== in-process: the same calls as call lines (credsh SCRIPT), each device in turn"
# As over the wire, where the devices' calls interleave: each call on its device's own
# state (a `device` line before it), each device's user logged in and off in turn.
cycles=$((calls / 3 / devices))
calls=$((cycles * 3 * devices))
{
    echo "sdk relid"
    echo "kdf 1"
    for i in $(seq 0 $((devices - 1))); do echo "user add user$i password \"Passw0rd!\""; done
    echo "repeat $cycles {"
    for i in $(seq 0 $((devices - 1))); do printf '  device device-%s\n  call setUser userID=user%s\n' "$i" "$i"; done
    for i in $(seq 0 $((devices - 1))); do printf '  device device-%s\n  call setPassword password="Passw0rd!" challengeMode=0\n' "$i"; done
    for i in $(seq 0 $((devices - 1))); do printf '  device device-%s\n  call logOff userID=user%s\n' "$i" "$i"; done
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
