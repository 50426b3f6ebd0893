#!/usr/bin/env python3
"""What `credsh lsp` holds (issue 31, item 7): opens DOCUMENTS documents of MB megabytes
each (a script of `let` lines), then asks for shutdown, and prints the time until it was
answered and the server's peak resident memory (VmHWM of /proc/PID/status):

    200 documents of 1 MB: shutdown answered in 3.1 s, peak RSS 61 MiB, 136 held, 64 too large

Before the server bounded what it holds, 200 documents of 1 MB took 426 MB and 32 s, one
of 60 MB 593 MB. Bounded: the whole run stops after --seconds (300).

Usage: bench/lsp_memory.py CREDSH [--documents 200] [--mb 1]"""
import argparse
import json
import os
import subprocess
import threading
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("credsh")
    parser.add_argument("--documents", type=int, default=200)
    parser.add_argument("--mb", type=float, default=1)
    parser.add_argument("--seconds", type=float, default=300)
    args = parser.parse_args()
    line = 'let a = "' + "x" * 40 + '"\n'
    size = int(args.mb * 1_000_000)
    text = line * (size // len(line))
    server = subprocess.Popen([args.credsh, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    answers = {"shutdown": None, "too large": 0, "checked": 0}
    done = threading.Event()

    def read():
        out = server.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    done.set()
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r\n")[0])
            message = json.loads(out.read(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                diagnostics = message["params"]["diagnostics"]
                too_large = any("credsh lsp holds" in d["message"] or "credsh lsp reads" in d["message"] for d in diagnostics)
                answers["too large" if too_large else "checked"] += 1
            if message.get("id") == 2:
                answers["shutdown"] = time.monotonic()
                done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    started = time.monotonic()
    server.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
    server.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    for index in range(args.documents):
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": f"file:///tmp/bench-{index}.credscript", "languageId": "credscript", "version": 1, "text": text}}}))
    server.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    server.stdin.flush()
    done.wait(args.seconds)
    peak = peak_mib(server.pid)
    took = (answers["shutdown"] or time.monotonic()) - started
    try:
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
    except BrokenPipeError:
        pass
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
    said = "answered" if answers["shutdown"] else "NOT answered"
    print(f"{args.documents} documents of {args.mb:g} MB: shutdown {said} in {took:.1f} s, peak RSS {peak} MiB, "
          f"{answers['checked']} checked, {answers['too large']} too large")


if __name__ == "__main__":
    main()
