// Cross-language round trip under node: the compiled generated TypeScript client posts through
// a stand-in `window.webkit.messageHandlers`; every message crosses a pipe to the Swift test
// host (Tests/BridgeGenSwiftTests/Fixtures/Host) running the generated dispatcher; replies
// come back as the postMessage Promise's value (reply transport) and the generated answer and
// event scripts come back and are evaluated in node's global scope (callback transport).
// Runs the shared cases of conformance.js.
//
//   node roundtrip.mjs --transport reply|callback --web DIR --host PATH [--suite evolution --phase P --channels M,...]
//   node roundtrip.mjs --platform android --transport reply|callback --web DIR --host KOTLIN_PY --classes DIR
//   node roundtrip.mjs --platform arkts --transport reply|callback --web DIR --host ARKTS_HOST_JS
//   node roundtrip.mjs --suite bytes [--phase P] --transport reply|callback --web DIR --host PATH
//
// DIR holds client/*.js (tsc output) and conformance.js; PATH is the host compiled for the
// same transport. Prints one line per case and the summary `N passed, N failed`.
// `--suite evolution`: DIR is the new page of Evolution/ (client/*.js, evolution.js), PATH an
// evolution host (old or new app) whose modules are the reply transport's channels M,..., and
// evolution.js runs phase P (old, same, handwritten-ignore, handwritten-error) once.
// `--platform android`: the page gets androidx.webkit's injected objects instead (android.js) and
// every message crosses a pipe to the JVM host (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt,
// run by Scripts/kotlin.py from CLASSES); the same cases, with Android's way of reaching the page.
// `--platform arkts`: the same with ArkWeb's injected objects (arkts.js) and the ArkTS host
// (Harness/arkts/ArkTSHost.ts compiled with the generated ArkTS, run by node).
// `--suite bytes`: the bytes fast path's cases (bytes.js, next to this file) from the page origin
// `app://e2e`, each phase (bytes.js PHASES) in a node process of its own (a fresh client: it reads
// the capability once), the host's `transfers` command sent before the page's `$hello`; `fetch` of
// `bridgegen-bytes:` URLs is emulated through the host's `upload` and `download` commands.
// Prints `bytes-node-<transport>: N passed, M failed`.

import { spawn } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

globalThis.window = globalThis;
const AsyncFunction = (async () => {}).constructor;
// The harness's own output, taken before the console script wraps `console`.
const print = console.log.bind(console);
const printError = console.error.bind(console);

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? pairs.concat([[arg.slice(2), all[i + 1]]]) : pairs), []));
const transport = args.transport;
const evolution = args.suite === 'evolution';
const bytesSuite = args.suite === 'bytes';
const android = args.platform === 'android';
const injected = android || args.platform === 'arkts';
if (!['reply', 'callback'].includes(transport) || !args.web || !args.host || (evolution && (!args.phase || !args.channels))
    || (injected && (evolution || bytesSuite)) || (android && !args.classes)) {
    printError('usage: node roundtrip.mjs --transport reply|callback --web DIR --host PATH [--suite evolution --phase P --channels M,...]');
    process.exit(2);
}
if (bytesSuite && args.phase === undefined) await runBytesPhases();

