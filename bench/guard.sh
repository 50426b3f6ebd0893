#!/usr/bin/env bash
# The performance guards (docs/performance.md): bounds a change must stay within, checked
# on the release binary (`make build`). Start-up and a cheap command are counted in
# instructions by callgrind, which do not move with a shared machine's load; the suite is
# timed in CPU seconds, `credsh test -j 1` over bench's 400 scripts beside each script
# tested in a process of its own. Fails (exit 1) when a guard does not hold.
# Usage: bench/guard.sh [BINARY [BASE_BINARY]]   (BASE_BINARY: measured in the same run,
#        printed beside, not checked)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/credsh}
base=${2:-}
startup_limit=1400000
cheap_limit=8000
suite_limit=0.40
command -v valgrind >/dev/null || { echo "bench/guard.sh: valgrind is missing" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 bench/generate.py "$out" >/dev/null
: > "$out/empty.credscript"
cheap_lines=10000
head -n $cheap_lines "$out/cheap.credscript" > "$out/cheap-10k.credscript"

instructions() {  # binary, script
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
cpu_seconds() {  # command…: user + system seconds of it and its children
    /usr/bin/time -f "%U %S" -o "$out/time" "$@" >/dev/null 2>&1 || true
    awk '{ print $1 + $2 }' "$out/time"
}
suite_ratio() {  # binary: CPU of one run over the suite / CPU of a process per script
    local binary=$1 together apart
    "$binary" test --update "$out/suite" >/dev/null 2>&1 || true
    together=$(cpu_seconds "$binary" test -j 1 "$out/suite")
    # One shell runs them in turn: its children's CPU is every process's (each alone is
    # under the 10 ms a process's CPU time is counted in).
    apart=$(cpu_seconds bash -c 'for script in "$2"/suite/*.credscript; do "$1" test "$script" >/dev/null 2>&1; done' _ "$binary" "$out")
    awk -v t="$together" -v a="$apart" 'BEGIN { printf "%.2f", t / a }'
}
measure() {  # binary: prints "start-up cheap suite"
    local startup cheap
    startup=$(instructions "$1" "$out/empty.credscript")
    cheap=$(instructions "$1" "$out/cheap-10k.credscript")
    echo "$startup $(( (cheap - startup) / cheap_lines )) $(suite_ratio "$1")"
}

read -r startup cheap suite <<< "$(measure "$binary")"
if [ -n "$base" ]; then
    read -r base_startup base_cheap base_suite <<< "$(measure "$base")"
    printf '%-44s %12s %12s\n' "" "$base" "$binary"
    printf '%-44s %12s %12s\n' "start-up, instructions (at most $startup_limit)" "$base_startup" "$startup"
    printf '%-44s %12s %12s\n' "a cheap command, instructions (at most $cheap_limit)" "$base_cheap" "$cheap"
    printf '%-44s %12s %12s\n' "suite -j 1 / a process a script (at most $suite_limit)" "$base_suite" "$suite"
else
    echo "start-up: $startup instructions (at most $startup_limit)"
    echo "a cheap command: $cheap instructions (at most $cheap_limit)"
    echo "credsh test -j 1 over 400 scripts: $suite of a process a script, in CPU time (at most $suite_limit)"
fi
failed=0
[ "$startup" -le $startup_limit ] || { echo "bench/guard.sh: start-up takes $startup instructions, over $startup_limit" >&2; failed=1; }
[ "$cheap" -le $cheap_limit ] || { echo "bench/guard.sh: a cheap command takes $cheap instructions, over $cheap_limit" >&2; failed=1; }
awk -v s="$suite" -v l="$suite_limit" 'BEGIN { exit !(s <= l) }' ||
    { echo "bench/guard.sh: the suite at -j 1 costs $suite of a process a script, over $suite_limit" >&2; failed=1; }
exit $failed
