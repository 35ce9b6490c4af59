#!/usr/bin/env python3
"""bridgegen front-end benchmark.

Generates a synthetic schema set of M modules x K methods (each method: 3 params
string/int/bool and a result struct of 3 fields; one shared struct per module), then prints
`bridgegen check` wall time and peak memory beside the time libyaml alone takes to pull the
events of the same files (Benchmarks/yaml_events.c). Ratios are against that baseline measured
in the same run, because these machines are noisy; nothing is asserted.

usage: Benchmarks/bench.py [MxK ...] [--repeat N] [--instructions]
       Benchmarks/bench.py --generate [MxK ...] [--repeat N] [--instructions] [--targets a,b]
       Benchmarks/bench.py --swift-bytes [MxK ...]     (default 50x20)
       (default sizes: 10x10 50x20 200x25; 400x25 on request)

--instructions also counts instructions with valgrind (callgrind), which does not depend on
what else the machine is doing: the ratio to count when wall times are noisy.

BRIDGEGEN_BENCH_BINARY=path measures that bridgegen binary instead of building the release one.
With --generate, BRIDGEGEN_BENCH_BEFORE=path (a saved build of the code before a change) is
measured beside it: every row for both binaries, their runs alternating, one line each.

--generate measures `bridgegen generate` instead: per target (only --swift-out, only
--kotlin-out, only --arkts-out, only --ts-out, only --docs-out), all: every registered target together (`--out`),
and a no-op run (all again into the folders it just wrote: nothing changes, so it stops at the
up-to-date stamp), the same with --no-cache (checks, emits and compares everything), and
after-rm: all into folders deleted just before. Every other run writes into folders that do not
exist yet (cold); the outputs of earlier runs are moved aside and deleted at the end, because on
this machine's disk (ext4 without a journal) files created within seconds of a mass delete cost
far more kernel time (see after-rm). For each: median wall and user seconds, peak RSS (the
largest of the runs), output bytes, output MB per wall second, and the wall ratio to `check` and
to libyaml's event pull, both measured in the same run. --targets swift,docs (any of swift
kotlin arkts ts docs all no-op no-cache after-rm) runs only those rows. With --instructions,
callgrind's count for the all run and its ratio to check's count. The all row's ratios are to
check runs taken in turn with its own runs (check, all, check, all ...), not to the check row,
so that the load of a shared machine changing meanwhile falls on both. After each size's rows,
the all run's ratios get a line of their own, for scripts:
    all/check 200x25: wall 4.66x, instructions 4.44x
(with two binaries, `all/check 200x25 before: ...` and `... after: ...`).

--swift-bytes prints the size of the generated Swift per method: the bytes `generate --swift-out`
writes into the module files (`<Module>Bridge.swift`; `BridgeGenSupport.swift`, the runtime
emitted once, excluded) divided by M x K, then per piece (result struct, dispatcher case,
encoder, decoder, handler requirement, the rest) (docs/PERFORMANCE.md, "Generated Swift per method").
"""
import os, re, subprocess, sys, tempfile, time, statistics, shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_schemas(folder, modules, methods):
    total = 0
    for m in range(modules):
        name = f"mod{m}"
        lines = [f"bridgegen: 1", f"module: {name}", f"doc: Synthetic module {m}.", "types:",
                 "  Shared:", "    doc: The struct every method of the module shares.", "    fields:",
                 "      id: {type: int, doc: Identifier.}", "      label: string", "      enabled: {type: bool, default: true}"]
        for k in range(methods):
            lines += [f"  Result{k}:", "    fields:", "      value: string", "      count: int",
                      "      shared: {type: Shared?, doc: The shared part.}"]
        lines.append("methods:")
        for k in range(methods):
            lines += [f"  method{k}:", "    kind: request", f"    doc: Synthetic method {k}.", "    params:",
                      "      text: {type: string, doc: Some text.}", "      number: int",
                      "      flag: {type: bool, default: false}", f"    returns: Result{k}"]
        text = "\n".join(lines) + "\n"
        total += len(text)
        with open(os.path.join(folder, f"{name}.bridge.yaml"), "w") as f:
            f.write(text)
    return total