/** `--suite bytes` without a phase: each phase of bytes.js in a node process of its own, summed. */
async function runBytesPhases() {
    const { PHASES } = await import(new URL('./bytes.js', import.meta.url).href);
    let passed = 0;
    let failed = 0;
    for (const phase of Object.keys(PHASES)) {
        const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2), '--phase', phase],
            { stdio: ['ignore', 'pipe', 'inherit'] });
        let last = '';
        readline.createInterface({ input: child.stdout }).on('line', (line) => {
            print(line);
            last = line;
        });
        const code = await new Promise((resolve) => child.on('close', resolve));
        // A phase that crashed, or exited non-zero with no failure counted, counts one failure.
        const counts = /^(\d+) passed, (\d+) failed$/.exec(last);
        passed += counts ? Number(counts[1]) : 0;
        failed += counts && (code === 0 || counts[2] !== '0') ? Number(counts[2]) : 1;
    }
    print(`bytes-node-${transport}: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

// The callback name is a JSON-compatible string literal (only \" \\ and \uXXXX escapes).
const ANSWER = /^\(function\(\)\{var f=window\[("(?:[^"\\]|\\.)*")\]/;
/** docs/WIRE.md: any string of at most 256 UTF-16 units is a callback name. */
const isCallbackName = (name) => typeof name === 'string' && name.length <= 256;
const MALFORMED_CALLBACK = /"callbackName"\s*:\s*"([^"]*)"/;

/** What WebKit does to a posted body on its way to Swift: a structured clone, then NSString -> String (lone surrogates -> U+FFFD). */
function bridged(value) {
    if (typeof value === 'string') return value.toWellFormed();
    if (Array.isArray(value)) return value.map(bridged);
    if (value !== null && typeof value === 'object') {
        const out = {};
        for (const [k, v] of Object.entries(value)) out[k.toWellFormed()] = bridged(v);
        return out;
    }
    return value;
}

/**
 * A test host process speaking JSON lines: each command's output line is matched to it by id;
 * any other line goes to `other` (page calls, frames for the page). It ends the run when the
 * host exits before `close`.
 */
class LineHost {
    constructor(argv, name) {
        this.child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
        this.child.on('exit', (code, signal) => {
            if (!this.closing) {
                printError(`${name} exited (${code ?? signal})`);
                process.exit(1);
            }
        });
        this.waiting = new Map();
        this.nextId = 0;
        readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
            const output = JSON.parse(line);
            const resolve = this.waiting.get(output.id);
            if (!resolve) return this.other(output, line);
            this.waiting.delete(output.id);
            resolve(output);
        });
    }

    /** A line no command waits for. */
    other(output, line) {
        printError('an output line no command waits for: ' + line.slice(0, 300));
    }

    /** One command to the host; its output line is matched by id (page calls answer late). */
    line(command) {
        this.nextId += 1;
        const id = this.nextId;
        const text = JSON.stringify({ id, ...command });
        return new Promise((resolve) => {
            this.waiting.set(id, resolve);
            this.child.stdin.write(text + '\n');
        });
    }

    /** One command whose output line nobody waits for (it reaches `other`). */
    send(command) {
        this.nextId += 1;
        this.child.stdin.write(JSON.stringify({ id: this.nextId, ...command }) + '\n');
    }

    close() {
        this.closing = true;
        this.child.stdin.end();
    }
}

class HostNative extends LineHost {
    constructor(hostPath) {
        super([hostPath], 'the Swift test host');
        this.pageCalls = { calls: 0, answers: 0, errors: 0 };
        this.origin = undefined;
        this.holdMs = 0;
        this.calls = [];
        this.logs = [];
        this.stats = { messages: 0, requests: 0, answers: 0, duplicates: 0, hellos: [], lastCallbackNames: [], unsafeScripts: [] };
        this.requested = new Map();
    }

    other(output, line) {
        if (output.pageCall) this.runPageCall(output.pageCall);
        else super.other(output, line);
    }

    /**
     * A page call of the host, run like callAsyncJavaScript: the body as an async function of
     * the (string) arguments, in the page's global scope, in a task of its own; its result (or
     * the failure) goes back as a `pageAnswer` line. With `script` (a `live` line's stream item),
     * the body is a script evaluated as evaluateJavaScript does, its completion value the result.
     */
    runPageCall({ token, body, arguments: args, script }) {
        this.pageCalls.calls += 1;
        const answer = (fields) => {
            this.pageCalls.answers += 1;
            this.child.stdin.write(JSON.stringify({ pageAnswer: { token, ...fields } }).replace(/\ufeff/g, '\\ufeff') + '\n');
        };
        setTimeout(async () => {
            try {
                const value = script ? (0, eval)(body) : await new AsyncFunction(...Object.keys(args), body)(...Object.values(args));
                answer({ value: value === undefined ? null : value });
            } catch (error) {
                this.pageCalls.errors += 1;
                answer({ error: String(error && error.message ? error.message : error) });
            }
        }, 0);
    }

    /** Runs a host command, collects calls/logs and evaluates the scripts in the page, in order. */
    async command(command) {
        const output = await this.line(command);
        this.calls.push(...output.calls);
        this.logs.push(...output.logs);
        output.results = [];
        for (const script of output.scripts) {
            // docs/WIRE.md: native scripts are pure printable ASCII without < > & ' (escaped as \uXXXX).
            if (!/^[\x20-\x7e]*$/.test(script) || /[<>&']/.test(script)) this.stats.unsafeScripts.push(script.slice(0, 200));
            const match = ANSWER.exec(script);
            if (match) {
                this.stats.answers += 1;
                const name = JSON.parse(match[1]);
                const seen = (this.requested.get(name) ?? { asked: 0, answered: 0 });
                seen.answered += 1;
                if (seen.answered > seen.asked) this.stats.duplicates += 1;
                this.requested.set(name, seen);
            }
            // Like evaluateJavaScript: in a task of its own, in the page's global scope.
            await new Promise((resolve) => setTimeout(resolve, 0));
            output.results.push((0, eval)(script));
        }
        return output;
    }

    /** A message the page posted on `channel`; resolves with the reply (reply transport). */
    async post(channel, body) {
        this.stats.messages += 1;
        let message = body;
        if (typeof body === 'string') {
            try {
                message = JSON.parse(body);
            } catch {
                message = undefined;
            }
        }
        if (message && typeof message === 'object' && message.type === '$hello') this.stats.hellos.push(message.data?.module);
        if (transport === 'reply') {
            this.stats.requests += 1;
        } else {
            // docs/WIRE.md: a request is a message with a valid callbackName, read from the JSON,
            // or from text that is not JSON when one can be read there.
            let name = message && typeof message === 'object' ? message.callbackName : undefined;
            if (message === undefined && typeof body === 'string') name = MALFORMED_CALLBACK.exec(body)?.[1];
            if (isCallbackName(name)) {
                this.stats.requests += 1;
                const seen = this.requested.get(name) ?? { asked: 0, answered: 0 };
                seen.asked += 1;
                this.requested.set(name, seen);
                this.stats.lastCallbackNames = this.stats.lastCallbackNames.concat([name]).slice(-20);
            }
        }
        if (this.holdMs > 0) {
            const ms = this.holdMs;
            this.holdMs = 0;
            await new Promise((resolve) => setTimeout(resolve, ms));
        }
        // A stream with a window waits for the page's `$read`s, which a line's scripts (evaluated
        // after the line) cannot wait for: its items go to the page one at a time, as WebKit's do.
        const live = message && typeof message === 'object' && message.$window !== undefined ? { live: true } : {};
        const output = await this.command({ channel, body: bridged(body), ...live, ...(this.origin ? { origin: this.origin } : {}) });
        if (transport === 'reply' && output.reply !== null) {
            this.stats.answers += 1;
            return output.reply;
        }
        return new Promise(() => {});
    }

    /** The page's control requests (conformance.js). */
    async control(cmd) {
        switch (cmd.cmd) {
            case 'host': return this.command(cmd.line);
            case 'calls': return this.calls.splice(0);
            case 'logs': return this.logs.splice(0);
            case 'hold': this.holdMs = cmd.ms; return true;
            case 'stats': {
                let unanswered = 0;
                if (transport === 'reply') unanswered = this.stats.requests - this.stats.answers;
                else for (const seen of this.requested.values()) unanswered += Math.max(0, seen.asked - seen.answered);
                return structuredClone({ ...this.stats, unanswered, pageCalls: { ...this.pageCalls } });
            }
            default: throw new Error('unknown control ' + cmd.cmd);
        }
    }

}

if (injected) {
    await runInjected(android ? {
        platform: 'android', script: 'android.js', install: '__bgInstallAndroid', what: 'the JVM host',
        command: ['python3', args.host, 'run', '--cp', args.classes, 'schemas.AndroidHostKt'],
    } : {
        platform: 'arkts', script: 'arkts.js', install: '__bgInstallArkTS', what: 'the ArkTS host', command: ['node', args.host],
        // ArkWeb counts a same-origin iframe as the main frame (it could reach the main frame's bridge
        // through `parent`): the untrusted frame is a cross-origin iframe the permission list admits.
        subframe: { origin: 'https://trusted.example/frame.html', trustedHost: 'trusted.example' },
    });
    process.exit(1);
}

/** The conformance cases against a native host of a shell that injects objects (Android, ArkWeb), through its emulated objects. */
async function runInjected(shell) {
    // Classic scripts (browsers run them at document start); here they run before the client too.
    for (const script of ['injected.js', shell.script]) (0, eval)(fs.readFileSync(path.join(path.resolve(args.web), script), 'utf8'));
    let page = null;
    // Posts are answered like commands (those lines are not waited for); frames and scripts go to the page.
    const host = new (class extends LineHost {
        other(output, line) {
            if (output.frame) page?.frame(output.frame.object, output.frame.data, output.frame.deliver);
            else if (output.evaluate !== undefined) page?.evaluate(output.evaluate);
            else if (output.error) printError('the host: ' + line.slice(0, 300));
        }
    })(shell.command, shell.what);
    const link = {
        post: (object, text, deliver, order) => host.send({ post: { object, text, deliver, ...order } }),
        command: (fields) => host.line(fields),
    };
    const install = (mainFrame) => link.command({ install: transport, mainFrame, console: true, ...(mainFrame ? {} : shell.subframe) });
    const installed = await install(true);
    page = globalThis[shell.install]({ global: globalThis, objects: installed.objects, link });
    // The frame's document-start scripts (the console script; in the callback transport the legacy shim) run before any page code.
    for (const script of installed.scripts) (0, eval)(script);
    const web = path.resolve(args.web);
    const client = await import(pathToFileURL(path.join(web, 'client', 'index.js')).href);
    const { run } = await import(pathToFileURL(path.join(web, 'conformance.js')).href);
    let passed = 0;
    let failed = 0;
    const deadline = setTimeout(() => {
        printError('the round trip did not finish within 300 s');
        process.exit(1);
    }, 300_000);
    for (const mode of ['main', 'untrusted', 'bare']) {
        // Untrusted on Android and ArkWeb: a frame the origin rules admit (they cannot say "main frame only")
        // that the policy refuses natively, a trusted iframe; an untrusted origin never gets the objects.
        if (mode === 'untrusted') await install(false);
        if (mode === 'bare') page.removeObjects();
        const result = await run({ engine: 'node', platform: shell.platform, transport, mode, client, control: (cmd) => page.control(cmd),
            log: (line) => print(`[node-${shell.platform}] ${line}`) });
        passed += result.passed;
        failed += result.failed;
    }
    clearTimeout(deadline);
    host.close();
    print(`${shell.platform}-node-${transport}: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

const native = new HostNative(args.host);
const channels = transport === 'callback' ? ['uniBridgeCall'] : evolution ? args.channels.split(',') : ['sample', 'user', 'legacy'];
const messageHandlers = {
    // Console forwarding: the console receiver of the host, as the Swift glue's handler.
    bridgegenConsole: {
        postMessage(body) {
            const cloned = structuredClone(body);
            setTimeout(() => native.command({ channel: 'bridgegenConsole', body: bridged(cloned), ...(native.origin ? { origin: native.origin } : {}) }), 0);
        },
    },
};
for (const channel of channels) {
    messageHandlers[channel] = {
        postMessage(body) {
            // WebKit clones the body synchronously; native sees it in a later task (IPC).
            const cloned = typeof body === 'string' ? body : structuredClone(body);
            const answer = new Promise((resolve) => setTimeout(resolve, 0)).then(() => native.post(channel, cloned));
            if (transport === 'reply') return answer;
            answer.catch((error) => printError(error));
            return undefined;
        },
    };
}
globalThis.webkit = { messageHandlers };
// The runtime's console script, as a document-start user script runs: before any page code.
(0, eval)((await native.line({ consoleScript: true })).consoleScript);

/** The page's origin in the bytes suite: Schemas/bridgegen.yaml trusts the scheme `app`. */
const APP_ORIGIN = { scheme: 'app', host: 'e2e', port: 0, mainFrame: true };
let tearUploads = 0;
if (bytesSuite) {
    native.origin = APP_ORIGIN;
    const { PHASES } = await import(new URL('./bytes.js', import.meta.url).href);
    const installed = await native.line({ transfers: PHASES[args.phase].transfers });
    if (installed.error) throw new Error(`the host refused transfers: ${installed.error}`);
    globalThis.fetch = bytesFetch(globalThis.fetch, 'app://e2e');
}

/**
 * `fetch` with `bridgegen-bytes:` URLs answered as the iOS scheme handler does, through the host's
 * store with `Origin: origin`: a POST body goes to a temporary file and the host's `upload`
 * command; a GET is the host's `download` command, whose file becomes the Response's body.
 * `tearUploads` makes the next uploads fail after half of their body (the host abandons them).
 */
function bytesFetch(realFetch, origin) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bridgegen-bytes-'));
    process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    let files = 0;
    return async (input, init = {}) => {
        const url = String(input && input.url !== undefined ? input.url : input);
        if (!url.startsWith('bridgegen-bytes://transfer/')) return realFetch(input, init);
        if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        const name = url.slice('bridgegen-bytes://transfer/'.length);
        const file = path.join(folder, String(++files));
        const method = (init.method ?? 'GET').toUpperCase();
        try {
            if (method === 'POST' && name === 'upload') {
                const body = new Uint8Array(await new Response(init.body).arrayBuffer());
                const torn = tearUploads > 0;
                tearUploads -= torn ? 1 : 0;
                fs.writeFileSync(file, torn ? body.subarray(0, body.length >> 1) : body);
                const { http } = await native.line({ upload: { origin, file, declaredLength: body.length, torn } });
                if (torn) throw new TypeError(`Load failed: the upload's body failed after ${body.length >> 1} bytes (host: ${http.status})`);
                return new Response(http.body ?? '', { status: http.status, headers: { 'Content-Type': 'text/plain' } });
            }
            if (method === 'GET') {
                const { http } = await native.line({ download: { origin, token: name, file } });
                if (http.status !== 200) return new Response(http.body ?? '', { status: http.status });
                const bytes = fs.readFileSync(file);
                return new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length) } });
            }
            return new Response('', { status: 405 });
        } finally {
            fs.rmSync(file, { force: true });
        }
    };
}

