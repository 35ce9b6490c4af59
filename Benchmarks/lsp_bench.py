#!/usr/bin/env python3
"""`bridgegen lsp` answer-time benchmark.

Opens one schema of a set in the server, then changes its buffer N times (full text, a comment
line added or removed so every change is new) and measures the time from writing didChange to
reading the buffer's publishDiagnostics: the whole check of the set (config, schemas, every
target's validation) plus the index and the publication. Beside it, in the same run, the wall
time of `bridgegen check FOLDER` as a process on the same set: the baseline of the ratio
(the server saves the process start and reading the files it has open; it re-reads the
others). Then the answer to a rename of the file's first type. Nothing is asserted; figures
go to docs/PERFORMANCE.md.

usage: Benchmarks/lsp_bench.py [schemas] [MxK ...] [--repeat N]   (default: schemas 50x20)

BRIDGEGEN_BENCH_BINARY=path measures that binary instead of building the release one.
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, write_schemas  # noqa: E402


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, binary, root):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"capabilities": {}, "rootUri": "file://" + root}})
        self.until(lambda m: m.get("id") == 1)

    def send(self, obj):
        self.process.stdin.write(frame(obj))
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def until(self, accept):
        while True:
            message = self.read()
            if accept(message):
                return message

    def published(self, uri):
        return self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        self.until(lambda m: m.get("id") == 2)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=30)


def answer_times(binary, folder, path, repeat):
    server = Server(binary, folder)
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    server.published(uri)
    times = []
    for version in range(2, repeat + 2):
        changed = text + ("# edit %d\n" % version if version % 2 else "")
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": changed}]}})
        message = server.published(uri)
        times.append(time.perf_counter() - start)
        assert message["params"]["diagnostics"] == [], message
    # A rename of the first type (or method) of the file: the plan, then the set checked with
    # the edits applied (against its last check) before the answer.
    lines = text.split("\n")
    section = next(i for i, l in enumerate(lines) if l in ("types:", "methods:"))
    position = {"line": section + 1, "character": 3}
    renames = []
    for n in range(max(5, repeat // 3)):
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "id": 100 + n, "method": "textDocument/rename",
                     "params": {"textDocument": {"uri": uri}, "position": position, "newName": "Renamed%d" % n}})
        answer = server.until(lambda m: m.get("id") == 100 + n)
        renames.append(time.perf_counter() - start)
        assert "result" in answer, answer
    server.close()
    return times, renames


def check_times(binary, folder, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([binary, "check", folder], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main():
    args = sys.argv[1:]
    repeat = 30
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i:i + 2]
    sizes = args or ["schemas", "50x20"]
    binary = os.environ.get("BRIDGEGEN_BENCH_BINARY")
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bridgegen"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "bridgegen")
    binary = os.path.abspath(binary)
    work = tempfile.mkdtemp(prefix="bridgegen-lsp-bench-")
    print(f"{'set':>8} {'files':>5} {'bytes':>9} {'change ms (median)':>19} {'p90':>7} {'max':>7} {'check ms':>9} {'ratio':>6} {'rename ms':>10}")
    for size in sizes:
        folder = os.path.join(work, size)
        if size == "schemas":
            shutil.copytree(os.path.join(ROOT, "Schemas"), folder)
            path = os.path.join(folder, "user.bridge.yaml")
        else:
            modules, methods = map(int, size.lower().split("x"))
            os.makedirs(folder)
            write_schemas(folder, modules, methods)
            path = os.path.join(folder, "mod0.bridge.yaml")
        files = [f for f in os.listdir(folder) if f.endswith(".bridge.yaml")]
        size_bytes = sum(os.path.getsize(os.path.join(folder, f)) for f in files)
        answers, renames = answer_times(binary, folder, path, repeat)
        checks = check_times(binary, folder, max(5, repeat // 3))
        median, base = statistics.median(answers), statistics.median(checks)
        p90 = sorted(answers)[int(0.9 * (len(answers) - 1))]
        print(f"{size:>8} {len(files):>5} {size_bytes:>9} {median * 1000:>19.1f} {p90 * 1000:>7.1f} {max(answers) * 1000:>7.1f}"
              f" {base * 1000:>9.1f} {median / base:>6.2f} {statistics.median(renames) * 1000:>10.1f}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
