// bridgegen's mock engine: fake message handlers (the channels of the first shell of
// `config.shells` whose port is a `handler`) for the configured transport, answering from typed
// implementations, as docs/TYPESCRIPT.md ("The mock") describes.
// Type-checked as itself by the tests (with runtime.ts) and embedded verbatim, from the first
// line after this comment, into every generated client as mock-runtime.ts. The generated
// mock.ts holds what varies with the schema set (the implementation interfaces and the
// routing tables) and calls `installMockEngine`.

import { BridgeError, BridgeErrorCode, PROTOCOL_VERSION, config, eventHub, toWire } from './runtime.js';
import type { BridgeEnvelope, BridgeShell, BytesDecoder, EventHub } from './runtime.js';

/** One call the mock received. */
export interface MockCall {
    module: string;
    /** The method's wire name. */
    method: string;
    /** The parameters as they crossed the wire (JSON), or undefined when none were sent. */
    params: unknown;
}

/** Options of `installMock`. */
export interface MockOptions {
    /** Delay of each answer, in milliseconds (default 0: the next task). */
    delayMs?: number;
    /**
     * Install even when the object the mock installs at exists already, or the channel object of
     * another shell of `config.shells` does (`window.webkit`, `window.__bridgegen_<channel>`;
     * default false).
     */
    force?: boolean;
    /**
     * The deadline of each `callPage` call (waiting for the module's `$hello` included), in
     * milliseconds; default 10000, native's default (`swift.pageCallTimeoutMs`).
     */
    pageCallTimeoutMs?: number;
    /**
     * What the mock's `$hello` answer says the app has, to test how a page adapts to older
     * apps. Left out: every module's capabilities as generated (the app and the page share the
     * schema; `sameSchema` is true). `'unknown'`: the answer carries no capabilities, as from
     * an app generated before them (every module reads as unknown). Per module (modules left
     * out answer as generated): a `MockCapabilities` simulates an older app, whose missing
     * methods also fail with `unknownMethod` when posted; `'unknown'` makes that module unknown.
     */
    capabilities?: 'unknown' | { readonly [module: string]: MockCapabilities | 'unknown' };
}

/**
 * The capabilities the mock claims for one module (`MockOptions.capabilities`), as wire names.
 * A list left out is the generated schema's; `fingerprint` left out is null (not this schema,
 * so `sameSchema` is false).
 */
export interface MockCapabilities {
    /** Wire names of the methods the simulated app has; the others fail with `unknownMethod`. */
    methods?: readonly string[];
    /** Wire names of the events the simulated app sends. */
    events?: readonly string[];
    /** Wire names of the page methods the simulated app calls. */
    pageMethods?: readonly string[];
    /** The simulated app's fingerprint of the module. */
    fingerprint?: string | null;
}

/** Options of one `callPage` call. */
export interface PageCallOptions {
    /** This call's deadline in milliseconds, instead of `MockOptions.pageCallTimeoutMs`. */
    timeoutMs?: number;
}

/**
 * An installed mock; `Events` is the schema set's `MockEvents`, `PageCalls` its
 * `MockPageCalls`.
 */
export interface InstalledMock<Events, PageCalls = {}> {
    /** Every call received, in order (`$hello` excluded), recorded as the page posts it (before the answer). */
    readonly calls: readonly MockCall[];
    /** The modules that said `$hello`. */
    readonly greeted: readonly string[];
    /**
     * Sends an event to the page, as the generated Swift event senders do: delivered at once
     * when the module said `$hello`, else queued until it does (like native's queue).
     */
    emit<M extends keyof Events & string, E extends keyof Events[M] & string>(module: M, event: E, payload: Events[M][E]): void;
    /**
     * Plays native calling the page's methods (`mock.callPage.sample.getCartCount({ userId })`)
     * through `window.__bridgegen`, as native does: resolves with the result as the page sent
     * it (the mock applies no defaults and checks no types) or rejects with a `BridgeError`
     * carrying native's code: `notImplemented`, `pageNotLoaded` (the module's client did not say
     * `$hello` in time), `timeout`, `pageError`, `invalidResult` (not an envelope), or one of
     * the method's declared codes.
     */
    readonly callPage: PageCalls;
    /** Removes the mock and restores what `window.webkit` was before. */
    uninstall(): void;
}

