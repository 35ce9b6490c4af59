// The generated client on HarmonyOS (a `proxy` port), in the pages of the ArkWeb stand-in
// (Tests/BridgeGenEndToEndTests/Harness/arkweb): `node --experimental-vm-modules arkweb.mjs
// <reply|callback>` runs every case and prints `arkweb-client-<transport>: N passed, M failed`
// (exit status 1 when one failed). ArkWebClientTests compiles the client for it into
// $BRIDGEGEN_TS_BUILD/<transport>/ with a HarmonyOS row after the registry's shells:
// `{ platform: 'HarmonyOS', path: ['__bridgegen_ohos_{channel}'], port: 'proxy' }`.
//
// The client's modules run inside the stand-in's documents (vm contexts, loaded as ES modules by
// vm.SourceTextModule), so the objects the engine injects, the permission list, the reversed
// order of async calls and the page functions ArkWeb hands to ArkTS are the stand-in's. The
// native side is written here as the ArkTS glue answers (the Kotlin glue's frames, docs/WIRE.md
// "Android"): one object per channel, `window.__bridgegen_ohos_<channel>`, registered in
// onControllerAttached with one async method `postMessage(text, deliver, sender, seq)` (the
// post's order, recorded here: the glue's reordering is tested in arkweb-glue.test.js); every frame goes back
// as JSON text through `deliver`: answers and stream items through the deliver of the post they
// answer, events through the one kept from the module's `$hello`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { caseList } from './cases.mjs';

const require = createRequire(import.meta.url);
const standIn = '../../BridgeGenEndToEndTests/Harness/arkweb/';
const { Web, WebviewController, Document } = require(standIn + 'arkweb.js');
const { ArkWebEngine } = require(standIn + 'engine.js');

const transport = process.argv[2];
if (transport !== 'reply' && transport !== 'callback') throw new Error('usage: node --experimental-vm-modules arkweb.mjs <reply|callback>');
if (!process.env.BRIDGEGEN_TS_BUILD) throw new Error('BRIDGEGEN_TS_BUILD is not set: run ArkWebClientTests');
const build = path.join(process.env.BRIDGEGEN_TS_BUILD, transport);

