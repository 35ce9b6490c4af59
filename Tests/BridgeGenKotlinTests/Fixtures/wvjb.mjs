// Legacy pages on Android (docs/ANDROID.md, "Legacy pages"): seed 001's page code calling
// WebViewJavascriptBridge.callHandler('uniBridgeCall', payload, callback) runs in a node page
// against the shim exactly as BridgeAndroid installs it and the Kotlin session behind it
// (Fixtures/LegacyHost.kt on the androidx.webkit stand-in, one JVM for every case).
//
//   node wvjb.mjs CLASSES KOTLIN_PY SHIM_JS     prints `android-node-wvjb: N passed, M failed`
//
// The page is a fresh vm context per case with what the shim touches: the injected object
// (postMessage takes strings and reaches native in a later task; the reply proxy delivers
// `event.data` asynchronously to 'message' listeners and `onmessage`), `document` events and
// the window's `load`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';

const [classes, kotlinPy, shimPath] = process.argv.slice(2);
if (!classes || !kotlinPy || !shimPath) throw new Error('usage: node wvjb.mjs CLASSES KOTLIN_PY SHIM_JS');

const OBJECT = '__bridgegen_uniBridgeCall';

/** The JVM host: one command line in, one JSON line out, in order; other lines are the probe handler's prints. */
class Host {
    constructor() {
        this.child = spawn('python3', [kotlinPy, 'run', '--cp', classes, 'session.LegacyHostKt'], { stdio: ['pipe', 'pipe', 'inherit'] });
        this.lines = [];
        this.waiting = [];
        this.notes = [];
        readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
            if (!line.startsWith('{')) {
                this.notes.push(line);
                return;
            }
            const next = this.waiting.shift();
            if (next) next(JSON.parse(line));
            else this.lines.push(JSON.parse(line));
        });
        this.queue = Promise.resolve();
    }

    read() {
        if (this.lines.length > 0) return Promise.resolve(this.lines.shift());
        return new Promise((resolve) => this.waiting.push(resolve));
    }

    /** Posts `text` from `frame`; resolves with what the frames received (commands run one at a time). */
    post(frame, text) {
        const result = this.queue.then(() => {
            this.child.stdin.write(JSON.stringify({ frame, post: text }) + '\n');
            return this.read();
        });
        this.queue = result.catch(() => {});
        return result;
    }

    close() {
        this.child.stdin.end();
    }
}

const host = new Host();
const { scripts, objects } = await host.read();

/** A page in `frame` (main, iframe, foreign): the frame's document-start scripts run, then `body`. */
function page(frame, { onmessageOnly = false } = {}) {
    const posted = [];
    const listeners = [];
    const object = {
        postMessage(text) {
            if (typeof text !== 'string') throw new TypeError('postMessage takes a string (or an ArrayBuffer)');
            posted.push(text);
            host.post(frame, text).then(({ received }) => {
                for (const { frame: to, data } of received) {
                    if (to !== frame) continue;
                    setTimeout(() => deliver(data), 0);
                }
            });
        },
        onmessage: null,
    };
    if (!onmessageOnly) {
        object.addEventListener = (type, fn) => { if (type === 'message') listeners.push(fn); };
        object.removeEventListener = () => {};
    }
    function deliver(data) {
        const event = { data, type: 'message' };
        for (const fn of listeners.slice()) fn.call(object, event);
        if (typeof object.onmessage === 'function') object.onmessage(event);
    }
    const documentTarget = new EventTarget();
    const windowTarget = new EventTarget();
    const errors = [];
    const context = {
        setTimeout: (fn, ms) => setTimeout(() => {
            try {
                fn();
            } catch (error) {
                errors.push(String(error && error.message));
            }
        }, ms),
        document: {
            createEvent: () => new Event(''),
            addEventListener: documentTarget.addEventListener.bind(documentTarget),
            dispatchEvent: documentTarget.dispatchEvent.bind(documentTarget),
        },
        addEventListener: windowTarget.addEventListener.bind(windowTarget),
        Map,
    };
    // The object exists only where the listener's rules admit the frame.
    if (objects[frame]) context[OBJECT] = object;
    vm.createContext(context);
    for (const script of scripts[frame]) vm.runInContext(script, context);
    return {
        context, posted, errors, deliver,
        run: (code) => vm.runInContext(code, context),
        load: () => windowTarget.dispatchEvent(new Event('load')),
    };
}

/** callHandler from page code; resolves with the callback's argument. */
function call(p, payloadCode, handler = 'uniBridgeCall') {
    return new Promise((resolve, reject) => {
        p.context.__resolve = resolve;
        try {
            p.run(`WebViewJavascriptBridge.callHandler(${JSON.stringify(handler)}, ${payloadCode}, function (text) { __resolve(text); });`);
        } catch (error) {
            reject(error);
        }
    });
}

const within = (promise, ms = 10_000) => Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`no callback within ${ms} ms`)), ms))]);

const cases = [];
const test = (name, body) => cases.push({ name, body });

