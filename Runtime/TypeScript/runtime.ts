// bridgegen's TypeScript runtime: transports, envelope, errors, handshake and the
// `window.__bridgegen` event hub, as specified in docs/WIRE.md. Type-checked as itself by the
// tests (against runtime-config.d.ts, which stands in for the generated runtime-config.ts) and embedded
// verbatim, from the first line after this comment, into every generated client as runtime.ts.
//
// Importing it does nothing: no global is touched and nothing is posted until a client is
// first used (docs/TYPESCRIPT.md, "Events and the handshake"). Declarations marked @internal
// are for the generated clients and mock only; index.ts does not export them.

import { config } from './runtime-config.js';

export { config } from './runtime-config.js';
export type { BridgeConfig, BridgeShell, BridgeTransport } from './runtime-config.js';

/** The wire protocol version this client speaks (sent in `$hello`). */
export const PROTOCOL_VERSION = 1;

/** The bridge's own error codes (docs/WIRE.md, "Error codes"); application errors are >= 1. */
export const BridgeErrorCode = {
    /** No method has this wire name. */
    unknownMethod: -1,
    /** The message was not an object, or had no `type`. */
    invalidMessage: -2,
    /** The parameters do not match the method; the message names the path. */
    invalidParams: -3,
    /** The native origin policy refused this page. */
    untrustedOrigin: -4,
    /** The native handler is gone or not installed. */
    handlerUnavailable: -5,
    /** The native handler failed; no details are leaked. */
    internalError: -6,
    /** Page side: no native handler (not running in the app). */
    notInApp: -7,
    /**
     * Page side: no answer in time. Native calling the page: the page did not answer within
     * the call's timeout.
     */
    timeout: -8,
    /**
     * Page side: the caller aborted (an `AbortSignal` in the options). Native calling the
     * page: the calling Swift Task was cancelled (the page's function keeps running; its late
     * answer is ignored).
     */
    aborted: -9,
    /**
     * Native calling the page: the page's client is loaded but registered no implementation
     * of the page method (and, for a `global:` method, the page defines no such function).
     */
    notImplemented: -10,
    /**
     * Native calling the page: no page, or the module's client did not say `$hello` within
     * the call's timeout.
     */
    pageNotLoaded: -11,
    /**
     * Native calling the page: the page's implementation threw something that is not one of
     * the method's declared errors, or returned a value JSON cannot carry.
     */
    pageError: -12,
    /**
     * Native calling the page: the page's answer does not decode as the method's result; the
     * message names the path (`result.items[2].id: expected int, got string`).
     */
    invalidResult: -13,
    /** Native calling the page: the web content process terminated during the call. */
    processTerminated: -14,
    /**
     * Page side: a stream's unread items exceeded its buffer (`StreamOptions.bufferSize`) with
     * `overflow: 'fail'`; the stream ends with this error and native is told to stop.
     */
    streamOverflow: -15,
    /**
     * Page side: a `bytes` value of the fast path (the app's `bytes` capability) could not be
     * uploaded before the request was posted, or a result's value could not be downloaded;
     * the message names the value's path and the HTTP status or the network error.
     */
    transferFailed: -16,
} as const;

/** One of the bridge's own error codes. */
export type BridgeErrorCode = (typeof BridgeErrorCode)[keyof typeof BridgeErrorCode];

/** The name of one of the bridge's own error codes (`bridgeErrorCodeName(-8) === 'timeout'`), else undefined. */
export function bridgeErrorCodeName(code: number): keyof typeof BridgeErrorCode | undefined {
    for (const name of Object.keys(BridgeErrorCode) as Array<keyof typeof BridgeErrorCode>) {
        if (BridgeErrorCode[name] === code) return name;
    }
    return undefined;
}

/**
 * What a `BridgeError` says besides its code and message: `new BridgeError(code, message,
 * { module, method, codeName, data })`. Named, so that no value lands in the wrong place.
 */
export interface BridgeErrorOptions {
    /** The module of the failed call; '' when left out (a page method's error: native knows the call). */
    module?: string | undefined;
    /** The method's wire name; '' when left out. */
    method?: string | undefined;
    /** The name of `code`; left out, the `BridgeErrorCode` name of `code` (undefined for an application code). */
    codeName?: string | undefined;
    /** An application error's data, as its generated `<Error>ErrorData` type describes it; null when left out. */
    data?: unknown;
}

/**
 * How every failed request rejects: `code` is a `BridgeErrorCode` (<= -1) or one of the
 * module's application error codes (>= 1); `method` is the method's wire name. Also what a
 * page method's implementation (and a mock's) throws to fail with one of its declared errors.
 * The generated guards (`User.isPurchaseFailed(error)`) narrow it to one error and type its
 * `data`; the generated makers (`User.purchaseFailedError({ retryable: true })`) build one
 * with its data checked by the compiler.
 */
export class BridgeError extends Error {
    readonly code: number;
    readonly module: string;
    readonly method: string;
    /**
     * The name of `code`: a `BridgeErrorCode` key (`'timeout'`), the module's error name
     * (`'invalidKey'`) for requests of a generated client, else undefined.
     */
    readonly codeName: string | undefined;
    /** An application error's data (the envelope's `data`, as native sent it); null for none. */
    readonly data: unknown;

    /**
     * A page method's implementation fails with one of its declared errors by throwing
     * `new BridgeError(ShopErrors.busy, 'checkout in progress')` (module and method may be left
     * out there: native knows which call failed), or, with data, the generated
     * `User.busyError({ retryAfterSeconds: 3 })`.
     */
    constructor(code: number, message: string, options?: BridgeErrorOptions);
    /**
     * @deprecated Positional arguments are easy to misorder (data passed where `codeName`
     * goes): pass `{ module, method, codeName, data }`, or use the module's generated error
     * maker. A non-string `module`, `method` or `codeName` throws a `TypeError`.
     */
    constructor(code: number, message: string, module?: string, method?: string, codeName?: string, data?: unknown);
    constructor(code: number, message: string, options?: BridgeErrorOptions | string, method?: string, codeName?: string,
                data?: unknown) {
        super(message);
        Object.setPrototypeOf(this, new.target.prototype);
        const given = constructorOptions(options, method, codeName, data);
        // Aborts carry the name the web platform uses (fetch's DOMException), so generic
        // `error.name === 'AbortError'` checks treat them like any other abort.
        this.name = code === BridgeErrorCode.aborted ? 'AbortError' : 'BridgeError';
        this.code = code;
        this.module = given.module ?? '';
        this.method = given.method ?? '';
        this.codeName = given.codeName ?? bridgeErrorCodeName(code);
        this.data = given.data === undefined ? null : given.data;
    }

    /** `BridgeError: sample.getItem failed with invalidKey (1001): the key is empty`. */
    override toString(): string {
        const code = this.codeName === undefined ? `code ${this.code}` : `${this.codeName} (${this.code})`;
        const call = this.module === '' && this.method === '' ? '' : `${this.module}.${this.method} `;
        return `${this.name}: ${call}failed with ${code}: ${this.message}`;
    }
}

/**
 * The options of `BridgeError`'s constructor from either form: the options object, or the
 * deprecated positional `module, method, codeName, data`, whose strings are checked so that
 * data given in `codeName`'s place fails where it is written, not where `data` is read.
 */
function constructorOptions(options: BridgeErrorOptions | string | undefined, method: unknown, codeName: unknown,
                           data: unknown): BridgeErrorOptions {
    const positional = typeof options === 'string' || method !== undefined || codeName !== undefined || data !== undefined;
    if (!positional) return options === undefined || options === null ? {} : options;
    const strings: Array<[string, unknown]> = [['module', options], ['method', method], ['codeName', codeName]];
    for (const [name, value] of strings) {
        if (value !== undefined && typeof value !== 'string') {
            throw new TypeError(`new BridgeError(code, message, module, method, codeName, data): ${name} must be a string, got ${value === null ? 'null' : typeof value}; `
                + 'pass the rest by name: new BridgeError(code, message, { module, method, codeName, data })');
        }
    }
    return { module: options as string | undefined, method: method as string | undefined, codeName: codeName as string | undefined, data };
}

/**
 * What native answers every request with (docs/WIRE.md, "Envelope").
 * @internal
 */
export interface BridgeEnvelope {
    errcode: number;
    errmsg: string;
    data: unknown;
    /** The `$bytes` list of the values the fast path carries (`{token, length}`, or `{length}` as binary frames); absent otherwise. */
    bytes?: unknown;
}

/** Options of `ready()`. */
export interface ReadyOptions {
    /** How long to wait for the native handler; default `config.readyTimeoutMs`. */
    timeoutMs?: number;
    /** How often to look for it; default 50 ms. */
    intervalMs?: number;
    /** Stops waiting: `ready()` rejects with `BridgeErrorCode.aborted`. */
    signal?: AbortSignal;
}

/** Options of one request. */
export interface RequestOptions {
    /**
     * Reject with `BridgeErrorCode.timeout` when no answer came in this many milliseconds;
     * 0 waits forever. Default: `config.requestTimeoutMs` in the callback transport, no
     * timeout in the reply transport (native always answers there).
     */
    timeoutMs?: number;
    /**
     * Aborting rejects the request with `BridgeErrorCode.aborted` (name `'AbortError'`) and
     * forgets it: its answer, if native still sends one, is ignored. Native is not told.
     */
    signal?: AbortSignal;
}

/** Options of one stream (a `kind: stream` method). */
export interface StreamOptions {
    /**
     * Reject with `BridgeErrorCode.timeout` when the stream has not ended in this many
     * milliseconds. Default: no timeout (a stream may run as long as its page reads it).
     */
    timeoutMs?: number;
    /** Aborting ends the stream with `BridgeErrorCode.aborted` and tells native to stop. */
    signal?: AbortSignal;
    /**
     * Most items kept unread; default 1024. With an app that takes a window (`capabilities().window`)
     * and `overflow: 'fail'`, native sends at most `min(bufferSize, 16)` items the loop has not
     * taken, so the buffer never overflows and a slow loop slows native down.
     */
    bufferSize?: number;
    /**
     * When an item arrives and `bufferSize` are unread: `'fail'` (default) ends the stream with
     * `BridgeErrorCode.streamOverflow` and stops native, so no item is lost unnoticed;
     * `'dropOldest'` drops the oldest unread item (for values where only the latest matters:
     * progress, a location).
     */
    overflow?: 'fail' | 'dropOldest';
}

/** Options of `once()`. */
export interface OnceOptions {
    /** Aborting stops waiting: the Promise rejects with `BridgeErrorCode.aborted`. */
    signal?: AbortSignal;
}

/** Stops a subscription; calling it again does nothing. */
export type Unsubscribe = () => void;

/**
 * A message as it goes on the wire (page -> native).
 * @internal
 */
export interface WireMessage {
    type: string;
    data?: unknown;
    callbackName?: string;
    /** A request's id, which `$cancel` names (its callback name where it has one). */
    id?: string;
    /** A stream request's window: the most items native sends that the page has not said it read (`$read`). */
    $window?: number;
}

interface MessageHandler {
    postMessage(message: unknown): unknown;
}

/**
 * A page method's implementation as the hub holds it: the params object native sent in, the
 * result (or a Promise of it) out.
 * @internal
 */
export type PageImplementation = (params: unknown) => unknown;

/**
 * A page method as a generated client describes it to `Channel.implement`, in a table keyed by
 * the key of the implementation object (the method's identifier). A keyed object, not an array:
 * tsc types an array literal as the union of its elements, which it gives up on (TS2590) for a
 * module with about a thousand page methods that declare different errors.
 * @internal
 */
export interface PageMethodEntry {
    /** The wire name native calls it by. */
    readonly wire: string;
    /** The module's error codes the method declares: a `BridgeError` with one of them reaches native as is. */
    readonly errors: readonly number[];
    /** Where its params hold `bytes`, when they do: base64 from native, `Uint8Array`s for the implementation. */
    readonly params?: BytesDecoder;
}

/**
 * `window.__bridgegen`: the event hub the generated Swift event senders call, and the page
 * methods native calls (docs/WIRE.md, "Page calls").
 * @internal
 */
export interface EventHub {
    readonly protocol: number;
    deliver(module: string, event: string, payload: unknown): boolean;
    listen(module: string, event: string, listener: (payload: unknown) => void): Unsubscribe;
    /**
     * Runs the page's implementation of `module.method` (wire name) with `params` and
     * resolves with the envelope `{errcode, errmsg, data}` as JSON text. Never rejects and
     * never throws: every failure is an envelope.
     */
    call(module: string, method: string, params: unknown): Promise<string>;
    /** Whether the page registered an implementation of `module.method` (wire name). */
    implemented(module: string, method: string): boolean;
    /**
     * Registers `fn` as the implementation of `module.method` (wire name); a thrown
     * `BridgeError` whose code is in `declaredCodes` reaches native with that code. The last
     * registration wins; the returned function removes this registration only (the previous
     * one, if still registered, is active again) and does nothing when called again.
     */
    implement(module: string, method: string, fn: PageImplementation, declaredCodes: readonly number[]): Unsubscribe;
    /**
     * Hands an item of the stream `id` (its JSON text, or the value) to the stream that
     * registered `id`; returns whether one did and took it (`false` tells native to stop).
     */
    item(id: string, value: unknown): boolean;
    /** Registers the receiver of stream `id`'s items (it returns whether it took one); returns what removes it. */
    stream(id: string, receive: (value: unknown) => boolean): Unsubscribe;
}