const APP = 'resource://rawfile/index.html';
const PREFIX = '__bridgegen_ohos_';
const channelOf = (module) => (transport === 'reply' ? module : 'uniBridgeCall');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds (the stand-in's calls and page functions each take a task). */
async function until(condition, what) {
    for (let i = 0; i < 500 && !condition(); i++) await sleep(2);
    assert.ok(condition(), `timed out waiting for ${what}`);
}

/**
 * One copy of the compiled client in a document: its files as ES modules of the document's realm
 * (`entry`'s graph; a second call loads a second copy, as a page bundling two clients does).
 */
async function loadClient(doc, entries = ['index.js']) {
    // Browser globals the stand-in's documents leave out (they model ArkWeb's bridge, not the web platform).
    for (const [name, value] of Object.entries({ AbortController, TextDecoder, TextEncoder })) {
        if (doc.window[name] === undefined) doc.window[name] = value;
    }
    const modules = new Map();
    const load = (file) => {
        if (!modules.has(file)) {
            modules.set(file, new vm.SourceTextModule(fs.readFileSync(path.join(build, file), 'utf8'), { context: doc.context, identifier: file }));
        }
        return modules.get(file);
    };
    const linker = (specifier, referencing) => load(path.posix.join(path.posix.dirname(referencing.identifier), specifier));
    const namespaces = [];
    for (const entry of entries) {
        const module = load(entry);
        await module.link(linker);
        await module.evaluate();
        namespaces.push(module.namespace);
    }
    // The app was generated from the same schemas: its capabilities answer carries the same fingerprint.
    fingerprints.sample = namespaces[0].sample?.fingerprint;
    return entries.length === 1 ? namespaces[0] : namespaces;
}

/** The wire fingerprint of `sample` as the compiled client has it (the capabilities answer carries the app's). */
const fingerprints = {};

/** The native side, as the generated ArkTS glue answers (harmony design, sections 1-4). */
class ArkTSNative {
    constructor(controller, { trustedHosts = [], mainFrameOnly = true } = {}) {
        this.controller = controller;
        this.trustedHosts = trustedHosts;
        this.mainFrameOnly = mainFrameOnly;
        this.received = [];
        this.sent = [];
        this.hellos = new Map();
        this.queues = new Map();
        this.store = new Map([['k', 'v']]);
    }

    /** Registers one object per channel, as `install` does in onControllerAttached: five arguments, an object-level list. */
    install() {
        const rules = [{ scheme: 'resource', host: 'rawfile', port: '', path: '' }]
            .concat(this.trustedHosts.map((host) => ({ scheme: 'https', host, port: '', path: '' })));
        const permission = JSON.stringify({ javascriptProxyPermission: { urlPermissionList: rules } });
        for (const channel of transport === 'reply' ? ['sample', 'user'] : ['uniBridgeCall']) {
            this.controller.registerJavaScriptProxy(new BridgeProxy(this, channel), PREFIX + channel, [], ['postMessage'], permission);
        }
    }

    /** `scheme://host[:port]` of a URL (a `resource:` URL's origin is opaque to `URL`). */
    static origin(url) {
        const parsed = new URL(url);
        return `${parsed.protocol}//${parsed.host.toLowerCase()}`;
    }

    /** The native policy's second wall: the calling frame's origin, and the main frame when asked. */
    allows(frameUrl) {
        const parsed = new URL(frameUrl);
        const trusted = (parsed.protocol === 'resource:' && parsed.host.toLowerCase() === 'rawfile')
            || (parsed.protocol === 'https:' && this.trustedHosts.includes(parsed.hostname));
        return trusted && (!this.mainFrameOnly || ArkTSNative.origin(frameUrl) === ArkTSNative.origin(this.controller.getUrl()));
    }

    send(deliver, frame) {
        const text = JSON.stringify(frame);
        this.sent.push(text);
        deliver(text);
    }

    receive(channel, text, deliver, sender, seq) {
        let frameUrl;
        try {
            frameUrl = this.controller.getLastJavascriptProxyCallingFrameUrl(); // first thing: later it may be another call's
        } catch {
            return;
        }
        let message;
        try { message = JSON.parse(text); } catch { message = undefined; }
        this.received.push({ channel, text, message, frameUrl, deliver, sender, seq });
        if (typeof text !== 'string' || typeof deliver !== 'function' || message === null || typeof message !== 'object') return;
        const name = message.callbackName;
        const answer = (envelope) => { if (typeof name === 'string') this.send(deliver, { answer: name, envelope }); };
        if (!this.allows(frameUrl)) return answer({ errcode: -4, errmsg: 'untrusted origin', data: null });
        if (message.type === '$hello') return this.hello(message.data.module, deliver, answer);
        if (message.type === '$cancel') return undefined;
        this.dispatch(message, deliver, answer);
        return undefined;
    }

    hello(module, deliver, answer) {
        this.hellos.set(module, deliver);
        for (const event of this.queues.get(module) ?? []) this.send(deliver, { event });
        this.queues.delete(module);
        const sample = module === 'sample';
        answer({ errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: {
            methods: sample ? ['deviceInfo', 'download', 'getItem'] : [], events: sample ? ['resume'] : [], pageMethods: [],
            fingerprint: fingerprints[module] ?? null, cancel: true } } });
    }

    dispatch(message, deliver, answer) {
        const ok = (data) => answer({ errcode: 0, errmsg: 'ok', data });
        switch (message.type) {
        case 'deviceInfo': return ok({ model: 'Mate 60', system: 'HarmonyOS 5.0', appVersion: '5.2.0', darkMode: false });
        case 'getItem':
            if (message.data.key === '') return answer({ errcode: 1001, errmsg: 'the key is empty', data: null });
            return ok(this.store.get(message.data.key) ?? null);
        case 'download':
            // Items through the deliver of the post, in order, before the answer.
            this.send(deliver, { item: message.id, value: { offset: 0, data: 'AAE=', total: 4 } });
            this.send(deliver, { item: message.id, value: { offset: 2, data: 'AgM=', total: 4 } });
            return ok(4);
        default: return answer({ errcode: -1, errmsg: `unknown method '${message.type}'`, data: null });
        }
    }

    /** An event frame through the deliver kept from the module's `$hello`, else queued until it. */
    emit(module, name, payload) {
        const deliver = this.hellos.get(module);
        if (deliver) this.send(deliver, { event: { module, name, payload } });
        else this.queues.set(module, [...(this.queues.get(module) ?? []), { module, name, payload }]);
    }

    posts(type) { return this.received.filter((r) => r.message?.type === type); }
}

