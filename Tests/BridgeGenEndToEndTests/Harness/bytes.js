// The bytes fast path's end-to-end cases (docs/WIRE.md, "Bytes"): the compiled generated client's
// `sample.setBlob` / `sample.getBlob` against the Swift test host with its transfer store, the
// values crossing as HTTP bodies of `bridgegen-bytes://transfer/` (upload, download) instead of
// base64 in the message. Engine-neutral: node (roundtrip.mjs --suite bytes, which emulates the
// scheme) and WebKitGTK (a real scheme handler forwarding to the same host) run the same cases.
//
// Interface for a harness:
//
//   PHASES[phase].transfers   the host command the harness sends BEFORE the page loads (so before
//                             the page's `$hello`): `{"transfers": PHASES[phase].transfers}`. One
//                             page load (a fresh client) per phase, since the client reads the
//                             `bytes` capability once, from its `$hello` answer.
//   run(env)                  runs the phase's cases; resolves with {passed, failed, lines}.
//
// env: {engine, transport ('reply' | 'callback'), phase (a key of PHASES), client (the compiled
// generated client's index.js), fetch, control, log, and optionally bytesUrl and origin}:
//   bytesUrl                  the base URL the host advertises (default `bridgegen-bytes://transfer/`;
//                             the ArkWeb Chromium harness's test prefix `https://bridgegen-bytes.test/transfer/`)
//   origin                    the page's origin (default `app://e2e`)
//   fetch(url, init)          the page's fetch as the harness provides it for `bridgegen-bytes:` URLs,
//                             sending the page's origin (`app://e2e`); the client itself uses
//                             `globalThis.fetch` (which this suite wraps to watch the transfers).
//   control(cmd)              the harness's control channel (as conformance.js's):
//     {cmd: 'host', line}       one command to the Swift test host (`upload`, `download`, `stats`,
//                               `reset`, `transfers`); resolves with its output line
//     {cmd: 'calls'}            the handler calls the host recorded since the last drain
//     {cmd: 'tearNextUpload'}   the next upload's body fails after its first half: the harness sends
//                               the host `upload` with `torn: true` and the page's fetch rejects
//                               with a network error
//   log(line)                 one line per case
//
// The page's origin is `app://e2e` (Schemas/bridgegen.yaml trusts the scheme `app`).
//
// Android (env.platform 'android', `phasesFor('android')`; chromium_bytes.py --platform android): the
// same outcomes through ArrayBuffer messages on the module's object instead of HTTP (docs/WIRE.md,
// "Bytes at platform speed (Android)"), against the JVM host (AndroidHost.kt, whose `transfers`
// command installs the bytes path again), the page served from WebViewAssetLoader's origin. What
// Android cannot have (a reused URL, a foreign origin's upload) has its Android counterpart: a
// stray frame, a frame from a frame the policy refuses, a lost frame, a length mismatch, a
// WebView without WEB_MESSAGE_ARRAY_BUFFER. More controls there: {cmd: 'logs'} (native's log
// lines since the last drain), {cmd: 'dropNextBinaryFrame'} (the page loses native's next one).

import { bytesExact, calls, check, eq, patternBytes, rejects, show } from './conformance.js';

/** The base URL and the page's origin of this run (`run` sets them from env). */
let BYTES_URL = 'bridgegen-bytes://transfer/';
let ORIGIN = 'app://e2e';
const INLINE = 65536;
const MIB = 1024 * 1024;

export const PHASES = {
    // The fast path, large enough for 100 MiB.
    fast: { transfers: { max: 256 * MIB, inline: INLINE } },
    // A small `max`: the client refuses a longer value before uploading it.
    'small-max': { transfers: { max: MIB, inline: INLINE } },
    // No transfer store: no `bytes` capability; values go inline as before, at most 10 MiB.
    fallback: { transfers: false },
};

const Code = { invalidParams: -3, transferFailed: -16, timeout: -8 };

