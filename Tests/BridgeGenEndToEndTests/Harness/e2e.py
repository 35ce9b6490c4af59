#!/usr/bin/env python3
"""Builds and runs the bridgegen end-to-end suites (docs/E2E.md).

    e2e.py prepare --bridgegen BIN --out DIR     generate Schemas/ in both transports, compile the
                                                 Swift test host per transport, tsc the client
    e2e.py node    --out DIR [--transport T]     node round trip (roundtrip.mjs) against the host
    e2e.py webkit  --out DIR [--transport T]     the WebKitGTK suite (webkit_harness.py, xvfb-run)
    e2e.py all     --bridgegen BIN --out DIR     all of the above, every suite
    e2e.py prepare --web-only ...                only the pages (no Swift hosts, no evolution): what the
                                                 Android suites need
    e2e.py android-node|android-webkit|android-chromium --out DIR --classes CLASSES [--transport T] [--suite bytes]
                                                 conformance.js against the Kotlin generated for Schemas/
                                                 on a JVM (AndroidHost.kt, compiled into CLASSES by the
                                                 Kotlin tests; run with Scripts/kotlin.py): node
                                                 (roundtrip.mjs --platform android), WebKitGTK
                                                 (webkit_android.py, xvfb-run) or Chromium (chromium_android.py);
                                                 --suite bytes: bytes.js in Chromium (chromium_bytes.py)
    e2e.py prepare --arkts ...                   also the ArkTS host per transport: the ArkTS generated
                                                 for Schemas/ (.ets copied as .ts), arkts/*.ts and the
                                                 ArkWeb stand-in, compiled by tsc into DIR/<transport>/arkts/
    e2e.py arkts-node|arkts-chromium --out DIR [--transport T] [--suite bytes (arkts-chromium only)]
                                                 conformance.js against that host: node (roundtrip.mjs
                                                 --platform arkts) or Chromium (chromium_android.py --platform arkts);
                                                 --suite bytes: bytes.js in Chromium (chromium_bytes.py)
    --suite conformance|evolution|both|bytes     node/webkit: Schemas/ (conformance.js, the default)
                                                 or the capability suite (evolution.js), or both;
                                                 or the bytes fast path's suite (bytes.js: node with
                                                 an emulated `bridgegen-bytes:` fetch, WebKitGTK with
                                                 the scheme served as the iOS glue serves it); `all`
                                                 runs every suite

Layout of DIR/<transport>/: swift/ ts/ (generated), host (binary), web/ (page.html, entry.js,
conformance.js, bytes.js, client/*.js). DIR/evolution/<transport>/: old-swift/ old-ts/ new-swift/ new-ts/
(generated from Evolution/old and Evolution/new), host-old and host-new (the evolution hosts),
web/ (evolution.html, evolution-entry.js, evolution.js, the new page's client/*.js, the old
schema's old-client/*.js). DIR/frames-extension/bridgegen-frames.so: the WebKitGTK harness's web
process extension (frames_extension.c; built by the webkit commands). Host binaries and the
extension are cached by a hash of their sources in $BRIDGEGEN_E2E_CACHE (default
/tmp/bridgegen-e2e-cache), so reruns skip the swiftc and cc steps.
Exit status 0 only when every suite ran and had no failure.
"""
import argparse
import hashlib
import re
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
HOST_SOURCES = os.path.join(REPO, 'Tests', 'BridgeGenSwiftTests', 'Fixtures', 'Host')
EVOLUTION = os.path.join(REPO, 'Tests', 'BridgeGenEndToEndTests', 'Evolution')
EVOLUTION_WEB = ['evolution.js', 'evolution.html', 'evolution-entry.js']
# The evolution suite's phases (evolution.js): the new page on the old app, on the new app
# (same schema), and on a hand-written native that ignores `$hello`, answers it with an error, or
# answers `{"protocol":1}` as apps generated before capabilities do.
EVOLUTION_PHASES = [('old', 'old'), ('same', 'new'), ('handwritten-ignore', 'old'), ('handwritten-error', 'old'),
                    ('handwritten-protocol', 'old')]
# The modules of each app version: its reply-transport channels (Evolution/new adds `wishlist`).
EVOLUTION_MODULES = {'old': ['catalog'], 'new': ['catalog', 'wishlist']}
TRANSPORTS = ['reply', 'callback']
TSC_FLAGS = ['--strict', '--noUncheckedIndexedAccess', '--exactOptionalPropertyTypes', '--isolatedModules', '--target', 'ES2020', '--module', 'ES2020',
             '--moduleResolution', 'node', '--lib', 'ES2020,DOM']
