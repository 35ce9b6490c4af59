// The ArkWeb stand-in with a real Chromium page (ArkWeb's engine): the ArkTS side stays in node
// (engine.js's rules: registrations, permission, the calling frame's URL, async calls, value
// conversion), the documents are Chromium's, behind chromium_arkweb.py (playwright). The same
// `Web` / `WebviewController` as in node; documents are `RemoteDocument`s whose `evaluate` is
// asynchronous.
//
//   const relay = await ChromiumRelay.start();          // null when it cannot run (why in .missing)
//   const engine = new ChromiumArkWebEngine(Web({...}), relay);
//   await engine.attach(); const page = await engine.load(url);
//   await page.evaluate('...'); const frame = await page.addFrame(url);
'use strict';

const { spawn, spawnSync } = require('child_process');
const path = require('path');
const readline = require('readline');
const { BusinessError, nextTask, documentStartScripts } = require('./arkweb.js');
const { ArkWebEngine } = require('./engine.js');

const CHROMIUM = '/usr/bin/chromium';

/** The python relay: commands with answers, and the browser's events and questions. */
class ChromiumRelay {
    static missing() {
        const probe = spawnSync('python3', ['-c', 'import playwright'], { encoding: 'utf8' });
        if (probe.error || probe.status !== 0) return 'python3 with playwright (Scripts/install-deps.sh test)';
        if (!require('fs').existsSync(CHROMIUM)) return `${CHROMIUM} (apt-get install chromium)`;
        return null;
    }

    static async start() {
        const relay = new ChromiumRelay(spawn('python3', [path.join(__dirname, 'chromium_arkweb.py')], { stdio: ['pipe', 'pipe', 'inherit'] }));
        await relay.ready;
        return relay;
    }

    constructor(child) {
        this.child = child;
        this.nextId = 0;
        this.waiting = new Map();
        this.engine = null;
        this.ready = new Promise((resolve) => { this.onReady = resolve; });
        readline.createInterface({ input: child.stdout }).on('line', (line) => this.receive(JSON.parse(line)));
    }

    command(fields) {
        this.nextId += 1;
        const id = this.nextId;
        this.child.stdin.write(`${JSON.stringify({ ...fields, id })}\n`);
        return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    }

    send(fields) { this.child.stdin.write(`${JSON.stringify(fields)}\n`); }

    receive(fields) {
        if (fields.event === 'ready') return this.onReady();
        if (fields.id !== undefined) {
            const waiter = this.waiting.get(fields.id);
            this.waiting.delete(fields.id);
            if (waiter === undefined) return undefined;
            if (fields.failed) waiter.reject(new Error(fields.failed));
            else waiter.resolve(fields);
            return undefined;
        }
        if (this.engine === null) return undefined;
        if (fields.navigate !== undefined) {
            return this.send({ ...this.engine.navigated(fields.navigate, fields.doc), answer: fields.ask });
        }
        if (fields.event === 'frame') return this.engine.frameAdded(fields.doc, fields.url);
        if (fields.event === 'call') return this.engine.called(fields.url, JSON.parse(fields.payload));
        if (fields.event === 'pageEnd') return this.engine.pageEnded(fields.url);
        return undefined;
    }

    async close() {
        this.send({ op: 'close' });
        await new Promise((resolve) => this.child.on('exit', resolve));
    }
}

/** A Chromium document, named by the id its load got. */
class RemoteDocument {
    constructor(engine, doc, url, isMain, registrations) {
        this.engine = engine;
        this.doc = doc;
        this.url = url;
        this.isMain = isMain;
        this.alive = true;
        this.frames = [];
        this.registrations = registrations;
    }

    /** The completion value of `source` in this document's global scope, as its JSON text (null: none). */
    async evaluate(source) {
        if (!this.alive) throw new Error('ArkWeb stand-in: this document is gone');
        const answer = await this.engine.relay.command({ op: 'evaluate', doc: this.doc, source });
        if (answer.gone) throw new Error('ArkWeb stand-in: this document is gone');
        if (answer.error !== undefined) throw new Error(answer.error);
        return answer.text === null ? undefined : JSON.parse(answer.text);
    }