const web = path.resolve(args.web);
const client = await import(pathToFileURL(path.join(web, 'client', 'index.js')).href);
if (bytesSuite) {
    const { run } = await import(new URL('./bytes.js', import.meta.url).href);
    const deadline = setTimeout(() => {
        printError('the bytes phase did not finish within 300 s');
        process.exit(1);
    }, 300_000);
    const control = (cmd) => (cmd.cmd === 'tearNextUpload' ? (tearUploads += 1, true) : native.control(cmd));
    const result = await run({ engine: 'node', transport, phase: args.phase, client, control, fetch: globalThis.fetch,
        log: (line) => print(`[node-bytes] ${line}`) });
    clearTimeout(deadline);
    native.close();
    print(`${result.passed} passed, ${result.failed} failed`);
    process.exit(result.failed === 0 && result.passed > 0 ? 0 : 1);
}
if (evolution) {
    const { run } = await import(pathToFileURL(path.join(web, 'evolution.js')).href);
    const deadline = setTimeout(() => {
        printError('the evolution phase did not finish within 60 s');
        process.exit(1);
    }, 60_000);
    const result = await run({ engine: 'node', transport, phase: args.phase, client, control: (cmd) => native.control(cmd), log: (line) => print(`[node] ${line}`) });
    clearTimeout(deadline);
    native.close();
    print(`[node-evolution ${transport}/${args.phase}] ${result.passed} passed, ${result.failed} failed`);
    print(`${result.passed} passed, ${result.failed} failed`);
    process.exit(result.failed === 0 && result.passed > 0 ? 0 : 1);
}
const { run } = await import(pathToFileURL(path.join(web, 'conformance.js')).href);

let passed = 0;
let failed = 0;
const deadline = setTimeout(() => {
    printError('the round trip did not finish within 240 s');
    process.exit(1);
}, 240_000);
for (const mode of ['main', 'untrusted', 'bare']) {
    if (mode === 'untrusted') native.origin = { scheme: 'https', host: 'evil.example', port: 443, mainFrame: true };
    if (mode === 'bare') delete globalThis.webkit;
    const result = await run({ engine: 'node', transport, mode, client, control: (cmd) => native.control(cmd), log: (line) => print(`[node] ${line}`) });
    passed += result.passed;
    failed += result.failed;
}
clearTimeout(deadline);
native.close();
print(`[node ${transport}] ${passed} passed, ${failed} failed`);
print(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
