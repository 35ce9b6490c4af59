#!/usr/bin/env python3
"""bridgegen diff benchmark.

Writes two synthetic schema sets of M modules x K methods (default 200x25: 5,000 methods;
each method has 3 params, a 3-field result struct and an enum param; every module an event
and a shared struct). NEW is OLD with a few hundred realistic edits, drawn with a fixed seed:
required and optional params added, methods added and removed, result fields added, enum
cases added, int -> double, wire names changed, deprecations, doc edits and reorders (the last
two report nothing). Then it times, median of N whole-process runs of the release binary:

  libyaml    the raw libyaml event pull of both sets' files (Benchmarks/yaml_events.c): the floor
  check x2   `bridgegen check OLD` plus `bridgegen check NEW`: reading and checking both
  diff       `bridgegen diff OLD NEW`
  --against  `bridgegen diff NEW --against HEAD~1` in a git repository holding OLD then NEW

and prints the absolute times, the ratios of diff to both baselines measured in the same run,
and how many diagnostics diff printed per class. Nothing is asserted (the issue's target:
diff of two 5,000-method sets under a second).

usage: Benchmarks/diff_bench.py [MxK] [--repeat N] [--keep]
BRIDGEGEN_BENCH_BINARY=path measures that binary instead of building the release one.
"""
import os, random, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_text(m, methods, edits):
    """One module's YAML; `edits` maps method index -> set of edit names (NEW only)."""
    name = f"mod{m}"
    doc_edit = any("doc" in e for e in edits.values())
    lines = ["bridgegen: 1", f"module: {name}", f"doc: Synthetic module {m}{', reworded' if doc_edit else ''}.", "types:",
             "  Shared:", "    fields:", "      id: int", "      label: string", "      enabled: {type: bool, default: true}",
             "  Mode:", "    cases:", "      fast: Fast.", "      slow: Slow."]
    if any("enum-case" in e for e in edits.values()):
        lines.append("      careful: Careful.")
    for k in range(methods):
        e = edits.get(k, set())
        if "removed" in e:
            continue
        lines += [f"  Result{k}:", "    fields:", "      value: string", "      count: int" if "int-to-double" not in e else "      count: double",
                  "      shared: Shared?"]
        if "result-field" in e:
            lines.append("      extra: string")
    lines.append("methods:")
    order = list(range(methods))
    if any("reorder" in e for e in edits.values()):
        order.reverse()
    for k in order:
        e = edits.get(k, set())
        if "removed" in e:
            continue
        lines += [f"  method{k}:", "    kind: request"]
        if "wire" in e:
            lines.append(f"    wire: method-{k}-v2")
        if "deprecated" in e:
            lines.append("    deprecated: Use another method.")
        lines += [f"    doc: Synthetic method {k}{' (edited)' if 'doc' in e else ''}.", "    params:",
                  "      text: {type: string, doc: Some text.}", "      number: int", "      flag: {type: bool, default: false}",
                  "      mode: Mode"]
        if "required-param" in e:
            lines.append("      added: string")
        if "optional-param" in e:
            lines.append("      maybe: string?")
        lines.append(f"    returns: Result{k}")
        if "added-after" in e:
            lines += [f"  extra{k}:", "    kind: send", "    params:", "      note: string"]
    lines += ["events:", "  changed:", "    payload:", "      shared: Shared"]
    return "\n".join(lines) + "\n"


EDITS = [("required-param", 40), ("optional-param", 60), ("removed", 30), ("added-after", 30), ("result-field", 30),
         ("int-to-double", 20), ("wire", 20), ("deprecated", 20), ("doc", 30), ("enum-case", 10), ("reorder", 10)]


def write_sets(work, modules, methods):
    """OLD and NEW folders; returns their paths, the file lists and the number of edits."""
    rng = random.Random(11)
    per_module = {m: {} for m in range(modules)}
    total = 0
    for edit, count in EDITS:
        for _ in range(count):
            m, k = rng.randrange(modules), rng.randrange(methods)
            per_module[m].setdefault(k, set()).add(edit)
            total += 1
    folders = []
    for side in ("old", "new"):
        folder = os.path.join(work, side, "Schemas")
        os.makedirs(folder)
        for m in range(modules):
            text = module_text(m, methods, per_module[m] if side == "new" else {})
            with open(os.path.join(folder, f"mod{m}.bridge.yaml"), "w") as f:
                f.write(text)
        folders.append(folder)
    files = [os.path.join(f, n) for f in folders for n in sorted(os.listdir(f))]
    return folders, files, total


