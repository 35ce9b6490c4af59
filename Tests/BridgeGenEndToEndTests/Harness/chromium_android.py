#!/usr/bin/env python3
"""The conformance suite in Chromium, Android's WebView engine: the generated TypeScript client
in a real Chromium page (Debian's chromium, driven by playwright) against the generated Kotlin
on a JVM (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt: BridgeAndroid on the SDK stand-in),
or with `--platform arkts` (Chromium is ArkWeb's engine too) against the generated ArkTS under
node (Harness/arkts/ArkTSHost.ts: BridgeArkWeb on the ArkWeb stand-in).

    python3 chromium_android.py --transport reply|callback --web DIR --kotlin KOTLIN_PY --classes CLASSES
    python3 chromium_android.py --platform arkts --transport reply|callback --web DIR --host ARKTS_HOST_JS
    python3 chromium_android.py --suite bytes --transport reply|callback --web DIR --kotlin KOTLIN_PY --classes CLASSES

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

Android's bytes path (`--suite bytes`: bytes.js's Android phases, each a page load of
page.html?mode=bytes, docs/WIRE.md "Bytes at platform speed (Android)"): playwright's bindings turn
typed arrays into lists of ints, so ArrayBuffers cross through `context.route` on
https://bridgegen-standin.test/ instead. The page's `postMessage(ArrayBuffer)` POSTs a copy to
`frame/<object>`, in parts of at most 16 MiB (playwright's driver reads a CDP message as one node
string, whose limit a 100 MiB body, base64 in it, exceeds); the bodies (`post_data_buffer`) go to a
temporary file and, once whole, the JVM host posts its bytes from the frame (`post` with
`binaryFile`). The host's binary frames come as files too: the page pulls each in parts (`GET
pull/<n>?offset=`, `route.fulfill`) and the next frame waits until it has. Every step is base64
inside playwright and CDP at least once: this measures correctness, not speed.
Prints `bytes-chromium-android-<transport>: N passed, M failed`.

Prints one line per case and `<platform>-chromium-<transport>: N passed, M failed`; exit status 0
when all passed.
"""
import argparse
import asyncio
import json
import mimetypes
import os
import sys
import tempfile
import time

from playwright.async_api import async_playwright

import android_phases as phases

