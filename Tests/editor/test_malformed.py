"""What no editor sends on purpose: bodies that are not JSON, headers without a length,
exit without shutdown. The server answers each with the protocol's error and goes on."""
import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
CREDSH = os.environ.get("CREDSH", str(ROOT / ".build" / "debug" / "credsh"))


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(id_, method, params=None):
    return frame(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params or {}}).encode())


def answers(output: bytes):
    out = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        out.append(json.loads(rest[:length]))
        output = rest[length:]
    return out


def run(stdin: bytes):
    done = subprocess.run([CREDSH, "lsp"], input=stdin, capture_output=True, timeout=60)
    return done.returncode, answers(done.stdout)


def test_malformed_messages_get_errors_and_the_server_keeps_serving():
    stdin = (
        request(1, "initialize", {"capabilities": {}})
        + frame(b"{this is not json")
        + b"X-Header: no length\r\n\r\n"
        + frame(b'{"jsonrpc":"2.0","id":2}')
        + request(3, "no/such/method")
        + request(4, "shutdown")
        + frame(b'{"jsonrpc":"2.0","method":"exit"}')
    )
    code, got = run(stdin)
    assert code == 0
    assert [a.get("id") for a in got] == [1, None, None, 2, 3, 4]
    assert [a.get("error", {}).get("code") for a in got] == [None, -32700, -32700, -32600, -32601, None]


def test_exit_without_shutdown_is_exit_code_one():
    code, _ = run(request(1, "initialize", {"capabilities": {}}) + frame(b'{"jsonrpc":"2.0","method":"exit"}'))
    assert code == 1
