"""Stale work: a cancelled request is answered RequestCancelled, and a burst of changes to one
buffer is checked once, for its last text. The burst is one write of at most PIPE_BUF bytes,
which the kernel delivers whole, so the server sees it all at once."""
import json
import os
import select
import subprocess

from conftest import BINARY


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(process, timeout=30):
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        ready, _, _ = select.select([process.stdout], [], [], timeout)
        assert ready, "the server did not answer"
        head += os.read(process.stdout.fileno(), 1)
    length = int(head.split(b":")[1].split(b"\r\n")[0])
    body = b""
    while len(body) < length:
        body += os.read(process.stdout.fileno(), length - len(body))
    return json.loads(body)


def test_cancelled_request_and_coalesced_changes(tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text("bridgegen: 1\nmodule: sample\n", encoding="utf-8")
    uri = path.as_uri()
    process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    try:
        os.write(process.stdin.fileno(), frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                                "params": {"capabilities": {}, "rootUri": tmp_path.as_uri()}}))
        assert read_message(process)["id"] == 1
        burst = [frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": "bridgegen: 1\nmodule: sample\n"}}})]
        for version in range(2, 12):
            burst.append(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": f"bridgegen: 1\nmodule: sample\nbogus{version}: 1\n"}]}}))
        burst.append(frame({"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
                            "params": {"textDocument": {"uri": uri}}}))
        burst.append(frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}}))
        burst.append(frame({"jsonrpc": "2.0", "id": 8, "method": "textDocument/documentSymbol",
                            "params": {"textDocument": {"uri": uri}}}))
        data = b"".join(burst)
        assert len(data) <= select.PIPE_BUF, len(data)
        os.write(process.stdin.fileno(), data)
        publications, responses = [], {}
        while 8 not in responses:
            message = read_message(process)
            if message.get("method") == "textDocument/publishDiagnostics":
                publications.append(message["params"])
            elif "id" in message:
                responses[message["id"]] = message
        assert responses[7]["error"]["code"] == -32800
        assert "result" in responses[8]
        # The open is checked, then only the last of the ten changes.
        assert [p.get("version") for p in publications] == [1, 11]
        [diagnostic] = publications[-1]["diagnostics"]
        assert diagnostic["code"] == "unknown-key" and "bogus11" in diagnostic["message"]
    finally:
        process.kill()
        process.wait()
