#!/usr/bin/env python3
"""Load on `credsh serve --control`: login/change-password cycles over keep-alive connections.

Each of --connections connections has an account of its own (added through the control
API) and runs its share of --cycles cycles: POST /aaa/login.json with the current password,
then GET /aaa/changepassword.json to the next one (pw-C-0, pw-C-1, ...). Every answer must
be 200 (and accepted:true for a change): a lost or doubled change would break the chain at
the next login. At the end each account must log in with its last password and not with
the one before, and the server must have issued exactly one token per cycle.

Bounded: --cycles requests pairs in all, at most --seconds of wall time, loopback only.
Prints requests, requests per second, p50/p99 latency and the unexpected answers; exits 1
when anything was unexpected.

    python3 bench/serve_load.py --port 8080 --connections 8 --cycles 10000
"""
import argparse
import json
import socket
import sys
import threading
import time
import urllib.parse

LOOPBACK = ("127.", "::1", "localhost")


class Connection:
    """One keep-alive HTTP/1.1 connection: send a request, read exactly one answer."""

    def __init__(self, host, port, timeout):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.host = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def request(self, method, target, body=None, content_type="application/x-www-form-urlencoded", headers=()):
        lines = [f"{method} {target} HTTP/1.1", f"Host: {self.host}", "User-Agent: credsh-load", *headers]
        data = b""
        if body is not None:
            data = body.encode()
            lines += [f"Content-Type: {content_type}", f"Content-Length: {len(data)}"]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        return self._answer()

    def _read_until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            self.buffer += chunk
        index = self.buffer.index(marker)
        head, self.buffer = self.buffer[:index], self.buffer[index + len(marker):]
        return head

    def _answer(self):
        head = self._read_until(b"\r\n\r\n").decode("latin-1").split("\r\n")
        status = int(head[0].split(" ")[1])
        length = 0
        for line in head[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        while len(self.buffer) < length:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed in the middle of a body")
            self.buffer += chunk
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, body

    def close(self):
        self.sock.close()


def form(**fields):
    return urllib.parse.urlencode(fields)


def worker(args, index, cycles, deadline, results, lock):
    email = f"load{index}@example.com"
    latencies, unexpected, done = [], [], 0
    try:
        conn = Connection(args.host, args.port, timeout=30)
        for cycle in range(cycles):
            if time.monotonic() > deadline:
                unexpected.append(f"{email}: out of time after {cycle} cycles")
                break
            current, new = f"pw-{index}-{cycle}", f"pw-{index}-{cycle + 1}"
            started = time.perf_counter()
            status, body = conn.request("POST", "/aaa/login.json", form(login=email, password=current, type="access-token"))
            latencies.append(time.perf_counter() - started)
            if status != 200:
                unexpected.append(f"{email} cycle {cycle}: login answered {status}")
                break
            token = json.loads(body)["access_token"]
            query = form(changepassword=email, password=current, newpassword=new, access_token=token)
            started = time.perf_counter()
            status, body = conn.request("GET", "/aaa/changepassword.json?" + query)
            latencies.append(time.perf_counter() - started)
            if status != 200 or json.loads(body).get("accepted") is not True:
                unexpected.append(f"{email} cycle {cycle}: change answered {status} {body[:80]!r}")
                break
            done += 1
        conn.close()
    except (OSError, ValueError, KeyError) as error:
        unexpected.append(f"{email}: {error!r}")
    with lock:
        results.append((index, done, latencies, unexpected))


def control(args, script):
    conn = Connection(args.host, args.port, timeout=60)
    status, body = conn.request("POST", "/__credsh/run", script, content_type="text/plain",
                                headers=[f"Authorization: Bearer {args.token}"])
    conn.close()
    return status, [json.loads(line) for line in body.decode().splitlines() if line]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True, help="the control API's token, printed by credsh serve --control at start")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--cycles", type=int, default=10000, help="login/change cycles in all (default 10000)")
    parser.add_argument("--seconds", type=float, default=300, help="wall-time bound (default 300)")
    args = parser.parse_args()
    if not args.host.startswith(LOOPBACK):
        sys.exit("serve_load.py sends load to loopback addresses only")
    if not (1 <= args.connections <= 64 and 1 <= args.cycles <= 1_000_000):
        sys.exit("1 to 64 connections, 1 to 1,000,000 cycles")

    setup = "\n".join(f"user add load{i}@example.com password pw-{i}-0" for i in range(args.connections))
    status, records = control(args, setup + "\n")
    if status != 200:
        sys.exit(f"setting up the accounts through /__credsh/run answered {status}: {records}")

    shares = [args.cycles // args.connections + (1 if i < args.cycles % args.connections else 0) for i in range(args.connections)]
    results, lock = [], threading.Lock()
    deadline = time.monotonic() + args.seconds
    started = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(args, i, shares[i], deadline, results, lock)) for i in range(args.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started

    latencies = sorted(l for _, _, ls, _ in results for l in ls)
    unexpected = [u for _, _, _, us in results for u in us]
    cycles = sum(done for _, done, _, _ in results)

    # The final state: one token per cycle on the server, the last password logs in, the one before does not.
    for index, done, _, _ in sorted(results):
        email = f"load{index}@example.com"
        status, records = control(args, f"user show {email}\n")
        issued = next((r["output"] for r in records if r.get("output", "").startswith("access tokens")), "")
        if not issued.startswith(f"access tokens: {done} issued"):
            unexpected.append(f"{email}: {done} cycles but the server says {issued!r}")
        conn = Connection(args.host, args.port, timeout=30)
        for password, expected in ((f"pw-{index}-{done}", 200), (f"pw-{index}-{done - 1}", 422)):
            if done == 0 and expected == 422:
                continue
            status, _ = conn.request("POST", "/aaa/login.json", form(login=email, password=password, type="access-token"))
            if status != expected:
                unexpected.append(f"{email}: password {password} answered {status}, not {expected}")
        conn.close()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000 if latencies else 0.0

    requests = len(latencies)
    print(f"{cycles} cycles ({requests} requests) over {args.connections} connections in {elapsed:.2f} s: "
          f"{requests / elapsed:,.0f} requests/s, p50 {percentile(50):.2f} ms, p99 {percentile(99):.2f} ms, "
          f"max {latencies[-1] * 1000 if latencies else 0:.2f} ms")
    print(f"{len(unexpected)} unexpected")
    for line in unexpected[:20]:
        print("  " + line)
    sys.exit(1 if unexpected or cycles != args.cycles else 0)


if __name__ == "__main__":
    main()
