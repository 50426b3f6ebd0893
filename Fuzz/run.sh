#!/usr/bin/env bash
# Runs credsh's fuzz target (Fuzz/CredFuzz, built by `make fuzz`) for N seconds (default
# 60), seeded with examples/ and Fuzz/regressions/ (inputs that once crashed or hung it)
# and a dictionary of the language's words. Fails when libFuzzer reports a crash, a trap,
# an input slower than 20 s or a run over 2 GB of memory, or leaves an artifact behind.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
binary=.build-fuzz/release/CredFuzz
out=.build-fuzz/fuzz
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"
rm -f "$out"/seeds/* "$out"/artifacts/*
cp examples/*.credscript Fuzz/regressions/* "$out/seeds/"
"$binary" --dictionary > "$out/credscript.dict"

# SWIFT_BACKTRACE=enable=no leaves a crash to libFuzzer's handler, which saves the input.
SWIFT_BACKTRACE=enable=no "$binary" -dict="$out/credscript.dict" -max_total_time="$seconds" \
    -timeout=20 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$out/corpus" "$out/seeds" > "$out/log" 2>&1
status=$?
# The log without the line per new input (thousands) and the recommended dictionary.
grep -v -E '	(NEW|REDUCE|pulse) ' "$out/log" | sed '/Recommended dictionary/,/End of recommended dictionary/d' | tail -40
artifacts=$(ls "$out/artifacts")
if [ "$status" -ne 0 ] || [ -n "$artifacts" ]; then
    echo "fuzz: FAILED (libFuzzer exit $status); inputs in $out/artifacts: ${artifacts:-none}" >&2
    echo "fuzz: replay one with: SWIFT_BACKTRACE=enable=no $binary $out/artifacts/NAME" >&2
    exit 1
fi
echo "fuzz: no crash, hang or memory blow-up in $seconds s ($(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/log" | grep -o '[0-9]*$') inputs)"
