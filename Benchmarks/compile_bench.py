#!/usr/bin/env python3
"""What an app pays for bridgegen's output: compiling the generated Swift.

Writes bench.py's synthetic schema set (M modules x K request methods, 3 params and a 3-field
result each), runs `bridgegen generate --swift-out` into a temporary SwiftPM package whose one
library target is the generated Swift, and builds that target clean (debug, then release).
Prints, per binary: the wall and user+system seconds of `generate`, the lines and bytes of
Swift it wrote (the module files and the support file apart), and the wall and CPU
(user+system, the compiler jobs included) of each clean build. With --before, a second
bridgegen binary (e.g. a copy built at main) is measured in the same run, its builds
alternating with the new one's, and the ratios new/before are printed. Nothing is asserted.

usage: Benchmarks/compile_bench.py [MxK] [--binary PATH] [--before PATH] [--repeat N]
                                   [--configs debug,release] [--profile [N]] [--floor] [--split]
                                   [--kotlin] [--keep DIR]
       (default 50x20, the current debug build of bridgegen, debug and release, 1 run)

--floor also builds, alternating with the others, the floor of any output that keeps this API:
the new binary's module files cut before their events section (the models, with their
`Equatable` and public init, and the handler protocol; no events, dispatch, codecs, glue or
support file), once as written and once without `Equatable`; and the whole new output as an app
with `swift.equatable: false` in its bridgegen.yaml builds it. --split builds (debug only) the
new output with the support file as a target of its own that the module files import
(`@testable`, which SwiftPM's debug builds allow): what a runtime module would save a clean
build.

`--configs none` skips the Swift builds. --kotlin also measures the Android side: `generate --kotlin-out` for the same set, and one
kotlinc run (Scripts/kotlin.py: warnings as errors, C1 and the class-data-sharing archive the
tests use) of the generated Kotlin with the SDK stand-in the tests compile it against, beside
a kotlinc run of the stand-in and a one-line file alone in the same run: the compiler's fixed
cost (JVM start, the stand-in), which the figure is also given without.

--profile N also compiles each binary's output once with `swiftc -wmo -Onone`,
`-Xfrontend -debug-time-function-bodies -Xfrontend -debug-time-expression-type-checking` and
`-stats-output-dir`, and prints the frontend's phases (what its timers leave out is LLVM's
code generation) and the N (default 5) slowest function bodies to type-check (and
expressions, where the compiler prints them: Swift 6.3 prints none).

The SwiftPM builds are what an app's clean build runs: batch mode, `-g`, indexing while
building, a separate emit-module job; so their CPU is well above the one -wmo job's.
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from bench import write_schemas  # noqa: E402  (the same shape as bench.py's)

MANIFEST = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "GeneratedBench",
    targets: [.target(name: "Generated", path: "Sources/Generated")]
)
"""


def timed(argv, cwd=None):
    """Wall seconds and user+system CPU seconds of a child and everything it waited for."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = proc.stdout.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed ({status}):\n{output[-4000:]}")
    return wall, usage.ru_utime + usage.ru_stime, output


def swift_size(folder):
    """Lines and bytes of the module files and of the support file."""
    sizes = {"modules": [0, 0, 0], "support": [0, 0, 0]}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".swift"):
            continue
        data = open(os.path.join(folder, name), "rb").read()
        entry = sizes["support" if name == "BridgeGenSupport.swift" else "modules"]
        entry[0] += 1
        entry[1] += data.count(b"\n")
        entry[2] += len(data)
    return sizes


def package(work, label, bridgegen, schemas):
    """A package holding `bridgegen`'s output for `schemas`; the generate timing."""
    root = os.path.join(work, label)
    sources = os.path.join(root, "Sources", "Generated")
    os.makedirs(os.path.dirname(sources))
    with open(os.path.join(root, "Package.swift"), "w") as f:
        f.write(MANIFEST)
    wall, cpu, _ = timed([bridgegen, "generate", schemas, "--swift-out", sources])
    # The manifest is compiled once here, so the timed builds measure the generated target only.
    timed(["swift", "package", "describe"], cwd=root)
    return root, sources, wall, cpu


SPLIT_MANIFEST = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "GeneratedBench",
    targets: [
        .target(name: "Runtime", path: "Sources/Runtime"),
        .target(name: "Generated", dependencies: ["Runtime"], path: "Sources/Generated"),
    ]
)
"""


def variant(work, label, sources, manifest, rewrite):
    """A package of `sources`' module files as `rewrite` returns them (None leaves a file out)."""
    root = os.path.join(work, label)
    target = os.path.join(root, "Sources", "Generated")
    os.makedirs(target)
    with open(os.path.join(root, "Package.swift"), "w") as f:
        f.write(manifest)
    for name in sorted(os.listdir(sources)):
        if name.endswith(".swift"):
            text = rewrite(name, open(os.path.join(sources, name)).read(), root)
            if text is not None:
                with open(os.path.join(target, name), "w") as f:
                    f.write(text)
    timed(["swift", "package", "describe"], cwd=root)
    return root