interface BridgeGlobal {
    __bridgegen?: EventHub;
    [name: string]: unknown;
}

function globalObject(): BridgeGlobal {
    return globalThis as unknown as BridgeGlobal;
}

/**
 * Where a module's messages go: the channel's object in the first shell of `config.shells` (one
 * row per native side the schema set generates, in bridgegen's order; docs/WIRE.md "Channels")
 * that the page has. A `handler` port's `postMessage` answers in its own way (a Promise in the
 * reply transport, `window[callbackName]` in the callback one); a `frames` port takes JSON text,
 * every request and `$hello` is named (`callbackName`) in both transports, and answers come
 * back as answer frames on the object. A `proxy` port is a `frames` port whose frames come back
 * through the page function it passes with each post instead of as message events.
 */
interface Port {
    readonly frames: boolean;
    /** Whether `postMessage` also takes an ArrayBuffer (androidx.webkit's object): binary frames can cross. */
    readonly binary: boolean;
    readonly handler: MessageHandler;
    /** A `frames` port's answer routing: the router of the channel's object, made at the first call. */
    readonly router: () => FrameRouter;
}

/**
 * A `proxy` port's object (an injected native object, as on ArkWeb): `postMessage` takes the
 * message's JSON text, a page function, which native calls with each frame's JSON text, and the
 * post's place in the page's order: the object's sender id and the post's sequence number
 * (ArkWeb may run a page's async calls out of order; native puts them back in this one).
 */
interface ProxyObject {
    postMessage(text: string, deliver: (frame: unknown) => void, sender?: string, seq?: number): unknown;
}

/** The object at `path` from the global object when its `postMessage` is a function, else undefined. Never throws. */
function objectAt(path: readonly string[]): MessageHandler | undefined {
    try {
        let value: unknown = globalObject();
        for (const key of path) {
            if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
            value = (value as { [key: string]: unknown })[key];
        }
        if (value !== null && (typeof value === 'object' || typeof value === 'function')
            && typeof (value as { postMessage?: unknown }).postMessage === 'function') {
            return value as MessageHandler;
        }
    } catch {
        // A hostile getter: not in the app.
    }
    return undefined;
}

/** The channel's port in the first shell whose object exists, or undefined outside the app. Never throws. */
function findPort(name: string): Port | undefined {
    for (const shell of config.shells) {
        const handler = objectAt(shell.path.map((part) => part.split('{channel}').join(name)));
        if (!handler) continue;
        if (shell.port === 'proxy') return proxyPort(handler as unknown as ProxyObject);
        return { frames: shell.port === 'frames', binary: shell.port === 'frames', handler, router: () => frameRouter(handler) };
    }
    return undefined;
}

/**
 * A `proxy` port as the `frames` port it is: posting `text` calls the object's
 * `postMessage(text, deliver, sender, seq)`, `deliver` being the one function of the object's
 * router and `sender` and `seq` its order (none when an older runtime copy made the router).
 */
function proxyPort(object: ProxyObject): Port {
    const router = (): FrameRouter => frameRouter(object, true);
    return {
        frames: true,
        binary: false,
        handler: {
            postMessage: (text: unknown) => {
                const current = router();
                const order = current.order;
                if (order === undefined) return object.postMessage(String(text), deliverOf(current));
                return object.postMessage(String(text), deliverOf(current), order.sender, order.next());
            },
        },
        router,
    };
}

/** A `proxy` port's order: the object's sender id, random per page load, and its posts' counter. */
interface PostOrder {
    readonly sender: string;
    /** The next post's sequence number: 0, 1, 2, ... */
    next(): number;
}

/** A new sender id: 32 hex digits from `crypto.getRandomValues`, or `Math.random` without it. */
function senderId(): string {
    const words = new Uint32Array(4);
    try {
        const crypto = globalObject().crypto as { getRandomValues?: (array: Uint32Array) => unknown } | undefined;
        if (crypto && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(words);
    } catch {
        // No usable crypto: Math.random below.
    }
    const random = words.every((word) => word === 0) ? () => Math.floor(Math.random() * 0x100000000) : undefined;
    let id = '';
    words.forEach((word) => {
        id += ('0000000' + (random ? random() : word).toString(16)).slice(-8);
    });
    return id;
}

/** A fresh order: its counter starts at 0, as native expects of a sender it has not seen. */
function postOrder(): PostOrder {
    let seq = 0;
    return { sender: senderId(), next: () => seq++ };
}

/** A router's `deliver`, or one that drops every frame when it has none (a router made for the object as a `frames` port's). */
function deliverOf(router: FrameRouter): (frame: unknown) => void {
    return typeof router.deliver === 'function' ? router.deliver : () => undefined;
}

/**
 * The answer routing of one `frames` or `proxy` port's object, shared by every copy of this
 * runtime on the page (through `frameRouters`), so each object gets one message listener, or one
 * `deliver` function.
 */
interface FrameRouter {
    /** Hands the envelope of the answer frame naming `name` to `receive`, once; returns what forgets it. */
    expect(name: string, receive: AnswerReceiver): () => void;
    /**
     * A `proxy` port's object's one page function, passed with every post: native calls it with
     * each frame's JSON text, routed as a message event carrying it. Undefined for a `frames` port.
     */
    readonly deliver?: ((frame: unknown) => void) | undefined;
    /** A `proxy` port's order, shared by every copy of this runtime. Undefined for a `frames` port. */
    readonly order?: PostOrder | undefined;
    /**
     * A `frames` port's queue of binary frames (results' large `bytes` values, which native posts
     * just before their answer frame); undefined in a router an older runtime copy made, which
     * drops them: then the client does not ask for them.
     */
    readonly binary?: BinaryQueue | undefined;
}

/** The answer frame's values that came as binary frames before it, or the first that did not. */
interface ReceivedFrames {
    readonly values: readonly Uint8Array[];
    readonly failure?: { readonly index: number; readonly message: string } | undefined;
}

/** What a router hands the request named in an answer frame: the envelope and, with a `$bytes` list, its values. */
type AnswerReceiver = (envelope: unknown, frames?: ReceivedFrames) => void;

/** The binary frames an object received and no answer frame claimed yet, bounded. */
interface BinaryQueue {
    readonly buffers: ArrayBuffer[];
    held: number;
    /** The most bytes kept: twice the largest `max` a client of the page was offered (0 before any). */
    limit: number;
}

/** The most binary frames an object keeps waiting for their answer frame (as native's `$bytes` list). */
const maxQueuedFrames = 1024;

/**
 * The page's routers by object: `globalThis[Symbol.for('bridgegen.android.v1')]`, a WeakMap. The
 * key is the one the first runtime with frame routing used: copies of every version share it.
 */
const frameRoutersKey = Symbol.for('bridgegen.android.v1');
let localRouters: WeakMap<object, FrameRouter> | undefined;

function frameRouters(): WeakMap<object, FrameRouter> {
    const g = globalThis as unknown as { [key: symbol]: unknown };
    try {
        const existing = g[frameRoutersKey];
        if (existing instanceof WeakMap) return existing as WeakMap<object, FrameRouter>;
        const created = new WeakMap<object, FrameRouter>();
        Object.defineProperty(g, frameRoutersKey, { value: created, writable: false, enumerable: false, configurable: false });
        return created;
    } catch {
        localRouters = localRouters ?? new WeakMap();
        return localRouters;
    }
}

/** `value[key]` when it is an own property of an object, else undefined. Never throws. */
function own(value: unknown, key: string): unknown {
    try {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
        return Object.prototype.hasOwnProperty.call(value, key) ? (value as { [key: string]: unknown })[key] : undefined;
    } catch {
        return undefined;
    }
}

/**
 * Routes one message event of a `frames` port's object: an answer frame to its pending request, an
 * item frame and an event frame to the hub (as a `handler` shell's item and event scripts do). Anything else is ignored; never throws.
 */
function routeFrame(pending: Map<string, AnswerReceiver>, queue: BinaryQueue, event: unknown): void {
    try {
        const data = (event as { data?: unknown } | null | undefined)?.data;
        if (isArrayBuffer(data)) {
            queueFrame(queue, data);
            return;
        }
        if (typeof data !== 'string') return;
        const frame: unknown = JSON.parse(data);
        const name = own(frame, 'answer');
        if (typeof name === 'string') {
            const envelope = own(frame, 'envelope');
            // Taken even when no request waits (it timed out, or was cancelled), so the queue stays aligned.
            const frames = takeFrames(queue, own(envelope, '$bytes'));
            const receive = pending.get(name);
            if (receive === undefined) return;
            pending.delete(name);
            receive(envelope, frames);
            return;
        }
        dropStray(queue);
        const item = own(frame, 'item');
        if (typeof item === 'string') {
            const h = globalObject().__bridgegen;
            // The hub reads a string as the item's JSON text (the item script's argument): a string item goes as its JSON text.
            const value = own(frame, 'value');
            if (h && typeof h.item === 'function') h.item(item, typeof value === 'string' ? JSON.stringify(value) : value);
            return;
        }
        const body = own(frame, 'event');
        const module = own(body, 'module');
        const eventName = own(body, 'name');
        const payload = own(body, 'payload');
        if (typeof module !== 'string' || typeof eventName !== 'string') return;
        if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return;
        const h = globalObject().__bridgegen;
        if (h && typeof h.deliver === 'function') h.deliver(module, eventName, payload);
    } catch {
        // Not a frame (not JSON): ignored.
    }
}

/** Whether `value` is an ArrayBuffer (of any realm); never a SharedArrayBuffer. */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
    return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

/** Keeps a binary frame for the answer frame after it; past the bounds the queue is dropped (logged). */
function queueFrame(queue: BinaryQueue, buffer: ArrayBuffer): void {
    if (queue.buffers.length === maxQueuedFrames || queue.held + buffer.byteLength > queue.limit) {
        console.error(`[bridgegen] dropped ${queue.buffers.length + 1} binary frame(s): more than ${maxQueuedFrames} or ${queue.limit} bytes waiting for their answer`);
        queue.buffers.length = 0;
        queue.held = 0;
        return;
    }
    queue.buffers.push(buffer);
    queue.held += buffer.byteLength;
}

/** Drops the binary frames no answer frame claimed (logged). */
function dropStray(queue: BinaryQueue): void {
    if (queue.buffers.length === 0) return;
    console.error(`[bridgegen] dropped ${queue.buffers.length} binary frame(s) that no answer frame named`);
    queue.buffers.length = 0;
    queue.held = 0;
}

/**
 * The values an answer frame's `$bytes` list of lengths names, taken from the head of the queue,
 * each checked against its length; undefined without a list. What is left is stray.
 */
function takeFrames(queue: BinaryQueue, list: unknown): ReceivedFrames | undefined {
    if (list === undefined) {
        dropStray(queue);
        return undefined;
    }
    const entries: readonly unknown[] = Array.isArray(list) && list.length <= maxQueuedFrames ? list : [];
    const values: Uint8Array[] = [];
    let failure: ReceivedFrames['failure'] = entries === list ? undefined : { index: 0, message: `$bytes is not a list of at most ${maxQueuedFrames} lengths` };
    entries.forEach((entry, index) => {
        const length = own(entry, 'length');
        const buffer = queue.buffers.shift();
        if (buffer !== undefined) queue.held -= buffer.byteLength;
        if (failure !== undefined) return;
        if (buffer !== undefined && buffer.byteLength === length) {
            values.push(new Uint8Array(buffer));
        } else {
            failure = { index, message: `expected ${isCount(length) ? length : 'a length'} bytes, got ${buffer === undefined ? 'none' : buffer.byteLength}` };
        }
    });
    dropStray(queue);
    return { values, failure };
}

/**
 * The router of `object`, made at the first call: a `frames` port's attaches its one message
 * listener, a `proxy` port's (`proxy`) makes its one `deliver` function.
 */
function frameRouter(object: object, proxy = false): FrameRouter {
    const routers = frameRouters();
    const existing = routers.get(object);
    if (existing) return existing;
    const pending = new Map<string, AnswerReceiver>();
    const queue: BinaryQueue = { buffers: [], held: 0, limit: 0 };
    const listener = (event: unknown): void => routeFrame(pending, queue, event);
    const router: FrameRouter = {
        ...(proxy ? {} : { binary: queue }),
        expect(name, receive) {
            pending.set(name, receive);
            return () => {
                if (pending.get(name) === receive) pending.delete(name);
            };
        },
        ...(proxy ? { deliver: (frame: unknown): void => listener({ data: frame }), order: postOrder() } : {}),
    };
    routers.set(object, router);
    if (proxy) return router;
    try {
        const target = object as { addEventListener?: unknown; onmessage?: unknown };
        if (typeof target.addEventListener === 'function') {
            (target.addEventListener as (type: string, fn: (event: unknown) => void) => void).call(object, 'message', listener);
        } else {
            const previous = target.onmessage;
            target.onmessage = function (this: unknown, event: unknown): void {
                listener(event);
                if (typeof previous === 'function') (previous as (event: unknown) => void).call(this, event);
            };
        }
    } catch (error) {
        console.error('[bridgegen] could not listen on the bridge object; answers and events cannot arrive', error);
    }
    return router;
}

/**
 * Longest `bytes` value, in bytes: 10 MiB, as native's `BridgeLimits.maxBytesLength`. Its base64
 * text (13,981,016 characters) still fits a message of native's 16 MiB limit; the client refuses
 * a longer `Uint8Array` before posting, so the page hears why instead of native's -2.
 * @internal
 */
export const maxBytesLength = 10 * 1024 * 1024;

/**
 * Most values in one message, as native's `BridgeLimits.maxValues`: each object, array, string,
 * number, boolean and null counts one (keys do not). The client refuses a message that holds
 * more before posting it, with native's words and code (-2), so the page hears why at once.
 * @internal
 */
export const maxValues = 100_000;

/** What `toWire` throws for a value of more than its budget of values (or of fast-path `bytes` values). */
class ValueLimitError extends RangeError {
    constructor(message = `the message holds more than ${maxValues} values`) {
        super(message);
    }
}

/**
 * Most `bytes` values of the fast path in one message, as native's limit on its `$bytes` list
 * (docs/WIRE.md, "Bytes"); the client refuses a message with more before uploading any.
 */
const maxTransfersPerMessage = 1024;

/** How many more values the running `toWire` may copy. */
let wireBudget = 0;

/** The base64 alphabet (RFC 4648 section 4) and its tables, built on first use. */
const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
let base64Tables: { readonly pairs: Uint16Array; readonly values: Int8Array; readonly text: TextDecoder } | undefined;

/**
 * `pairs`: the two characters of each 12-bit value as one 16-bit unit in memory order, so the
 * encoder writes a group of three bytes with two stores; `values`: each UTF-16 unit's 6-bit
 * value, -1 outside the alphabet; `text`: ASCII bytes to a string in one call.
 */
function base64TablesOnce(): { readonly pairs: Uint16Array; readonly values: Int8Array; readonly text: TextDecoder } {
    if (base64Tables) return base64Tables;
    const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
    const pairs = new Uint16Array(4096);
    for (let i = 0; i < 4096; i++) {
        const first = base64Alphabet.charCodeAt(i >> 6), second = base64Alphabet.charCodeAt(i & 63);
        pairs[i] = littleEndian ? first | (second << 8) : (first << 8) | second;
    }
    const values = new Int8Array(65536).fill(-1);
    for (let i = 0; i < 64; i++) values[base64Alphabet.charCodeAt(i)] = i;
    base64Tables = { pairs, values, text: new TextDecoder('latin1') };
    return base64Tables;
}

/**
 * `bytes` as standard, padded base64 (RFC 4648), the form they travel in: WebKit's message
 * bodies cannot carry an ArrayBuffer (docs/WIRE.md, "Bytes"). The characters are written as
 * bytes through a table, two per store, and made a string once: 10 MB in about 20 ms under
 * node 20, five times faster than `btoa` of a binary string (docs/PERFORMANCE.md, "Bytes").
 * @internal
 */
export function encodeBase64(bytes: Uint8Array): string {
    const { pairs, text } = base64TablesOnce();
    const length = bytes.length, whole = length - (length % 3);
    const out = new Uint8Array(Math.ceil(length / 3) * 4);
    const units = new Uint16Array(out.buffer, 0, (whole / 3) * 2);
    let j = 0;
    for (let i = 0; i < whole; i += 3) {
        const group = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
        units[j++] = pairs[group >> 12] as number;
        units[j++] = pairs[group & 4095] as number;
    }
    if (whole < length) {
        // One or two bytes left: their characters, then '=' for each missing byte.
        const group = ((bytes[whole] as number) << 16) | (whole + 1 < length ? (bytes[whole + 1] as number) << 8 : 0);
        let o = j * 2;
        out[o++] = base64Alphabet.charCodeAt(group >> 18);
        out[o++] = base64Alphabet.charCodeAt((group >> 12) & 63);
        out[o++] = whole + 1 < length ? base64Alphabet.charCodeAt((group >> 6) & 63) : 61;
        out[o] = 61;
    }
    return text.decode(out);
}

/**
 * The bytes of `text` when it is strict base64: the alphabet of RFC 4648 section 4, padded, no
 * white space, and no bits set after the data, so a value has one spelling (as native's
 * decoders require; `atob` accepts white space and missing padding). One pass through a table.
 */
function strictBase64(text: string): Uint8Array | undefined {
    const length = text.length;
    if (length % 4 !== 0) return undefined;
    const { values } = base64TablesOnce();
    const padding = length === 0 || text.charCodeAt(length - 1) !== 61 ? 0 : text.charCodeAt(length - 2) === 61 ? 2 : 1;
    const bytes = new Uint8Array((length / 4) * 3 - padding);
    const whole = padding === 0 ? length : length - 4;
    let j = 0, invalid = 0;
    for (let i = 0; i < whole; i += 4) {
        const a = values[text.charCodeAt(i)] as number, b = values[text.charCodeAt(i + 1)] as number;
        const c = values[text.charCodeAt(i + 2)] as number, d = values[text.charCodeAt(i + 3)] as number;
        invalid |= a | b | c | d;
        const group = (a << 18) | (b << 12) | (c << 6) | d;
        bytes[j++] = group >> 16;
        bytes[j++] = group >> 8;
        bytes[j++] = group;
    }
    if (padding > 0) {
        const a = values[text.charCodeAt(whole)] as number, b = values[text.charCodeAt(whole + 1)] as number;
        const c = padding === 1 ? values[text.charCodeAt(whole + 2)] as number : 0;
        invalid |= a | b | c;
        // The last character before the padding may carry only data bits: 4 before '==', 2 before '='.
        if ((padding === 2 ? b & 15 : c & 3) !== 0) return undefined;
        const group = (a << 18) | (b << 12) | (c << 6);
        bytes[j++] = group >> 16;
        if (padding === 1) bytes[j] = group >> 8;
    }
    return invalid < 0 ? undefined : bytes;
}

/** Why `text` is not strict base64, in native's words (run only when it is not). */
function base64Flaw(text: string): string {
    const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const alphabet = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
        if (!alphabet && !(c === 61 && i >= text.length - padding)) return `character ${i} is not in the base64 alphabet`;
    }
    if (text.length % 4 !== 0) return `its length ${text.length} is not a multiple of 4`;
    return 'its last character has bits set after the data';
}

