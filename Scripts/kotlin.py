#!/usr/bin/env python3
"""The Kotlin 2 compiler and JVM the tests use, found where Scripts/install-deps.sh put them.

Debian's `kotlin` (1.3) is too old to read coroutines' metadata, so the tests use the JetBrains
compiler bundled in the pinned pip package kotlin-jupyter-kernel (its *-all.jar holds
K2JVMCompiler and kotlinx-coroutines; kotlin-stdlib is beside it) and Android's own org.json
from Debian's libandroid-json-java.

  kotlin.py check                               exit 3, with the reason, when something is missing
  kotlin.py classpath                           the runtime classpath (stdlib, coroutines, org.json)
  kotlin.py compile --out DIR [--cp X] FILE...  one kotlinc run, warnings as errors; skipped when
                                                DIR already holds the classes of these exact inputs
  kotlin.py run [--jvm OPT] --cp DIR MAIN [ARG...]  java on the runtime classpath plus DIR (OPT: -Xmx256m)

The compiler is slow to start (about 20 s cold); C1 only and a class-data-sharing archive,
written once into the cache, bring a small compile to a few seconds. The cache is
$BRIDGEGEN_KOTLIN_CACHE, else .build/kotlin-cache in the repository.
"""
import glob
import hashlib
import importlib.util
import os
import subprocess
import sys
import zipfile

ORG_JSON = "/usr/share/java/com.android.json.jar"
PACKAGE = "kotlin-jupyter-kernel==0.19.0.944"
MISSING = 3


def fail(message, status=1):
    print(f"kotlin.py: {message}", file=sys.stderr)
    sys.exit(status)


def cache_dir():
    root = os.environ.get("BRIDGEGEN_KOTLIN_CACHE") or os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "kotlin-cache")
    os.makedirs(root, exist_ok=True)
    return root


def toolchain():
    """(compiler jar, stdlib jar, coroutines jar, org.json jar), or exit 3 naming what is missing."""
    spec = importlib.util.find_spec("run_kotlin_kernel")
    if spec is None or not spec.submodule_search_locations:
        fail(f"the Kotlin compiler is missing: pip install {PACKAGE} (Scripts/install-deps.sh test)", MISSING)
    jars = os.path.join(list(spec.submodule_search_locations)[0], "jars")
    compiler = glob.glob(os.path.join(jars, "kotlin-jupyter-kernel-*-all.jar"))
    stdlib = glob.glob(os.path.join(jars, "kotlin-stdlib-[0-9]*.jar"))
    if not compiler or not stdlib:
        fail(f"{jars} lacks the compiler or kotlin-stdlib jar; reinstall {PACKAGE}", MISSING)
    if not os.path.exists(ORG_JSON):
        fail(f"{ORG_JSON} is missing: apt-get install libandroid-json-java", MISSING)
    return compiler[0], stdlib[0], coroutines_jar(compiler[0]), ORG_JSON


def coroutines_jar(compiler):
    """kotlinx-coroutines as a jar of its own, extracted once from the compiler's all.jar."""
    stamp = hashlib.sha256(f"{compiler}:{os.path.getmtime(compiler)}".encode()).hexdigest()[:16]
    path = os.path.join(cache_dir(), f"kotlinx-coroutines-{stamp}.jar")
    if os.path.exists(path):
        return path
    partial = path + ".partial"
    with zipfile.ZipFile(compiler) as source, zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for name in source.namelist():
            # The .kotlin_module file is what lets the compiler see the top-level functions
            # (launch, delay, withTimeout) as Kotlin declarations.
            if name.startswith("kotlinx/coroutines/") or name == "META-INF/kotlinx-coroutines-core.kotlin_module":
                out.writestr(name, source.read(name))
    os.replace(partial, path)
    return path


def runtime_classpath(parts):
    _, stdlib, coroutines, org_json = parts
    return [stdlib, coroutines, org_json]


def compile_command(parts, out, extra, files):
    compiler = parts[0]
    archive = os.path.join(cache_dir(), "kotlinc-" + hashlib.sha256(compiler.encode()).hexdigest()[:16] + ".jsa")
    java = ["java", "-XX:TieredStopAtLevel=1", "-Xss8m", "-Xlog:disable"]
    java.append(f"-XX:SharedArchiveFile={archive}" if os.path.exists(archive) else f"-XX:ArchiveClassesAtExit={archive}")
    classpath = ":".join(runtime_classpath(parts) + extra)
    return java + ["-cp", compiler, "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                   # Without -no-stdlib/-no-reflect the compiler warns that it has no Kotlin home,
                   # and -Werror turns that into a failure.
                   "-no-stdlib", "-no-reflect", "-jvm-target", "17", "-Werror",
                   "-cp", classpath, "-d", out] + files


def inputs_hash(parts, extra, files):
    digest = hashlib.sha256()
    for item in [parts[0]] + extra:
        digest.update(f"{item}\0".encode())
    for path in sorted(files):
        digest.update(f"{path}\0".encode())
        with open(path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def take_option(args, name):
    values = []
    while name in args:
        index = args.index(name)
        if index + 1 >= len(args):
            fail(f"{name} needs a value", 2)
        values.append(args[index + 1])
        del args[index:index + 2]
    return values


def classpath_option(args):
    """The entries of every --cp option (colon-separated), removed from args."""
    return [p for value in take_option(args, "--cp") for p in value.split(":") if p]


def compile_sources(args):
    out = take_option(args, "--out")
    extra = classpath_option(args)
    if len(out) != 1 or not args:
        fail("usage: kotlin.py compile --out DIR [--cp X] FILE...", 2)
    parts = toolchain()
    files = [os.path.abspath(f) for f in args]
    stamp_path = os.path.join(out[0], ".kotlin-inputs")
    wanted = inputs_hash(parts, extra, files)
    if os.path.exists(stamp_path) and open(stamp_path).read() == wanted:
        return 0
    os.makedirs(out[0], exist_ok=True)
    if os.path.exists(stamp_path):
        os.remove(stamp_path)
    status = subprocess.run(compile_command(parts, out[0], extra, files)).returncode
    if status == 0:
        with open(stamp_path, "w") as handle:
            handle.write(wanted)
    return status


def run_program(args):
    extra = classpath_option(args)
    jvm = take_option(args, "--jvm")
    if not args:
        fail("usage: kotlin.py run [--jvm OPTION]... --cp DIR MAIN [ARG...]", 2)
    classpath = ":".join(runtime_classpath(toolchain()) + extra)
    os.execvp("java", ["java", "-XX:TieredStopAtLevel=1"] + jvm + ["-cp", classpath] + args)


def main(argv):
    if not argv:
        fail("usage: kotlin.py check | classpath | compile --out DIR FILE... | run --cp DIR MAIN", 2)
    command, args = argv[0], argv[1:]
    if command == "check":
        toolchain()
        return 0
    if command == "classpath":
        print(":".join(runtime_classpath(toolchain())))
        return 0
    if command == "compile":
        return compile_sources(args)
    if command == "run":
        return run_program(args)
    fail(f"unknown command '{command}'", 2)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
