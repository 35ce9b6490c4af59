import BridgeGenCore

/// Prints `mock.ts`: implementation interfaces typed against each module's params, results
/// and events, the routing tables, then the fixed mock engine (`MockTemplate`).
///
/// The mock stands in for `window.webkit.messageHandlers` in the configured transport, so the
/// generated clients run unchanged against it.
struct TypeScriptMockGenerator {
    let schema: SchemaSet
    let config: GeneratorConfig

    func generate() -> String {
        var p = CodePrinter()
        TypeScriptEmitter.printHeader(source: nil, into: &p)
        p.line("//")
        p.line("// A typed stand-in for the app, for developing and testing pages outside it.")
        p.line("// Import it only in development builds: `installMock({ sample: { ... } })`.")
        p.blankLine()
        p.line("import * as $runtime from './runtime.js';")
        for module in schema.modules {
            p.line("import type * as \(module.name) from \(TypeScriptNamer.stringLiteral(TypeScriptNamer.importSpecifier(module.name)));")
        }
        for module in schema.modules {
            p.blankLine()
            printImplementation(module, into: &p)
        }
        p.blankLine()
        JSDoc("What `installMock` takes: per module, the methods it implements (others fail with `handlerUnavailable`).").print(into: &p)
        p.block("export interface MockImplementations {") { p in
            for module in schema.modules {
                p.line("\(module.name)?: \(TypeScriptNamer.mockTypeName(module));")
            }
        }
        p.blankLine()
        JSDoc("The events `BridgeMock.emit` can send, by module.").print(into: &p)
        p.block("export interface MockEvents {") { p in
            for module in schema.modules {
                p.line("\(module.name): \(module.name).\(TypeScriptNamer.eventsTypeName(module));")
            }
        }
        p.blankLine()
        // A Map, not an object literal: wire names are schema text, and a key such as
        // `__proto__` would set the literal's prototype instead of adding an entry.
        p.line("/** Methods by module and wire name: the identifier `MockImplementations` uses. */")
        p.block("const $methods: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([", closer: "]);") { p in
            for module in schema.modules {
                let name = TypeScriptNamer.stringLiteral(module.name)
                if module.methods.isEmpty {
                    p.line("[\(name), new Map()],")
                    continue
                }
                p.block("[\(name), new Map([", closer: "])],") { p in
                    for method in module.methods {
                        p.line("[\(TypeScriptNamer.stringLiteral(method.wireName)), \(TypeScriptNamer.stringLiteral(method.identifier))],")
                    }
                }
            }
        }
        p.blankLine()
        p.line("/** Event wire names by module and the name `on` takes. */")
        p.block("const $events: { readonly [M in keyof MockEvents]: { readonly [E in keyof MockEvents[M]]: string } } = {", closer: "};") { p in
            for module in schema.modules {
                if module.events.isEmpty {
                    p.line("\(module.name): {},")
                    continue
                }
                p.block("\(module.name): {", closer: "},") { p in
                    for event in module.events {
                        p.line("\(TypeScriptNamer.propertyKey(event.identifier)): \(TypeScriptNamer.stringLiteral(event.wireName)),")
                    }
                }
            }
        }
        p.blankLine()
        p.lines(MockTemplate.body)
        return p.text
    }

    private func printImplementation(_ module: Module, into p: inout CodePrinter) {
        // Spelled from mock.ts, where every module is a namespace import.
        let types = TypeScriptTypes(schema: schema, current: nil)
        JSDoc("Mock implementation of module `\(module.name)`: return a value or a Promise; throw a `BridgeError` to fail with its code.").print(into: &p)
        if module.methods.isEmpty {
            p.line("export interface \(TypeScriptNamer.mockTypeName(module)) {}")
            return
        }
        p.block("export interface \(TypeScriptNamer.mockTypeName(module)) {") { p in
            for method in module.methods {
                var doc = JSDoc(method.doc)
                doc.deprecated(method.deprecated)
                doc.print(into: &p)
                let params = method.params.isEmpty ? "" : "params: \(module.name).\(TypeScriptNamer.paramsTypeName(method))"
                let result: String
                if method.kind == .send {
                    result = "void"
                } else {
                    let r = method.returns.map(types.spell) ?? "void"
                    result = "\(r) | Promise<\(r)>"
                }
                p.line("\(TypeScriptNamer.methodKey(method.identifier))?(\(params)): \(result);")
            }
        }
    }
}

