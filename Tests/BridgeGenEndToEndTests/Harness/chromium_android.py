#!/usr/bin/env python3
"""The conformance suite in Chromium, Android's WebView engine: the generated TypeScript client
in a real Chromium page (Debian's chromium, driven by playwright) against the generated Kotlin
on a JVM (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt: BridgeAndroid on the SDK stand-in),
or with `--platform arkts` (Chromium is ArkWeb's engine too) against the generated ArkTS under
node (Harness/arkts/ArkTSHost.ts: BridgeArkWeb on the ArkWeb stand-in).

    python3 chromium_android.py --transport reply|callback --web DIR --kotlin KOTLIN_PY --classes CLASSES
    python3 chromium_android.py --platform arkts --transport reply|callback --web DIR --host ARKTS_HOST_JS

- The page (DIR/page.html?platform=android&engine=chromium, the compiled client, conformance.js)
  is served from https://appassets.androidplatform.net, WebViewAssetLoader's origin, which the
  JVM's policy trusts as such an app's would (trustedHosts).
- What androidx.webkit injects is emulated by init scripts in the main frame, which run before
  any page script: android.js defines `window.__bridgegen_<channel>` (postMessage takes a string),
  then the frame's document-start scripts the JVM installed run (console forwarding; in the
  callback transport the legacy pages' shim), in that order.
- postMessage reaches the JVM through a binding; the JVM's reply-proxy frames and
  evaluateJavascript scripts come back through `page.evaluate` of a call that does not wait for
  them (Android's evaluateJavascript does not await Promises), in order, before the answer to
  the command they came during.
- Phases, each a new browser context: main, untrusted (a frame the rules admit that the policy
  refuses natively: the JVM's frame is a subframe, since mainFrameOnly is set), bare (no
  objects), queued (events sent before the page loaded, then across a reload), page calls (a
  call made before the page loaded; one made as the page reloads).

ArkWeb (`--platform arkts`): the page is served from the same origin (Chromium serves no
`resource:` URLs); the host's frame is its bundled page, resource://rawfile/index.html, and in the
untrusted phase a cross-origin iframe the permission list admits (android_phases.arkts_shell).
arkts.js defines `window.__bridgegen_ohos_<channel>` (`postMessage(text, deliver)`), and the
host's frames name the page function they go to.

The bytes fast path's suite runs without playwright: chromium_bytes.py.

Prints one line per case and `<platform>-chromium-<transport>: N passed, M failed`; exit status 0
when all passed.
"""
import argparse
import asyncio
import json
import mimetypes
import os
import sys
import time

from playwright.async_api import async_playwright

import android_phases as phases

HOST = 'appassets.androidplatform.net'
ORIGIN = f'https://{HOST}'
CHROMIUM = '/usr/bin/chromium'
# The emulated objects in the main frame only: injected.js and the shell's script, then the page's handle on them.
LINK = """
if (window === window.top) {
    Object.defineProperty(window, '__bgInjected', { value: %s({
        global: window,
        objects: %s,
        link: {
            post(object, text, deliver, order) { window.__bgPost(object, text, deliver === undefined ? null : deliver, order === undefined ? null : order); },
            command(fields) { return window.__bgHostCommand(fields); },
        },
    }) });
}
"""


PLATFORM = {'name': 'android'}


def log(line):
    print(f'[chromium-{PLATFORM["name"]}] {line}', flush=True)


class JVMHost:
    """The native host (AndroidHost.kt, or ArkTSHost.ts): JSON lines in; out, the frames and scripts
    for the page (in order) and each command's output line, matched by id."""

    def __init__(self, process):
        self.process = process
        self.next_id = 0
        self.pending = {}
        self.posts = set()
        self.page = None

    @classmethod
    async def start(cls, command):
        process = await asyncio.create_subprocess_exec(*command,
                                                       stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26)
        return cls(process)

    def write(self, fields):
        self.next_id += 1
        self.process.stdin.write((json.dumps(dict(fields, id=self.next_id), ensure_ascii=True) + '\n').encode())
        return self.next_id

    async def command(self, fields):
        future = asyncio.get_running_loop().create_future()
        self.pending[self.write(fields)] = future
        return await future

    def post_binary(self, name, file, length):
        """Android: an ArrayBuffer the page posted on an object, its bytes in `file` (the host deletes it)."""
        self.posts.add(self.write({'post': {'object': name, 'binaryFile': file, 'length': length}}))

    def post(self, name, text, deliver=None, order=None):
        """What the page posted on an object (ArkWeb: with its order): answered by the host like a command, not waited for."""
        post = dict({'object': name, 'text': text}, **(order or {}))
        self.posts.add(self.write({'post': dict(post, deliver=deliver) if deliver is not None else post}))

    async def read(self):
        while True:
            line = await self.process.stdout.readline()
            if not line:
                for future in self.pending.values():
                    if not future.done():
                        future.set_exception(RuntimeError('the JVM host exited'))
                return
            output = json.loads(line)
            if 'frame' in output and 'binaryFile' in output['frame']:
                await self.binary_to_page(output['frame'])
            elif 'frame' in output:
                frame = output['frame']
                await self.to_page('window.__bgInjected.frame(%s, %s, %s)' % (
                    json.dumps(frame['object']), json.dumps(frame['data'], ensure_ascii=True), json.dumps(frame.get('deliver'))))
            elif 'evaluate' in output:
                await self.to_page('window.__bgInjected.evaluate(%s)' % json.dumps(output['evaluate'], ensure_ascii=True))
            elif output.get('id') in self.posts:
                self.posts.discard(output['id'])
            else:
                future = self.pending.pop(output.get('id'), None)
                if future is None:
                    log(f'an output line no command waits for: {line[:300]!r}')
                elif not future.done():
                    future.set_result(output)

    async def binary_to_page(self, frame):
        """Android: a binary frame of the host. No page of these suites asks for them (chromium_bytes.py's
        does, and takes them itself): dropped, as a frame for a page that is gone."""
        log(f'binary frame for {frame["object"]} dropped: no page here takes binary frames')
        if os.path.exists(frame['binaryFile']):
            os.unlink(frame['binaryFile'])

    async def to_page(self, call):
        if self.page is None:
            return
        try:
            await self.page.evaluate(f'() => {{ if (window.__bgInjected) {call}; }}')
        except Exception as error:  # A page mid-navigation: the frame or script is lost, as on Android.
            log(f'not delivered ({str(error).splitlines()[0]}): {call[:120]}')


