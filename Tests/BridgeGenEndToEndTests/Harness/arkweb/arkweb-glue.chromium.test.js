// The ArkTS runtime's ArkWeb glue (Runtime/ArkTS/ArkWeb.ets, compiled as glue-build.js does) with
// real Chromium documents (chromium.js): frames, the page scripts (Runtime/JavaScript) at document
// start with a real DOM, the `load` event and uncaught errors. Prints `arkweb-glue-chromium: N
// passed, M failed`, or `arkweb-glue-chromium: skipped: <what is missing>` (exit status 77).
'use strict';

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { Web, WebviewController } = require('./arkweb.js');
const { ChromiumRelay, ChromiumArkWebEngine } = require('./chromium.js');
const { runCases } = require('./cases.js');
const { buildGlue, repository } = require('./glue-build.js');

const APP = 'https://app.example.com/index.html';
const LEGACY = 'https://app.example.com/legacy.html';
const HTML = '<!DOCTYPE html><html><body><p>page</p></body></html>';
// A seed-001 page: it waits for the bridge through WVJBCallbacks and the ready event.
const LEGACY_HTML = `<!DOCTYPE html><html><body><script>
window.log = [];
document.addEventListener('WebViewJavascriptBridgeReady', function (event) {
    window.log.push('ready ' + (event.bridge === window.WebViewJavascriptBridge));
});
window.WVJBCallbacks = [function (bridge) {
    bridge.callHandler('uniBridgeCall', { type: '$hello', data: { module: 'sample' } }, function (text) { window.log.push(text); });
}];
</script></body></html>`;
const PAGES = {
    [APP]: HTML,
    [LEGACY]: LEGACY_HTML,
    'https://widgets.example.com/w.html': HTML,
    'https://evil.example.net/frame.html': HTML,
};
const script = (name) => fs.readFileSync(path.join(repository, 'Runtime/JavaScript', name), 'utf8');

/** Polls `read` (async) until `done` holds for its value, for at most 5 s; the last value. */
async function waitFor(read, done) {
    let value;
    for (let attempt = 0; attempt < 100; attempt += 1) {
        value = await read();
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return value;
}

/** Page code: posts `text` on the channel's object with a `deliver` that keeps each frame in `window.got`. */
const posting = (text) => `(function () {
    var got = window.got = window.got || [];
    window.__bridgegen_ohos_sample.postMessage(${JSON.stringify(text)}, function (frame) { got.push(JSON.parse(frame)); });
    return true;
})()`;
const hello = (callbackName) => JSON.stringify({ type: '$hello', data: {}, callbackName });

function cases(built) {
    const { BridgeArkWeb } = built.glue;
    const { BridgeOriginPolicy } = built.session;
    const policy = new BridgeOriginPolicy([], ['app.example.com', 'widgets.example.com'], true, []);

    async function started(relay, url, configure) {
        const controller = new WebviewController();
        const app = { controller, logs: [], received: [] };
        const web = configure(Web({ src: url, controller }), app).onControllerAttached(() => {
            app.session = BridgeArkWeb.install(controller, [built.module.sampleModule()], policy, {
                callbackChannel: app.callbackChannel,
                log: (line) => app.logs.push(line),
                console: (text, origin) => app.received.push(`${origin.scheme}://${origin.host} ${text}`),
            });
        });
        app.engine = new ChromiumArkWebEngine(web, relay);
        await app.engine.attach();
        app.page = await app.engine.load(url);
        return app;
    }

    return {
        async 'answers reach each posting frame through its deliver; a cross-origin frame is refused under mainFrameOnly'(relay) {
            const { page, logs } = await started(relay, APP, (web) => web);
            await page.evaluate(posting(hello('__bg_cb_1')));
            const got = await waitFor(() => page.evaluate('window.got'), (frames) => frames.length > 0);
            assert.strictEqual(got.length, 1, JSON.stringify(got));
            assert.strictEqual(got[0].answer, '__bg_cb_1');
            assert.strictEqual(got[0].envelope.errcode, 0);
            const widget = await page.addFrame('https://widgets.example.com/w.html');
            await widget.evaluate(posting(hello('__bg_cb_2')));
            const refused = await waitFor(() => widget.evaluate('window.got'), (frames) => frames.length > 0);
            assert.deepStrictEqual(refused.map((frame) => [frame.answer, frame.envelope.errcode]), [['__bg_cb_2', -4]]);
            assert.match(logs.join('\n'), /"https:\/\/widgets\.example\.com", a subframe: set origin\.mainFrameOnly/);
            const evil = await page.addFrame('https://evil.example.net/frame.html');
            await evil.evaluate(posting(hello('__bg_cb_3')));
            await new Promise((resolve) => setTimeout(resolve, 300));
            assert.deepStrictEqual(await evil.evaluate('window.got'), [], 'the permission list drops it');
            assert.strictEqual((await page.evaluate('window.got')).length, 1, 'nothing reached the main frame');
        },
        async 'a seed-001 page gets the shim at document start, its ready event and WVJBCallbacks, and its answer'(relay) {
            const { page, logs } = await started(relay, LEGACY, (web, app) => {
                app.callbackChannel = 'uniBridgeCall';
                return web.javaScriptOnDocumentStart(BridgeArkWeb.documentStartScripts(policy, 'uniBridgeCall', { legacyShim: script('wvjb-shim.js') }));
            });
            const log = await waitFor(() => page.evaluate('window.log'), (lines) => lines.length >= 2);
            assert.strictEqual(log[0], 'ready true');
            assert.strictEqual(JSON.parse(log[1]).errcode, 0, log[1] + logs.join('\n'));
            assert.strictEqual(log.length, 2, JSON.stringify(log));
        },
        async 'console forwarding from a Chromium document: console calls and uncaught errors reach the receiver'(relay) {
            const { page, received } = await started(relay, APP, (web) =>
                web.javaScriptOnDocumentStart(BridgeArkWeb.documentStartScripts(policy, undefined, { console: script('console-forward.js') + '(1000, 50);\n' })));
            await page.evaluate("console.warn('careful', { n: 1 }); setTimeout(function () { throw new Error('boom'); }, 0); true");
            // Sorted: ArkWeb does not promise the order of async calls.
            const lines = (await waitFor(async () => received, (got) => got.length >= 2)).slice().sort().reverse();
            assert.strictEqual(lines.length, 2, lines.join('\n'));
            assert.strictEqual(lines[0], 'https://app.example.com {"level":"warn","message":"careful {\\"n\\":1}"}');
            assert.match(lines[1], /^https:\/\/app\.example\.com \{"level":"error","message":"Uncaught Error: boom/);
        },
    };
}

(async () => {
    const missing = ChromiumRelay.missing();
    const built = missing === null ? buildGlue() : { skipped: `needs ${missing}` };
    if (built.skipped) {
        console.log(`arkweb-glue-chromium: skipped: ${built.skipped}`);
        process.exitCode = 77;
        return;
    }
    const relay = await ChromiumRelay.start();
    await relay.command({ op: 'pages', pages: PAGES });
    try {
        await runCases('arkweb-glue-chromium', cases(built), relay);
    } finally {
        await relay.close();
        fs.rmSync(built.folder, { recursive: true, force: true });
    }
})();
