#!/usr/bin/env python3
"""Load on the SDK double's wire (`POST /sdk/relid`, docs/double.md "The wire").

At kdf 1 (set through the control API, as bench/run.sh's cycles-kdf1 script does), each
of --devices devices (its own keep-alive connection and `Credsh-Device`) logs its own
user in and off over and over: setUser, setPassword, logOff, three calls a cycle, each
answer checked (the callback that must come). The server's CPU time (utime + stime of
--pid, from /proc) is read before and after, so the CPU a call costs over the wire is
printed beside the wall-clock figures.

Bounded: --calls calls in all, at most --seconds of wall time, loopback only. Exits 1 on
any unexpected answer.

    python3 bench/double_load.py --port 8080 --token T --pid 1234 --devices 8 --calls 30000
"""
import argparse
import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from serve_load import LOOPBACK, Connection, control  # noqa: E402

CYCLE = (
    ("setUser", lambda user: {"userID": user}, "getPassword"),
    ("setPassword", lambda user: {"password": "Passw0rd!", "challengeMode": 0}, "onUserLoggedIn"),
    ("logOff", lambda user: {"userID": user}, "onUserLoggedOff"),
)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def worker(args, index, calls, deadline, results, lock):
    user, device = f"user{index}", f"device-{index}"
    headers = [f"Authorization: Bearer {args.token}", f"Credsh-Device: {device}"]
    latencies, unexpected = [], []
    try:
        conn = Connection(args.host, args.port, timeout=30)
        for number in range(calls):
            if time.monotonic() > deadline:
                unexpected.append(f"{device}: out of time after {number} calls")
                break
            method, params, expected = CYCLE[number % len(CYCLE)]
            body = json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params(user)})
            started = time.perf_counter()
            status, answer = conn.request("POST", "/sdk/relid", body, content_type="application/json", headers=headers)
            latencies.append(time.perf_counter() - started)
            events = [e.get("event") for e in json.loads(answer).get("result", {}).get("events", [])] if status == 200 else []
            if status != 200 or expected not in events:
                unexpected.append(f"{device} call {number} {method}: {status} {answer[:120]!r}")
                break
        conn.close()
    except (OSError, ValueError) as error:
        unexpected.append(f"{device}: {error!r}")
    with lock:
        results.append((latencies, unexpected))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--pid", type=int, required=True, help="credsh serve's process, for its CPU time")
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--calls", type=int, default=30000, help="calls in all (default 30000)")
    parser.add_argument("--seconds", type=float, default=300)
    args = parser.parse_args()
    if not args.host.startswith(LOOPBACK):
        sys.exit("double_load.py sends load to loopback addresses only")
    if not (1 <= args.devices <= 64 and 1 <= args.calls <= 1_000_000):
        sys.exit("1 to 64 devices, 1 to 1,000,000 calls")
    setup = "kdf 1\n" + "".join(f'user add user{i} password "Passw0rd!"\n' for i in range(args.devices))
    status, records = control(args, setup)
    if status != 200:
        sys.exit(f"setting up through /__credsh/run answered {status}: {records}")
    share = args.calls // args.devices
    results, lock = [], threading.Lock()
    deadline = time.monotonic() + args.seconds
    cpu_before = cpu_seconds(args.pid)
    started = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(args, i, share, deadline, results, lock)) for i in range(args.devices)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(args.pid) - cpu_before
    latencies = sorted(l for ls, _ in results for l in ls)
    unexpected = [u for _, us in results for u in us]

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000 if latencies else 0.0

    calls = len(latencies)
    print(f"{calls} calls from {args.devices} devices in {elapsed:.2f} s: {calls / elapsed:,.0f} calls/s, "
          f"p50 {percentile(50):.2f} ms, p99 {percentile(99):.2f} ms, max {latencies[-1] * 1000 if latencies else 0:.2f} ms; "
          f"server CPU {cpu:.2f} s, {cpu / max(calls, 1) * 1e6:.1f} µs a call")
    print(f"{len(unexpected)} unexpected")
    for line in unexpected[:20]:
        print("  " + line)
    sys.exit(1 if unexpected or calls != share * args.devices else 0)


if __name__ == "__main__":
    main()