/**
 * A page method as mock.ts describes it.
 * @internal
 */
export interface MockPageMethod {
    /** The wire name. */
    readonly wire: string;
    /** The parameters' wire names in declaration order (the positional arguments of a `global:` function). */
    readonly params: readonly string[];
    /** Whether the method resolves with a value (else with undefined). */
    readonly returns: boolean;
    /** The declared application errors: code and name. */
    readonly errors: ReadonlyArray<readonly [number, string]>;
    /** The `global:` path, or null. */
    readonly global: readonly string[] | null;
    /**
     * Where the result holds `bytes` or unions, when it does: `callPage` resolves with
     * `Uint8Array`s there, and a union value of no variant fails the call with `invalidResult`.
     */
    readonly result?: BytesDecoder;
}

/**
 * What the generated mock.ts tells the engine about its schema set.
 * @internal
 */
export interface MockTables<Events> {
    /** Methods by module and wire name: the identifier `MockImplementations` uses. */
    readonly methods: ReadonlyMap<string, ReadonlyMap<string, string>>;
    /** Event wire names by module and the name `on` takes. */
    readonly events: { readonly [M in keyof Events]: { readonly [E in keyof Events[M]]: string } };
    /** Page methods by module and identifier (the name `callPage` takes). */
    readonly pageMethods: ReadonlyMap<string, ReadonlyMap<string, MockPageMethod>>;
    /** Each module's `WireFingerprint`, as its client knows it. */
    readonly fingerprints: ReadonlyMap<string, string>;
    /**
     * By module and wire name, the methods whose params hold `bytes` or unions: the
     * implementations get `Uint8Array`s where the page's base64 text was, and a union's unknown
     * branch for a tag no variant has (a value that is not base64, or a union value of no
     * variant, fails the call with `invalidParams`, as native does).
     */
    readonly bytes?: ReadonlyMap<string, ReadonlyMap<string, BytesDecoder>>;
    /** By module, the wire names of its stream methods: their implementations are async generators. */
    readonly streams?: ReadonlyMap<string, ReadonlySet<string>>;
    /**
     * By module and code, the application errors that carry data: what a thrown error of that
     * code must hold for the page's guard (`User.isPurchaseFailed`) to tell the truth.
     */
    readonly errors?: ReadonlyMap<string, ReadonlyMap<number, MockErrorData>>;
}

/**
 * An application error with data, as mock.ts describes it.
 * @internal
 */
export interface MockErrorData {
    /** The error's name (`purchaseFailed`). */
    readonly name: string;
    /** The generated maker that builds it with its data typed (`purchaseFailedError`). */
    readonly maker: string;
    /** The wire names of the data fields the page's type requires (their type is not optional). */
    readonly required: readonly string[];
}

/**
 * The data a thrown error with declared data carries to the page, as native would send it: an
 * object always (`{}` for none when every field is optional), so data left out is `{}`; or,
 * when a field the page's type requires is absent (null counts, as native never sends it),
 * what is missing, so that the mock refuses the answer instead of the page's guard narrowing
 * the error to data it does not have.
 */
function errorData(declared: MockErrorData, data: unknown): { data: unknown } | { missing: string } {
    const given = data === null || data === undefined ? {} : data;
    if (typeof given !== 'object' || Array.isArray(given)) {
        return { missing: `its data is ${Array.isArray(given) ? 'an array' : `a ${typeof given}`}, not an object` };
    }
    const fields = given as { readonly [key: string]: unknown };
    const absent = declared.required.filter((key) => !Object.prototype.hasOwnProperty.call(fields, key) || fields[key] === undefined || fields[key] === null);
    if (absent.length === 0) return { data: given };
    const list = absent.map((key) => `'${key}'`).join(', ');
    if (data === null || data === undefined) return { missing: `it has no data, and ${list} ${absent.length === 1 ? 'is' : 'are'} required` };
    return { missing: `its data lacks ${list}` };
}

