#!/usr/bin/env python3
"""What a union costs an app's compile, against a struct of the same fields.

Writes three one-module schemas of N types, each used by a request method that takes one and
returns it (so the codec decodes and encodes it): `unions`, N unions of three variants
(`a {text: string, number: int}`, `b {flag: bool = false, label: string?}`, `c` without fields);
`structs`, N structs of the same four fields; and `floor`, N methods taking the four fields as
parameters and returning a string, which prices everything a method costs but its type. Runs
`bridgegen generate --swift-out` for each into a SwiftPM package (as compile_bench.py does) and
builds them clean, alternating, --repeat times. Prints the median wall and CPU (user+system, the
compiler jobs included) of each, the ratio unions/structs, and the same ratio of what each adds
over the floor. Nothing is asserted.

usage: Benchmarks/union_compile_bench.py [N] [--binary PATH] [--repeat R] [--configs debug,release]
       (default 200 types, the current debug build of bridgegen, 3 runs, debug)
"""
import os, statistics, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from compile_bench import clean_build, package, swift_size  # noqa: E402


def schema(kind, count):
    lines = ["bridgegen: 1", "module: shapes", "doc: Synthetic module.", "types:"]
    if kind == "structs":
        for i in range(count):
            lines += [f"  Type{i}:", "    fields:", "      text: string", "      number: int",
                      "      flag: {type: bool, default: false}", "      label: string?"]
    elif kind == "unions":
        for i in range(count):
            lines += [f"  Type{i}:", "    variants:", "      a: {fields: {text: string, number: int}}",
                      "      b: {fields: {flag: {type: bool, default: false}, label: string?}}", "      c: null"]
    else:
        lines.pop()
    lines.append("methods:")
    for i in range(count):
        if kind == "floor":
            lines += [f"  method{i}:", "    kind: request", "    params:", "      text: string", "      number: int",
                      "      flag: {type: bool, default: false}", "      label: string?", "    returns: string"]
        else:
            lines += [f"  method{i}:", "    kind: request", "    params:", f"      value: Type{i}", f"    returns: Type{i}"]
    return "\n".join(lines) + "\n"


def main(argv):
    count, repeat, configs = 200, 3, ["debug"]
    binary = os.path.join(ROOT, ".build", "debug", "bridgegen")
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help"):
            print(__doc__)
            return
        if arg == "--binary":
            binary = next(args)
        elif arg == "--repeat":
            repeat = int(next(args))
        elif arg == "--configs":
            configs = next(args).split(",")
        else:
            count = int(arg)
    work = tempfile.mkdtemp(prefix="union-bench-")
    kinds = ["floor", "structs", "unions"]
    roots = {}
    for kind in kinds:
        folder = os.path.join(work, "schemas-" + kind)
        os.makedirs(folder)
        with open(os.path.join(folder, "shapes.bridge.yaml"), "w") as f:
            f.write(schema(kind, count))
        root, sources, _, _ = package(work, kind, binary, folder)
        roots[kind] = root
        modules = swift_size(sources)["modules"]
        print(f"{kind:8} {modules[1]:7d} lines {modules[2]:9d} bytes in the module file")
    for config in configs:
        runs = {kind: [] for kind in kinds}
        for _ in range(repeat):
            for kind in kinds:
                wall, cpu, warnings = clean_build(roots[kind], config)
                if warnings:
                    sys.exit(f"{kind}: {warnings} warnings")
                runs[kind].append((wall, cpu))
        medians = {kind: (statistics.median(w for w, _ in runs[kind]), statistics.median(c for _, c in runs[kind])) for kind in kinds}
        for kind in kinds:
            print(f"{config} {kind:8} wall {medians[kind][0]:6.2f} s  cpu {medians[kind][1]:6.2f} s  (median of {repeat})")
        for index, name in enumerate(["wall", "cpu"]):
            unions, structs, floor = (medians[k][index] for k in ["unions", "structs", "floor"])
            print(f"{config} {name}: unions/structs {unions / structs:.2f}x; over the floor "
                  f"{unions - floor:.2f} s vs {structs - floor:.2f} s = {(unions - floor) / (structs - floor):.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
