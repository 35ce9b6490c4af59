"""The generated TypeScript client in Chromium (Android's WebView engine) against the generated
Kotlin on a JVM (Fixtures/AndroidHost.kt): playwright drives Debian's chromium, the page is served
from https://appassets.androidplatform.net (WebViewAssetLoader's origin), and the objects
androidx.webkit injects are emulated by an init script in the main frame: postMessage takes
strings, reaches the JVM through a binding, and the reply proxy's frames come back
asynchronously to 'message' listeners and onmessage. The JVM's evaluateJavascript runs the
script without awaiting it, as Android does (playwright's evaluate would await a Promise). The
frame's document-start scripts (the legacy pages' shim, in the callback transport) are init
scripts after the objects. android-page.js runs the cases in the page.

  python3 android_chromium.py TRANSPORT CLIENT_DIR CLASSES KOTLIN_PY

prints `android-chromium-<transport>: N passed, M failed`.
"""
import asyncio
import json
import mimetypes
import os
import sys

from playwright.async_api import async_playwright

ORIGIN = "https://appassets.androidplatform.net"
HERE = os.path.dirname(os.path.abspath(__file__))

# Defines each injected object; `window.__bgDeliver(name, data)` is the reply proxy's side.
OBJECTS = """
(names => {
    const deliverers = {};
    for (const name of names) {
        const listeners = [];
        const object = {
            onmessage: null,
            postMessage(text) {
                if (typeof text !== 'string') throw new TypeError('postMessage takes a string (or an ArrayBuffer)');
                window.__bgPost(name, text);
            },
            addEventListener(type, fn) { if (type === 'message' && !listeners.includes(fn)) listeners.push(fn); },
            removeEventListener(type, fn) { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); },
        };
        deliverers[name] = (data) => {
            const event = new MessageEvent('message', { data });
            for (const fn of listeners.slice()) fn.call(object, event);
            if (typeof object.onmessage === 'function') object.onmessage(event);
        };
        Object.defineProperty(window, name, { value: object, configurable: true });
    }
    Object.defineProperty(window, '__bgDeliver', { value: (name, data) => deliverers[name]?.(data) });
})(%s);
"""


class Host:
    """The JVM: commands answered by id; frames and scripts for the page handed over in order."""

    def __init__(self, process):
        self.process = process
        self.next_id = 0
        self.waiting = {}
        self.page = None

    async def command(self, fields):
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        self.process.stdin.write((json.dumps({"id": self.next_id, **fields}) + "\n").encode())
        await self.process.stdin.drain()
        return await future

    def post(self, name, text):
        self.next_id += 1
        self.process.stdin.write((json.dumps({"id": self.next_id, "post": {"object": name, "text": text}}) + "\n").encode())

    async def read(self):
        while True:
            line = await self.process.stdout.readline()
            if not line:
                return
            output = json.loads(line)
            if "frame" in output:
                if self.page:
                    await self.page.evaluate("([n, d]) => setTimeout(() => window.__bgDeliver(n, d), 0)",
                                             [output["frame"]["object"], output["frame"]["data"]])
            elif "evaluate" in output:
                if self.page:
                    # evaluateJavascript: the page's global scope, not awaited.
                    await self.page.evaluate("s => { setTimeout(() => (0, eval)(s), 0); }", output["evaluate"])
            else:
                future = self.waiting.pop(output.get("id"), None)
                if future and not future.done():
                    future.set_result(output)


async def main():
    transport, client_dir, classes, kotlin_py = sys.argv[1:5]
    process = await asyncio.create_subprocess_exec(
        "python3", kotlin_py, "run", "--cp", classes, "schemas.AndroidHostKt",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26)
    host = Host(process)
    reader = asyncio.create_task(host.read())
    installed = await host.command({"install": transport})

    files = {"/index.html": ("text/html", b"<!doctype html><meta charset=utf-8><script type=module src=/android-page.js></script>"),
             "/android-page.js": ("text/javascript", open(os.path.join(HERE, "android-page.js"), "rb").read())}
    for name in os.listdir(client_dir):
        if name.endswith(".js"):
            files["/client/" + name] = ("text/javascript", open(os.path.join(client_dir, name), "rb").read())

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = await browser.new_context()
        done = asyncio.get_running_loop().create_future()

        async def serve(route):
            path = route.request.url[len(ORIGIN):].split("?")[0]
            if path in files:
                await route.fulfill(status=200, content_type=files[path][0], body=files[path][1])
            else:
                await route.fulfill(status=404, body=b"")

        def post(source, name, text):
            # Only the main frame has the objects (the rules admit no iframe here).
            if source["frame"] == source["page"].main_frame:
                host.post(name, text)

        async def control(source, command):
            return await host.command(command)

        def finish(source, result):
            if not done.done():
                done.set_result(result)

        await context.route(ORIGIN + "/**", serve)
        await context.expose_binding("__bgPost", post)
        await context.expose_binding("__bgHost", control)
        await context.expose_binding("__bgDone", finish)
        await context.add_init_script(OBJECTS % json.dumps(installed["objects"]))
        await context.add_init_script("window.__bgTransport = %s;" % json.dumps(transport))
        for script in installed["scripts"]:
            await context.add_init_script(script)
        page = await context.new_page()
        page.on("console", lambda message: print("[page] " + message.text) if message.type in ("error", "warning") else None)
        page.on("pageerror", lambda error: print("[page error] " + str(error)))
        host.page = page
        await page.goto(ORIGIN + "/index.html")
        result = await asyncio.wait_for(done, 120)
        await browser.close()
    process.stdin.close()
    await process.wait()
    reader.cancel()
    for line in result["lines"]:
        print(line)
    print(f"android-chromium-{transport}: {result['passed']} passed, {result['failed']} failed")
    sys.exit(0 if result["failed"] == 0 and result["passed"] > 0 else 1)


asyncio.run(main())
