// The ArkTS runtime's ArkWeb glue (Runtime/ArkTS/ArkWeb.ets) on the ArkWeb stand-in (arkweb.js,
// engine.js): the runtime's .ets files copied as .ts and compiled by tsc --strict against the
// kit declarations in kit/ (the real SDK declarations are checked by ../shared/arkts/check.sh),
// with GlueModule.ts, a hand-written module as the generator writes them; then each case drives
// pages, frames and the renderer and asserts what the page and the app see.
//
//   node arkweb-glue.test.js [RUNTIME_DIR]   prints one line per case and `arkweb-glue: N passed, M failed`
//                                            (exit 77 with `arkweb-glue: skipped ...` without tsc;
//                                            ARKWEB_CASE=words runs the cases whose names hold them)
'use strict';

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const arkweb = require('./arkweb.js');
const { ArkWebEngine } = require('./engine.js');
const { runCases } = require('./cases.js');
const { buildGlue, repository } = require('./glue-build.js');

const { Web, WebviewController, RenderExitReason } = arkweb;

const built = buildGlue(process.argv[2]);
if (built.skipped) {
    console.log(`arkweb-glue: skipped: ${built.skipped}`);
    process.exit(77);
}
const { BridgeArkWeb, BridgeArkWebPermission, BridgeArkWebScripts, BridgeInstallError, BridgePostOrder } = built.glue;
const { BridgeOriginPolicy } = built.session;

const APP = 'resource://rawfile/index.html';
/** Timer rounds one after another: every task the stand-in chains within them has run, however late timers fire. */
const tick = async (rounds = 10) => {
    for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setTimeout(resolve, 1));
};
const policy = ({ schemes = [], hosts = [], mainFrameOnly = true, bundled = ['resource://rawfile'] } = {}) =>
    new BridgeOriginPolicy(schemes, hosts, mainFrameOnly, bundled);
const rules = (p) => JSON.parse(BridgeArkWebPermission.json(p)).javascriptProxyPermission.urlPermissionList;
const rule = (scheme, host, port = '') => ({ scheme, host, port, path: '' });
const thrown = (fn) => {
    try {
        fn();
    } catch (error) {
        return error;
    }
    throw new assert.AssertionError({ message: 'expected a throw' });
};

const OBJECT = '__bridgegen_ohos_sample';
const hello = (callbackName) => JSON.stringify({ type: '$hello', data: {}, callbackName });

/** A `Web` whose app installs the glue in onControllerAttached and forwards onPageBegin and onRenderExited, loaded at `url`. */
async function installed({ trust = policy(), url = APP, callbackChannel, modules } = {}) {
    const controller = new WebviewController();
    const logs = [];
    const app = { controller, logs, session: undefined };
    const web = Web({ src: url, controller })
        .onControllerAttached(() => {
            app.session = BridgeArkWeb.install(controller, modules ?? [built.module.sampleModule()], trust,
                { callbackChannel, log: (line) => logs.push(line) });
        })
        .onPageBegin((event) => BridgeArkWeb.pageStarted(controller, event.url))
        .onRenderExited(() => BridgeArkWeb.renderExited(controller));
    app.web = web;
    app.engine = new ArkWebEngine(web);
    app.engine.onUncaught = () => {};
    await app.engine.attach();
    app.page = await app.engine.load(url);
    return app;
}

/** Page code: posts `text` on `object` with a `deliver` that records each frame in `window.__got`. */
const postFrom = (doc, text, object = OBJECT) => doc.evaluate(`(function (name, text) {
    var got = window.__got = window.__got || [];
    return window[name].postMessage(text, function (frame) { got.push(frame); });
})(${JSON.stringify(object)}, ${JSON.stringify(text)})`);
/** The frames a document's `deliver` received, parsed. */
const delivered = (doc) => JSON.parse(doc.evaluate('JSON.stringify(window.__got || [])')).map((frame) => JSON.parse(frame));
/**
 * Page code: posts an `echo` of each `[n, sender, seq]` (no sender: a post without an order) in
 * one task, as the client does; `deliver` records the frames. Returns the handler's `n`s so far.
 */
const postEchoes = (doc, posts, object = OBJECT) => doc.evaluate(`(function (name, posts) {
    var got = window.__got = window.__got || [];
    posts.forEach(function (post) {
        var text = JSON.stringify({ type: 'echo', data: { n: post[0] }, callbackName: 'cb_' + post[0] });
        var deliver = function (frame) { got.push(frame); };
        if (post[1] === undefined) window[name].postMessage(text, deliver);
        else window[name].postMessage(text, deliver, post[1], post[2]);
    });
})(${JSON.stringify(object)}, ${JSON.stringify(posts)})`);
/** The `n`s the module's handler ran since the last call, in order. */
const handledSince = () => built.module.handled.splice(0);
const answerOf = (doc, callbackName) => delivered(doc).find((frame) => frame.answer === callbackName);