class Harness:
    def __init__(self, options, shell, host, browser):
        self.transport = options.transport
        self.web = os.path.abspath(options.web)
        self.shell = shell
        self.host = host
        self.browser = browser
        self.page_scripts = shell.page_scripts(self.web)
        self.results = []
        self.reports = None

    async def serve(self, route):
        path = route.request.url[len(ORIGIN):].split('?')[0].lstrip('/')
        file = os.path.normpath(os.path.join(self.web, path))
        if not file.startswith(self.web + os.sep) or not os.path.isfile(file):
            await route.fulfill(status=404, body=b'')
            return
        with open(file, 'rb') as f:
            body = f.read()
        mime = 'text/javascript' if file.endswith('.js') else (mimetypes.guess_type(file)[0] or 'application/octet-stream')
        await route.fulfill(status=200, content_type=mime, body=body)

    async def install(self, main_frame):
        return await self.host.command(self.shell.install(self.transport, ORIGIN, HOST, main_frame))

    async def open_page(self, installed, query, page='page.html'):
        """A new context and page whose main frame gets the installed objects and document-start scripts."""
        context = await self.browser.new_context()
        await context.route(ORIGIN + '/**', self.serve)
        await context.expose_binding('__bgPost', lambda source, name, text, deliver, order: self.host.post(name, text, deliver, order))
        await context.expose_binding('__bgHostCommand', self.host_command)
        await context.expose_binding('__bgHarness', self.harness_control)
        objects = installed['objects'] if installed else []
        for script in self.page_scripts + [LINK % (self.shell.installer, json.dumps(objects))] + (installed['scripts'] if installed else []):
            await context.add_init_script(script)
        tab = await context.new_page()
        tab.on('pageerror', lambda error: log(f'page error: {error}'))
        self.host.page = tab
        await tab.goto(f'{ORIGIN}/{page}?{query}')
        return context, tab

    async def host_command(self, source, fields):
        return await self.host.command(fields)

    async def harness_control(self, source, cmd):
        kind = cmd.get('cmd')
        if kind == 'print':
            log(cmd['text'])
        elif kind == 'done':
            self.reports.put_nowait(cmd['result'])
        return True

    async def report(self, timeout=240):
        return await asyncio.wait_for(self.reports.get(), timeout)

    async def suite_phase(self, mode):
        installed = None if mode == 'bare' else await self.install(mode == 'main')
        context, _ = await self.open_page(installed, phases.suite_query('chromium', mode, self.transport, self.shell.platform))
        self.results.append(await self.report())
        await context.close()

    async def queue_events(self):
        outputs = [await self.host.command(fields) for fields in phases.QUEUE_EVENTS]
        problem = phases.queue_problem(outputs)
        if problem:
            raise RuntimeError(problem)

    async def queued_phase(self):
        """queued.html after events queued natively, then reloaded after more (queued.js reports each load)."""
        installed = await self.install(True)
        await self.queue_events()
        context, tab = await self.open_page(installed, f'transport={self.transport}', 'queued.html')
        self.results.append(await self.report())
        await self.queue_events()
        await tab.reload()
        self.results.append(await self.report())
        await context.close()

    async def page_call_phase(self):
        """phases.PageCallPhase: the first call is made before the page exists; the second once the
        reloaded document is committed (its client implements 300 ms later)."""
        phase = phases.PageCallPhase(self.transport, log)
        installed = await self.install(True)
        await self.host.command({'terminate': True})
        started = time.time()
        first = asyncio.ensure_future(self.host.command(phases.page_call('before-load')))
        context, tab = await self.open_page(installed, 'delay=300', 'pagecall.html')
        phase.before_load(await first, time.time() - started)
        before = await self.host.command({'stats': True})
        await tab.reload(wait_until='commit')
        output = await self.host.command(phases.page_call('across'))
        phase.across_reload(output, before, await self.host.command({'stats': True}))
        self.results.append(phase.result)
        await context.close()

    async def run(self):
        self.reports = asyncio.Queue()
        for phase in [lambda: self.suite_phase('main'), lambda: self.suite_phase('untrusted'), lambda: self.suite_phase('bare'),
                      self.queued_phase, self.page_call_phase]:
            await phase()


async def main():
    parser = argparse.ArgumentParser()
    phases.shell_arguments(parser, 'android')
    options = parser.parse_args()
    PLATFORM['name'] = options.platform
    shell = phases.shell_of(parser, options)
    started = time.time()
    host = await JVMHost.start(shell.host_command)
    reader = asyncio.create_task(host.read())
    error = None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=['--no-sandbox'])
        harness = Harness(options, shell, host, browser)
        try:
            await asyncio.wait_for(harness.run(), 600)
        except Exception as failure:  # noqa: BLE001 - reported as the run's failure
            error = f'{type(failure).__name__}: {failure}'
        await browser.close()
    host.process.stdin.close()
    await host.process.wait()
    reader.cancel()
    return phases.summarize('chromium', options.transport, harness.results, error, time.time() - started, log, shell.platform)


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