/**
 * The bytes of strict base64 `text`; throws a TypeError naming `path` and the flaw otherwise.
 * @internal
 */
export function decodeBase64(text: string, path = 'value'): Uint8Array {
    const bytes = strictBase64(text);
    if (bytes === undefined) {
        throw new TypeError(`${path}: expected bytes (base64), got a string that is not base64: ${base64Flaw(text)}`);
    }
    return bytes;
}

/**
 * A `Uint8Array` longer than `limit` (`maxBytesLength` inline, the capability's `max` on the fast
 * path) met by `toWire`; `located` says where.
 */
class BytesLimitError extends RangeError {
    readonly size: number;
    readonly limit: number;

    /** `path`: where the value is (`params.photo`), once `located` found it. */
    constructor(size: number, limit: number, path?: string) {
        super(`${path === undefined ? '' : `${path}: `}expected bytes of at most ${limit}, got ${size}`);
        this.size = size;
        this.limit = limit;
    }
}

/**
 * The path (`params.photos[2]`) of the first object in `root` that `matches`, else `name`. Only
 * for error messages: it walks as `toWire` does but ignores `toJSON`.
 */
function pathOf(root: unknown, name: string, matches: (value: object) => boolean): string {
    const find = (value: unknown, path: string, depth: number): string | undefined => {
        if (value === null || typeof value !== 'object' || depth > cycleCheckDepth) return undefined;
        if (matches(value)) return path;
        if (isBytes(value)) return undefined;
        if (Array.isArray(value)) {
            for (let i = 0; i < value.length; i++) {
                const found = find(value[i], `${path}[${i}]`, depth + 1);
                if (found !== undefined) return found;
            }
            return undefined;
        }
        for (const key of Object.keys(value)) {
            const found = find((value as { [key: string]: unknown })[key], memberPath(path, key), depth + 1);
            if (found !== undefined) return found;
        }
        return undefined;
    };
    return find(root, name, 0) ?? name;
}

/**
 * A `BytesLimitError` from `toWire(root)` with the path of the first over-long `Uint8Array` in
 * `root` in its message; looked for only when one was found.
 */
function located(error: BytesLimitError, root: unknown, name: string): BytesLimitError {
    return new BytesLimitError(error.size, error.limit, pathOf(root, name, (value) => isBytes(value) && value.length > error.limit));
}

/** `path.key`, or `path["key"]` when the key is not an identifier (as native writes paths). */
function memberPath(path: string, key: string): string {
    return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Sets an own member: `object[key] = ` would set the prototype for a `__proto__` key from JSON. */
function setMember(object: { [key: string]: unknown }, key: string, value: unknown): void {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Whether `value` is a `Uint8Array` (a node `Buffer` too), also from another realm (an iframe). */
function isBytes(value: object): value is Uint8Array {
    return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]';
}

/**
 * Turns the base64 text where a value native sent holds `bytes` into `Uint8Array`s, in place,
 * and a union's variants it does not know into the union's unknown branch (`unionOf`), and
 * returns the value; `path` names it in errors (`result.photo`). Generated clients build one
 * for each result, event payload and page method's params that reach `bytes` or a union: only
 * the schema tells a base64 string from any other. `null` and absent pass (optional values).
 * @internal
 */
export type BytesDecoder = (value: unknown, path: string) => unknown;

/**
 * The values of a result's `$bytes` list (downloaded from the fast path) while its decoder runs,
 * else undefined: `decodeBytes` reads `{"$bytes": i}` as the i-th only then, so a reference
 * anywhere else (an event, a page call's params, an app without the fast path) is refused as
 * any object is. Decoding is synchronous, so one variable serves (as `wireBudget` does).
 */
let receivedBytes: readonly Uint8Array[] | undefined;

/** `decode(value, path)` with `received` as the values `{"$bytes": i}` refer to. */
function decodeReceived(decode: BytesDecoder, value: unknown, path: string, received: readonly Uint8Array[] | undefined): unknown {
    const outer = receivedBytes;
    receivedBytes = received;
    try {
        return decode(value, path);
    } finally {
        receivedBytes = outer;
    }
}

/** `i` when `value` is a reference `{"$bytes": i}` (exactly one member, `i` an integer >= 0), else undefined. */
function referenceIndex(value: object): number | undefined {
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0] !== '$bytes') return undefined;
    const index = (value as { $bytes?: unknown }).$bytes;
    return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** A `bytes` value: base64 text, or a reference into the received values. @internal */
export const decodeBytes: BytesDecoder = (value, path) => {
    if (value === null || value === undefined) return value;
    if (typeof value === 'object' && receivedBytes !== undefined) {
        const index = referenceIndex(value);
        if (index !== undefined && index < receivedBytes.length) return receivedBytes[index];
    }
    if (typeof value !== 'string') throw new TypeError(`${path}: expected bytes (base64), got ${typeof value}`);
    return decodeBase64(value, path);
};

/** A list whose elements hold `bytes`. @internal */
export function bytesInList(element: BytesDecoder): BytesDecoder {
    return (value, path) => {
        if (Array.isArray(value)) value.forEach((item, index) => { value[index] = element(item, `${path}[${index}]`); });
        return value;
    };
}

/** A map whose values hold `bytes`. @internal */
export function bytesInMap(element: BytesDecoder): BytesDecoder {
    return (value, path) => {
        if (value !== null && typeof value === 'object') {
            const members = value as { [key: string]: unknown };
            for (const key of Object.keys(members)) setMember(members, key, element(members[key], `${path}[${JSON.stringify(key)}]`));
        }
        return value;
    };
}

/**
 * A struct some of whose fields (by wire key) hold `bytes`. The fields come from a function,
 * called once, so structs that reach each other (through lists and maps) can name each other.
 * @internal
 */
export function bytesInFields(fields: () => { readonly [key: string]: BytesDecoder }): BytesDecoder {
    let known: { readonly [key: string]: BytesDecoder } | undefined;
    return (value, path) => {
        if (value === null || typeof value !== 'object') return value;
        known ??= fields();
        const members = value as { [key: string]: unknown };
        for (const key of Object.keys(known)) {
            if (Object.prototype.hasOwnProperty.call(members, key)) {
                setMember(members, key, (known[key] as BytesDecoder)(members[key], memberPath(path, key)));
            }
        }
        return value;
    };
}

/** How native names the kind of a JSON value in its messages (`expected object, got string`). */
function kindOf(value: unknown): string {
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'array';
    switch (typeof value) {
        case 'number': return Number.isInteger(value) ? 'int' : 'number';
        case 'boolean': return 'bool';
        default: return typeof value;
    }
}

/**
 * A union (docs/WIRE.md, "Unions"): an object whose `tagKey` member holds a variant's wire value.
 * `variants` pairs each wire value with the decoder of that variant's fields (null when they need
 * none); it comes from a function, called once, so unions that reach themselves can name
 * themselves. A known variant is decoded in place; a tag no variant has is not an error: the
 * value becomes the union's unknown branch, `{ [tagKey]: null, [unknownKey]: { tag, object } }`,
 * which goes back out as the object it came in as (its `toJSON`). A value that is no object, or
 * whose tag is missing or not a string, throws with the words native's decoders use.
 * @internal
 */
