// Proves the ArkWeb stand-in (arkweb.js, engine.js) behaves as the platform is documented or read
// to behave, including the unkind parts: each case would fail if the stand-in were kinder.
//
//   node arkweb.test.js      prints one line per case and `arkweb-standin: N passed, M failed`
'use strict';

const assert = require('assert');
const { Web, WebviewController, RenderExitReason } = require('./arkweb.js');
const { ArkWebEngine } = require('./engine.js');
const { runCases } = require('./cases.js');

const APP = 'resource://rawfile/index.html';
const TRUSTED = 'https://app.example.com:8443/h5/index.html';
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const permission = (objectRules, methodList = []) => JSON.stringify({
    javascriptProxyPermission: { urlPermissionList: objectRules, methodList },
});
const rule = (scheme, host, port = '', path = '') => ({ scheme, host, port, path });

/** An ArkTS object recording what reaches it. */
class Recorder {
    constructor() { this.calls = []; }
    post(text) { this.calls.push(text); }
    version() { return 'v1'; }
    echo(value) { this.calls.push(value); return value; }
    boom() { throw new Error('handler bug'); }
}

async function started(configure = (web) => web, url = APP) {
    const controller = new WebviewController();
    const web = configure(Web({ src: url, controller }));
    const engine = new ArkWebEngine(web);
    await engine.attach();
    const page = await engine.load(url);
    return { controller, engine, page };
}

const codeOf = (fn) => { try { fn(); } catch (e) { return e.code === undefined ? e.message : e.code; } return 'no throw'; };

