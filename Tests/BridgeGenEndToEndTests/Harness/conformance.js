// The bridgegen end-to-end conformance cases. They run inside the page (a real WebKitGTK page,
// or node with a fake `window.webkit` piped to the same Swift test host), use the compiled
// generated TypeScript client exactly as an app's page would, and ask the harness ("native
// side") for what only native can do through `env.control(cmd)`:
//
//   {cmd: 'host', line}     one command to the Swift test host (emit, hub, terminate, reset);
//                           the scripts it produces are evaluated in the page before this resolves
//   {cmd: 'calls'}          the handler calls the host recorded since the last drain
//   {cmd: 'logs'}           the host's BridgeLog lines since the last drain
//   {cmd: 'stats'}          counters of the harness: messages, requests, answers, duplicates, hellos
//   {cmd: 'hold', ms}       delay the next bridge message by ms (a slow native side)
//
//   {cmd: 'host', line: {rawPageCall: {body, arguments}}}   a call through the session's call
//                           function, run in this page by the harness (callAsyncJavaScript)
//
// `run(env)` returns {passed, failed, lines}. env: {engine ('node' | 'webkit' | 'chromium'),
// platform ('ios' when absent, 'android' or 'arkts'), transport, mode, client, control, log}.
// On Android (docs/WIRE.md, "Android") a hand-written page posts JSON text on the injected
// objects `window.__bridgegen_<channel>` and reads answer frames, in both transports; events are
// frames (a host line's `events`, where iOS has its `scripts`); page calls are evaluated scripts
// that post `$answer`. On HarmonyOS (ArkWeb) the same, except that the objects are
// `window.__bridgegen_ohos_<channel>` and take `postMessage(text, deliver)`: the frames answering
// a post reach the `deliver` function passed with it.
// Modes: 'main' (trusted page, handlers registered), 'untrusted' (the page's origin is not
// trusted by the generated origin policy), 'bare' (no message handlers: a desktop browser),
// 'frames' (WebKitGTK: an iframe of the trusted origin, frame.html, with its own client; the
// harness learns the sending frame from the engine, docs/E2E.md "Frames").

/* global window */

const g = globalThis;

export const HOSTILE = [
    'double " quote and \' apostrophe',
    'back\\slash \\\\ \\u0041 \\n \\"',
    'line\u2028separator\u2029paragraph',
    '</script><script>alert(1)</script>',
    '<!-- comment --> & &amp; <![CDATA[ ]]>',
    'emoji \ud83d\ude00 \ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67 \ud83c\uddef\ud83c\uddf5',
    'nul\u0000byte\u0000',
    'controls \u0001\u0008\t\n\r\u000b\u000c\u001b\u001f\u007f\u0080\u0085\u009f',
    'bom \ufeff zero\u200bwidth \ufffe \uffff',
    'e\u0301 versus \u00e9 and \u212b',
    '${template} `backtick` );alert(1);//',
    '"}]});window.pwned=1;//',
    'astral \ud800\udc00 \udbff\udfff',
    '',
];
// One long string of everything, repeated (about 12 KB).
HOSTILE.push(Array.from({ length: 40 }, (_, i) => HOSTILE[i % HOSTILE.length] + i).join('|'));

const CALLBACK_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;

export function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

export function show(value) {
    try {
        return JSON.stringify(value);
    } catch {
        return String(value);
    }
}

function deepEqual(a, b) {
    if (a === b) return true;
    if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (!deepEqual.keys(ka, kb)) return false;
    return ka.every((k) => deepEqual(a[k], b[k]));
}
deepEqual.keys = (a, b) => a.length === b.length && a.every((k, i) => k === b[i]);

class Failure extends Error {}

export function check(condition, message) {
    if (!condition) throw new Failure(message);
}

export function eq(actual, expected, what) {
    if (!deepEqual(actual, expected)) throw new Failure(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Code points of a string, for readable byte-exact failure messages. */
function units(s) {
    return typeof s === 'string' ? Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ') : show(s);
}

/** A `Uint8Array` equal to `expected` byte for byte; names the first difference. */
export function bytesExact(actual, expected, what) {
    // Not `check(...)`: its message would be built (the value as JSON) for every call, 100 MiB too.
    if (!(actual instanceof Uint8Array)) throw new Failure(`${what}: expected a Uint8Array, got ${show(actual)}`);
    check(actual.length === expected.length, `${what}: expected ${expected.length} bytes, got ${actual.length}`);
    for (let i = 0; i < expected.length; i++) {
        if (actual[i] !== expected[i]) throw new Failure(`${what}: byte ${i} is ${actual[i]}, expected ${expected[i]}`);
    }
}

/** `length` bytes that are not a repeating run (so a dropped or moved chunk shows). */
export function patternBytes(length) {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = (i * 7 + (i >>> 8) + (i >>> 16)) & 0xff;
    return bytes;
}

function exact(actual, expected, what) {
    if (actual !== expected) throw new Failure(`${what}: not byte-exact\n  expected ${units(expected)}\n  got      ${units(actual)}`);
}

/** Awaits a promise that must reject with a BridgeError of `code` (and `message` when given). */
export async function rejects(promise, code, what, message) {
    let outcome;
    try {
        outcome = { value: await promise };
    } catch (error) {
        outcome = { error };
    }
    check(outcome.error !== undefined, `${what}: expected rejection ${code}, resolved with ${show(outcome.value)}`);
    const e = outcome.error;
    // Aborts keep the web platform's name (fetch's DOMException): 'AbortError'.
    check(e && e.name === (code === -9 ? 'AbortError' : 'BridgeError'), `${what}: rejected with a non-BridgeError ${e}`);
    check(e.code === code, `${what}: expected code ${code}, got ${e.code} (${e.message})`);
    if (message !== undefined) {
        if (message instanceof RegExp) check(message.test(e.message), `${what}: message ${show(e.message)} does not match ${message}`);
        else exact(e.message, message, `${what} message`);
    }
    return e;
}

function callbackGlobals() {
    return Object.keys(g).filter((k) => k.startsWith('__bg_cb_'));
}

/** A hand-written page's callback (seed 001 style): resolves with the parsed answer, or 'silence'. */
function handCallback(name, timeoutMs = 1500) {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
            delete g[name];
            resolve('silence');
        }, timeoutMs);
        g[name] = (answer) => {
            clearTimeout(timer);
            delete g[name];
            if (typeof answer !== 'string') {
                reject(new Failure(`${name}: the answer is a ${typeof answer}, not a JSON string`));
                return;
            }
            try {
                resolve(JSON.parse(answer));
            } catch (error) {
                reject(new Failure(`${name}: the answer is not JSON: ${answer}`));
            }
        };
    });
}

let handCounter = 0;

const isAndroid = (env) => env.platform === 'android';
const isArkTS = (env) => env.platform === 'arkts';
/** The shells whose page posts JSON text on injected objects and gets frames back: Android, HarmonyOS. */
const isInjected = (env) => isAndroid(env) || isArkTS(env);

/** A channel as a hand-written page reaches it: WebKit's message handler, or the shell's injected object. */
function channelObject(env, channel) {
    // ArkWeb: the console script's object keeps the name it looks for on every injected shell.
    if (isArkTS(env)) return g[(channel === 'bridgegenConsole' ? '__bridgegen_' : '__bridgegen_ohos_') + channel];
    return isAndroid(env) ? g['__bridgegen_' + channel] : g.webkit.messageHandlers[channel];
}

/**
 * ArkWeb: the `deliver` function the page's client passes with its posts on `object` (its frame
 * router's, runtime.ts), or one that drops every frame. A hand-written post passes it on for the
 * frames it does not own (events go to the function of the module's latest `$hello`).
 */
function clientDeliver(object) {
    const routers = g[Symbol.for('bridgegen.android.v1')];
    const router = routers instanceof WeakMap ? routers.get(object) : undefined;
    return router && typeof router.deliver === 'function' ? router.deliver : () => {};
}

/** Posts JSON text on an injected object; on ArkWeb with a page function for its frames (by default the client's). */
function postText(env, object, text, deliver = clientDeliver(object)) {
    if (isArkTS(env)) object.postMessage(text, deliver);
    else object.postMessage(text);
}

/** The channel of a module's messages: its own (reply transport) or the shared one. */
function channelOf(env, module) {
    return env.transport === 'reply' ? module : 'uniBridgeCall';
}

/**
 * Android and ArkWeb: posts `text` on `channel`'s object and resolves with the envelope of the
 * answer frame naming `name` (Android: a 'message' event of the object; ArkWeb: a call of the
 * page function posted with it), or 'silence'.
 */
function postForAnswer(env, channel, name, text, timeoutMs = 1500) {
    const object = channelObject(env, channel);
    return new Promise((resolve, reject) => {
        let stop = () => {};
        const received = (data) => {
            let frame;
            try {
                frame = JSON.parse(data);
            } catch {
                return;
            }
            if (!frame || frame.answer !== name) return;
            clearTimeout(timer);
            stop();
            if (typeof frame.envelope !== 'object') reject(new Failure(`${name}: the answer frame carries no envelope: ${data}`));
            else resolve(frame.envelope);
        };
        const timer = setTimeout(() => {
            stop();
            resolve('silence');
        }, timeoutMs);
        if (isArkTS(env)) {
            let open = true;
            stop = () => { open = false; };
            const client = clientDeliver(object);
            object.postMessage(text, (data) => {
                if (open) received(data);
                client(data);
            });
            return;
        }
        const listener = (event) => received(event.data);
        stop = () => object.removeEventListener('message', listener);
        object.addEventListener('message', listener);
        object.postMessage(text);
    });
}

/** What each event a host line sent reached the page as: iOS's event scripts, the injected shells' event frames. */
function deliveries(env, out) {
    return isInjected(env) ? out.events : out.scripts;
}

/** A module's `$hello` as a hand-written page says it (unanswered). */
function postHello(env, module) {
    const hello = { type: '$hello', data: { module, protocol: 1 } };
    if (env.transport === 'reply' && !isInjected(env)) return g.webkit.messageHandlers[module].postMessage(hello);
    postText(env, channelObject(env, channelOf(env, module)), JSON.stringify(hello));
    return undefined;
}

/**
 * Posts a message the way a hand-written page does and resolves with the envelope:
 * reply transport: the object on the module's channel, the Promise's value;
 * callback transport: a JSON string with its own callbackName on uniBridgeCall.
 */
async function handRequest(env, module, message, options = {}) {
    if (isInjected(env)) {
        handCounter += 1;
        const channel = options.channel ?? channelOf(env, module);
        const name = options.callbackName ?? `handWrittenCallback${handCounter}`;
        return postForAnswer(env, channel, name, options.raw ?? JSON.stringify({ ...message, callbackName: name }), options.timeoutMs);
    }
    const handlers = g.webkit.messageHandlers;
    if (env.transport === 'reply') {
        return handlers[options.channel ?? module].postMessage(message);
    }
    handCounter += 1;
    const name = options.callbackName ?? `handWrittenCallback${handCounter}`;
    const answered = handCallback(name, options.timeoutMs);
    const body = options.raw ?? JSON.stringify({ ...message, callbackName: name });
    handlers.uniBridgeCall.postMessage(body);
    return answered;
}

async function handSend(env, module, message) {
    if (isInjected(env)) {
        // ArkWeb keeps the order of the client's posts only: a post written by hand carries none,
        // so it gets a task of its own, as a page that needs its order must give it.
        if (isArkTS(env)) await sleep(0);
        postText(env, channelObject(env, channelOf(env, module)), JSON.stringify(message));
        if (isArkTS(env)) await sleep(0);
        return;
    }
    const handlers = g.webkit.messageHandlers;
    if (env.transport === 'reply') return handlers[module].postMessage(message).then(() => undefined);
    handlers.uniBridgeCall.postMessage(JSON.stringify(message));
    return Promise.resolve();
}

/**
 * The handler calls native recorded, waiting (bounded) until at least `count` arrived. Calls
 * reach the harness with the host's output lines; `flush` asks the host for one meanwhile (a
 * request parked natively, waiting for the page to cancel it, has no line of its own yet).
 */
export async function calls(env, count, flush = false) {
    let all = [];
    for (let i = 0; i < 200; i++) {
        if (flush) await env.control({ cmd: 'host', line: { stats: true } });
        all = all.concat(await env.control({ cmd: 'calls' }));
        if (all.length >= count) break;
        await sleep(10);
    }
    return all;
}

/** Native's log lines, waiting (bounded, 3 s) until `enough(lines)` holds. */
async function logsUntil(env, enough, ms = 3000) {
    let all = [];
    for (let i = 0; i < ms / 10; i++) {
        all = all.concat(await env.control({ cmd: 'logs' }));
        if (enough(all)) break;
        await sleep(10);
    }
    return all;
}

