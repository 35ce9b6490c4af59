#!/usr/bin/env python3
"""The bytes fast path's suite (bytes.js) in Chromium, the engine of Android's WebView and of
ArkWeb: the generated TypeScript client in a real Chromium page against the JVM host (Android:
AndroidHost.kt, BridgeAndroid on the SDK stand-in) or the ArkTS host under node (HarmonyOS:
Harness/arkts/ArkTSHost.ts, BridgeArkWeb on the ArkWeb stand-in, its transfer store and
WebSchemeHandler), as chromium_android.py runs the conformance suite.

    python3 chromium_bytes.py --platform android --transport reply|callback --web DIR --kotlin KOTLIN_PY --classes CLASSES
    python3 chromium_bytes.py --platform arkts --transport reply|callback --web DIR --host ARKTS_HOST_JS

- Chromium runs headless with no playwright, as the benchmark's (chromium_bench.py): playwright's
  driver reads every request body Chromium reports inside one CDP message, and a 100 MiB body is
  a message it cannot hold ("Cannot create a string longer than 0x1fffffe8 characters"). A
  loopback HTTPS server (loopback.py) answers for the page's origin
  (https://appassets.androidplatform.net, WebViewAssetLoader's) and the page reaches the host
  over it (chromium_bench.py's link), so bodies cross a real socket, as they cross the engine's
  processes on a device, and 100 MiB crosses whole.
- Android: the page's ArrayBuffers and the host's binary frames cross where android.js sends
  them (https://bridgegen-standin.test/frame/<object>, pulled from /pull/<n>), in parts.
- HarmonyOS: the host's frame is the page's https origin (the policy trusts the host), so its
  `$hello` answers offer the path. The host advertises the test URL
  https://bridgegen-bytes.test/transfer/, answered by its scheme handler (arkweb_relay.py):
  cross-origin to the page, so Chromium sends `Origin`, preflights and enforces CORS, as it does
  for the CORS-enabled custom scheme. bytes.js's `tearNextUpload` goes to the host, whose next
  upload's body fails half way.
- One page load per phase of bytes.js, each on a fresh install.

Prints one line per case and `bytes-chromium-<platform>-<transport>: N passed, M failed`; exit
status 0 when all passed.
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


async def run(bench, server, transport, platform):
    """bytes.js's phases, each a fresh install and page load: the reports."""
    results = []
    names = [None]
    while names:
        phase = names.pop(0)
        query = phases.suite_query('chromium', 'bytes', transport, platform) + (f'&phase={phase}' if phase else '')
        if platform == 'arkts':
            query += f'&bytesUrl={urllib.parse.quote(TRANSFER_URL, safe="")}'
        extra = [TEAR] if platform == 'arkts' else []
        result = await bench.load(server, transport, query, os.path.join(bench.folder, f'profile-{len(results)}'), extra, timeout=900)
        results.append(result)
        if phase is None:
            names = result.get('phases', [])[1:]
    return results


async def main():
    parser = argparse.ArgumentParser()
    phases.shell_arguments(parser)
    options = parser.parse_args()
    name = f'bytes-chromium-{options.platform}'
    shell = phases.shell_of(parser, options)
    started = time.time()
    host = await JVMHost.start(shell.host_command)
    reader = asyncio.create_task(host.read())
    bench = Bench(types.SimpleNamespace(web=options.web, repeat=0, stream_mib=0), shell, host)
    bench.name = name
    # A request the ArkWeb scheme handler fails must reach the page as a network error, not be
    # resent (Chromium resends a request whose reused connection closes unanswered).
    server = await LoopbackServer.start(bench.handle, bench.folder, keep_alive=False)
    results, error = [], None
    try:
        results = await asyncio.wait_for(run(bench, server, options.transport, options.platform), 1800)
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
            print(f'[{name}] {line}', flush=True)
    expected = len(results[0].get('phases', [])) if results else 1
    if error or len(results) != expected:
        failed += 1
        print(f'[{name}] FAIL the run did not complete: {error or "missing phases"}', flush=True)
    if options.platform == 'arkts':
        print(f'[{name}] requests of the test URL: {bench.transfers_served}', flush=True)
    print(f'[{name} {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
    print(f'{name}-{options.transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