def api_only(equatable):
    """The models and handler protocol of a module file: the text before its events section."""
    def rewrite(name, text, root):
        if name == "BridgeGenSupport.swift":
            return None
        marker = text.find("// MARK: - Events")
        if marker < 0:
            sys.exit(f"--floor: {name} has no '// MARK: - Events' line to cut at")
        text = text[:marker]
        return text if equatable else text.replace(", Equatable {", " {")
    return rewrite


def split_runtime(name, text, root):
    """The support file moved to a target of its own, which the module files import."""
    if name == "BridgeGenSupport.swift":
        os.makedirs(os.path.join(root, "Sources", "Runtime"))
        with open(os.path.join(root, "Sources", "Runtime", name), "w") as f:
            f.write(text)
        return None
    if "\nimport Foundation\n" not in text:
        sys.exit(f"--split: {name} has no 'import Foundation' line")
    return text.replace("\nimport Foundation\n", "\nimport Foundation\n@testable import Runtime\n", 1)


def clean_build(root, config):
    """A clean `swift build -c config`: the build folder removed, the manifest cache kept."""
    build = os.path.join(root, ".build")
    if os.path.isdir(build):
        for name in os.listdir(build):
            if name not in ("manifest.db", "workspace-state.json"):
                path = os.path.join(build, name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
    wall, cpu, output = timed(["swift", "build", "-c", config], cwd=root)
    warnings = len(re.findall(r": warning: ", output))
    return wall, cpu, warnings


def profile(sources, work, count):
    """The slowest bodies and expressions to type-check, and the frontend's phases, of one
    `swiftc -wmo -Onone` build (the timers of `-stats-output-dir`; what they leave out is LLVM)."""
    files = sorted(os.path.join(sources, n) for n in os.listdir(sources) if n.endswith(".swift"))
    stats = os.path.join(work, "stats")
    shutil.rmtree(stats, ignore_errors=True)
    os.makedirs(stats)
    argv = ["swiftc", "-wmo", "-Onone", "-parse-as-library", "-module-name", "Generated", "-c", "-o",
            os.path.join(work, "profile.o"), "-Xfrontend", "-debug-time-function-bodies",
            "-Xfrontend", "-debug-time-expression-type-checking", "-driver-time-compilation",
            "-stats-output-dir", stats] + files
    wall, cpu, output = timed(argv)
    bodies, expressions = [], []
    for line in output.splitlines():
        match = re.match(r"\s*([\d.]+)ms\s+(\S+?):(\d+):(\d+)\s*(.*)", line)
        if match:
            ms, path, row, col, what = match.groups()
            where = f"{os.path.basename(path)}:{row}:{col}"
            if what:
                bodies.append((float(ms), where + " " + re.sub(r"@.*", "", what).replace("Generated.(file).", "")))
            else:
                expressions.append((float(ms), where))
    bodies.sort(reverse=True)
    expressions.sort(reverse=True)
    print(f"  profile (swiftc -wmo -Onone, one job): {wall:.1f} s wall, {cpu:.1f} s CPU; type-checking function "
          f"bodies {sum(b[0] for b in bodies) / 1000:.2f} s, expressions {sum(e[0] for e in expressions) / 1000:.2f} s")
    timers = {}
    for name in os.listdir(stats):
        with open(os.path.join(stats, name)) as f:
            for key, value in json.load(f).items():
                if key.startswith("time.swift.") and key.endswith(".wall"):
                    timers[key[len("time.swift."):-len(".wall")]] = value
    total = wall
    phases = ["Type checking and Semantic analysis", "SILGen", "SIL optimization", "IRGen", "parse-and-resolve-imports"]
    known = sum(timers.get(p, 0) for p in phases)
    print("  phases: " + ", ".join(f"{p} {timers.get(p, 0):.2f} s" for p in phases)
          + f", the rest (LLVM, object file) {total - known:.2f} s")
    print("  slowest bodies to type-check:")
    for ms, what in bodies[:count]:
        print(f"    {ms:8.1f} ms  {what}")
    if expressions:  # Swift 6.3 prints none for -debug-time-expression-type-checking
        print("  slowest expressions to type-check:")
        for ms, what in expressions[:count]:
            print(f"    {ms:8.1f} ms  {what}")


KOTLIN = os.path.join(ROOT, "Scripts", "kotlin.py")
STAND_IN = os.path.join(ROOT, "Tests", "BridgeGenKotlinTests", "Fixtures", "AndroidStandIn")


def kotlin_sources(folder):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".kt"))