const cases = {
    async 'controller methods throw 17100001 before attach and after destroy'() {
        const controller = new WebviewController();
        assert.strictEqual(codeOf(() => controller.getUrl()), 17100001);
        assert.strictEqual(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', ['post'])), 17100001);
        const engine = new ArkWebEngine(Web({ src: APP, controller }));
        await engine.attach();
        assert.strictEqual(controller.getUrl(), '');
        engine.destroy();
        assert.strictEqual(codeOf(() => controller.runJavaScript('1')), 17100001);
        assert.strictEqual(codeOf(() => controller.getLastJavascriptProxyCallingFrameUrl()), 17100001);
    },
    async 'the controller refuses use off the UI thread'() {
        const { controller, engine } = await started();
        assert.match(String(codeOf(() => engine.onWorker(() => controller.getUrl()))), /off the UI thread/);
        assert.strictEqual(controller.getUrl(), APP);
    },
    async 'a proxy registered in onControllerAttached exists from the first page'() {
        const recorder = new Recorder();
        const controller = new WebviewController();
        const web = Web({ src: APP, controller }).onControllerAttached(() => {
            controller.registerJavaScriptProxy(recorder, 'bridge', ['version'], ['post'], permission([rule('resource', 'rawfile')]));
        });
        const engine = new ArkWebEngine(web);
        await engine.attach();
        const page = await engine.load(APP);
        assert.strictEqual(page.evaluate('window.bridge.version()'), 'v1');
    },
    async 'a registration after the load appears only at the next load'() {
        const { controller, page } = await started();
        controller.registerJavaScriptProxy(new Recorder(), 'bridge', ['version'], []);
        assert.strictEqual(page.evaluate('typeof window.bridge'), 'undefined');
        controller.refresh();
        await tick();
        assert.strictEqual(controller.getUrl(), APP);
        assert.strictEqual(page.alive, false, 'refresh replaced the document');
    },
    async 'refresh gives the new page the proxy'() {
        const { controller, engine } = await started();
        controller.registerJavaScriptProxy(new Recorder(), 'bridge', ['version'], []);
        const next = await engine.load(controller.getUrl());
        assert.strictEqual(next.evaluate('window.bridge.version()'), 'v1');
    },
    async 'deleteJavaScriptRegister: 17100008 when unknown; until the next load the page still reaches the object'() {
        const recorder = new Recorder();
        const { controller, engine, page } = await started((web) => web.javaScriptProxy({
            object: recorder, name: 'bridge', methodList: ['echo'], controller: web.options.controller }));
        assert.strictEqual(codeOf(() => controller.deleteJavaScriptRegister('nothing')), 17100008);
        controller.deleteJavaScriptRegister('bridge');
        assert.strictEqual(page.evaluate('typeof window.bridge.echo'), 'function');
        assert.strictEqual(page.evaluate('window.bridge.echo("x")'), 'x');
        assert.deepStrictEqual(recorder.calls, ['x']);
        const next = await engine.load(APP);
        assert.strictEqual(next.evaluate('typeof window.bridge'), 'undefined');
    },
    async 'an explicit undefined asyncMethodList or permission is 401; both lists empty registers nothing, silently'() {
        const { controller, engine } = await started();
        assert.strictEqual(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', ['post'], undefined, '')), 401);
        assert.strictEqual(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', ['post'], [], undefined)), 401);
        assert.strictEqual(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', [], [])), 'no throw');
        const next = await engine.load(APP);
        assert.strictEqual(next.evaluate('typeof window.b'), 'undefined');
    },
    async 'permission: scheme and host exact, port exact, path a prefix; a refused frame is dropped silently'() {
        const recorder = new Recorder();
        const rules = permission([rule('https', 'app.example.com', '8443', '/h5/')]);
        const { page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['echo'], controller: web.options.controller, permission: rules }), TRUSTED);
        assert.strictEqual(page.evaluate('window.bridge.echo("main")'), 'main');
        for (const url of ['https://evil.example.com:8443/h5/', 'https://app.example.com/h5/',
            'https://app.example.com:8443/other/', 'http://app.example.com:8443/h5/', 'https://sub.app.example.com:8443/h5/']) {
            const frame = page.addFrame(url);
            assert.strictEqual(typeof frame.evaluate('window.bridge.echo'), 'function', 'the object is in every frame');
            assert.strictEqual(frame.evaluate('window.bridge.echo("refused")'), undefined, url);
        }
        assert.strictEqual(page.addFrame('https://app.example.com:8443/h5/deep/x.html').evaluate('window.bridge.echo("frame")'), 'frame');
        assert.deepStrictEqual(recorder.calls, ['main', 'frame']);
    },
    async 'permission: a method list intersects the object list, it never widens it'() {
        const recorder = new Recorder();
        const rules = permission([rule('resource', 'rawfile'), rule('https', 'app.example.com')],
            [{ methodName: 'post', urlPermissionList: [rule('resource', 'rawfile'), rule('https', 'other.example.com')] }]);
        const { page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['echo', 'post'], controller: web.options.controller, permission: rules }));
        const frame = page.addFrame('https://app.example.com/x.html');
        frame.evaluate('window.bridge.post("frame post")');
        assert.strictEqual(frame.evaluate('window.bridge.echo("frame echo")'), 'frame echo');
        page.addFrame('https://other.example.com/y.html').evaluate('window.bridge.post("other post")');
        page.evaluate('window.bridge.post("main post")');
        assert.deepStrictEqual(recorder.calls, ['frame echo', 'main post']);
    },
    async 'the javaScriptProxy attribute throws nothing: a permission that is not a string means no permission'() {
        const recorder = new Recorder();
        const { page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['echo'], controller: web.options.controller, permission: { not: 'a string' } }), TRUSTED);
        assert.strictEqual(page.addFrame('https://evil.example.net/').evaluate('window.bridge.echo("evil")'), 'evil');
        const quiet = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bad', methodList: 'echo',
            controller: web.options.controller }));
        assert.strictEqual(quiet.page.evaluate('typeof window.bad'), 'undefined');
    },
    async 'permission the stand-in cannot read is refused at registration'() {
        const { controller } = await started();
        assert.match(String(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', ['post'], [], '{oops'))), /not JSON/);
        assert.match(String(codeOf(() => controller.registerJavaScriptProxy(new Recorder(), 'b', ['post'], [],
            permission([rule('https', '')])))), /empty scheme or host/);
    },
    async 'an async method returns undefined at once, runs in a later task, queued calls in no promised order'() {
        const recorder = new Recorder();
        const { page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['version'], asyncMethodList: ['post'], controller: web.options.controller }));
        assert.strictEqual(page.evaluate('window.bridge.post("1")'), undefined);
        page.evaluate('window.bridge.post("2")');
        assert.deepStrictEqual(recorder.calls, [], 'nothing ran during the page\'s call');
        await tick();
        assert.deepStrictEqual(recorder.calls, ['2', '1']);
        assert.strictEqual(page.evaluate('window.bridge.version()'), 'v1', 'a sync method returns its value');
    },
    async 'the calling frame URL is the last call received: a queued async call may read a later frame'() {
        const seen = [];
        let controller;
        const object = { post: () => seen.push(controller.getLastJavascriptProxyCallingFrameUrl()),
            sync: () => { seen.push(controller.getLastJavascriptProxyCallingFrameUrl()); return true; } };
        const started_ = await started((web) => web.javaScriptProxy({ object, name: 'bridge',
            methodList: ['sync'], asyncMethodList: ['post'], controller: web.options.controller }));
        controller = started_.controller;
        assert.strictEqual(controller.getLastJavascriptProxyCallingFrameUrl(), '');
        const frame = started_.page.addFrame('https://ads.example.net/frame.html');
        frame.evaluate('window.bridge.sync()');
        started_.page.evaluate('window.bridge.sync()');
        assert.deepStrictEqual(seen, ['https://ads.example.net/frame.html', APP]);
        started_.page.evaluate('window.bridge.post()');
        frame.evaluate('window.bridge.post()');
        await tick();
        assert.deepStrictEqual(seen.slice(2), ['https://ads.example.net/frame.html', 'https://ads.example.net/frame.html']);
    },
    async 'values cross as ArkWeb converts them: null to undefined, functions dropped, 10 levels, 10,000 entries'() {
        const recorder = new Recorder();
        const { page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['echo'], controller: web.options.controller }));
        page.evaluate(`window.bridge.echo(null);
            window.bridge.echo({ a: 1, f: function () {}, n: { m: [true, 'x'] } });
            let deep = 'leaf'; for (let i = 0; i < 12; i++) deep = { d: deep };
            window.bridge.echo(deep);
            window.bridge.echo(Array.from({ length: 10005 }, (_, i) => i));
            window.bridge.echo(new ArrayBuffer(8));`);
        const [nothing, plain, deep, long, bytes] = recorder.calls;
        assert.strictEqual(nothing, undefined);
        assert.deepStrictEqual(plain, { a: 1, n: { m: [true, 'x'] } });
        let level = 0;
        for (let node = deep; node && typeof node === 'object'; node = node.d) level += 1;
        assert.strictEqual(level, 10);
        assert.strictEqual(long.length, 10000);
        assert.deepStrictEqual(bytes, {});
    },
    async 'a page function reaches ArkTS as a function that calls its own frame later, returns nothing, and dies with its page'() {
        let deliver = null;
        const object = { post: (text, fn) => { deliver = fn; } };
        const { engine, page } = await started((web) => web.javaScriptProxy({ object, name: 'bridge',
            methodList: [], asyncMethodList: ['post'], controller: web.options.controller }));
        const frame = page.addFrame('https://app.example.com/frame.html');
        frame.evaluate('window.got = []; window.bridge.post("hi", function (text) { window.got.push(text); return 42; })');
        await tick();
        assert.strictEqual(typeof deliver, 'function');
        assert.strictEqual(deliver('{"a":1}'), undefined, 'no return value');
        assert.strictEqual(frame.evaluate('window.got.length'), 0, 'called in a later task');
        await tick();
        const got = frame.evaluate('window.got');
        assert.deepStrictEqual(Array.from(got), ['{"a":1}']);
        assert.strictEqual(page.evaluate('typeof window.got'), 'undefined', 'only the calling frame');
        await engine.load(APP);
        deliver('late');
        await tick();
        assert.deepStrictEqual(Array.from(got), ['{"a":1}'], 'nothing reaches a page that is gone');
    },
    async 'registering a name again: the next page gets the new object, the current page keeps calling the old one'() {
        const first = new Recorder();
        const second = new Recorder();
        const { controller, engine, page } = await started((web) => web.javaScriptProxy({ object: first, name: 'bridge',
            methodList: ['echo'], controller: web.options.controller }));
        controller.registerJavaScriptProxy(second, 'bridge', ['echo'], []);
        page.evaluate('window.bridge.echo("old page")');
        const next = await engine.load(APP);
        next.evaluate('window.bridge.echo("new page")');
        assert.deepStrictEqual([first.calls, second.calls], [['old page'], ['new page']]);
    },
    async 'an exception in a proxy method never reaches the page and is the app\'s uncaught error'() {
        const recorder = new Recorder();
        const { engine, page } = await started((web) => web.javaScriptProxy({ object: recorder, name: 'bridge',
            methodList: ['boom'], controller: web.options.controller }));
        engine.onUncaught = () => {};
        assert.strictEqual(page.evaluate('try { window.bridge.boom(); "returned" } catch (e) { "threw" }'), 'returned');
        assert.strictEqual(engine.uncaught.length, 1);
        assert.strictEqual(engine.uncaught[0].message, 'handler bug');
    },
    async 'runJavaScript resolves JSON text in a later task; a Promise is not awaited; a throw or no value is 17100003'() {
        const { controller, page } = await started();
        page.evaluate('window.x = 0');
        const pending = controller.runJavaScript('window.x = 1; "done"');
        assert.strictEqual(page.evaluate('window.x'), 0, 'not run during the call');
        assert.strictEqual(await pending, '"done"');
        assert.strictEqual(await controller.runJavaScript('({ a: [1, "b"] })'), '{"a":[1,"b"]}');
        assert.strictEqual(await controller.runJavaScript('Promise.resolve(5)'), '{}');
        assert.strictEqual(await controller.runJavaScript('null'), 'null');
        await assert.rejects(controller.runJavaScript('throw new Error("page bug")'), (e) => e.code === 17100003);
        await assert.rejects(controller.runJavaScript('window.x = undefined'), (e) => e.code === 17100003);
        const viaCallback = (script) => new Promise((resolve) => controller.runJavaScript(script, (error, text) => resolve([error && error.code, text])));
        assert.deepStrictEqual(await viaCallback('7'), [undefined, '7']);
        assert.deepStrictEqual(await viaCallback('void 0'), [17100003, null]);
    },
    async 'runJavaScript runs in whatever page is current when its task comes'() {
        const { controller, engine, page } = await started();
        const pending = controller.runJavaScript('window.marker = location.href; window.marker');
        const next = engine.load('https://app.example.com/next.html');
        assert.strictEqual(await pending, '"https://app.example.com/next.html"');
        assert.strictEqual(page.alive, false);
        assert.strictEqual((await next).evaluate('window.marker'), 'https://app.example.com/next.html');
    },
    async 'onRenderExited: the reason is told, the page is gone, scripts in flight never settle'() {
        const exits = [];
        const recorder = new Recorder();
        const { controller, engine, page } = await started((web) => web.onRenderExited((e) => exits.push(e.renderExitReason))
            .javaScriptProxy({ object: recorder, name: 'bridge', methodList: ['echo'], controller: web.options.controller }));
        const bridge = page.evaluate('window.bridge');
        let settled = false;
        controller.runJavaScript('1').then(() => { settled = true; }, () => { settled = true; });
        engine.exitRenderer(RenderExitReason.ProcessCrashed);
        await tick();
        assert.deepStrictEqual(exits, [2]);
        assert.strictEqual(settled, false);
        assert.strictEqual(bridge.echo('late'), undefined);
        assert.deepStrictEqual(recorder.calls, []);
        const next = await engine.load(APP);
        assert.strictEqual(next.evaluate('window.bridge.echo("again")'), 'again');
    },
    async 'document-start scripts: lexicographic order, duplicates dropped, an invalid rule voids its item, main frame only'() {
        const { page } = await started((web) => web.javaScriptOnDocumentStart([
            { script: 'window.order = (window.order || "") + "b";', scriptRules: ['resource://'] },
            { script: 'window.order = (window.order || "") + "a";', scriptRules: ['*'] },
            { script: 'window.order = (window.order || "") + "b";', scriptRules: ['https://other.example.com'] },
            { script: 'window.order = (window.order || "") + "x";', scriptRules: ['*', 'x.*.example.com'] },
            { script: 'window.order = (window.order || "") + "w";', scriptRules: ['https://*.example.com'] },
        ]).runJavaScriptOnDocumentStart([
            { script: 'window.order += "2";', scriptRules: ['*'] },
            { script: 'window.order += "1";', scriptRules: ['*'] },
        ]));
        assert.strictEqual(page.evaluate('window.order'), 'ab21');
        assert.strictEqual(page.addFrame('https://cdn.example.com/f.html').evaluate('typeof window.order'), 'undefined');
    },
    async 'the default user agent names ArkWeb, not Android or iPhone; a custom one applies at the next load'() {
        const { controller, engine, page } = await started();
        const ua = page.evaluate('navigator.userAgent');
        assert.match(ua, /ArkWeb\//);
        assert.doesNotMatch(ua, /Android|iPhone/);
        controller.setCustomUserAgent(`${controller.getUserAgent()} MyApp/1.0`);
        assert.strictEqual(page.evaluate('navigator.userAgent'), ua);
        const next = await engine.load(APP);
        assert.match(next.evaluate('navigator.userAgent'), /ArkWeb\/.* MyApp\/1\.0$/);
    },
    async 'onLoadIntercept returning true blocks the load'() {
        const { controller, engine } = await started((web) => web.onLoadIntercept((e) => e.data.getRequestUrl().startsWith('https://evil')));
        assert.strictEqual(await engine.load('https://evil.example.com/'), null);
        assert.strictEqual(controller.getUrl(), APP);
    },
};

runCases('arkweb-standin', cases);