export function unionOf(tagKey: string, unknownKey: string,
                        variants: () => ReadonlyArray<readonly [string, BytesDecoder | null]>): BytesDecoder {
    let known: ReadonlyMap<string, BytesDecoder | null> | undefined;
    return (value, path) => {
        if (value === null || value === undefined) return value;
        if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`${path}: expected object, got ${kindOf(value)}`);
        const members = value as { [key: string]: unknown };
        const tag = Object.prototype.hasOwnProperty.call(members, tagKey) ? members[tagKey] : undefined;
        if (tag === undefined || tag === null) throw new TypeError(`${memberPath(path, tagKey)}: missing required string`);
        if (typeof tag !== 'string') throw new TypeError(`${memberPath(path, tagKey)}: expected string, got ${kindOf(tag)}`);
        known ??= new Map(variants());
        const decode = known.get(tag);
        if (decode === undefined) return unknownVariant(tagKey, unknownKey, tag, members);
        return decode === null ? value : decode(value, path);
    };
}

/** The unknown branch of a union for `object`, whose tag `tag` no variant has (see `unionOf`). */
function unknownVariant(tagKey: string, unknownKey: string, tag: string, object: { readonly [key: string]: unknown }): object {
    const branch: { [key: string]: unknown } = {};
    setMember(branch, tagKey, null);
    setMember(branch, unknownKey, { tag, object });
    // Not enumerable: the page sees the two members; `toWire` sends the object with its tag.
    Object.defineProperty(branch, 'toJSON', {
        value: () => {
            const out: { [key: string]: unknown } = {};
            for (const key of Object.keys(object)) setMember(out, key, object[key]);
            setMember(out, tagKey, tag);
            return out;
        },
    });
    return branch;
}

/** The handler name a module posts to in the configured transport. */
function channelName(module: string): string {
    return config.transport === 'reply' ? module : config.callbackChannel;
}

/** `s` with each lone UTF-16 surrogate replaced by U+FFFD (Swift strings cannot hold them). */
function wellFormed(s: string): string {
    if (!/[\uD800-\uDFFF]/.test(s)) return s;
    let out = '';
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
            const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
            if (next >= 0xdc00 && next <= 0xdfff) {
                out += s.charAt(i) + s.charAt(i + 1);
                i++;
            } else {
                out += '\uFFFD';
            }
        } else if (c >= 0xdc00 && c <= 0xdfff) {
            out += '\uFFFD';
        } else {
            out += s.charAt(i);
        }
    }
    return out;
}

/**
 * The fast path's side of one `toWire`: each `Uint8Array` of at least `inline` bytes becomes
 * `{"$bytes": i}`, `values[i]` being the value, collected in encounter order for upload.
 */
interface OutgoingTransfers {
    readonly inline: number;
    readonly max: number;
    readonly values: Uint8Array[];
}

/** The running `toWire`'s transfers; undefined off the fast path. */
let wireTransfers: OutgoingTransfers | undefined;

/**
 * A copy of `value` as JSON sees it (undefined and function members left out, non-finite
 * numbers as null, `toJSON` honoured) with well-formed strings and each `Uint8Array` as its
 * base64 text (IDL `bytes`), ready for either transport; with `transfers`, values long enough
 * for the fast path as references instead. Throws a TypeError for what JSON cannot carry (a
 * BigInt, a cyclic value), a `BytesLimitError` for bytes over their limit, a `ValueLimitError`
 * for more than `budget` values (native counts the values of the whole message) or too many
 * transfers.
 * @internal
 */
export function toWire(value: unknown, budget: number = maxValues, transfers?: OutgoingTransfers): unknown {
    const outerBudget = wireBudget, outerTransfers = wireTransfers;
    wireBudget = budget;
    wireTransfers = transfers;
    try {
        return wireCopy(value, new Set(), 0, true);
    } finally {
        wireBudget = outerBudget;
        wireTransfers = outerTransfers;
    }
}

/** `{"$bytes": i}` for `bytes`, which the fast path will carry: collected as `transfers.values[i]`. */
function transferReference(transfers: OutgoingTransfers, bytes: Uint8Array): { $bytes: number } {
    if (bytes.length > transfers.max) throw new BytesLimitError(bytes.length, transfers.max);
    if (transfers.values.length === maxTransfersPerMessage) {
        throw new ValueLimitError(`the message holds more than ${maxTransfersPerMessage} bytes values of ${transfers.inline} bytes or more`);
    }
    // Natively the reference's index and its token in the `$bytes` list count too, and the list once.
    spendValue();
    spendValue();
    if (transfers.values.length === 0) spendValue();
    transfers.values.push(bytes);
    return { $bytes: transfers.values.length - 1 };
}

/** Counts one value of the copy; past the budget the copy stops. */
function spendValue(): void {
    wireBudget -= 1;
    if (wireBudget < 0) throw new ValueLimitError();
}

/**
 * The depth from which `toWire` tracks the objects it is inside. A cycle nests without end,
 * so it is still caught (within one turn of it past this depth), while the values pages
 * really send, far shallower, skip the bookkeeping: tracking every level made `toWire` of
 * 1,000 small objects about 20% slower than without a cycle check, tracking from here about
 * 10% (node, medians of 21 runs).
 */
const cycleCheckDepth = 32;

/**
 * `toWire` of `value` at `depth`, inside the objects in `ancestors` (those past
 * `cycleCheckDepth`; meeting one again is a cycle). `callToJSON` is false for what a `toJSON`
 * returned: JSON.stringify calls it once per value.
 */
function wireCopy(value: unknown, ancestors: Set<object>, depth: number, callToJSON: boolean): unknown {
    switch (typeof value) {
        case 'string':
            spendValue();
            return wellFormed(value);
        case 'number':
            spendValue();
            return Number.isFinite(value) ? value : null;
        case 'boolean':
            spendValue();
            return value;
        case 'object': {
            if (value === null) {
                spendValue();
                return null;
            }
            if (isBytes(value)) {
                spendValue();
                const transfers = wireTransfers;
                if (transfers !== undefined && value.length >= transfers.inline) return transferReference(transfers, value);
                if (value.length > maxBytesLength) throw new BytesLimitError(value.length, maxBytesLength);
                return encodeBase64(value);
            }
            const withJSON = value as { toJSON?: unknown };
            if (callToJSON && typeof withJSON.toJSON === 'function') {
                return wireCopy((withJSON.toJSON as () => unknown).call(value), ancestors, depth, false);
            }
            spendValue();
            if (depth < cycleCheckDepth) return wireContainer(value, ancestors, depth);
            if (ancestors.has(value)) throw new TypeError('a cyclic value cannot be sent over the bridge');
            ancestors.add(value);
            try {
                return wireContainer(value, ancestors, depth);
            } finally {
                ancestors.delete(value);
            }
        }
        case 'bigint':
            throw new TypeError('a BigInt cannot be sent over the bridge');
        default:
            return undefined;
    }
}

/** The `wireCopy` of an array or a plain object at `depth`: its members at `depth + 1`. */
function wireContainer(value: object, ancestors: Set<object>, depth: number): unknown {
    if (Array.isArray(value)) {
        return value.map((item) => {
            const wire = wireCopy(item, ancestors, depth + 1, true);
            if (wire !== undefined) return wire;
            spendValue();  // JSON writes a hole, undefined or a function in an array as null
            return null;
        });
    }
    const out: { [key: string]: unknown } = {};
    for (const key of Object.keys(value)) {
        const wire = wireCopy((value as { [key: string]: unknown })[key], ancestors, depth + 1, true);
        // defineProperty, not `out[key] = `: a `__proto__` key would set the prototype.
        if (wire !== undefined) {
            Object.defineProperty(out, wellFormed(key), { value: wire, enumerable: true, writable: true, configurable: true });
        }
    }
    return out;
}

/** A message ready to post, and the values its `{"$bytes": i}` refer to (none off the fast path). */
interface EncodedMessage {
    readonly wire: { [key: string]: unknown };
    readonly values: readonly Uint8Array[];
}

/**
 * `toWire` of `message`, with `bytes` (the module's fast path, when the app offers it) taking
 * the values of at least `bytes.inline` bytes. Throws what `toWire` throws, a bytes limit error
 * with the path of its value.
 */
function encodeMessage(message: WireMessage, bytes?: BytesCapability | null): EncodedMessage {
    const values: Uint8Array[] = [];
    const transfers = bytes ? { inline: bytes.inline, max: bytes.max, values } : undefined;
    try {
        return { wire: toWire(message, maxValues, transfers) as { [key: string]: unknown }, values };
    } catch (error) {
        throw error instanceof BytesLimitError ? located(error, message.data, 'params') : error;
    }
}

/** `wire` with the tokens of its uploaded values as its top-level `$bytes` list. */
function withTokens(wire: { [key: string]: unknown }, tokens: readonly string[]): { [key: string]: unknown } {
    setMember(wire, '$bytes', tokens);
    return wire;
}

/** Posts a message's wire form as its transport carries it. */
function postWire(port: Port, wire: unknown): unknown {
    if (port.frames) {
        port.router();
        return port.handler.postMessage(JSON.stringify(wire));
    }
    return port.handler.postMessage(config.transport === 'callback' ? JSON.stringify(wire) : wire);
}

/** Posts `message` (no fast path). Throws what `encodeMessage` throws. */
function post(port: Port, message: WireMessage): unknown {
    return postWire(port, encodeMessage(message).wire);
}

/** A transfer token as native issues it: base64url of 16 random bytes. */
const transferToken = /^[A-Za-z0-9_-]{22}$/;

/** A failed transfer of the message's value `index`: the HTTP status and text, or the network error. */
class TransferError extends Error {
    readonly index: number;

    constructor(index: number, message: string) {
        super(message);
        this.index = index;
    }
}

/**
 * `fetch(url, init)` for the transfer of value `index`, resolving with a 200 response; anything
 * else (a network error, an abort, another status) is a `TransferError`. The page's `fetch` is
 * looked up at each use: it is only needed on the fast path, and a page may wrap it.
 */
async function transferResponse(index: number, url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
        const pageFetch = globalObject().fetch;
        if (typeof pageFetch !== 'function') throw new TypeError('this page has no fetch');
        response = await (pageFetch as typeof fetch).call(globalThis, url, init);
    } catch (error) {
        throw new TransferError(index, messageOf(error));
    }
    if (response.status === 200) return response;
    const text = await response.text().then((body) => body.slice(0, 200), () => '');
    throw new TransferError(index, `${response.status} ${text}`);
}

/**
 * Uploads `values` in order, one at a time, and resolves with their tokens. The body is the
 * `Uint8Array` with no explicit Content-Type, which keeps the POST a simple request: no CORS
 * preflight before each value.
 */
async function uploadTransfers(bytes: BytesOverURL, values: readonly Uint8Array[], signal: AbortSignal | null): Promise<string[]> {
    const tokens: string[] = [];
    for (let index = 0; index < values.length; index++) {
        const response = await transferResponse(index, `${bytes.url}upload`, { method: 'POST', body: values[index] as Uint8Array, signal });
        const token = await response.text().catch((error: unknown) => { throw new TransferError(index, messageOf(error)); });
        if (!transferToken.test(token)) throw new TransferError(index, `200 not a transfer token: ${token.slice(0, 40)}`);
        tokens.push(token);
    }
    return tokens;
}

/**
 * `encoded.wire` with the tokens of its values, once uploaded; rejects with an Error saying which
 * value of `params` failed and why (`could not send params.photo: 413 too large`).
 */
function uploaded(bytes: BytesOverURL, encoded: EncodedMessage, params: unknown, signal: AbortSignal | null): Promise<{ [key: string]: unknown }> {
    return uploadTransfers(bytes, encoded.values, signal).then((tokens) => withTokens(encoded.wire, tokens), (error: unknown) => {
        throw new Error(transferFailure(error, 'send', valuePath(params, encoded)));
    });
}

/** The path in `params` of the message's value `index`, for the words of a failed transfer. */
function valuePath(params: unknown, encoded: EncodedMessage): (index: number) => string {
    return (index) => pathOf(params, 'params', (value) => value === encoded.values[index]);
}

/**
 * The ArrayBuffer that carries `value` as a binary frame: its own buffer when the view is exactly
 * that, else a copy, since the WebView's postMessage throws for a view and a SharedArrayBuffer.
 */
function frameBuffer(value: Uint8Array): ArrayBuffer {
    const buffer = value.buffer;
    if (isArrayBuffer(buffer) && value.byteOffset === 0 && value.byteLength === buffer.byteLength) return buffer;
    return value.slice().buffer;
}

/**
 * Posts a message on the binary-frames path, all in this one synchronous task, which keeps them
 * together and in order on the object: each value as an ArrayBuffer, then the JSON text, whose
 * `$bytes` lists their lengths (empty when there are none: the list also asks native to send the
 * result's values as binary frames). Throws a `TransferError` when the object refuses a value:
 * what was posted before it is stray, and native drops it.
 */