/** What the mock's `$hello` answer carries for one module: `capabilities` as on the wire, or nothing (unknown). */
interface HelloAnswer {
    readonly capabilities?: { methods: string[]; events: string[]; pageMethods: string[]; fingerprint: string | null };
    /** The methods (wire names) the simulated app has, when it is not the generated schema's set. */
    readonly methods?: ReadonlySet<string>;
}

/** Sorted by UTF-16 code units, as the app sends its lists (docs/WIRE.md, "Capabilities"). */
function sortedNames(names: Iterable<string>): string[] {
    return [...new Set(names)].sort();
}

/**
 * The `$hello` answer of every module of `tables` under `option` (`MockOptions.capabilities`).
 * Throws for a module the schema set does not have, so a misspelt option fails the test.
 */
function helloAnswers<Events>(tables: MockTables<Events>, option: MockOptions['capabilities']): Map<string, HelloAnswer> {
    const answers = new Map<string, HelloAnswer>();
    const events = tables.events as { readonly [module: string]: { readonly [event: string]: string } | undefined };
    const perModule = option === undefined || option === 'unknown' ? {} : option;
    for (const module of Object.keys(perModule)) {
        if (!tables.methods.has(module)) {
            throw new Error(`bridgegen mock: capabilities for '${module}', which is not a module of the schema set`);
        }
    }
    for (const [module, methods] of tables.methods) {
        const given = Object.prototype.hasOwnProperty.call(perModule, module) ? perModule[module] : undefined;
        if (option === 'unknown' || given === 'unknown') {
            answers.set(module, {});
            continue;
        }
        const generated = {
            methods: sortedNames(methods.keys()),
            events: sortedNames(Object.values(events[module] ?? {})),
            pageMethods: sortedNames([...(tables.pageMethods.get(module)?.values() ?? [])].map((pageMethod) => pageMethod.wire)),
            fingerprint: tables.fingerprints.get(module) ?? null,
        };
        if (given === undefined) {
            answers.set(module, { capabilities: generated });
            continue;
        }
        const capabilities = {
            methods: given.methods === undefined ? generated.methods : sortedNames(given.methods),
            events: given.events === undefined ? generated.events : sortedNames(given.events),
            pageMethods: given.pageMethods === undefined ? generated.pageMethods : sortedNames(given.pageMethods),
            fingerprint: given.fingerprint ?? null,
        };
        answers.set(module, { capabilities, methods: new Set(capabilities.methods) });
    }
    return answers;
}


/** Events the mock holds per module before its `$hello`: native's limit (docs/WIRE.md, "Handshake and queueing"). */
const queueLimit = 256;

/** A page call's deadline when neither the call nor `MockOptions` sets one: native's default (`swift.pageCallTimeoutMs`). */
const defaultPageCallTimeoutMs = 10000;

/** The most UTF-16 units of the page's text native keeps in a `pageError` message (docs/WIRE.md, "Page calls"). */
const pageMessageLimit = 1000;

type MockFunction = (params?: unknown) => unknown;

interface MockGlobal {
    [name: string]: unknown;
}

/**
 * The shell the mock plays: the first of `config.shells` whose port is a `handler`, the kind whose
 * answers the mock gives (a Promise, or `window[callbackName]`).
 */
function mockShell(): BridgeShell {
    const shell = config.shells.find((candidate) => candidate.port === 'handler');
    if (shell === undefined) throw new Error('bridgegen mock: this client has no shell with a handler port for the mock to play');
    return shell;
}

/** `shell`'s path for `channel`. */
function channelPath(shell: BridgeShell, channel: string): string[] {
    return shell.path.map((part) => part.split('{channel}').join(channel));
}

/** Whether the global object has a value at `path` (a throwing getter counts as one). */
function present(g: MockGlobal, path: readonly string[]): boolean {
    try {
        let value: unknown = g;
        for (const key of path) {
            if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
            value = (value as MockGlobal)[key];
            if (value === undefined) return false;
        }
        return true;
    } catch {
        return true;
    }
}

function envelope(errcode: number, errmsg: string, data: unknown): BridgeEnvelope {
    return { errcode, errmsg, data };
}