/// The fixed part of `mock.ts`.
enum MockTemplate {
    static let body = #"""
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

/** An installed mock. */
export interface BridgeMock {
    /** Every call received, in order (`$hello` excluded). */
    readonly calls: readonly MockCall[];
    /** The modules that said `$hello`. */
    readonly greeted: readonly string[];
    /** Sends an event to the page, as the generated Swift event senders do. */
    emit<M extends keyof MockEvents, E extends keyof MockEvents[M]>(module: M, event: E, payload: MockEvents[M][E]): void;
    /** Removes the mock and restores what `window.webkit` was before. */
    uninstall(): void;
}

type MockFunction = (params?: unknown) => unknown;

interface MockGlobal {
    webkit?: unknown;
    [name: string]: unknown;
}

function $envelope(errcode: number, errmsg: string, data: unknown): $runtime.BridgeEnvelope {
    return { errcode, errmsg, data };
}

/**
 * Installs fake `window.webkit.messageHandlers` for the configured transport, answering
 * with `implementations`. Throws when a real (or another fake) handler set is present,
 * unless `options.force` is set.
 */
export function installMock(implementations: MockImplementations, options: MockOptions = {}): BridgeMock {
    const g = globalThis as unknown as MockGlobal;
    const hadWebkit = Object.prototype.hasOwnProperty.call(g, 'webkit');
    const previous = g.webkit;
    if (previous !== undefined && !options.force) {
        throw new Error('bridgegen mock: window.webkit already exists (running in the app?); pass { force: true } to replace it');
    }
    const calls: MockCall[] = [];
    const greeted: string[] = [];
    const delayMs = options.delayMs ?? 0;
    const impls = implementations as { [module: string]: { [method: string]: MockFunction | undefined } | undefined };

    const answer = async (module: string | undefined, type: string, data: unknown): Promise<$runtime.BridgeEnvelope> => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (type === '$hello') {
            const hello = data as { module?: unknown } | null;
            const name = hello && typeof hello.module === 'string' ? hello.module : module;
            if (name !== undefined && !greeted.includes(name)) greeted.push(name);
            return $envelope(0, 'ok', { protocol: $runtime.PROTOCOL_VERSION });
        }
        const owner = module ?? [...$methods.keys()].find((m) => $methods.get(m)?.has(type));
        const identifier = owner === undefined ? undefined : $methods.get(owner)?.get(type);
        if (owner === undefined || identifier === undefined) {
            return $envelope($runtime.BridgeErrorCode.unknownMethod, `unknown method '${type}'`, null);
        }
        calls.push({ module: owner, method: type, params: data === null ? undefined : data });
        const impl = impls[owner]?.[identifier];
        if (typeof impl !== 'function') {
            return $envelope($runtime.BridgeErrorCode.handlerUnavailable, `the mock does not implement ${owner}.${identifier}`, null);
        }
        try {
            const result = await impl.call(impls[owner], data === undefined || data === null ? {} : data);
            const wire = $runtime.toWire(result);
            return $envelope(0, 'ok', wire === undefined ? null : wire);
        } catch (error) {
            if (error instanceof $runtime.BridgeError) return $envelope(error.code, error.message, null);
            const message = error instanceof Error ? error.message : String(error);
            return $envelope($runtime.BridgeErrorCode.internalError, `the mock implementation of ${owner}.${identifier} threw: ${message}`, null);
        }
    };

    const handlers: { [name: string]: { postMessage(message: unknown): unknown } } = {};
    if ($runtime.config.transport === 'reply') {
        for (const module of $methods.keys()) {
            handlers[module] = {
                postMessage(message: unknown): Promise<$runtime.BridgeEnvelope> {
                    const body = JSON.parse(JSON.stringify(message ?? null)) as { type?: unknown; data?: unknown } | null;
                    if (body === null || typeof body !== 'object' || typeof body.type !== 'string') {
                        return Promise.resolve($envelope($runtime.BridgeErrorCode.invalidMessage, 'the message is not an object with a string type', null));
                    }
                    return answer(module, body.type, body.data);
                },
            };
        }
    } else {
        handlers[$runtime.config.callbackChannel] = {
            postMessage(message: unknown): void {
                let body: { type?: unknown; data?: unknown; callbackName?: unknown } | null = null;
                try {
                    body = JSON.parse(typeof message === 'string' ? message : JSON.stringify(message ?? null));
                } catch {
                    body = null;
                }
                if (body === null || typeof body !== 'object' || typeof body.type !== 'string') return;
                const callbackName = typeof body.callbackName === 'string' ? body.callbackName : undefined;
                void answer(undefined, body.type, body.data).then((envelope) => {
                    if (callbackName === undefined) return;
                    const callback = g[callbackName];
                    if (typeof callback === 'function') callback(JSON.stringify(envelope));
                });
            },
        };
    }
    g.webkit = { messageHandlers: handlers };

    return {
        calls,
        greeted,
        emit<M extends keyof MockEvents, E extends keyof MockEvents[M]>(module: M, event: E, payload: MockEvents[M][E]): void {
            const wire = $events[module][event];
            $runtime.eventHub().deliver(module, wire, JSON.stringify($runtime.toWire(payload)));
        },
        uninstall(): void {
            if (hadWebkit) g.webkit = previous;
            else delete g.webkit;
        },
    };
}
"""#
}