const cases = {
    'the permission JSON for each origin-policy shape'() {
        assert.strictEqual(BridgeArkWebPermission.json(policy({ hosts: ['example.com'], bundled: [] })),
            '{"javascriptProxyPermission":{"urlPermissionList":[{"scheme":"https","host":"example.com","port":"","path":""}]}}');
        // $rawfile pages may report resource://RAWFILE: both spellings, until a device says which.
        assert.deepStrictEqual(rules(policy()), [rule('resource', 'rawfile'), rule('resource', 'RAWFILE')]);
        assert.deepStrictEqual(rules(policy({ hosts: ['Example.COM', '*.cdn.example.com', 'api.example.com'] })),
            [rule('https', 'example.com'), rule('https', 'api.example.com'), rule('resource', 'rawfile'), rule('resource', 'RAWFILE')]);
        assert.deepStrictEqual(rules(policy({ schemes: ['app'], bundled: ['app://bundle:8080', 'app://bundle:8080/'] })),
            [rule('app', 'bundle', '8080')]);
    },
    'a policy the permission list cannot hold throws BridgeInstallError saying why'() {
        const wildcard = thrown(() => BridgeArkWebPermission.json(policy({ hosts: ['*.cdn.example.com'], bundled: [] })));
        assert.ok(wildcard instanceof BridgeInstallError, String(wildcard));
        assert.match(wildcard.message, /permission list empty.*wildcard host "\*\.cdn\.example\.com" cannot be expressed.*arkts\.trustedHosts/);
        assert.match(thrown(() => rules(policy({ schemes: ['file'], bundled: [] }))).message,
            /empty.*file scheme cannot be expressed.*arkts\.bundledOrigins/);
        assert.match(thrown(() => rules(policy({ schemes: ['app'], bundled: [] }))).message,
            /scheme 'app' cannot be expressed.*app:\/\/host.*arkts\.bundledOrigins/);
        assert.match(thrown(() => rules(policy({ bundled: [] }))).message, /trusts no host and no bundled origin/);
        assert.match(thrown(() => rules(policy({ schemes: ['https'], hosts: ['example.com'] }))).message, /cannot hold 'https'/);
        assert.match(thrown(() => rules(policy({ hosts: ['exa mple.com'] }))).message, /"exa mple\.com", which is no host name/);
        // (The policy keeps scheme://host[:port] of each, so a path is gone before the glue sees it.)
        for (const bad of ['resource:rawfile', 'resource://', 'app://*.bundle', 'app://bundle:70000']) {
            assert.match(thrown(() => rules(policy({ bundled: [bad] }))).message, /arkts\.bundledOrigins holds/, bad);
        }
        assert.deepStrictEqual(BridgeArkWebPermission.unexpressed(policy({ hosts: ['a.example.com'], schemes: ['app'], bundled: ['app://x'] })), []);
    },
    'document-start rules: https hosts with wildcards, scheme:// for bundled and custom schemes, invalid ones left out'() {
        const logged = [];
        const got = BridgeArkWebScripts.rules(policy({ hosts: ['example.com', '*.cdn.example.com', '*.*.bad', 'x/y'], schemes: ['app', 'file'],
            bundled: ['resource://rawfile', 'resource://RAWFILE'] }), (line) => logged.push(line));
        assert.deepStrictEqual(got, ['https://example.com', 'https://*.cdn.example.com', 'resource://', 'app://']);
        assert.strictEqual(logged.length, 2, logged.join('\n'));
        assert.match(logged[0], /"https:\/\/\*\.\*\.bad" out/);
        for (const valid of ['*', 'https://a.b', 'http://*.a.b', 'resource://', 'app+x://']) assert.ok(BridgeArkWebScripts.isValidRule(valid), valid);
        for (const invalid of ['', 'https://', 'https://*', 'https://a.*.b', 'resource://rawfile', 'https://a.b/c', '1x://', 'example.com']) {
            assert.ok(!BridgeArkWebScripts.isValidRule(invalid), invalid);
        }
    },
    async 'install in onControllerAttached: the first page has the object, one async postMessage, answered through deliver'() {
        const { page, engine, logs } = await installed();
        assert.deepStrictEqual(JSON.parse(page.evaluate(`JSON.stringify(Object.keys(window.${OBJECT}))`)), ['postMessage']);
        const registration = engine.active.get(OBJECT);
        assert.deepStrictEqual([...registration.asyncNames], ['postMessage'], 'registered in asyncMethodList');
        assert.deepStrictEqual(registration.permission.object, [rule('resource', 'rawfile'), rule('resource', 'RAWFILE')]);
        assert.strictEqual(postFrom(page, hello('__bg_cb_1')), undefined, 'an async method returns nothing');
        assert.deepStrictEqual(delivered(page), [], 'nothing is answered within the page task');
        await tick();
        const answer = answerOf(page, '__bg_cb_1');
        assert.ok(answer, JSON.stringify(delivered(page)));
        assert.strictEqual(answer.envelope.errcode, 0, JSON.stringify(answer));
        assert.deepStrictEqual(engine.uncaught, []);
        assert.deepStrictEqual(logs, []);
    },
    async 'requests are answered to the posting frame; events reach the frames that said hello, queued until then'() {
        const { page, session, logs } = await installed({ trust: policy({ mainFrameOnly: false }) });
        const { JsonText } = built.values;
        session.emit('sample', 'ping', () => new JsonText('early'));
        const inner = page.addFrame('resource://rawfile/inner.html');
        postFrom(page, JSON.stringify({ type: 'echo', data: { n: 1 }, callbackName: '__bg_cb_1' }));
        await tick();
        assert.deepStrictEqual(answerOf(page, '__bg_cb_1').envelope, { errcode: 0, errmsg: 'ok', data: { n: 1 } });
        postFrom(page, hello('__bg_cb_2'));
        await tick();
        postFrom(inner, hello('__bg_cb_3'));
        await tick();
        session.emit('sample', 'ping', () => new JsonText('late'));
        await tick();
        const events = (doc) => delivered(doc).filter((frame) => frame.event).map((frame) => frame.event.payload);
        assert.deepStrictEqual(events(page), ['early', 'late']);
        assert.deepStrictEqual(events(inner), ['late']);
        assert.deepStrictEqual(logs, []);
    },
    async 'install refuses an unattached controller and a module installed twice; a late install says refresh'() {
        const controller = new WebviewController();
        const early = thrown(() => BridgeArkWeb.install(controller, [built.module.sampleModule()], policy()));
        assert.ok(early instanceof BridgeInstallError, String(early));
        assert.match(early.message, /17100001.*onControllerAttached/);
        const engine = new ArkWebEngine(Web({ src: APP, controller }));
        await engine.attach();
        const page = await engine.load(APP);
        const logs = [];
        BridgeArkWeb.install(controller, [built.module.sampleModule()], policy(), { log: (line) => logs.push(line) });
        assert.match(logs.join('\n'), /installed after the Web loaded "resource:\/\/rawfile\/index\.html".*refresh\(\)/);
        assert.strictEqual(page.evaluate(`typeof window.${OBJECT}`), 'undefined', 'registration takes effect at the next load');
        const twice = thrown(() => BridgeArkWeb.install(controller, [built.module.sampleModule()], policy()));
        assert.ok(twice instanceof BridgeInstallError, String(twice));
        assert.match(twice.message, /the module 'sample' is already installed on this controller/);
        controller.refresh();
        await tick();
        postFrom(engine.main, hello('__bg_cb_1'));
        await tick();
        assert.strictEqual(answerOf(engine.main, '__bg_cb_1').envelope.errcode, 0);
        BridgeArkWeb.uninstall(controller);
    },
    async 'a wildcard host: install says the list cannot hold it; its pages are refused by ArkWeb, concrete hosts served'() {
        const trust = policy({ hosts: ['*.cdn.example.com', 'www.cdn.example.com'], bundled: [] });
        const { page, logs, engine } = await installed({ trust, url: 'https://www.cdn.example.com/index.html' });
        assert.strictEqual(logs.length, 1, logs.join('\n'));
        assert.match(logs[0], /wildcard host "\*\.cdn\.example\.com" cannot be expressed.*arkts\.trustedHosts/);
        assert.deepStrictEqual(engine.active.get(OBJECT).permission.object, [rule('https', 'www.cdn.example.com')]);
        postFrom(page, hello('__bg_cb_1'));
        await tick();
        assert.strictEqual(answerOf(page, '__bg_cb_1').envelope.errcode, 0);
        const other = await engine.load('https://img.cdn.example.com/index.html');
        postFrom(other, hello('__bg_cb_2'));
        await tick();
        assert.deepStrictEqual(delivered(other), [], 'the policy trusts it, the permission list cannot');
    },
    async 'a frame outside the permission list is refused by ArkWeb: nothing reaches the glue'() {
        const { page, logs, engine } = await installed();
        const foreign = page.addFrame('https://evil.example.net/frame.html');
        assert.strictEqual(foreign.evaluate(`typeof window.${OBJECT}`), 'object', 'every frame has the object');
        postFrom(foreign, hello('__bg_cb_1'));
        await tick();
        assert.deepStrictEqual(delivered(foreign), []);
        assert.deepStrictEqual(logs, [], 'the glue never saw the call');
        assert.deepStrictEqual(engine.uncaught, []);
    },
    async 'the native re-check refuses a call read as a foreign frame: -4 through deliver, a log naming the key'() {
        // A refused call still becomes the last calling frame: the main frame's call, queued in
        // the same task, reads the foreign URL, and the glue refuses rather than trusts it.
        const { page, logs } = await installed({ trust: policy({ mainFrameOnly: false }) });
        const foreign = page.addFrame('https://evil.example.net/frame.html');
        postFrom(page, hello('__bg_cb_1'));
        postFrom(foreign, hello('__bg_cb_2'));
        await tick();
        assert.strictEqual(answerOf(page, '__bg_cb_1').envelope.errcode, -4, JSON.stringify(delivered(page)));
        assert.deepStrictEqual(delivered(foreign), []);
        assert.strictEqual(logs.length, 1, logs.join('\n'));
        assert.match(logs[0], /refused a message on 'sample' from "https:\/\/evil\.example\.net".*origin\.trustedHosts/);
    },
    async 'posts the stand-in runs in reverse reach the handler in the page order (sender and seq)'() {
        const { page, logs } = await installed();
        handledSince();
        // Without an order the stand-in's reversal shows: posts of one task reach native last first.
        postEchoes(page, ['a', 'b', 'c'].map((n) => [n]));
        await tick();
        assert.deepStrictEqual(handledSince(), ['c', 'b', 'a'], 'the stand-in reverses one task\'s calls');
        postEchoes(page, ['0', '1', '2', '3', '4'].map((n, seq) => [n, 'page-sender', seq]));
        await tick();
        assert.deepStrictEqual(handledSince(), ['0', '1', '2', '3', '4']);
        // Numbers go on across tasks; another sender (another runtime's object) has its own.
        postEchoes(page, [['5', 'page-sender', 5], ['x0', 'other', 0], ['6', 'page-sender', 6], ['x1', 'other', 1]]);
        await tick();
        assert.deepStrictEqual(handledSince().filter((n) => !n.startsWith('x')), ['5', '6']);
        assert.deepStrictEqual(delivered(page).filter((frame) => frame.answer === 'cb_4').length, 1, 'answered through deliver');
        assert.deepStrictEqual(logs, []);
    },
    async 'a gap past the bound holds nothing for long: what waits is handed over in order, the late post at once'() {
        const { page, logs, controller } = await installed();
        handledSince();
        const bound = BridgePostOrder.MAX_HELD;
        // Post 0 never comes (yet): 1 ... bound wait; one more and they all go, in order.
        const waiting = Array.from({ length: bound }, (_, i) => [String(i + 1), 's', i + 1]);
        postEchoes(page, waiting);
        await tick();
        assert.deepStrictEqual(handledSince(), [], `${bound} posts wait for post 0`);
        postEchoes(page, [[String(bound + 1), 's', bound + 1]]);
        await tick();
        assert.deepStrictEqual(handledSince(), Array.from({ length: bound + 1 }, (_, i) => String(i + 1)));
        assert.match(logs.join('\n'), new RegExp(`more than ${bound} posts .*handed over without them`));
        postEchoes(page, [[String(bound + 2), 's', bound + 2], ['0', 's', 0]]);
        await tick();
        assert.deepStrictEqual(handledSince(), ['0', String(bound + 2)], 'the skipped post goes at once, and the next in order');
        // Held posts are handed over when the page goes, and its senders' late posts go at once.
        postEchoes(page, [['held', 'next', 1]]);
        await tick();
        assert.deepStrictEqual(handledSince(), [], 'post 1 of another sender waits');
        BridgeArkWeb.pageStarted(controller);
        assert.deepStrictEqual(handledSince(), ['held'], 'pageStarted hands over what waits');
        postEchoes(page, [['late', 'next', 5]]);
        await tick();
        assert.deepStrictEqual(handledSince(), ['late'], 'a forgotten sender\'s post goes at once');
    },
    async 'a forged sender and seq from a frame the policy refuses is refused before it is held'() {
        const hosts = ['app.example.com', 'widgets.example.com'];
        const { page, logs } = await installed({ trust: policy({ hosts, mainFrameOnly: true, bundled: [] }), url: 'https://app.example.com/index.html' });
        handledSince();
        postEchoes(page, [['1', 's', 1]]);
        await tick();
        assert.deepStrictEqual(handledSince(), [], 'post 1 waits for post 0');
        // A subframe in the permission list, refused natively (mainFrameOnly), forges post 0 of the main frame's sender.
        const widget = page.addFrame('https://widgets.example.com/w.html');
        postEchoes(widget, [['forged', 's', 0]]);
        await tick();
        assert.strictEqual(answerOf(widget, 'cb_forged').envelope.errcode, -4, JSON.stringify(delivered(widget)));
        assert.deepStrictEqual(handledSince(), [], 'the forged post neither ran nor freed post 1');
        assert.match(logs.join('\n'), /"https:\/\/widgets\.example\.com", a subframe/);
        postEchoes(page, [['0', 's', 0]]);
        await tick();
        assert.deepStrictEqual(handledSince(), ['0', '1']);
    },
    async 'a trusted cross-origin subframe is refused under mainFrameOnly and answered in its own document without it'() {
        const hosts = ['app.example.com', 'widgets.example.com'];
        for (const mainFrameOnly of [true, false]) {
            const { page, logs } = await installed({ trust: policy({ hosts, mainFrameOnly, bundled: [] }), url: 'https://app.example.com/index.html' });
            const widget = page.addFrame('https://widgets.example.com/w.html');
            const same = page.addFrame('https://app.example.com/inner.html');
            postFrom(widget, hello('__bg_cb_w'));
            await tick();
            postFrom(same, hello('__bg_cb_s'));
            await tick();
            assert.deepStrictEqual(delivered(page), [], 'answers go to the posting frame only');
            assert.strictEqual(answerOf(same, '__bg_cb_s').envelope.errcode, 0, 'a same-origin frame counts as the main frame');
            assert.strictEqual(answerOf(widget, '__bg_cb_w').envelope.errcode, mainFrameOnly ? -4 : 0, `mainFrameOnly ${mainFrameOnly}`);
            if (mainFrameOnly) assert.match(logs.join('\n'), /"https:\/\/widgets\.example\.com", a subframe.*origin\.mainFrameOnly/);
            else assert.deepStrictEqual(logs, []);
        }
    },
    async 'the proxy never throws into the app: bad arguments, no deliver, a Web gone before the call runs'() {
        const { page, engine, logs } = await installed();
        page.evaluate(`window.${OBJECT}.postMessage(42, function () {})`);
        page.evaluate(`window.${OBJECT}.postMessage({ type: '$hello' })`);
        page.evaluate(`window.${OBJECT}.postMessage(${JSON.stringify(hello('__bg_cb_1'))})`);
        await tick();
        assert.strictEqual(logs.filter((line) => /not a string/.test(line)).length, 2, logs.join('\n'));
        postFrom(page, hello('__bg_cb_2'));
        engine.destroy();
        await tick();
        assert.match(logs.join('\n'), /the Web is gone \(17100001\)/);
        assert.deepStrictEqual(engine.uncaught, []);
    },
    async 'a page call runs in the main frame through runJavaScript and its $answer comes back through the proxy'() {
        const { page, session, logs } = await installed();
        page.evaluate(`window.__calls = [];
            globalThis.__bridgegen = { call: function (module, method, params) {
                window.__calls.push([module, method, params]);
                return Promise.resolve(JSON.stringify({ errcode: 0, errmsg: 'ok', data: 'hello ' + params.name }));
            } };`);
        postFrom(page, hello('__bg_cb_1'));
        await tick();
        assert.strictEqual(await built.module.greet(session, 'Ada', 5000), 'hello Ada', logs.join('\n'));
        assert.deepStrictEqual(JSON.parse(page.evaluate('JSON.stringify(window.__calls)')), [['sample', 'greet', { name: 'Ada' }]]);
        assert.deepStrictEqual(logs, []);
    },
    async 'page calls in flight fail -12 on navigation, -14 on renderer exit, -11 on uninstall'() {
        const app = await installed();
        const NEVER = 'globalThis.__bridgegen = { call: function () { return new Promise(function () {}); } };';
        const inFlight = async (end) => {
            app.engine.main.evaluate(NEVER);
            postFrom(app.engine.main, hello('__bg_cb_1'));
            await tick();
            let outcome;
            built.module.greet(app.session, 'Ada', 60000).then((value) => { outcome = { value }; }, (error) => { outcome = { code: error.code, message: error.message }; });
            await tick();
            assert.strictEqual(outcome, undefined, 'the page never answers');
            await end();
            await tick();
            return outcome;
        };
        assert.deepStrictEqual(await inFlight(() => app.engine.load(APP)), { code: -12, message: 'the page navigated away during the call' });
        assert.deepStrictEqual(await inFlight(() => app.engine.exitRenderer(RenderExitReason.ProcessCrashed)),
            { code: -14, message: 'the web content process terminated during the call' });
        assert.strictEqual(app.engine.unsettledScripts.length, 0, 'the call ran before the exit');
        await app.engine.load(APP);
        const uninstalled = await inFlight(() => BridgeArkWeb.uninstall(app.controller));
        assert.strictEqual(uninstalled.code, -11, JSON.stringify(uninstalled));
        assert.deepStrictEqual(app.engine.uncaught, []);
    },
    async 'a page call is not evaluated in a page the policy refuses; pageStarted names the page'() {
        const app = await installed();
        const foreign = await app.engine.load('https://evil.example.net/index.html');
        assert.match(app.logs.join('\n'), /the page "https:\/\/evil\.example\.net".*origin\.trustedHosts.*has no bridge/);
        const refused = thrown(() => app.session.evaluator('window.__ran = true; true'));
        assert.strictEqual(refused.code, -11, String(refused));
        assert.match(refused.message, /not one the policy trusts/);
        await tick();
        assert.strictEqual(foreign.evaluate('typeof window.__ran'), 'undefined');
    },
    async 'uninstall: the page keeps its object until it loads again, and nothing it posts is served'() {
        const { controller, page, engine, logs } = await installed();
        BridgeArkWeb.uninstall(controller);
        assert.strictEqual(BridgeArkWeb.session(controller), undefined);
        postFrom(page, hello('__bg_cb_1'));
        await tick();
        assert.deepStrictEqual(delivered(page), []);
        assert.deepStrictEqual(logs, []);
        const next = await engine.load(APP);
        assert.strictEqual(next.evaluate(`typeof window.${OBJECT}`), 'undefined', 'deleteJavaScriptRegister took the name away');
        BridgeArkWeb.uninstall(controller);
        BridgeArkWeb.install(controller, [built.module.sampleModule()], policy(), { log: (line) => logs.push(line) });
        BridgeArkWeb.uninstall(controller);
    },
    async 'two modules installed one after the other before the first load both answer, on one session'() {
        for (const callbackChannel of [undefined, 'uniBridgeCall']) {
            const controller = new WebviewController();
            const logs = [];
            const later = [];
            const sessions = [];
            const web = Web({ src: APP, controller }).onControllerAttached(() => {
                sessions.push(BridgeArkWeb.install(controller, [built.module.sampleModule()], policy(), { callbackChannel, log: (line) => logs.push(line) }));
                sessions.push(BridgeArkWeb.install(controller, [built.module.namedModule('user')], policy(), { callbackChannel, log: (line) => later.push(line) }));
            });
            const engine = new ArkWebEngine(web);
            await engine.attach();
            const page = await engine.load(APP);
            assert.strictEqual(sessions[0], sessions[1], 'one session per controller');
            assert.deepStrictEqual(sessions[0].moduleNames, ['sample', 'user']);
            const objects = callbackChannel === undefined ? ['__bridgegen_ohos_sample', '__bridgegen_ohos_user'] : ['__bridgegen_ohos_uniBridgeCall'];
            assert.deepStrictEqual([...engine.active.keys()].sort(), objects, String(callbackChannel));
            const sampleObject = objects[0];
            const userObject = objects[objects.length - 1];
            postFrom(page, JSON.stringify({ type: 'echo', data: { n: 1 }, callbackName: '__bg_cb_1' }), sampleObject);
            postFrom(page, JSON.stringify({ type: 'whoami', data: {}, callbackName: '__bg_cb_2' }), userObject);
            postFrom(page, JSON.stringify({ type: 'nothing', data: {}, callbackName: '__bg_cb_3' }), userObject);
            await tick();
            assert.deepStrictEqual(answerOf(page, '__bg_cb_1').envelope, { errcode: 0, errmsg: 'ok', data: { n: 1 } });
            assert.deepStrictEqual(answerOf(page, '__bg_cb_2').envelope, { errcode: 0, errmsg: 'ok', data: 'user' });
            assert.strictEqual(answerOf(page, '__bg_cb_3').envelope.errcode, -1, JSON.stringify(delivered(page)));
            page.evaluate(`window[${JSON.stringify(userObject)}].postMessage(42, function () {})`);
            await tick();
            assert.match(logs.join('\n'), /refused a message on '(user|uniBridgeCall)' that is not a string/, 'the first install\'s log is the glue\'s');
            assert.deepStrictEqual(later, [], 'a later install\'s log is not used');
            BridgeArkWeb.uninstall(controller);
            assert.deepStrictEqual([...engine.pending.keys()], [], 'uninstall deletes every module\'s object');
        }
    },
    async 'a later install that cannot join is refused and changes nothing: same module, other policy or channel, closed session'() {
        const app = await installed();
        const refusal = (modules, trust, options) => {
            const error = thrown(() => BridgeArkWeb.install(app.controller, modules, trust, options));
            assert.ok(error instanceof BridgeInstallError, String(error));
            return error.message;
        };
        const user = built.module.namedModule;
        assert.match(refusal([built.module.sampleModule()], policy()), /the module 'sample' is already installed on this controller/);
        assert.match(refusal([user('user'), user('user')], policy()), /two modules are named 'user'/);
        assert.match(refusal([user('user')], policy({ hosts: ['example.com'] })), /origin policy is not the one.*shares one policy/);
        assert.match(refusal([user('user')], policy(), { callbackChannel: 'uniBridgeCall' }),
            /uses the callback channel 'uniBridgeCall', the bridge on this controller the reply transport/);
        assert.deepStrictEqual(app.session.moduleNames, ['sample'], 'nothing was added');
        assert.deepStrictEqual([...app.engine.pending.keys()], [OBJECT], 'nothing was registered');
        BridgeArkWeb.install(app.controller, [user('user')], new BridgeOriginPolicy([], [], true, ['RESOURCE://rawfile']));
        assert.deepStrictEqual(app.session.moduleNames, ['sample', 'user'], 'an equal policy joins');
        app.session.close();
        assert.match(refusal([user('other')], policy()), /closed: BridgeArkWeb\.uninstall\(controller\) before installing again/);
        BridgeArkWeb.uninstall(app.controller);
        BridgeArkWeb.install(app.controller, [user('other')], policy(), { log: (line) => app.logs.push(line) });
        assert.deepStrictEqual(BridgeArkWeb.session(app.controller).moduleNames, ['other'], 'after uninstall an install starts afresh');
        BridgeArkWeb.uninstall(app.controller);
    },
    async 'a module installed after a load has its object from the next load; one module uninstalled leaves the others'() {
        const app = await installed();
        BridgeArkWeb.install(app.controller, [built.module.namedModule('user')], policy(), { log: (line) => app.logs.push(line) });
        assert.match(app.logs.join('\n'), /installed after the Web loaded "resource:\/\/rawfile\/index\.html".*refresh\(\)/);
        assert.strictEqual(app.page.evaluate('typeof window.__bridgegen_ohos_user'), 'undefined', 'registration takes effect at the next load');
        app.controller.refresh();
        await tick();
        const page = app.engine.main;
        postFrom(page, JSON.stringify({ type: 'whoami', data: {}, callbackName: '__bg_cb_1' }), '__bridgegen_ohos_user');
        postFrom(page, hello('__bg_cb_2'));
        await tick();
        assert.deepStrictEqual(answerOf(page, '__bg_cb_1').envelope, { errcode: 0, errmsg: 'ok', data: 'user' });
        assert.strictEqual(answerOf(page, '__bg_cb_2').envelope.errcode, 0);
        BridgeArkWeb.uninstall(app.controller, 'user');
        assert.deepStrictEqual(app.session.moduleNames, ['sample']);
        postFrom(page, JSON.stringify({ type: 'whoami', data: {}, callbackName: '__bg_cb_3' }), '__bridgegen_ohos_user');
        await tick();
        assert.strictEqual(answerOf(page, '__bg_cb_3').envelope.errcode, -5, 'the page keeps the object until it loads again: no handler');
        const next = await app.engine.load(APP);
        assert.strictEqual(next.evaluate('typeof window.__bridgegen_ohos_user'), 'undefined', 'its object is deleted');
        postFrom(next, hello('__bg_cb_4'));
        await tick();
        assert.strictEqual(answerOf(next, '__bg_cb_4').envelope.errcode, 0, 'the other module still answers');
        BridgeArkWeb.install(app.controller, [built.module.namedModule('user')], policy());
        assert.deepStrictEqual(app.session.moduleNames, ['sample', 'user'], 'installed again after its uninstall');
        BridgeArkWeb.uninstall(app.controller);
    },
    async 'document-start scripts run console first, then the shim bound to the callback object, where the rules say'() {
        const consoleScript = fs.readFileSync(path.join(repository, 'Runtime/JavaScript/console-forward.js'), 'utf8') + '(1000, 50);\n';
        const legacyShim = fs.readFileSync(path.join(repository, 'Runtime/JavaScript/wvjb-shim.js'), 'utf8');
        const trust = policy({ hosts: ['app.example.com', '*.cdn.example.com'] });
        const items = BridgeArkWeb.documentStartScripts(trust, 'uniBridgeCall', { console: consoleScript, legacyShim });
        assert.deepStrictEqual(items.map((item) => item.script.split('\n')[0]), ['// 1 bridgegen console', '// 2 bridgegen WebViewJavascriptBridge shim']);
        assert.deepStrictEqual(items[0].scriptRules, ['https://app.example.com', 'https://*.cdn.example.com', 'resource://']);
        assert.ok(items[1].script.endsWith('("__bridgegen_ohos_uniBridgeCall", "uniBridgeCall", "deliver");\n'));
        assert.deepStrictEqual(BridgeArkWeb.documentStartScripts(trust, undefined, { legacyShim }), [], 'no shim in the reply transport');
        const controller = new WebviewController();
        const web = Web({ src: APP, controller }).javaScriptOnDocumentStart([...items].reverse());
        assert.deepStrictEqual(arkweb.documentStartScripts(web, 'https://a.cdn.example.com/x').map((item) => item.script), items.map((item) => item.script),
            'ArkWeb runs them in the order of their text');
        assert.deepStrictEqual(arkweb.documentStartScripts(web, 'https://evil.example.net/'), []);
        assert.strictEqual(arkweb.documentStartScripts(web, APP).length, 2);
    },
    async 'console forwarding: the script finds its object; trusted frames reach the receiver, others never do'() {
        const consoleScript = fs.readFileSync(path.join(repository, 'Runtime/JavaScript/console-forward.js'), 'utf8') + '(1000, 50);\n';
        const trust = policy({ hosts: ['widgets.example.com'] });
        const controller = new WebviewController();
        const logs = [];
        const received = [];
        const web = Web({ src: APP, controller })
            .javaScriptOnDocumentStart(BridgeArkWeb.documentStartScripts(trust, undefined, { console: consoleScript }))
            .onControllerAttached(() => {
                BridgeArkWeb.install(controller, [built.module.sampleModule()], trust, {
                    log: (line) => logs.push(line),
                    console: (text, origin) => received.push([text, `${origin.scheme}://${origin.host}`, origin.isMainFrame]),
                });
            });
        const engine = new ArkWebEngine(web);
        await engine.attach();
        const page = await engine.load(APP);
        assert.deepStrictEqual([...engine.active.keys()].sort(), ['__bridgegen_bridgegenConsole', OBJECT]);
        assert.deepStrictEqual([...engine.active.get('__bridgegen_bridgegenConsole').asyncNames], [], 'registered in methodList: synchronous');
        page.evaluate("console.log = function () {}; console.log('hi', 1); console.warn('then'); console.error('last')");
        await tick();
        // In the page's order: async calls queued in one task would run in reverse on the stand-in.
        assert.deepStrictEqual(received, [
            ['{"level":"log","message":"hi 1"}', 'resource://rawfile', true],
            ['{"level":"warn","message":"then"}', 'resource://rawfile', true],
            ['{"level":"error","message":"last"}', 'resource://rawfile', true],
        ]);
        const post = 'window.__bridgegen_bridgegenConsole.postMessage(\'{"level":"log","message":"x"}\')';
        page.addFrame('https://evil.example.net/f.html').evaluate(post);
        await tick();
        assert.strictEqual(received.length, 3, 'the permission list drops a foreign frame');
        page.addFrame('https://widgets.example.com/w.html').evaluate(post);
        await tick();
        assert.strictEqual(received.length, 3, 'mainFrameOnly refuses a trusted subframe natively');
        assert.match(logs.join('\n'), /refused a console message from "https:\/\/widgets\.example\.com", a subframe/);
        BridgeArkWeb.uninstall(controller);
        assert.deepStrictEqual([...engine.pending.keys()], [], 'both objects are deleted');
    },
    async 'a legacy page calls through the shim, answered through deliver (callback transport)'() {
        const legacyShim = fs.readFileSync(path.join(repository, 'Runtime/JavaScript/wvjb-shim.js'), 'utf8');
        const trust = policy();
        const controller = new WebviewController();
        const logs = [];
        const web = Web({ src: APP, controller })
            .javaScriptOnDocumentStart(BridgeArkWeb.documentStartScripts(trust, 'uniBridgeCall', { legacyShim }))
            .onControllerAttached(() => {
                BridgeArkWeb.install(controller, [built.module.sampleModule()], trust, { callbackChannel: 'uniBridgeCall', log: (line) => logs.push(line) });
            });
        const engine = new ArkWebEngine(web);
        await engine.attach();
        const page = await engine.load(APP);
        assert.strictEqual(page.evaluate('typeof window.__bridgegen_ohos_sample'), 'undefined', 'one object in the callback transport');
        page.evaluate(`window.__answers = [];
            WebViewJavascriptBridge.callHandler('uniBridgeCall', ${JSON.stringify(built.module.legacyPayload)}, function (text) { window.__answers.push(text); });`);
        await tick();
        const answers = JSON.parse(page.evaluate('JSON.stringify(window.__answers)')).map((text) => JSON.parse(text));
        assert.strictEqual(answers.length, 1, JSON.stringify(answers) + logs.join('\n'));
        assert.strictEqual(answers[0].errcode, 0, JSON.stringify(answers));
        BridgeArkWeb.uninstall(controller);
    },
};

(async () => {
    await runCases('arkweb-glue', cases);
    fs.rmSync(built.folder, { recursive: true, force: true });
    // Page calls left unsettled on purpose (a renderer that exited) hold timers: do not wait for them.
    process.exit();
})();
