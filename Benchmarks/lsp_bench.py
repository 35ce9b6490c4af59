#!/usr/bin/env python3
"""`bridgegen lsp` answer-time benchmark.

Opens one schema of a set in the server, then changes its buffer N times (full text) and
measures the time from writing didChange to reading the buffer's publishDiagnostics: the whole
check of the set (config, schemas, every target's validation) plus the index and the
publication. Beside it, in the same run, the wall time of `bridgegen check FOLDER` as a process
on the same set: the baseline of the ratio (the server saves the process start and reading the
files it has open). Then the answer to a rename of the file's first type. Nothing is asserted;
figures go to docs/PERFORMANCE.md.

usage: Benchmarks/lsp_bench.py [schemas] [MxK ...] [--repeat N] [--edit comment|doc]
       Benchmarks/lsp_bench.py --lines [N ...] [--shape short|methods] [--repeat N]
                                                (default: 100000 200000 400000, short, 3)

--edit says what each change does: `comment` (the default) adds or removes a comment line at
the end of the file, which leaves every file's syntax as it was; `doc` changes the doc text of
the file's first type, so every change gives the set new syntax to check.

--lines measures one document of N lines: the answer to a change of its full text, which the
client sends as one JSON string whose every line break is an escape, as a function of the
length. `short` (the default): a module of 10 of bench.py's methods followed by comment lines
of one character, so the figure is the server's own handling of the text (the JSON, the line
maps, the buffers) more than the check; `methods`: one module of bench.py's methods only, 13
lines each (400,000 lines are 30,768 methods). The columns give the milliseconds per 100,000
lines, which stay flat when the answer is linear in the size.

BRIDGEGEN_BENCH_BINARY=path measures that binary instead of building the release one.
BRIDGEGEN_BENCH_BEFORE=path (a saved build of the code before a change) is measured beside it,
in the same run: every row for both binaries, and their ratio (before / after).
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
        self.write(frame(obj))

    def write(self, framed):
        self.process.stdin.write(framed)
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

    def open(self, uri, text):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
        return self.published(uri)

    def timed_change(self, uri, version, text):
        """Seconds from writing a full-text didChange (framed beforehand) to reading the buffer's
        publishDiagnostics, and that message."""
        framed = frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})
        start = time.perf_counter()
        self.write(framed)
        message = self.published(uri)
        return time.perf_counter() - start, message

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        self.until(lambda m: m.get("id") == 2)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=60)


def edited(text, version, edit):
    """The text of change `version`: every one differs from the one before it."""
    if edit == "comment":
        return text + ("# edit %d\n" % version if version % 2 else "")
    lines = text.split("\n")
    doc = next(i for i, line in enumerate(lines) if line.startswith("    doc: "))
    lines[doc] = "    doc: Edited %d times." % version
    return "\n".join(lines)


def answer_times(binary, folder, path, repeat, edit="comment"):
    server = Server(binary, folder)
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    server.open(uri, text)
    times = []
    for version in range(2, repeat + 2):
        seconds, message = server.timed_change(uri, version, edited(text, version, edit))
        times.append(seconds)
        assert message["params"]["diagnostics"] == [], message
    # A rename of the first type (or method) of the file: the plan, then the set checked with
    # the edits applied (against its last check) before the answer.
    lines = text.split("\n")
    section = next(i for i, line in enumerate(lines) if line in ("types:", "methods:"))
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


def bench_sets(binaries, work, sizes, repeat, edit):
    print(f"edit: {edit}")
    print(f"{'set':>8} {'binary':>7} {'files':>5} {'bytes':>9} {'change ms (median)':>19} {'p90':>7} {'max':>7}"
          f" {'check ms':>9} {'ratio':>6} {'rename ms':>10}")
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
        for label, binary in binaries:
            answers, renames = answer_times(binary, folder, path, repeat, edit)
            checks = check_times(binary, folder, max(5, repeat // 3))
            median, base = statistics.median(answers), statistics.median(checks)
            p90 = sorted(answers)[int(0.9 * (len(answers) - 1))]
            print(f"{size:>8} {label:>7} {len(files):>5} {size_bytes:>9} {median * 1000:>19.1f} {p90 * 1000:>7.1f}"
                  f" {max(answers) * 1000:>7.1f} {base * 1000:>9.1f} {median / base:>6.2f} {statistics.median(renames) * 1000:>10.1f}")


def big_document(folder, lines, shape):
    """One schema of about `lines` lines of the `shape` --lines describes: its path and text."""
    write_schemas(folder, 1, 10 if shape == "short" else max(1, (lines - 11) // 13))
    path = os.path.join(folder, "mod0.bridge.yaml")
    text = open(path, encoding="utf-8").read()
    if shape == "short":
        text += "#\n" * (lines - text.count("\n"))
    return path, text


def bench_lines(binaries, work, sizes, repeat, shape):
    print(f"shape: {shape}; median of {repeat} changes of the whole text of one document; ms / 100k lines flat = linear")
    header = f"{'lines':>8} {'bytes':>10}"
    for label, _ in binaries:
        header += f" {label + ' ms':>12} {'/100k lines':>11}"
    print(header + (f" {'before/after':>12}" if len(binaries) > 1 else ""))
    for lines in sizes:
        folder = os.path.join(work, "lines%d" % lines)
        os.makedirs(folder)
        path, text = big_document(folder, lines, shape)
        count = text.count("\n")
        row = f"{count:>8} {len(text.encode()):>10}"
        medians = []
        for _, binary in binaries:
            server = Server(binary, folder)
            uri = "file://" + path
            server.open(uri, text)
            times = []
            for version in range(2, repeat + 2):
                seconds, message = server.timed_change(uri, version, edited(text, version, "comment"))
                assert message["params"]["diagnostics"] == [], message["params"]["diagnostics"][:3]
                times.append(seconds)
            server.close()
            medians.append(statistics.median(times))
            row += f" {medians[-1] * 1000:>12.1f} {medians[-1] * 1000 * 100000 / count:>11.1f}"
        if len(binaries) > 1:
            row += f" {medians[0] / medians[-1]:>12.1f}"
        print(row, flush=True)


def main():
    sys.stdout.reconfigure(line_buffering=True)
    args = sys.argv[1:]
    options = {"--repeat": None, "--edit": "comment", "--shape": "short"}
    for option in options:
        if option in args:
            i = args.index(option)
            options[option] = args[i + 1]
            del args[i:i + 2]
    repeat = options["--repeat"] and int(options["--repeat"])
    lines_mode = "--lines" in args
    if lines_mode:
        args.remove("--lines")
    binary = os.environ.get("BRIDGEGEN_BENCH_BINARY")
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bridgegen"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "bridgegen")
    binaries = [("after" if os.environ.get("BRIDGEGEN_BENCH_BEFORE") else "", os.path.abspath(binary))]
    if os.environ.get("BRIDGEGEN_BENCH_BEFORE"):
        binaries.insert(0, ("before", os.path.abspath(os.environ["BRIDGEGEN_BENCH_BEFORE"])))
        print("binaries: " + ", ".join(f"{label} = {path}" for label, path in binaries))
    work = tempfile.mkdtemp(prefix="bridgegen-lsp-bench-")
    if lines_mode:
        bench_lines(binaries, work, [int(n) for n in args] or [100000, 200000, 400000], repeat or 3, options["--shape"])
    else:
        bench_sets(binaries, work, args or ["schemas", "50x20"], repeat or 30, options["--edit"])
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