def run(argv):
    """Wall seconds, peak RSS (KiB) and user seconds of one child, measured by wait4."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        sys.exit(f"{argv[0]} failed ({status}):\n{err}")
    return elapsed, usage.ru_maxrss, usage.ru_utime


def measure(argv, repeat):
    """Median wall seconds and the largest peak RSS (KiB) of `repeat` runs."""
    wall, rss, _ = measure_full(argv, repeat)
    return wall, rss


def measure_full(argv, repeat, before=None):
    """Median wall seconds, largest peak RSS (KiB), median user seconds of `repeat` runs;
    `before`, if given, runs untimed ahead of each one (given the argv)."""
    runs = []
    for _ in range(repeat):
        if before:
            before(argv)
        runs.append(run(argv))
    return (statistics.median(r[0] for r in runs), max(r[1] for r in runs),
            statistics.median(r[2] for r in runs))


def instructions(argv, work):
    """Instructions executed by one run, counted by callgrind."""
    out = os.path.join(work, "callgrind.out")
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                            capture_output=True, text=True)
    match = re.search(r"refs:\s+([\d,]+)", result.stderr)
    os.remove(out)
    return int(match.group(1).replace(",", "")) if match else float("nan")


def folder_bytes(folder):
    total = 0
    for parent, _, names in os.walk(folder):
        total += sum(os.path.getsize(os.path.join(parent, n)) for n in names if not n.startswith(".bridgegen"))
    return total


# What `--generate` runs: a label and the output options (each folder under the run's output root).
# "all" is `--out`: every target bridgegen registers, whatever is added later.
GENERATE_TARGETS = [("swift", ["--swift-out"]), ("kotlin", ["--kotlin-out"]), ("arkts", ["--arkts-out"]), ("ts", ["--ts-out"]),
                    ("docs", ["--docs-out"]), ("all", ["--out"])]


def generate_argv(bridgegen, folder, out, options):
    argv = [bridgegen, "generate", folder]
    for option in options:
        argv += [option, os.path.join(out, option.strip("-"))]
    return argv


def schema_set(work, modules, methods):
    """A fresh folder of the synthetic schemas: (folder, bytes written, sorted file paths)."""
    folder = os.path.join(work, f"{modules}x{methods}")
    os.makedirs(folder)
    size = write_schemas(folder, modules, methods)
    return folder, size, [os.path.join(folder, f) for f in sorted(os.listdir(folder))]


def measure_alternating(argvs, repeat, before=None):
    """`measure_full` for several commands at once, run by run in turn (A B A B ...), so that a
    quiet or busy stretch of the machine falls on all of them alike."""
    runs = [[] for _ in argvs]
    for _ in range(repeat):
        for i, argv in enumerate(argvs):
            if before:
                before(argv)
            runs[i].append(run(argv))
    return [(statistics.median(r[0] for r in rs), max(r[1] for r in rs), statistics.median(r[2] for r in rs))
            for rs in runs]


def bench_generate(binaries, baseline, work, sizes, repeat, count_instructions, only):
    """`binaries`: (label, path) pairs; with two (BRIDGEGEN_BENCH_BEFORE), every row is measured
    for both, alternating run by run, and printed once per binary."""
    print(f"median of {repeat} whole-process runs (peak RSS: the largest); x check and x libyaml are wall ratios "
          "to `bridgegen check` and to libyaml's event pull of the same files, measured in this run")
    if len(binaries) > 1:
        print("binaries: " + ", ".join(f"{label} = {path}" for label, path in binaries) + " (runs alternate)")
    width = max(len(label) for label, _ in binaries) if len(binaries) > 1 else 0
    print(f"{'MxK':>8} {'target':>8} " + (f"{'binary':>{width}} " if width else "") + f"{'wall':>9} {'user':>8} "
          f"{'peak RSS':>9} {'output':>9} {'MB/s':>6} {'x check':>7} {'x libyaml':>9}"
          + (f" {'instr x check':>13}" if count_instructions else ""))
    trash = os.path.join(work, "trash")
    os.makedirs(trash)
    for modules, methods in sizes:
        folder, size, files = schema_set(work, modules, methods)
        base, _ = measure([baseline] + files, repeat)
        checks = measure_alternating([[path, "check", folder] for _, path in binaries], repeat)
        label = f"{modules}x{methods}"
        print(f"{label:>8} {'libyaml':>8} " + (" " * (width + 1) if width else "") + f"{base*1000:7.1f}ms")
        for (name, _), (check, check_rss, check_user) in zip(binaries, checks):
            print(f"{'':>8} {'check':>8} " + (f"{name:>{width}} " if width else "")
                  + f"{check*1000:7.1f}ms {check_user*1000:6.0f}ms {check_rss/1024:7.1f}MB "
                  f"{size/1e6:7.2f}MB {size/1e6/check:6.1f} {1:7.2f} {check/base:9.2f}   (input size and MB/s read)")
        out = os.path.join(work, "out")

        def clear(argv=None):
            """Moves the last run's output aside (deleted when the benchmark ends). Deleting it
            here would make the next run pay for the deletion: ext4 without a journal (this
            machine's disk) skips inodes freed in the last 5-10 s one by one when it creates
            files, up to ~1 s of kernel time for 1,200 files. `after-rm` measures that case."""
            if os.path.isdir(out):
                os.rename(out, os.path.join(trash, str(len(os.listdir(trash)))))

        def remove(argv):
            shutil.rmtree(out, ignore_errors=True)

        def prime(argv):
            """Brings the folders up to date for this binary: a stamp covers the binary that wrote
            it, so with two binaries alternating each would otherwise find the other's stamp."""
            if len(binaries) > 1:
                subprocess.run([a for a in argv if a != "--no-cache"], check=True, capture_output=True)

        rows = [(name, options, clear, []) for name, options in GENERATE_TARGETS]
        # Into the folders "all" just wrote: stopping at the stamp, and doing everything anyway.
        rows.append(("no-op", GENERATE_TARGETS[-1][1], prime, []))
        rows.append(("no-cache", GENERATE_TARGETS[-1][1], prime, ["--no-cache"]))
        # "all" into a folder deleted just before, as a user regenerating from scratch would.
        rows.append(("after-rm", GENERATE_TARGETS[-1][1], remove, []))
        ratios = []  # the all run's lines for scripts, printed after the size's table rows
        for name, options, before, extra in rows:
            if only and name not in only:
                continue
            if name in ("no-op", "no-cache") and not os.path.isdir(out):
                subprocess.run(generate_argv(binaries[-1][1], folder, out, options), check=True, capture_output=True)
            argvs = [generate_argv(path, folder, out, options) + extra for _, path in binaries]
            if name == "all":
                # Its ratio is to check runs taken in turn with its own (check, all, check, all ...):
                # a busy or quiet stretch of the machine then falls on both alike.
                results = measure_alternating([[path, "check", folder] for _, path in binaries] + argvs, repeat, before)
                row_checks, results = results[:len(binaries)], results[len(binaries):]
            else:
                results, row_checks = measure_alternating(argvs, repeat, before), checks
            written = folder_bytes(out)
            for (binary, path), argv, (wall, rss, user), check in zip(binaries, argvs, results, row_checks):
                count = None
                if count_instructions and name == "all":
                    clear()
                    count = instructions(argv, work) / instructions([path, "check", folder], work)
                print(f"{'':>8} {name:>8} " + (f"{binary:>{width}} " if width else "")
                      + f"{wall*1000:7.1f}ms {user*1000:6.0f}ms {rss/1024:7.1f}MB "
                      f"{written/1e6:7.2f}MB {written/1e6/wall:6.1f} {wall/check[0]:7.2f} {wall/base:9.2f}"
                      + (f" {count:13.2f}" if count is not None else ""))
                if name == "all":
                    ratios.append(f"all/check {label}" + (f" {binary}" if width else "") + f": wall {wall/check[0]:.2f}x"
                                  + (f", instructions {count:.2f}x" if count is not None else ""))
        for line in ratios:
            print(line)
        clear()
    shutil.rmtree(trash)


# Where a method's bytes go in a module file of the synthetic set: the pieces each method adds.
SWIFT_PIECES = [("result struct", r"(?ms)^    public struct Result\d+:.*?^    }\n\n"),
                ("dispatcher case", r'(?ms)^ +case "method\d+":\n.*?(?=^ +case |^ +default:)'),
                ("encoder", r"(?ms)^    static func encodeResult\d+.*?^    }\n\n?"),
                ("decoder", r"(?ms)^    static func decodeResult\d+.*?^    }\n\n?"),
                ("handler requirement", r"(?ms)^    /// Synthetic method \d+\..*?-> \w+\.Result\d+\n\n?")]


def swift_bytes(bridgegen, work, sizes):
    """Bytes of the module files `generate --swift-out` writes, per method, and per piece."""
    for modules, methods in sizes:
        folder, _, _ = schema_set(work, modules, methods)
        out = os.path.join(work, "swift-bytes")
        subprocess.run(generate_argv(bridgegen, folder, out, ["--swift-out"]), check=True, capture_output=True)
        files = [n for n in os.listdir(os.path.join(out, "swift-out")) if n.endswith("Bridge.swift")]
        texts = [open(os.path.join(out, "swift-out", n), encoding="utf-8").read() for n in files]
        total = sum(len(t.encode()) for t in texts)
        count = modules * methods
        print(f"{modules}x{methods}: {total:,} bytes in {len(files)} module files, {total / count:,.0f} bytes per method")
        rest = total
        for name, pattern in SWIFT_PIECES:
            size = sum(len(m.encode()) for t in texts for m in re.findall(pattern, t))
            rest -= size
            print(f"  {name:>21} {size / count:6.0f}")
        print(f"  {'the module fixed part':>21} {rest / count:6.0f}  (per method at {methods} methods a module)")
        shutil.rmtree(out)


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return
    bytes_only = "--swift-bytes" in args
    if bytes_only:
        args.remove("--swift-bytes")
    generate = "--generate" in args
    if generate:
        args.remove("--generate")
    only = None
    if "--targets" in args:
        i = args.index("--targets")
        only = set(args[i + 1].split(","))
        del args[i:i + 2]
    count_instructions = "--instructions" in args
    if count_instructions:
        args.remove("--instructions")
        if not shutil.which("valgrind"):
            sys.exit("--instructions needs valgrind (apt-get install valgrind)")
    repeat = 5
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i:i + 2]
    unknown = [a for a in args if not re.fullmatch(r"\d+x\d+", a.lower())]
    if unknown:
        sys.exit(f"bench.py: unknown argument {unknown[0]!r}; see --help")
    sizes = [tuple(map(int, a.lower().split("x"))) for a in args] or ([(50, 20)] if bytes_only else [(10, 10), (50, 20), (200, 25)])

    bridgegen = os.environ.get("BRIDGEGEN_BENCH_BINARY")
    if bridgegen:
        bridgegen = os.path.abspath(bridgegen)
    else:
        print("building bridgegen (release) ...", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--product", "bridgegen"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        bindir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        bridgegen = os.path.join(bindir, "bridgegen")
    work = tempfile.mkdtemp(prefix="bridgegen-bench-")
    if bytes_only:
        swift_bytes(bridgegen, work, sizes)
        shutil.rmtree(work)
        return
    baseline = os.path.join(work, "yaml_events")
    subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks", "yaml_events.c"), "-lyaml", "-o", baseline], check=True)

    if generate:
        binaries = [("after", bridgegen)]
        before = os.environ.get("BRIDGEGEN_BENCH_BEFORE")
        if before:
            binaries.insert(0, ("before", os.path.abspath(before)))
        bench_generate(binaries, baseline, work, sizes, repeat, count_instructions, only)
        shutil.rmtree(work)
        return

    # Process start-up of each tool, measured on one tiny module, so the per-input cost is visible too.
    tiny = os.path.join(work, "tiny")
    os.makedirs(tiny)
    write_schemas(tiny, 1, 1)
    tiny_files = [os.path.join(tiny, f) for f in sorted(os.listdir(tiny))]
    base0, _ = measure([baseline] + tiny_files, repeat)
    gen0, _ = measure([bridgegen, "check", tiny], repeat)

    print(f"median of {repeat} runs; start-up on a 1x1 schema: libyaml {base0*1000:.1f} ms, bridgegen {gen0*1000:.1f} ms")
    print(f"{'MxK':>8} {'input':>9} {'libyaml':>9} {'check':>9} {'ratio':>6} {'ratio-startup':>13} {'peak RSS':>9} {'MB/s':>6}"
          + (f" {'instr ratio':>11}" if count_instructions else ""))
    for modules, methods in sizes:
        folder, size, files = schema_set(work, modules, methods)
        base, _ = measure([baseline] + files, repeat)
        gen, rss = measure([bridgegen, "check", folder], repeat)
        net = (gen - gen0) / max(base - base0, 1e-6)
        print(f"{modules}x{methods:<5} {size/1024:7.0f}KB {base*1000:7.1f}ms {gen*1000:7.1f}ms {gen/base:6.2f} {net:13.2f} "
              f"{rss/1024:7.1f}MB {size/1e6/gen:6.1f}"
              + (f" {instructions([bridgegen, 'check', folder], work) / instructions([baseline] + files, work):11.2f}"
                 if count_instructions else ""))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
