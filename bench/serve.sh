#!/usr/bin/env bash
# credsh serve under load: the binary `make build` produces, on a free loopback port,
# 10,000 login/change-password cycles (20,000 requests) from 8 keep-alive connections
# (bench/serve_load.py), then the final state checked. Prints requests/s and p99.
# Usage: bench/serve.sh [CYCLES] [CONNECTIONS]      (loopback only, bounded to 300 s)
set -euo pipefail
cd "$(dirname "$0")/.."
cycles=${1:-10000}
connections=${2:-8}
out=bench/out
mkdir -p "$out"
make -s build >/dev/null
. bench/serving.sh
start_server .build/release/credsh "$out/serve.log"
python3 bench/serve_load.py --port "$port" --token "$token" --connections "$connections" --cycles "$cycles" --seconds 300
kill -INT $server
wait $server
tail -1 "$out/serve.log"
