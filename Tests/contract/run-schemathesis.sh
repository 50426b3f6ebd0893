#!/usr/bin/env bash
# The served API against its contract (docs/openapi.json): starts `credsh serve --control`
# on a free loopback port, then schemathesis (PyPI, pinned below) generates requests for
# every operation and checks every answer: no server error, no status the document does
# not list, no body or content type against its schema. The SDK double's event streams
# are asked to end after a second (?seconds=1), so each answer ends. The token goes in the
# query too: schemathesis fills the queryToken scheme's token= with text of its own, and a
# wrong one beside the right header is refused (docs/serving.md), as a 401 on every call. Bounded: 25 examples per
# operation, 5 s per request, 60 s for the whole run (then it fails).
# Usage: Tests/contract/run-schemathesis.sh [CREDSH_BINARY]   (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/../.."
SCHEMATHESIS_VERSION=3.39.16
binary=${1:-$(swift build --show-bin-path)/credsh}
if ! command -v st >/dev/null 2>&1 || ! st --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
    pip install --quiet "schemathesis==$SCHEMATHESIS_VERSION" 2>/dev/null \
        || pip install --quiet --break-system-packages "schemathesis==$SCHEMATHESIS_VERSION"
fi
"$binary" serve --openapi | cmp - docs/openapi.json || { echo "credsh serve --openapi differs from docs/openapi.json" >&2; exit 1; }
work=$(mktemp -d)
"$binary" serve --port 0 --control > "$work/serve.log" 2>&1 &
server=$!
trap 'kill -INT $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1 | cut -d: -f3 || true)
    token=$(sed -n 's/^control API token: \([0-9a-f]*\) .*/\1/p' "$work/serve.log" | head -1)
    [ -n "$port" ] && [ -n "$token" ] && break
    sleep 0.1
done
[ -n "$port" ] && [ -n "$token" ] || { echo "credsh serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }
timeout 60 st run docs/openapi.json \
    --base-url "http://127.0.0.1:$port" \
    --header "Authorization: Bearer $token" \
    --set-query seconds=1 \
    --set-query "token=$token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
    --hypothesis-max-examples 25 \
    --hypothesis-seed 17 \
    --request-timeout 5000 \
    --workers 1 \
    --experimental=openapi-3.1 \
    --no-color
echo "schemathesis: no server error, no undocumented status, no schema violation ($(grep -c . "$work/serve.log") log lines)"
