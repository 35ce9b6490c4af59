// The bytes transfer path on ArkWeb: the stand-in's custom-scheme API (scheme.js) held to what
// the platform does, then the ArkTS runtime's store (Transfers.ets) and scheme handler
// (ArkWebTransfers.ets) installed by BridgeArkWeb on it, compiled by tsc --strict as the glue
// suite compiles them (glue-build.js): the capability, uploads and downloads with their limits,
// tokens bound to an origin, expiry, torn bodies, stopped requests, the session's `$bytes`.
//
//   node arkweb-bytes.test.js [RUNTIME_DIR]   prints one line per case and `arkweb-bytes: N passed, M failed`
//                                             (exit 77 with `arkweb-bytes: skipped ...` without tsc)
'use strict';

const assert = require('assert');
const arkweb = require('./arkweb.js');
const { ArkWebEngine } = require('./engine.js');
const { runCases } = require('./cases.js');
const { buildGlue } = require('./glue-build.js');

const { Web, WebviewController, WebSchemeHandler, WebSchemeHandlerResponse, WebHttpBodyStream, RenderExitReason } = arkweb;

const built = buildGlue(process.argv[2]);
if (built.skipped) {
    console.log(`arkweb-bytes: skipped: ${built.skipped}`);
    process.exit(77);
}
const { BridgeArkWeb } = built.glue;
const { BridgeOriginPolicy } = built.session;
const { BridgeTransfers } = built.transfers;
const { BridgeArkWebTransfers } = built.arkwebTransfers;
const { BridgeOrigin } = require(require('path').join(built.folder, 'out', 'Caller.js'));

const PAGE = 'https://app.example/index.html';
const ORIGIN = 'https://app.example';
const OBJECT = '__bridgegen_ohos_blob';
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const MiB = 1024 * 1024;
const tick = async (rounds = 10) => {
    for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setTimeout(resolve, 1));
};
const caught = async (fn) => {
    try {
        await fn();
    } catch (error) {
        return error;
    }
    throw new assert.AssertionError({ message: 'expected a throw' });
};
const bytes = (length, seed = 7) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xFF);

// The app's one customizeSchemes call, before any Web (process-wide, as ArkWeb's registration is).
WebviewController.customizeSchemes([BridgeArkWebTransfers.scheme()]);

/** A Web with the blob module installed in onControllerAttached (`transfers`: the install's option, null for none), loaded at `url`. */
async function installed({ url = PAGE, transfers = {}, hosts = ['app.example'], mainFrameOnly = true } = {}) {
    const controller = new WebviewController();
    const logs = [];
    const app = { controller, logs };
    const trust = new BridgeOriginPolicy([], hosts, mainFrameOnly, ['resource://rawfile']);
    const web = Web({ src: url, controller })
        .onControllerAttached(() => {
            app.session = BridgeArkWeb.install(controller, [built.module.blobModule()], trust, { transfers: transfers ?? undefined, log: (line) => logs.push(line) });
        })
        .onPageBegin((event) => BridgeArkWeb.pageStarted(controller, event.url))
        .onRenderExited(() => BridgeArkWeb.renderExited(controller));
    app.engine = new ArkWebEngine(web);
    app.engine.onUncaught = () => {};
    await app.engine.attach();
    app.page = await app.engine.load(url);
    return app;
}

/** A page fetch of the scheme (`origin` null: no Origin header): the stand-in's request, its body stream and how it ended. */
async function fetchScheme(app, { method = 'GET', path = '', origin = ORIGIN, body, chunked, tearAt, frameUrl, abortAfterReads }) {
    const headers = origin === null ? [] : [['Origin', origin]];
    const stream = body === undefined ? null : new WebHttpBodyStream(body, { chunked, tearAt });
    const request = app.engine.schemeRequest({ url: `bridgegen-bytes://transfer/${path}`, method, headers, body: stream, frameUrl });
    if (abortAfterReads !== undefined) {
        while (stream.reads.length < abortAfterReads) await tick(1);
        request.abort();
    }
    const result = await request.result;
    return { request, stream, result, text: result.body ? result.body.toString('latin1') : undefined };
}

const upload = (app, body, fields = {}) => fetchScheme(app, { method: 'POST', path: 'upload', body, ...fields });

