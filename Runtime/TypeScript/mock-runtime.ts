// bridgegen's mock engine: fake `window.webkit.messageHandlers` for the configured transport,
// answering from typed implementations, as docs/TYPESCRIPT.md ("The mock") describes.
// Type-checked as itself by the tests (with runtime.ts) and embedded verbatim, from the first
// line after this comment, into every generated client as mock-runtime.ts. The generated
// mock.ts holds what varies with the schema set (the implementation interfaces and the
// routing tables) and calls `installMockEngine`.

import { BridgeError, BridgeErrorCode, PROTOCOL_VERSION, config, eventHub, toWire } from './runtime.js';
import type { BridgeEnvelope } from './runtime.js';

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
    /** Install even when `window.webkit.messageHandlers` already exists (default false). */
    force?: boolean;
}

/** An installed mock; `Events` is the schema set's `MockEvents`. */
export interface InstalledMock<Events> {
    /** Every call received, in order (`$hello` excluded). */
    readonly calls: readonly MockCall[];
    /** The modules that said `$hello`. */
    readonly greeted: readonly string[];
    /**
     * Sends an event to the page, as the generated Swift event senders do: delivered at once
     * when the module said `$hello`, else queued until it does (like native's queue).
     */
    emit<M extends keyof Events & string, E extends keyof Events[M] & string>(module: M, event: E, payload: Events[M][E]): void;
    /** Removes the mock and restores what `window.webkit` was before. */
    uninstall(): void;
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
}

/** Events the mock holds per module before its `$hello`: native's limit (docs/WIRE.md, "Handshake and queueing"). */
const queueLimit = 256;

type MockFunction = (params?: unknown) => unknown;

interface MockGlobal {
    webkit?: unknown;
    [name: string]: unknown;
}

function envelope(errcode: number, errmsg: string, data: unknown): BridgeEnvelope {
    return { errcode, errmsg, data };
}

/**
 * Installs fake `window.webkit.messageHandlers` for the configured transport, answering
 * with `implementations` (the schema set's `MockImplementations`). Throws when a real (or
 * another fake) handler set is present, unless `options.force` is set.
 * @internal
 */
export function installMockEngine<Events>(tables: MockTables<Events>, implementations: object, options: MockOptions): InstalledMock<Events> {
    const g = globalThis as unknown as MockGlobal;
    const hadWebkit = Object.prototype.hasOwnProperty.call(g, 'webkit');
    const previous = g.webkit;
    if (previous !== undefined && !options.force) {
        throw new Error('bridgegen mock: window.webkit already exists (running in the app?); pass { force: true } to replace it');
    }
    const calls: MockCall[] = [];
    const greeted: string[] = [];
    const queues = new Map<string, Array<{ event: string; json: string }>>();
    const delayMs = options.delayMs ?? 0;
    const impls = implementations as { [module: string]: { [method: string]: MockFunction | undefined } | undefined };

    const deliver = (module: string, event: string, json: string): void => {
        eventHub().deliver(module, event, json);
    };

    const hello = (module: string): void => {
        if (!greeted.includes(module)) greeted.push(module);
        const queued = queues.get(module) ?? [];
        queues.delete(module);
        for (const { event, json } of queued) deliver(module, event, json);
    };

    const answer = async (module: string | undefined, type: string, data: unknown): Promise<BridgeEnvelope> => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (type === '$hello') {
            const body = data as { module?: unknown } | null;
            const name = body && typeof body.module === 'string' ? body.module : module;
            if (name !== undefined) hello(name);
            return envelope(0, 'ok', { protocol: PROTOCOL_VERSION });
        }
        const owner = module ?? [...tables.methods.keys()].find((m) => tables.methods.get(m)?.has(type));
        const identifier = owner === undefined ? undefined : tables.methods.get(owner)?.get(type);
        if (owner === undefined || identifier === undefined) {
            return envelope(BridgeErrorCode.unknownMethod, `unknown method '${type}'`, null);
        }
        calls.push({ module: owner, method: type, params: data === null ? undefined : data });
        const impl = impls[owner]?.[identifier];
        if (typeof impl !== 'function') {
            return envelope(BridgeErrorCode.handlerUnavailable, `the mock does not implement ${owner}.${identifier}`, null);
        }
        try {
            const result = await impl.call(impls[owner], data === undefined || data === null ? {} : data);
            const wire = toWire(result);
            return envelope(0, 'ok', wire === undefined ? null : wire);
        } catch (error) {
            if (error instanceof BridgeError) return envelope(error.code, error.message, null);
            const message = error instanceof Error ? error.message : String(error);
            return envelope(BridgeErrorCode.internalError, `the mock implementation of ${owner}.${identifier} threw: ${message}`, null);
        }
    };

    const handlers: { [name: string]: { postMessage(message: unknown): unknown } } = {};
    if (config.transport === 'reply') {
        for (const module of tables.methods.keys()) {
            handlers[module] = {
                postMessage(message: unknown): Promise<BridgeEnvelope> {
                    const body = JSON.parse(JSON.stringify(message ?? null)) as { type?: unknown; data?: unknown } | null;
                    if (body === null || typeof body !== 'object' || typeof body.type !== 'string') {
                        return Promise.resolve(envelope(BridgeErrorCode.invalidMessage, 'the message is not an object with a string type', null));
                    }
                    return answer(module, body.type, body.data);
                },
            };
        }
    } else {
        handlers[config.callbackChannel] = {
            postMessage(message: unknown): void {
                let body: { type?: unknown; data?: unknown; callbackName?: unknown } | null = null;
                try {
                    body = JSON.parse(typeof message === 'string' ? message : JSON.stringify(message ?? null));
                } catch {
                    body = null;
                }
                if (body === null || typeof body !== 'object' || typeof body.type !== 'string') return;
                const callbackName = typeof body.callbackName === 'string' ? body.callbackName : undefined;
                void answer(undefined, body.type, body.data).then((result) => {
                    if (callbackName === undefined) return;
                    const callback = g[callbackName];
                    if (typeof callback === 'function') callback(JSON.stringify(result));
                });
            },
        };
    }
    g.webkit = { messageHandlers: handlers };

    return {
        calls,
        greeted,
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
            if (hadWebkit) g.webkit = previous;
            else delete g.webkit;
        },
    };
}
