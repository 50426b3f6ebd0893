#!/usr/bin/env bash
# The inputs of issue 11 against a binary: wall time and peak memory of each, so the
# bounds of docs/scripts.md's "Bounds" table can be read as seconds and megabytes.
# Usage: bench/bounds.sh [BINARY]   (default: .build/release/credsh, as `make build` makes it)
set -uo pipefail
cd "$(dirname "$0")/.."
credsh=${1:-.build/release/credsh}
out=bench/out/bounds
mkdir -p "$out"

python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
def write(name, text): open(f"{out}/{name}", "w").write(text)
write("braces.credscript", "}\n" * 5_000_000)                                  # 10 MB of errors
write("escapes.credscript", "echo " + " ".join(['"a\\q"'] * 10_000) + "\n")    # 80 KB line, 10,000 errors
write("word.credscript", "w" * (10 << 20) + "\n")                              # a 10 MB unknown word
write("failures.credscript", "user add a password P\nrepeat 1000000 {\n  block " + "x" * 1000 + "\n}\n")
write("self.credscript", "source self.credscript\nsource self.credscript\n")
write("nested.credscript", "repeat 1000000 {\n  repeat 1000000 {\n    let x = 1\n  }\n}\n")
write("states.credscript", "repeat 1000000 {\n  repeat 1000000 {\n    state\n  }\n}\n")
write("hashing.credscript", "kdf 600000\nuser add a password P\nrepeat 1000000 {\n  login a P\n  logout\n}\n")
# Issue 17: work charged by its size. A 1 MB value echoed, matched and used as a name
# until the budget stops the loop (a step per 64 bytes); a pattern that backtracks for
# hours elsewhere, over a 1 MB line; a link to / in a test directory.
mb = "a " * (1 << 19)
write("echo-1mb.credscript", f'let x = "{mb}"\nrepeat 1000000 {{\n  echo $x\n}}\n')
write("match-1mb.credscript", f'let x = "{mb}"\nrepeat 1000000 {{\n  user show $x\n  expect error ~"(a+)+$"\n}}\n')
write("name-1mb.credscript", f'let x = "{mb}"\nrepeat 1000000 {{\n  user add $x\n}}\n')
write("pattern.credscript", 'echo "' + "a" * (1 << 20) + '!"\nuser add a\nuser add a\nexpect error ~"(a+)+$"\n')
PY
mkdir -p "$out/walk" && printf 'echo hi\n' > "$out/walk/a.credscript" && ln -sfn / "$out/walk/root"

measure() {  # label, arguments...
    local label=$1; shift
    local start end status
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$out/rss" "$credsh" "$@" > /dev/null 2> "$out/stderr"
    status=$?
    end=$(date +%s.%N)
    printf "%-52s exit %d  %6.2f s  %5d MB peak\n" "$label" "$status" "$(echo "$end - $start" | bc)" "$(( $(tail -1 "$out/rss") / 1024 ))"
}

echo "binary: $credsh"
measure "check: 10 MB of '}' lines"                    check "$out/braces.credscript"
measure "check: an 80 KB line with 10,000 errors"      check "$out/escapes.credscript"
measure "check: a 10 MB unknown word"                  check "$out/word.credscript"
measure "--keep-going: 1,000,000 failed commands"      --keep-going "$out/failures.credscript"
measure "test --keep-going: 1,000,000 failed commands" test --keep-going "$out/failures.credscript"
measure "--keep-going: a file sourcing itself twice"   --keep-going "$out/self.credscript"
measure "nested repeats of let: the 10,000,000-step budget" "$out/nested.credscript"
measure "nested repeats of state: the step budget"     "$out/states.credscript"
measure "logins at kdf 600000: the budget charges hashing" "$out/hashing.credscript"
measure "echo of a 1 MB value until the budget"        --keep-going "$out/echo-1mb.credscript"
measure "expect error ~pattern, 1 MB message, until the budget" --keep-going "$out/match-1mb.credscript"
measure "user add of a 1 MB name until the budget"     --keep-going "$out/name-1mb.credscript"
measure "(a+)+\$ over a 1 MB line (RE2: linear)"       "$out/pattern.credscript"
measure "test: a directory with a link to /"           test "$out/walk"