/**
 * Installs fake message handlers for the configured transport, where the first `handler` shell
 * of `config.shells` has them (`window.webkit.messageHandlers`), answering with
 * `implementations` (the schema set's `MockImplementations`). Throws when a real (or another
 * fake) handler set is present, unless `options.force` is set.
 * @internal
 */
export function installMockEngine<Events, PageCalls>(tables: MockTables<Events>, implementations: object,
                                                    options: MockOptions): InstalledMock<Events, PageCalls> {
    const g = globalThis as unknown as MockGlobal;
    const shell = mockShell();
    const channels = config.transport === 'reply' ? [...tables.methods.keys()] : [config.callbackChannel];
    // The mock's handlers hang from the first name of the shell's path (`window.webkit`), which it
    // replaces whole and puts back at uninstall.
    const root = channelPath(shell, channels[0] ?? '')[0] ?? '';
    const hadRoot = Object.prototype.hasOwnProperty.call(g, root);
    const previous = g[root];
    if (previous !== undefined && !options.force) {
        throw new Error(`bridgegen mock: window.${root} already exists (running in the app?); pass { force: true } to replace it`);
    }
    if (!options.force) {
        // Another shell's channel objects: the clients would use the mock's handlers instead of them
        // (the first shell wins), so a real app of another shell is refused like a real one of this.
        for (const other of config.shells) {
            if (other === shell) continue;
            for (const channel of channels) {
                const path = channelPath(other, channel);
                if (present(g, path)) {
                    throw new Error(`bridgegen mock: window.${path.join('.')} already exists (running in the ${other.platform} app?); pass { force: true } to replace it`);
                }
            }
        }
    }
    const calls: MockCall[] = [];
    const greeted: string[] = [];
    const queues = new Map<string, Array<{ event: string; json: string }>>();
    const delayMs = options.delayMs ?? 0;
    const helloAnswer = helloAnswers(tables, options.capabilities);
    const impls = implementations as { [module: string]: { [method: string]: MockFunction | undefined } | undefined };

    const deliver = (module: string, event: string, json: string): void => {
        eventHub().deliver(module, event, json);
    };

    const helloWaiters = new Map<string, Array<() => void>>();
    const hello = (module: string): void => {
        if (!greeted.includes(module)) greeted.push(module);
        const queued = queues.get(module) ?? [];
        queues.delete(module);
        for (const { event, json } of queued) deliver(module, event, json);
        const waiters = helloWaiters.get(module) ?? [];
        helloWaiters.delete(module);
        for (const wake of waiters) wake();
    };
    /** Resolves once `module` said `$hello` (at once when it did). */
    const saidHello = (module: string): Promise<void> => {
        if (greeted.includes(module)) return Promise.resolve();
        return new Promise((resolve) => {
            const waiters = helloWaiters.get(module) ?? [];
            waiters.push(resolve);
            helloWaiters.set(module, waiters);
        });
    };

    /**
     * Plays native's side of a stream: each item the implementation's async generator yields
     * goes to the page's hub under the request's `id`, one at a time; the generator's return
     * value is the final result. A page that no longer reads it (the hub took no item) ends
     * it: the generator is closed and the request answered `aborted`.
     */
    const runStream = async (iterator: AsyncIterator<unknown, unknown>, id: string): Promise<BridgeEnvelope> => {
        for (;;) {
            const step = await iterator.next();
            if (step.done === true) {
                const wire = toWire(step.value);
                return envelope(0, 'ok', wire === undefined ? null : wire);
            }
            await new Promise((resolve) => setTimeout(resolve, 0));
            if (!eventHub().item(id, JSON.stringify(toWire(step.value) ?? null))) {
                await iterator.return?.(undefined);
                return envelope(BridgeErrorCode.aborted, 'the page is not reading the stream', null);
            }
        }
    };

    const answer = async (module: string | undefined, type: string, data: unknown, id?: string): Promise<BridgeEnvelope> => {
        const later = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, delayMs));
        if (type === '$hello') {
            await later();
            const body = data as { module?: unknown } | null;
            const name = body && typeof body.module === 'string' ? body.module : module;
            if (name !== undefined) hello(name);
            const capabilities = name === undefined ? undefined : helloAnswer.get(name)?.capabilities;
            return envelope(0, 'ok', capabilities === undefined ? { protocol: PROTOCOL_VERSION } : { protocol: PROTOCOL_VERSION, capabilities });
        }
        const owner = module ?? [...tables.methods.keys()].find((name) => tables.methods.get(name)?.has(type));
        const identifier = owner === undefined ? undefined : tables.methods.get(owner)?.get(type);
        const simulated = owner === undefined ? undefined : helloAnswer.get(owner)?.methods;
        const known = owner !== undefined && identifier !== undefined && (simulated === undefined || simulated.has(type));
        // Recorded as it is posted, before the delay: a test can assert a send the line after making it.
        if (known) calls.push({ module: owner, method: type, params: data === null ? undefined : data });
        await later();
        if (!known) return envelope(BridgeErrorCode.unknownMethod, `unknown method '${type}'`, null);
        const impl = impls[owner]?.[identifier];
        if (typeof impl !== 'function') {
            return envelope(BridgeErrorCode.handlerUnavailable, `the mock does not implement ${owner}.${identifier}`, null);
        }
        let params: unknown = data === undefined || data === null ? {} : data;
        const decode = tables.bytes?.get(owner)?.get(type);
        if (decode !== undefined) {
            try {
                // A copy: decoders work in place, and `calls` keeps what crossed the wire.
                params = decode(JSON.parse(JSON.stringify(params)), 'params');
            } catch (error) {
                return envelope(BridgeErrorCode.invalidParams, error instanceof Error ? error.message : String(error), null);
            }
        }
        try {
            const result = await impl.call(impls[owner], params);
            if (tables.streams?.get(owner)?.has(type) === true) {
                if (id === undefined) return envelope(BridgeErrorCode.invalidMessage, 'a stream request needs a string \'id\'', null);
                return await runStream(result as AsyncIterator<unknown, unknown>, id);
            }
            const wire = toWire(result);
            return envelope(0, 'ok', wire === undefined ? null : wire);
        } catch (error) {
            if (error instanceof BridgeError) {
                if (error.code < 1) return envelope(error.code, error.message, null);
                const declared = tables.errors?.get(owner)?.get(error.code);
                if (declared === undefined) return envelope(error.code, error.message, toWire(error.data ?? null));
                const checked = errorData(declared, error.data);
                if ('missing' in checked) {
                    const message = `the mock implementation of ${owner}.${identifier} threw ${declared.name} (${error.code}) without its required data: `
                        + `${checked.missing}; make it with ${declared.maker}({ ... }) of module ${owner}, which the compiler checks`;
                    console.error(`[bridgegen] mock: ${message}`);
                    return envelope(BridgeErrorCode.internalError, message, null);
                }
                return envelope(error.code, error.message, toWire(checked.data));
            }
            const message = error instanceof Error ? error.message : String(error);
            return envelope(BridgeErrorCode.internalError, `the mock implementation of ${owner}.${identifier} threw: ${message}`, null);
        }
    };

    const handlers: { [name: string]: { postMessage(message: unknown): unknown } } = {};
    if (config.transport === 'reply') {
        for (const module of tables.methods.keys()) {
            handlers[module] = {
                postMessage(message: unknown): Promise<BridgeEnvelope> {
                    const body = JSON.parse(JSON.stringify(message ?? null)) as { type?: unknown; data?: unknown; id?: unknown } | null;
                    if (body === null || typeof body !== 'object' || typeof body.type !== 'string') {
                        return Promise.resolve(envelope(BridgeErrorCode.invalidMessage, 'the message is not an object with a string type', null));
                    }
                    return answer(module, body.type, body.data, typeof body.id === 'string' ? body.id : undefined);
                },
            };
        }
    } else {
        handlers[config.callbackChannel] = {
            postMessage(message: unknown): void {
                let body: { type?: unknown; data?: unknown; callbackName?: unknown; id?: unknown } | null = null;
                try {
                    body = JSON.parse(typeof message === 'string' ? message : JSON.stringify(message ?? null));
                } catch {
                    body = null;
                }
                if (body === null || typeof body !== 'object' || typeof body.type !== 'string') return;
                const callbackName = typeof body.callbackName === 'string' ? body.callbackName : undefined;
                void answer(undefined, body.type, body.data, typeof body.id === 'string' ? body.id : undefined).then((result) => {
                    if (callbackName === undefined) return;
                    const callback = g[callbackName];
                    if (typeof callback === 'function') callback(JSON.stringify(result));
                });
            },
        };
    }
    delete g[root];
    for (const [channel, handler] of Object.entries(handlers)) placeAt(g, channelPath(shell, channel), handler);

    const pageCallTimeoutMs = options.pageCallTimeoutMs ?? defaultPageCallTimeoutMs;
    const callPage: { [module: string]: { [identifier: string]: (...args: unknown[]) => Promise<unknown> } } = {};
    for (const [module, methods] of tables.pageMethods) {
        const byIdentifier: { [identifier: string]: (...args: unknown[]) => Promise<unknown> } = {};
        for (const [identifier, method] of methods) {
            const call = (...args: unknown[]): Promise<unknown> => {
                const params = method.params.length > 0 ? args[0] : {};
                const callOptions = (method.params.length > 0 ? args[1] : args[0]) as PageCallOptions | undefined;
                return callPageMethod(module, method, params, callOptions?.timeoutMs ?? pageCallTimeoutMs, saidHello);
            };
            // defineProperty: identifiers are schema text, and `__proto__` must stay a key.
            Object.defineProperty(byIdentifier, identifier, { value: call, enumerable: true });
        }
        Object.defineProperty(callPage, module, { value: byIdentifier, enumerable: true });
    }

    return {
        calls,
        greeted,
        callPage: callPage as unknown as PageCalls,
        emit<M extends keyof Events & string, E extends keyof Events[M] & string>(module: M, event: E, payload: Events[M][E]): void {
            const wire = tables.events[module][event];
            const json = JSON.stringify(toWire(payload));
            if (greeted.includes(module)) {
                deliver(module, wire, json);
                return;
            }
            const queue = queues.get(module) ?? [];
            queue.push({ event: wire, json });
            if (queue.length > queueLimit) {
                queue.shift();
                console.warn(`[bridgegen] mock: more than ${queueLimit} events of '${module}' before its $hello; the oldest was dropped`);
            }
            queues.set(module, queue);
        },
        uninstall(): void {
            if (hadRoot) g[root] = previous;
            else delete g[root];
        },
    };
}