test('the main frame runs the shim at document start; the foreign frame runs nothing and has no object', async () => {
    assert.equal(scripts.main.length, 1);
    assert.equal(scripts.main[0], readFileSync(shimPath, 'utf8') + '("__bridgegen_uniBridgeCall", "uniBridgeCall");\n',
        'the installed script is Runtime/JavaScript/wvjb-shim.js called with the names (stale? run Scripts/embed-runtime.sh)');
    assert.deepEqual(scripts.foreign, []);
    assert.deepEqual(objects, { main: true, iframe: true, foreign: false });
    const p = page('main');
    assert.equal(p.run('typeof WebViewJavascriptBridge.callHandler'), 'function');
    assert.equal(page('foreign').run('typeof WebViewJavascriptBridge'), 'undefined');
});

test("a seed-001 request: the callback gets native's envelope text", async () => {
    const p = page('main');
    const text = await within(call(p, `JSON.stringify({ type: 'echo', data: { text: 'ab', times: 2 } })`));
    assert.equal(text, '{"errcode":0,"errmsg":"ok","data":"abab"}');
    assert.equal(p.posted.length, 1);
    assert.equal(p.posted[0], '{"callbackName":"__bg_wvjb_1","type":"echo","data":{"text":"ab","times":2}}');
});

test('an object payload is sent as its JSON text', async () => {
    const text = await within(call(page('main'), `{ type: 'echo', data: { text: 'o' } }`));
    assert.equal(text, '{"errcode":0,"errmsg":"ok","data":"o"}');
});

test("hostile text comes back as native wrote it, and parses to the page's string", async () => {
    const hostile = '"\\</script>\u2028\u2029\u0000\'&<>\ud83d\ude00 é ${x}';
    const p = page('main');
    const text = await within(call(p, `JSON.stringify({ type: 'echo', data: { text: ${JSON.stringify(hostile)} } })`));
    assert.equal(JSON.parse(text).data, hostile);
    assert.equal(JSON.parse(text).errcode, 0);
});

test("the page's own text reaches native, not a re-serialization of it", async () => {
    // JSON.parse and JSON.stringify would turn 1e400 into null, which native would take as the default.
    const p = page('main');
    const text = await within(call(p, `'{"type":"echo","data":{"text":"a","times":1e400}}'`));
    assert.equal(p.posted[0], '{"callbackName":"__bg_wvjb_1","type":"echo","data":{"text":"a","times":1e400}}');
    assert.notEqual(JSON.parse(text).errcode, 0, text);
});

test('leading whitespace and an empty object', async () => {
    const p = page('main');
    const spaced = await within(call(p, `' \\n {"type":"echo","data":{"text":"s"}}'`));
    assert.equal(spaced, '{"errcode":0,"errmsg":"ok","data":"s"}');
    const empty = JSON.parse(await within(call(p, `' { } '`)));
    assert.equal(empty.errcode, -2);
    assert.equal(p.posted[1], '{"callbackName":"__bg_wvjb_2" } ');
});

test('malformed, non-object and omitted payloads are answered -2 through the callback', async () => {
    const p = page('main');
    for (const payload of [`'{"type":"echo",'`, `'[1]'`, `'not json'`, `undefined`]) {
        const envelope = JSON.parse(await within(call(p, payload)));
        assert.equal(envelope.errcode, -2, payload);
        assert.equal(envelope.data, null);
    }
    p.context.__resolve = undefined;
    const omitted = new Promise((resolve) => { p.context.__done = resolve; });
    p.run(`WebViewJavascriptBridge.callHandler('uniBridgeCall', function (text) { __done(text); });`);
    assert.equal(JSON.parse(await within(omitted)).errcode, -2);
});

test('an unknown type is -1, an invalid parameter -3, a handler error its code', async () => {
    const p = page('main');
    assert.equal(JSON.parse(await within(call(p, `'{"type":"nope"}'`))).errcode, -1);
    const invalid = JSON.parse(await within(call(p, `'{"type":"echo","data":{"text":1}}'`)));
    assert.equal(invalid.errcode, -3);
    assert.match(invalid.errmsg, /params\.text/);
    const failed = JSON.parse(await within(call(p, `'{"type":"fail","data":{"kind":"bridge"}}'`)));
    assert.deepEqual(failed, { errcode: 1001, errmsg: 'The key is empty.', data: null });
    assert.equal(JSON.parse(await within(call(p, `'{"type":"echo","data":{"text":"a","times":9007199254740993}}'`))).errcode, -3);
});

test('concurrent calls reach their own callbacks', async () => {
    const p = page('main');
    const answers = await within(Promise.all(['x', 'y', 'z'].map((letter, i) => new Promise((resolve) => {
        p.context[`__r${i}`] = resolve;
        p.run(`WebViewJavascriptBridge.callHandler('uniBridgeCall', '{"type":"echo","data":{"text":"${letter}","times":${i + 1}}}', function (t) { __r${i}(t); });`);
    }))));
    assert.deepEqual(answers.map((t) => JSON.parse(t).data), ['x', 'yy', 'zzz']);
});

