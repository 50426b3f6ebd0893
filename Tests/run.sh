#!/usr/bin/env bash
# `swift test`, with the suites dealt out to several processes that run at once.
#
# Why: Swift Testing runs a process's tests on the Swift concurrency pool, one thread per
# core, and most of credsh's tests block their thread while they wait (for a child
# credsh, a terminal's screen in tmux, a server's answer). On a 2-core machine a
# single process therefore runs two tests at a time whatever the suites allow, and the
# terminal and server suites, which mostly wait, ran one after another. The tests are
# apart already — each terminal its own tmux server (-L), each server a port the system
# picks (--port 0), each test a folder of its own — so separate processes can run them
# side by side.
#
# How many: enough that the tests that wait leave no core idle. Each process runs its
# tests on a pool of one thread per core, and a test that waits holds its thread, so four
# processes left a quiet 2-core machine a quarter idle. Measured there one after the
# other on a built tree (the test processes' CPU in brackets): 4 processes 83 s (122 s),
# 6 64 s (105 s), 8 59 s (97 s), 12 71 s (117 s). 8 is the default.
#
# Usage: [SUITES=REGEX] Tests/run.sh [PROCESSES] [swift build options…]   (PROCESSES: 8)
# The suites are dealt by weight, the heaviest first, each to the process with the least
# so far (below); each process's output is printed whole when it ends, then how long each
# took, and the exit code is the first failing process's.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
processes=${1:-8}
shift || true
flags=(-debug-info-format none "$@")

"$SWIFT" build "${flags[@]}" --build-tests || exit $?
# The test bundle is run as `swift test` runs it, without a SwiftPM start-up for each
# process (seconds each on a busy machine). Every test is a Swift Testing one.
bundle=$(ls -d "$("$SWIFT" build "${flags[@]}" --show-bin-path)"/*PackageTests.xctest | head -1)

# Every suite, as Module.Suite (a nested suite is run with the one around it; a test
# outside any suite, Module.name(), is dealt as one of its own).
mapfile -t suites < <("$bundle" --testing-library swift-testing --list-tests 2>/dev/null \
    | sed -n 's#^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)\([/.(].*\)\{0,1\}$#\1#p' | sort -u)
# SUITES (a regular expression) keeps only the suites it finds, to time a group of them.
if [ -n "${SUITES:-}" ]; then
    mapfile -t suites < <(printf '%s\n' "${suites[@]}" | grep -E "$SUITES")
fi
if [ ${#suites[@]} -eq 0 ]; then
    echo "Tests/run.sh: $bundle --list-tests named no suite" >&2
    exit 1
fi
# The heavy suites, in seconds, each run alone (`SUITES=LivePageTests Tests/run.sh 1`)
# in a debug build on the project's 2 cores; every other suite takes 3 s or less (most
# under 1) and counts as 1. Dealt round robin (the serialized suites first), the four
# processes of one run ended at 43, 69, 73 and 91 s; dealt by weight, they end within
# about 15 s of each other. On 2 cores the run takes as long either way (the CPU is the
# bound), but with cores to spare the last process is the run. A suite missing here only
# weighs 1; one listed that no longer exists is named on stderr.
heavy="
credshTests.LivePageTests 32
credshTests.ControlAPISecurityTests 19
credshTests.BrowserTests 19
credshTests.BoundsTests 13
CredScriptTests.SecretPropertyTests 9
credshTests.DocsExampleTests 8
credshTests.HardenedTests 8
credshTests.DiagramFileTests 8
credshTests.DeveloperPromptTests 6
credshTests.HistoryPromptTests 6
credshTests.ScriptSizeTests 6
credshTests.SDKEventStreamBoundTests 6
credshTests.HTMLReportTests 6
credshTests.DiagramCommandTests 5
credshTests.SDKWireTests 5
credshTests.ServePromptTests 5
credshTests.ServeTests 4
credshTests.ServeRobustnessTests 4
credshTests.PromptHelpAndBlockTests 4
credshTests.FormatCommandTests 4
credshTests.CoverageCommandTests 4
credshTests.TranscriptTests 4
credshTests.PromptTests 4
credshTests.SDKWireAtScaleTests 4
"
declare -A weight
for suite in "${suites[@]}"; do weight[$suite]=1; done
while read -r suite seconds; do
    [ -z "$suite" ] && continue
    if [ -n "${weight[$suite]:-}" ]; then weight[$suite]=$seconds
    elif [ -z "${SUITES:-}" ]; then echo "Tests/run.sh: no suite $suite (the heavy list names it)" >&2; fi
done <<<"$heavy"

# Heaviest first (then by name), each to the process with the least weight so far.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -a filters pids load
for ((slot = 0; slot < processes; slot++)); do load[$slot]=0; done
while read -r seconds suite; do
    least=0
    for slot in "${!load[@]}"; do [ "${load[$slot]}" -lt "${load[$least]}" ] && least=$slot; done
    load[$least]=$((load[least] + seconds))
    filters[$least]="${filters[$least]:-}${filters[$least]:+|}${suite//./\\.}"
done < <(for suite in "${suites[@]}"; do echo "${weight[$suite]} $suite"; done | sort -k1,1nr -k2,2)
SECONDS=0
for slot in "${!filters[@]}"; do
    {
        "$bundle" --testing-library swift-testing --filter "^(${filters[$slot]})([/.(]|$)" >"$logs/$slot" 2>&1
        code=$?
        echo "$SECONDS" >"$logs/$slot.ended"
        exit $code
    } &
    pids[$slot]=$!
done
status=0
for slot in "${!pids[@]}"; do
    wait "${pids[$slot]}"
    code=$?
    cat "$logs/$slot"
    if [ $code -ne 0 ] && [ $status -eq 0 ]; then status=$code; fi
done
for slot in "${!pids[@]}"; do
    echo "Tests/run.sh: process $((slot + 1)) of ${#pids[@]} (weight ${load[$slot]}) ended after $(cat "$logs/$slot.ended") s"
done
exit $status