// -- page calls (native -> page) ------------------------------------------------------------

/** Native calls a page method through the generated Swift API; resolves with its typed outcome. */
async function callPage(env, module, method, params, timeoutMs) {
    const out = await env.control({ cmd: 'host', line: { callPage: { module, method, params, ...(timeoutMs ? { timeoutMs } : {}) } } });
    check(out.outcome !== undefined, `the host reported no outcome: ${show(out)}`);
    return out.outcome;
}

/** How many page answers native received after their call had ended (the host's count). */
async function lateAnswers(env) {
    return (await env.control({ cmd: 'host', line: { stats: true } })).lateAnswers;
}

/** Waits (up to 3 s) for exactly one more late answer than `before`: it reached native and was dropped. */
async function expectOneLateAnswer(env, before) {
    let late = before;
    for (let i = 0; i < 150 && late === before; i++) {
        await sleep(20);
        late = await lateAnswers(env);
    }
    eq(late - before, 1, 'the page\'s late answer reached native and was dropped');
}

/** Both modules' clients say $hello again (after a simulated web content process termination). */
async function helloAgain(env) {
    for (const module of ['sample', 'user']) await postHello(env, module);
    await sleep(20);
}

// -- console forwarding (the runtime's console script runs in every bridge page) ---------------

const CONSOLE_MAX_LENGTH = 2000;
const CONSOLE_PER_SECOND = 50;

/** At most `limit` UTF-16 units, never half of a surrogate pair (the script's and native's cut). */
function cutUnits(s, limit) {
    if (s.length <= limit) return s;
    const end = s.charCodeAt(limit - 1) >= 0xd800 && s.charCodeAt(limit - 1) <= 0xdbff ? limit - 1 : limit;
    return s.slice(0, end);
}

/** The line native logs for a console message: BridgeLog.consoleLine (controls escaped). */
function consoleLine(level, message) {
    let out = `[H5] ${level}: `;
    for (const ch of cutUnits(message, CONSOLE_MAX_LENGTH).toWellFormed()) {
        const c = ch.codePointAt(0);
        if (c === 0x0a) out += '\\n';
        else if (c === 0x0d) out += '\\r';
        else if (c === 0x09) out += ch;
        else if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029) out += `\\u{${c.toString(16).toUpperCase()}}`;
        else out += ch;
    }
    return out;
}

/** Native's [H5] lines, waiting (bounded) until `count` arrived; other log lines are dropped. */
async function consoleLines(env, count, ms = 3000) {
    const lines = await logsUntil(env, (l) => l.filter((x) => x.startsWith('[H5] ')).length >= count, ms);
    return lines.filter((x) => x.startsWith('[H5] '));
}

/** What a page posts on the console channel itself: the object (WebKit), or its JSON text (Android, ArkWeb). */
function postConsole(env, body) {
    const object = channelObject(env, 'bridgegenConsole');
    if (isInjected(env)) postText(env, object, JSON.stringify(body));
    else object.postMessage(body);
}

/** A new second of the console script's rate limit. */
const nextSecond = () => sleep(1050);

function envelopeOk(envelope, data, what) {
    eq(envelope, { errcode: 0, errmsg: 'ok', data }, what);
}

// ---------------------------------------------------------------------------------------------