HOST = 'appassets.androidplatform.net'
ORIGIN = f'https://{HOST}'
CHROMIUM = '/usr/bin/chromium'
# Android's bytes path: where the page's ArrayBuffers and the host's binary frames cross (android.js).
STANDIN = 'https://bridgegen-standin.test/'
PART = 16 * 1024 * 1024
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
        # Android's binary frames waiting for the page's pull, by number.
        self.files = {}
        self.pulls = 0

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
        """Android: a binary frame of the host, which the page pulls before the next frame goes (its order)."""
        self.pulls += 1
        self.files[str(self.pulls)] = frame['binaryFile']
        url = f'{STANDIN}pull/{self.pulls}'
        if self.page is None:
            os.unlink(self.files.pop(str(self.pulls)))
            return
        try:
            await self.page.evaluate('([name, url, length]) => window.__bgAndroidBinary(name, url, length)', [frame['object'], url, frame['length']])
        except Exception as error:  # A page mid-navigation: the frame is lost, as on Android.
            log(f'binary frame not delivered ({str(error).splitlines()[0]})')
        path = self.files.pop(str(self.pulls), None)
        if path and os.path.exists(path):
            os.unlink(path)

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
        # Android: the page's binary frame being uploaded in parts, per object: its temporary file.
        self.uploads = {}

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
        if self.shell.platform == 'android':
            await context.route(STANDIN + '**', self.standin)
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

    async def standin(self, route):
        """Android's ArrayBuffers: a page's POST of one (to the host, from its file) or its pull of the host's."""
        request = route.request
        cors = {'Access-Control-Allow-Origin': ORIGIN, 'Cache-Control': 'no-store'}
        path, _, query = request.url[len(STANDIN):].partition('?')
        fields = dict(pair.split('=', 1) for pair in query.split('&') if '=' in pair)
        if request.method == 'POST' and path.startswith('frame/'):
            offset, total = int(fields['offset']), int(fields['total'])
            body = request.post_data_buffer if total > 0 else b''
            if body is None:
                # CDP may leave a long body out; never guess its bytes.
                log(f'FAIL a part of a binary frame of the page arrived without its body ({request.headers.get("content-length")} bytes)')
                await route.fulfill(status=500, headers=cors, body=b'no body')
                return
            name = path[len('frame/'):]
            if offset == 0:
                fd, file = tempfile.mkstemp(prefix='bridgegen-page-frame-')
                os.close(fd)
                self.uploads[name] = file
            file = self.uploads[name]
            with open(file, 'r+b') as f:
                f.seek(offset)
                f.write(body)
            if offset + len(body) >= total:
                del self.uploads[name]
                self.host.post_binary(name, file, total)
            await route.fulfill(status=204, headers=cors)
        elif request.method == 'GET' and path.startswith('pull/'):
            file = self.host.files.get(path[len('pull/'):])
            if file is None:
                await route.fulfill(status=404, headers=cors, body=b'')
                return
            with open(file, 'rb') as f:
                f.seek(int(fields.get('offset', '0')))
                body = f.read(PART)
            await route.fulfill(status=200, headers=dict(cors, **{'Content-Type': 'application/octet-stream'}), body=body)
        else:
            await route.fulfill(status=405, headers=cors, body=b'')

    async def bytes_phases(self):
        """bytes.js's Android phases: each a new context whose install the page's first host command redoes with its transfers."""
        phase, names = None, None
        while names is None or phase is not None:
            installed = await self.install(True)
            query = phases.suite_query('chromium', 'bytes', self.transport, 'android') + (f'&phase={phase}' if phase else '')
            context, _ = await self.open_page(installed, query)
            result = await self.report(timeout=900)
            self.results.append(result)
            await context.close()
            names = names if names is not None else result.get('phases', [])[1:]
            phase = names.pop(0) if names else None

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
    parser.add_argument('--platform', choices=['android', 'arkts'], default='android')
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--kotlin', help='android: Scripts/kotlin.py')
    parser.add_argument('--classes', help='android: the compiled Kotlin, AndroidHost.kt included')
    parser.add_argument('--host', help='arkts: the compiled ArkTSHost.js')
    parser.add_argument('--suite', choices=['conformance', 'bytes'], default='conformance', help='android: bytes.js instead of conformance.js')
    options = parser.parse_args()
    if options.platform == 'android' and not (options.kotlin and options.classes):
        parser.error('--kotlin and --classes are required')
    if options.platform == 'arkts' and not options.host:
        parser.error('--host is required')
    PLATFORM['name'] = options.platform
    shell = phases.android_shell(options.kotlin, options.classes) if options.platform == 'android' else phases.arkts_shell(options.host)
    started = time.time()
    host = await JVMHost.start(shell.host_command)
    reader = asyncio.create_task(host.read())
    error = None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=['--no-sandbox'])
        harness = Harness(options, shell, host, browser)
        try:
            if options.suite == 'bytes':
                harness.reports = asyncio.Queue()
                await asyncio.wait_for(harness.bytes_phases(), 1500)
            else:
                await asyncio.wait_for(harness.run(), 600)
        except Exception as failure:  # noqa: BLE001 - reported as the run's failure
            error = f'{type(failure).__name__}: {failure}'
        await browser.close()
    host.process.stdin.close()
    await host.process.wait()
    reader.cancel()
    if options.suite == 'bytes':
        return summarize_bytes(options.transport, harness.results, error, time.time() - started)
    return phases.summarize('chromium', options.transport, harness.results, error, time.time() - started, log, shell.platform)


def summarize_bytes(transport, results, error, seconds):
    """Android's bytes suite: the failures again and `bytes-chromium-android-<transport>: N passed, M failed`."""
    passed = sum(r.get('passed', 0) for r in results)
    failed = sum(r.get('failed', 0) for r in results)
    for line in (line for r in results for line in r.get('lines', []) if line.startswith('FAIL')):
        log(line)
    expected = len(results[0].get('phases', [])) if results else 1
    if error or len(results) != expected:
        failed += 1
        log(f'FAIL the run did not complete: {error or "missing phases"}')
    print(f'[bytes-chromium-android {transport}] {passed} passed, {failed} failed ({seconds:.1f} s)', flush=True)
    print(f'bytes-chromium-android-{transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