test('another handler name is answered -1 in the page, and nothing is posted', async () => {
    const p = page('main');
    const envelope = JSON.parse(await within(call(p, `'{"type":"echo"}'`, 'login')));
    assert.equal(envelope.errcode, -1);
    assert.equal(envelope.errmsg, 'no native handler is named "login": this app answers "uniBridgeCall"');
    assert.deepEqual(p.posted, []);
});

test('a call without a callback is a send: no callbackName, nothing answered, the handler runs', async () => {
    const p = page('main');
    const before = host.notes.length;
    p.run(`WebViewJavascriptBridge.callHandler('uniBridgeCall', '{"type":"ping","data":{"note":"sent"}}')`);
    assert.equal(p.posted[0], '{"type":"ping","data":{"note":"sent"}}');
    const { received } = await host.post('main', '{"type":"ping","data":{"note":"again"}}');
    assert.deepEqual(received, []);
    assert.deepEqual(host.notes.slice(before), ['handler: ping sent', 'handler: ping again']);
});

test('send(data, callback) goes to the channel', async () => {
    const p = page('main');
    const answer = new Promise((resolve) => { p.context.__done = resolve; });
    p.run(`WebViewJavascriptBridge.send('{"type":"echo","data":{"text":"d"}}', function (t) { __done(t); })`);
    assert.equal(await within(answer), '{"errcode":0,"errmsg":"ok","data":"d"}');
});

test('init once (a second call throws as JsBridge does); registerHandler is accepted', async () => {
    const p = page('main');
    p.run('WebViewJavascriptBridge.init(function () {})');
    assert.throws(() => p.run('WebViewJavascriptBridge.init(function () {})'), /WebViewJavascriptBridge.init called twice/);
    assert.equal(p.run(`WebViewJavascriptBridge.registerHandler('fromNative', function () {})`), undefined);
});

test('pages that wait: WebViewJavascriptBridgeReady with event.bridge, and WVJBCallbacks, once the page has loaded', async () => {
    const p = page('main');
    p.run(`var got = []; document.addEventListener('WebViewJavascriptBridgeReady', function (e) { got.push(e.bridge === WebViewJavascriptBridge ? 'event' : 'other'); });
        WVJBCallbacks = [function (b) { got.push(b === WebViewJavascriptBridge ? 'queued' : 'other'); }, function () { throw new Error('page bug'); }, function () { got.push('after'); }];`);
    assert.equal(p.run('JSON.stringify(got)'), '[]');
    p.load();
    assert.equal(p.run('JSON.stringify(got)'), '["event","queued","after"]');
    assert.equal(p.run('WVJBCallbacks'), undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(p.errors, ['page bug']);
    p.load();
    assert.equal(p.run('JSON.stringify(got)'), '["event","queued","after"]');
});

test("frames the shim does not own are ignored: the client's answers, events, malformed frames", async () => {
    const p = page('main');
    const pending = call(p, `'{"type":"echo","data":{"text":"mine"}}'`);
    for (const data of ['{"answer":"__bg_cb_1","envelope":{"errcode":0}}', '{"event":{"module":"probe","name":"tick","payload":{}}}',
        '{"answer":"__bg_wvjb_99","envelope":{"errcode":0}}', '{"answer":"__bg_wvjb_1"', 7, null]) p.deliver(data);
    assert.equal(await within(pending), '{"errcode":0,"errmsg":"ok","data":"mine"}');
});

test('an object with onmessage only (no addEventListener, as older WebViews) works', async () => {
    const p = page('main', { onmessageOnly: true });
    assert.equal(typeof p.context[OBJECT].onmessage, 'function');
    const text = await within(call(p, `'{"type":"echo","data":{"text":"on"}}'`));
    assert.equal(text, '{"errcode":0,"errmsg":"ok","data":"on"}');
});

test("a trusted host's iframe runs the shim and is refused natively (-4: the policy is main frame only)", async () => {
    assert.equal(scripts.iframe.length, 1);
    const p = page('iframe');
    const envelope = JSON.parse(await within(call(p, `'{"type":"echo","data":{"text":"i"}}'`)));
    assert.equal(envelope.errcode, -4);
});

test('a second copy of the script leaves the first bridge in place', async () => {
    const p = page('main');
    p.run('var first = WebViewJavascriptBridge;');
    p.run(scripts.main[0]);
    assert.equal(p.run('first === WebViewJavascriptBridge'), true);
    const text = await within(call(p, `'{"type":"echo","data":{"text":"once"}}'`));
    assert.equal(text, '{"errcode":0,"errmsg":"ok","data":"once"}');
});

let passed = 0;
let failed = 0;
for (const { name, body } of cases) {
    try {
        await body();
        passed += 1;
        console.log(`ok - ${name}`);
    } catch (error) {
        failed += 1;
        console.log(`not ok - ${name}\n  ${String(error && error.stack).split('\n').slice(0, 6).join('\n  ')}`);
    }
}
host.close();
console.log(`android-node-wvjb: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
