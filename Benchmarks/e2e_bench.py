#!/usr/bin/env python3
"""bridgegen end-to-end benchmark: small requests through a real WebKit engine.

For each transport, a WebKitGTK page (under xvfb-run) running the compiled generated client
calls `sample.getItem({key: 'k'})`, answered by the generated Swift dispatcher (the Swift test
host) through the engine's own script message handlers, and the reply API (reply transport) or
`evaluate_javascript` of the generated answer script (callback transport):

- latency: N sequential requests after a warm-up, timed in the page with performance.now(),
  which WebKit coarsens to 1 ms here, so per request as the mean of each block of 10 sequential
  requests (median, p95 and min over the blocks; p95 of 10-request means understates the tail);
- throughput: 2N requests issued at once, all awaited (requests per second);
- page calls: N sequential native -> page calls (`sample.getCartCount`, the generated Swift
  API through `call_async_javascript_function`, answered by the page's implementation), timed
  natively by the host (median, p95, min, max);
- bytes: a 1 MB and a 10 MB round trip (`sample.setBlob` then `sample.getBlob`: base64 on the
  wire, strict decoding natively and in the page), against the same round trip of a string as
  long as their base64 (`setItem` then `getItem`), in the same run: the ratio is what `bytes`
  costs beyond the text it travels as (median of 3 in the page; best run).

For scale it also prints the Swift test host alone (JSON line in, JSON line out, measured from
Python over its pipe), the floor the harness adds to every request. Nothing is asserted; the
machine is shared, so compare figures from the same run.

usage: Benchmarks/e2e_bench.py [--n N] [--repeat R] [--bridgegen BIN] [--out DIR]
       (default: N=1000, R=3; builds bridgegen with swift build when --bridgegen is not given)
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, 'Tests', 'BridgeGenEndToEndTests', 'Harness')
sys.path.insert(0, HARNESS)
import e2e  # noqa: E402


def host_alone(host, transport, n):
    process = subprocess.Popen([host], stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding='utf-8', bufsize=1)
    if transport == 'reply':
        line = '{"id":1,"channel":"sample","body":{"type":"getItem","data":{"key":"k"}}}\n'
    else:
        line = '{"id":1,"channel":"uniBridgeCall","body":"{\\"type\\":\\"getItem\\",\\"data\\":{\\"key\\":\\"k\\"},\\"callbackName\\":\\"cb\\"}"}\n'
    samples = []
    for _ in range(n + 50):
        started = time.perf_counter()
        process.stdin.write(line)
        process.stdin.flush()
        process.stdout.readline()
        samples.append((time.perf_counter() - started) * 1000)
    process.stdin.close()
    process.wait()
    samples = sorted(samples[50:])
    return statistics.median(samples), samples[int(0.95 * len(samples))]


def engine(out, transport, n):
    command = ['xvfb-run', '-a', e2e.SYSTEM_PYTHON, os.path.join(HARNESS, 'webkit_harness.py'), '--mode', 'bench',
               '--n', str(n), '--transport', transport, '--web', os.path.join(out, transport, 'web'),
               '--host', os.path.join(out, transport, 'host'), '--frames-extension', e2e.build_frames_extension(out)]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=e2e.webkit_env(), timeout=600)
    for line in result.stdout.splitlines():
        if line.startswith('BENCH '):
            return json.loads(line[6:])
    raise SystemExit(f'the {transport} benchmark failed:\n{result.stdout}')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--n', type=int, default=1000)
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--bridgegen')
    parser.add_argument('--out', default='/tmp/bridgegen-e2e-bench')
    options = parser.parse_args()
    problem = e2e.webkit_problem()
    if problem:
        raise SystemExit(problem)
    e2e.prepare(e2e.bridgegen_binary(options.bridgegen), os.path.abspath(options.out))
    print(f'\nsmall requests (sample.getItem) through WebKitGTK {e2e.webkit_version()}, N={options.n} sequential, '
          f'{2 * options.n} concurrent, best of {options.repeat} runs')
    print('latency per request: mean of blocks of 10 sequential requests (performance.now() is coarsened to 1 ms)')
    print(f'{"transport":<10} {"median ms":>10} {"p95 ms":>8} {"min ms":>8} {"req/s":>8}   {"host alone: median / p95 ms":>28}')
    page_calls = {}
    blobs = {}
    for transport in e2e.TRANSPORTS:
        runs = [engine(options.out, transport, options.n) for _ in range(options.repeat)]
        best = min(runs, key=lambda r: r['medianMs'])
        rate = max(r['perSecond'] for r in runs)
        alone = host_alone(os.path.join(options.out, transport, 'host'), transport, options.n)
        print(f'{transport:<10} {best["medianMs"]:>10.3f} {best["p95Ms"]:>8.3f} {best["minMs"]:>8.3f} {rate:>8.0f}   '
              f'{alone[0]:>13.3f} / {alone[1]:.3f}')
        page_calls[transport] = min((r['pageCall'] for r in runs), key=lambda p: p['medianMs'])
        blobs[transport] = [min((r['bytes'][i] for r in runs), key=lambda b: b['bytesMs']) for i in range(len(runs[0]['bytes']))]
    print(f'\npage calls (native -> page: sample.getCartCount through callAsyncJavaScript, answered by the '
          f'page\'s implementation), N={options.n} sequential, timed natively, best of {options.repeat} runs')
    print(f'{"transport":<10} {"median ms":>10} {"p95 ms":>8} {"min ms":>8} {"max ms":>8}')
    for transport, p in page_calls.items():
        print(f'{transport:<10} {p["medianMs"]:>10.3f} {p["p95Ms"]:>8.3f} {p["minMs"]:>8.3f} {p["maxMs"]:>8.3f}')
    print('\nbytes round trips (setBlob + getBlob) against a string of the same wire length (setItem + getItem), '
          f'median of 3 in the page, best of {options.repeat} runs')
    print(f'{"transport":<10} {"size":>10} {"bytes ms":>10} {"string ms":>10} {"ratio":>7}')
    for transport, rows in blobs.items():
        for b in rows:
            print(f'{transport:<10} {b["size"]:>10} {b["bytesMs"]:>10.1f} {b["stringMs"]:>10.1f} {b["bytesMs"] / b["stringMs"]:>7.2f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