/** The object ArkTS registers: one method, every exception caught inside it. */
class BridgeProxy {
    constructor(native, channel) {
        this.native = native;
        this.channel = channel;
    }

    postMessage(text, deliver, sender, seq) {
        try {
            this.native.receive(this.channel, text, deliver, sender, seq);
        } catch (error) {
            console.error('native side failed', error);
        }
    }
}

/** An app on the stand-in: the native installed in onControllerAttached, the bundled page loaded. */
async function startApp(options = {}, url = APP) {
    const controller = new WebviewController();
    const native = new ArkTSNative(controller, options);
    const engine = new ArkWebEngine(Web({ src: url, controller }).onControllerAttached(() => native.install()));
    await engine.attach();
    const page = await engine.load(url);
    return { controller, engine, native, page };
}

const { check, run } = caseList();

check('in the app: $hello posts JSON text and a page function, and its answer comes back through it', async () => {
    const { native, page } = await startApp();
    const { sample, user } = await loadClient(page);
    assert.equal(sample.inApp, true);
    assert.equal(user.inApp, true);
    const capabilities = await sample.capabilities();
    assert.equal(capabilities.known, true);
    assert.equal(capabilities.sameSchema, true);
    assert.deepEqual([...capabilities.methods], ['deviceInfo', 'download', 'getItem']);
    assert.equal(capabilities.cancel, true);
    const [hello] = native.posts('$hello');
    assert.equal(typeof hello.text, 'string');
    assert.equal(typeof hello.deliver, 'function');
    assert.equal(hello.channel, channelOf('sample'));
    assert.equal(hello.frameUrl, APP);
    assert.deepEqual(Object.keys(hello.message), ['type', 'data', 'callbackName']);
    assert.deepEqual(Object.keys(page.window).filter((key) => key.startsWith('__bg_cb_')), [], 'no callback globals');
});

check('a request is answered through the deliver of its post; an error envelope rejects with its code', async () => {
    const { native, page } = await startApp();
    const { sample } = await loadClient(page);
    assert.equal(await sample.getItem({ key: 'k' }), 'v');
    assert.equal((await sample.deviceInfo()).model, 'Mate 60');
    await assert.rejects(sample.getItem({ key: '' }), (e) => e.code === 1001 && e.codeName === 'invalidKey' && e.message === 'the key is empty');
    const [call] = native.posts('getItem');
    assert.match(call.message.callbackName, /^__bg_cb_/);
    assert.equal(call.message.id === undefined ? call.message.callbackName : call.message.id, call.message.callbackName);
});

check('an event reaches the page through the deliver kept from $hello; events before it wait for it', async () => {
    const { native, page } = await startApp();
    native.emit('sample', 'resume', { backgroundSeconds: 1.5 });
    const { sample } = await loadClient(page);
    const got = [];
    sample.on('resume', (payload) => got.push(payload.backgroundSeconds));
    await until(() => got.length === 1, 'the queued event');
    native.emit('sample', 'resume', { backgroundSeconds: 12.5 });
    await until(() => got.length === 2, 'the event');
    assert.deepEqual(got, [1.5, 12.5]);
});

check('a stream: item frames through the deliver of its post, then the result', async () => {
    const { page } = await startApp();
    const { sample } = await loadClient(page);
    const stream = sample.download({ url: 'https://example.com/a.bin', chunkSize: 2 });
    const chunks = [];
    for await (const chunk of stream) chunks.push([chunk.offset, [...chunk.data], chunk.total]);
    assert.deepEqual(chunks, [[0, [0, 1], 4], [2, [2, 3], 4]]);
    assert.equal(await stream.result, 4);
});

