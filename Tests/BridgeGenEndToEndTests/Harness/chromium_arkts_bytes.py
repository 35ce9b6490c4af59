#!/usr/bin/env python3
"""The bytes fast path's suite (bytes.js) on ArkWeb's engine: the generated TypeScript client in a
real Chromium page against the ArkTS host under node (Harness/arkts/ArkTSHost.ts: BridgeArkWeb on
the ArkWeb stand-in, its transfer store and WebSchemeHandler), as chromium_android.py --platform
arkts runs the conformance suite.

    python3 chromium_arkts_bytes.py --transport reply|callback --web DIR --host ARKTS_HOST_JS

- The page (page.html?mode=bytes) is served from https://appassets.androidplatform.net, and the
  host's frame is that origin (the policy trusts the host), so its `$hello` answers offer the path.
- A desktop Chromium cannot fetch `bridgegen-bytes:`, so the host advertises the test-only base URL
  https://bridgegen-bytes.test/transfer/ (the store's `baseUrl`). It is cross-origin to the page:
  Chromium sends `Origin`, preflights what is not simple and enforces CORS on the answers, as it
  does for the CORS-enabled custom scheme. `context.route` relays each request of it to the
  host's stand-in engine, which runs it through the handler the glue set (`scheme` command): the
  body through a temporary file (playwright carries it base64 over the driver: fine for
  conformance, not a benchmark), the handler's status, headers and body back through
  `route.fulfill`, its `didFail` as a network error (`route.abort`).
- bytes.js's `tearNextUpload` goes to the host, whose next upload's body fails half way.
- One page load per phase of bytes.js (fast, small-max, fallback), each on a fresh install.

Prints one line per case and `bytes-chromium-arkts-<transport>: N passed, M failed`; exit status 0
when all passed.
"""
import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import urllib.parse

from playwright.async_api import async_playwright

import android_phases as phases
import chromium_android
from chromium_android import CHROMIUM, HOST, LINK, ORIGIN, Harness, JVMHost

BYTES_URL = 'https://bridgegen-bytes.test/transfer/'
# playwright 1.65's driver fails on a 100 MiB body either way (a base64 string over node's limit,
# "Cannot create a string longer than 0x1fffffe8 characters"); 64 MiB crosses, so bytes.js's
# largest value is 64 MiB here.
LARGEST = 64 * 1024 * 1024
# bytes.js's control `tearNextUpload`, which the page's injected objects do not know, goes to the host.
TEAR = """
if (window === window.top && window.__bgInjected) {
    const control = window.__bgInjected.control;
    window.__bgInjected.control = (cmd) => (cmd.cmd === 'tearNextUpload' ? window.__bgHostCommand({ tearNextUpload: true }) : control(cmd));
}
"""


def log(line):
    print(f'[chromium-arkts-bytes] {line}', flush=True)


class BytesHarness(Harness):
    def __init__(self, options, shell, host, browser):
        super().__init__(options, shell, host, browser)
        self.folder = tempfile.mkdtemp(prefix='bridgegen-arkts-bytes-')
        self.files = 0
        self.served = {}

    def temporary_file(self):
        self.files += 1
        return os.path.join(self.folder, str(self.files))

    async def relay(self, route):
        """One request of the test base URL, run by the host's scheme handler."""
        request = route.request
        body = request.post_data_buffer
        method = request.method
        self.served[method] = self.served.get(method, 0) + 1
        headers = await request.all_headers()
        fields = {'method': method, 'url': request.url, 'frameUrl': request.frame.url if request.frame else '',
                  'headers': {name.title(): value for name, value in headers.items() if name.lower() == 'origin'}}
        if method == 'POST':
            if body is None:
                # The driver left the body out (CDP may for long bodies): say so, never guess.
                log(f'FAIL no request body for {request.url} from playwright')
                await route.abort('failed')
                return
            fields['file'] = self.temporary_file()
            with open(fields['file'], 'wb') as f:
                f.write(body)
        fields['out'] = self.temporary_file()
        try:
            output = (await self.host.command({'scheme': fields}))['http']
        finally:
            if 'file' in fields:
                os.unlink(fields['file'])
        if 'failed' in output:
            await route.abort('failed')
            return
        payload = b''
        if os.path.exists(fields['out']):
            with open(fields['out'], 'rb') as f:
                payload = f.read()
            os.unlink(fields['out'])
        else:
            payload = output.get('body', '').encode('utf-8')
        await route.fulfill(status=output['status'], headers=output['headers'], body=payload)

    async def host_command(self, source, fields):
        # The page's `transfers` line gets the test base URL the host then advertises.
        if isinstance(fields.get('transfers'), dict):
            fields = dict(fields, transfers=dict(fields['transfers'], baseUrl=BYTES_URL))
        return await self.host.command(fields)

    async def open_bytes_page(self, installed, query):
        context = await self.browser.new_context()
        await context.route(ORIGIN + '/**', self.serve)
        await context.route(BYTES_URL + '**', self.relay)
        await context.expose_binding('__bgPost', lambda source, name, text, deliver, order: self.host.post(name, text, deliver, order))
        await context.expose_binding('__bgHostCommand', self.host_command)
        await context.expose_binding('__bgHarness', self.harness_control)
        for script in self.page_scripts + [LINK % (self.shell.installer, json.dumps(installed['objects'])), TEAR] + installed['scripts']:
            await context.add_init_script(script)
        tab = await context.new_page()
        tab.on('pageerror', lambda error: log(f'page error: {error}'))
        self.host.page = tab
        await tab.goto(f'{ORIGIN}/page.html?{query}')
        return context

    async def run(self):
        self.reports = asyncio.Queue()
        names = [None]
        while names:
            phase = names.pop(0)
            installed = await self.host.command(phases.install(self.transport, f'{ORIGIN}/page.html', True, HOST))
            query = f'platform=arkts&engine=chromium&mode=bytes&transport={self.transport}&bytesUrl={urllib.parse.quote(BYTES_URL, safe="")}&largest={LARGEST}'
            context = await self.open_bytes_page(installed, query + (f'&phase={phase}' if phase else ''))
            result = await self.report(timeout=600)
            self.results.append(result)
            await context.close()
            if phase is None:
                names = result.get('phases', [])[1:]


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--host', required=True, help='the compiled ArkTSHost.js')
    options = parser.parse_args()
    chromium_android.PLATFORM['name'] = 'arkts-bytes'
    shell = phases.arkts_shell(options.host)
    started = time.time()
    host = await JVMHost.start(shell.host_command)
    reader = asyncio.create_task(host.read())
    error = None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=['--no-sandbox'])
        harness = BytesHarness(options, shell, host, browser)
        try:
            await asyncio.wait_for(harness.run(), 1800)
        except Exception as failure:  # noqa: BLE001 - reported as the run's failure
            error = f'{type(failure).__name__}: {failure}'
        await browser.close()
    host.process.stdin.close()
    await host.process.wait()
    reader.cancel()
    os.rmdir(harness.folder)
    passed = sum(r.get('passed', 0) for r in harness.results)
    failed = sum(r.get('failed', 0) for r in harness.results)
    for r in harness.results:
        for line in r.get('lines', []):
            log(line)
    if error or len(harness.results) != 3:
        failed += 1
        log(f'FAIL the run did not complete: {error or "missing phases"}')
    log(f'requests relayed: {harness.served}')
    print(f'[chromium-arkts-bytes {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
    print(f'bytes-chromium-arkts-{options.transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