/** Sets `value` at `path` from the global object, making the objects on the way. */
function placeAt(g: MockGlobal, path: readonly string[], value: unknown): void {
    let holder: MockGlobal = g;
    path.forEach((key, index) => {
        if (index === path.length - 1) {
            holder[key] = value;
            return;
        }
        const next = holder[key];
        if (next === null || typeof next !== 'object') holder[key] = {};
        holder = holder[key] as MockGlobal;
    });
}

/** The envelope text of a failed page call, as the native function body answers it. */
function failureText(errcode: number, errmsg: string): string {
    return JSON.stringify({ errcode, errmsg });
}

/**
 * Native's function body for a `global:` method (docs/WIRE.md, "Page calls"): the hub's
 * implementation when the page registered one, else the global function at `path`, called
 * with the parameters in declaration order and `this` its parent object.
 */
async function callGlobal(module: string, method: MockPageMethod, path: readonly string[], params: unknown): Promise<string> {
    try {
        const hub = (globalThis as unknown as { __bridgegen?: Partial<EventHub> }).__bridgegen;
        if (hub && typeof hub.implemented === 'function' && typeof hub.call === 'function' && hub.implemented(module, method.wire)) {
            return await hub.call(module, method.wire, params);
        }
        // As native's body walks it: only objects and functions have members on the path.
        let parent: unknown = globalThis;
        let target: unknown = globalThis;
        for (const segment of path) {
            if (target === null || (typeof target !== 'object' && typeof target !== 'function')) {
                target = undefined;
                break;
            }
            parent = target;
            target = (target as { [key: string]: unknown })[segment];
        }
        if (typeof target !== 'function') {
            return failureText(BridgeErrorCode.notImplemented, `the page defines no function ${path.join('.')}`);
        }
        const values = params as { [name: string]: unknown };
        const args = method.params.map((name) => (values[name] === undefined ? null : values[name]));
        const value: unknown = await (target as (...args: unknown[]) => unknown).apply(parent, args);
        return JSON.stringify({ errcode: 0, errmsg: 'ok', data: value === undefined ? null : value });
    } catch (error) {
        let message: string;
        try {
            message = error instanceof Error ? error.message : String(error);
        } catch {
            message = 'the page threw a value that cannot be described';
        }
        return failureText(BridgeErrorCode.pageError, message);
    }
}

