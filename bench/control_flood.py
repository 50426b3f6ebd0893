#!/usr/bin/env python3
"""Clients of the control API that never read (issue 17, item 7): CLIENTS connections each
POST a script whose answer is large (OUTPUT bytes of JSON Lines, past the 1 MiB cap), read
nothing, and stay open; then one well-behaved client asks for /__credsh/state. Prints the
server's peak resident memory (VmHWM of /proc/PID/status) and how the polite client fared.

Usage: bench/control_flood.py --pid PID --port PORT --token TOKEN [--clients 60]
Bounded: every socket has a 30 s timeout, and the whole run at most --seconds (120)."""
import argparse
import socket
import sys
import time


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def request(port, token, method, path, body=b""):
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: text/plain\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    return head + body


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args()
    deadline = time.monotonic() + args.seconds
    # Each run prints 1,100 lines of 1,000 characters: over the 1 MiB cap of JSON Lines.
    # Long lines, not many short ones: the same bytes pile up unread for a seventh of the
    # statements a debug build has to run (180 runs in all).
    script = b'repeat 1100 { echo "' + b"x" * 1000 + b'" }\n'
    before = peak_kib(args.pid)
    clients = []
    for _ in range(args.clients):
        sock = socket.create_connection(("127.0.0.1", args.port), timeout=30)
        # A small receive buffer, never read: the answer piles up on the server's side.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        # Pipelined: the same request three times on the connection.
        sock.sendall(request(args.port, args.token, "POST", "/__credsh/run", script) * 3)
        clients.append(sock)
    time.sleep(min(10, max(0, deadline - time.monotonic())))
    polite = socket.create_connection(("127.0.0.1", args.port), timeout=30)
    polite.sendall(request(args.port, args.token, "GET", "/__credsh/state"))
    answer = b""
    while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
        # The runs queued before it are answered first (a debug build under a loaded
        # machine takes longer than a socket's 30 s): wait up to the whole run's bound.
        polite.settimeout(max(1.0, deadline - time.monotonic()))
        chunk = polite.recv(65536)
        if not chunk:
            break
        answer += chunk
    status = answer.split(b"\r\n", 1)[0].decode("latin-1")
    peak = peak_kib(args.pid)
    for sock in clients + [polite]:
        sock.close()
    print(f"{args.clients} clients that never read: peak RSS {peak // 1024} MiB (before: {before // 1024} MiB); "
          f"a reading client then got: {status}")
    return 0 if status.startswith("HTTP/1.1 200") else 1


if __name__ == "__main__":
    sys.exit(main())