    async addFrame(url) {
        const answer = await this.engine.relay.command({ op: 'addFrame', parent: this.doc, url });
        return this.engine.docs.get(answer.doc);
    }

    kill() {
        this.alive = false;
        this.frames.forEach((frame) => frame.kill());
    }

    get realm() {
        return { array: (items) => Array.from(items), object: () => ({}), wrapFunction: (fn) => fn };
    }
}

class ChromiumArkWebEngine extends ArkWebEngine {
    constructor(attribute, relay) {
        super(attribute);
        this.relay = relay;
        this.docs = new Map();
        this.loading = [];
        relay.engine = this;
    }

    /** A main-frame navigation, asked by the browser before its document is served. */
    navigated(url, doc) {
        const intercept = this.attribute.handlers.loadIntercept;
        if (intercept && intercept({ data: { getRequestUrl: () => url, isMainFrame: () => true } }) === true) {
            return { blocked: true };
        }
        if (this.main !== null) this.main.kill();
        this.rendererAlive = true;
        this.active = new Map(this.pending);
        this.main = new RemoteDocument(this, doc, url, true, this.active);
        this.docs.set(doc, this.main);
        if (this.attribute.handlers.pageBegin) this.attribute.handlers.pageBegin({ url });
        const registrations = [...this.active.values()].map((r) => ({ name: r.name, names: r.names }));
        return { registrations, scripts: documentStartScripts(this.attribute, url).map((item) => item.script) };
    }

    frameAdded(doc, url) {
        const frame = new RemoteDocument(this, doc, url, false, this.active);
        this.docs.set(doc, frame);
        if (this.main !== null) this.main.frames.push(frame);
    }

    pageEnded(url) {
        if (this.main !== null && this.main.alive && this.attribute.handlers.pageEnd) this.attribute.handlers.pageEnd({ url });
        const waiters = this.loading;
        this.loading = [];
        waiters.forEach((resolve) => resolve(this.main));
    }

    /** A page's proxy call: page functions become functions that call their own document. */
    called(frameUrl, payload) {
        const doc = this.docs.get(payload.doc);
        const registration = doc && doc.registrations.get(payload.name);
        if (!registration) return;
        const decode = (value) => {
            if (Array.isArray(value)) return value.map(decode);
            if (value !== null && typeof value === 'object') {
                if (typeof value.__arkwebFn === 'number') {
                    return (...args) => this.relay.send({ op: 'callFn', doc: doc.doc, fn: value.__arkwebFn, args });
                }
                const out = {};
                Object.keys(value).forEach((key) => { out[key] = decode(value[key]); });
                return out;
            }
            return value;
        };
        this.proxyCall(doc, registration, payload.method, payload.args.map(decode), frameUrl);
    }

    load(url) {
        return new Promise((resolve) => {
            this.loading.push(resolve);
            this.relay.command({ op: 'goto', url }).catch(() => {
                this.loading = this.loading.filter((waiter) => waiter !== resolve);
                resolve(null);
            });
        });
    }

    queueScript(script, resolve, reject) {
        nextTask(async () => {
            const doc = this.main;
            if (!this.rendererAlive || doc === null || !doc.alive) {
                this.unsettledScripts.push(script);
                return;
            }
            const answer = await this.relay.command({ op: 'evaluate', doc: doc.doc, source: script });
            if (answer.gone) this.unsettledScripts.push(script);
            else if (answer.error !== undefined || answer.text === null) reject(new BusinessError(17100003, 'Invalid resource path or file type.'));
            else resolve(answer.text);
        });
    }
}

module.exports = { ChromiumRelay, ChromiumArkWebEngine, RemoteDocument };