check('every post of a channel passes one deliver, shared by two copies of the runtime on the page', async () => {
    const { native, page } = await startApp();
    const first = await loadClient(page);
    const second = await loadClient(page);
    assert.notEqual(first.sample, second.sample, 'two copies');
    const [a, b] = await Promise.all([first.sample.getItem({ key: 'k' }), second.sample.getItem({ key: 'none' })]);
    assert.deepEqual([a, b], ['v', null]);
    await first.sample.deviceInfo();
    // What the page passed, before ArkWeb wrapped it for ArkTS: spy on the injected object in the page.
    const passed = page.evaluate(`(function () {
        var o = window.${PREFIX}${channelOf('sample')}, post = o.postMessage, seen = [];
        o.postMessage = function (text, deliver) { seen.push(deliver); return post.call(o, text, deliver); };
        return seen;
    })()`);
    await Promise.all([first.sample.getItem({ key: 'k' }), second.sample.getItem({ key: 'k' }), first.sample.deviceInfo()]);
    assert.equal(passed.length, 3);
    assert.ok(passed.every((deliver) => typeof deliver === 'function' && deliver === passed[0]), 'one deliver function');
    assert.ok(native.received.every((r) => typeof r.deliver === 'function'));
});

check('every post carries its object\'s sender id and the next number, shared by two copies; a new page starts again', async () => {
    const { native, engine, page } = await startApp();
    const first = await loadClient(page);
    const second = await loadClient(page);
    await Promise.all([first.sample.getItem({ key: 'k' }), second.sample.getItem({ key: 'k' }), first.sample.deviceInfo()]);
    await Promise.all([first.sample.getItem({ key: 'a' }), second.sample.getItem({ key: 'b' })]);
    const posts = native.received.filter((r) => r.channel === channelOf('sample'));
    const sender = posts[0].sender;
    assert.match(sender, /^[0-9a-f]{32}$/);
    assert.ok(posts.every((r) => r.sender === sender), 'one sender id for the object, whichever copy posts');
    // The stand-in runs one task's calls in reverse: sorted, the numbers are 0, 1, 2, ... with none missing.
    assert.deepEqual(posts.map((r) => r.seq).sort((x, y) => x - y), posts.map((_, i) => i));
    const gets = native.posts('getItem').filter((r) => ['a', 'b'].includes(r.message.data.key));
    assert.deepEqual(gets.map((r) => [r.message.data.key, r.seq]).sort((x, y) => x[1] - y[1]).map(([key]) => key), ['a', 'b'], 'numbered in the page\'s order');
    if (transport === 'reply') {
        await first.user.getUserInfo().catch(() => undefined);
        const users = native.received.filter((r) => r.channel === 'user');
        assert.ok(users.every((r) => r.sender === users[0].sender) && users[0].sender !== sender, 'each object has its own sender id');
        assert.deepEqual(users.map((r) => r.seq).sort((x, y) => x - y), users.map((_, i) => i), 'and its own numbers, from 0');
    }
    const before = native.received.length;
    const next = await engine.load(APP);
    await (await loadClient(next)).sample.capabilities();
    const fresh = native.received.slice(before).filter((r) => r.channel === channelOf('sample'));
    assert.notEqual(fresh[0].sender, sender, 'a new page load, a new sender id');
    assert.deepEqual(fresh.map((r) => r.seq), [0], 'numbered from 0 again');
});

check('a trusted iframe is answered in its own frame; mainFrameOnly refuses it -4; a frame outside the list never reaches native', async () => {
    const { native, page } = await startApp({ trustedHosts: ['app.example.com'], mainFrameOnly: false });
    const frame = page.addFrame('https://app.example.com/h5/frame.html');
    const { sample } = await loadClient(frame);
    const main = (await loadClient(page)).sample;
    assert.equal(await sample.getItem({ key: 'k' }), 'v');
    assert.equal(await main.getItem({ key: 'k' }), 'v');
    assert.ok(native.posts('getItem').some((r) => r.frameUrl === 'https://app.example.com/h5/frame.html'));

    native.mainFrameOnly = true;
    const refused = (await loadClient(page.addFrame('https://app.example.com/h5/other.html'))).sample;
    await assert.rejects(refused.getItem({ key: 'k' }), (e) => e.code === -4);

    const before = native.received.length;
    const outside = (await loadClient(page.addFrame('https://evil.example.com/'))).sample;
    assert.equal(outside.inApp, true, 'the object is in every frame');
    await assert.rejects(outside.getItem({ key: 'k' }, { timeoutMs: 100 }), (e) => e.code === -8);
    assert.equal(native.received.length, before, 'the permission list dropped the calls');
});