function mainCases(env) {
    const { sample, user, BridgeErrorCode: Code } = env.client;
    const { SampleErrors } = env.client.Sample;
    const { UserErrors } = env.client.User;
    const T = env.transport;
    const cases = [];
    const t = (name, body) => cases.push({ name, body });

    // First: nothing may have used the clients yet (docs/TYPESCRIPT.md, "Events and the handshake").
    t('importing the client posts nothing; events native sends meanwhile reach a late subscriber, in order', async () => {
        const stats = await env.control({ cmd: 'stats' });
        eq([stats.messages, stats.hellos], [0, []], 'bridge messages posted by importing the client');
        check(g.__bridgegen === undefined, 'importing the client created window.__bridgegen');
        const emit = (module, event, payload) => env.control({ cmd: 'host', line: { emit: { module, event, payload } } });
        for (const seconds of [1, 2]) {
            const out = await emit('sample', 'resume', { backgroundSeconds: seconds });
            eq(deliveries(env, out), [], 'events the page got before it said $hello');
        }
        const out = await emit('user', 'loginChanged', { user: { id: 9, name: 'Late' } });
        eq(out.queued, { sample: 2, user: 1 }, 'events queued natively');
        await sleep(50); // a lazily loaded component comes along and subscribes
        const got = [];
        const off = sample.on('resume', (p) => got.push(p.backgroundSeconds));
        for (let i = 0; i < 300 && got.length < 2; i++) await sleep(10);
        off();
        eq(got, [1, 2], 'queued events delivered to the late subscriber');
        eq((await env.control({ cmd: 'stats' })).hellos, ['sample'], 'modules that said $hello');
        // once() is a first use too.
        const login = await Promise.race([user.once('loginChanged'), sleep(3000).then(() => 'nothing within 3 s')]);
        eq(login, { user: { id: 9, name: 'Late', vip_level: 0, tags: [] } }, 'user.once');
    });

    t('clients are in the app, ready() resolves, the event hub exists', async () => {
        check(sample.inApp === true && user.inApp === true, 'inApp is false');
        await sample.ready({ timeoutMs: 2000 });
        await user.ready({ timeoutMs: 2000 });
        check(g.__bridgegen && typeof g.__bridgegen.deliver === 'function', 'window.__bridgegen is missing');
        eq(g.__bridgegen.protocol, 1, 'hub protocol');
    });

    t('each client said $hello once, on its first use', async () => {
        const stats = await env.control({ cmd: 'stats' });
        eq(stats.hellos, ['sample', 'user'], 'modules that said $hello');
    });

    t('sample.deviceInfo resolves with the typed result', async () => {
        eq(await sample.deviceInfo(), {
            model: 'TestPhone', system: 'TestOS 1.0', appVersion: '1.0.0', darkMode: false,
            safeAreaInsets: { top: 47, left: 0, bottom: 34, right: 0 },
        }, 'deviceInfo');
        eq(await calls(env, 1), [{ module: 'sample', method: 'deviceInfo', params: {} }], 'handler calls');
    });

    t('sample.setItem / getItem round trip, null for a missing key', async () => {
        eq(await sample.getItem({ key: 'e2e-missing' }), null, 'missing key');
        eq(await sample.setItem({ key: 'e2e-k', value: 'v1' }), true, 'setItem');
        eq(await sample.getItem({ key: 'e2e-k' }), 'v1', 'getItem');
        eq((await calls(env, 3)).map((c) => c.method), ['getItem', 'setItem', 'getItem'], 'handler calls');
    });

    t('bytes: every byte value 0-255 and every padding length round trip byte-exact (setBlob / getBlob)', async () => {
        const all = Uint8Array.from({ length: 256 }, (_, i) => i);
        eq(await sample.setBlob({ key: 'e2e-all', contents: all }), true, 'setBlob');
        bytesExact(await sample.getBlob({ key: 'e2e-all' }), all, 'getBlob');
        eq(await sample.getBlob({ key: 'e2e-none' }), null, 'missing key');
        // 0 to 5 bytes: base64 with no padding, '==' and '=' (and the empty value).
        for (let n = 0; n <= 5; n++) {
            const part = all.slice(256 - n);
            eq(await sample.setBlob({ key: `e2e-${n}`, contents: part }), true, `setBlob ${n}`);
            bytesExact(await sample.getBlob({ key: `e2e-${n}` }), part, `getBlob ${n}`);
        }
        const recorded = await calls(env, 15);
        eq(recorded[0], { module: 'sample', method: 'setBlob', params: { key: 'e2e-all', length: 256, bytes: Array.from(all) } }, 'native decoded every byte');
        eq(recorded.filter((c) => c.method === 'setBlob').map((c) => c.params.length), [256, 0, 1, 2, 3, 4, 5], 'lengths native saw');
        // What a hand-written page sends: the base64 text itself.
        envelopeOk(await handRequest(env, 'sample', { type: 'getBlob', data: { key: 'e2e-3' } }), '/f7/', 'getBlob by hand');
        await calls(env, 1);
    });

    t('bytes: a 10 MiB payload (BridgeLimits.maxBytesLength) round trips byte-exact', async () => {
        const big = patternBytes(10 * 1024 * 1024);
        const slow = { timeoutMs: 120000 };
        eq(await sample.setBlob({ key: 'e2e-big', contents: big }, slow), true, 'setBlob 10 MiB');
        bytesExact(await sample.getBlob({ key: 'e2e-big' }, slow), big, 'getBlob 10 MiB');
        eq((await calls(env, 2)).map((c) => c.params.length ?? c.method), [big.length, 'getBlob'], 'native saw every byte');
        await env.control({ cmd: 'host', line: { reset: true } });
    });

    t('bytes: invalid base64 and over-limit values are invalidParams -3 with the path, before the handler', async () => {
        const refused = async (contents, message) => {
            const envelope = await handRequest(env, 'sample', { type: 'setBlob', data: { key: 'k', contents } }, { timeoutMs: 60000 });
            eq({ errcode: envelope.errcode, errmsg: envelope.errmsg }, { errcode: Code.invalidParams, errmsg: message }, `setBlob(${show(contents).slice(0, 40)})`);
        };
        const flaw = (why) => `params.contents: expected bytes (base64), got a string that is not base64: ${why}`;
        await refused('aGVsbG8', flaw('its length 7 is not a multiple of 4'));
        await refused('aGVs bG8=', flaw('character 4 is not in the base64 alphabet'));
        await refused('aGVsbG8=\n', flaw('character 7 is not in the base64 alphabet'));
        await refused('a-_w', flaw('character 1 is not in the base64 alphabet'));
        await refused('aG=s', flaw('character 2 is not in the base64 alphabet'));
        await refused('aGk', flaw('its length 3 is not a multiple of 4'));
        await refused('aGl=', flaw('its last character has bits set after the data'));
        await refused('QR==', flaw('its last character has bits set after the data'));
        await refused(5, 'params.contents: expected bytes (base64), got int');
        await refused(null, 'params.contents: expected bytes (base64), got null');
        // One byte over: 13,981,016 characters of base64, inside the 16 MiB message limit.
        await refused('A'.repeat(13981012) + 'AAA=', 'params.contents: expected bytes of at most 10485760, got 10485761');
        eq(await calls(env, 0), [], 'no handler was called');
        // The client refuses a Uint8Array over the limit before posting: the page hears why.
        await rejects(sample.setBlob({ key: 'k', contents: new Uint8Array(10 * 1024 * 1024 + 1) }), Code.invalidParams, 'client over the limit',
            'sample.setBlob: could not post the message: params.contents: expected bytes of at most 10485760, got 10485761');
        eq(await calls(env, 0), [], 'nothing was posted');
    });

    t('sample.share (send) reaches the handler with optional url absent and present', async () => {
        const r1 = sample.share({ text: 'hello' });
        const r2 = sample.share({ text: 'look', url: 'https://example.com/?a=1&b=<2>' });
        eq([r1, r2], [undefined, undefined], 'sends return nothing');
        eq(await calls(env, 2), [
            { module: 'sample', method: 'share', params: { text: 'hello', url: null } },
            { module: 'sample', method: 'share', params: { text: 'look', url: 'https://example.com/?a=1&b=<2>' } },
        ], 'handler calls');
    });

    t('sample.haptic (send): default style and every case', async () => {
        sample.haptic();
        for (const style of ['light', 'medium', 'heavy', 'rigid']) sample.haptic({ style });
        eq((await calls(env, 5)).map((c) => c.params.style), ['medium', 'light', 'medium', 'heavy', 'rigid'], 'styles');
    });

    t('user.getUserInfo resolves; nil optionals are left out', async () => {
        eq(await user.getUserInfo(), { id: 42, name: 'Alice', vip_level: 3, tags: ['beta', 'vip'] }, 'getUserInfo');
    });

    t('user.closePage and user.logEvent (sends) with any-typed parameters', async () => {
        user.closePage();
        user.logEvent({ name: 'checkout_started', parameters: { step: 1, ratio: 0.25, ok: true, none: null, list: [1, 'two', { three: 3 }], nested: { deep: { x: -1.5e-7 } } } });
        user.logEvent({ name: 'bare' });
        eq(await calls(env, 3), [
            { module: 'user', method: 'closePage', params: {} },
            { module: 'user', method: 'logEvent', params: { name: 'checkout_started', parameters: { step: 1, ratio: 0.25, ok: true, none: null, list: [1, 'two', { three: 3 }], nested: { deep: { x: -1.5e-7 } } } } },
            { module: 'user', method: 'logEvent', params: { name: 'bare', parameters: {} } },
        ], 'handler calls');
    });

    t('user.iosAppPrepay: purchased, pending, canceled (wire name), defaults applied', async () => {
        eq(await user.iosAppPrepay({ order: { product_id: 'gold', quantity: 2, metadata: { b: 1, a: [1.5, null] } } }),
            { status: 'purchased', transaction_id: 'tx-gold-2', receipts: { gold: ['a', 'b'] } }, 'purchased');
        eq(await user.iosAppPrepay({ order: { product_id: 'pending' } }), { status: 'pending' }, 'pending');
        eq(await user.iosAppPrepay({ order: { product_id: 'cancel' } }), { status: 'canceled' }, 'cancelled');
        const c = await calls(env, 3);
        eq(c[1].params, { order: { product_id: 'pending', quantity: 1, metadata: {} } }, 'defaults decoded natively');
    });

    t('user.reportDevice (send) with a cross-module struct and enum; JS bools and 0/1', async () => {
        user.reportDevice({ device: { model: 'm', system: 's', appVersion: '2', darkMode: true, safeAreaInsets: null }, style: 'heavy' });
        user.reportDevice({ device: { model: 'm2', system: 's2', appVersion: '3' } });
        await handSend(env, 'user', { type: 'report-device', data: { device: { model: 'm3', system: 's3', appVersion: '4', darkMode: 1 } } });
        eq(await calls(env, 3), [
            { module: 'user', method: 'reportDevice', params: { device: { model: 'm', system: 's', appVersion: '2', darkMode: true }, style: 'heavy' } },
            { module: 'user', method: 'reportDevice', params: { device: { model: 'm2', system: 's2', appVersion: '3', darkMode: false }, style: null } },
            { module: 'user', method: 'reportDevice', params: { device: { model: 'm3', system: 's3', appVersion: '4', darkMode: true }, style: null } },
        ], 'handler calls');
    });

    t('user.getToken (deprecated) resolves; logged out it is null', async () => {
        eq(await user.getToken(), 'token-abc', 'token');
        user.logEvent({ name: 'logout' });
        eq(await user.getToken(), null, 'token after logout');
        user.logEvent({ name: 'login' });
        eq(await user.getToken(), 'token-abc', 'token after login');
    });

    t('application errors: invalidKey 1001, storageFull 1002, notLoggedIn 2001, purchaseFailed 2002, purchasesDisabled 2003', async () => {
        const e = await rejects(sample.getItem({ key: '' }), SampleErrors.invalidKey, 'getItem("")', 'key must not be empty');
        eq([e.module, e.method, e instanceof env.client.BridgeError], ['sample', 'getItem', true], 'error fields');
        await rejects(sample.setItem({ key: '', value: 'x' }), 1001, 'setItem("")');
        await rejects(sample.setItem({ key: 'full', value: 'x' }), SampleErrors.storageFull, 'setItem(full)');
        await rejects(user.iosAppPrepay({ order: { product_id: 'fail' } }), UserErrors.purchaseFailed, 'prepay fail', 'The App Store refused the purchase');
        await rejects(user.iosAppPrepay({ order: { product_id: 'disabled' } }), UserErrors.purchasesDisabled, 'prepay disabled');
        user.logEvent({ name: 'logout' });
        await rejects(user.getUserInfo(), UserErrors.notLoggedIn, 'getUserInfo logged out');
        await rejects(user.iosAppPrepay({ order: { product_id: 'gold' } }), 2001, 'prepay logged out');
        user.logEvent({ name: 'login' });
        eq((await user.getUserInfo()).id, 42, 'logged in again');
    });

    t('typed error data: the page narrows purchaseFailed with its guard and reads its data', async () => {
        const { isPurchaseFailed, isPurchasesDisabled, isNotLoggedIn } = env.client.User;
        const failed = await user.iosAppPrepay({ order: { product_id: 'fail' } }).then(() => 'resolved', (e) => e);
        check(isPurchaseFailed(failed), `isPurchaseFailed: ${show(failed)}`);
        check(!isPurchasesDisabled(failed) && !isNotLoggedIn(failed), 'the other guards say no');
        eq([failed.code, failed.codeName, failed.message, failed.data], [2002, 'purchaseFailed', 'The App Store refused the purchase',
            { storeCode: 2, retryable: true }], 'code, name, message and data');
        // An error without data rejects with null data; a bridge error is no application error.
        const disabled = await user.iosAppPrepay({ order: { product_id: 'disabled' } }).then(() => 'resolved', (e) => e);
        eq([isPurchasesDisabled(disabled), disabled.data], [true, null], 'purchasesDisabled has no data');
        const unknown = await sample.getItem({ key: 'crash' }).then(() => 'resolved', (e) => e);
        eq([isPurchaseFailed(unknown), unknown.data], [false, null], 'internalError');
    });

    t('typed error data: native catches the page\'s busy by case with its data; bad data is invalidResult -13', async () => {
        const { busyError } = env.client.User;
        const off = user.implement({
            confirmLeave: async ({ reason }) => {
                if (reason === 'soon') throw busyError({ retryAfterSeconds: 2.5 }, 'saving a draft');
                if (reason === 'unsure') throw busyError();
                if (reason === 'bad') throw Object.assign(busyError(), { data: { retryAfterSeconds: 'soon' } });
                return true;
            },
        });
        try {
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'soon' }),
                { error: { code: 2004, message: 'saving a draft', caught: 'UserError.busy', retryAfterSeconds: 2.5 } }, 'caught by case, with data');
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'unsure' }),
                { error: { code: 2004, message: 'The page is in the middle of something (saving, an upload) and cannot answer now; ask again later.',
                    caught: 'UserError.busy', retryAfterSeconds: null } }, 'the default message, no data');
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'bad' }),
                { error: { code: -13, message: 'the data of the page\'s error 2004 does not decode: data.retryAfterSeconds: expected double, got string' } },
                'data that does not decode');
        } finally {
            off();
        }
    });

    t('internalError -6: a thrown non-bridge error and an unencodable result leak nothing', async () => {
        await rejects(sample.getItem({ key: 'crash' }), Code.internalError, 'getItem(crash)', 'internal error');
        await rejects(sample.setItem({ key: 'crash', value: 'x' }), -6, 'setItem(crash)', 'internal error');
        eq(await sample.setItem({ key: 'insets', value: 'nan' }), true, 'setItem(insets)');
        await rejects(sample.deviceInfo(), -6, 'deviceInfo with NaN insets', 'internal error');
        await env.control({ cmd: 'host', line: { reset: true } });
        eq((await sample.deviceInfo()).safeAreaInsets.top, 47, 'after reset');
        const logs = await env.control({ cmd: 'logs' });
        check(logs.some((l) => l.includes('handler failed')), `native logged the failure: ${show(logs)}`);
    });

    t('unknownMethod -1 for a wire name no module has (errmsg echoes it byte-exact)', async () => {
        const name = 'no-such-method "\u2028</script>\ud83d\ude00';
        const envelope = await handRequest(env, 'sample', { type: name, data: {} });
        eq(envelope.errcode, Code.unknownMethod, 'errcode');
        exact(envelope.errmsg, 'unknown method: ' + name, 'errmsg');
        eq(envelope.data, null, 'data');
        const other = await handRequest(env, 'user', { type: 'getItem', data: { key: 'x' } });
        if (T === 'reply') eq(other.errcode, -1, 'a sample method on the user channel');
        else envelopeOk(other, null, 'the shared channel routes by wire name');
    });

    t('who is calling: a send\'s and a request\'s handler read the sending frame (BridgeCaller.current)', async () => {
        // The frame the harness says the page is: a browser's own origin; under node the host's default.
        // ArkWeb: the host's frame is a bundled page, whatever origin the harness's engine serves the page from.
        const page = isArkTS(env) ? 'resource://rawfile'
            : g.location ? `${g.location.protocol.slice(0, -1)}://${g.location.host}` : isAndroid(env) ? 'app://bundle' : 'file://';
        const expected = `${page}, main frame`;
        eq(await sample.getItem({ key: 'whoIsCalling' }), expected, 'the request\'s handler, after a suspension');
        user.logEvent({ name: 'whoIsCalling', parameters: {} });
        eq((await calls(env, 2)).map((c) => c.params.caller ?? null), [null, expected], 'the send\'s handler');
        check(!String(await sample.getItem({ key: 'whoIsCalling' })).includes('nobody'), 'a second request has its caller too');
    });

    t('invalidMessage -2: bodies that are not messages', async () => {
        if (T === 'reply' && !isInjected(env)) {
            for (const body of [42, 'not json', '[1,2]', [1, 2], { data: {} }, { type: 7 }, null, true]) {
                const envelope = await g.webkit.messageHandlers.sample.postMessage(body);
                eq(envelope.errcode, Code.invalidMessage, `body ${show(body)}`);
            }
        } else {
            for (const raw of ['{"callbackName":"handInvalid1"}', '{"type":7,"callbackName":"handInvalid1"}', '{"type":null,"callbackName":"handInvalid1"}',
                               // Not JSON at all, but the callback name is readable: answered, not left to time out.
                               '{"type":"getItem","callbackName" : "handInvalid1","data":{"key":', "{'type':'getItem',\"callbackName\":\"handInvalid1\"}"]) {
                const answered = await handRequest(env, 'sample', null, { raw, callbackName: 'handInvalid1' });
                eq(answered.errcode, Code.invalidMessage, `body ${raw}`);
            }
            const before = (await env.control({ cmd: 'stats' })).answers;
            const channel = channelObject(env, channelOf(env, 'sample'));
            if (isInjected(env)) {
                // The injected objects take strings only: the number as JSON text.
                postText(env, channel, 'not json at all');
                postText(env, channel, '42');
            } else {
                channel.postMessage('not json at all');
                channel.postMessage(42);
            }
            // Wait until native processed both (it logs each), then nothing may have been evaluated.
            const logs = await logsUntil(env, (l) => l.filter((x) => x.includes('-2')).length >= 2);
            check(logs.filter((l) => l.includes('-2')).length >= 2, `native reported the unanswerable failures: ${show(logs)}`);
            eq((await env.control({ cmd: 'stats' })).answers, before, 'nothing evaluated for unanswerable bodies');
        }
    });

    t('invalidMessage -2: a body nested deeper than 128 levels is refused before it is decoded', async () => {
        let deep = [];
        for (let i = 1; i < 200; i++) deep = [deep];
        const envelope = await handRequest(env, 'user', { type: 'log-event', data: { name: 'n', parameters: { x: deep } } });
        eq(envelope.errcode, Code.invalidMessage, 'errcode');
        eq(envelope.errmsg, 'the message nests deeper than 128 levels', 'errmsg');
        let atLimit = [];
        for (let i = 1; i < 125; i++) atLimit = [atLimit];
        envelopeOk(await handRequest(env, 'user', { type: 'log-event', data: { name: 'n', parameters: { x: atLimit } } }), null, '128 levels in all');
        eq((await calls(env, 1)).length, 1, 'the message at the limit reached the handler');
    });

    t('invalidParams -3: wrong types, missing fields, bad enums, with the path', async () => {
        await rejects(sample.getItem({ key: 5 }), Code.invalidParams, 'key: int', 'params.key: expected string, got int');
        await rejects(sample.getItem({}), -3, 'key missing', 'params.key: missing required string');
        await rejects(sample.getItem(), -3, 'no params', /params\.key/);
        await rejects(sample.setItem({ key: 'k', value: true }), -3, 'value: bool', 'params.value: expected string, got bool');
        await rejects(user.iosAppPrepay({ order: { product_id: 'x', quantity: 1.5 } }), -3, 'quantity 1.5', /^params\.order\.quantity: expected int/);
        await rejects(user.iosAppPrepay({ order: { product_id: 'x', quantity: 2 ** 53 } }), -3, 'quantity 2^53', /outside/);
        await rejects(user.iosAppPrepay({ order: { quantity: 1 } }), -3, 'product_id missing', /params\.order\.product_id/);
        await rejects(user.iosAppPrepay({ order: 'gold' }), -3, 'order: string', 'params.order: expected object, got string');
        const envelope = await handRequest(env, 'sample', { type: 'getItem', data: [1] });
        eq(envelope.errcode, -3, 'data: array');
        eq(await calls(env, 0), [], 'no handler was called');
    });

    t('extra keys are ignored (a newer page), integral doubles are ints', async () => {
        eq(await sample.setItem({ key: 'extra', value: 'v', future: { x: 1 } }), true, 'extra key');
        eq((await user.iosAppPrepay({ order: { product_id: 'p', quantity: 3.0 } })).transaction_id, 'tx-p-3', 'quantity 3.0');
    });

    if (T === 'reply' && !isInjected(env)) {
        t('handlerUnavailable -5: a reply channel with no module installed natively', async () => {
            const envelope = await g.webkit.messageHandlers.legacy.postMessage({ type: 'getItem', data: { key: 'x' } });
            eq(envelope, { errcode: Code.handlerUnavailable, errmsg: "no handler is installed for 'legacy'", data: null }, 'envelope');
        });
    }
    if (T === 'reply' && isInjected(env)) {
        // Android, ArkWeb: a listener (an object) stays when the app uninstalls its module from the session.
        t('handlerUnavailable -5: a module\'s channel whose module the app uninstalled from the session', async () => {
            await env.control({ cmd: 'host', line: { module: 'sample', installed: false } });
            try {
                const envelope = await handRequest(env, 'sample', { type: 'getItem', data: { key: 'x' } });
                eq(envelope, { errcode: Code.handlerUnavailable, errmsg: "no handler is installed for 'sample'", data: null }, 'envelope');
            } finally {
                await env.control({ cmd: 'host', line: { module: 'sample', installed: true } });
            }
            eq(await sample.getItem({ key: 'x' }), null, 'installed again');
        });
    }

    t('timeout -8 (slow native), the late answer is ignored and the callback global removed', async () => {
        await env.control({ cmd: 'hold', ms: 400 });
        await rejects(sample.getItem({ key: 'late' }, { timeoutMs: 100 }), Code.timeout, 'held request', /no answer within 100 ms/);
        eq(callbackGlobals(), [], 'callback globals after the timeout');
        await sleep(600);
        eq(await sample.getItem({ key: 'after-late' }), null, 'the bridge still answers');
        eq(callbackGlobals(), [], 'callback globals after the late answer');
    });

    t('cancellation: aborting or timing out cancels the native Task ($cancel); the page rejects once', async () => {
        eq((await sample.capabilities()).cancel, true, 'the app says it understands $cancel');
        await env.control({ cmd: 'calls' });
        const controller = new AbortController();
        const aborted = sample.getItem({ key: 'slow' }, { signal: controller.signal });
        let settled = 0;
        aborted.then(() => { settled += 1; }, () => { settled += 1; });
        eq((await calls(env, 1, true)).map((c) => c.method), ['getItem'], 'the handler started');
        controller.abort();
        controller.abort();
        await rejects(aborted, Code.aborted, 'aborted', 'sample.getItem: aborted');
        const cancelled = await calls(env, 1, true);
        eq(cancelled, [{ module: 'sample', method: 'getItem.cancelled', params: { isCancelled: true } }],
            'native saw the cancellation');
        await rejects(sample.getItem({ key: 'slow' }, { timeoutMs: 100 }), Code.timeout, 'timed out');
        eq((await calls(env, 2, true)).map((c) => c.method), ['getItem', 'getItem.cancelled'], 'a timeout cancels too');
        await sleep(50);
        eq(settled, 1, 'the Promise settled once');
        eq(await sample.getItem({ key: 'after-cancel' }), null, 'the bridge still answers');
        eq((await calls(env, 1)).map((c) => c.params.key), ['after-cancel'], 'nothing finished late');
    });

    t('stream: 1,000 items in order, bytes decoded, then the result; native ran to its end', async () => {
        await env.control({ cmd: 'calls' });
        const stream = sample.download({ url: 'test://items/1000' });
        let next = 0;
        for await (const chunk of stream) {
            eq([chunk.offset, chunk.total], [next, 1000], `item ${next}`);
            check(chunk.data instanceof Uint8Array && chunk.data.length === 1 && chunk.data[0] === next % 256, `item ${next}'s bytes: ${show(chunk.data)}`);
            next += 1;
        }
        eq(next, 1000, 'items read');
        eq(await stream.result, 1000, 'the result');
        eq((await calls(env, 2)).map((c) => c.method), ['download', 'download.finished'], 'native calls');
        eq(callbackGlobals(), [], 'callback globals after the stream');
    });

    t('stream: an error after items is thrown by the loop after them, typed, with its data', async () => {
        const stream = sample.download({ url: 'test://fail/5' });
        const seen = [];
        let thrown;
        try {
            for await (const chunk of stream) seen.push(chunk.offset);
        } catch (e) {
            thrown = e;
        }
        eq(seen, [0, 1, 2, 3, 4], 'the items before the error');
        check(env.client.Sample.isDownloadFailed(thrown), `a downloadFailed error: ${show(thrown)}`);
        eq([thrown.code, thrown.codeName, thrown.data], [SampleErrors.downloadFailed, 'downloadFailed', { received: 5 }], 'code and data');
        await rejects(stream.result, SampleErrors.downloadFailed, 'result');
    });

    t('stream: leaving the loop early cancels the native handler ($cancel); the result rejects aborted', async () => {
        await env.control({ cmd: 'calls' });
        const stream = sample.download({ url: 'test://hold/3' });
        // The request stays parked natively: a line of the host's flushes its items to the page.
        eq((await calls(env, 1, true)).map((c) => c.method), ['download'], 'the handler started');
        const seen = [];
        for await (const chunk of stream) {
            seen.push(chunk.offset);
            if (seen.length === 3) break;
        }
        eq(seen, [0, 1, 2], 'items read before leaving');
        await rejects(stream.result, Code.aborted, 'result after break');
        eq(await calls(env, 1, true), [{ module: 'sample', method: 'download.cancelled', params: { isCancelled: true } }],
            'native saw the cancellation');
        const controller = new AbortController();
        const aborted = sample.download({ url: 'test://hold/2' }, { signal: controller.signal });
        eq((await calls(env, 1, true)).map((c) => c.method), ['download'], 'the second handler started');
        const iterator = aborted[Symbol.asyncIterator]();
        eq((await iterator.next()).value.offset, 0, 'first item');
        controller.abort();
        await rejects(iterator.next(), Code.aborted, 'the loop after an abort');
        eq((await calls(env, 1, true)).map((c) => c.method), ['download.cancelled'], 'an abort cancels too');
        eq(await sample.getItem({ key: 'after-stream' }), null, 'the bridge still answers');
    });

    t('stream: a page that reads slower than the buffer allows fails streamOverflow -15 (without a window), or drops the oldest', async () => {
        const noID = await handRequest(env, 'sample', { type: 'download', data: { url: 'test://items/1' } });
        eq([noID.errcode, noID.errmsg], [Code.invalidMessage, "a stream request needs a string 'id' of at most 256 UTF-16 units"],
            'a stream request without an id');
        const full = sample.download({ url: 'test://items/40' }, { bufferSize: 10 });
        if ((await sample.capabilities()).window === true) {
            // The window (10 here) holds native back until the loop reads: nothing overflows.
            await sleep(50);
            const offsets = [];
            for await (const chunk of full) offsets.push(chunk.offset);
            eq(offsets, Array.from({ length: 40 }, (_, i) => i), 'a late loop reads every item');
            eq(await full.result, 40, 'the result');
        } else {
            await rejects(full.result, Code.streamOverflow, 'overflow', /more than 10 items were unread/);
            let thrown;
            try {
                for await (const chunk of full) check(chunk === undefined, 'no item after an overflow');
            } catch (e) {
                thrown = e;
            }
            eq(thrown && thrown.code, Code.streamOverflow, 'the loop throws the overflow');
        }
        const latest = sample.download({ url: 'test://items/40' }, { bufferSize: 10, overflow: 'dropOldest' });
        eq(await latest.result, 40, 'dropOldest: the stream ends normally');
        const kept = [];
        for await (const chunk of latest) kept.push(chunk.offset);
        eq(kept, [30, 31, 32, 33, 34, 35, 36, 37, 38, 39], 'the newest items were kept');
    });

    // Flow control (docs/WIRE.md, "Streams"): with the window, native waits for the loop.
    // Every native of this version says so: a stream without the window would overflow (-15) here.
    const windowed = async () => {
        check((await sample.capabilities()).window === true, 'the app says "window": true');
    };

    t('stream window: a slow reader (5 ms an item, bufferSize 4) reads all 200 items in order, no overflow', async () => {
        await windowed();
        const stream = sample.download({ url: 'test://items/200' }, { bufferSize: 4 });
        let next = 0;
        for await (const chunk of stream) {
            eq([chunk.offset, chunk.total], [next, 200], `item ${next}`);
            next += 1;
            await sleep(5);
        }
        eq(next, 200, 'items read');
        eq(await stream.result, 200, 'the result');
        await sleep(20);
    });

    t('stream window: a fast reader of 1,000 items with the default options gets them all in order', async () => {
        await windowed();
        const stream = sample.download({ url: 'test://items/1000' });
        let next = 0;
        for await (const chunk of stream) {
            eq(chunk.offset, next, `item ${next}`);
            next += 1;
        }
        eq(next, 1000, 'items read');
        eq(await stream.result, 1000, 'the result');
        // The loop's last `$read` reaches native now, not as the next case's first message.
        await sleep(20);
    });

    t('aborted -9 (AbortSignal): the request rejects at once, the late answer is ignored, the callback global removed', async () => {
        await env.control({ cmd: 'hold', ms: 300 });
        const controller = new AbortController();
        const pending = sample.getItem({ key: 'aborted' }, { signal: controller.signal });
        await sleep(50);
        controller.abort();
        const error = await rejects(pending, Code.aborted, 'aborted request', 'sample.getItem: aborted');
        check(error instanceof env.client.BridgeError, 'an abort is a BridgeError');
        eq(callbackGlobals(), [], 'callback globals after the abort');
        await sleep(450);
        eq(await sample.getItem({ key: 'after-abort' }), null, 'the bridge still answers');
        eq(callbackGlobals(), [], 'callback globals after the late answer');
        eq((await calls(env, 2)).map((c) => c.params.key), ['aborted', 'after-abort'], 'native still ran the aborted request');
    });

    t('hostile strings round-trip byte-exact (params, results, native handler)', async () => {
        for (let i = 0; i < HOSTILE.length; i++) {
            const s = HOSTILE[i];
            const key = `h${i}:${s}`;
            eq(await sample.setItem({ key, value: s }), true, `setItem #${i}`);
            exact(await sample.getItem({ key }), s, `getItem #${i}`);
            const c = await calls(env, 2);
            exact(c[0].params.key, key, `native saw key #${i}`);
            exact(c[0].params.value, s, `native saw value #${i}`);
        }
    });

    t('hostile strings in sends, any-values, map keys and error messages', async () => {
        for (let i = 0; i < HOSTILE.length; i++) {
            const s = HOSTILE[i];
            sample.share({ text: s, url: s });
            user.logEvent({ name: s, parameters: { [s + 'k']: [s, { [s]: s }] } });
            const c = await calls(env, 2);
            // ArkWeb keeps the order of each object's posts: in the reply transport these two are
            // two modules' objects, whose posts keep no order between them.
            const [shared, logged] = isArkTS(env) && env.transport === 'reply'
                ? ['share', 'logEvent'].map((m) => c.find((x) => x.method === m) ?? { params: {} }) : c;
            exact(shared.params.text, s, `share text #${i}`);
            exact(shared.params.url, s, `share url #${i}`);
            exact(logged.params.name, s, `logEvent name #${i}`);
            eq(logged.params.parameters, { [s + 'k']: [s, { [s]: s }] }, `logEvent parameters #${i}`);
            const r = await user.iosAppPrepay({ order: { product_id: s || 'empty', metadata: { [s]: 1 } } });
            exact(r.transaction_id, `tx-${s || 'empty'}-1`, `prepay transaction_id #${i}`);
            exact(Object.keys(r.receipts)[0], s || 'empty', `prepay receipts key #${i}`);
            exact(r.receipts[s || 'empty'][0], s, `prepay receipts value #${i}`);
            await calls(env, 1);
        }
        await rejects(user.iosAppPrepay({ order: { product_id: 'x', quantity: HOSTILE[2] } }), -3, 'hostile in a type error');
    });

    t('events: every event of Schemas/ delivered with typed payloads, in order', async () => {
        const got = [];
        const offs = [
            sample.on('resume', (p) => got.push(['resume', p])),
            sample.on('loadError', (p) => got.push(['loadError', p])),
            user.on('loginChanged', (p) => got.push(['loginChanged', p])),
        ];
        const failure = { url: 'app://x/' + HOSTILE[3], code: -1009, message: HOSTILE[5] + HOSTILE[2] + HOSTILE[6] };
        const emit = (module, event, payload) => env.control({ cmd: 'host', line: { emit: { module, event, payload } } });
        await emit('sample', 'resume', { backgroundSeconds: 12.5 });
        await emit('sample', 'loadError', { failure });
        await emit('sample', 'loadError', { failure: { ...failure, retryable: false } });
        await emit('user', 'loginChanged', { user: { id: 7, name: HOSTILE[0], tags: ['a'] } });
        await emit('user', 'loginChanged', { user: null });
        await emit('sample', 'resume', { backgroundSeconds: 0 });
        offs.forEach((off) => off());
        eq(got, [
            ['resume', { backgroundSeconds: 12.5 }],
            ['loadError', { failure: { ...failure, retryable: true } }],
            ['loadError', { failure: { ...failure, retryable: false } }],
            ['loginChanged', { user: { id: 7, name: HOSTILE[0], vip_level: 0, tags: ['a'] } }],
            ['loginChanged', {}],
            ['resume', { backgroundSeconds: 0 }],
        ], 'events received');
        exact(got[1][1].failure.message, failure.message, 'event payload byte-exact');
    });

    // Unions (docs/WIRE.md, "Unions"): the host describes shareItems' items by variant
    // (`unknown:<tag>` for a tag it does not know), re-sends navigate's action through the
    // generated decoder and event sender, and reports shareDrafts' answer re-encoded.
    const shareBytes = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0, 255);

    t('unions: shareItems with every known variant, bytes decoded natively, defaults filled in; no items is cancelled', async () => {
        const items = [
            { kind: 'text', body: HOSTILE[0] },
            { kind: 'link', url: 'https://a.b/', title: null },
            { kind: 'link', url: 'https://a.b/c', title: HOSTILE[5] },
            { kind: 'image', data: shareBytes },
            { kind: 'image', data: new Uint8Array(0), mime: 'image/gif' },
            { kind: 'screenshot' },
        ];
        eq(await sample.shareItems({ items }), { type: 'shared', activity: 'text,link,link,image,image,screenshot' }, 'shareItems');
        eq(await sample.shareItems({ items: [] }), { type: 'cancelled' }, 'no items');
        eq(await calls(env, 2), [
            {
                module: 'sample', method: 'shareItems', params: {
                    items: [
                        { kind: 'text', body: HOSTILE[0] },
                        { kind: 'link', url: 'https://a.b/' },
                        { kind: 'link', url: 'https://a.b/c', title: HOSTILE[5] },
                        { kind: 'image', data: 'iVBORwD/', mime: 'image/png' },
                        { kind: 'image', data: '', mime: 'image/gif' },
                        { kind: 'screenshot' },
                    ],
                },
            },
            { module: 'sample', method: 'shareItems', params: { items: [] } },
        ], 'the items native decoded, encoded again by the host');
    });

    t('unions: an item of a tag native does not know (a newer page) is unknown:<tag>, answered, not an error', async () => {
        // Posted by hand, as a page generated from a newer schema would send it.
        const video = { kind: 'video', url: 'https://v/1', seconds: 3, chapters: [{ at: 0, title: HOSTILE[2] }] };
        envelopeOk(await handRequest(env, 'sample', { type: 'shareItems', data: { items: [{ kind: 'text', body: 't' }, video, { kind: 'Text', body: 'case' }] } }),
            { type: 'shared', activity: 'text,unknown:video,unknown:Text' }, 'shareItems by hand');
        const recorded = await calls(env, 1);
        eq(recorded.length, 1, 'one handler call');
        eq(recorded[0].params.items[1], video, 'the unknown item, as it came');
        // The same through the client (plain JavaScript: its types do not stop a newer tag).
        eq(await sample.shareItems({ items: [video, { kind: 'text', body: 'b', url: 5 }] }), { type: 'shared', activity: 'unknown:video,text' },
            'through the client, a variant\'s extra keys ignored');
        await calls(env, 1);
    });

    t('unions: a variant of no shape is invalidParams -3 with its path, before the handler', async () => {
        const refused = (item, message) => rejects(sample.shareItems({ items: [{ kind: 'screenshot' }, item] }), Code.invalidParams, show(item), message);
        await refused({ kind: 'link' }, 'params.items[1].url: missing required string');
        await refused({ kind: 'link', url: 7 }, 'params.items[1].url: expected string, got int');
        await refused({ body: 'no tag' }, 'params.items[1].kind: missing required string');
        await refused({ kind: null, body: 'null tag' }, 'params.items[1].kind: missing required string');
        await refused({ kind: 7 }, 'params.items[1].kind: expected string, got int');
        await refused('text', 'params.items[1]: expected object, got string');
        await refused({ kind: 'image', data: 'a-_w' }, 'params.items[1].data: expected bytes (base64), got a string that is not base64: character 1 is not in the base64 alphabet');
        eq(await calls(env, 0), [], 'no handler was called');
    });

    t('unions: navigate events with known, recursive and unknown actions reach sample.on(\'navigate\')', async () => {
        const got = [];
        const off = sample.on('navigate', ({ action }) => got.push(action));
        const emit = (action) => env.control({ cmd: 'host', line: { emit: { module: 'sample', event: 'navigate', payload: { action } } } });
        const beam = { action: 'beam', to: { room: HOSTILE[1] }, at: [1, 2.5, null, true] };
        await emit({ action: 'push', path: '/cart', query: { id: '7', [HOSTILE[0]]: HOSTILE[4] } });
        await emit({ action: 'push', path: '/' });
        await emit({ action: 'open-url', url: 'https://a.b/' + HOSTILE[3] });
        await emit({ action: 'back' });
        await emit({ action: 'sequence', steps: [{ action: 'back' }, beam, { action: 'sequence', steps: [{ action: 'push', path: '/deep' }] }] });
        await emit(beam);
        for (let i = 0; i < 300 && got.length < 6; i++) await sleep(10);
        off();
        const unknown = (object) => ({ action: null, unknown: { tag: object.action, object } });
        eq(got, [
            { action: 'push', path: '/cart', query: { id: '7', [HOSTILE[0]]: HOSTILE[4] } },
            { action: 'push', path: '/' },
            { action: 'open-url', url: 'https://a.b/' + HOSTILE[3] },
            { action: 'back' },
            { action: 'sequence', steps: [{ action: 'back' }, unknown(beam), { action: 'sequence', steps: [{ action: 'push', path: '/deep' }] }] },
            unknown(beam),
        ], 'actions received');
        exact(got[5].unknown.object.to.room, HOSTILE[1], 'an unknown action\'s members byte-exact');
    });

    t('unions: shareDrafts implemented by the page: a map of known variants (bytes as base64), null, and a bad answer -13', async () => {
        let drafts = {
            first: { kind: 'text', body: HOSTILE[2] },
            second: { kind: 'image', data: shareBytes },
            third: { kind: 'link', url: 'https://a.b/', title: 'T' },
            fourth: { kind: 'screenshot' },
        };
        const off = sample.implement({ shareDrafts: async () => drafts });
        try {
            eq(await callPage(env, 'sample', 'shareDrafts', {}), {
                value: {
                    first: { kind: 'text', body: HOSTILE[2] },
                    second: { kind: 'image', data: 'iVBORwD/', mime: 'image/png' },
                    third: { kind: 'link', url: 'https://a.b/', title: 'T' },
                    fourth: { kind: 'screenshot' },
                },
            }, 'sample.shareDrafts');
            drafts = null;
            eq(await callPage(env, 'sample', 'shareDrafts', {}), { value: null }, 'no drafts');
            drafts = { a: { kind: 'link', title: 'no url' } };
            eq(await callPage(env, 'sample', 'shareDrafts', {}), { error: { code: -13, message: 'result["a"].url: missing required string' } }, 'a bad variant');
        } finally {
            off();
        }
    });

    t('events: unsubscribe stops delivery, the script reports the hub took it', async () => {
        const got = [];
        const off = sample.on('resume', (p) => got.push(p.backgroundSeconds));
        const out1 = await env.control({ cmd: 'host', line: { emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 1 } } } });
        off();
        off();
        const out2 = await env.control({ cmd: 'host', line: { emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 2 } } } });
        eq(got, [1], 'deliveries');
        eq([deliveries(env, out1).length, deliveries(env, out2).length], [1, 1], 'events that reached the page');
        // An event script evaluates to whether the hub took it; the injected shells' frames are fire-and-forget.
        if (!isInjected(env)) eq([out1.results, out2.results], [[true], [true]], 'what the event scripts evaluated to in the page');
    });

    t('events are queued natively until $hello, then delivered in order', async () => {
        const got = [];
        const off = sample.on('resume', (p) => got.push(p.backgroundSeconds));
        await env.control({ cmd: 'host', line: { terminate: true } });
        for (const s of [1, 2, 3]) {
            const out = await env.control({ cmd: 'host', line: { emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: s } } } });
            eq(deliveries(env, out), [], 'nothing reaches the page while it is not ready');
            eq(out.queued.sample, s, 'queued events');
        }
        eq(got, [], 'no delivery before $hello');
        const hello = { type: '$hello', data: { module: 'sample', protocol: 1 } };
        if (T === 'reply') {
            // The answer carries the module's capabilities (docs/WIRE.md): wire names sorted, the fingerprint the client has too.
            const capabilities = {
                methods: ['deviceInfo', 'download', 'getBlob', 'getItem', 'haptic', 'setBlob', 'setItem', 'share', 'shareItems'],
                events: ['loadError', 'navigate', 'resume'],
                pageMethods: ['getCartCount', 'shareDrafts', 'showMessage'],
                fingerprint: sample.fingerprint,
                cancel: true,
                window: true,
            };
            check(/^[0-9a-f]{16}$/.test(sample.fingerprint), `the client's fingerprint: ${show(sample.fingerprint)}`);
            const answer = isInjected(env) ? handRequest(env, 'sample', hello) : g.webkit.messageHandlers.sample.postMessage(hello);
            envelopeOk(await answer, { protocol: 1, capabilities }, '$hello reply');
        } else {
            await postHello(env, 'sample');
        }
        for (let i = 0; i < 100 && got.length < 3; i++) await sleep(10);
        off();
        eq(got, [1, 2, 3], 'queued events in order after $hello');
        // The user module goes back to ready with its own hello.
        await postHello(env, 'user');
        await sleep(20);
    });

    t('lone surrogates: the generated client sends U+FFFD, never a crash', async () => {
        const s = 'a\ud800b\udc00c\ud83d';
        eq(await sample.setItem({ key: 'lone', value: s }), true, 'setItem');
        exact(await sample.getItem({ key: 'lone' }), 'a\ufffdb\ufffdc\ufffd', 'getItem');
        exact((await calls(env, 2))[0].params.value, 'a\ufffdb\ufffdc\ufffd', 'native saw');
    });

    t('lone surrogates from a hand-written page are handled as docs/WIRE.md documents', async () => {
        if (T === 'reply' && !isInjected(env)) {
            // The NSString -> String bridge turns them into U+FFFD.
            const envelope = await g.webkit.messageHandlers.sample.postMessage({ type: 'setItem', data: { key: 'hand\ud800', value: '\udc00x' } });
            envelopeOk(envelope, true, 'setItem');
            exact(await sample.getItem({ key: 'hand\ufffd' }), '\ufffdx', 'stored as U+FFFD');
        } else {
            // A raw lone surrogate in the JSON string: U+FFFD through the NSString bridge.
            const raw = '{"type":"setItem","data":{"key":"hand\ud800","value":"\udc00x"},"callbackName":"handLone1"}';
            envelopeOk(await handRequest(env, 'sample', null, { raw, callbackName: 'handLone1' }), true, 'raw lone surrogate');
            exact(await sample.getItem({ key: 'hand\ufffd' }), '\ufffdx', 'stored as U+FFFD');
            await calls(env, 2);
            // An escaped one (JSON.stringify's output), which Foundation's JSON parser refuses:
            // native repairs it to U+FFFD too, so the request is answered like any other.
            const answered = await handRequest(env, 'sample', { type: 'setItem', data: { key: 'esc\ud800', value: 'y\udfff\ud83d\ude00' } }, { callbackName: 'handLone2', timeoutMs: 2000 });
            envelopeOk(answered, true, 'escaped lone surrogates');
            exact(await sample.getItem({ key: 'esc\ufffd' }), 'y\ufffd\ud83d\ude00', 'stored with U+FFFD, the pair kept');
            eq((await calls(env, 2))[0].params, { key: 'esc\ufffd', value: 'y\ufffd\ud83d\ude00' }, 'native saw');
        }
        await calls(env, 0);
        eq(await sample.getItem({ key: 'still-alive' }), null, 'the host is alive');
    });

    if (T === 'callback') {
        t('any string of at most 256 UTF-16 units is a callback name (SDK names from wire names); others are refused', async () => {
            // @vois/webview-bridge derives names from wire names: `bridge_callback_` + type.
            for (const name of ['bridge_callback_a.b/c', 'alert(1)//', 'a.b', '1abc', '', 'a b', 'caf\u00e9', '</script>', 'x'.repeat(256)]) {
                envelopeOk(await handRequest(env, 'sample', { type: 'getItem', data: { key: 'x' } }, { callbackName: name }), null, `name ${show(name)}`);
            }
            check(g.pwned === undefined, 'nothing ran');
            const before = await env.control({ cmd: 'stats' });
            channelObject(env, 'uniBridgeCall').postMessage(JSON.stringify({ type: 'getItem', data: { key: 'x' }, callbackName: 'x'.repeat(257) }));
            channelObject(env, 'uniBridgeCall').postMessage(JSON.stringify({ type: 'getItem', data: { key: 'x' }, callbackName: 42 }));
            const logs = await logsUntil(env, (l) => l.filter((x) => x.includes('invalid callbackName')).length >= 2);
            check(logs.filter((l) => l.includes('invalid callbackName')).length === 2, `refusals logged: ${show(logs)}`);
            const after = await env.control({ cmd: 'stats' });
            eq(after.answers - before.answers, 0, 'answer scripts evaluated for refused names');
            eq(await calls(env, 9), Array.from({ length: 9 }, () => ({ module: 'sample', method: 'getItem', params: { key: 'x' } })), 'handler calls');
        });

        t('a send that carries a callbackName is answered errcode 0 (SDKs that wait on every call)', async () => {
            envelopeOk(await handRequest(env, 'user', { type: 'close-page' }, { callbackName: 'bridge_callback_close-page' }), null, 'close-page');
            eq(await calls(env, 1), [{ module: 'user', method: 'closePage', params: {} }], 'handler calls');
        });

        t('every generated request uses a fresh, valid callback name', async () => {
            const names = new Set();
            const original = channelObject(env, 'uniBridgeCall');
            const results = await Promise.all(Array.from({ length: 5 }, (_, i) => sample.getItem({ key: 'same' + (i % 2) })));
            eq(results, [null, null, null, null, null], 'results');
            const last = (await env.control({ cmd: 'stats' })).lastCallbackNames.slice(-5);
            for (const n of last) names.add(n);
            check(last.length === 5 && names.size === 5, `callback names reused: ${show(last)}`);
            check(last.every((n) => CALLBACK_NAME.test(n) && n.startsWith('__bg_cb_')), `names are identifiers: ${show(last)}`);
            check(original === channelObject(env, 'uniBridgeCall'), 'handler unchanged');
        });
    }

    t('seed 001 page written by hand: its own callbackName / a posted object, answered correctly', async () => {
        // Exactly what a seed 001 page does (callback), or a hand-written reply page.
        const info = await handRequest(env, 'user', { type: 'get-user-info', data: {} }, { callbackName: 'getUserInfoCallback' });
        envelopeOk(info, { id: 42, name: 'Alice', vip_level: 3, tags: ['beta', 'vip'] }, 'get-user-info');
        const prepay = await handRequest(env, 'user', { type: 'ios-app-prepay', data: { order: { product_id: 'gold', quantity: 1, metadata: {} } } }, { callbackName: 'prepayCallback' });
        envelopeOk(prepay, { status: 'purchased', transaction_id: 'tx-gold-1', receipts: { gold: [] } }, 'ios-app-prepay');
        const token = await handRequest(env, 'user', { type: 'get-token' }, { callbackName: 'cb' });
        envelopeOk(token, 'token-abc', 'get-token');
        await handSend(env, 'user', { type: 'close-page' });
        await handSend(env, 'user', { type: 'log-event', data: { name: 'legacy', parameters: { from: 'seed001' } } });
        eq((await calls(env, 5)).slice(3), [
            { module: 'user', method: 'closePage', params: {} },
            { module: 'user', method: 'logEvent', params: { name: 'legacy', parameters: { from: 'seed001' } } },
        ], 'sends');
        if (T === 'callback' && isInjected(env)) {
            // Android, ArkWeb: the seed-001 SDK surface the glue's document-start script gives the page.
            const bridge = g.WebViewJavascriptBridge;
            check(bridge && typeof bridge.callHandler === 'function', 'window.WebViewJavascriptBridge is missing');
            const text = await new Promise((resolve) => bridge.callHandler('uniBridgeCall', JSON.stringify({ type: 'get-token' }), resolve));
            envelopeOk(JSON.parse(text), 'token-abc', 'WebViewJavascriptBridge.callHandler');
            await calls(env, 1);
        }
        if (T === 'callback' && !isInjected(env)) {
            // An object body (not a string) is accepted too; and a send never evaluates anything.
            const answered = handCallback('objectBodyCallback');
            g.webkit.messageHandlers.uniBridgeCall.postMessage({ type: 'get-token', callbackName: 'objectBodyCallback' });
            envelopeOk(await answered, 'token-abc', 'object body');
            check(typeof g.objectBodyCallback === 'undefined', 'the hand-written callback removed itself');
            eq(callbackGlobals(), [], 'callback globals');
            await calls(env, 1);
        }
    });

    t('the native event queue keeps the newest 256 events, reports drops, delivers in order after $hello', async () => {
        const got = [];
        const off = sample.on('resume', (p) => got.push(p.backgroundSeconds));
        await env.control({ cmd: 'host', line: { terminate: true } });
        let out;
        for (let i = 1; i <= 300; i++) {
            out = await env.control({ cmd: 'host', line: { emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: i } } } });
        }
        eq(out.queued.sample, 256, 'queued events');
        const logs = await env.control({ cmd: 'logs' });
        eq(logs.filter((l) => l.includes('dropped the oldest')).length, 44, 'drops reported through the log hook');
        eq(got, [], 'nothing delivered before $hello');
        for (const module of ['sample', 'user']) await postHello(env, module);
        for (let i = 0; i < 300 && got.length < 256; i++) await sleep(10);
        off();
        eq(got, Array.from({ length: 256 }, (_, i) => 45 + i), 'the newest 256, in order');
    });

    t('1,000 concurrent requests: each answered once and matched to its caller', async () => {
        const before = await env.control({ cmd: 'stats' });
        const n = 1000;
        const sets = await Promise.all(Array.from({ length: n }, (_, i) => sample.setItem({ key: 'c' + i, value: `v${i}\u2028${HOSTILE[i % 6]}` })));
        check(sets.every((r) => r === true), 'every setItem resolved true');
        const gets = await Promise.allSettled(Array.from({ length: n }, (_, i) => (i % 10 === 9 ? sample.getItem({ key: '' }) : sample.getItem({ key: 'c' + i }))));
        for (let i = 0; i < n; i++) {
            if (i % 10 === 9) {
                check(gets[i].status === 'rejected' && gets[i].reason.code === 1001, `request ${i}: expected invalidKey, got ${show(gets[i])}`);
            } else {
                check(gets[i].status === 'fulfilled', `request ${i} rejected: ${gets[i].reason}`);
                exact(gets[i].value, `v${i}\u2028${HOSTILE[i % 6]}`, `request ${i}`);
            }
        }
        const after = await env.control({ cmd: 'stats' });
        eq(after.requests - before.requests, 2 * n, 'requests native received');
        eq(after.answers - before.answers, 2 * n, 'answers native gave');
        eq(after.duplicates, before.duplicates, 'requests answered twice');
        eq(callbackGlobals(), [], 'callback globals');
        eq((await calls(env, 2 * n)).length, 2 * n, 'handler calls');
    });

    t('page calls: every page method of Schemas/, through the client\'s implementations, typed results', async () => {
        const shown = [];
        const offSample = sample.implement({
            getCartCount: ({ userId }) => userId.length,
            showMessage: async ({ message }) => { await sleep(5); shown.push(message); },
        });
        const offUser = user.implement({
            getFormState: async ({ formId }) => ({ formId, title: 'Checkout', dirty: true, fields: [{ id: 1, label: 'Name', value: null }, { id: 2, label: 'Note', value: 'hi' }] }),
            confirmLeave: ({ reason }) => reason === 'back',
        });
        try {
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'u_1001' }), { value: 6 }, 'sample.getCartCount');
            eq(await callPage(env, 'sample', 'showMessage', { message: 'Hello from SwiftUI' }), { value: null }, 'sample.showMessage');
            eq(shown, ['Hello from SwiftUI'], 'what the page showed');
            eq(await callPage(env, 'user', 'getFormState', { formId: 'checkout' }),
                { value: { formId: 'checkout', title: 'Checkout', dirty: true, fields: [{ id: 1, label: 'Name' }, { id: 2, label: 'Note', value: 'hi' }] } }, 'user.getFormState');
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'back' }), { value: true }, 'user.confirmLeave back');
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'close' }), { value: false }, 'user.confirmLeave close');
        } finally {
            offSample();
            offUser();
        }
    });

    t('page calls: hostile strings in both directions, byte-exact (client implementation and legacy global)', async () => {
        const seen = [];
        const off = user.implement({
            getFormState: ({ formId }) => {
                seen.push(formId);
                return { formId, title: formId + '!', dirty: false, fields: [{ id: 7, label: formId, value: formId }] };
            },
        });
        const shown = [];
        g.sample = { showSwiftUIMessage(message) { shown.push(message); } };
        try {
            for (const [i, h] of HOSTILE.entries()) {
                const outcome = await callPage(env, 'user', 'getFormState', { formId: h });
                check(outcome.value !== undefined, `string ${i}: ${show(outcome)}`);
                exact(outcome.value.formId, h, `string ${i} formId back`);
                exact(outcome.value.title, h + '!', `string ${i} title back`);
                exact(outcome.value.fields[0].label, h, `string ${i} label back`);
                exact(seen[i], h, `string ${i} as the page got it`);
                eq(await callPage(env, 'sample', 'showMessage', { message: h }), { value: null }, `string ${i} to the global`);
                exact(shown[i], h, `string ${i} as the global got it`);
            }
        } finally {
            off();
            delete g.sample;
        }
    });

    t('page calls: a result of the wrong type is invalidResult -13 with the path', async () => {
        const off = user.implement({
            getFormState: ({ formId }) => (formId === 'missing' ? { formId }
                : { formId, title: 't', dirty: false, fields: [{ id: 1, label: 'a' }, { id: 2, label: 'b' }, { id: '3', label: 'c' }] }),
            confirmLeave: () => 'yes',
        });
        try {
            eq(await callPage(env, 'user', 'getFormState', { formId: 'f' }), { error: { code: -13, message: 'result.fields[2].id: expected int, got string' } }, 'getFormState');
            eq(await callPage(env, 'user', 'getFormState', { formId: 'missing' }), { error: { code: -13, message: 'result.title: missing required string' } }, 'a missing field');
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'r' }), { error: { code: -13, message: 'result: expected bool, got string' } }, 'confirmLeave');
        } finally {
            off();
        }
    });

    t('page calls: a declared application error keeps its code and message; anything else is pageError -12', async () => {
        const { BridgeError } = env.client;
        const off = user.implement({
            confirmLeave: async ({ reason }) => {
                if (reason === 'busy') throw new BridgeError(UserErrors.busy, 'saving a draft \u2028</script>');
                if (reason === 'undeclared') throw new BridgeError(SampleErrors.invalidKey, 'not this method\'s');
                throw new Error('kaput');
            },
        });
        try {
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'busy' }),
                { error: { code: 2004, message: 'saving a draft \u2028</script>', caught: 'UserError.busy', retryAfterSeconds: null } }, 'declared busy');
            const undeclared = await callPage(env, 'user', 'confirmLeave', { reason: 'undeclared' });
            eq(undeclared.error && undeclared.error.code, -12, `an undeclared code: ${show(undeclared)}`);
            check(undeclared.error.message.includes('1001'), `the message names the code: ${show(undeclared)}`);
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'other' }), { error: { code: -12, message: 'kaput' } }, 'a plain Error');
        } finally {
            off();
        }
        const cyclic = { formId: 'c', title: 't', dirty: false, fields: [] };
        cyclic.fields.push({ id: 1, label: 'l', value: cyclic });
        const offCyclic = user.implement({ getFormState: () => cyclic, confirmLeave: () => 10n });
        try {
            for (const method of ['getFormState', 'confirmLeave']) {
                const outcome = await callPage(env, 'user', method, { formId: 'c', reason: 'r' });
                eq(outcome.error && outcome.error.code, -12, `a result JSON cannot carry (${method}): ${show(outcome)}`);
            }
        } finally {
            offCyclic();
        }
    });

    // ArkTS has no Task or Job to cancel (a page caller's Promise cannot be abandoned natively): its own case below.
    if (!isArkTS(env)) t('page calls: cancelling the calling Task is aborted -9 at once; the page\'s late answer is ignored', async () => {
        const off = user.implement({ confirmLeave: () => new Promise((resolve) => setTimeout(() => resolve(true), 1000)) });
        try {
            const before = await lateAnswers(env);
            const started = Date.now();
            const out = await env.control({ cmd: 'host', line: { callPage: { module: 'user', method: 'confirmLeave', params: { reason: 'r' }, timeoutMs: 3000, cancelAfterMs: 50 } } });
            eq(out.outcome.error && out.outcome.error.code, -9, `cancelled: ${show(out.outcome)}`);
            check(Date.now() - started < 900, `failed after ${Date.now() - started} ms, before the page answered`);
            await expectOneLateAnswer(env, before);
        } finally {
            off();
        }
    });

    t('page calls: a method the page did not implement is notImplemented -10; off() removes the implementation', async () => {
        const none = await callPage(env, 'user', 'getFormState', { formId: 'x' });
        eq(none.error && none.error.code, -10, `not implemented: ${show(none)}`);
        const off = user.implement({ getFormState: ({ formId }) => ({ formId, title: '', dirty: false, fields: [] }) });
        eq((await callPage(env, 'user', 'getFormState', { formId: 'x' })).value.formId, 'x', 'implemented');
        off();
        eq((await callPage(env, 'user', 'getFormState', { formId: 'x' })).error.code, -10, 'after off()');
    });

    t('page calls: legacy globals (seed 000 window.app.getCartCount, seed 003 window.sample.showSwiftUIMessage); the hub wins once implemented', async () => {
        const none = await callPage(env, 'sample', 'getCartCount', { userId: 'u' });
        eq(none.error && none.error.code, -10, `no global, no implementation: ${show(none)}`);
        g.app = { base: 5, getCartCount(userId) { return this.base + userId.length; } };
        const shown = [];
        g.sample = { showSwiftUIMessage(message) { shown.push([this === g.sample, message]); } };
        try {
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'abc' }), { value: 8 }, 'the global, `this` its parent, positional argument');
            eq(await callPage(env, 'sample', 'showMessage', { message: 'Hello from SwiftUI' }), { value: null }, 'seed 003 global');
            eq(shown, [[true, 'Hello from SwiftUI']], 'the global ran');
            const off = sample.implement({ getCartCount: () => 99 });
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'abc' }), { value: 99 }, 'the implementation wins');
            off();
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'abc' }), { value: 8 }, 'the global again after off()');
            g.app.getCartCount = async () => { throw new Error('legacy failed'); };
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'abc' }), { error: { code: -12, message: 'legacy failed' } }, 'a throwing global');
            g.app.getCartCount = () => 'three';
            eq(await callPage(env, 'sample', 'getCartCount', { userId: 'abc' }), { error: { code: -13, message: 'result: expected int, got string' } }, 'a global of the wrong type');
        } finally {
            delete g.app;
            delete g.sample;
        }
    });

    t('page calls: no answer within the timeout is timeout -8; the late answer is ignored', async () => {
        const off = user.implement({ confirmLeave: () => new Promise((resolve) => setTimeout(() => resolve(true), 1000)) });
        try {
            const before = await lateAnswers(env);
            const started = Date.now();
            const outcome = await callPage(env, 'user', 'confirmLeave', { reason: 'slow' }, 200);
            eq(outcome.error && outcome.error.code, -8, `timeout: ${show(outcome)}`);
            check(Date.now() - started < 900, `failed after ${Date.now() - started} ms, before the page answered`);
            await expectOneLateAnswer(env, before);
            eq(await callPage(env, 'user', 'confirmLeave', { reason: 'slow' }, 3000), { value: true }, 'with time enough');
        } finally {
            off();
        }
    });

    t('page calls: 200 concurrent calls, each matched to its own answer', async () => {
        const off = sample.implement({
            getCartCount: async ({ userId }) => {
                const i = Number(userId.slice(2));
                await sleep((i * 7) % 23);
                return i * 3;
            },
        });
        try {
            const specs = Array.from({ length: 200 }, (_, i) => ({ module: 'sample', method: 'getCartCount', params: { userId: 'u_' + i } }));
            const out = await env.control({ cmd: 'host', line: { callPages: specs } });
            eq(out.outcomes.length, 200, 'outcomes');
            out.outcomes.forEach((outcome, i) => eq(outcome, { value: i * 3 }, `call ${i}`));
        } finally {
            off();
        }
    });

    t('page calls: the web content process terminating fails a call in flight with processTerminated -14; then pageNotLoaded -11 until $hello', async () => {
        const off = user.implement({ confirmLeave: () => new Promise((resolve) => setTimeout(() => resolve(true), 300)) });
        try {
            const pending = callPage(env, 'user', 'confirmLeave', { reason: 'r' }, 3000);
            await sleep(50);
            await env.control({ cmd: 'host', line: { terminate: true } });
            const outcome = await pending;
            eq(outcome.error && outcome.error.code, -14, `terminated: ${show(outcome)}`);
            // Until the client says $hello again, a client method's call waits for it: -11.
            const waited = await callPage(env, 'user', 'confirmLeave', { reason: 'r' }, 150);
            eq(waited.error && waited.error.code, -11, `no hello within the timeout: ${show(waited)}`);
            check(/\$hello/.test(waited.error.message), `the message says what was missing: ${show(waited)}`);
            await helloAgain(env);
            await sleep(400);
        } finally {
            off();
        }
    });

    if (isArkTS(env)) t('page calls: a navigation (onPageBegin) fails a call in flight -12 at once; the page\'s late answer is ignored; -11 until $hello', async () => {
        const off = user.implement({ confirmLeave: () => new Promise((resolve) => setTimeout(() => resolve(true), 500)) });
        try {
            const before = await lateAnswers(env);
            const pending = callPage(env, 'user', 'confirmLeave', { reason: 'r' }, 3000);
            await sleep(50);
            const started = Date.now();
            await env.control({ cmd: 'host', line: { pageStarted: true } });
            const outcome = await pending;
            eq(outcome.error && outcome.error.code, -12, `navigated: ${show(outcome)}`);
            check(Date.now() - started < 400, `failed after ${Date.now() - started} ms, before the page answered`);
            await expectOneLateAnswer(env, before);
            const waited = await callPage(env, 'user', 'confirmLeave', { reason: 'r' }, 150);
            eq(waited.error && waited.error.code, -11, `no hello within the timeout: ${show(waited)}`);
            await helloAgain(env);
        } finally {
            off();
        }
    });

    if (isInjected(env)) t('page calls: only the main frame\'s $answer for a call out settles it; a forged or late one is logged and ignored', async () => {
        const object = channelObject(env, channelOf(env, 'user'));
        const answerOf = (data) => JSON.stringify({ type: '$answer', data });
        const off = user.implement({ confirmLeave: () => new Promise((resolve) => setTimeout(() => resolve(true), 200)) });
        try {
            const pending = callPage(env, 'user', 'confirmLeave', { reason: 'r' }, 3000);
            await sleep(50);
            // The page's own code posting answers: no token, a token no call has, an envelope for a token it guessed.
            postText(env, object, answerOf({}));
            postText(env, object, answerOf({ token: '999999', envelope: '{"errcode":0,"errmsg":"ok","data":false}' }));
            postText(env, object, answerOf({ token: 7 }));
            eq(await pending, { value: true }, 'the call got its own answer');
            const logs = await logsUntil(env, (l) => l.filter((x) => x.includes('page-call answer')).length >= 3);
            eq(logs.filter((l) => l.includes('page-call answer')), [
                'bridgegen: ignored a page-call answer without a token',
                'bridgegen: ignored a late page-call answer: its call had ended (timeout, cancellation)',
                'bridgegen: ignored a page-call answer without a token',
            ], 'what native made of them');
        } finally {
            off();
        }
        const stats = (await env.control({ cmd: 'stats' })).pageCalls;
        check(stats.answers >= stats.calls, `every evaluated call answered: ${show(stats)}`);
    });

    if (!isInjected(env)) t('page calls: WebKit\'s callAsyncJavaScript takes string arguments and gives a string result, hostile strings byte-exact', async () => {
        const body = 'var v = JSON.parse(p); return JSON.stringify({echo: v, types: [typeof m, typeof p], lengths: v.map(function (s) { return s.length; })});';
        const out = await env.control({ cmd: 'host', line: { rawPageCall: { body, arguments: { m: 'sample', p: JSON.stringify(HOSTILE) } } } });
        check(typeof out.raw.value === 'string', `the result is a string: ${show(out.raw)}`);
        const result = JSON.parse(out.raw.value);
        eq(result.types, ['string', 'string'], 'argument types');
        eq(result.lengths, HOSTILE.map((h) => h.length), 'lengths');
        HOSTILE.forEach((h, i) => exact(result.echo[i], h, `hostile string ${i}`));
        const thrown = await env.control({ cmd: 'host', line: { rawPageCall: { body: 'throw new Error("raw-boom")', arguments: {} } } });
        check(/raw-boom/.test(thrown.raw.thrown || ''), `a throw fails the call with the page's message: ${show(thrown.raw)}`);
        const stats = (await env.control({ cmd: 'stats' })).pageCalls;
        eq(stats.calls, stats.answers, 'page calls answered');
    });

    t('console forwarding: the four levels and hostile strings reach native as [H5] lines, byte-exact', async () => {
        await nextSecond();
        console.log('plain', 1, true, null);
        console.info('info line');
        console.warn('warn line');
        console.error('error line');
        for (const h of HOSTILE) console.log(h);
        const expected = [consoleLine('log', 'plain 1 true null'), consoleLine('info', 'info line'), consoleLine('warn', 'warn line'),
                          consoleLine('error', 'error line'), ...HOSTILE.map((h) => consoleLine('log', h))];
        const lines = await consoleLines(env, expected.length);
        eq(lines.length, expected.length, 'console lines');
        lines.forEach((line, i) => exact(line, expected[i], `console line ${i}`));
    });

    t('console forwarding: cyclic objects, throwing getters, errors, a replaced console and replaced methods', async () => {
        await nextSecond();
        const cyclic = { name: 'c' };
        cyclic.self = cyclic;
        cyclic.list = [cyclic];
        console.log(cyclic);
        console.log({ get bad() { throw new Error('getter'); }, toString() { throw new Error('toString'); }, [Symbol.toPrimitive]() { throw new Error('prim'); }, ok: 1 });
        const noStack = new TypeError('no stack here');
        Object.defineProperty(noStack, 'stack', { value: undefined });
        console.error(noStack);
        const saved = g.console;
        const mine = [];
        g.console = { log(...args) { mine.push(args.join('+')); } };
        console.log('through a replaced console', 2);
        g.console.log = (x) => mine.push('method ' + x);
        console.log('through a replaced method');
        g.console = saved;
        const lines = await consoleLines(env, 5);
        eq(lines, [
            '[H5] log: {"name":"c","self":[Circular],"list":[[Circular]]}',
            '[H5] log: {"bad":[getter threw],"toString":[Function toString],"ok":1}',
            '[H5] error: TypeError: no stack here',
            '[H5] log: through a replaced console 2',
            '[H5] log: through a replaced method',
        ], 'console lines');
        eq(mine, ['through a replaced console+2', 'method through a replaced method'], 'the page\'s own console still ran');
    });

    // A browser engine: node has no window 'error' and 'unhandledrejection' events.
    if (env.engine !== 'node') {
        t('console forwarding: an uncaught error and an unhandled rejection (Error and non-Error)', async () => {
            await nextSecond();
            setTimeout(() => { throw new RangeError('uncaught e2e'); }, 0);
            Promise.reject(new Error('rejected e2e'));
            Promise.reject(42);
            Promise.reject({ code: 7 });
            const lines = await consoleLines(env, 4);
            eq(lines.length, 4, `console lines ${show(lines)}`);
            const script = new URL('conformance.js', g.location.href).href.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
            check(new RegExp(`^\\[H5\\] error: Uncaught RangeError: uncaught e2e \\(${script}:\\d+:\\d+\\)`).test(lines.find((l) => l.includes('Uncaught')) || ''),
                `the uncaught error with its location: ${show(lines)}`);
            const rejections = lines.filter((l) => l.startsWith('[H5] error: Unhandled rejection: ')).map((l) => l.split('\\n')[0]);
            eq(rejections.sort(), ['[H5] error: Unhandled rejection: 42', '[H5] error: Unhandled rejection: Error: rejected e2e', '[H5] error: Unhandled rejection: {"code":7}'], 'rejections');
        });
    }

    t(`console forwarding: at most ${CONSOLE_PER_SECOND} messages a second, the rest reported once as dropped`, async () => {
        await nextSecond();
        for (let i = 0; i < CONSOLE_PER_SECOND + 30; i++) console.log('burst ' + i);
        const lines = await consoleLines(env, CONSOLE_PER_SECOND + 1, 4000);
        eq(lines.slice(0, CONSOLE_PER_SECOND), Array.from({ length: CONSOLE_PER_SECOND }, (_, i) => '[H5] log: burst ' + i), 'the first second');
        eq(lines.slice(CONSOLE_PER_SECOND), ['[H5] warn: 30 console messages dropped'], 'the drop report');
    });

    t(`console forwarding: messages are cut at ${CONSOLE_MAX_LENGTH} UTF-16 units, by the page and again natively`, async () => {
        await nextSecond();
        console.log('x'.repeat(100000));
        console.log('a' + '\ud83d\ude00'.repeat(CONSOLE_MAX_LENGTH));
        postConsole(env, { level: 'warn', message: 'y'.repeat(100000) });
        const lines = await consoleLines(env, 3);
        eq(lines.map((l) => l.length), [10 + CONSOLE_MAX_LENGTH, 10 + CONSOLE_MAX_LENGTH - 1, 11 + CONSOLE_MAX_LENGTH], 'line lengths');
        exact(lines[0], '[H5] log: ' + 'x'.repeat(CONSOLE_MAX_LENGTH), 'cut by the page');
        exact(lines[1], '[H5] log: a' + '\ud83d\ude00'.repeat((CONSOLE_MAX_LENGTH - 2) / 2), 'never half a pair');
        exact(lines[2], '[H5] warn: ' + 'y'.repeat(CONSOLE_MAX_LENGTH), 'cut again natively');
    });

    t('console forwarding: what a page posts on bridgegenConsole itself is checked natively', async () => {
        await nextSecond();
        const post = (body) => postConsole(env, body);
        post('just text');
        post({ level: 'shout', message: 'm' });
        post({ level: 'log', message: 5 });
        post({ level: 'log', message: 'posted by hand \u2028' });
        const logs = await logsUntil(env, (l) => l.some((x) => x.startsWith('[H5] ')));
        eq(logs.filter((l) => l.includes('console message')), [
            'bridgegen: refused a console message: the body is not an object',
            'bridgegen: refused a console message: level is not one of log, info, warn, error',
            'bridgegen: refused a console message: message is not a string',
        ], 'refusals');
        eq(logs.filter((l) => l.startsWith('[H5] ')), ['[H5] log: posted by hand \\u{2028}'], 'the valid one');
    });

    t('callback globals are all cleaned up; every request was answered exactly once', async () => {
        eq(callbackGlobals(), [], 'callback globals');
        const stats = await env.control({ cmd: 'stats' });
        eq(stats.duplicates, 0, 'requests answered more than once');
        eq(stats.unsafeScripts, [], 'native scripts that are not pure ASCII or contain < > & \'');
        eq(stats.unanswered, 0, 'requests never answered');
    });

    return cases;
}