/**
 * One `callPage` call, as native makes it: waits for the module's `$hello` (not for a
 * `global:` method), calls through the hub, checks the envelope, all within `timeoutMs`.
 */
async function callPageMethod(module: string, method: MockPageMethod, params: unknown, timeoutMs: number,
                              saidHello: (module: string) => Promise<void>): Promise<unknown> {
    const fail = (code: number, message: string, name?: string, data: unknown = null): never => {
        throw new BridgeError(code, message, { module, method: method.wire, codeName: name, data });
    };
    // What native sends: the params as JSON.
    const sent: unknown = JSON.parse(JSON.stringify(toWire(params ?? {})));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    let text: string;
    try {
        if (method.global !== null) {
            const answer = await Promise.race([callGlobal(module, method, method.global, sent), deadline]);
            if (answer === 'timeout') return fail(BridgeErrorCode.timeout, `${module}.${method.wire}: the page did not answer within ${timeoutMs} ms`);
            text = answer;
        } else {
            if (await Promise.race([saidHello(module), deadline]) === 'timeout') {
                return fail(BridgeErrorCode.pageNotLoaded, `${module}.${method.wire}: the page's ${module} client did not say $hello within ${timeoutMs} ms`);
            }
            const hub = (globalThis as unknown as { __bridgegen?: Partial<EventHub> }).__bridgegen;
            if (!hub || typeof hub.call !== 'function') {
                return fail(BridgeErrorCode.pageNotLoaded, `${module}.${method.wire}: the page has no bridgegen client`);
            }
            const answer = await Promise.race([hub.call(module, method.wire, sent), deadline]);
            if (answer === 'timeout') return fail(BridgeErrorCode.timeout, `${module}.${method.wire}: the page did not answer within ${timeoutMs} ms`);
            text = answer;
        }
    } finally {
        clearTimeout(timer);
    }
    let envelope: { errcode?: unknown; errmsg?: unknown; data?: unknown } | null = null;
    try {
        envelope = typeof text === 'string' ? JSON.parse(text) : null;
    } catch {
        envelope = null;
    }
    if (envelope === null || typeof envelope !== 'object' || typeof envelope.errcode !== 'number') {
        return fail(BridgeErrorCode.invalidResult, `${module}.${method.wire}: the page's answer is not a {errcode, errmsg, data} envelope`);
    }
    const errmsg = typeof envelope.errmsg === 'string' ? envelope.errmsg.slice(0, pageMessageLimit) : '';
    if (envelope.errcode === 0) {
        if (!method.returns) return undefined;
        const data = envelope.data === undefined ? null : envelope.data;
        if (method.result === undefined) return data;
        try {
            return method.result(data, 'result');
        } catch (error) {
            return fail(BridgeErrorCode.invalidResult, `${module}.${method.wire}: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    if (envelope.errcode >= 1) {
        const declared = method.errors.find(([code]) => code === envelope?.errcode);
        if (declared === undefined) {
            return fail(BridgeErrorCode.pageError, `${module}.${method.wire}: the page failed with code ${envelope.errcode}, which the method does not declare: ${errmsg}`);
        }
        return fail(declared[0], errmsg, declared[1], envelope.data === undefined ? null : envelope.data);
    }
    return fail(envelope.errcode, errmsg);
}
