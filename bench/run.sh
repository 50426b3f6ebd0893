#!/usr/bin/env bash
# credsh benchmarks: start-up beside bash and python, a suite of 400 scripts under
# `credsh test -j 1` and `-j 2`, throughput of cheap commands, the password lifecycle at
# the default KDF cost, account look-ups with a million accounts, and procedure calls and
# loop iterations per second.
# Measures the binary `make build` produces (the one users get).
# Usage: bench/run.sh [OLD_CREDSH]   (installs hyperfine from Debian if it is missing; with
#        an older binary, sections (c) and (d) measure it too, side by side)
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"

make -s build >/dev/null
credsh=.build/release/credsh
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }
echo "binary: $(du -h "$credsh" | cut -f1) ($(file -b "$credsh" | cut -d, -f1-2 | tr -d '\n'))"

: > "$out/empty.credscript"
python3 bench/generate.py "$out"

echo "== (a) start-up: credsh on an empty script, beside bash and python, in one run"
hyperfine -N --warmup 20 --runs 300 --export-markdown "$out/startup.md" \
    "$credsh $out/empty.credscript" "bash -c :" "/usr/bin/python3 -c pass" | grep -E "Time|±|faster|Benchmark"
python3 - "$out/startup.md" <<'PY'
import sys, re
rows = [l for l in open(sys.argv[1]) if l.startswith("| `")]
ms = {re.search(r"`([^`]*)`", r).group(1): float(r.split("|")[2].split("±")[0]) for r in rows}
credsh = next(v for k, v in ms.items() if "credsh" in k)
print(f"credsh / bash -c : = {credsh / ms['bash -c :']:.2f}x")
PY

echo "== (b) credsh test over a suite of 400 scripts (100 with a golden transcript): wall time"
"$credsh" test --update "$out/suite" >/dev/null  # fills the empty .expected files once
hyperfine -N --warmup 1 --runs 5 --export-markdown "$out/suite.md" \
    "$credsh test -j 1 $out/suite" "$credsh test -j 2 $out/suite" | grep -E "Time|±|faster|Benchmark"

measure() {  # binary, name, commands, script [, where the output goes]
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M %U %S" -o "$out/rss" "$1" "$4" > "${5:-/dev/null}"
    end=$(date +%s.%N)
    python3 - "$2" "$3" "$start" "$end" $(cat "$out/rss") <<'PY'
import sys
name, commands, start, end = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
rss, cpu = int(sys.argv[5]), float(sys.argv[6]) + float(sys.argv[7])
seconds = end - start
print(f"{name}: {commands} commands in {seconds:.3f} s = {commands / seconds:,.0f} commands/s "
      f"(CPU {cpu:.2f} s = {commands / max(cpu, 0.005):,.0f}/s), peak RSS {rss / 1024:.1f} MB")
PY
}

# Sections (c) and (d) time each binary in turn: this build, and the one given as the
# first argument, if any (`bench/run.sh old/credsh` compares before and after in one run).
binaries=("$credsh")
[ $# -ge 1 ] && binaries+=("$1")

echo "== (c) 100,000 cheap commands (echo, clock advance, let, state)"
for binary in "${binaries[@]}"; do
    measure "$binary" "cheap, output to /dev/null ($binary)" 100000 "$out/cheap.credscript"
    measure "$binary" "cheap, output to a file ($binary)" 100000 "$out/cheap.credscript" "$out/cheap.out"
done

echo "== (d) 10,000 login/initiate/update cycles (4 commands each), default KDF (PBKDF2, 1,000 rounds), and with kdf 1"
for binary in "${binaries[@]}"; do
    full=$(measure "$binary" "cycles, kdf 1000 ($binary)" 40002 "$out/cycles.credscript")
    one=$(measure "$binary" "cycles, kdf 1 ($binary)" 40003 "$out/cycles-kdf1.credscript")
    echo "$full"
    echo "$one"
    python3 - "$full" "$one" <<'PY'
import sys, re
wall = [float(re.search(r"in ([0-9.]+) s", line).group(1)) for line in sys.argv[1:]]
cpu = [float(re.search(r"CPU ([0-9.]+) s", line).group(1)) for line in sys.argv[1:]]
print(f"machinery beyond the KDF (kdf 1 / kdf 1000): {wall[1] / wall[0]:.1%} of the wall time, {cpu[1] / cpu[0]:.1%} of the CPU time")
PY
done

echo "== (e) the same cycles after 1,000,000 not-activated accounts"
measure "$credsh" "1M accounts only" 1000000 "$out/accounts.credscript"
measure "$credsh" "1M accounts + cycles" 1040002 "$out/accounts-cycles.credscript"

# The language's own machinery (issue 19): a call of a procedure whose body is one cheap
# statement, and an iteration of a `for` over values, 100,000 of each. Goal: 100,000/s.
echo "== (g) 100,000 procedure calls and 100,000 for-loop iterations (one cheap let each)"
printf 'proc step n {\n    let x = $n\n}\nrepeat 100000 {\n    step 1\n}\n' > "$out/calls.credscript"
python3 -c 'print("for n in " + " ".join(str(i) for i in range(100000)) + " {\n    let x = $n\n}")' > "$out/loop.credscript"
# Measured on this binary only: an older one may not have the language's forms.
measure "$credsh" "procedure calls ($credsh)" 100000 "$out/calls.credscript"
measure "$credsh" "for iterations ($credsh)" 100000 "$out/loop.credscript"

# Named tests (docs/suites.md, "Named tests"): each of 1,000 tests in one file runs the setup (a
# user added) again in a fresh simulation, then its body (one login at kdf 1), in one
# process; the file is read once for all of them.
echo "== (h) credsh test on one file with 1,000 named tests"
python3 -c '
print("kdf 1\nuser add alice password Passw0rd!")
for i in range(1000): print(f"test \"t{i}\" {{\n    login alice Passw0rd!\n    expect state alice logged-in\n}}")
' > "$out/named-tests.credscript"
hyperfine -N --warmup 1 --runs 5 "$credsh test $out/named-tests.credscript" | grep -E "Time|±|Benchmark"

# Instruction counts do not move with the load of a shared machine, as wall times do:
# callgrind counts every instruction of one run (valgrind; installed when missing).
echo "== (f) instructions (callgrind): start-up, 10,000 cheap commands, 1,000 cycles at kdf 1 and at the default"
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
head -n 10000 "$out/cheap.credscript" > "$out/cheap-10k.credscript"
head -n 4003 "$out/cycles-kdf1.credscript" > "$out/cycles-kdf1-1k.credscript"
head -n 4002 "$out/cycles.credscript" > "$out/cycles-1k.credscript"
instructions() {  # binary, script
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for binary in "${binaries[@]}"; do
    printf '%s: start-up %s, cheap 10k %s, cycles kdf 1 %s, cycles kdf 1000 %s instructions\n' "$binary" \
        "$(instructions "$binary" "$out/empty.credscript")" "$(instructions "$binary" "$out/cheap-10k.credscript")" \
        "$(instructions "$binary" "$out/cycles-kdf1-1k.credscript")" "$(instructions "$binary" "$out/cycles-1k.credscript")"
done
