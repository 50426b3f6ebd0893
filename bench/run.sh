#!/usr/bin/env bash
# credsh benchmarks: start-up, throughput of cheap commands, the password lifecycle
# at the default KDF cost, and account look-ups with a million accounts.
# Release build with the Swift runtime linked statically (as `make build-static` does).
# Usage: bench/run.sh            (installs hyperfine from Debian if it is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"

swift build -c release --product credsh --static-swift-stdlib --scratch-path .build-static >/dev/null
credsh=.build-static/release/credsh
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }

: > "$out/empty.credscript"
python3 bench/generate.py "$out"

echo "== (a) start-up: credsh on an empty script, beside bash and python"
hyperfine -N --warmup 20 --runs 300 --export-markdown "$out/startup.md" \
    "$credsh $out/empty.credscript" "bash -c :" "/usr/bin/python3 -c pass" | grep -E "Time|±|faster|Benchmark"

measure() {  # name, commands, script
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$out/rss" "$credsh" "$3" > /dev/null
    end=$(date +%s.%N)
    python3 - "$1" "$2" "$start" "$end" "$(cat "$out/rss")" <<'PY'
import sys
name, commands, start, end, rss = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
seconds = end - start
print(f"{name}: {commands} commands in {seconds:.3f} s = {commands / seconds:,.0f} commands/s, peak RSS {rss / 1024:.1f} MB")
PY
}

echo "== (b) 100,000 cheap commands, output to /dev/null"
measure "cheap" 100000 "$out/cheap.credscript"

echo "== (c) 10,000 login/initiate/update cycles (4 commands each), default KDF (PBKDF2, 1,000 rounds)"
measure "cycles, kdf 1000" 40002 "$out/cycles.credscript"
measure "cycles, kdf 1" 40003 "$out/cycles-kdf1.credscript"

echo "== (d) the same cycles after 1,000,000 not-activated accounts"
measure "1M accounts only" 1000000 "$out/accounts.credscript"
measure "1M accounts + cycles" 1040002 "$out/accounts-cycles.credscript"