/** Posts `message` on the blob object from `doc` and resolves its answer frame. */
async function ask(doc, message) {
    const callbackName = `cb${Math.random().toString(36).slice(2)}`;
    doc.evaluate(`(function (text, name) {
        var got = window.__got = window.__got || [];
        window[${JSON.stringify(OBJECT)}].postMessage(text, function (frame) { got.push(frame); });
    })(${JSON.stringify(JSON.stringify({ ...message, callbackName }))})`);
    await tick();
    const frames = JSON.parse(doc.evaluate('JSON.stringify(window.__got || [])')).map((frame) => JSON.parse(frame));
    const frame = frames.find((candidate) => candidate.answer === callbackName);
    assert.ok(frame, `no answer to ${JSON.stringify(message).slice(0, 200)}`);
    return frame.envelope;
}

const hello = async (doc) => (await ask(doc, { type: '$hello', data: { module: 'blob' } })).data.capabilities;

const cases = {
    'customizeSchemes: absent optional flags are false (the NAPI glue), a scheme needs CORS and fetch flags, at most 10'() {
        arkweb.customizeSchemes([{ schemeName: 'lazy-app', isSupportCORS: true, isSupportFetch: true }]);
        assert.deepStrictEqual(arkweb.customSchemes.get('lazy-app'), { isSupportCORS: true, isSupportFetch: true, isStandard: false,
            isLocal: false, isDisplayIsolated: false, isSecure: false, isCspBypassing: false, isCodeCacheSupported: false });
        const thrownCode = (schemes) => { try { arkweb.customizeSchemes(schemes); } catch (error) { return error.code; } return 0; };
        assert.strictEqual(thrownCode([{ schemeName: 'x' }]), 401);
        assert.strictEqual(thrownCode([{ schemeName: 'x', isSupportFetch: true }]), 401);
        assert.strictEqual(thrownCode([{ schemeName: 'Bad_Name', isSupportCORS: true, isSupportFetch: true }]), 17100020);
        assert.strictEqual(thrownCode(Array.from({ length: 11 }, (_, i) => ({ schemeName: `s${i}`, isSupportCORS: true, isSupportFetch: true }))), 17100020);
    },
    'the glue registers the scheme with every flag explicit: standard, secure, fetch and CORS, nothing else'() {
        const scheme = BridgeArkWebTransfers.scheme();
        assert.deepStrictEqual(Object.keys(scheme).sort(), ['isCodeCacheSupported', 'isCspBypassing', 'isDisplayIsolated', 'isLocal',
            'isSecure', 'isStandard', 'isSupportCORS', 'isSupportFetch', 'schemeName']);
        Object.entries(scheme).filter(([key]) => key !== 'schemeName').forEach(([key, value]) => assert.strictEqual(typeof value, 'boolean', key));
        assert.deepStrictEqual(arkweb.customSchemes.get('bridgegen-bytes'), { isSupportCORS: true, isSupportFetch: true, isStandard: true,
            isLocal: false, isDisplayIsolated: false, isSecure: true, isCspBypassing: false, isCodeCacheSupported: false });
    },
    async 'stand-in: scheme handlers need an attached controller; a scheme not registered for fetch cannot be fetched'() {
        const controller = new WebviewController();
        for (const call of [() => controller.setWebSchemeHandler('bridgegen-bytes', new WebSchemeHandler()), () => controller.clearWebSchemeHandler()]) {
            assert.throws(call, (error) => error.code === 17100001);
        }
        const app = await installed();
        const refused = await app.engine.schemeRequest({ url: 'unregistered://x/y', method: 'GET', headers: [] }).result;
        assert.match(refused.refused, /not registered for fetch and CORS/);
    },
    async 'stand-in: a body stream is initialised first, one read at a time, never read(0); a torn one reads empty early'() {
        const stream = new WebHttpBodyStream(bytes(10));
        assert.throws(() => stream.read(4), /before initialize/);
        await stream.initialize();
        assert.throws(() => stream.read(0), /never settles/);
        const first = stream.read(4);
        assert.throws(() => stream.read(4), /another is outstanding/);
        assert.strictEqual((await first).byteLength, 4);
        const chunked = new WebHttpBodyStream(bytes(3), { chunked: true });
        await chunked.initialize();
        assert.deepStrictEqual([chunked.getSize(), chunked.isEof()], [0, false]);
        const torn = new WebHttpBodyStream(bytes(10), { tearAt: 6 });
        await torn.initialize();
        assert.deepStrictEqual([(await torn.read(8)).byteLength, (await torn.read(8)).byteLength, torn.isEof()], [6, 0, false]);
    },
    async 'stand-in: the resource handler throws 17100021 once finished, failed or stopped; onRequestStop gets a new request'() {
        const app = await installed();
        const handler = new WebSchemeHandler();
        const seen = { started: [], stopped: [], handlers: [] };
        handler.onRequestStart((request, resource) => { seen.started.push(request); seen.handlers.push(resource); return true; });
        handler.onRequestStop((request) => seen.stopped.push(request));
        app.controller.setWebSchemeHandler('bridgegen-bytes', handler);
        const requests = [0, 1, 2].map(() => app.engine.schemeRequest({ url: 'bridgegen-bytes://transfer/x', method: 'GET', headers: [] }));
        const response = new WebSchemeHandlerResponse();
        seen.handlers[0].didReceiveResponse(response);
        seen.handlers[0].didFinish();
        seen.handlers[1].didFail(arkweb.WebNetErrorList.ERR_FAILED);
        requests[2].abort();
        assert.deepStrictEqual(seen.stopped.length, 0, 'onRequestStop runs in a later task');
        await tick();
        assert.strictEqual(seen.stopped.length, 3);
        assert.ok(seen.stopped.every((request, i) => request !== seen.started[i] && request.getRequestUrl() === 'bridgegen-bytes://transfer/x'));
        for (const resource of seen.handlers) {
            assert.throws(() => resource.didReceiveResponse(new WebSchemeHandlerResponse()), (error) => error.code === 17100021);
            assert.throws(() => resource.didFail(-2), (error) => error.code === 17100021);
        }
        assert.deepStrictEqual((await requests[1].result).failed, -2);
    },
    async 'the capability: offered to an https page the policy trusts, not to rawfile pages, not without the option'() {
        const app = await installed();
        assert.deepStrictEqual((await hello(app.page)).bytes, { url: 'bridgegen-bytes://transfer/', inline: 65536, max: 268435456 });
        const rawfile = await installed({ url: 'resource://rawfile/index.html' });
        assert.strictEqual((await hello(rawfile.page)).bytes, undefined, 'a rawfile page fetches with Origin: null');
        const off = await installed({ transfers: null });
        assert.strictEqual((await hello(off.page)).bytes, undefined);
        const small = await installed({ transfers: { max: 1000, inline: 10, baseUrl: 'https://bridgegen-bytes.test/transfer/' } });
        assert.deepStrictEqual((await hello(small.page)).bytes, { url: 'https://bridgegen-bytes.test/transfer/', inline: 10, max: 1000 });
    },
    async 'an upload: 200 text/plain with a one-time 22-character token, CORS for the trusted origin only, no-store'() {
        const app = await installed();
        const value = bytes(3 * MiB + 5);
        const { result, text, stream } = await upload(app, value);
        assert.strictEqual(result.response.status, 200, text);
        assert.match(text, TOKEN);
        assert.strictEqual(result.response.headers['access-control-allow-origin'], ORIGIN);
        assert.strictEqual(result.response.headers['cache-control'], 'no-store');
        assert.strictEqual(result.response.mimeType, 'text/plain');
        assert.ok(stream.reads.every((size) => size > 0 && size <= MiB), `reads of 1 MiB at most: ${stream.reads}`);
        const stored = await ask(app.page, { type: 'setBlob', data: { key: 'k', contents: { $bytes: 0 } }, $bytes: [text] });
        assert.deepStrictEqual([stored.errcode, stored.data], [0, value.length]);
        assert.ok(Buffer.from(built.module.blobs.get('k')).equals(Buffer.from(value)), 'the handler got the bytes');
        const again = await ask(app.page, { type: 'setBlob', data: { key: 'k', contents: { $bytes: 0 } }, $bytes: [text] });
        assert.deepStrictEqual([again.errcode, again.errmsg], [-3, '$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin\'s)']);
    },
    async 'a chunked upload is read until its end'() {
        const app = await installed();
        const value = bytes(2 * MiB + 3, 9);
        const { result, text } = await upload(app, value, { chunked: true });
        assert.strictEqual(result.response.status, 200, text);
        await ask(app.page, { type: 'setBlob', data: { key: 'c', contents: { $bytes: 0 } }, $bytes: [text] });
        assert.ok(Buffer.from(built.module.blobs.get('c')).equals(Buffer.from(value)));
    },
    async 'limits: a declared size over max is 413 before any read; a chunked body past max is 413 and freed; over the held bound 507'() {
        const app = await installed({ transfers: { max: 100000, maxHeldBytes: 150000 } });
        const declared = await upload(app, bytes(100001));
        assert.deepStrictEqual([declared.result.response.status, declared.text, declared.stream.reads.length],
            [413, 'a value of 100001 bytes is over the limit of 100000', 0]);
        const chunked = await upload(app, bytes(100001), { chunked: true });
        assert.deepStrictEqual([chunked.result.response.status, chunked.text], [413, 'the value is over the limit of 100000 bytes']);
        assert.strictEqual(app.session.transfers.count, 0);
        assert.strictEqual((await upload(app, bytes(100000))).result.response.status, 200);
        const full = await upload(app, bytes(60000));
        assert.deepStrictEqual([full.result.response.status, full.text], [507, 'the app holds 150000 bytes for the page already']);
    },
    async 'origins: none, null or untrusted is 403 without CORS; another origin\'s token is refused -3; a frame URL that disagrees is 403'() {
        const app = await installed({ hosts: ['app.example', 'other.example'] });
        for (const origin of [null, 'null', 'https://evil.example']) {
            const { result, text } = await upload(app, bytes(10), { origin });
            assert.strictEqual(result.response.status, 403, `${origin}: ${text}`);
            assert.strictEqual(result.response.headers['access-control-allow-origin'], undefined, String(origin));
        }
        const other = await upload(app, bytes(10), { origin: 'https://other.example' });
        const answer = await ask(app.page, { type: 'setBlob', data: { key: 'o', contents: { $bytes: 0 } }, $bytes: [other.text] });
        assert.strictEqual(answer.errcode, -3);
        const mismatch = await upload(app, bytes(10), { frameUrl: 'https://other.example/x.html' });
        assert.strictEqual(mismatch.result.response.status, 403);
        assert.ok(app.logs.some((line) => /is not its frame's/.test(line)), app.logs.join('\n'));
    },
    async 'OPTIONS is 204 with the allow headers; other methods 405'() {
        const app = await installed();
        const { result } = await fetchScheme(app, { method: 'OPTIONS', path: 'upload' });
        assert.strictEqual(result.response.status, 204);
        assert.strictEqual(result.response.headers['access-control-allow-methods'], 'GET, POST');
        assert.strictEqual(result.response.headers['access-control-allow-headers'], 'Content-Type');
        assert.strictEqual(result.response.headers['access-control-allow-origin'], ORIGIN);
        assert.strictEqual((await fetchScheme(app, { method: 'PUT', path: 'upload' })).result.response.status, 405);
    },
    async 'a large result crosses beside the answer: envelope $bytes [{token, length}], one GET, then 404; another origin 403'() {
        const app = await installed({ hosts: ['app.example', 'other.example'] });
        const value = bytes(5 * MiB + 1, 3);
        built.module.blobs.set('big', value);
        const envelope = await ask(app.page, { type: 'getBlob', data: { key: 'big' } });
        assert.deepStrictEqual(envelope.data, { $bytes: 0 });
        assert.strictEqual(envelope.$bytes.length, 1);
        const [{ token, length }] = envelope.$bytes;
        assert.match(token, TOKEN);
        assert.strictEqual(length, value.length);
        const foreign = await fetchScheme(app, { path: token, origin: 'https://other.example' });
        assert.deepStrictEqual([foreign.result.response.status, foreign.text], [403, 'this value is not for this page\'s origin']);
        const got = await fetchScheme(app, { path: token });
        assert.strictEqual(got.result.response.status, 200);
        assert.strictEqual(got.result.response.mimeType, 'application/octet-stream');
        assert.strictEqual(got.result.response.headers['content-length'], String(value.length));
        assert.ok(got.result.body.equals(Buffer.from(value)), 'byte-exact');
        const again = await fetchScheme(app, { path: token });
        assert.deepStrictEqual([again.result.response.status, again.text], [404, 'no value has this URL (unknown, used or expired)']);
    },
    async 'small results, and every result of a page not offered the path, stay inline base64'() {
        const app = await installed();
        built.module.blobs.set('small', bytes(100));
        const small = await ask(app.page, { type: 'getBlob', data: { key: 'small' } });
        assert.deepStrictEqual([small.data, small.$bytes], [Buffer.from(bytes(100)).toString('base64'), undefined]);
        const rawfile = await installed({ url: 'resource://rawfile/index.html' });
        built.module.blobs.set('big', bytes(70000));
        const inline = await ask(rawfile.page, { type: 'getBlob', data: { key: 'big' } });
        assert.deepStrictEqual([typeof inline.data, inline.$bytes], ['string', undefined]);
        assert.strictEqual(rawfile.session.transfers.count, 0);
    },
    async 'an any value holding a reference arrives as the base64 it would have been inline'() {
        const app = await installed();
        const { text } = await upload(app, bytes(70000));
        const answer = await ask(app.page, { type: 'echoAny', data: { value: { inner: { $bytes: 0 } } }, $bytes: [text] });
        assert.deepStrictEqual(answer.data, { inner: Buffer.from(bytes(70000)).toString('base64') });
    },
    async 'message $bytes: not an array of strings is -2; without the path installed a token is -3 and no handler is set'() {
        const app = await installed();
        const bad = await ask(app.page, { type: 'setBlob', data: { key: 'x', contents: 'AA==' }, $bytes: [1] });
        assert.deepStrictEqual([bad.errcode, bad.errmsg], [-2, '$bytes: expected an array of at most 1024 transfer tokens']);
        const off = await installed({ transfers: null });
        const none = await ask(off.page, { type: 'setBlob', data: { key: 'x', contents: { $bytes: 0 } }, $bytes: ['AAAAAAAAAAAAAAAAAAAAAA'] });
        assert.strictEqual(none.errcode, -3);
        assert.deepStrictEqual((await upload(off, bytes(10))).result, { notIntercepted: true }, 'no handler is set without the option');
    },
    async 'a torn body keeps nothing and fails the request (ERR_FAILED)'() {
        const app = await installed();
        const { result } = await upload(app, bytes(3 * MiB), { tearAt: MiB + 17 });
        assert.strictEqual(result.failed, arkweb.WebNetErrorList.ERR_FAILED);
        assert.strictEqual(app.session.transfers.count, 0);
        assert.strictEqual(app.session.transfers.heldBytes, 0);
    },
    async 'a request the page stopped mid-upload is never answered and keeps nothing'() {
        const app = await installed();
        const { result } = await upload(app, bytes(4 * MiB), { abortAfterReads: 2 });
        assert.deepStrictEqual(result, { aborted: true });
        await tick(20);
        assert.strictEqual(app.session.transfers.count, 0, 'the stored value went with its stopped request');
        assert.deepStrictEqual(app.engine.uncaught, []);
        assert.ok(!app.logs.some((line) => /could not be answered|internal error/.test(line)), app.logs.join('\n'));
    },
    async 'tokens expire after the lifetime; navigation keeps them, a renderer exit and uninstall drop them'() {
        let now = 1000;
        const store = new BridgeTransfers({}, (count) => new Uint8Array(require('crypto').randomBytes(count)), () => now);
        const origin = BridgeOrigin.parse(PAGE, true);
        const token = store.store(bytes(10), ORIGIN);
        now += 60001;
        assert.strictEqual(store.take(token, origin), undefined);
        assert.strictEqual(store.count, 0);
        const app = await installed();
        const kept = await upload(app, bytes(10));
        await app.engine.load(PAGE);
        assert.strictEqual(app.session.transfers.count, 1, 'a navigation keeps values bound to their origin');
        app.engine.exitRenderer(RenderExitReason.ProcessCrashed);
        assert.strictEqual(app.session.transfers.count, 0);
        assert.match(kept.text, TOKEN);
        await upload(app, bytes(10));
        BridgeArkWeb.uninstall(app.controller);
        const after = await upload(app, bytes(10));
        assert.deepStrictEqual([after.result.response.status, after.text], [404, 'the bytes transfer path is not installed']);
    },
    'tokens are 128 random bits (cryptoFramework) as base64url'() {
        const store = BridgeArkWebTransfers.store({});
        const tokens = new Set(Array.from({ length: 2000 }, () => store.token()));
        assert.strictEqual(tokens.size, 2000);
        for (const token of tokens) assert.match(token, TOKEN);
        const lastChars = new Set([...tokens].map((token) => token[21]));
        assert.ok([...lastChars].every((c) => 'AQgw'.includes(c)), 'the 22nd character holds the last 2 bits');
    },
};

runCases('arkweb-bytes', cases).catch((error) => {
    console.log(`arkweb-bytes: 0 passed, 1 failed (${error.stack})`);
    process.exitCode = 1;
});
