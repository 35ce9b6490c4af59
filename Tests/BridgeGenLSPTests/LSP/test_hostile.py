"""No input crashes or hangs the server: hostile schemas through the client, and bytes that
are no protocol at all straight to the binary's standard input."""
import json
import pathlib
import random
import subprocess

from lsprotocol import types

from conftest import BINARY, change_doc, open_doc


def hostile_schemas():
    laughs = "bridgegen: 1\nmodule: sample\nx-a: &a [" + ",".join(['"lol"'] * 9) + "]\n"
    names = "abcdefghij"
    for i in range(1, len(names)):
        laughs += f"x-{names[i]}: &{names[i]} [" + ",".join([f"*{names[i - 1]}"] * 9) + "]\n"
    rng = random.Random(0x5EED)
    garbage = bytes(rng.randrange(256) for _ in range(65536)).decode("utf-8", errors="replace")
    return {
        "billion-laughs": laughs,
        "deep-lists": "bridgegen: 1\nmodule: sample\nx-deep: " + "[" * 20000 + "]" * 20000 + "\n",
        "deep-maps": "bridgegen: 1\nmodule: sample\nx-deep: " + "{a: " * 20000 + "}" * 20000 + "\n",
        "garbage": garbage,
        "nul": "bridgegen: 1\nmodule: sample\ndoc: a\x00b\n",
        "controls": "".join(chr(c) for c in range(32)) + "\x7f\x85\u2028\u2029\ufeff",
        "lone-surrogate-escape": "bridgegen: 1\nmodule: sample\ndoc: \"\\ud800\"\n",
        "huge-line": "bridgegen: 1\nmodule: sample\ndoc: " + "😀" * 200000 + "\nbogus: 1\n",
        "empty": "",
        "tabs": "bridgegen: 1\n\tmodule: sample\n",
    }


async def test_hostile_schemas_get_diagnostics_and_the_server_lives_on(client, tmp_path):
    path = tmp_path / "sample.bridge.yaml"
    path.write_text("bridgegen: 1\nmodule: sample\n", encoding="utf-8")
    uri = await open_doc(client, path)
    assert client.diagnostics[uri] == ()
    for version, (name, text) in enumerate(hostile_schemas().items(), start=2):
        await change_doc(client, uri, version, text)
        errors = [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error]
        assert errors, f"{name}: no error reported"
    await change_doc(client, uri, 100, "bridgegen: 1\nmodule: sample\n")
    assert client.diagnostics[uri] == ()


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(obj) -> bytes:
    return frame(json.dumps(obj).encode())


def run_raw(stream: bytes, timeout=60):
    return subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=timeout)


def responses(stdout: bytes):
    out = []
    while stdout:
        head, _, rest = stdout.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        out.append(json.loads(rest[:length]))
        stdout = rest[length:]
    return out


def test_bytes_that_are_no_protocol_get_errors_not_a_crash():
    stream = b"".join([
        message({"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": {}}),  # before initialize
        frame(b"{not json"),
        frame(b"[" * 100000),
        frame(b"\xff\xfe"),
        b"X-Nonsense: 1\r\n\r\n",  # no Content-Length
        message([1, 2, 3]),
        message({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}),
        message({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}),
        message({"jsonrpc": "2.0", "id": 4, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": 5}}}),
        message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "untitled:x"}}}),
        message({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///nowhere"},
                                                                               "contentChanges": "x"}}),
        message({"jsonrpc": "2.0", "id": 5, "method": "shutdown"}),
        message({"jsonrpc": "2.0", "method": "exit"}),
    ])
    run = run_raw(stream)
    assert run.returncode == 0, run.stderr
    by_id = {r.get("id"): r for r in responses(run.stdout) if "id" in r and r.get("id") is not None}
    assert by_id[1]["error"]["code"] == -32002
    assert by_id[2]["result"]["capabilities"]["textDocumentSync"]["change"] == 1
    assert by_id[3]["error"]["code"] == -32601
    assert by_id[4]["error"]["code"] == -32602
    assert by_id[5]["result"] is None
    codes = [r["error"]["code"] for r in responses(run.stdout) if r.get("id") is None and "error" in r]
    assert codes.count(-32700) == 3 and -32600 in codes, codes


def test_exit_without_shutdown_and_end_of_input_exit_1():
    assert run_raw(message({"jsonrpc": "2.0", "method": "exit"})).returncode == 1
    assert run_raw(b"Content-Length: 10\r\n\r\n{").returncode == 1
    assert run_raw(b"").returncode == 1


def test_random_frames_never_crash_the_server():
    rng = random.Random(26)
    init = message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    parts = [init]
    for _ in range(300):
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
        parts.append(frame(body) if rng.random() < 0.7 else body)
    parts.append(message({"jsonrpc": "2.0", "method": "exit"}))
    run = run_raw(b"".join(parts))
    assert run.returncode in (0, 1), run.stderr
    assert b"Fatal error" not in run.stderr and run.returncode >= 0