function postFrames(port: Port, encoded: EncodedMessage): unknown {
    port.router();
    encoded.values.forEach((value, index) => {
        try {
            port.handler.postMessage(frameBuffer(value));
        } catch (error) {
            throw new TransferError(index, messageOf(error));
        }
    });
    setMember(encoded.wire, '$bytes', encoded.values.map((value) => ({ length: value.length })));
    return postWire(port, encoded.wire);
}

/** One entry of a result's `$bytes` list: the value's token and length. */
interface ReceivedTransfer {
    readonly token: string;
    readonly length: number;
}

/** The `$bytes` list of an envelope when it is at most 1024 `{token, length}`, else undefined. */
function receivedTransfers(list: unknown): ReceivedTransfer[] | undefined {
    if (!Array.isArray(list) || list.length > maxTransfersPerMessage) return undefined;
    const transfers: ReceivedTransfer[] = [];
    for (const entry of list) {
        const token = own(entry, 'token'), length = own(entry, 'length');
        if (typeof token !== 'string' || !transferToken.test(token) || !isCount(length)) return undefined;
        transfers.push({ token, length });
    }
    return transfers;
}

/** Downloads the values of a result's `$bytes` list in order, one at a time, each checked against its length. */
async function downloadTransfers(bytes: BytesOverURL, transfers: readonly ReceivedTransfer[]): Promise<Uint8Array[]> {
    const values: Uint8Array[] = [];
    for (let index = 0; index < transfers.length; index++) {
        const { token, length } = transfers[index] as ReceivedTransfer;
        const response = await transferResponse(index, `${bytes.url}${token}`, {});
        const body = await response.arrayBuffer().catch((error: unknown) => { throw new TransferError(index, messageOf(error)); });
        if (body.byteLength !== length) throw new TransferError(index, `expected ${length} bytes, got ${body.byteLength}`);
        values.push(new Uint8Array(body));
    }
    return values;
}

/**
 * The words of a failed transfer (`could not send params.photo: 413 too large`): `path` names
 * the value the `TransferError` is about.
 */
function transferFailure(error: unknown, verb: 'send' | 'receive', path: (index: number) => string): string {
    return error instanceof TransferError ? `could not ${verb} ${path(error.index)}: ${error.message}` : `could not ${verb} bytes: ${messageOf(error)}`;
}

/** Whether `value` is a non-negative safe integer. */
function isCount(value: unknown): value is number {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Makes the answer of the request named `name` reach `receive`: the global function the
 * callback answer script calls (a `handler` port), or the object's router (a `frames` or `proxy` port).
 * Returns what forgets it.
 */
function expectAnswer(port: Port, name: string, receive: AnswerReceiver): () => void {
    if (port.frames) return port.router().expect(name, receive);
    const g = globalObject();
    g[name] = receive;
    return () => {
        delete g[name];
    };
}

/** Swallows the reply of a message nobody waits for, so it never becomes an unhandled rejection. */
function ignoreReply(result: unknown): void {
    if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
        (result as PromiseLike<unknown>).then(undefined, () => undefined);
    }
}

function messageOf(error: unknown): string {
    if (error instanceof Error) return error.message;
    return typeof error === 'string' ? error : String(error);
}

/**
 * The most UTF-16 units of a message the page puts in a page call's failure envelope: native
 * cuts the page's text to this length too (docs/WIRE.md, "Page calls"), and cutting here
 * keeps a huge message from making the whole answer exceed the message limits.
 */
const pageMessageLimit = 1000;

/** `text` cut to `pageMessageLimit` UTF-16 units, never inside a surrogate pair. */
function cutMessage(text: string): string {
    if (text.length <= pageMessageLimit) return text;
    const c = text.charCodeAt(pageMessageLimit - 1);
    return text.slice(0, c >= 0xd800 && c <= 0xdbff ? pageMessageLimit - 1 : pageMessageLimit);
}

/** The envelope of a page call as JSON text: what `EventHub.call` resolves with. */
function pageAnswer(errcode: number, errmsg: string, data: unknown = null): string {
    return JSON.stringify({ errcode, errmsg: wellFormed(cutMessage(errmsg)), data });
}

/**
 * What a page's implementation threw, as a message. Never throws: the thrown value is the
 * page's, and reading it can run its code (a `message` getter, a Proxy's traps).
 */
function thrownMessage(thrown: unknown): string {
    try {
        if (typeof thrown === 'string') return thrown;
        if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
            const message = (thrown as { message?: unknown }).message;
            if (typeof message === 'string') return message;
            return 'the implementation threw an object that is not an Error';
        }
        return `the implementation threw ${String(thrown)}`;
    } catch {
        return 'the implementation threw a value that cannot be described';
    }
}

/**
 * The code of a thrown `BridgeError` (of this runtime or of another copy of it, recognised by
 * its name), else undefined. Never throws.
 */
function bridgeErrorCodeOf(thrown: unknown): number | undefined {
    try {
        if (!(thrown instanceof Error)) return undefined;
        if (!(thrown instanceof BridgeError) && thrown.name !== 'BridgeError') return undefined;
        const code = (thrown as { code?: unknown }).code;
        return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
    } catch {
        return undefined;
    }
}

/**
 * The data of a thrown declared error as JSON sees it (absent: null), or a pageError envelope
 * when it cannot be sent. Never throws: reading `data` can run the page's code.
 */
function thrownData(thrown: unknown): { data: unknown } | { failure: string } {
    try {
        const data = (thrown as { data?: unknown }).data;
        return { data: data === undefined ? null : toWire(data, maxValues - 3) };
    } catch (error) {
        return { failure: pageAnswer(BridgeErrorCode.pageError, `the error's data cannot be sent over the bridge: ${thrownMessage(error)}`) };
    }
}

/** The envelope text for a thrown value: a declared `BridgeError` as is, anything else `pageError`. */
function pageFailure(thrown: unknown, declared: readonly number[]): string {
    const message = thrownMessage(thrown);
    const code = bridgeErrorCodeOf(thrown);
    if (code !== undefined && code >= 1 && declared.includes(code)) {
        const data = thrownData(thrown);
        return 'failure' in data ? data.failure : pageAnswer(code, message, data.data);
    }
    if (code !== undefined) {
        return pageAnswer(BridgeErrorCode.pageError, `the page failed with code ${code}, which the method does not declare: ${message}`);
    }
    return pageAnswer(BridgeErrorCode.pageError, message === '' ? 'the implementation threw an error without a message' : message);
}

/** The envelope text for an implementation's result (undefined is null). */
function pageResult(value: unknown): string {
    let wire: unknown;
    try {
        // Native counts the envelope's values too: the object, `errcode` and `errmsg`.
        wire = toWire(value, maxValues - 3);
    } catch (error) {
        const why = error instanceof BytesLimitError ? located(error, value, 'result').message : thrownMessage(error);
        return pageAnswer(BridgeErrorCode.pageError, `the result cannot be sent over the bridge: ${why}`);
    }
    return pageAnswer(0, 'ok', wire === undefined ? null : wire);
}

/** A name for the hub's messages; the hub is a global, so its arguments may be anything. */
function nameOf(value: unknown): string {
    return typeof value === 'string' ? value : '?';
}

/** The page-call members of the hub (`call`, `implemented`, `implement`) over one registry. */
function pageCalls(): Pick<EventHub, 'call' | 'implemented' | 'implement'> {
    interface Registration {
        readonly fn: PageImplementation;
        readonly declared: readonly number[];
    }
    // By module and wire name, the registrations in order: the last one is active.
    const registry = new Map<string, Map<string, Registration[]>>();
    const active = (module: string, method: string): Registration | undefined => {
        const list = registry.get(module)?.get(method);
        return list === undefined ? undefined : list[list.length - 1];
    };
    return {
        call(module: string, method: string, params: unknown): Promise<string> {
            try {
                const registration = active(module, method);
                if (registration === undefined) {
                    return Promise.resolve(pageAnswer(BridgeErrorCode.notImplemented,
                        `the page registered no implementation of ${nameOf(module)}.${nameOf(method)}`));
                }
                let result: unknown;
                try {
                    result = registration.fn(params);
                } catch (error) {
                    return Promise.resolve(pageFailure(error, registration.declared));
                }
                return Promise.resolve(result).then(pageResult, (error: unknown) => pageFailure(error, registration.declared))
                    .then(undefined, () => pageAnswer(BridgeErrorCode.pageError, 'the page could not answer'));
            } catch {
                return Promise.resolve(pageAnswer(BridgeErrorCode.pageError, 'the page could not answer'));
            }
        },
        implemented(module: string, method: string): boolean {
            return active(module, method) !== undefined;
        },
        implement(module: string, method: string, fn: PageImplementation, declaredCodes: readonly number[]): Unsubscribe {
            let byMethod = registry.get(module);
            if (!byMethod) {
                byMethod = new Map();
                registry.set(module, byMethod);
            }
            const list = byMethod.get(method) ?? [];
            byMethod.set(method, list);
            const registration: Registration = { fn, declared: declaredCodes.slice() };
            list.push(registration);
            let registered = true;
            return () => {
                if (!registered) return;
                registered = false;
                const index = list.indexOf(registration);
                if (index >= 0) list.splice(index, 1);
            };
        },
    };
}

/** The stream members of the hub (`item`, `stream`) over one registry of open streams by id. */
function streamMembers(): Pick<EventHub, 'item' | 'stream'> {
    const open = new Map<string, (value: unknown) => boolean>();
    return {
        item(id: string, value: unknown): boolean {
            const receive = typeof id === 'string' ? open.get(id) : undefined;
            if (receive === undefined) return false;
            let item = value;
            if (typeof value === 'string') {
                try {
                    item = JSON.parse(value);
                } catch {
                    return false;
                }
            }
            try {
                return receive(item) === true;
            } catch {
                return false;
            }
        },
        stream(id: string, receive: (value: unknown) => boolean): Unsubscribe {
            open.set(id, receive);
            return () => {
                if (open.get(id) === receive) open.delete(id);
            };
        },
    };
}

/** Adds the page-call and stream members to `target`, fixed like the hub itself. Throws when `target` cannot take them. */
function addPageCalls(target: object): void {
    const members: { [name: string]: unknown } = {};
    const existing = target as Partial<EventHub>;
    if (typeof existing.call !== 'function' || typeof existing.implemented !== 'function' || typeof existing.implement !== 'function') {
        Object.assign(members, pageCalls());
    }
    if (typeof existing.item !== 'function' || typeof existing.stream !== 'function') Object.assign(members, streamMembers());
    for (const name of Object.keys(members)) {
        Object.defineProperty(target, name, { value: members[name], writable: false, enumerable: true, configurable: false });
    }
}

let hub: EventHub | undefined;

/**
 * `window.__bridgegen`, created on first use and shared by every module (and every copy of
 * this runtime, whichever version: a page may bundle several).
 *
 * A hub made by a copy from before page calls (no `call`) or streams (no `item`) is upgraded
 * in place: this copy adds the members it lacks, and every later copy uses those, so all
 * registrations share one registry. A hub that cannot take them (frozen by the page) keeps
 * working for events; this copy then registers page methods where native cannot reach them
 * (native answers `pageNotLoaded`, as it does for a hub without `call`) and says so once.
 * @internal
 */
export function eventHub(): EventHub {
    if (hub) return hub;
    const g = globalObject();
    const existing = g.__bridgegen as Partial<EventHub> | undefined;
    if (existing && typeof existing.deliver === 'function' && typeof existing.listen === 'function') {
        if (typeof existing.call === 'function' && typeof existing.implemented === 'function' && typeof existing.implement === 'function'
            && typeof existing.item === 'function' && typeof existing.stream === 'function') {
            hub = existing as EventHub;
            return hub;
        }
        try {
            addPageCalls(existing);
            hub = existing as EventHub;
        } catch (error) {
            console.error('[bridgegen] window.__bridgegen cannot take page methods (frozen?); native cannot call this page', error);
            const old = existing as Pick<EventHub, 'protocol' | 'deliver' | 'listen'>;
            hub = {
                protocol: old.protocol,
                deliver: (module, event, payload) => old.deliver(module, event, payload),
                listen: (module, event, listener) => old.listen(module, event, listener),
                ...pageCalls(),
                ...streamMembers(),
            };
        }
        return hub;
    }
    const listeners = new Map<string, Map<string, Array<(payload: unknown) => void>>>();
    const created = {
        protocol: PROTOCOL_VERSION,
        deliver(module: string, event: string, payload: unknown): boolean {
            let value = payload;
            if (typeof payload === 'string') {
                try {
                    value = JSON.parse(payload);
                } catch (error) {
                    console.error(`[bridgegen] ${module}: event '${event}' has a payload that is not JSON`, error);
                    return false;
                }
            }
            const list = listeners.get(module)?.get(event);
            if (!list) return true;
            for (const listener of list.slice()) {
                try {
                    listener(value);
                } catch (error) {
                    console.error(`[bridgegen] ${module}: a listener of event '${event}' threw`, error);
                }
            }
            return true;
        },
        listen(module: string, event: string, listener: (payload: unknown) => void): Unsubscribe {
            let byEvent = listeners.get(module);
            if (!byEvent) {
                byEvent = new Map();
                listeners.set(module, byEvent);
            }
            const list = byEvent.get(event) ?? [];
            byEvent.set(event, list);
            const entry = (payload: unknown) => listener(payload);
            list.push(entry);
            let active = true;
            return () => {
                if (!active) return;
                active = false;
                const index = list.indexOf(entry);
                if (index >= 0) list.splice(index, 1);
            };
        },
    };
    addPageCalls(created);
    Object.defineProperty(g, '__bridgegen', { value: created, writable: false, enumerable: false, configurable: false });
    hub = created as EventHub;
    return hub;
}

