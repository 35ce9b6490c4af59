#!/usr/bin/env python3
"""bridgegen benchmark: large `bytes` values through each shell's fast path against inline base64,
in WebKitGTK (iOS) and in Chromium (Android's engine and ArkWeb's).

A page running the compiled generated client times `sample.setBlob` (page -> native) and
`sample.getBlob` (native -> page) of 64 KiB, 256 KiB, 1 MiB, 10 MiB and 100 MiB, answered by the
generated native code, once per path:

- fast: the host's transfer path installed, so `$hello` offers `capabilities.bytes`;
  - webkitgtk: the Swift test host; the values cross as HTTP bodies of
    `bridgegen-bytes://transfer/`, served by a real WebKitGTK custom URI scheme handler
    (Harness/transfer_scheme.py) as the iOS glue's `WKURLSchemeHandler` serves it;
  - chromium-android: AndroidHost.kt on a JVM (the SDK stand-in); the values cross as
    ArrayBuffer frames of the module's object;
  - chromium-arkts: ArkTSHost.ts under node (the ArkWeb stand-in); the values cross as HTTP
    bodies of the transfer scheme's test URL, answered by the ArkTS scheme handler;
- base64: a second page without it: the values go inline in the message as base64 (at most
  10 MiB: `base64 -` above it).

Chromium runs headless without playwright (Harness/chromium_bench.py): its driver would copy
every body as base64. Page and hosts meet through a loopback HTTPS server instead, so bodies
cross a real socket once where the WebView copies them between its processes.

MB/s = bytes moved / 10^6 / seconds, timed in the page (each run moves at least 4 MiB: 64 KiB
values 64 times), median of R runs per cell. peak = the host process's peak RSS growth during
the fast path's run (VmHWM after, minus VmRSS before, with the peak reset through
/proc/PID/clear_refs), in MB, median of the runs (a JVM's heap grows as it likes: read its peaks
as upper bounds). Both paths have the harness between the page and the host, as the engine's
IPC is on a device: compare the paths with each other, in the same run. Nothing is asserted.

    Benchmarks/bytes_bench.py [--engines E,E] [--repeat R] [--transport T] [--bridgegen BIN] [--out DIR]
                              [--kotlin-classes DIR]
    (default: every engine, R=3, reply (WebKitGTK; Chromium runs reply); builds bridgegen with
    swift build when --bridgegen is not given; the Kotlin classes are the Kotlin tests' build,
    .build/kotlin-cache/classes-models: `swift test --filter KotlinModelTests` makes them)

Prints one line per engine, direction and size:
    bytes <engine> <page-to-native|native-to-page> <size>: fast <MB/s> MB/s, base64 <MB/s> MB/s, peak <MB> MB
then, per engine, one for a `stream` of a gigabyte in 1 MiB chunks (`sample.download`, whose
items are inline base64; the Kotlin host in a 512 MB heap, the ArkTS host's node in 256 MB of old
space), with the host's and the web content processes' peak RSS growth:
    stream <engine> native-to-page 1024MiB in 1024KiB chunks: <MB/s> MB/s, peak host <MB> MB, peak web <MB> MB
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, 'Tests', 'BridgeGenEndToEndTests', 'Harness')
sys.path.insert(0, HARNESS)
import e2e  # noqa: E402

SIZES = ['64KiB', '256KiB', '1MiB', '10MiB', '100MiB']
DIRECTIONS = ['page-to-native', 'native-to-page']


ENGINES = ['webkitgtk', 'chromium-android', 'chromium-arkts']


def results(command, env=None, stream_expected=False):
    """{path: {(direction, size): cell}} and the stream of one harness run: both pages, fast and base64."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, timeout=3600)
    paths, stream = {}, None
    for line in result.stdout.splitlines():
        if line.startswith('BENCH '):
            bench = json.loads(line[6:])
            if 'cells' in bench:
                paths[bench['path']] = {(c['direction'], c['size']): c for c in bench['cells']}
                stream = bench.get('stream') or stream
    if result.returncode != 0 or set(paths) != {'fast', 'base64'} or (stream_expected and not stream):
        raise SystemExit(f'the benchmark failed:\n{result.stdout}')
    return paths, stream