def timed(argv, cwd=None, ok=(0, 1)):
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if proc.returncode not in ok:
        sys.exit(f"{argv[0]} failed ({proc.returncode}):\n{proc.stderr.decode()[-2000:]}")
    return elapsed, proc.stderr.decode()


def median(argv, repeat, cwd=None, ok=(0, 1)):
    runs = [timed(argv, cwd, ok) for _ in range(repeat)]
    return statistics.median(t for t, _ in runs), runs[-1][1]


def git(args, cwd):
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"] + args,
                   cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return
    repeat = 5
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i:i + 2]
    keep = "--keep" in args
    if keep:
        args.remove("--keep")
    sizes = [a for a in args if re.fullmatch(r"\d+x\d+", a)]
    if len(sizes) != len(args) or len(sizes) > 1:
        sys.exit("diff_bench.py: expected at most one MxK and --repeat N; see --help")
    modules, methods = map(int, (sizes[0] if sizes else "200x25").split("x"))

    bridgegen = os.environ.get("BRIDGEGEN_BENCH_BINARY")
    if bridgegen:
        bridgegen = os.path.abspath(bridgegen)
    else:
        print("building bridgegen (release) ...", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--product", "bridgegen"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        bindir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        bridgegen = os.path.join(bindir, "bridgegen")
    work = tempfile.mkdtemp(prefix="bridgegen-diff-bench-")
    baseline = os.path.join(work, "yaml_events")
    subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks", "yaml_events.c"), "-lyaml", "-o", baseline], check=True)
    (old, new), files, edits = write_sets(work, modules, methods)
    size = sum(os.path.getsize(f) for f in files)

    # A repository with OLD committed, then NEW over it, for --against.
    repo = os.path.join(work, "repo")
    shutil.copytree(old, os.path.join(repo, "Schemas"))
    git(["init", "-q", "-b", "main"], repo)
    git(["add", "-A"], repo)
    git(["commit", "-q", "-m", "old"], repo)
    shutil.rmtree(os.path.join(repo, "Schemas"))
    shutil.copytree(new, os.path.join(repo, "Schemas"))
    git(["add", "-A"], repo)
    git(["commit", "-q", "-m", "new"], repo)

    base, _ = median([baseline] + files, repeat, ok=(0,))
    check_old, _ = median([bridgegen, "check", old], repeat, ok=(0,))
    check_new, _ = median([bridgegen, "check", new], repeat, ok=(0,))
    checks = check_old + check_new
    diff, output = median([bridgegen, "diff", old, new], repeat)
    against, against_output = median([bridgegen, "diff", "Schemas", "--against", "HEAD~1"], repeat, cwd=repo)

    ids = re.findall(r"\[([a-z0-9.-]+)\]$", output, re.M)
    counts = {}
    for i in ids:
        key = ".".join(i.split(".")[:2]) if i.startswith("breaking.") else i.split(".")[0]
        counts[key] = counts.get(key, 0) + 1
    summary = output.strip().splitlines()[-1] if output.strip() else ""

    print(f"{modules}x{methods}: {modules * methods} methods per set, {edits} edits drawn, {size / 1024:.0f} KB in both sets; "
          f"median of {repeat} runs")
    print(f"  diff printed {len(ids)} diagnostics: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"  summary: {summary}")
    print(f"{'':>14} {'ms':>8} {'/libyaml':>9} {'/check x2':>10}")
    for label, t in [("libyaml", base), ("check OLD", check_old), ("check NEW", check_new), ("check x2", checks),
                     ("diff", diff), ("diff --against", against)]:
        print(f"{label:>14} {t * 1000:8.1f} {t / base:9.2f} {t / checks:10.2f}")
    if against_output.replace("HEAD~1:Schemas/", "OLD/").count("\n") != output.count("\n"):
        print("note: --against printed a different number of lines than diff OLD NEW", file=sys.stderr)
    if keep:
        print(f"kept {work}")
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
