// The engine's side of the ArkWeb stand-in (arkweb.js): what a device does that a test drives.
//
//   const engine = new ArkWebEngine(Web({ src, controller }).javaScriptProxy(...).onPageEnd(...));
//   await engine.attach();                 // onControllerAttached, in a task of its own
//   const page = await engine.load(url);   // or controller.loadUrl / refresh; resolves after onPageEnd
//   page.evaluate('window.bridge.post("...")');  page.addFrame(url)
//   engine.exitRenderer(RenderExitReason.ProcessCrashed);  engine.destroy();
//   engine.onWorker(() => controller.getUrl());   // throws: the controller is the UI thread's
//   engine.uncaught                         // exceptions thrown by ArkTS proxy methods
'use strict';

const arkweb = require('./arkweb.js');

const { BusinessError, Document, convert, arktsRealm, permits, nextTask, documentStartScripts } = arkweb;

class ArkWebEngine {
    constructor(attribute) {
        this.attribute = attribute;
        this.controller = attribute.options.controller;
        this.destroyed = false;
        this.onUiThread = true;
        this.main = null;
        this.rendererAlive = true;
        this.customUserAgent = '';
        this.lastCallingFrameUrl = '';
        // Registrations as the next load will inject them; `active` is what the current page has.
        this.pending = new Map();
        this.active = new Map();
        this.asyncBatch = [];
        this.unsettledScripts = [];
        this.uncaught = [];
        this.schemeHandlers = new Map();
        this.onUncaught = (error) => nextTask(() => { throw error; });
        if (attribute.proxy !== null) this.pending.set(attribute.proxy.name, attribute.proxy);
    }

    /** Binds the controller and runs onControllerAttached in a task, as the component does. */
    attach() {
        this.controller.engine = this;
        return new Promise((resolve) => nextTask(() => {
            if (this.attribute.handlers.controllerAttached) this.attribute.handlers.controllerAttached();
            resolve();
        }));
    }

    /** The `Web` goes away: every controller call throws 17100001 from now on. */
    destroy() {
        this.destroyed = true;
        if (this.main !== null) this.main.kill();
    }

    checkUiThread() {
        if (!this.onUiThread) throw new Error('ArkWeb stand-in: WebviewController used off the UI thread');
    }

    /** Runs `fn` as a TaskPool or Worker task would: not on the UI thread. */
    onWorker(fn) {
        this.onUiThread = false;
        try {
            return fn();
        } finally {
            this.onUiThread = true;
        }
    }

    userAgent() { return this.customUserAgent !== '' ? this.customUserAgent : arkweb.DEFAULT_USER_AGENT; }
    userAgentForLoad() { return this.userAgent(); }

    /** A main-frame load: intercept, new registrations, the old page gone, document-start scripts, events. */
    load(url) {
        const intercept = this.attribute.handlers.loadIntercept;
        if (intercept && intercept({ data: { getRequestUrl: () => url, isMainFrame: () => true } }) === true) {
            return Promise.resolve(null);
        }
        if (this.main !== null) this.main.kill();
        this.rendererAlive = true;
        this.active = new Map(this.pending);
        const doc = new Document(this, url, true);
        this.main = doc;
        this.injectProxies(doc);
        for (const item of documentStartScripts(this.attribute, url)) doc.evaluate(item.script);
        const handlers = this.attribute.handlers;
        if (handlers.pageBegin) handlers.pageBegin({ url });
        return new Promise((resolve) => nextTask(() => {
            if (doc.alive && handlers.pageEnd) handlers.pageEnd({ url });
            resolve(doc);
        }));
    }

    /** The renderer dies: every document with it; scripts in flight never settle. */
    exitRenderer(reason) {
        if (this.main !== null) this.main.kill();
        this.rendererAlive = false;
        const handler = this.attribute.handlers.renderExited;
        if (handler) handler({ renderExitReason: reason });
    }

    /** Defines `window.<name>` in a document for every registration the current page has. */
    injectProxies(doc) {
        for (const registration of this.active.values()) {
            const proxy = doc.realm.object();
            for (const method of registration.names) {
                proxy[method] = (...args) => this.proxyCall(doc, registration, method, args);
            }
            doc.window[registration.name] = proxy;
        }
    }

    /** A page's call of a proxy method: permission, then sync (the page waits) or async (queued). */
    proxyCall(doc, registration, method, args, frameUrl = doc.url) {
        if (!doc.alive) return undefined;
        this.lastCallingFrameUrl = frameUrl;
        if (!permits(registration.permission, method, frameUrl)) return undefined;
        const converted = args.map((arg) => convert(arg, 0, arktsRealm(this, doc)));
        if (registration.asyncNames.has(method)) {
            this.asyncBatch.push(() => this.invoke(registration, method, converted, doc));
            if (this.asyncBatch.length === 1) nextTask(() => this.flushAsync());
            return undefined;
        }
        return convert(this.invoke(registration, method, converted, doc), 0, doc.realm);
    }

    /** The calls queued in one task, in reverse: the platform does not promise their order. */
    flushAsync() {
        const batch = this.asyncBatch.reverse();
        this.asyncBatch = [];
        batch.forEach((call) => call());
    }

    invoke(registration, method, args, doc) {
        const fn = registration.object[method];
        if (typeof fn !== 'function') return undefined;
        try {
            return fn.apply(registration.object, args);
        } catch (error) {
            // napi_call_function's pending exception: never the page's, the app's uncaught error.
            this.uncaught.push(error);
            this.onUncaught(error);
            return undefined;
        }
    }

    /**
     * A page's request of a custom scheme (scheme.js's SchemeRequest), to the handler this Web's
     * controller set for `scheme` (by default the URL's): `{url, method, headers, body, frameUrl}`.
     */
    schemeRequest(fields, scheme = new URL(fields.url).protocol.replace(/:$/, '')) {
        return new arkweb.SchemeRequest(this.schemeHandlers.get(scheme), scheme, fields);
    }

    /** runJavaScript: a later task, the main frame's current document, the completion value's JSON text. */
    queueScript(script, resolve, reject) {
        nextTask(() => {
            if (!this.rendererAlive || this.main === null || !this.main.alive) {
                this.unsettledScripts.push(script);
                return;
            }
            // No value (undefined) and a failed script both reach the glue as an empty result, which
            // rejects with 17100003 (webview_javascript_execute_callback.cpp).
            let text;
            try {
                text = JSON.stringify(this.main.evaluate(script));
            } catch {
                text = undefined;
            }
            if (text === undefined) reject(new BusinessError(17100003, 'Invalid resource path or file type.'));
            else resolve(text);
        });
    }
}

module.exports = { ArkWebEngine };
