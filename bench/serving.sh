# Sourced by bench/serve.sh and bench/double.sh: starts `credsh serve --control` on a free
# loopback port with its log in LOG, and sets `server` (its process), `port` and `token`
# (read from the banner, waiting up to 10 s for it); the server gets Ctrl-C on exit.
# Usage: start_server BINARY LOG
start_server() {
    "$1" serve --port 0 --control > "$2" 2>&1 &
    server=$!
    trap 'kill -INT $server 2>/dev/null || true' EXIT
    port='' token=''
    for _ in $(seq 100); do
        port=$(grep -o 'http://127.0.0.1:[0-9]*' "$2" | head -1 | cut -d: -f3 || true)
        token=$(sed -n 's/^control API token: \([0-9a-f]*\) .*/\1/p' "$2" | head -1)
        [ -n "$port" ] && [ -n "$token" ] && return 0
        sleep 0.1
    done
    echo "credsh serve printed no address and token within 10 s; its log:" >&2
    cat "$2" >&2
    return 1
}