// Android's phases: its `max` is configurable up to 256 MiB (64 MiB by default); 128 MiB takes 100 MiB.
export const ANDROID_PHASES = {
    fast: { transfers: { max: 128 * MIB, inline: INLINE } },
    'small-max': { transfers: { max: MIB, inline: INLINE } },
    fallback: { transfers: false },
    // Configured, but the WebView lacks WEB_MESSAGE_ARRAY_BUFFER: no capability, everything inline.
    'no-feature': { transfers: { max: 128 * MIB, inline: INLINE, arrayBuffer: false } },
};

/** A platform's phases (the page sends the host a phase's `transfers` before its `$hello`). */
export function phasesFor(platform) {
    return platform === 'android' ? ANDROID_PHASES : PHASES;
}

/**
 * Wraps `globalThis.fetch` while the suite runs: records each `bridgegen-bytes:` request the
 * client makes (`{method, url, contentType, length}`) and runs `beforeDownload(url)` (a case's
 * hook) before a GET goes on.
 */
function watchTransfers() {
    const original = globalThis.fetch;
    const watch = { requests: [], beforeDownload: undefined };
    globalThis.fetch = async (input, init = {}) => {
        const url = String(input && input.url !== undefined ? input.url : input);
        if (url.startsWith(BYTES_URL)) {
            const headers = new Headers(init.headers);
            const method = (init.method ?? 'GET').toUpperCase();
            watch.requests.push({ method, url, contentType: headers.get('content-type'), length: init.body?.length ?? null });
            if (method === 'GET' && watch.beforeDownload) await watch.beforeDownload(url);
        }
        return original.call(globalThis, input, init);
    };
    watch.restore = () => {
        globalThis.fetch = original;
    };
    /** The requests since the last call. */
    watch.take = () => watch.requests.splice(0);
    // What the phases both platforms share call: a round trip, and what crossed beside the messages since the last call.
    watch.trip = (env, key, contents, fast, options) => roundTrip(env, watch, key, contents, fast, options);
    watch.posted = () => watch.take();
    return watch;
}

/** One host command through the harness. */
function host(env, line) {
    return env.control({ cmd: 'host', line });
}

/** The host's transfer store: `{entries, heldBytes}`. */
async function held(env) {
    return (await host(env, { stats: true })).transfers;
}

/** Standard base64 of `bytes` (btoa over chunks: a page's own way, in every engine). */
function base64(bytes) {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
}

/** Every byte value, repeated to `length` bytes. */
function everyByte(length) {
    return Uint8Array.from({ length }, (_, i) => i % 256);
}

/**
 * setBlob then getBlob of `contents`, checked byte for byte; the requests the client made must be
 * one upload (no Content-Type: a simple request) and one download when `fast`, none otherwise.
 * Resolves with the download's request.
 */
async function roundTrip(env, watch, key, contents, fast, options = {}) {
    const { sample } = env.client;
    watch.take();
    await env.control({ cmd: 'calls' });
    eq(await sample.setBlob({ key, contents }, options), true, `setBlob ${contents.length}`);
    const sent = watch.take();
    eq((await calls(env, 1)).map((c) => c.params.length), [contents.length], 'the length native decoded');
    bytesExact(await sample.getBlob({ key }, options), contents, `getBlob ${contents.length}`);
    const received = watch.take();
    if (!fast) {
        eq(sent.concat(received), [], 'no transfer for a value that goes inline');
        return undefined;
    }
    eq(sent.map((r) => [r.method, r.url, r.contentType, r.length]), [['POST', `${BYTES_URL}upload`, null, contents.length]], 'one upload, no Content-Type');
    eq(received.length, 1, 'one download');
    check(received[0].url.startsWith(BYTES_URL) && /^[A-Za-z0-9_-]{22}$/.test(received[0].url.slice(BYTES_URL.length)), `a download URL: ${received[0].url}`);
    return received[0];
}