def webkit(out, transport, repeat):
    command = ['xvfb-run', '-a', e2e.SYSTEM_PYTHON, os.path.join(HARNESS, 'webkit_harness.py'), '--mode', 'bytes-bench',
               '--n', str(repeat), '--transport', transport, '--web', os.path.join(out, transport, 'web'),
               '--host', os.path.join(out, transport, 'host'), '--frames-extension', e2e.build_frames_extension(out)]
    return results(command, env=e2e.webkit_env(), stream_expected=True)


def chromium(platform, out, repeat, classes):
    command = [sys.executable, os.path.join(HARNESS, 'chromium_bench.py'), '--platform', platform, '--repeat', str(repeat),
               '--web', os.path.join(out, 'reply', 'web'), '--profile', os.path.join(out, 'chromium', 'profile')]
    # The hosts in an app's heap: the gigabyte stream must fit in it (a stream holds a few chunks;
    # uncapped, a collector lets garbage grow as it likes).
    env = None
    if platform == 'android':
        command += ['--kotlin', e2e.KOTLIN, '--classes', classes, '--jvm=-Xmx512m']
    else:
        command += ['--host', os.path.join(out, 'reply', 'arkts', 'out', 'ArkTSHost.js')]
        env = dict(os.environ, NODE_OPTIONS='--max-old-space-size=256')
    return results(command, env=env)


def report(name, paths):
    for direction in DIRECTIONS:
        for size in SIZES:
            fast = paths['fast'][(direction, size)]
            base64 = paths['base64'].get((direction, size))
            inline = f'{base64["mbps"]:.1f} MB/s' if base64 else '-'
            print(f'bytes {name} {direction} {size}: fast {fast["mbps"]:.1f} MB/s, base64 {inline}, peak {fast["peakMB"]:.1f} MB')
    print(f'{name}, base64 path, the host\'s peak RSS growth: ' + ', '.join(
        f'{d} {s} {c["peakMB"]:.1f} MB' for d in DIRECTIONS for s in SIZES if (c := paths['base64'].get((d, s)))))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--engines', default=','.join(ENGINES))
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--transport', choices=e2e.TRANSPORTS, default='reply')
    parser.add_argument('--bridgegen')
    parser.add_argument('--out', default='/tmp/bridgegen-bytes-bench')
    parser.add_argument('--kotlin-classes', default=os.path.join(ROOT, '.build', 'kotlin-cache', 'classes-models'))
    options = parser.parse_args()
    engines = options.engines.split(',')
    if set(engines) - set(ENGINES):
        parser.error(f'--engines: expected some of {",".join(ENGINES)}')
    problem = e2e.webkit_problem() if 'webkitgtk' in engines else None
    if problem:
        raise SystemExit(problem)
    if 'chromium-android' in engines and not os.path.isdir(options.kotlin_classes):
        raise SystemExit(f'{options.kotlin_classes} is missing: build it with `swift test --filter KotlinModelTests`')
    out = os.path.abspath(options.out)
    e2e.prepare(e2e.bridgegen_binary(options.bridgegen), out, arkts='chromium-arkts' in engines)
    print(f'\nbytes: fast path against inline base64, median of {options.repeat} runs; '
          'peak = the host\'s peak RSS growth on the fast path')
    for name in engines:
        if name == 'webkitgtk':
            print(f'\nWebKitGTK {e2e.webkit_version()}, the Swift test host ({options.transport} transport):')
            paths, stream = webkit(out, options.transport, options.repeat)
        else:
            print(f'\nChromium, the {"Kotlin" if name == "chromium-android" else "ArkTS"} test host (reply transport):')
            paths, stream = chromium(name.split('-')[1], out, options.repeat, options.kotlin_classes)
        report(name, paths)
        if stream:
            print(f'stream {name} native-to-page {stream["total"] >> 20}MiB in {stream["chunk"] >> 10}KiB chunks: '
                  f'{stream["mbps"]:.1f} MB/s, peak host {stream["peakMB"]:.1f} MB, peak web {stream["webPeakMB"]:.1f} MB')
    return 0


if __name__ == '__main__':
    sys.exit(main())
