#!/usr/bin/env python3
"""The browser half of the ArkWeb stand-in: a real Chromium (ArkWeb's engine, Debian's chromium
driven by playwright) under the node half (chromium.js, which runs the ArkTS side). JSON lines on
stdin and stdout.

    python3 chromium_arkweb.py        (started by chromium.js)

- Documents come from pages node registered (`pages`), served by a route; each document gets
  arkweb-page.js as its first script with the registrations its load took. A main-frame document
  is asked of node first (`navigate`: node applies the registrations made since the last load,
  runs onLoadIntercept and onPageBegin, and names the main frame's document-start scripts);
  an iframe's document takes the current page's registrations and no document-start scripts.
- A page's proxy call reaches node with the calling frame's URL as Chromium reports it.
- Node's commands: `goto`, `evaluate` (the completion value's JSON text, in one document's
  global scope), `addFrame`, `callFn` (a page function, in its own document only), `close`.
"""
import asyncio
import json
import os
import sys

from playwright.async_api import async_playwright

CHROMIUM = '/usr/bin/chromium'
HERE = os.path.dirname(os.path.abspath(__file__))
EVALUATE = """([doc, source]) => {
    if (window.__arkwebDocId !== doc) return { gone: true };
    try { const text = JSON.stringify((0, eval)(source)); return { text: text === undefined ? null : text }; }
    catch (error) { return { error: String(error) }; }
}"""
CALL_FN = """([doc, id, args]) => {
    if (window.__arkwebDocId !== doc || !window.__arkwebFns.has(id)) return;
    window.__arkwebFns.get(id)(...args);
}"""


class Relay:
    def __init__(self, context, page):
        self.context = context
        self.page = page
        self.pages = {}
        self.frames = {}
        self.snapshot = {'registrations': [], 'scripts': []}
        self.next_doc = 0
        self.next_id = 0
        self.waiting = {}
        with open(os.path.join(HERE, 'arkweb-page.js'), encoding='utf-8') as f:
            self.page_js = f.read()

    def send(self, fields):
        sys.stdout.write(json.dumps(fields) + '\n')
        sys.stdout.flush()

    async def ask(self, fields):
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        self.send(dict(fields, ask=self.next_id))
        return await future

    async def serve(self, route):
        request = route.request
        url = request.url
        body = self.pages.get(url.split('#')[0])
        if body is None:
            await route.fulfill(status=404, body='')
            return
        if request.resource_type != 'document':
            await route.fulfill(status=200, content_type='text/javascript', body=body)
            return
        frame = request.frame
        self.next_doc += 1
        doc = self.next_doc
        if frame.parent_frame is None:
            answer = await self.ask({'navigate': url, 'doc': doc})
            if answer.get('blocked'):
                await route.abort()
                return
            self.snapshot = {'registrations': answer['registrations'], 'scripts': answer['scripts']}
            scripts = answer['scripts']
        else:
            self.send({'event': 'frame', 'doc': doc, 'url': url})
            scripts = []
        self.frames[doc] = frame
        head = '<script>%s\n__bgArkWebInstall(%d, %s, %s);</script>' % (
            self.page_js, doc, json.dumps(self.snapshot['registrations']), json.dumps(scripts))
        await route.fulfill(status=200, content_type='text/html', body=head + body)

    async def command(self, fields):
        op = fields['op']
        if op == 'pages':
            self.pages.update(fields['pages'])
            return {}
        if op == 'goto':
            await self.page.goto(fields['url'])
            return {}
        if op == 'evaluate':
            frame = self.frames.get(fields['doc'])
            if frame is None:
                return {'gone': True}
            try:
                return await frame.evaluate(EVALUATE, [fields['doc'], fields['source']])
            except Exception as error:  # noqa: BLE001 - a frame that went away mid-call
                return {'gone': True, 'why': str(error).splitlines()[0]}
        if op == 'addFrame':
            parent = self.frames[fields['parent']]
            before = set(self.frames)
            await parent.evaluate("""(url) => new Promise((resolve) => {
                const frame = document.createElement('iframe');
                frame.onload = () => resolve(); frame.src = url; document.body.appendChild(frame); })""", fields['url'])
            added = [doc for doc in self.frames if doc not in before]
            return {'doc': added[-1] if added else None}
        if op == 'callFn':
            frame = self.frames.get(fields['doc'])
            if frame is not None:
                try:
                    await frame.evaluate(CALL_FN, [fields['doc'], fields['fn'], fields['args']])
                except Exception:  # noqa: BLE001 - a page that is gone gets nothing, as on ArkWeb
                    pass
            return {}
        raise ValueError(f'unknown op {op}')

    async def run_command(self, fields):
        try:
            result = await self.command(fields)
        except Exception as error:  # noqa: BLE001 - reported to node, which fails its case
            result = {'failed': f'{type(error).__name__}: {error}'}
        if 'id' in fields:
            self.send(dict(result, id=fields['id']))

    async def read(self):
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while True:
            line = await reader.readline()
            if not line:
                return
            fields = json.loads(line)
            if 'answer' in fields:
                future = self.waiting.pop(fields['answer'], None)
                if future is not None and not future.done():
                    future.set_result(fields)
            elif fields.get('op') == 'close':
                return
            else:
                asyncio.ensure_future(self.run_command(fields))


async def main():
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=['--no-sandbox'])
        context = await browser.new_context()
        page = await context.new_page()
        relay = Relay(context, page)
        await context.route('**/*', relay.serve)
        await context.expose_binding('__arkwebPost', lambda source, payload: relay.send(
            {'event': 'call', 'url': source['frame'].url, 'payload': payload}))
        page.on('load', lambda _: relay.send({'event': 'pageEnd', 'url': page.url}))
        page.on('pageerror', lambda error: sys.stderr.write(f'page error: {error}\n'))
        relay.send({'event': 'ready'})
        await relay.read()
        await browser.close()


if __name__ == '__main__':
    asyncio.run(main())
