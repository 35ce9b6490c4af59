// The ArkWeb stand-in's behaviours with real Chromium documents (chromium.js): the page half in
// Chromium frames, the ArkTS half in node. Prints `arkweb-standin-chromium: N passed, M failed`,
// or `arkweb-standin-chromium: skipped: <what is missing>` (exit status 77).
'use strict';

const assert = require('assert');
const { Web, WebviewController } = require('./arkweb.js');
const { ChromiumRelay, ChromiumArkWebEngine } = require('./chromium.js');
const { runCases } = require('./cases.js');

const APP = 'https://app.example.com/index.html';
const HTML = '<!DOCTYPE html><html><body><p>page</p></body></html>';
const PAGES = {
    [APP]: HTML,
    'https://app.example.com/next.html': HTML,
    'https://app.example.com/frame.html': HTML,
    'https://evil.example.net/frame.html': HTML,
    'https://blocked.example.com/index.html': HTML,
    'https://app.example.com/script.html': '<!DOCTYPE html><html><body><script>window.seen = window.order;</script></body></html>',
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 150));
const PERMISSION = JSON.stringify({ javascriptProxyPermission: {
    urlPermissionList: [{ scheme: 'https', host: 'app.example.com', port: '', path: '' }] } });

/** The ArkTS side of a case: records what the async `post` got, and the calling frame's URL at entry. */
function recorder() {
    const box = { calls: [], controller: null };
    box.object = {
        post: (text, fn) => {
            box.calls.push({ text, url: box.controller.getLastJavascriptProxyCallingFrameUrl() });
            if (typeof fn === 'function') box.deliver = fn;
        },
    };
    return box;
}

async function started(relay, configure) {
    const controller = new WebviewController();
    const engine = new ChromiumArkWebEngine(configure(Web({ src: APP, controller }), controller), relay);
    await engine.attach();
    const page = await engine.load(APP);
    return { controller, engine, page };
}

const withProxy = (box, when = 'attached') => (web, controller) => {
    box.controller = controller;
    if (when === 'attached') {
        web.onControllerAttached(() => controller.registerJavaScriptProxy(box.object, 'bridge', [], ['post'], PERMISSION));
    }
    return web;
};

const cases = {
    async 'the proxy is in every frame from the first load; an async call returns undefined and runs later'(relay) {
        const box = recorder();
        const { page } = await started(relay, withProxy(box));
        assert.strictEqual(await page.evaluate('typeof window.bridge.post'), 'function');
        assert.strictEqual(await page.evaluate('String(window.bridge.post("one"))'), 'undefined');
        const frame = await page.addFrame('https://app.example.com/frame.html');
        assert.strictEqual(await frame.evaluate('typeof window.bridge.post'), 'function');
        await frame.evaluate('window.bridge.post("two")');
        await tick();
        assert.deepStrictEqual(box.calls, [{ text: 'one', url: APP }, { text: 'two', url: 'https://app.example.com/frame.html' }]);
    },
    async 'permission is matched against the calling frame\'s URL; a refused call is dropped'(relay) {
        const box = recorder();
        const { page } = await started(relay, withProxy(box));
        const evil = await page.addFrame('https://evil.example.net/frame.html');
        assert.strictEqual(await evil.evaluate('typeof window.bridge.post'), 'function');
        await evil.evaluate('window.bridge.post("evil")');
        await page.evaluate('window.bridge.post("main")');
        await tick();
        assert.deepStrictEqual(box.calls.map((call) => call.text), ['main']);
    },
    async 'a registration after the load appears at the next load (refresh)'(relay) {
        const box = recorder();
        const { controller, engine, page } = await started(relay, withProxy(box, 'later'));
        controller.registerJavaScriptProxy(box.object, 'bridge', [], ['post'], PERMISSION);
        assert.strictEqual(await page.evaluate('typeof window.bridge'), 'undefined');
        const waiting = new Promise((resolve) => engine.loading.push(resolve));
        controller.refresh();
        const next = await waiting;
        assert.strictEqual(await next.evaluate('typeof window.bridge.post'), 'function');
    },
    async 'runJavaScript: JSON text from Chromium, a Promise is not awaited, no value is 17100003'(relay) {
        const { controller } = await started(relay, (web) => web);
        assert.strictEqual(await controller.runJavaScript('"a" + "b"'), '"ab"');
        assert.strictEqual(await controller.runJavaScript('({ n: [1, true, null] })'), '{"n":[1,true,null]}');
        assert.strictEqual(await controller.runJavaScript('Promise.resolve(1)'), '{}');
        await assert.rejects(controller.runJavaScript('void 0'), (e) => e.code === 17100003);
        await assert.rejects(controller.runJavaScript('throw new Error("x")'), (e) => e.code === 17100003);
    },
    async 'a page function calls back into its own frame only, and not after its page is gone'(relay) {
        const box = recorder();
        const { engine, page } = await started(relay, withProxy(box));
        const frame = await page.addFrame('https://app.example.com/frame.html');
        await frame.evaluate('window.got = []; window.bridge.post("hello", (text) => window.got.push(text))');
        await tick();
        assert.strictEqual(box.deliver('{"frame":1}'), undefined);
        await tick();
        assert.deepStrictEqual(await frame.evaluate('window.got'), ['{"frame":1}']);
        assert.strictEqual(await page.evaluate('typeof window.got'), 'undefined');
        await engine.load('https://app.example.com/next.html');
        box.deliver('late');
        await tick();
        await assert.rejects(frame.evaluate('window.got'), /gone/);
    },
    async 'document-start scripts run before page scripts, in the main frame only, in lexicographic order'(relay) {
        const { page } = await started(relay, (web) => web.javaScriptOnDocumentStart([
            { script: 'window.order = (window.order || "") + "b";', scriptRules: ['https://app.example.com'] },
            { script: 'window.order = (window.order || "") + "a";', scriptRules: ['*'] },
        ]));
        assert.strictEqual(await page.evaluate('window.order'), 'ab');
        const scripted = await page.engine.load('https://app.example.com/script.html');
        assert.strictEqual(await scripted.evaluate('window.seen'), 'ab', 'the page\'s own script saw them');
        const frame = await scripted.addFrame('https://app.example.com/frame.html');
        assert.strictEqual(await frame.evaluate('typeof window.order'), 'undefined');
    },
    async 'onLoadIntercept returning true blocks the load'(relay) {
        const { controller, engine } = await started(relay, (web) => web.onLoadIntercept((e) => e.data.getRequestUrl().includes('blocked')));
        assert.strictEqual(await engine.load('https://blocked.example.com/index.html'), null);
        assert.strictEqual(controller.getUrl(), APP);
    },
};

(async () => {
    const missing = ChromiumRelay.missing();
    if (missing !== null) {
        console.log(`arkweb-standin-chromium: skipped: needs ${missing}`);
        process.exitCode = 77;
        return;
    }
    const relay = await ChromiumRelay.start();
    await relay.command({ op: 'pages', pages: PAGES });
    try {
        await runCases('arkweb-standin-chromium', cases, relay);
    } finally {
        await relay.close();
    }
})();
