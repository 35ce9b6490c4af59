// Test harness for the compiled TypeScript client under node.
//
// Layers, so the native side can be swapped:
//   - `installWebKit(native, ...)` puts a fake `window.webkit.messageHandlers` on globalThis.
//     Each postMessage goes to `native.post(channel, body)`; in the reply transport its
//     result is the Promise postMessage returns.
//   - A *native* is anything with `post(channel, body) -> Promise<envelope | undefined>` that
//     answers callback requests and delivers events by calling the `evaluate(script)` it was
//     given, exactly like WKWebView.evaluateJavaScript. `FakeNative` below implements
//     docs/WIRE.md in JavaScript; a pipe to the Swift test host running the generated
//     dispatcher can replace it without touching the tests' expectations.
//
// The compiled clients live in $BRIDGEGEN_TS_BUILD/<transport>/ (the Swift test
// NodeClientTests compiles them with tsc and runs `node --test` over this folder).

import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';

globalThis.window = globalThis;

export const buildRoot = process.env.BRIDGEGEN_TS_BUILD;
if (!buildRoot) {
    throw new Error('BRIDGEGEN_TS_BUILD is not set: run these tests through `swift test --filter BridgeGenTypeScriptTests` (or see Tests/BridgeGenTypeScriptTests/node/README.md)');
}

/** The transports compiled into the build root. */
export const transports = ['reply', 'callback'].filter((t) => fs.existsSync(path.join(buildRoot, t, 'runtime.js')));
assert.deepEqual(transports, ['reply', 'callback'], 'both transports must be compiled');

let importCounter = 0;

/** A fresh instance of a module client (its own Channel), sharing the transport's runtime. */
export async function freshModule(transport, file) {
    importCounter += 1;
    const url = pathToFileURL(path.join(buildRoot, transport, file + '.js')).href + '?instance=' + importCounter;
    return import(url);
}

/** The transport's runtime module (shared by every instance of its clients). */
export async function runtime(transport) {
    return import(pathToFileURL(path.join(buildRoot, transport, 'runtime.js')).href);
}

/** The transport's mock module. */
export async function mockModule(transport) {
    return import(pathToFileURL(path.join(buildRoot, transport, 'mock.js')).href);
}

/** A native-side failure a FakeNative handler throws: becomes `{errcode: code, errmsg: message}`. */
export class NativeError extends Error {
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}

/**
 * The escaping routine of docs/WIRE.md ("The callback answer script"): a double-quoted,
 * pure-ASCII JavaScript string literal.
 */
export function jsStringLiteral(s) {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const ch = s.charAt(i);
        if (ch === '"' || ch === '\\') out += '\\' + ch;
        else if (c < 0x20 || c > 0x7e || ch === '<' || ch === '>' || ch === '&' || ch === "'") out += '\\u' + c.toString(16).padStart(4, '0');
        else out += ch;
    }
    return out + '"';
}

/** The answer script native evaluates for a callback-transport request. */
export function answerScript(callbackName, envelope) {
    return `(function(){var f=window[${jsStringLiteral(callbackName)}];if(typeof f==="function"){f(${jsStringLiteral(JSON.stringify(envelope))});}})();`;
}

/** The event delivery script native evaluates. */
export function deliverScript(module, event, payload) {
    return `(function(){var h=window.__bridgegen;if(!h||typeof h.deliver!=="function"){return false;}h.deliver(${jsStringLiteral(module)},${jsStringLiteral(event)},${jsStringLiteral(JSON.stringify(payload))});return true;})();`;
}

/** Evaluates a script in the page (node's global scope) in a task of its own, like evaluateJavaScript. */
export async function evaluateInPage(script) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return (0, eval)(script);
}

const callbackNamePattern = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;

/** What an app generated before capabilities answers `$hello` with. */
export const oldHelloAnswer = () => ({ errcode: 0, errmsg: 'ok', data: { protocol: 1 } });

/** The `$hello` answer of an app that has `capabilities` (`{methods, events, pageMethods, fingerprint}`). */
export function capabilitiesAnswer(capabilities) {
    return { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities } };
}

/**
 * docs/WIRE.md's native side, in JavaScript, with test handlers:
 * `handlers[module][wireName](params, message) -> result | Promise<result>`, throwing a
 * NativeError to fail. Returning `FakeNative.noAnswer` never answers (for timeouts).
 * `helloAnswer(module)` is the envelope `$hello` is answered with (default: an app generated
 * before capabilities); `FakeNative.noAnswer` never answers it, and a throw rejects the reply.
 */
export class FakeNative {
    static noAnswer = Symbol('noAnswer');