SYSTEM_PYTHON = '/usr/bin/python3'
APT_PACKAGES = 'xvfb python3-gi gir1.2-gtk-4.0 gir1.2-webkit-6.0 libwebkitgtk-6.0-dev'
# The web process extension that tells the WebKitGTK harness which frame posted a message.
FRAMES_EXTENSION = os.path.join(HERE, 'frames_extension.c')
FRAMES_PKG = 'webkitgtk-web-process-extension-6.0'


def log(message):
    print(f'[e2e] {message}', flush=True)


def run(command, **kwargs):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)
    if result.returncode != 0:
        raise SystemExit(f'[e2e] failed ({result.returncode}): {" ".join(command)}\n{result.stdout}')
    return result.stdout


def cached_output(digest, name, what, build):
    """The cache's file NAME under DIGEST, made by build(path) (logged as WHAT) when it is missing;
    written to a temporary path first, so a concurrent or interrupted build never leaves half a file."""
    cache = os.environ.get('BRIDGEGEN_E2E_CACHE', '/tmp/bridgegen-e2e-cache')
    cached = os.path.join(cache, digest.hexdigest()[:24], name)
    if not os.path.exists(cached):
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        temp = cached + f'.{os.getpid()}.tmp'
        log(what)
        build(temp)
        os.replace(temp, cached)
    return cached


def compile_cached(sources, target, what, flags):
    """swiftc FLAGS -o target sources, cached by a hash of the compiler version, the flags and the sources."""
    digest = hashlib.sha256()
    digest.update(run(['swiftc', '--version']).encode())
    if flags != ['-O']:
        # Keyed by flags other than -O only, so the test hosts' existing cache entries stay valid.
        digest.update(' '.join(flags).encode())
    for source in sources:
        digest.update(os.path.basename(source).encode())
        with open(source, 'rb') as f:
            digest.update(f.read())
    cached = cached_output(digest, 'host', f'swiftc: {what}',
                           lambda temp: run(['swiftc'] + flags + ['-o', temp] + sources))
    shutil.copy2(cached, target)
    return target