function untrustedCases(env) {
    const { sample, user } = env.client;
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    t('an untrusted origin is refused: untrustedOrigin -4 (a callback send without callbackName: no answer), no handler runs', async () => {
        check(sample.inApp, 'the handler exists on the untrusted page');
        if (env.transport === 'reply') {
            await rejects(sample.deviceInfo(), -4, 'deviceInfo', 'untrusted origin');
            await rejects(user.getUserInfo(), -4, 'getUserInfo', 'untrusted origin');
            const envelope = isInjected(env) ? await handRequest(env, 'user', { type: 'no-such-method' })
                : await g.webkit.messageHandlers.user.postMessage({ type: 'no-such-method' });
            eq(envelope.errcode, -4, 'nothing else was looked at');
        } else {
            // Answered in the sending frame, so SDK calls fail at once instead of hanging.
            await rejects(sample.deviceInfo({ timeoutMs: 3000 }), -4, 'deviceInfo', 'untrusted origin');
            const envelope = await handRequest(env, 'user', { type: 'get-user-info' }, { callbackName: 'bridge_callback_get-user-info' });
            eq([envelope.errcode, envelope.errmsg, envelope.data], [-4, 'untrusted origin', null], 'hand-written request');
        }
        sample.share({ text: 'x' });
        // Every message of this case is refused and logged; the share is the last one.
        const refusals = env.transport === 'reply' ? 4 : 3;
        const logs = await logsUntil(env, (l) => l.filter((x) => x.includes('refused a message')).length >= refusals);
        check(logs.filter((l) => l.includes('refused a message')).length >= refusals, `refusals logged: ${show(logs)}`);
        eq(await calls(env, 0), [], 'handler calls');
        eq(callbackGlobals(), [], 'callback globals');
    });
    t('console messages of an untrusted page are refused natively', async () => {
        await nextSecond();
        console.log('from an untrusted page');
        const logs = await logsUntil(env, (l) => l.some((x) => x.includes('refused a console message')));
        const refusals = logs.filter((l) => l.includes('refused a console message'));
        eq(refusals.length, 1, `refusals ${show(logs)}`);
        check(refusals[0].startsWith('bridgegen: refused a console message from '), refusals[0]);
        eq(logs.filter((l) => l.startsWith('[H5] ')), [], 'nothing logged');
    });
    return cases;
}