    constructor({ transport, handlers = {}, callbackChannel = 'uniBridgeCall', evaluate = evaluateInPage, helloAnswer = oldHelloAnswer }) {
        this.transport = transport;
        this.handlers = handlers;
        this.helloAnswer = helloAnswer;
        this.callbackChannel = callbackChannel;
        this.evaluate = evaluate;
        /** Every message received: { channel, raw, message }. */
        this.received = [];
        /** Answer scripts and delivery scripts evaluated, in order. */
        this.scripts = [];
        this.ready = new Set();
        this.queues = new Map();
    }

    /** The channels (message handler names) native registers. */
    channels() {
        return this.transport === 'reply' ? Object.keys(this.handlers) : [this.callbackChannel];
    }

    async run(script) {
        this.scripts.push(script);
        return this.evaluate(script);
    }

    async post(channel, raw) {
        let message = raw;
        if (this.transport === 'callback' && typeof raw === 'string') {
            try {
                message = JSON.parse(raw);
            } catch {
                message = undefined;
            }
        }
        this.received.push({ channel, raw, message });
        if (message === null || typeof message !== 'object' || typeof message.type !== 'string') {
            return this.finish(message, { errcode: -2, errmsg: 'invalid message', data: null });
        }
        if (message.type === '$hello') {
            const module = message.data?.module;
            await this.hello(module);
            const answer = this.helloAnswer(module);
            if (answer === FakeNative.noAnswer) return new Promise(() => {});
            return this.finish(message, answer);
        }
        const module = this.transport === 'reply'
            ? channel
            : Object.keys(this.handlers).find((m) => Object.hasOwn(this.handlers[m], message.type));
        const handler = module === undefined ? undefined : this.handlers[module]?.[message.type];
        if (typeof handler !== 'function') {
            return this.finish(message, { errcode: -1, errmsg: `unknown method '${message.type}'`, data: null });
        }
        let envelope;
        try {
            const result = await handler(message.data ?? {}, message);
            if (result === FakeNative.noAnswer) return new Promise(() => {});
            envelope = { errcode: 0, errmsg: 'ok', data: result === undefined ? null : result };
        } catch (error) {
            envelope = error instanceof NativeError
                ? { errcode: error.code, errmsg: error.message, data: null }
                : { errcode: -6, errmsg: 'internal error', data: null };
        }
        return this.finish(message, envelope);
    }

    /** Reply transport: the envelope is the reply. Callback: evaluate the answer script for requests. */
    async finish(message, envelope) {
        if (this.transport === 'reply') return envelope;
        const name = message?.callbackName;
        if (typeof name === 'string' && callbackNamePattern.test(name)) {
            await this.run(answerScript(name, envelope));
        }
        return undefined;
    }

    async hello(module) {
        this.ready.add(module);
        const queue = this.queues.get(module) ?? [];
        this.queues.set(module, []);
        for (let i = 0; i < queue.length; i++) {
            if (!(await this.deliverNow(module, queue[i].event, queue[i].payload))) {
                this.ready.delete(module);
                this.queues.set(module, queue.slice(i).concat(this.queues.get(module)));
                return;
            }
        }
    }

    /** Sends an event: queued until the module's `$hello`, then delivered directly. */
    async emit(module, event, payload = {}) {
        if (this.ready.has(module)) {
            if (await this.deliverNow(module, event, payload)) return true;
            // The page is gone or reloading: queue this and what follows until the next $hello.
            this.ready.delete(module);
        }
        const queue = this.queues.get(module) ?? [];
        queue.push({ event, payload });
        this.queues.set(module, queue);
        return false;
    }

    async deliverNow(module, event, payload) {
        return (await this.run(deliverScript(module, event, payload))) === true;
    }

    /** Resolves once `module` said `$hello` (messages reach native in a later task). */
    async whenReady(module, timeoutMs = 2000) {
        const started = Date.now();
        while (!this.ready.has(module)) {
            if (Date.now() - started > timeoutMs) throw new Error(`module ${module} never said $hello`);
            await new Promise((resolve) => setTimeout(resolve, 1));
        }
    }

    /** Messages received, without the `$hello`s. */
    calls() {
        return this.received.filter((r) => r.message?.type !== '$hello');
    }

    hellos() {
        return this.received.filter((r) => r.message?.type === '$hello');
    }
}

/**
 * Installs `window.webkit.messageHandlers` backed by `native` (a FakeNative or anything with
 * `post` and `channels`). Returns a function that removes it.
 */