def kotlin_size(folder):
    """Lines and bytes of the module files and of the runtime (support and Android glue) files."""
    sizes = {"modules": [0, 0, 0], "support": [0, 0, 0]}
    for path in kotlin_sources(folder):
        data = open(path, "rb").read()
        entry = sizes["support" if os.path.basename(path).startswith("BridgeGen") else "modules"]
        entry[0] += 1
        entry[1] += data.count(b"\n")
        entry[2] += len(data)
    return sizes


def kotlin_compile(work, label, sources):
    """One kotlinc run of `sources` with the stand-in, into a folder of its own (kotlin.py skips a
    compile only when the folder already holds these inputs' classes)."""
    out = os.path.join(work, f"kotlin-classes-{label}")
    shutil.rmtree(out, ignore_errors=True)
    wall, cpu, _ = timed(["python3", KOTLIN, "compile", "--out", out] + sources + kotlin_sources(STAND_IN))
    return wall, cpu


def kotlin(work, binaries, schemas, count):
    """The Android side: each binary's Kotlin, compiled once, beside the compiler's fixed cost."""
    timed(["python3", KOTLIN, "check"])
    empty = os.path.join(work, "kotlin-empty")
    os.makedirs(empty, exist_ok=True)
    with open(os.path.join(empty, "Empty.kt"), "w") as f:
        f.write("package empty\n\nval empty = 0\n")
    # A first compile writes the class-data-sharing archive; measured runs come after it.
    kotlin_compile(work, "warm", kotlin_sources(empty))
    base = kotlin_compile(work, "empty", kotlin_sources(empty))
    print(f"\nKotlin (kotlinc through Scripts/kotlin.py, -Werror, with the SDK stand-in):")
    print(f"  the stand-in and a one-line file (the compiler's fixed cost): {base[0]:.1f} s wall, {base[1]:.1f} s CPU")
    for label, bridgegen in binaries:
        out = os.path.join(work, f"{label}-kotlin")
        gen_wall, gen_cpu, _ = timed([bridgegen, "generate", schemas, "--kotlin-out", out])
        size = kotlin_size(out)
        wall, cpu = kotlin_compile(work, label, kotlin_sources(out))
        files, lines, nbytes = size["modules"]
        _, slines, sbytes = size["support"]
        print(f"  {label}: generate {gen_wall:.2f} s wall; {lines:,} lines, {nbytes:,} bytes in {files} module files "
              f"({lines / count:.1f} lines, {nbytes / count:,.0f} bytes a method) + runtime {slines:,} lines, {sbytes:,} bytes")
        print(f"  {label}: kotlinc {wall:.1f} s wall, {cpu:.1f} s CPU; less the fixed cost {wall - base[0]:.1f} s wall, "
              f"{cpu - base[1]:.1f} s CPU")