/** The round trips both platforms' fast phases run: the `inline` boundary, every byte value, 10 and 100 MiB. */
function roundTripCases(t, env, watch, how) {
    for (const [name, length] of [['0 bytes', 0], ['1 byte', 1], ['inline-1', INLINE - 1], ['inline', INLINE], ['inline+1', INLINE + 1]]) {
        t(`${name} (${length}) round trips byte-exact, ${length >= INLINE ? how : 'inline'}`, async () => {
            await watch.trip(env, `n${length}`, patternBytes(length), length >= INLINE);
        });
    }
    t(`every byte value 0-255 round trips byte-exact ${how}`, async () => {
        await watch.trip(env, 'every', everyByte(256 * 512), true);
    });
    t('10 MiB round trips byte-exact', async () => {
        await watch.trip(env, 'ten', patternBytes(10 * MIB), true, { timeoutMs: 120000 });
    });
    t('100 MiB (over the inline limit tenfold) round trips byte-exact', async () => {
        await watch.trip(env, 'hundred', patternBytes(100 * MIB), true, { timeoutMs: 300000 });
        await host(env, { reset: true });
    });
}

function fastCases(env, watch) {
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    const { sample } = env.client;
    const slow = { timeoutMs: 120000 };

    t('a value over 10 MiB as the first request waits for the $hello answer and takes the fast path', async () => {
        await roundTrip(env, watch, 'first', patternBytes(10 * MIB + 1), true, slow);
    });
    t('$hello offers the fast path: url, inline and max as the host set them', async () => {
        const capabilities = await sample.capabilities();
        eq(capabilities.bytes, { url: BYTES_URL, ...PHASES.fast.transfers }, 'capabilities.bytes');
    });
    roundTripCases(t, env, watch, 'through the fast path');
    t('nothing is left in the store after the round trips', async () => {
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('a download URL is one-time: fetched again it is 404', async () => {
        const download = await roundTrip(env, watch, 'once', everyByte(INLINE), true);
        const again = await env.fetch(download.url);
        eq(again.status, 404, `${download.url} again`);
    });
    t('another origin cannot upload: https://evil.example and null are 403', async () => {
        for (const origin of ['https://evil.example', 'null']) {
            const out = await host(env, { upload: { origin, file: '/dev/null', declaredLength: 0, torn: false } });
            eq(out.http.status, 403, `upload with Origin ${origin}: ${show(out.http)}`);
        }
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t("another origin cannot download the page's result (403), which stays for the page", async () => {
        const contents = patternBytes(INLINE * 2);
        eq(await sample.setBlob({ key: 'foreign', contents }), true, 'setBlob');
        const refused = [];
        watch.beforeDownload = async (url) => {
            const token = url.slice(BYTES_URL.length);
            refused.push((await host(env, { download: { origin: 'https://evil.example', token, file: '/dev/null' } })).http.status);
        };
        try {
            bytesExact(await sample.getBlob({ key: 'foreign' }), contents, 'getBlob after the refused download');
        } finally {
            watch.beforeDownload = undefined;
        }
        eq(refused, [403], 'the foreign download');
    });
    t('a result whose download fails (its value taken first) rejects -16 naming it', async () => {
        eq(await sample.setBlob({ key: 'taken', contents: patternBytes(INLINE) }), true, 'setBlob');
        watch.beforeDownload = async (url) => {
            eq((await env.fetch(url)).status, 200, 'the value taken first');
        };
        try {
            await rejects(sample.getBlob({ key: 'taken' }), Code.transferFailed, 'getBlob of a taken value',
                /^sample\.getBlob: could not receive result: 404 /);
        } finally {
            watch.beforeDownload = undefined;
        }
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('a large Uint8Array inside an any value (a send) arrives natively as its base64 text', async () => {
        const contents = everyByte(INLINE);
        // The user module's client learns the fast path from its own $hello answer.
        eq((await env.client.user.capabilities()).bytes?.inline, INLINE, 'user capabilities.bytes');
        watch.take();
        env.client.user.logEvent({ name: 'photo', parameters: { photo: contents, small: contents.subarray(0, 3) } });
        const recorded = await calls(env, 1);
        eq(recorded.map((c) => c.method), ['logEvent'], 'the handler call');
        eq(recorded[0].params.parameters, { photo: base64(contents), small: base64(contents.subarray(0, 3)) }, 'parameters as native decoded them');
        eq(watch.take().map((r) => [r.method, r.length]), [['POST', INLINE]], 'the large one was uploaded');
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('an upload cut off mid-way rejects -16 before posting; the store keeps nothing', async () => {
        await env.control({ cmd: 'tearNextUpload' });
        await rejects(sample.setBlob({ key: 'torn', contents: patternBytes(4 * INLINE) }), Code.transferFailed, 'torn upload',
            /^sample\.setBlob: could not send params\.contents: /);
        eq(await env.control({ cmd: 'calls' }), [], 'no handler call');
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers after the torn upload');
        await roundTrip(env, watch, 'after-torn', patternBytes(INLINE), true);
    });
    return cases;
}

function smallMaxCases(env, watch) {
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    const { sample } = env.client;
    t('a value over max is refused before anything is uploaded or posted', async () => {
        eq((await sample.capabilities()).bytes?.max, MIB, 'capabilities.bytes.max');
        watch.take();
        await rejects(sample.setBlob({ key: 'big', contents: new Uint8Array(MIB + 1) }), Code.invalidParams, 'over max',
            `sample.setBlob: could not post the message: params.contents: expected bytes of at most ${MIB}, got ${MIB + 1}`);
        eq(watch.take(), [], 'no upload');
        eq(await env.control({ cmd: 'calls' }), [], 'no handler call');
    });
    t('a value of exactly max round trips byte-exact', async () => {
        await roundTrip(env, watch, 'max', patternBytes(MIB), true);
    });
    t('native refuses an upload declaring more than max with 413, before reading it', async () => {
        const out = await host(env, { upload: { origin: ORIGIN, file: '/dev/null', declaredLength: MIB + 1, torn: false } });
        eq(out.http.status, 413, `upload of ${MIB + 1}: ${show(out.http)}`);
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    return cases;
}

/** Without the path (iOS: no transfer store; Android: none, or a WebView without WEB_MESSAGE_ARRAY_BUFFER). */
function fallbackCases(env, watch) {
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    const { sample } = env.client;
    t('without the bytes path $hello offers no fast path', async () => {
        eq((await sample.capabilities()).bytes, null, 'capabilities.bytes');
        if (env.phase === 'no-feature') await logMatching(env, /this WebView lacks WEB_MESSAGE_ARRAY_BUFFER/);
    });
    t('values over inline go inline as base64: no transfer', async () => {
        await watch.trip(env, 'inline+1', patternBytes(INLINE + 1), false);
        await watch.trip(env, 'mib', everyByte(MIB), false);
    });
    t('10 MiB still round trips inline', async () => {
        await watch.trip(env, 'ten', patternBytes(10 * MIB), false, { timeoutMs: 120000 });
    });
    t('over 10 MiB is refused before posting, as without the fast path', async () => {
        await rejects(sample.setBlob({ key: 'big', contents: new Uint8Array(10 * MIB + 1) }), Code.invalidParams, 'over the inline limit',
            `sample.setBlob: could not post the message: params.contents: expected bytes of at most ${10 * MIB}, got ${10 * MIB + 1}`);
        eq(watch.posted(), [], 'no transfer');
        eq(await env.control({ cmd: 'calls' }), [], 'no handler call');
    });
    return cases;
}

/**
 * Android: watches the modules' objects while the suite runs: the ArrayBuffers the page posts and
 * the `$bytes` list of each message (`posts`), the binary frames native sends (`received`, their lengths).
 */
function watchFrames(env) {
    const names = Object.getOwnPropertyNames(globalThis).filter((n) => n.startsWith('__bridgegen_') && !n.endsWith('bridgegenConsole'));
    const watch = { sent: [], lists: [], received: [], restores: [], names };
    for (const name of names) {
        const object = globalThis[name];
        const original = object.postMessage;
        object.postMessage = function (message) {
            const result = original.call(this, message);
            if (typeof message !== 'string') {
                watch.sent.push(message.byteLength);
            } else {
                const parsed = JSON.parse(message);
                if (parsed.type !== '$hello' && parsed.type !== '$cancel') watch.lists.push(parsed.$bytes);
            }
            return result;
        };
        const listener = (event) => {
            if (typeof event.data !== 'string') watch.received.push(event.data.byteLength);
        };
        object.addEventListener('message', listener);
        watch.restores.push(() => {
            object.postMessage = original;
            object.removeEventListener('message', listener);
        });
    }
    watch.object = globalThis[env.transport === 'callback' ? '__bridgegen_uniBridgeCall' : '__bridgegen_sample'];
    watch.take = () => ({ sent: watch.sent.splice(0), lists: watch.lists.splice(0), received: watch.received.splice(0) });
    watch.trip = (env, key, contents, fast, options) => androidRoundTrip(env, watch, key, contents, fast, options);
    watch.posted = () => watch.take().sent;
    watch.restore = () => watch.restores.forEach((restore) => restore());
    return watch;
}

/** Native's log lines since the last drain, waiting (at most 3 s) until one matches `pattern`. */
async function logMatching(env, pattern) {
    let all = [];
    for (let i = 0; i < 300 && !all.some((line) => pattern.test(line)); i++) {
        all = all.concat(await env.control({ cmd: 'logs' }));
        if (!all.some((line) => pattern.test(line))) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    check(all.some((line) => pattern.test(line)), `no log line matches ${pattern}: ${show(all)}`);
    return all;
}

/**
 * Android: setBlob then getBlob of `contents`, byte-exact; when `fast`, one ArrayBuffer each way
 * (the value's own length) and the messages list it; otherwise none.
 */
async function androidRoundTrip(env, watch, key, contents, fast, options = {}) {
    const { sample } = env.client;
    watch.take();
    await env.control({ cmd: 'calls' });
    eq(await sample.setBlob({ key, contents }, options), true, `setBlob ${contents.length}`);
    const sent = watch.take();
    eq((await calls(env, 1)).map((c) => c.params.length), [contents.length], 'the length native decoded');
    bytesExact(await sample.getBlob({ key }, options), contents, `getBlob ${contents.length}`);
    const received = watch.take();
    eq([sent.sent, received.received], fast ? [[contents.length], [contents.length]] : [[], []], 'the binary frames, page to native and back');
    if (fast) eq(sent.lists, [[{ length: contents.length }]], 'the message lists its value');
    const capable = (await sample.capabilities()).bytes !== null;
    if (!capable) eq(sent.lists.concat(received.lists), [undefined, undefined], 'no $bytes list without the path');
}

function androidFastCases(env, watch) {
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    const { sample } = env.client;
    const slow = { timeoutMs: 120000 };
    const max = ANDROID_PHASES.fast.transfers.max;

    t('a value over 10 MiB as the first request waits for the $hello answer and takes the fast path', async () => {
        await androidRoundTrip(env, watch, 'first', patternBytes(10 * MIB + 1), true, slow);
    });
    t('$hello offers binary frames: frames, inline and max as the host set them', async () => {
        eq((await sample.capabilities()).bytes, { frames: 'arraybuffer', inline: INLINE, max }, 'capabilities.bytes');
    });
    roundTripCases(t, env, watch, 'as binary frames');
    t('nothing is held natively after the round trips', async () => {
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('every request asks for binary results: one with no long value lists none', async () => {
        watch.take();
        eq(await sample.getItem({ key: 'none' }), null, 'getItem');
        eq(watch.take().lists, [[]], 'the $bytes lists posted');
    });
    t('a view into a larger buffer crosses as its own bytes; the page keeps its buffer', async () => {
        const whole = patternBytes(3 * INLINE);
        const view = whole.subarray(INLINE, 2 * INLINE + 7);
        await androidRoundTrip(env, watch, 'view', view, true);
        bytesExact(whole, patternBytes(3 * INLINE), 'the whole buffer after');
    });
    t('the object refuses a Uint8Array (a view), as the WebView does', async () => {
        let thrown;
        try {
            watch.object.postMessage(new Uint8Array(4));
        } catch (error) {
            thrown = error;
        }
        check(thrown instanceof TypeError, `postMessage(Uint8Array) threw ${thrown}`);
    });
    t('a binary frame no message names is dropped at the next message, which is answered', async () => {
        await env.control({ cmd: 'logs' });
        watch.object.postMessage(new ArrayBuffer(INLINE));
        eq(await sample.getItem({ key: 'none' }), null, 'getItem after the stray frame');
        await logMatching(env, /dropped 1 binary frame\(s\) that no message named/);
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('a binary frame from a frame the policy refuses (a subframe) is dropped natively', async () => {
        await env.control({ cmd: 'logs' });
        const object = watch.object === globalThis.__bridgegen_uniBridgeCall ? '__bridgegen_uniBridgeCall' : '__bridgegen_sample';
        await host(env, { post: { object, binaryLength: INLINE, subframe: true } });
        await logMatching(env, /dropped a binary frame on '[A-Za-z]+' from "https:\/\/appassets\.androidplatform\.net", a subframe/);
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    t('a message whose binary frame never came is refused -3 before its handler runs', async () => {
        const original = watch.object.postMessage;
        watch.object.postMessage = function (message) {
            return typeof message === 'string' ? original.call(this, message) : undefined;
        };
        try {
            await rejects(sample.setBlob({ key: 'lost', contents: patternBytes(INLINE + 3) }), Code.invalidParams, 'a lost frame',
                `$bytes[0]: expected a binary frame of ${INLINE + 3} bytes before the message, got none`);
        } finally {
            watch.object.postMessage = original;
        }
        eq(await env.control({ cmd: 'calls' }), [], 'no handler call');
    });
    t('a binary frame of another length than the message says is refused -3; the next request works', async () => {
        const original = watch.object.postMessage;
        watch.object.postMessage = function (message) {
            return original.call(this, typeof message === 'string' ? message : message.slice(1));
        };
        try {
            await rejects(sample.setBlob({ key: 'short', contents: patternBytes(INLINE) }), Code.invalidParams, 'a short frame',
                `$bytes[0]: expected a binary frame of ${INLINE} bytes before the message, got ${INLINE - 1}`);
        } finally {
            watch.object.postMessage = original;
        }
        await androidRoundTrip(env, watch, 'after-short', patternBytes(INLINE), true);
    });
    t("a result whose binary frame does not reach the page rejects -16 naming it; the next one arrives", async () => {
        eq(await sample.setBlob({ key: 'dropped', contents: patternBytes(INLINE) }), true, 'setBlob');
        await env.control({ cmd: 'dropNextBinaryFrame' });
        await rejects(sample.getBlob({ key: 'dropped' }), Code.transferFailed, 'getBlob of a dropped frame',
            `sample.getBlob: could not receive result: expected ${INLINE} bytes, got none`);
        bytesExact(await sample.getBlob({ key: 'dropped' }), patternBytes(INLINE), 'getBlob again');
    });
    t("a timed-out request's result frame is taken at its answer, not handed to the next request", async () => {
        eq(await sample.setBlob({ key: 'late', contents: everyByte(2 * INLINE) }), true, 'setBlob');
        await env.control({ cmd: 'hold', ms: 300 });
        await rejects(sample.getBlob({ key: 'late' }, { timeoutMs: 50 }), Code.timeout, 'getBlob held');
        await new Promise((resolve) => setTimeout(resolve, 600));
        bytesExact(await sample.getBlob({ key: 'late' }), everyByte(2 * INLINE), 'the next getBlob');
    });
    t('a large Uint8Array inside an any value (a send) arrives natively as its base64 text', async () => {
        const contents = everyByte(INLINE);
        eq((await env.client.user.capabilities()).bytes?.inline, INLINE, 'user capabilities.bytes');
        watch.take();
        env.client.user.logEvent({ name: 'photo', parameters: { photo: contents, small: contents.subarray(0, 3) } });
        const recorded = await calls(env, 1);
        eq(recorded.map((c) => c.method), ['logEvent'], 'the handler call');
        eq(recorded[0].params.parameters, { photo: base64(contents), small: base64(contents.subarray(0, 3)) }, 'parameters as native decoded them');
        eq(watch.take().sent, [INLINE], 'the large one went as a binary frame');
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
    });
    return cases;
}

function androidSmallMaxCases(env, watch) {
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    const { sample } = env.client;
    t('a value over max is refused before anything is posted', async () => {
        eq((await sample.capabilities()).bytes?.max, MIB, 'capabilities.bytes.max');
        watch.take();
        await rejects(sample.setBlob({ key: 'big', contents: new Uint8Array(MIB + 1) }), Code.invalidParams, 'over max',
            `sample.setBlob: could not post the message: params.contents: expected bytes of at most ${MIB}, got ${MIB + 1}`);
        eq(watch.take().sent, [], 'no binary frame');
        eq(await env.control({ cmd: 'calls' }), [], 'no handler call');
    });
    t('a value of exactly max round trips byte-exact', async () => {
        await androidRoundTrip(env, watch, 'max', patternBytes(MIB), true);
    });
    t('native drops a binary frame over max (it cannot refuse it before it exists), holding nothing', async () => {
        await env.control({ cmd: 'logs' });
        const object = watch.object === globalThis.__bridgegen_uniBridgeCall ? '__bridgegen_uniBridgeCall' : '__bridgegen_sample';
        await host(env, { post: { object, binaryLength: MIB + 1 } });
        await logMatching(env, new RegExp(`dropped a binary frame of ${MIB + 1} bytes: it is over the limit of ${MIB} bytes`));
        eq(await held(env), { entries: 0, heldBytes: 0 }, 'transfers');
        eq(await sample.getItem({ key: 'none' }), null, 'the next request');
    });
    return cases;
}

function describeError(error) {
    if (!(error instanceof Error)) return String(error);
    const where = (error.stack || '').split('\n').filter((l) => l.includes('bytes.js')).slice(0, 2).join(' <- ');
    return `${error.name === 'Error' ? '' : error.name + ': '}${error.message}${where ? `\n    at ${where.trim()}` : ''}`;
}

export async function run(env) {
    BYTES_URL = env.bytesUrl ?? BYTES_URL;
    ORIGIN = env.origin ?? ORIGIN;
    if (env.platform === 'android') return runCases(env, watchFrames(env), { fast: androidFastCases, 'small-max': androidSmallMaxCases,
        fallback: fallbackCases, 'no-feature': fallbackCases }[env.phase]);
    return runCases(env, watchTransfers(), { fast: fastCases, 'small-max': smallMaxCases, fallback: fallbackCases }[env.phase]);
}

async function runCases(env, watch, make) {
    if (!make) throw new Error(`unknown bytes phase ${env.phase}`);
    const lines = [];
    let passed = 0;
    let failed = 0;
    try {
        for (const c of make(env, watch)) {
            const started = Date.now();
            try {
                await env.control({ cmd: 'calls' });
                await c.body();
                passed += 1;
                lines.push(`ok ${env.transport}/${env.phase}: ${c.name} (${Date.now() - started} ms)`);
            } catch (error) {
                failed += 1;
                lines.push(`FAIL ${env.transport}/${env.phase}: ${c.name}\n    ${describeError(error)}`);
            }
            if (env.log) env.log(lines[lines.length - 1]);
        }
    } finally {
        watch.restore();
    }
    return { passed, failed, lines };
}
