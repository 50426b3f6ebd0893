#!/usr/bin/env python3
"""credsh lsp against its bounds (issue 24): time from start to `initialize` answered, and
from didOpen to the first publishDiagnostics, for a 10 MB script, a script with 100,000
errors, and every example. Usage: bench/lsp_bounds.py [CREDSH] (default: the release build)."""
import json, os, subprocess, sys, tempfile, time

def session(binary, text):
    started = time.time()
    lsp = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        body = json.dumps(message).encode()
        lsp.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        lsp.stdin.flush()

    def receive():
        length = None
        while True:
            line = lsp.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(lsp.stdout.read(length))

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    while "id" not in receive():
        pass
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    initialized = time.time()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///bench.credscript", "languageId": "credscript", "version": 1, "text": text}}})
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            break
    diagnosed = time.time()
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    lsp.wait()
    return (initialized - started) * 1000, (diagnosed - initialized) * 1000, len(message["params"]["diagnostics"])

def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/credsh")
    cycle, lines, size, index = [], [], 0, 0
    while size < 10_000_000:
        for line in (f'user add user{index} password "Passw0rd-{index}!"', f'login user{index} "Passw0rd-{index}!"', "logout"):
            lines.append(line)
            size += len(line) + 1
        index += 1
    cases = [("10 MB script", "\n".join(lines) + "\n"), ("100,000 errors", "lgoin alice\n" * 100_000)]
    for name, text in cases:
        start, diagnose, count = session(binary, text)
        print(f"{name}: initialize {start:.0f} ms, diagnostics {diagnose:.0f} ms ({count} published)")
    slowest = 0.0
    examples = sorted(f for f in os.listdir(os.path.join(root, "examples")) if f.endswith(".credscript"))
    for example in examples:
        with open(os.path.join(root, "examples", example)) as file:
            slowest = max(slowest, session(binary, file.read())[1])
    print(f"examples: {len(examples)} files, slowest diagnostics {slowest:.1f} ms")

if __name__ == "__main__":
    main()