export function installWebKit(native) {
    const messageHandlers = {};
    for (const channel of native.channels()) {
        messageHandlers[channel] = {
            postMessage(body) {
                // WebKit clones the body when it is posted, and a reply handler's postMessage returns a Promise.
                // Native sees the message in a later task (IPC), never while the page's script runs.
                const cloned = typeof body === 'string' ? body : structuredClone(body);
                const answer = new Promise((resolve) => setTimeout(resolve, 0)).then(() => native.post(channel, cloned));
                if (native.transport === 'reply') return answer;
                answer.catch(() => undefined);
                return undefined;
            },
        };
    }
    globalThis.webkit = { messageHandlers };
    return () => {
        delete globalThis.webkit;
    };
}

/** How many messages the page posted (any handler, `$hello` included), counted at `window.webkit`. */
export function countPosts() {
    let count = 0;
    for (const handler of Object.values(globalThis.webkit?.messageHandlers ?? {})) {
        const post = handler.postMessage;
        handler.postMessage = function (body) {
            count += 1;
            return post.call(this, body);
        };
    }
    return () => count;
}

/** Names of callback globals currently defined on the page. */
export function callbackGlobals() {
    return Object.keys(globalThis).filter((k) => k.startsWith('__bg_cb_'));
}

/** Waits `ms` milliseconds. */
export function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets pending Promise jobs and zero-delay timers run. */
export async function settle() {
    for (let i = 0; i < 5; i++) await sleep(0);
}

/** Replaces console[level] while `body` runs; returns what was logged and the body's result. */
export async function capture(level, body) {
    const original = console[level];
    const logged = [];
    console[level] = (...args) => logged.push(args.map(String).join(' '));
    try {
        const result = await body();
        return { logged, result };
    } finally {
        console[level] = original;
    }
}

/** The handlers FakeNative answers with in most tests: the schemas' methods, with fixed results. */
export function sampleHandlers(overrides = {}) {
    const store = new Map();
    return {
        sample: {
            share: () => undefined,
            haptic: () => undefined,
            deviceInfo: () => ({ model: 'iPhone', system: 'iOS 18.1', appVersion: '5.2.0', darkMode: true }),
            getItem: ({ key }) => {
                if (key === '') throw new NativeError(1001, 'the key is empty');
                return store.has(key) ? store.get(key) : null;
            },
            setItem: ({ key, value }) => {
                store.set(key, value);
                return true;
            },
            ...(overrides.sample ?? {}),
        },
        user: {
            'close-page': () => undefined,
            'log-event': () => undefined,
            'get-user-info': () => ({ id: 7, name: 'Ada', vip_level: 2, tags: ['beta'] }),
            'ios-app-prepay': ({ order }) => ({ status: 'purchased', transaction_id: 'tx-' + order.product_id }),
            'report-device': () => undefined,
            'get-token': () => null,
            ...(overrides.user ?? {}),
        },
    };
}

/** One app session: a FakeNative for `transport` (`options`: more FakeNative options), installed as window.webkit. */
export function startApp(transport, handlers = sampleHandlers(), options = {}) {
    const native = new FakeNative({ transport, handlers, ...options });
    const uninstall = installWebKit(native);
    return { native, uninstall };
}

/**
 * The function bodies native runs for page calls (docs/WIRE.md, "Page calls"): the Swift
 * runtime's `BridgePageScripts.client` and `.global`, which NodeClientTests writes to
 * `$BRIDGEGEN_TS_BUILD/page-bodies.json`.
 */
export const pageBodies = JSON.parse(fs.readFileSync(path.join(buildRoot, 'page-bodies.json'), 'utf8'));

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;

/** Runs a page-call body as callAsyncJavaScript does: an async function of string arguments, in a task of its own. */
async function runPageBody(body, args) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const names = Object.keys(args);
    const text = await new AsyncFunction(...names, body)(...names.map((name) => args[name]));
    assert.equal(typeof text, 'string', 'a page call answers JSON text');
    return JSON.parse(text);
}

/**
 * Calls a page method of the client as native does (`m`, `n`, `p`: the params as JSON text)
 * and resolves with the envelope the page answered, parsed.
 */
export function callPageAsNative(module, method, params = {}) {
    return runPageBody(pageBodies.client, { m: module, n: method, p: JSON.stringify(params) });
}

/**
 * Calls a `global:` page method as native does: also `g` (the path as JSON text) and `a` (the
 * params as a positional array, JSON text).
 */
export function callGlobalAsNative(module, method, globalPath, params = {}) {
    return runPageBody(pageBodies.global, {
        m: module, n: method, p: JSON.stringify(params), g: JSON.stringify(globalPath), a: JSON.stringify(Object.values(params)),
    });
}