function bareCases(env) {
    const { sample, user, BridgeErrorCode: Code } = env.client;
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    t('outside the app: inApp false, ready() and requests reject with notInApp -7, sends do nothing', async () => {
        check(!sample.inApp && !user.inApp, 'inApp is true without handlers');
        await rejects(sample.ready({ timeoutMs: 120, intervalMs: 20 }), Code.notInApp, 'ready');
        await rejects(sample.deviceInfo(), -7, 'deviceInfo');
        await rejects(user.getUserInfo(), -7, 'getUserInfo');
        eq(sample.share({ text: 'x' }), undefined, 'send');
        eq(callbackGlobals(), [], 'callback globals');
    });
    return cases;
}

/** Loads frame.html (same origin) in an iframe of this page; resolves with its client. */
async function loadFrame(env) {
    const iframe = g.document.createElement('iframe');
    iframe.src = `frame.html?transport=${env.transport}`;
    g.document.body.appendChild(iframe);
    for (let i = 0; i < 400; i++) {
        if (iframe.contentWindow && iframe.contentWindow.frameClient) return iframe.contentWindow.frameClient;
        await sleep(10);
    }
    throw new Failure('the iframe did not load its client within 4 s');
}

function framesCases(env) {
    const { sample, user } = env.client;
    const cases = [];
    const t = (name, body) => cases.push({ name, body });
    let frameClient;
    const frame = async () => (frameClient ??= await loadFrame(env));
    const trustSubframes = (trust) => env.control({ cmd: 'host', line: { trustSubframes: trust } });
    // The 3 s timeout is far: the refusal is an answer (the reply, or in the callback transport
    // the answer script evaluated in the sending frame, the iframe), not a timeout.
    const refusal = (promise, what) => rejects(promise, -4, what, 'untrusted origin');
    const DEVICE = { model: 'TestPhone', system: 'TestOS 1.0', appVersion: '1.0.0', darkMode: false, safeAreaInsets: { top: 47, left: 0, bottom: 34, right: 0 } };
    const GOLD = { status: 'purchased', transaction_id: 'tx-gold-1', receipts: { gold: [] } };

    t('origin.mainFrameOnly (Schemas/): an iframe of the trusted origin is refused untrustedOrigin -4 as a subframe, no handler runs; the main frame is answered', async () => {
        await trustSubframes(false);
        const f = await frame();
        check(f.sample.inApp, 'the iframe has the handlers');
        await refusal(f.sample.deviceInfo({ timeoutMs: 3000 }), 'deviceInfo from the iframe');
        const logs = await logsUntil(env, (l) => l.some((x) => x.includes('refused a message')));
        const refused = logs.filter((l) => l.includes('refused a message'));
        check(refused.length > 0 && refused.every((l) => l.includes('from "app://e2e", a subframe: set origin.mainFrameOnly to false')),
            `refusals name the subframe: ${show(logs)}`);
        eq(await calls(env, 0), [], 'handler calls');
        eq(await sample.deviceInfo(), DEVICE, 'deviceInfo from the main frame');
        eq(await calls(env, 1), [{ module: 'sample', method: 'deviceInfo', params: {} }], 'the main frame\'s handler call');
    });

    t('a policy that trusts subframes (mainFrameOnly false): the iframe\'s requests and sends are answered in the iframe and reach the handlers', async () => {
        await trustSubframes(true);
        try {
            const f = await frame();
            eq(await f.sample.deviceInfo(), DEVICE, 'deviceInfo from the iframe');
            eq(await f.user.getUserInfo(), { id: 42, name: 'Alice', vip_level: 3, tags: ['beta', 'vip'] }, 'getUserInfo from the iframe');
            f.sample.share({ text: 'from the iframe \u2028' });
            eq(await calls(env, 3), [
                { module: 'sample', method: 'deviceInfo', params: {} },
                { module: 'user', method: 'getUserInfo', params: {} },
                { module: 'sample', method: 'share', params: { text: 'from the iframe \u2028', url: null } },
            ], 'handler calls');
            eq((await env.control({ cmd: 'logs' })).filter((l) => l.includes('refused')), [], 'nothing refused');
        } finally {
            await trustSubframes(false);
        }
    });

    t('access: mainFrame (user.ios-app-prepay) from a trusted iframe: untrustedOrigin -4 before its params are decoded, the handler never runs; from the main frame it is answered', async () => {
        await trustSubframes(true);
        try {
            const f = await frame();
            await refusal(f.user.iosAppPrepay({ order: { product_id: 'gold' } }, { timeoutMs: 3000 }), 'iosAppPrepay from the iframe');
            // Invalid params (an int of 1.5) are not looked at: still -4, not invalidParams -3.
            await refusal(f.user.iosAppPrepay({ order: { product_id: 'gold', quantity: 1.5 } }, { timeoutMs: 3000 }), 'invalid iosAppPrepay from the iframe');
            const logs = await logsUntil(env, (l) => l.filter((x) => x.includes('ios-app-prepay')).length >= 2);
            const refused = logs.filter((l) => l.includes('ios-app-prepay'));
            eq(refused.length, 2, `refusals logged: ${show(logs)}`);
            check(refused.every((l) => l.includes('takes calls from the main frame only')), `refusals: ${show(refused)}`);
            eq(await calls(env, 0), [], 'handler calls (the handler never ran)');
            eq(await f.user.getUserInfo(), { id: 42, name: 'Alice', vip_level: 3, tags: ['beta', 'vip'] }, 'the iframe\'s other requests are answered');
            eq(await user.iosAppPrepay({ order: { product_id: 'gold' } }), GOLD, 'iosAppPrepay from the main frame');
            eq(await calls(env, 2), [
                { module: 'user', method: 'getUserInfo', params: {} },
                { module: 'user', method: 'iosAppPrepay', params: { order: { product_id: 'gold', quantity: 1, metadata: {} } } },
            ], 'handler calls');
        } finally {
            await trustSubframes(false);
        }
    });
    return cases;
}

