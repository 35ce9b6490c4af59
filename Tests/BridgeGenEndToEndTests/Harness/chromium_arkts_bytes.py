#!/usr/bin/env python3
"""The bytes fast path's suite (bytes.js) on ArkWeb's engine: the generated TypeScript client in a
real Chromium page against the ArkTS host under node (Harness/arkts/ArkTSHost.ts: BridgeArkWeb on
the ArkWeb stand-in, its transfer store and WebSchemeHandler), as chromium_android.py --platform
arkts runs the conformance suite.

    python3 chromium_arkts_bytes.py --transport reply|callback --web DIR --host ARKTS_HOST_JS

- Chromium runs headless with no playwright, as the benchmark's (chromium_bench.py): playwright's
  driver reads every request body Chromium reports, and a 100 MiB upload is a message it cannot
  hold ("Cannot create a string longer than 0x1fffffe8 characters"). A loopback HTTPS server
  (loopback.py) answers for the page's origin (https://appassets.androidplatform.net) and the
  page reaches the host over it (chromium_bench.py's link), so bodies cross a real socket once,
  as they cross the engine's processes on a device, and 100 MiB crosses whole.
- The page is page.html?mode=bytes; the host's frame is its https origin (the policy trusts the
  host), so its `$hello` answers offer the path. The host advertises the test URL
  https://bridgegen-bytes.test/transfer/, answered by its scheme handler (arkweb_relay.py):
  cross-origin to the page, so Chromium sends `Origin`, preflights and enforces CORS, as it does
  for the CORS-enabled custom scheme.
- bytes.js's `tearNextUpload` goes to the host, whose next upload's body fails half way.
- One page load per phase of bytes.js (fast, small-max, fallback), each on a fresh install.

Prints one line per case and `bytes-chromium-arkts-<transport>: N passed, M failed`; exit status 0
when all passed.
"""
import argparse
import asyncio
import os
import sys
import time
import types
import urllib.parse

import android_phases as phases
from arkweb_relay import TRANSFER_URL
from chromium_android import JVMHost
from chromium_bench import Bench
from loopback import LoopbackServer

# bytes.js's control `tearNextUpload`, which the page's injected objects do not know, goes to the host.
TEAR = """
if (window === window.top && window.__bgInjected) {
    const control = window.__bgInjected.control;
    window.__bgInjected.control = (cmd) => (cmd.cmd === 'tearNextUpload' ? window.__bgHostCommand({ tearNextUpload: true }) : control(cmd));
}
"""
NAME = 'chromium-arkts-bytes'


async def run(bench, server, transport):
    """bytes.js's phases, each a fresh install and page load: the reports."""
    results = []
    names = [None]
    while names:
        phase = names.pop(0)
        query = f'platform=arkts&engine=chromium&mode=bytes&transport={transport}' \
                f'&bytesUrl={urllib.parse.quote(TRANSFER_URL, safe="")}' + (f'&phase={phase}' if phase else '')
        result = await bench.load(server, transport, query, os.path.join(bench.folder, f'profile-{len(results)}'), [TEAR], timeout=600)
        results.append(result)
        if phase is None:
            names = result.get('phases', [])[1:]
    return results


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--host', required=True, help='the compiled ArkTSHost.js')
    options = parser.parse_args()
    shell = phases.arkts_shell(options.host)
    started = time.time()
    host = await JVMHost.start(shell.host_command)
    reader = asyncio.create_task(host.read())
    bench = Bench(types.SimpleNamespace(web=options.web, repeat=0, stream_mib=0), shell, host)
    bench.name = NAME
    # A request the scheme handler fails must reach the page as a network error, not be resent.
    server = await LoopbackServer.start(bench.handle, bench.folder, keep_alive=False)
    results, error = [], None
    try:
        results = await asyncio.wait_for(run(bench, server, options.transport), 1800)
    except Exception as failure:  # noqa: BLE001 - reported as the run's failure
        error = f'{type(failure).__name__}: {failure}'
    finally:
        server.close()
        host.process.stdin.close()
        await host.process.wait()
        reader.cancel()
        bench.close()
    passed = sum(r.get('passed', 0) for r in results)
    failed = sum(r.get('failed', 0) for r in results)
    for r in results:
        for line in r.get('lines', []):
            print(f'[{NAME}] {line}', flush=True)
    if error or len(results) != 3:
        failed += 1
        print(f'[{NAME}] FAIL the run did not complete: {error or "missing phases"}', flush=True)
    print(f'[{NAME}] requests of the test URL: {bench.transfers_served}', flush=True)
    print(f'[{NAME} {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
    print(f'bytes-chromium-arkts-{options.transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