const callbackPrefix = '__bg_cb_' + Math.random().toString(36).slice(2, 8) + '_';
let callbackCounter = 0;

/** A fresh global function name for one callback-transport request (never reused). */
function nextCallbackName(): string {
    callbackCounter += 1;
    return callbackPrefix + callbackCounter;
}

function parseEnvelope(answer: unknown): BridgeEnvelope | undefined {
    let value = answer;
    if (typeof answer === 'string') {
        try {
            value = JSON.parse(answer);
        } catch {
            return undefined;
        }
    }
    if (value === null || typeof value !== 'object') return undefined;
    const envelope = value as { errcode?: unknown; errmsg?: unknown; data?: unknown; $bytes?: unknown };
    if (typeof envelope.errcode !== 'number') return undefined;
    const parsed: BridgeEnvelope = {
        errcode: envelope.errcode,
        errmsg: typeof envelope.errmsg === 'string' ? envelope.errmsg : '',
        data: envelope.data === undefined ? null : envelope.data,
    };
    if (envelope.$bytes !== undefined) parsed.bytes = envelope.$bytes;
    return parsed;
}

/**
 * The page's side of a stream (a `kind: stream` method): an `AsyncIterable` of its items, read
 * once (`for await (const item of sample.scan(...))`), and `result`, the value it ends with.
 *
 * - Items wait in a buffer until read, at most `StreamOptions.bufferSize` (1024); beyond it the
 *   stream fails with `streamOverflow` (-15), or drops the oldest with `overflow: 'dropOldest'`.
 * - With an app that takes a window (`BridgeCapabilities.window`) and `overflow: 'fail'`, native
 *   sends at most `min(bufferSize, 16)` items the loop has not taken (`$window`), and the stream
 *   tells it how many the loop took (`$read`): a slow loop slows native down instead of failing.
 * - A failure native answers (an application error, `internalError`) is thrown by the loop
 *   after the items that came before it; `result` rejects with it.
 * - Leaving the loop early (`break`, `return`, a throw), `cancel()`, the `signal` or the
 *   timeout ends the stream at once: unread items are dropped, native is told to stop
 *   (`$cancel`, when the app understands it), and `result` rejects with `aborted` (-9, or
 *   `timeout`, -8).
 */
export class BridgeStream<T, R = void> implements AsyncIterable<T> {
    /** Resolves with the stream's final result once native ended it; rejects as described above. */
    readonly result: Promise<R>;
    private readonly module: string;
    private readonly method: string;
    private readonly decode: ((value: unknown) => T) | undefined;
    private readonly bufferSize: number;
    private readonly dropOldest: boolean;
    private readonly controller = new AbortController();
    private readonly buffer: T[] = [];
    private waiting: { resolve: (result: IteratorResult<T, undefined>) => void; reject: (error: unknown) => void } | undefined;
    /** How it ended: undefined while it runs; `error` undefined for a normal end or an early exit. */
    private ended: { error?: unknown } | undefined;
    private localError: BridgeError | undefined;
    private unregister: Unsubscribe | undefined;
    private iterated = false;
    /** The window native was asked for, or undefined (no `$window`). */
    private window: StreamWindow | undefined;
    /** How many items the loop took. */
    private taken = 0;

    /**
     * @internal `start` posts the request, calling `posting` with its id just before (again when
     * it waited for the hello answer) and the function that posts `$read`, when the app takes a
     * window; it sets `$window` to what `posting` returns.
     */
    constructor(module: string, method: string, options: StreamOptions, decode: ((value: unknown) => T) | undefined,
                start: (signal: AbortSignal, posting: (id: string, read: ((count: number) => void) | undefined) => number | undefined) => Promise<R>) {
        this.module = module;
        this.method = method;
        this.decode = decode;
        this.bufferSize = Math.max(1, Math.floor(options.bufferSize ?? 1024));
        this.dropOldest = options.overflow === 'dropOldest';
        // An abort drops what is unread at once: a `next()` right after it waits for the rejection.
        this.controller.signal.addEventListener('abort', () => { this.buffer.length = 0; }, { once: true });
        const stopListening = whenAborted(options.signal, () => this.controller.abort());
        const request = start(this.controller.signal, (id, read) => this.posting(id, read));
        this.result = request.then((value) => {
            stopListening();
            this.end({});
            return value;
        }, (error: unknown) => {
            stopListening();
            const reason = this.localError ?? error;
            const local = this.localError !== undefined || (reason instanceof BridgeError
                && (reason.code === BridgeErrorCode.aborted || reason.code === BridgeErrorCode.timeout));
            // An end of the page's own making drops what is unread; native's failure comes after its items.
            if (local) this.buffer.length = 0;
            this.end({ error: reason });
            throw reason;
        });
        // Read through the loop or not at all: `result` is never an unhandled rejection by itself.
        this.result.then(undefined, () => undefined);
    }

    /** Ends the stream now, as leaving a `for await` loop does; does nothing once it ended. */
    cancel(): void {
        if (this.ended !== undefined) return;
        this.buffer.length = 0;
        this.controller.abort();
    }

    [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
        if (this.iterated) throw new TypeError(`${this.name}: a stream is read once`);
        this.iterated = true;
        return {
            next: () => this.next(),
            return: () => {
                this.cancel();
                this.ended = this.ended ?? {};
                return Promise.resolve({ done: true, value: undefined });
            },
        };
    }

    /**
     * Listens for the items of request `id` (once) and opens the window when `read` is given
     * and the stream keeps every item (not `dropOldest`). Returns the window's size, or undefined.
     */
    private posting(id: string, read: ((count: number) => void) | undefined): number | undefined {
        this.unregister = this.unregister ?? eventHub().stream(id, (value) => this.receive(value));
        this.window = read === undefined || this.dropOldest ? undefined : new StreamWindow(Math.min(this.bufferSize, streamWindowLimit), read);
        return this.window?.size;
    }

    /** The loop takes `item`: counted for the window while the stream runs (no `$read` after its end). */
    private took(item: T): IteratorResult<T, undefined> {
        this.taken += 1;
        if (this.ended === undefined && !this.controller.signal.aborted) this.window?.took(this.taken);
        return { done: false, value: item };
    }

    private next(): Promise<IteratorResult<T, undefined>> {
        if (this.buffer.length > 0) return Promise.resolve(this.took(this.buffer.shift() as T));
        if (this.ended !== undefined) {
            const error = this.ended.error;
            // Thrown once; a later `next()` says done.
            this.ended = {};
            return error === undefined ? Promise.resolve({ done: true, value: undefined }) : Promise.reject(error);
        }
        if (this.waiting !== undefined) return Promise.reject(new TypeError(`${this.name}: next() called before the previous one settled`));
        return new Promise((resolve, reject) => { this.waiting = { resolve, reject }; });
    }

    private get name(): string {
        return `${this.module}.${this.method}`;
    }

    /** Ends the stream with `code` of the page's own making and tells native to stop. */
    private fail(code: number, message: string): false {
        this.localError = new BridgeError(code, `${this.name}: ${message}`, { module: this.module, method: this.method });
        this.controller.abort();
        return false;
    }

    /** An item from native; false (native stops) once the stream has ended. */
    private receive(value: unknown): boolean {
        if (this.ended !== undefined || this.localError !== undefined) return false;
        let item: T;
        try {
            item = this.decode === undefined ? value as T : this.decode(value);
        } catch (error) {
            return this.fail(BridgeErrorCode.internalError, messageOf(error));
        }
        const waiting = this.waiting;
        if (waiting !== undefined) {
            this.waiting = undefined;
            waiting.resolve(this.took(item));
            return true;
        }
        if (this.buffer.length >= this.bufferSize) {
            if (!this.dropOldest) {
                return this.fail(BridgeErrorCode.streamOverflow, `more than ${this.bufferSize} items were unread (StreamOptions.bufferSize)`);
            }
            this.buffer.shift();
        }
        this.buffer.push(item);
        return true;
    }

    private end(how: { error?: unknown }): void {
        this.unregister?.();
        if (this.ended !== undefined) return;
        this.ended = how;
        const waiting = this.waiting;
        if (waiting === undefined) return;
        this.waiting = undefined;
        this.ended = {};
        if (how.error === undefined) waiting.resolve({ done: true, value: undefined });
        else waiting.reject(how.error);
    }
}

/** The largest `$window` a stream asks for: enough to keep native busy, few items held in memory. */
const streamWindowLimit = 16;

/**
 * A stream's window (docs/WIRE.md, "Streams"): native sends at most `size` items the page has
 * not said it read. The page says so (`$read`, the count its loop took in all) every half
 * window, so native gets more to send while the loop still has items to take.
 */
class StreamWindow {
    readonly size: number;
    private readonly step: number;
    private readonly read: (count: number) => void;
    private said = 0;

    constructor(size: number, read: (count: number) => void) {
        this.size = size;
        this.step = Math.max(1, Math.floor(size / 2));
        this.read = read;
    }

    /** The loop has taken `taken` items in all. */
    took(taken: number): void {
        if (taken - this.said < this.step) return;
        this.said = taken;
        this.read(taken);
    }
}

/**
 * Calls `onAbort` once when `signal` aborts; returns the function that stops listening. An
 * already aborted signal calls it at once.
 */