function describeError(error) {
    if (!(error instanceof Error)) return String(error);
    const where = (error.stack || '').split('\n').filter((l) => l.includes('conformance.js')).slice(0, 2).join(' <- ');
    return `${error.name === 'Failure' || error instanceof Failure ? '' : error.name + ': '}${error.message}${where ? `\n    at ${where.trim()}` : ''}`;
}

export async function run(env) {
    const cases = env.mode === 'untrusted' ? untrustedCases(env) : env.mode === 'bare' ? bareCases(env)
        : env.mode === 'frames' ? framesCases(env) : mainCases(env);
    const lines = [];
    let passed = 0;
    let failed = 0;
    for (const c of cases) {
        const started = Date.now();
        try {
            // Each case sees only its own handler calls and logs.
            await env.control({ cmd: 'calls' });
            await env.control({ cmd: 'logs' });
            await c.body();
            passed += 1;
            lines.push(`ok ${env.transport}/${env.mode}: ${c.name} (${Date.now() - started} ms)`);
        } catch (error) {
            failed += 1;
            lines.push(`FAIL ${env.transport}/${env.mode}: ${c.name}\n    ${describeError(error)}`);
            try {
                await env.control({ cmd: 'calls' });
                await env.control({ cmd: 'logs' });
            } catch {
                // keep going
            }
        }
        if (env.log) env.log(lines[lines.length - 1]);
    }
    return { passed, failed, lines };
}
