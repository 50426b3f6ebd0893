#!/usr/bin/env python3
"""Control runs whose clients left (issue 31, item 6): CLIENTS connections each POST a
slow script to /__credsh/run and close at once, without reading; then one client asks for
/__credsh/state and the time to its answer is printed, with its status:

    state answered 200 in 0.08 s after 8 abandoned runs

Before a run whose client had gone was cancelled, every abandoned run ran to its time
limit first (8 clients: 10 s and more). Bounded: sockets time out after 30 s, the whole
run after --seconds (120).

Usage: bench/abandoned_runs.py --port PORT --token TOKEN [--clients 8]"""
import argparse
import socket
import time

# The control API's request, as bench/control_flood.py writes it (this folder is on the path).
from control_flood import request

SLOW = b"repeat 1000000 { clock advance 1s }\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args()
    for _ in range(args.clients):
        sock = socket.create_connection(("127.0.0.1", args.port), timeout=30)
        sock.sendall(request(args.port, args.token, "POST", "/__credsh/run", SLOW))
        sock.close()
    # Let every request arrive whole before asking: the runs are queued or running.
    time.sleep(0.3)
    started = time.monotonic()
    polite = socket.create_connection(("127.0.0.1", args.port), timeout=min(30, args.seconds))
    polite.sendall(request(args.port, args.token, "GET", "/__credsh/state"))
    answer = b""
    deadline = started + args.seconds
    while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
        try:
            chunk = polite.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        answer += chunk
    took = time.monotonic() - started
    polite.close()
    status = answer.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
    code = status[1] if len(status) > 1 else "nothing"
    print(f"state answered {code} in {took:.2f} s after {args.clients} abandoned runs")


if __name__ == "__main__":
    main()