function whenAborted(signal: AbortSignal | undefined, onAbort: () => void): () => void {
    if (!signal) return () => undefined;
    if (signal.aborted) {
        onAbort();
        return () => undefined;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
}

/**
 * What the app says about one module in its `$hello` answer (docs/WIRE.md, "Capabilities"):
 * the wire names of the methods, events and page methods it was generated with, and the
 * fingerprint of its schema. `known` is false when the app did not say (an app generated
 * before capabilities, a hand-written native, no answer in time, not running in the app):
 * then the sets are empty and mean nothing, never "the app has none of it".
 */
export interface BridgeCapabilities {
    /** Whether the app answered with capabilities; when false, nothing below is known. */
    readonly known: boolean;
    /** Wire names of the module's methods the app handles. */
    readonly methods: ReadonlySet<string>;
    /** Wire names of the module's events the app sends. */
    readonly events: ReadonlySet<string>;
    /** Wire names of the module's page methods the app may call. */
    readonly pageMethods: ReadonlySet<string>;
    /** The app's fingerprint of the module's wire shape; null when unknown or the app has no such module. */
    readonly fingerprint: string | null;
    /** Whether the app's fingerprint is this client's own: both were generated from the same wire shape. */
    readonly sameSchema: boolean;
    /**
     * Whether the app cancels a request's native work when the page gives up on it (an aborted
     * `signal`, a `timeoutMs`): then the client sends `$cancel`. Apps generated before this
     * runtime run the handler to completion, and the late answer is ignored.
     */
    readonly cancel: boolean;
    /**
     * Whether the app sends a stream's items only as fast as the page reads them (`$window`,
     * `$read`): then a stream that keeps every item holds at most `min(bufferSize, 16)` unread.
     * Apps generated before this runtime send them as fast as they come.
     */
    readonly window: boolean;
    /**
     * The app's fast path for `bytes` values, or null: without it (an older app, Android,
     * HarmonyOS) every value travels inline as base64, at most `maxBytesLength` bytes.
     */
    readonly bytes: BytesCapability | null;
}

/**
 * The app's fast path for `bytes` (docs/WIRE.md, "Bytes at platform speed"): a request's values
 * of at least `inline` bytes, and its result's, travel beside the message rather than as base64
 * text in it, which costs a third more and must be copied through the bridge: as HTTP bodies
 * through `url` (iOS, HarmonyOS), or as ArrayBuffer messages on the channel's object (`frames`, Android).
 */
export type BytesCapability = {
    /** The base URL, ending in `/`: uploads go to `<url>upload`, downloads come from `<url><token>`. */
    readonly url: string;
    /** The length from which a value takes the fast path; shorter ones travel inline. */
    readonly inline: number;
    /** The longest value the fast path takes; the client refuses longer ones before sending. */
    readonly max: number;
} | {
    /** Binary frames: each value an ArrayBuffer posted on the object just before its message. */
    readonly frames: 'arraybuffer';
    /** The length from which a value takes the fast path; shorter ones travel inline. */
    readonly inline: number;
    /** The longest value the fast path takes; the client refuses longer ones before sending. */
    readonly max: number;
};

/** The fast path through a URL scheme of the app (iOS, HarmonyOS). */
type BytesOverURL = Extract<BytesCapability, { readonly url: string }>;

/**
 * The `bytes` member of a `$hello` answer's capabilities when it is of a documented shape (a
 * `url` or `frames`, exactly one), else null.
 */
function bytesCapability(value: unknown): BytesCapability | null {
    const url = own(value, 'url'), frames = own(value, 'frames'), inline = own(value, 'inline'), max = own(value, 'max');
    if (!isCount(inline) || !isCount(max)) return null;
    if (typeof url === 'string' && url.endsWith('/') && frames === undefined) return Object.freeze({ url, inline, max });
    if (frames === 'arraybuffer' && url === undefined) return Object.freeze({ frames, inline, max });
    return null;
}

/**
 * The fast path `bytes` offers on `port`, or null: binary frames need an object that takes an
 * ArrayBuffer and a router that queues them (one an older runtime copy made does not), and
 * raise that router's bound to twice the capability's `max`.
 */
function usableBytes(bytes: BytesCapability | null | undefined, port: Port): BytesCapability | null {
    if (!bytes) return null;
    if (!('frames' in bytes)) return bytes;
    const queue = port.binary ? port.router().binary : undefined;
    if (queue === undefined) return null;
    queue.limit = Math.max(queue.limit, 2 * bytes.max);
    return bytes;
}

/**
 * A member of a module as `supports` looks it up: the wire names its name stands for (a
 * method and an event may share a name; all of them must be in the capabilities).
 * @internal
 */
export interface MemberWires {
    readonly method?: string;
    readonly event?: string;
    readonly pageMethod?: string;
}

/**
 * The most wire names the page accepts in one list of a `$hello` answer. A generated app
 * sends one per member of the module; bridgegen's benchmarks go up to 5,000 methods, so twice
 * that is far above any real module, while a longer list (a broken or hostile native) would
 * only cost the page time to copy into a Set. A longer list makes the answer unknown.
 */
const capabilityListLimit = 10000;

/** The most UTF-16 units of a fingerprint the page accepts (a generated app sends 16). */
const fingerprintLengthLimit = 64;

const unknownCapabilities: BridgeCapabilities = Object.freeze({
    known: false,
    methods: new Set<string>(),
    events: new Set<string>(),
    pageMethods: new Set<string>(),
    fingerprint: null,
    sameSchema: false,
    cancel: false,
    window: false,
    bytes: null,
});

/** `value` as a Set of wire names when it is an array of at most `capabilityListLimit` strings, else undefined. */
function wireNameSet(value: unknown): Set<string> | undefined {
    if (!Array.isArray(value) || value.length > capabilityListLimit) return undefined;
    const names = new Set<string>();
    for (const name of value) {
        if (typeof name !== 'string') return undefined;
        names.add(name);
    }
    return names;
}

/**
 * The capabilities in native's answer to `$hello` (the envelope, or its JSON text in the
 * callback transport), compared with the client's own fingerprint `own`. The answer comes from
 * whatever native the page runs in, so anything not exactly of the documented shape (not an
 * envelope, an error, no `capabilities`, a list that is not an array of strings or is longer
 * than `capabilityListLimit`, a fingerprint that is neither a short string nor null) reads as
 * unknown. Never throws.
 */
function parseCapabilities(answer: unknown, own: string | null): BridgeCapabilities {
    try {
        const envelope = parseEnvelope(answer);
        if (!envelope || envelope.errcode !== 0) return unknownCapabilities;
        const data = envelope.data;
        if (data === null || typeof data !== 'object' || Array.isArray(data)) return unknownCapabilities;
        const body = (data as { capabilities?: unknown }).capabilities;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return unknownCapabilities;
        const lists = body as { methods?: unknown; events?: unknown; pageMethods?: unknown; fingerprint?: unknown; cancel?: unknown; window?: unknown; bytes?: unknown };
        const methods = wireNameSet(lists.methods);
        const events = wireNameSet(lists.events);
        const pageMethods = wireNameSet(lists.pageMethods);
        const fingerprint = lists.fingerprint;
        const validFingerprint = fingerprint === null || (typeof fingerprint === 'string' && fingerprint.length <= fingerprintLengthLimit);
        if (!methods || !events || !pageMethods || !validFingerprint) return unknownCapabilities;
        return Object.freeze({
            known: true,
            methods,
            events,
            pageMethods,
            fingerprint,
            sameSchema: fingerprint !== null && fingerprint === own,
            cancel: lists.cancel === true,
            window: lists.window === true,
            bytes: bytesCapability(lists.bytes),
        });
    } catch {
        // A getter or proxy in what a (fake) native handed over.
        return unknownCapabilities;
    }
}

/**
 * Posts `message` (`$cancel`, `$read`) to native and forgets it: its answer or failure is
 * ignored, and a post that throws means the handler is gone (the page is leaving), so nothing
 * runs for it natively.
 */
function tell(port: Port, message: WireMessage): void {
    try {
        Promise.resolve(post(port, message)).then(undefined, () => undefined);
    } catch {
        // Nothing to tell.
    }
}

/**
 * One module's connection to native: what the generated clients are built on. Constructing
 * one has no effect; the first `on()`, `once()`, `ready()`, `capabilities()`, send or request
 * creates the event hub and says `$hello`, whose answer says what the app has of the module.
 * @internal
 */
export class Channel {
    readonly module: string;
    /** The fingerprint of the module's wire shape this client was generated from. */
    readonly fingerprint: string;
    /** The module's application error names, by code. */
    private readonly errorNames: ReadonlyMap<number, string>;
    /** The decoders of the errors whose data holds `bytes`, by code. */
    private readonly errorData: { readonly [code: number]: BytesDecoder };
    private greeted = false;
    private warned = false;
    /** What the `$hello` answer said; undefined until it is in (or known to be unknown). */
    private answered: BridgeCapabilities | undefined;
    /** Settles with the `$hello` answer; created by the hello. */
    private answer: Promise<BridgeCapabilities> | undefined;
    /** Methods whose sends were dropped because the app does not have them (warned once each). */
    private readonly droppedSends = new Set<string>();

    /**
     * `fingerprint`: `WireFingerprint` of the module as generated; `errors`: the module's
     * application error codes by name (`SampleErrors`).
     */
    constructor(module: string, fingerprint: string, errors: { readonly [name: string]: number } = {},
                errorData: { readonly [code: number]: BytesDecoder } = {}) {
        this.module = module;
        this.fingerprint = fingerprint;
        this.errorNames = new Map(Object.keys(errors).map((name) => [errors[name] as number, name]));
        this.errorData = errorData;
    }

    /** Whether the module's native handler exists. Never throws; says nothing to native. */
    get inApp(): boolean {
        return findPort(channelName(this.module)) !== undefined;
    }

    /**
     * Says `$hello` (once per channel, that is once per page load) when the handler exists,
     * after creating the event hub, so native delivers the events it queued for this module,
     * and keeps native's answer: the module's capabilities. Returns whether the handler exists.
     */
    greet(): boolean {
        const port = findPort(channelName(this.module));
        if (!port) return false;
        if (!this.greeted) {
            this.greeted = true;
            eventHub();
            this.answer = this.hello(port).then((capabilities) => {
                this.answered = capabilities;
                return capabilities;
            });
        }
        return true;
    }

    /**
     * Posts `$hello` and resolves with the capabilities in native's answer, or unknown: an
     * answer without them, an error answer, a failed post or reply, or no answer within
     * `config.readyTimeoutMs` (natives that ignore `$hello`, such as hand-written callback
     * natives, never answer). Never rejects.
     */
    private hello(port: Port): Promise<BridgeCapabilities> {
        const message: WireMessage = { type: '$hello', data: { module: this.module, protocol: PROTOCOL_VERSION } };
        return new Promise<BridgeCapabilities>((resolve) => {
            const callbackName = config.transport === 'callback' || port.frames ? nextCallbackName() : undefined;
            let timer: ReturnType<typeof setTimeout> | undefined;
            let settled = false;
            let forget = (): void => undefined;
            const settle = (capabilities: BridgeCapabilities): void => {
                if (settled) return;
                settled = true;
                if (timer !== undefined) clearTimeout(timer);
                forget();
                resolve(capabilities);
            };
            const receive = (answer: unknown): void => settle(parseCapabilities(answer, this.fingerprint));
            if (callbackName !== undefined) {
                message.callbackName = callbackName;
                forget = expectAnswer(port, callbackName, receive);
            }
            let result: unknown;
            try {
                result = post(port, message);
            } catch (error) {
                console.error(`[bridgegen] ${this.module}: could not say hello`, error);
                settle(unknownCapabilities);
                return;
            }
            if (callbackName === undefined) {
                Promise.resolve(result).then(receive, () => settle(unknownCapabilities));
            }
            const timeoutMs = config.readyTimeoutMs;
            if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
                timer = setTimeout(() => settle(unknownCapabilities), timeoutMs);
            }
        });
    }

    /**
     * Resolves with what the app said about the module in its `$hello` answer (saying hello
     * first if not yet), or unknown: at once outside the app. Never rejects.
     */
    capabilities(): Promise<BridgeCapabilities> {
        if (!this.greet() || this.answer === undefined) return Promise.resolve(unknownCapabilities);
        return this.answer;
    }

    /**
     * False only when the app's capabilities are known and lack one of `members[name]`'s wire
     * names (or `name` is no member of the module); true while they are unknown or not yet in,
     * since the call may then be tried and `unknownMethod` handled. Synchronous; says nothing
     * to native.
     */
    supports(members: { readonly [name: string]: MemberWires }, name: string): boolean {
        const capabilities = this.answered;
        if (capabilities === undefined || !capabilities.known) return true;
        if (!Object.prototype.hasOwnProperty.call(members, name)) return false;
        const wires = members[name] as MemberWires;
        return (wires.method === undefined || capabilities.methods.has(wires.method))
            && (wires.event === undefined || capabilities.events.has(wires.event))
            && (wires.pageMethod === undefined || capabilities.pageMethods.has(wires.pageMethod));
    }

    /** Whether the app's answer is in and says it has no method `method` (wire name). */
    private knownMissing(method: string): boolean {
        const capabilities = this.answered;
        return capabilities !== undefined && capabilities.known && !capabilities.methods.has(method);
    }

    private error(code: number, message: string, method: string, data: unknown = null): BridgeError {
        return new BridgeError(code, message, { module: this.module, method, codeName: code > 0 ? this.errorNames.get(code) : undefined, data });
    }

    /** Resolves once the handler exists; rejects with `notInApp` when it does not appear in time. */
    ready(options: ReadyOptions = {}): Promise<void> {
        const timeoutMs = options.timeoutMs ?? config.readyTimeoutMs;
        const intervalMs = Math.max(1, options.intervalMs ?? 50);
        const started = Date.now();
        return new Promise<void>((resolve, reject) => {
            let timer: ReturnType<typeof setTimeout> | undefined;
            let done = false;
            const stopListening = whenAborted(options.signal, () => {
                if (done) return;
                done = true;
                if (timer !== undefined) clearTimeout(timer);
                reject(this.error(BridgeErrorCode.aborted, `${this.module}: ready() was aborted`, '$ready'));
            });
            const poll = () => {
                if (done) return;
                if (this.greet()) {
                    done = true;
                    stopListening();
                    resolve();
                    return;
                }
                const remaining = timeoutMs - (Date.now() - started);
                if (remaining <= 0) {
                    done = true;
                    stopListening();
                    reject(this.error(BridgeErrorCode.notInApp,
                        `${this.module}: the '${channelName(this.module)}' message handler did not appear within ${timeoutMs} ms; not running in the app?`,
                        '$ready'));
                    return;
                }
                timer = setTimeout(poll, Math.min(intervalMs, remaining));
            };
            poll();
        });
    }

    /**
     * Fire-and-forget. Outside the app it does nothing and warns once; a method the app is
     * known not to have (capabilities) is not posted either, with one warning per method.
     */
    send(method: string, params?: unknown): void {
        const port = findPort(channelName(this.module));
        if (!port) {
            if (!this.warned) {
                this.warned = true;
                console.warn(`[bridgegen] ${this.module}.${method}: not running in the app; sends are ignored`);
            }
            return;
        }
        this.greet();
        if (this.knownMissing(method)) {
            if (!this.droppedSends.has(method)) {
                this.droppedSends.add(method);
                console.warn(`[bridgegen] ${this.module}.${method}: the app does not have '${this.module}.${method}' (capabilities); sends are not posted`);
            }
            return;
        }
        const bytes = usableBytes(this.answered?.bytes, port);
        try {
            const encoded = encodeMessage(params === undefined ? { type: method } : { type: method, data: params }, bytes);
            if (bytes && 'frames' in bytes) {
                try {
                    ignoreReply(postFrames(port, encoded));
                } catch (error) {
                    console.error(`[bridgegen] ${this.module}.${method}: ${transferFailure(error, 'send', valuePath(params, encoded))}`);
                }
                return;
            }
            if (encoded.values.length === 0 || !bytes) {
                ignoreReply(postWire(port, encoded.wire));
                return;
            }
            uploaded(bytes, encoded, params, null).then((wire) => ignoreReply(postWire(port, wire))).then(undefined, (error: unknown) => {
                console.error(`[bridgegen] ${this.module}.${method}: ${messageOf(error)}`);
            });
        } catch (error) {
            console.error(`[bridgegen] ${this.module}.${method}: could not post the message`, error);
        }
    }

    /**
     * Posts a request and resolves with the envelope's `data`, or rejects with a `BridgeError`;
     * a method the app is known not to have (capabilities) rejects at once with
     * `unknownMethod`, without posting. `posting` (streams) sees the message, its `id` set, just
     * before it is encoded to be posted, with the function that tells native more about it.
     */
    request<T>(method: string, params?: unknown, options: RequestOptions = {}, decodeResult?: BytesDecoder,
               posting?: (message: WireMessage, tellNative: (message: WireMessage) => void) => void): Promise<T> {
        const module = this.module;
        return new Promise<T>((resolve, reject) => {
            const fail = (code: number, message: string, data: unknown = null) => reject(this.error(code, message, method, data));
            if (options.signal?.aborted) {
                fail(BridgeErrorCode.aborted, `${module}.${method}: aborted before it was sent`);
                return;
            }
            const port = findPort(channelName(module));
            if (!port) {
                fail(BridgeErrorCode.notInApp, `${module}.${method}: not running in the app (no '${channelName(module)}' message handler)`);
                return;
            }
            this.greet();
            if (this.knownMissing(method)) {
                fail(BridgeErrorCode.unknownMethod, `the app does not have '${module}.${method}' (capabilities)`);
                return;
            }
            const callback = config.transport === 'callback';
            const timeoutMs = options.timeoutMs ?? (callback ? config.requestTimeoutMs : 0);
            const callbackName = callback || port.frames ? nextCallbackName() : undefined;
            let settled = false;
            let timer: ReturnType<typeof setTimeout> | undefined;
            let stopListening = (): void => undefined;
            let forget = (): void => undefined;
            // Settles at most once; releases the timer, the abort listener and the callback global.
            const finish = (): boolean => {
                if (settled) return false;
                settled = true;
                if (timer !== undefined) clearTimeout(timer);
                stopListening();
                forget();
                return true;
            };
            const answer = (value: unknown, frames?: ReceivedFrames) => {
                if (!finish()) return;
                const envelope = parseEnvelope(value);
                // Without a `$bytes` list the answer settles now, as it always did.
                if (envelope?.bytes === undefined) {
                    this.settle(method, envelope, undefined, decodeResult, resolve, fail);
                    return;
                }
                this.receive(envelope, frames).then((received) => this.settle(method, envelope, received, decodeResult, resolve, fail), (error: unknown) => {
                    fail(BridgeErrorCode.transferFailed, `${module}.${method}: ${messageOf(error)}`);
                });
            };
            const message: WireMessage = params === undefined ? { type: method } : { type: method, data: params };
            if (callbackName !== undefined) {
                message.callbackName = callbackName;
                forget = expectAnswer(port, callbackName, answer);
            }
            // Names the request in a `$cancel`; unique across page loads (random prefix).
            const id = callbackName ?? nextCallbackName();
            message.id = id;
            let posted = false;
            const deliver = (send: () => unknown, encoded?: EncodedMessage): void => {
                let result: unknown;
                try {
                    result = send();
                } catch (error) {
                    if (!finish()) return;
                    if (error instanceof TransferError && encoded !== undefined) {
                        fail(BridgeErrorCode.transferFailed, `${module}.${method}: ${transferFailure(error, 'send', valuePath(params, encoded))}`);
                    } else {
                        fail(BridgeErrorCode.invalidParams, `${module}.${method}: could not post the message: ${messageOf(error)}`);
                    }
                    return;
                }
                posted = true;
                if (callbackName === undefined) {
                    Promise.resolve(result).then(answer, (error: unknown) => {
                        if (finish()) fail(BridgeErrorCode.handlerUnavailable, `${module}.${method}: ${messageOf(error)}`);
                    });
                }
            };
            const start = (): void => {
                if (settled) return;
                posting?.(message, (told) => tell(port, told));
                const bytes = usableBytes(this.answered?.bytes, port);
                let encoded: EncodedMessage;
                try {
                    encoded = encodeMessage(message, bytes);
                } catch (error) {
                    if (error instanceof BytesLimitError && this.answered === undefined && this.answer !== undefined) {
                        // Too long to go inline, but the `$hello` answer may offer the fast path.
                        void this.answer.then(start);
                        return;
                    }
                    const code = error instanceof ValueLimitError ? BridgeErrorCode.invalidMessage : BridgeErrorCode.invalidParams;
                    if (finish()) fail(code, `${module}.${method}: could not post the message: ${messageOf(error)}`);
                    return;
                }
                if (bytes && 'frames' in bytes) {
                    deliver(() => postFrames(port, encoded), encoded);
                    return;
                }
                if (encoded.values.length === 0 || !bytes) {
                    deliver(() => postWire(port, encoded.wire));
                    return;
                }
                // Settling first (a timeout, an abort) stops the uploads; nothing is posted then.
                const uploads = new AbortController();
                const forgetAnswer = forget;
                forget = () => {
                    forgetAnswer();
                    uploads.abort();
                };
                uploaded(bytes, encoded, params, uploads.signal).then((wire) => {
                    if (!settled) deliver(() => postWire(port, wire));
                }, (error: unknown) => {
                    if (finish()) fail(BridgeErrorCode.transferFailed, `${module}.${method}: ${messageOf(error)}`);
                });
            };
            start();
            if (settled) return;
            if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
                timer = setTimeout(() => {
                    if (!finish()) return;
                    fail(BridgeErrorCode.timeout, `${module}.${method}: no answer within ${timeoutMs} ms`);
                    if (posted) this.cancelNative(port, id);
                }, timeoutMs);
            }
            stopListening = whenAborted(options.signal, () => {
                if (!finish()) return;
                fail(BridgeErrorCode.aborted, `${module}.${method}: aborted`);
                if (posted) this.cancelNative(port, id);
            });
        });
    }

    /**
     * Settles a request of `method` with native's answer: `resolve` with the result decoded (the
     * values of its `$bytes` list, `received`, standing in for their references), or `fail`.
     */
    private settle<T>(method: string, envelope: BridgeEnvelope | undefined, received: readonly Uint8Array[] | undefined,
                      decodeResult: BytesDecoder | undefined, resolve: (value: T) => void,
                      fail: (code: number, message: string, data?: unknown) => void): void {
        const module = this.module;
        if (!envelope) {
            fail(BridgeErrorCode.internalError, `${module}.${method}: the answer is not a {errcode, errmsg, data} envelope`);
        } else if (envelope.errcode === 0) {
            if (decodeResult === undefined) {
                resolve(envelope.data as T);
                return;
            }
            try {
                resolve(decodeReceived(decodeResult, envelope.data, 'result', received) as T);
            } catch (error) {
                fail(BridgeErrorCode.internalError, `${module}.${method}: ${messageOf(error)}`);
            }
        } else {
            const name = envelope.errcode > 0 ? this.errorNames.get(envelope.errcode) : bridgeErrorCodeName(envelope.errcode);
            const code = name === undefined ? `code ${envelope.errcode}` : `${name} (${envelope.errcode})`;
            // An application error's data as native sent it (absent: null), its `bytes`
            // decoded; the generated guards type it.
            let data = envelope.errcode > 0 ? envelope.data : null;
            const decodeData = envelope.errcode > 0 && data !== null ? this.errorData[envelope.errcode] : undefined;
            if (decodeData !== undefined) {
                try {
                    data = decodeReceived(decodeData, data, 'data', received);
                } catch (error) {
                    fail(BridgeErrorCode.internalError, `${module}.${method}: ${messageOf(error)}`);
                    return;
                }
            }
            fail(envelope.errcode, envelope.errmsg || `${module}.${method} failed with ${code}`, data);
        }
    }

    /**
     * The values of the envelope's `$bytes` list: the binary frames its router took before the
     * answer (`frames`), or downloaded; undefined when the app offers this module no fast path
     * (the list then means nothing: references decode as any object). Rejects with an Error
     * saying which value failed (`could not receive result.photo: 404 ...`).
     */
    private async receive(envelope: BridgeEnvelope, frames: ReceivedFrames | undefined): Promise<readonly Uint8Array[] | undefined> {
        const bytes = (this.answered ?? await this.capabilities()).bytes;
        if (bytes === null) return undefined;
        const path = (index: number) => pathOf(envelope.data, 'result', (found) => referenceIndex(found) === index);
        if ('frames' in bytes) {
            if (frames === undefined) throw new Error('could not receive the result: no binary frames came with its $bytes');
            if (frames.failure !== undefined) throw new Error(`could not receive ${path(frames.failure.index)}: ${frames.failure.message}`);
            return frames.values;
        }
        const transfers = receivedTransfers(envelope.bytes);
        if (transfers === undefined) throw new Error(`could not receive the result: its $bytes is not a list of at most ${maxTransfersPerMessage} {token, length}`);
        return downloadTransfers(bytes, transfers).catch((error: unknown) => {
            throw new Error(transferFailure(error, 'receive', path));
        });
    }

    /**
     * Opens a stream (a `kind: stream` method): posts it like a request, whose `id` its items
     * name, with its window when the app takes one, and returns the `BridgeStream` that reads
     * its items and its final result.
     */
    stream<T, R>(method: string, params?: unknown, options: StreamOptions = {}, decodeItem?: BytesDecoder,
                 decodeResult?: BytesDecoder): BridgeStream<T, R> {
        const decode = decodeItem === undefined ? undefined : (value: unknown) => decodeItem(value, 'item') as T;
        return new BridgeStream<T, R>(this.module, method, options, decode, (signal, posting) => {
            // No timeout unless asked: a stream runs as long as its page reads it.
            const requestOptions: RequestOptions = { signal, timeoutMs: options.timeoutMs ?? 0 };
            return this.request<R>(method, params, requestOptions, decodeResult, (message, tellNative) => {
                const id = message.id as string;
                // The window only with an app known to take it when the request is posted.
                const read = this.answered?.window === true ? (count: number) => tellNative({ type: '$read', data: { id, count } }) : undefined;
                const size = posting(id, read);
                if (size === undefined) delete message.$window;
                else message.$window = size;
            });
        });
    }

    /**
     * Tells native that the page gave up on request `id` (`$cancel`), once the `$hello` answer
     * says the app understands it: an older app would answer or log an unknown method. The
     * page has rejected already; native's answer to the cancelled request, if any, is ignored.
     */
    private cancelNative(port: Port, id: string): void {
        const send = (capabilities: BridgeCapabilities): void => {
            if (capabilities.cancel) tell(port, { type: '$cancel', data: { id } });
        };
        if (this.answered !== undefined) send(this.answered);
        else void this.answer?.then(send);
    }

    /**
     * Subscribes to an event by wire name; the payload arrives parsed, its `bytes` decoded by
     * `payload` when it has any (a payload that does not decode is dropped, with an error logged).
     */
    on(event: string, listener: (payload: unknown) => void, payload?: BytesDecoder): Unsubscribe {
        const decoded = payload === undefined ? listener : (value: unknown) => {
            let result: unknown;
            try {
                result = payload(value, 'payload');
            } catch (error) {
                console.error(`[bridgegen] ${this.module}: dropped the event '${event}': ${messageOf(error)}`);
                return;
            }
            listener(result);
        };
        const unsubscribe = eventHub().listen(this.module, event, decoded);
        this.greet();
        return unsubscribe;
    }

    /**
     * Registers the functions of `implementation` (keyed by identifier) as the page's
     * implementations of `methods`, then says `$hello` (native waits for it before calling).
     * Keys that are undefined are skipped; a key that is not a function throws a TypeError
     * before anything is registered. Each function runs with `implementation` as `this`.
     * Returns the function that removes these registrations (only these).
     */
    implement(methods: { readonly [name: string]: PageMethodEntry }, implementation: object): Unsubscribe {
        const chosen: Array<{ method: PageMethodEntry; fn: (params: unknown) => unknown }> = [];
        for (const [name, method] of Object.entries(methods)) {
            const fn = (implementation as { [name: string]: unknown })[name];
            if (fn === undefined) continue;
            if (typeof fn !== 'function') {
                throw new TypeError(`${this.module}.implement: '${name}' is not a function`);
            }
            chosen.push({ method, fn: fn as (params: unknown) => unknown });
        }
        const hub = eventHub();
        const registrations = chosen.map(({ method, fn }) => {
            const decode = method.params;
            const call = decode === undefined
                ? (params: unknown) => fn.call(implementation, params)
                : (params: unknown) => fn.call(implementation, decode(params, 'params'));
            return hub.implement(this.module, method.wire, call, method.errors);
        });
        this.greet();
        let active = true;
        return () => {
            if (!active) return;
            active = false;
            for (const off of registrations) off();
        };
    }

    /** Resolves with the next payload of an event (by wire name); see `OnceOptions`. */
    once(event: string, options: OnceOptions = {}, payload?: BytesDecoder): Promise<unknown> {
        return new Promise<unknown>((resolve, reject) => {
            if (options.signal?.aborted) {
                reject(this.error(BridgeErrorCode.aborted, `${this.module}: waiting for event '${event}' was aborted`, '$once'));
                return;
            }
            let stopListening = (): void => undefined;
            const unsubscribe = this.on(event, (value) => {
                unsubscribe();
                stopListening();
                resolve(value);
            }, payload);
            stopListening = whenAborted(options.signal, () => {
                unsubscribe();
                reject(this.error(BridgeErrorCode.aborted, `${this.module}: waiting for event '${event}' was aborted`, '$once'));
            });
        });
    }
}
