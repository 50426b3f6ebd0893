#!/usr/bin/env python3
"""The SDK double's floods of issue 51, against a running `credsh serve --control` (it
starts one itself from BINARY). Prints the server's peak resident memory (VmHWM of
/proc/PID/status) after each:

  journal   CALLS Fiori `present` calls with two 4,096-byte fields on each of DEVICES
            devices (keep-alive, one connection a device); then the journal of one device
            drawn as SVG while /__credsh/state is timed beside it.
  stream    a device's event stream that never reads (a 4 KiB receive buffer), then one
            control run that publishes as many callbacks for that device as 5 s allow.

Usage: bench/double_flood.py BINARY journal|stream [--calls 10000] [--devices 1]
Bounded: loopback only, every socket a 60 s timeout."""
import argparse
import http.client
import json
import re
import socket
import subprocess
import threading
import time

from control_flood import peak_kib




def start(binary):
    server = subprocess.Popen([binary, "serve", "--control", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    port = token = None
    while port is None or token is None:
        line = server.stdout.readline()
        if not line:
            raise SystemExit("credsh serve ended early")
        found = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if found and port is None:
            port = int(found.group(1))
        if line.startswith("control API token: "):
            token = line.split()[3]
    # The log is read and dropped, so the pipe never fills.
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    return server, port, token


def journal(server, port, token, calls, devices):
    field = "x" * 4096
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "present",
                       "params": {"controller": field, "userIdentifier": field}})
    started = time.monotonic()
    for device in range(devices):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Credsh-Device": f"d{device}"}
        for _ in range(calls):
            connection.request("POST", "/sdk/fiori", body, headers)
            connection.getresponse().read()
        connection.close()
    print(f"journal: {calls * devices} calls in {time.monotonic() - started:.1f} s; peak {peak_kib(server.pid) // 1024} MiB")
    timings = {}

    def get(name, path):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        began = time.monotonic()
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        answer = connection.getresponse()
        size = len(answer.read())
        timings[name] = (time.monotonic() - began, answer.status, size)

    drawing = threading.Thread(target=get, args=("svg", "/__credsh/journal?device=d0&format=svg"))
    drawing.start()
    time.sleep(0.2)
    get("state", "/__credsh/state")
    drawing.join()
    for name, (seconds, status, size) in timings.items():
        print(f"journal: {name} {status} in {seconds:.2f} s, {size} bytes")
    print(f"journal: peak {peak_kib(server.pid) // 1024} MiB")


def stream(server, port, token):
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    reader.settimeout(60)
    reader.connect(("127.0.0.1", port))
    reader.sendall(f"GET /sdk/relid/events?device=slow HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   f"Authorization: Bearer {token}\r\n\r\n".encode())
    time.sleep(0.5)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    script = ('sdk relid\nkdf 1\nuser add alice password "Passw0rd!"\ndevice slow\n'
              'repeat 1000000 {\n  login alice "Passw0rd!"\n  logout\n}\n')
    began = time.monotonic()
    connection.request("POST", "/__credsh/run", script, {"Authorization": f"Bearer {token}", "Content-Type": "text/plain"})
    answer = connection.getresponse()
    answer.read()
    time.sleep(1)
    print(f"stream: run {answer.status} in {time.monotonic() - began:.1f} s; peak {peak_kib(server.pid) // 1024} MiB")
    reader.settimeout(15)
    taken = b""
    try:
        while True:
            chunk = reader.recv(65536)
            if not chunk:
                break
            taken += chunk
    except socket.timeout:
        pass
    print(f"stream: the client then took {len(taken)} bytes; closed record: {b'event: closed' in taken}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("flood", choices=["journal", "stream"])
    parser.add_argument("--calls", type=int, default=10000)
    parser.add_argument("--devices", type=int, default=1)
    args = parser.parse_args()
    server, port, token = start(args.binary)
    try:
        if args.flood == "journal":
            journal(server, port, token, args.calls, args.devices)
        else:
            stream(server, port, token)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