def median(runs):
    """The middle run of (wall, CPU, ...) tuples, sorted by wall time (the upper middle of an even count)."""
    return sorted(runs)[len(runs) // 2]


def build_line(config, runs, after=""):
    wall, cpu, warnings = median(runs)
    return f"  swift build -c {config:<7} {wall:7.1f} s wall {cpu:7.1f} s CPU  {warnings} warnings{after}"


def option(args, name, default=None):
    if name not in args:
        return default
    i = args.index(name)
    value = args[i + 1] if i + 1 < len(args) and not args[i + 1].startswith("--") else None
    del args[i:i + (2 if value is not None else 1)]
    return value if value is not None else True


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return
    binary = option(args, "--binary") or os.path.join(ROOT, ".build", "debug", "bridgegen")
    before = option(args, "--before")
    repeat = int(option(args, "--repeat", "1"))
    configs = [c for c in option(args, "--configs", "debug,release").split(",") if c != "none"]
    top = option(args, "--profile")
    keep = option(args, "--keep")
    with_kotlin = option(args, "--kotlin")
    floor = option(args, "--floor")
    split = option(args, "--split")
    sizes = [a for a in args if re.fullmatch(r"\d+x\d+", a.lower())]
    if len(sizes) != len(args) or len(sizes) > 1:
        sys.exit("compile_bench.py: one MxK and the options; see --help")
    modules, methods = map(int, (sizes[0] if sizes else "50x20").lower().split("x"))
    binaries = ([("before", os.path.abspath(before))] if before else []) + [("after", os.path.abspath(binary))]

    work = keep or tempfile.mkdtemp(prefix="bridgegen-compile-bench-")
    os.makedirs(work, exist_ok=True)
    schemas = os.path.join(work, "schemas")
    os.makedirs(schemas, exist_ok=True)
    write_schemas(schemas, modules, methods)
    count = modules * methods
    print(f"{modules}x{methods}: {count} request methods; clean SwiftPM builds of the generated target, "
          f"{repeat} run(s) each, the binaries alternating")
    results = {}
    for label, bridgegen in binaries:
        root, sources, wall, cpu = package(work, label, bridgegen, schemas)
        size = swift_size(sources)
        results[label] = {"root": root, "sources": sources, "generate": (wall, cpu), "size": size}
    variants = []  # (label, root, configs, what it is)
    after = results["after"]["sources"]
    if floor:
        variants.append(("floor", variant(work, "floor", after, MANIFEST, api_only(True)), configs,
                         "models and handler protocols only"))
        variants.append(("floor-no-equatable", variant(work, "floor-no-equatable", after, MANIFEST, api_only(False)),
                         configs, "the same without Equatable"))
    if floor:
        # The whole output as an app that sets `swift.equatable: false` builds it.
        plain = os.path.join(work, "schemas-not-equatable")
        shutil.copytree(schemas, plain)
        with open(os.path.join(plain, "bridgegen.yaml"), "w") as f:
            f.write("bridgegen: 1\nswift:\n  equatable: false\n")
        root, _, _, _ = package(work, "not-equatable", binaries[-1][1], plain)
        variants.append(("not-equatable", root, configs, "the new output with swift.equatable: false"))
    if split and "debug" in configs:
        variants.append(("split", variant(work, "split", after, SPLIT_MANIFEST, split_runtime), ["debug"],
                         "the new output, its support file a module of its own"))
    # SwiftPM's own cost: the same package with a one-line target, built clean in the same run.
    empty = os.path.join(work, "empty")
    os.makedirs(os.path.join(empty, "Sources", "Generated"), exist_ok=True)
    with open(os.path.join(empty, "Package.swift"), "w") as f:
        f.write(MANIFEST)
    with open(os.path.join(empty, "Sources", "Generated", "Empty.swift"), "w") as f:
        f.write("public let empty = 0\n")
    timed(["swift", "package", "describe"], cwd=empty)
    results["empty"] = {}
    for config in configs:
        for _ in range(repeat):
            results["empty"].setdefault(config, []).append(clean_build(empty, config))
            for label, _ in binaries:
                results[label].setdefault(config, []).append(clean_build(results[label]["root"], config))
            for label, root, only, _ in variants:
                if config in only:
                    results.setdefault(label, {}).setdefault(config, []).append(clean_build(root, config))

    print("\nempty package (SwiftPM's fixed cost, in every build below):")
    for config in configs:
        wall, cpu, _ = median(results["empty"][config])
        print(f"  swift build -c {config:<7} {wall:7.1f} s wall {cpu:7.1f} s CPU")
    for label, bridgegen in binaries:
        r = results[label]
        files, lines, size = r["size"]["modules"]
        sfiles, slines, ssize = r["size"]["support"]
        print(f"\n{label}: {bridgegen}")
        print(f"  generate: {r['generate'][0]:.2f} s wall, {r['generate'][1]:.2f} s CPU")
        print(f"  Swift: {lines:,} lines, {size:,} bytes in {files} module files ({lines / count:.1f} lines, "
              f"{size / count:,.0f} bytes a method) + support {slines:,} lines, {ssize:,} bytes")
        for config in configs:
            print(build_line(config, r[config]))
        if top:
            profile(r["sources"], work, 5 if top is True else int(top))
    for label, root, only, what in variants:
        lines = swift_size(os.path.join(root, "Sources", "Generated"))["modules"][1]
        print(f"\n{label}: {what}; {lines:,} lines in the module files ({lines / count:.1f} a method)")
        for config in only:
            wall, cpu, _ = median(results[label][config])
            versus = []
            for other in (["before"] if before else []) + ["after"]:
                om = median(results[other][config])
                versus.append(f"{wall / om[0]:.2f} wall, {cpu / om[1]:.2f} CPU of {other}'s")
            print(build_line(config, results[label][config], "  (" + "; ".join(versus) + ")"))
    if with_kotlin:
        kotlin(work, binaries, schemas, count)
    if before:
        b, a = results["before"], results["after"]
        print("\nratios after/before:")
        print(f"  module lines a method {a['size']['modules'][1] / max(b['size']['modules'][1], 1):.2f}, "
              f"all lines {sum(a['size'][k][1] for k in a['size']) / sum(b['size'][k][1] for k in b['size']):.2f}, "
              f"bytes {sum(a['size'][k][2] for k in a['size']) / sum(b['size'][k][2] for k in b['size']):.2f}")
        for config in configs:
            bm, am, em = median(b[config]), median(a[config]), median(results["empty"][config])
            print(f"  {config}: wall {am[0] / bm[0]:.2f}, CPU {am[1] / bm[1]:.2f}; less the empty package's: "
                  f"wall {(am[0] - em[0]) / max(bm[0] - em[0], 1e-6):.2f}, CPU {(am[1] - em[1]) / max(bm[1] - em[1], 1e-6):.2f}")
    if not keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