check('after a reload the new page says hello again; events reach it, not the old page', async () => {
    const { native, engine, page } = await startApp();
    const old = (await loadClient(page)).sample;
    await old.capabilities();
    const next = await engine.load(APP);
    const { sample } = await loadClient(next);
    const got = [];
    sample.on('resume', (payload) => got.push(payload.backgroundSeconds));
    await until(() => native.posts('$hello').filter((r) => r.message.data.module === 'sample').length === 2, 'the second hello');
    native.emit('sample', 'resume', { backgroundSeconds: 3 });
    await until(() => got.length === 1, 'the event in the new page');
    assert.equal(await sample.getItem({ key: 'k' }), 'v');
});

/** A bare page of the stand-in (no app): the shells' objects are put there by hand. */
function barePage() {
    return new Document({ userAgentForLoad: () => 'test' }, APP, true);
}

/** Puts recording objects at each shell's path in `doc`; returns what each received. */
function shellObjects(doc, shells) {
    const posts = { ios: [], android: [], ohos: [] };
    const channel = channelOf('sample');
    const win = doc.window;
    if (shells.includes('ios')) {
        win.webkit = { messageHandlers: { [channel]: { postMessage: (...args) => { posts.ios.push(args); return new Promise(() => undefined); } } } };
    }
    if (shells.includes('android')) {
        win['__bridgegen_' + channel] = { postMessage: (...args) => { posts.android.push(args); }, addEventListener: () => undefined };
    }
    if (shells.includes('ohos')) win[PREFIX + channel] = { postMessage: (...args) => { posts.ohos.push(args); } };
    return posts;
}

check('the client picks the first shell it finds, as before: iOS, then Android, then HarmonyOS', async () => {
    const none = barePage();
    const alone = (await loadClient(none)).sample;
    assert.equal(alone.inApp, false);
    await assert.rejects(alone.getItem({ key: 'k' }), (e) => e.code === -7);
    const cases = [[['ios'], 'ios'], [['android'], 'android'], [['ohos'], 'ohos'],
        [['ios', 'ohos'], 'ios'], [['android', 'ohos'], 'android'], [['ios', 'android', 'ohos'], 'ios']];
    for (const [shells, expected] of cases) {
        const doc = barePage();
        const posts = shellObjects(doc, shells);
        const { sample } = await loadClient(doc);
        assert.equal(sample.inApp, true);
        sample.share({ text: 'hi' });
        await sleep(5);
        for (const shell of shells) assert.equal(posts[shell].length > 0, shell === expected, `${shells} -> ${shell}`);
        const [share] = posts[expected].filter((args) => (typeof args[0] === 'string' ? JSON.parse(args[0]) : args[0]).type === 'share');
        if (expected === 'ohos') {
            assert.equal(share.length, 4);
            assert.equal(typeof share[0], 'string');
            assert.equal(typeof share[1], 'function');
            assert.match(share[2], /^[0-9a-f]{32}$/, 'the sender id');
            assert.equal(typeof share[3], 'number', 'the sequence number');
        } else {
            assert.equal(share.length, 1, 'one argument, as before');
            assert.equal(typeof share[0], expected === 'ios' && transport === 'reply' ? 'object' : 'string');
        }
    }
});

check('the mock plays iOS beside a HarmonyOS row, and refuses to replace a real HarmonyOS object unless forced', async () => {
    const doc = barePage();
    shellObjects(doc, ['ohos']);
    const [{ sample }, { installMock }] = await loadClient(doc, ['index.js', 'mock.js']);
    const channel = channelOf('sample');
    assert.throws(() => installMock({}), { message: `bridgegen mock: window.${PREFIX}${channel} already exists (running in the HarmonyOS app?); pass { force: true } to replace it` });
    const mock = installMock({ sample: { getItem: () => 'mocked' } }, { force: true });
    assert.equal(await sample.getItem({ key: 'k' }), 'mocked');
    assert.equal(typeof doc.window.webkit.messageHandlers, 'object');
    mock.uninstall();
});

await run('arkweb-client', transport);