def bridgegen_binary(given):
    """`given`, or the bridgegen `swift build` makes of this checkout (the benchmarks' default)."""
    if given:
        return os.path.abspath(given)
    subprocess.run(['swift', 'build', '--product', 'bridgegen'], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    folder = subprocess.run(['swift', 'build', '--show-bin-path'], cwd=REPO, check=True, stdout=subprocess.PIPE, text=True).stdout
    return os.path.join(folder.strip(), 'bridgegen')


def swift_sources(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith('.swift'))


def compile_host(transport, out):
    sources = swift_sources(os.path.join(out, transport, 'swift')) + swift_sources(HOST_SOURCES)
    return compile_cached(sources, os.path.join(out, transport, 'host'),
                          f'the {transport} test host (generated dispatcher + Fixtures/Host)', ['-O'])


def compile_evolution_host(transport, version, out):
    """The evolution host of one app version: the Swift generated from Evolution/<version>, the
    host's main.swift, CatalogCalls.swift and <Version>App.swift, and the test host's
    HostProtocol.swift (the JSON-line plumbing). -Onone: a handful of messages, compiled in half the time."""
    base = os.path.join(out, 'evolution', transport)
    sources = swift_sources(os.path.join(base, f'{version}-swift'))
    sources += [os.path.join(EVOLUTION, 'Host', name) for name in ('main.swift', 'CatalogCalls.swift', f'{version.capitalize()}App.swift')]
    sources.append(os.path.join(HOST_SOURCES, 'HostProtocol.swift'))
    return compile_cached(sources, os.path.join(base, f'host-{version}'),
                          f'the {transport} {version}-app evolution host (generated from Evolution/{version})', ['-Onone'])


def prepare_evolution(bridgegen, transport, out):
    """Evolution/old -> the old app's Swift (and its TypeScript, whose fingerprint the cases compare
    with the old app's); Evolution/new -> the new app's Swift and the new page's client."""
    base = os.path.join(out, 'evolution', transport)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    for version in ('old', 'new'):
        command = [bridgegen, 'generate', os.path.join(EVOLUTION, version), '--transport', transport,
                   '--swift-out', os.path.join(base, f'{version}-swift'), '--ts-out', os.path.join(base, f'{version}-ts')]
        run(command)
    web = os.path.join(base, 'web')
    for version, client in (('new', 'client'), ('old', 'old-client')):
        ts_dir = os.path.join(base, f'{version}-ts')
        run(['tsc'] + TSC_FLAGS + ['--outDir', os.path.join(web, client)] + sorted(os.path.join(ts_dir, f) for f in os.listdir(ts_dir) if f.endswith('.ts')))
    for name in EVOLUTION_WEB:
        shutil.copy2(os.path.join(HERE, name), os.path.join(web, name))
    with open(os.path.join(web, 'package.json'), 'w') as f:
        f.write('{"type":"module"}\n')


ARKWEB = os.path.join(HERE, 'arkweb')
# CommonJS for node, strict; the generated code's form is the ArkTS checker's and the golden tests' to judge.
ARKTS_TSC_FLAGS = ['--strict', '--target', 'es2020', '--module', 'commonjs', '--lib', 'es2020,es2021.weakref', '--noImplicitReturns']


def kit_module(folder, name, declarations, script):
    """node_modules/<name>: declarations for tsc and, at run time, `script`'s exports (or nothing)."""
    target = os.path.join(folder, 'node_modules', name)
    os.makedirs(target, exist_ok=True)
    if declarations:
        shutil.copy2(declarations, os.path.join(target, 'index.d.ts'))
    with open(os.path.join(target, 'index.js'), 'w') as f:
        f.write("'use strict';\n" + ''.join(f'Object.assign(module.exports, require({json.dumps(s)}));\n' for s in script))


def glue(generated, src, inputs):
    """src/ArkWeb.ts, what the host imports BridgeArkWeb from: the generated file that holds it, or
    (while the generated set does not print the glue) Runtime/ArkTS/ArkWeb.ets on the generated
    support file, its sibling imports pointed there."""
    for name in sorted(os.listdir(generated)):
        with open(os.path.join(generated, name), encoding='utf-8') as f:
            if name.endswith('.ets') and 'export class BridgeArkWeb ' in f.read():
                text = f"export {{ BridgeArkWeb }} from './{name[:-4]}';\n"
                break
    else:
        with open(os.path.join(REPO, 'Runtime', 'ArkTS', 'ArkWeb.ets'), encoding='utf-8') as f:
            text = re.sub(r"from '\./[A-Za-z]+';", "from './BridgeGenSupport';", f.read())
    with open(os.path.join(src, 'ArkWeb.ts'), 'w', encoding='utf-8') as f:
        f.write(text)
    inputs.append(os.path.join(src, 'ArkWeb.ts'))


def prepare_arkts(bridgegen, transport, out):
    """The ArkTS host of one transport: the generated .ets files copied as .ts (ArkTS is a subset of
    TypeScript), the host (arkts/*.ts), `@kit.*` resolved to the stand-in's kit/, compiled by tsc."""
    base = os.path.join(out, transport, 'arkts')
    shutil.rmtree(base, ignore_errors=True)
    generated, src = os.path.join(base, 'ets'), os.path.join(base, 'src')
    os.makedirs(src)
    run([bridgegen, 'generate', os.path.join(REPO, 'Schemas'), '--transport', transport, '--arkts-out', generated])
    inputs = []
    for name in sorted(os.listdir(generated)):
        if name.endswith('.ets'):
            shutil.copy2(os.path.join(generated, name), os.path.join(src, name[:-4] + '.ts'))
            inputs.append(os.path.join(src, name[:-4] + '.ts'))
    glue(generated, src, inputs)
    for name in sorted(os.listdir(os.path.join(HERE, 'arkts'))) + ['globals.d.ts']:
        origin = os.path.join(ARKWEB, 'kit', name) if name == 'globals.d.ts' else os.path.join(HERE, 'arkts', name)
        if name.endswith('.ts'):
            shutil.copy2(origin, os.path.join(src, name))
            inputs.append(os.path.join(src, name))
    kit_module(base, '@kit.ArkWeb', os.path.join(ARKWEB, 'kit', 'ArkWeb.d.ts'), [os.path.join(ARKWEB, 'kit', 'ArkWeb.js')])
    kit_module(base, '@kit.BasicServicesKit', os.path.join(ARKWEB, 'kit', 'BasicServicesKit.d.ts'), [])
    kit_module(base, '@ohos.security.cryptoFramework', os.path.join(ARKWEB, 'kit', 'cryptoFramework.d.ts'),
               [os.path.join(ARKWEB, 'kit', 'cryptoFramework.js')])
    # The engine's side of the stand-in, for the host (plain JavaScript).
    kit_module(base, 'arkweb-standin', None, [os.path.join(ARKWEB, 'arkweb.js'), os.path.join(ARKWEB, 'engine.js')])
    run(['tsc'] + ARKTS_TSC_FLAGS + ['--outDir', os.path.join(base, 'out')] + inputs, cwd=base)
    with open(os.path.join(base, 'out', 'package.json'), 'w') as f:
        f.write('{"type":"commonjs"}\n')
    return os.path.join(base, 'out', 'ArkTSHost.js')


def prepare(bridgegen, out, web_only=False, arkts=False):
    schemas = os.path.join(REPO, 'Schemas')
    for transport in TRANSPORTS:
        base = os.path.join(out, transport)
        shutil.rmtree(base, ignore_errors=True)
        os.makedirs(base)
        swift = [] if web_only else ['--swift-out', os.path.join(base, 'swift')]
        run([bridgegen, 'generate', schemas, '--transport', transport] + swift + ['--ts-out', os.path.join(base, 'ts')])
        web = os.path.join(base, 'web')
        client = os.path.join(web, 'client')
        ts_dir = os.path.join(base, 'ts')
        inputs = sorted(os.path.join(ts_dir, f) for f in os.listdir(ts_dir) if f.endswith('.ts'))
        run(['tsc'] + TSC_FLAGS + ['--outDir', client] + inputs)
        for name in ['conformance.js', 'bytes.js', 'entry.js', 'page.html', 'bench.js', 'bytes-bench.js', 'queued.html', 'queued.js', 'pagecall.html',
                     'pagecall.js', 'injected.js', 'android.js', 'arkts.js', 'frame.html', 'frame.js']:
            shutil.copy2(os.path.join(HERE, name), os.path.join(web, name))
        with open(os.path.join(web, 'package.json'), 'w') as f:
            f.write('{"type":"module"}\n')
        if arkts:
            log(f'ArkTS host ready: {prepare_arkts(bridgegen, transport, out)}')
        if not web_only:
            prepare_evolution(bridgegen, transport, out)
    if web_only:
        return
    jobs = [lambda t=t: compile_host(t, out) for t in TRANSPORTS]
    jobs += [lambda t=t, v=v: compile_evolution_host(t, v, out) for t in TRANSPORTS for v in ('old', 'new')]
    with ThreadPoolExecutor(max_workers=2) as pool:
        for host in pool.map(lambda job: job(), jobs):
            log(f'host ready: {host}')


def stream(command, env=None, timeout=300):
    """Runs a suite, echoing its output; returns (status, output)."""
    log('$ ' + ' '.join(command))
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines = []
    try:
        for line in process.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            lines.append(line)
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        status = -1
        lines.append(f'[e2e] timed out after {timeout} s\n')
    return status, ''.join(lines)


def summary(output):
    for line in reversed(output.splitlines()):
        parts = line.split()
        if len(parts) == 5 and parts[0].endswith(':'):
            parts = parts[1:]  # `android-node-reply: N passed, M failed`
        if len(parts) == 4 and parts[1] == 'passed,' and parts[3] == 'failed' and parts[0].isdigit() and parts[2].isdigit():
            return int(parts[0]), int(parts[2])
    return None


def run_node(out, transports, bytes_suite=False):
    """conformance.js, or bytes.js (roundtrip.mjs runs each of its phases in a process of its own
    and prints `bytes-node-<transport>: N passed, M failed`)."""
    results = []
    for transport in transports:
        base = os.path.join(out, transport)
        suite = ['--suite', 'bytes'] if bytes_suite else []
        status, output = stream(['node', os.path.join(HERE, 'roundtrip.mjs')] + suite + ['--transport', transport,
                                 '--web', os.path.join(base, 'web'), '--host', os.path.join(base, 'host')])
        results.append(('bytes-node' if bytes_suite else 'node', transport, status, summary(output)))
    return results


def run_node_evolution(out, transports):
    """One node process per phase (a fresh client each: its capabilities are per page load),
    summed into one summary line per transport."""
    results = []
    for transport in transports:
        base = os.path.join(out, 'evolution', transport)
        passed, failed, status = 0, 0, 0
        for phase, version in EVOLUTION_PHASES:
            code, output = stream(['node', os.path.join(HERE, 'roundtrip.mjs'), '--transport', transport, '--suite', 'evolution',
                                   '--phase', phase, '--channels', ','.join(EVOLUTION_MODULES[version]),
                                   '--web', os.path.join(base, 'web'), '--host', os.path.join(base, f'host-{version}')])
            counts = summary(output) or (0, 1)
            passed, failed, status = passed + counts[0], failed + counts[1], status or code
        print(f'[node-evolution {transport}] {passed} passed, {failed} failed', flush=True)
        results.append(('node-evolution', transport, status, (passed, failed)))
    return results


def c_compiler():
    """cc, or the clang of the Swift toolchain (beside swiftc), which every machine running these tests has."""
    swiftc = shutil.which('swiftc')
    clang = os.path.join(os.path.dirname(os.path.realpath(swiftc)), 'clang') if swiftc else None
    return shutil.which('cc') or (clang if clang and os.path.exists(clang) else None)


def webkit_problem(extension=True):
    """Why the WebKitGTK suite cannot run here, or None. `extension`: it needs the frames
    extension built (webkit_harness.py; the Android harness does not)."""
    if shutil.which('xvfb-run') is None:
        return f'xvfb-run is missing: apt-get install {APT_PACKAGES} (Scripts/install-deps.sh installs them)'
    if not os.path.exists(SYSTEM_PYTHON):
        return f'{SYSTEM_PYTHON} is missing: apt-get install python3 {APT_PACKAGES}'
    probe = ("import gi; gi.require_version('Gtk', '4.0'); gi.require_version('WebKit', '6.0'); "
             "gi.require_version('JavaScriptCore', '6.0'); from gi.repository import WebKit, JavaScriptCore")
    result = subprocess.run([SYSTEM_PYTHON, '-c', probe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        return (f'WebKitGTK 6.0 is not usable from {SYSTEM_PYTHON} ({result.stdout.strip().splitlines()[-1:]}): '
                f'apt-get install {APT_PACKAGES} (Scripts/install-deps.sh installs them)')
    if extension and (shutil.which('pkg-config') is None
                      or subprocess.run(['pkg-config', '--exists', FRAMES_PKG]).returncode != 0):
        return (f'the WebKitGTK web process extension headers ({FRAMES_PKG}.pc) are missing: '
                f'apt-get install pkg-config {APT_PACKAGES} (Scripts/install-deps.sh installs them)')
    if extension and c_compiler() is None:
        return 'no C compiler (cc, or the clang beside swiftc) for the harness\'s web process extension'
    return None


def build_frames_extension(out):
    """frames_extension.c -> DIR/frames-extension/bridgegen-frames.so (a directory of its own:
    WebKit loads every module in it), cached by a hash of the source, the compiler and the flags."""
    compiler = c_compiler()
    flags = run(['pkg-config', '--cflags', '--libs', FRAMES_PKG]).split()
    command = [compiler, '-shared', '-fPIC', '-O2', '-Wall', '-Werror', FRAMES_EXTENSION] + flags
    digest = hashlib.sha256()
    digest.update(run([compiler, '--version']).encode())
    digest.update(' '.join(c for c in command if c != FRAMES_EXTENSION).encode())
    with open(FRAMES_EXTENSION, 'rb') as f:
        digest.update(f.read())
    cached = cached_output(digest, 'bridgegen-frames.so',
                           f'{os.path.basename(compiler)}: the WebKitGTK harness\'s web process extension (frames_extension.c)',
                           lambda temp: run(command[:1] + ['-o', temp] + command[1:]))
    directory = os.path.join(out, 'frames-extension')
    os.makedirs(directory, exist_ok=True)
    shutil.copy2(cached, os.path.join(directory, 'bridgegen-frames.so'))
    return directory


def webkit_version():
    probe = ("import gi; gi.require_version('WebKit', '6.0'); from gi.repository import WebKit; "
             "print(WebKit.get_major_version(), WebKit.get_minor_version(), WebKit.get_micro_version(), sep='.')")
    result = subprocess.run([SYSTEM_PYTHON, '-c', probe], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return result.stdout.strip() or 'unknown'


def webkit_env():
    env = dict(os.environ)
    env.setdefault('WEBKIT_DISABLE_COMPOSITING_MODE', '1')
    env.setdefault('GDK_BACKEND', 'x11')
    env.setdefault('LIBGL_ALWAYS_SOFTWARE', '1')
    env['NO_AT_BRIDGE'] = '1'
    return env


def run_webkit(out, transports, bytes_suite=False):
    """conformance.js, or bytes.js (webkit_harness.py --mode bytes: `bytes-webkit-<transport>: N passed, M failed`)."""
    kind = 'bytes-webkit' if bytes_suite else 'webkit'
    problem = webkit_problem()
    if problem:
        print(f'[e2e] WebKitGTK suite cannot run: {problem}')
        return [(kind, t, 1, None) for t in transports]
    extension = build_frames_extension(out)
    results = []
    for transport in transports:
        base = os.path.join(out, transport)
        mode = ['--mode', 'bytes'] if bytes_suite else []
        status, output = stream(['xvfb-run', '-a', SYSTEM_PYTHON, os.path.join(HERE, 'webkit_harness.py')] + mode +
                                ['--transport', transport, '--web', os.path.join(base, 'web'),
                                 '--host', os.path.join(base, 'host'), '--frames-extension', extension], env=webkit_env())
        results.append((kind, transport, status, summary(output)))
    return results


def run_webkit_evolution(out, transports):
    """One WebKitGTK harness per transport; each phase a new web view on its own host."""
    problem = webkit_problem()
    if problem:
        print(f'[e2e] WebKitGTK suite cannot run: {problem}')
        return [('webkit-evolution', t, 1, None) for t in transports]
    extension = build_frames_extension(out)
    results = []
    for transport in transports:
        base = os.path.join(out, 'evolution', transport)
        phases = ','.join(f'{phase}={"+".join(EVOLUTION_MODULES[version])}={os.path.join(base, "host-" + version)}'
                          for phase, version in EVOLUTION_PHASES)
        status, output = stream(['xvfb-run', '-a', SYSTEM_PYTHON, os.path.join(HERE, 'webkit_harness.py'),
                                 '--transport', transport, '--web', os.path.join(base, 'web'), '--mode', 'evolution',
                                 '--phases', phases, '--frames-extension', extension], env=webkit_env())
        results.append(('webkit-evolution', transport, status, summary(output)))
    return results


KOTLIN = os.path.join(REPO, 'Scripts', 'kotlin.py')


def run_android(engine, out, transports, classes, bytes_suite=False):
    """conformance.js against the Kotlin host in one engine, each transport; each suite prints
    `android-<engine>-<transport>: N passed, M failed`. With `bytes_suite` (Chromium only), bytes.js's
    Android phases instead: `bytes-chromium-android-<transport>: N passed, M failed`."""
    if engine == 'webkit':
        problem = webkit_problem(extension=False)
        if problem:
            print(f'[e2e] WebKitGTK suite cannot run: {problem}')
            return [(f'android-{engine}', t, 1, None) for t in transports]
    results = []
    for transport in transports:
        web = os.path.join(out, transport, 'web')
        if engine == 'node':
            command, env = ['node', os.path.join(HERE, 'roundtrip.mjs'), '--platform', 'android', '--transport', transport,
                            '--web', web, '--host', KOTLIN, '--classes', classes], None
        elif engine == 'webkit':
            command, env = ['xvfb-run', '-a', SYSTEM_PYTHON, os.path.join(HERE, 'webkit_android.py'), '--transport', transport,
                            '--web', web, '--kotlin', KOTLIN, '--classes', classes], webkit_env()
        elif bytes_suite:
            command, env = [sys.executable, os.path.join(HERE, 'chromium_bytes.py'), '--platform', 'android', '--transport', transport,
                            '--web', web, '--kotlin', KOTLIN, '--classes', classes], None
        else:
            command, env = [sys.executable, os.path.join(HERE, 'chromium_android.py'), '--transport', transport,
                            '--web', web, '--kotlin', KOTLIN, '--classes', classes], None
        status, output = stream(command, env=env, timeout=1800 if bytes_suite else 300)
        results.append(('bytes-chromium-android' if bytes_suite else f'android-{engine}', transport, status, summary(output)))
    return results


def run_arkts(engine, out, transports, bytes_suite=False):
    """conformance.js against the ArkTS host (prepare --arkts) in one engine, each transport; each
    suite prints `arkts-<engine>-<transport>: N passed, M failed`. With the bytes suite (Chromium
    only): bytes.js through chromium_bytes.py, `bytes-chromium-arkts-<transport>: ...`."""
    results = []
    for transport in transports:
        web = os.path.join(out, transport, 'web')
        host = os.path.join(out, transport, 'arkts', 'out', 'ArkTSHost.js')
        if bytes_suite:
            status, output = stream([sys.executable, os.path.join(HERE, 'chromium_bytes.py'), '--platform', 'arkts', '--transport', transport,
                                     '--web', web, '--host', host], timeout=1800)
            results.append(('bytes-chromium-arkts', transport, status, summary(output)))
            continue
        if engine == 'node':
            command = ['node', os.path.join(HERE, 'roundtrip.mjs'), '--platform', 'arkts', '--transport', transport, '--web', web, '--host', host]
        else:
            command = [sys.executable, os.path.join(HERE, 'chromium_android.py'), '--platform', 'arkts', '--transport', transport,
                       '--web', web, '--host', host]
        status, output = stream(command)
        results.append((f'arkts-{engine}', transport, status, summary(output)))
    return results


def report(results):
    ok = True
    for kind, transport, status, counts in results:
        text = f'{counts[0]} passed, {counts[1]} failed' if counts else 'no summary'
        log(f'{kind} {transport}: {text} (exit {status})')
        ok = ok and status == 0 and counts is not None and counts[1] == 0 and counts[0] > 0
    passed = sum(c[0] for *_, c in results if c)
    failed = sum(c[1] for *_, c in results if c) + sum(1 for *_, c in results if not c)
    print(f'{passed} passed, {failed} failed', flush=True)
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('command', choices=['prepare', 'node', 'webkit', 'all', 'android-node', 'android-webkit', 'android-chromium',
                                            'arkts-node', 'arkts-chromium'])
    parser.add_argument('--bridgegen')
    parser.add_argument('--web-only', action='store_true', help='prepare: only the pages of Schemas/ (the Android suites)')
    parser.add_argument('--arkts', action='store_true', help='prepare: the ArkTS host too (the ArkTS suites)')
    parser.add_argument('--classes', help='android-*: the compiled Kotlin host (Tests/BridgeGenKotlinTests)')
    parser.add_argument('--out', required=True)
    parser.add_argument('--transport', choices=TRANSPORTS)
    parser.add_argument('--suite', choices=['conformance', 'evolution', 'both', 'bytes'], default='conformance',
                        help='conformance: Schemas/ (conformance.js); evolution: the new page on old and new apps (evolution.js); '
                             'bytes: the bytes fast path (bytes.js)')
    options = parser.parse_args()
    out = os.path.abspath(options.out)
    transports = [options.transport] if options.transport else TRANSPORTS
    if options.command in ('prepare', 'all'):
        if not options.bridgegen:
            parser.error('--bridgegen is required')
        prepare(os.path.abspath(options.bridgegen), out, options.web_only, options.arkts)
        if options.command == 'prepare':
            return 0
    if options.command.startswith('arkts-'):
        engine = options.command[len('arkts-'):]
        if options.suite == 'bytes' and engine != 'chromium':
            parser.error('the ArkTS bytes suite runs in Chromium only (arkts-chromium --suite bytes)')
        return report(run_arkts(engine, out, transports, bytes_suite=options.suite == 'bytes'))
    if options.command.startswith('android-'):
        if not options.classes:
            parser.error('--classes is required')
        engine = options.command[len('android-'):]
        if options.suite == 'bytes' and engine != 'chromium':
            parser.error('--suite bytes on Android runs in Chromium only (android-chromium)')
        return report(run_android(engine, out, transports, os.path.abspath(options.classes), bytes_suite=options.suite == 'bytes'))
    results = []
    conformance = options.suite in ('conformance', 'both') or options.command == 'all'
    evolution = options.suite in ('evolution', 'both') or options.command == 'all'
    bytes_suite = options.suite == 'bytes' or options.command == 'all'
    if options.command in ('node', 'all'):
        results += run_node(out, transports) if conformance else []
        results += run_node_evolution(out, transports) if evolution else []
        results += run_node(out, transports, bytes_suite=True) if bytes_suite else []
    if options.command in ('webkit', 'all'):
        results += run_webkit(out, transports) if conformance else []
        results += run_webkit_evolution(out, transports) if evolution else []
        results += run_webkit(out, transports, bytes_suite=True) if bytes_suite else []
    return report(results)


if __name__ == '__main__':
    sys.exit(main())
