#!/usr/bin/env python3
"""Benchmarks/bytes_bench.py's Chromium runs: bytes-bench.js in a real Chromium page against the
JVM host (Android: AndroidHost.kt on the SDK stand-in) or the ArkTS host (HarmonyOS: ArkTSHost.ts
on the ArkWeb stand-in), with no playwright: its driver copies every request body it sees as
base64, which would be the benchmark's bottleneck. Chromium runs headless as it is, pointed at a
loopback HTTPS server (loopback.py) that answers for the page's origin
(https://appassets.androidplatform.net, as in chromium_android.py) and for the ArkWeb transfer
scheme's test URL, so every body crosses a real socket once.

    python3 chromium_bench.py --platform android --web DIR --kotlin KOTLIN_PY --classes CLASSES [--repeat R]
    python3 chromium_bench.py --platform arkts --web DIR --host ARKTS_HOST_JS [--repeat R]

What the conformance harness does through playwright's bindings and `page.evaluate` goes over
the server here, in order: the page's posts and host commands on one chain of fetches
(`/link/post`, `/link/command`), and the host's frames and scripts by a long poll
(`/link/next`), evaluated in the page as chromium_android.py evaluates them. The page is
page.html with injected.js, the shell's script, the link and the host's document-start scripts
inlined first, as init scripts would run. Controls the page sends the harness: `hostMemory` and
`webMemory` (the host's and Chromium's renderers' RSS and peak RSS, /proc), `liveItems` (a no-op:
the hosts send stream items as they make them).

The fast paths: Android's binary frames go where android.js sends them
(https://bridgegen-standin.test/frame/<object>, pulled from /pull/<n>), in parts; ArkWeb's transfers go to https://bridgegen-bytes.test/transfer/, which the
ArkTS host advertises here, run by its scheme handler (arkweb_relay.py, as in
chromium_bytes.py); bodies through temporary files, as the Swift host's are.

Prints `BENCH {json}` per page (the fast path, then base64), as webkit_harness.py does.
"""
import argparse
import asyncio
import json
import mimetypes
import os
import shutil
import sys
import tempfile
import urllib.parse

import android_phases as phases
from arkweb_relay import TRANSFER_HOST, TRANSFER_URL, scheme_request
from chromium_android import CHROMIUM, HOST, LINK, ORIGIN, JVMHost
from loopback import LoopbackServer, chromium_args
from memory import descendants_memory, process_memory

# How JVMHost writes a frame for the page: this, its arguments' JSON, ')'.
FRAME_CALL = 'window.__bgInjected.frame('
# Android's binary frames: where android.js posts the page's and pulls the host's, in parts.
STANDIN_HOST = 'bridgegen-standin.test'
PART = 16 * 1024 * 1024

# The page's end of the link: posts and commands keep the page's order on one chain; the host's
# frames and scripts arrive by a long poll and run as chromium_android.py's page.evaluate runs them.
PAGE_LINK = """
(function () {
    let chain = Promise.resolve();
    const send = (path, body, read) => (chain = chain.then(() => fetch(path, { method: 'POST', body }).then(read)));
    const json = (response) => response.json();
    window.__bgPost = (object, text, deliver, order) => { void send('/link/post', JSON.stringify({ object, text, deliver, order })); };
    window.__bgHostCommand = (fields) => send('/link/command', JSON.stringify(fields), json);
    // On the chain too: android.js's `barrier` waits for the posts before it.
    window.__bgHarness = (cmd) => send('/harness', JSON.stringify(cmd), json);
    (async function poll() {
        for (;;) {
            const calls = await fetch('/link/next').then(json);
            // Awaited: a binary frame is pulled whole before the next frame is handed over.
            for (const call of calls) {
                if (!window.__bgInjected) continue;
                if (typeof call === 'string') await (0, eval)(call);
                else window.__bgInjected.frame(...call.frame);
            }
        }
    })();
})();
"""


