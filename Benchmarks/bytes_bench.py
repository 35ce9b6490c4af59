#!/usr/bin/env python3
"""bridgegen benchmark: large `bytes` values through the fast path against inline base64, in WebKitGTK.

A WebKitGTK page (under xvfb-run) running the compiled generated client times
`sample.setBlob` (page -> native) and `sample.getBlob` (native -> page) of 64 KiB, 1 MiB, 10 MiB
and 100 MiB, answered by the generated Swift dispatcher (the Swift test host), in one run:

- fast: the host's transfer store installed, so `$hello` offers `capabilities.bytes` and the
  values cross as HTTP bodies of `bridgegen-bytes://transfer/`, served by a real WebKitGTK custom
  URI scheme handler (Harness/transfer_scheme.py) as the iOS glue's `WKURLSchemeHandler` serves it;
- base64: a second page without the store: the values go inline in the message as base64
  (at most 10 MiB: `base64 -` above it).

MB/s = bytes moved / 10^6 / seconds, timed in the page (each run moves at least 4 MiB: 64 KiB
values 64 times), median of R runs per cell. peak = the Swift host process's peak RSS growth
during the fast path's run (VmHWM after, minus VmRSS before, with the peak reset through
/proc/PID/clear_refs), in MB, median of the runs. Both paths have the Python harness between the
page and the host (message JSON, or the scheme's temporary files), as WebKit's IPC is on iOS:
compare the paths with each other, in the same run. Nothing is asserted.

    Benchmarks/bytes_bench.py [--repeat R] [--transport T] [--bridgegen BIN] [--out DIR]
    (default: R=3, reply; builds bridgegen with swift build when --bridgegen is not given)

Prints one line per direction and size:
    bytes webkitgtk <page-to-native|native-to-page> <size>: fast <MB/s> MB/s, base64 <MB/s> MB/s, peak <MB> MB
then one for a `stream` of a gigabyte in 1 MiB chunks (`sample.download`, whose items are inline
base64), with the host's and the web content process's peak RSS growth:
    stream webkitgtk native-to-page 1024MiB in 1024KiB chunks: <MB/s> MB/s, peak host <MB> MB, peak web <MB> MB
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


def engine(out, transport, repeat):
    """{path: {(direction, size): cell}} of one harness run: both pages, fast and base64."""
    command = ['xvfb-run', '-a', e2e.SYSTEM_PYTHON, os.path.join(HARNESS, 'webkit_harness.py'), '--mode', 'bytes-bench',
               '--n', str(repeat), '--transport', transport, '--web', os.path.join(out, transport, 'web'),
               '--host', os.path.join(out, transport, 'host'), '--frames-extension', e2e.build_frames_extension(out)]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=e2e.webkit_env(), timeout=1200)
    paths, stream = {}, None
    for line in result.stdout.splitlines():
        if line.startswith('BENCH '):
            bench = json.loads(line[6:])
            paths[bench['path']] = {(c['direction'], c['size']): c for c in bench['cells']}
            stream = bench.get('stream') or stream
    if result.returncode != 0 or set(paths) != {'fast', 'base64'} or not stream:
        raise SystemExit(f'the benchmark failed:\n{result.stdout}')
    return paths, stream


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--transport', choices=e2e.TRANSPORTS, default='reply')
    parser.add_argument('--bridgegen')
    parser.add_argument('--out', default='/tmp/bridgegen-bytes-bench')
    options = parser.parse_args()
    problem = e2e.webkit_problem()
    if problem:
        raise SystemExit(problem)
    out = os.path.abspath(options.out)
    e2e.prepare(e2e.bridgegen_binary(options.bridgegen), out)
    print(f'\nbytes through WebKitGTK {e2e.webkit_version()} ({options.transport} transport): fast path against inline '
          f'base64, median of {options.repeat} runs; peak = the Swift host\'s peak RSS growth on the fast path')
    paths, stream = engine(out, options.transport, options.repeat)
    for direction in DIRECTIONS:
        for size in SIZES:
            fast = paths['fast'][(direction, size)]
            base64 = paths['base64'].get((direction, size))
            inline = f'{base64["mbps"]:.1f} MB/s' if base64 else '-'
            print(f'bytes webkitgtk {direction} {size}: fast {fast["mbps"]:.1f} MB/s, base64 {inline}, peak {fast["peakMB"]:.1f} MB')
    print('\nbase64 path, the host\'s peak RSS growth: ' + ', '.join(
        f'{d} {s} {c["peakMB"]:.1f} MB' for d in DIRECTIONS for s in SIZES if (c := paths['base64'].get((d, s)))))
    print(f'stream webkitgtk native-to-page {stream["total"] >> 20}MiB in {stream["chunk"] >> 10}KiB chunks: '
          f'{stream["mbps"]:.1f} MB/s, peak host {stream["peakMB"]:.1f} MB, peak web {stream["webPeakMB"]:.1f} MB')
    return 0


if __name__ == '__main__':
    sys.exit(main())
