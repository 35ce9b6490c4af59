"""A document of millions of short lines: every line break is an escape in the JSON of its
text, and the server reads, maps and checks it in time linear in its size. Before, a 5 MB
document of short lines got no answer in 150 s."""
import json

from test_hostile import message, responses, run_raw


def test_a_5_mb_document_of_short_lines_is_answered(tmp_path):
    # A doc of 700,000 one-letter lines, 800,000 comment lines, then a type whose field names
    # a type that does not exist: the one diagnostic, on the last line.
    lines = ["bridgegen: 1", "module: big", "doc: |"] + ["  x"] * 700_000 + ["#c"] * 800_000
    lines += ["types:", "  Item: {fields: {note: Strin}}", ""]
    text = "\n".join(lines)
    assert len(text.encode()) > 5_000_000
    path = tmp_path / "big.bridge.yaml"
    path.write_text(text, encoding="utf-8")
    last = len(lines) - 2
    stream = b"".join([
        message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"capabilities": {}, "rootUri": tmp_path.as_uri()}}),
        message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": path.as_uri(), "languageId": "yaml", "version": 1, "text": text}}}),
        message({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": path.as_uri()}, "position": {"line": last, "character": 3}}}),
        message({"jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": path.as_uri()}, "position": {"line": last, "character": 29}}}),
        message({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
        message({"jsonrpc": "2.0", "method": "exit"}),
    ])
    run = run_raw(stream, timeout=150)
    assert run.returncode == 0, run.stderr[-2000:]
    answers = responses(run.stdout)
    published = [m["params"] for m in answers if m.get("method") == "textDocument/publishDiagnostics"]
    assert [(d["range"]["start"], d["code"]) for p in published for d in p["diagnostics"]] == [
        ({"line": last, "character": 24}, "unknown-type")], json.dumps(published)[:2000]
    by_id = {m.get("id"): m for m in answers}
    assert by_id[2]["result"]["contents"]["value"].startswith("**type big.Item**"), by_id[2]
    labels = {item["label"] for item in by_id[3]["result"]}
    assert {"string", "Item"} <= labels, labels