class Bench:
    def __init__(self, options, shell, host):
        self.options = options
        self.web = os.path.abspath(options.web)
        self.shell = shell
        self.host = host
        self.outgoing = []
        self.waiting = asyncio.Event()
        self.reports = asyncio.Queue()
        self.browser = None
        self.page = None
        self.folder = tempfile.mkdtemp(prefix='bridgegen-chromium-bench-')
        # What the page's `print` lines start with.
        self.name = 'chromium-bench'
        # Requests of the ArkWeb transfer scheme's test URL, by method.
        self.transfers_served = {}
        # Each page load's number: a long poll of an earlier page gives up what it waits for.
        self.generation = 0
        self.files = 0
        self.uploads = {}
        self.pulls = {}
        host.to_page = self.to_page
        host.binary_to_page = self.binary_to_page
        host.page = True

    def temporary_file(self):
        self.files += 1
        return os.path.join(self.folder, str(self.files))

    def close(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    async def to_page(self, call):
        # A frame goes as data, not as a script holding it: a WebView hands the page the string,
        # and V8 would keep each distinct script's source (1,024 sources of 1.4 MB in a stream).
        if call.startswith(FRAME_CALL) and call.endswith(')'):
            self.outgoing.append({'frame': json.loads('[' + call[len(FRAME_CALL):-1] + ']')})
        else:
            self.outgoing.append(call)
        self.waiting.set()

    async def binary_to_page(self, frame):
        """Android: a binary frame of the host, which the page pulls (android.js) before the next frame."""
        self.files += 1
        self.pulls[str(self.files)] = (frame['binaryFile'], frame['length'])
        await self.to_page('window.__bgAndroidBinary(%s, %s, %d)' % (
            json.dumps(frame['object']), json.dumps(f'https://{STANDIN_HOST}/pull/{self.files}'), frame['length']))

    async def handle(self, method, path, headers, body):
        """The loopback server's answer to one request."""
        host = headers.get('host', '').split(':')[0]
        if host == TRANSFER_HOST:
            self.transfers_served[method] = self.transfers_served.get(method, 0) + 1
            return await scheme_request(self.host, self.temporary_file, method, path, headers, body, f'{ORIGIN}/bench.html')
        if host == STANDIN_HOST:
            return self.standin(method, path, body)
        path = path.split('?')[0]
        if path == '/link/post':
            post = json.loads(body)
            self.host.post(post['object'], post['text'], post.get('deliver'), post.get('order'))
            return 204, {}, b''
        if path == '/link/command':
            fields = json.loads(body)
            if self.shell.platform == 'arkts' and isinstance(fields.get('transfers'), dict):
                fields = dict(fields, transfers=dict(fields['transfers'], baseUrl=TRANSFER_URL))
            return self.json(await self.host.command(fields))
        if path == '/link/next':
            generation = self.generation
            while not self.outgoing or generation != self.generation:
                if generation != self.generation:
                    return self.json([])  # the page that asked is gone: what waits is the next page's
                self.waiting.clear()
                await self.waiting.wait()
            calls, self.outgoing = self.outgoing, []
            return self.json(calls)
        if path == '/harness':
            return self.json(self.control(json.loads(body)))
        if path == '/bench.html':
            return 200, {'Content-Type': 'text/html'}, self.page
        return self.serve(path)

    def standin(self, method, path, body):
        """Android's binary frames (android.js): a part of the page's, or a part of the host's it pulls."""
        cors = {'Access-Control-Allow-Origin': ORIGIN, 'Cache-Control': 'no-store'}
        path, _, query = path.lstrip('/').partition('?')
        fields = dict(pair.split('=', 1) for pair in query.split('&') if '=' in pair)
        offset = int(fields.get('offset', '0'))
        if method == 'POST' and path.startswith('frame/'):
            name, total = urllib.parse.unquote(path[len('frame/'):]), int(fields['total'])
            if offset == 0:
                self.uploads[name] = self.temporary_file()
                open(self.uploads[name], 'wb').close()
            with open(self.uploads[name], 'r+b') as f:
                f.seek(offset)
                f.write(body)
            if offset + len(body) >= total:
                self.host.post_binary(name, self.uploads.pop(name), total)
            return 204, cors, b''
        if method == 'GET' and path.startswith('pull/') and path[len('pull/'):] in self.pulls:
            file, length = self.pulls[path[len('pull/'):]]
            with open(file, 'rb') as f:
                f.seek(offset)
                part = f.read(PART)
            if offset + PART >= length:
                del self.pulls[path[len('pull/'):]]
                os.unlink(file)
            return 200, dict(cors, **{'Content-Type': 'application/octet-stream'}), part
        return 404, cors, b''

    @staticmethod
    def json(value):
        return 200, {'Content-Type': 'application/json', 'Cache-Control': 'no-store'}, json.dumps(value, ensure_ascii=True).encode()

    def serve(self, path):
        file = os.path.normpath(os.path.join(self.web, path.lstrip('/')))
        if not file.startswith(self.web + os.sep) or not os.path.isfile(file):
            return 404, {}, b''
        with open(file, 'rb') as f:
            data = f.read()
        mime = 'text/javascript' if file.endswith('.js') else (mimetypes.guess_type(file)[0] or 'application/octet-stream')
        return 200, {'Content-Type': mime}, data

    def control(self, cmd):
        kind = cmd.get('cmd')
        if kind == 'print':
            print(f'[{self.name}] {cmd["text"]}', flush=True)
        elif kind == 'done':
            self.reports.put_nowait(cmd['result'])
        elif kind == 'hostMemory':
            return process_memory(self.host.process.pid, bool(cmd.get('reset')))
        elif kind == 'webMemory':
            return descendants_memory(self.browser.pid, lambda _, cmdline: b'--type=renderer' in cmdline, bool(cmd.get('reset')))
        elif kind != 'liveItems':
            return {'error': f'unknown control {kind}'}
        return True

    def bench_page(self, installed, extra_scripts=()):
        """page.html with what init scripts would run first: injected.js, the shell's script, the link, the host's scripts."""
        scripts = self.shell.page_scripts(self.web) + [PAGE_LINK, LINK % (self.shell.installer, json.dumps(installed['objects']))]
        scripts += list(extra_scripts) + installed['scripts']
        with open(os.path.join(self.web, 'page.html'), encoding='utf-8') as f:
            page = f.read()
        inline = ''.join('<script>%s</script>\n' % script.replace('</script', '<\\/script') for script in scripts)
        return page.replace('<head>\n', '<head>\n' + inline, 1).encode('utf-8')

    async def load(self, server, transport, query, profile, extra_scripts=(), timeout=1800):
        """A fresh install, then bench.html?query (page.html, `bench_page`) in a headless Chromium
        with its own profile; returns the page's `done` report."""
        # ArkTS: the host's frame is the page's https origin (its bundled rawfile page is offered no path).
        install = phases.install(transport, f'{ORIGIN}/bench.html', True, HOST) if self.shell.platform == 'arkts' \
            else self.shell.install(transport, ORIGIN, HOST, True)
        self.generation += 1
        self.outgoing = []
        self.waiting.set()
        installed = await self.host.command(install)
        self.page = self.bench_page(installed, extra_scripts)
        self.browser = await asyncio.create_subprocess_exec(
            CHROMIUM, '--headless', '--no-sandbox', '--no-first-run', f'--user-data-dir={profile}',
            *chromium_args([HOST, TRANSFER_HOST, STANDIN_HOST], server.port), f'{ORIGIN}/bench.html?{query}',
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        try:
            return await asyncio.wait_for(self.reports.get(), timeout)
        finally:
            self.browser.kill()
            await self.browser.wait()

    async def run_page(self, server, fast):
        query = f'mode=bytes-bench&transfers={"on" if fast else "off"}&repeat={self.options.repeat}&transport=reply' \
                f'&platform={self.shell.platform}&engine=chromium&stream={self.options.stream_mib}'
        return await self.load(server, 'reply', query, f'{self.options.profile}-{int(fast)}')


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--platform', choices=['android', 'arkts'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--kotlin', help='android: Scripts/kotlin.py')
    parser.add_argument('--classes', help='android: the compiled Kotlin, AndroidHost.kt included')
    parser.add_argument('--host', help='arkts: the compiled ArkTSHost.js')
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--paths', default='fast,base64', help='which pages: fast, base64 or both')
    # A gigabyte, as the WebKitGTK run streams: the page's stream window bounds what is in flight.
    parser.add_argument('--stream-mib', type=int, default=1024)
    # android: a JVM option for the host (-Xmx512m: the stream must fit in an app's heap)
    parser.add_argument('--jvm')
    parser.add_argument('--profile', default='/tmp/bridgegen-chromium-bench/profile')
    options = parser.parse_args()
    shell = phases.android_shell(options.kotlin, options.classes) if options.platform == 'android' else phases.arkts_shell(options.host)
    command = shell.host_command
    if options.jvm and options.platform == 'android':
        at = command.index('run') + 1
        command = command[:at] + ['--jvm', options.jvm] + command[at:]
    host = await JVMHost.start(command)
    reader = asyncio.create_task(host.read())
    bench = Bench(options, shell, host)
    server = await LoopbackServer.start(bench.handle, os.path.dirname(options.profile))
    status = 0
    try:
        for path in options.paths.split(','):
            result = await bench.run_page(server, path == 'fast')
            print('BENCH ' + json.dumps(result), flush=True)
            status |= 1 if result.get('failed') else 0
    finally:
        server.close()
        bench.close()
        host.process.stdin.close()
        await host.process.wait()
        reader.cancel()
    return status


if __name__ == '__main__':
    sys.exit(asyncio.run(main()))