def run_and_require_every_answer(parts, asked):
    """Runs the server on `parts` (initialize as id 0, requests 1...asked) plus shutdown and exit:
    it must exit 0 having answered every id, with no error but a refusal (invalid params)."""
    parts = parts + [message({"jsonrpc": "2.0", "id": asked + 1, "method": "shutdown"}), message({"jsonrpc": "2.0", "method": "exit"})]
    run = run_raw(b"".join(parts), timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    answered = {r["id"] for r in responses(run.stdout) if r.get("id") is not None and ("result" in r or "error" in r)}
    assert answered == set(range(asked + 2)), sorted(set(range(asked + 2)) - answered)[:10]
    unexpected = [r for r in responses(run.stdout) if "error" in r and r["error"]["code"] != -32602]
    assert unexpected == [], unexpected[:3]


def test_every_position_of_real_and_hostile_files_gets_an_answer():
    """Completion, hover, definition and prepareRename at every third position (every one in
    short lines) of Schemas/ and of the hostile texts, and rename at every 40th request: each
    request answered, the server alive."""
    repository = pathlib.Path(__file__).resolve().parents[3]
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted((repository / "Schemas").glob("*.yaml"))}
    texts.update((name + ".bridge.yaml", text) for name, text in hostile_schemas().items()
                 if len(text) < 5000 and "\x00" not in text)
    parts = [message({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}),
             message({"jsonrpc": "2.0", "method": "initialized", "params": {}})]
    uris = {name: (repository / "Schemas" / name).as_uri() if (repository / "Schemas" / name).exists()
            else f"untitled:{name}" for name in texts}
    for name, text in texts.items():
        parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uris[name], "languageId": "yaml", "version": 1, "text": text}}}))
    asked = 0
    for name, text in texts.items():
        for line, content in enumerate(text.split("\n")):
            width = len(content.encode("utf-16-le")) // 2 + 2
            for character in range(0, width, 1 if width < 12 else 3):
                where = {"textDocument": {"uri": uris[name]}, "position": {"line": line, "character": character}}
                methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition",
                           "textDocument/prepareRename"]
                if asked % 40 == 0:
                    methods.append("textDocument/rename")
                for method in methods:
                    asked += 1
                    params = dict(where, newName="renamed") if method.endswith("/rename") else where
                    parts.append(message({"jsonrpc": "2.0", "id": asked, "method": method, "params": params}))
    run_and_require_every_answer(parts, asked)


def mutants(count, seed=26):
    """The fuzz corpus of CheckFuzzTests (Schemas/, the stress and the invalid fixtures),
    mutated by a seeded mutator: bytes flipped, lines dropped, doubled or swapped, cut short."""
    repository = pathlib.Path(__file__).resolve().parents[3]
    corpus = sorted(repository.glob("Schemas/*.bridge.yaml")) + sorted(
        repository.glob("Tests/BridgeGenSwiftTests/Fixtures/Stress/**/*.bridge.yaml")) + sorted(
        repository.glob("Tests/BridgeGenCoreTests/Fixtures/invalid/**/*.bridge.yaml"))
    texts = [p.read_bytes() for p in corpus]
    assert len(texts) > 60
    rng = random.Random(seed)
    for _ in range(count):
        data = bytearray(rng.choice(texts))
        for _ in range(rng.randrange(1, 4)):
            lines = data.split(b"\n")
            kind = rng.randrange(5)
            if kind == 0 and data:
                data[rng.randrange(len(data))] = rng.choice(b"{}[]:,-#'\"\t \n?&*!|>" + bytes([rng.randrange(256)]))
            elif kind == 1 and len(lines) > 1:
                del lines[rng.randrange(len(lines))]
                data = bytearray(b"\n".join(lines))
            elif kind == 2:
                i = rng.randrange(len(lines))
                lines.insert(i, lines[i])
                data = bytearray(b"\n".join(lines))
            elif kind == 3 and len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"\n".join(lines))
            else:
                data = data[:rng.randrange(len(data) + 1)]
        yield data.decode("utf-8", errors="replace")


def test_the_fuzz_corpus_mutated_through_every_feature(tmp_path):
    """300 mutants as the changes of one buffer of a set; after each, completion, hover,
    definition, references, rename, prepareRename and quick fixes at random positions (the
    quick fixes with made-up did-you-mean diagnostics): every request answered, no crash."""
    (tmp_path / "bridgegen.yaml").write_text("bridgegen: 1\n", encoding="utf-8")
    (tmp_path / "other.bridge.yaml").write_text("bridgegen: 1\nmodule: other\ntypes:\n  T: {fields: {a: int}}\n", encoding="utf-8")
    uri = (tmp_path / "sample.bridge.yaml").as_uri()
    rng = random.Random(0xF022)
    parts = [message({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                      "params": {"capabilities": {}, "rootUri": tmp_path.as_uri()}}),
             message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                 "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": ""}}})]
    asked = 0
    for version, text in enumerate(mutants(300), start=2):
        parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}}))
        lines = text.split("\n")
        for _ in range(3):
            line = rng.randrange(len(lines) + 1)
            character = rng.randrange(len(lines[line]) + 2) if line < len(lines) else 0
            position = {"line": line, "character": character}
            where = {"textDocument": {"uri": uri}, "position": position}
            word = rng.choice(["int", "string", "x", "list<int>", "'", "", "😀"])
            diagnostic = {"range": {"start": position, "end": {"line": line, "character": character + rng.randrange(4)}},
                          "source": "bridgegen", "code": "unknown-type",
                          "message": f"unknown type '{word}'; did you mean '{rng.choice(['int', 'a b', ''])}'?"}
            requests = [("textDocument/completion", where), ("textDocument/hover", where),
                        ("textDocument/definition", where), ("textDocument/prepareRename", where),
                        ("textDocument/references", dict(where, context={"includeDeclaration": True})),
                        ("textDocument/rename", dict(where, newName=rng.choice(["renamed", "T", "a-b", "x y"]))),
                        ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": diagnostic["range"],
                                                     "context": {"diagnostics": [diagnostic]}})]
            for method, params in requests:
                asked += 1
                parts.append(message({"jsonrpc": "2.0", "id": asked, "method": method, "params": params}))
    run_and_require_every_answer(parts, asked)
