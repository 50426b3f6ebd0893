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
# Usage: [SUITES=REGEX] Tests/run.sh [PROCESSES] [swift build options…]   (PROCESSES: 4)
# The suites are sorted, the serialized ones (the long chains) first, and dealt round
# robin; each process's output is printed whole when it ends, and the exit code is the
# first failing process's.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
processes=${1:-4}
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
# The serialized suites first, so each process gets its share of them.
serialized=$(grep -rhoE '@Suite\(\.serialized\) struct [A-Za-z0-9_]+' Tests | awk '{print $3}' | sort -u)
ordered=()
for suite in "${suites[@]}"; do grep -qx "${suite#*.}" <<<"$serialized" && ordered+=("$suite"); done
for suite in "${suites[@]}"; do grep -qx "${suite#*.}" <<<"$serialized" || ordered+=("$suite"); done

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -a filters pids
for i in "${!ordered[@]}"; do
    slot=$((i % processes))
    filters[$slot]="${filters[$slot]:-}${filters[$slot]:+|}${ordered[$i]//./\\.}"
done
for slot in "${!filters[@]}"; do
    "$bundle" --testing-library swift-testing --filter "^(${filters[$slot]})([/.(]|$)" >"$logs/$slot" 2>&1 &
    pids[$slot]=$!
done
status=0
for slot in "${!pids[@]}"; do
    wait "${pids[$slot]}"
    code=$?
    cat "$logs/$slot"
    if [ $code -ne 0 ] && [ $status -eq 0 ]; then status=$code; fi
done
exit $status
