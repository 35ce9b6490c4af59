// A test-only stand-in of the ArkWeb API a bridge's ArkTS glue touches (HarmonyOS NEXT), for node.
// The ArkTS side gets what `@kit.ArkWeb` and the `Web` component give it: `webview.WebviewController`
// and `Web(options)` with its attribute methods; the test drives the engine's side (loads, frames,
// the renderer) through `ArkWebEngine` (engine.js). Pages are node `vm` contexts, one per frame
// document; chromium.js puts the same ArkTS side in front of real Chromium documents.
//
// It is deliberately no kinder than the platform (arkweb.test.js proves each point):
// - every non-static controller method throws BusinessError 17100001 before the controller is
//   attached to a `Web` and after that `Web` is destroyed; a controller used off the UI thread
//   (`engine.onWorker`) throws too (stricter than ArkWeb, which only says "should");
// - a proxy registered with `registerJavaScriptProxy` appears at the next load, not before;
//   `deleteJavaScriptRegister` takes the object away at the next load too, and until then the
//   page's calls still reach the deleted ArkTS object (the glue must ignore them itself);
// - the `permission` list is matched against the calling frame's URL (scheme and host exact,
//   port exact unless empty, path a prefix; a method's own list intersects the object list); a
//   refused call is dropped: the page sees `undefined` and ArkTS sees nothing;
// - an async method returns `undefined` to the page at once and runs in a later task; the calls
//   queued in one task run in reverse order (the docs: "the task execution sequence cannot be
//   ensured"); `getLastJavascriptProxyCallingFrameUrl()` is the URL of the last call the engine
//   received, so a queued async call may read a later call's frame;
// - values cross as ArkWeb converts them: own enumerable fields, at most 10 levels and 10,000
//   entries a level (silently cut), `null` arrives as `undefined`, an `ArrayBuffer` as an empty
//   object; a page function argument becomes an ArkTS function that calls its own document in a
//   later task, returns nothing, and reaches nothing once that document is gone; an exception
//   thrown by an ArkTS proxy method never reaches the page and ends the app (`engine.uncaught`);
// - the `javaScriptProxy` attribute throws nothing: a bad argument registers nothing, and a
//   permission that is not a string means no permission;
// - `runJavaScript` runs in a later task in whatever main-frame document is current by then and
//   resolves the completion value's JSON text (a Promise is not awaited: `{}`); a script that
//   throws or ends with no value (`undefined`) rejects with 17100003, the callback form gets that
//   error and `null`; a renderer exit leaves it unsettled forever;
// - document-start scripts run in the main frame only, `javaScriptOnDocumentStart` in
//   lexicographic order with identical scripts dropped; one invalid rule voids an item's rules.
// Custom schemes (`customizeSchemes`, `setWebSchemeHandler` and the classes its handler gets)
// are scheme.js's, re-exported here.
'use strict';

const vm = require('vm');

const DEFAULT_USER_AGENT = 'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) '
    + 'Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile';
const MAX_DEPTH = 10;
const MAX_ENTRIES = 10000;
const RenderExitReason = Object.freeze({
    ProcessAbnormalTermination: 0, ProcessWasKilled: 1, ProcessCrashed: 2, ProcessOom: 3, ProcessExitUnknown: 4,
});

const scheme = require('./scheme.js');

const { BusinessError } = scheme;
const notAttached = () => new BusinessError(17100001,
    'Init error. The WebviewController must be associated with a Web component.');
const parameterError = (what) => new BusinessError(401, `Parameter error. ${what}`);

const nextTask = (fn) => setTimeout(fn, 0);

/** A URL's parts as the permission list names them; `null` when it is no URL. */
function urlParts(text) {
    try {
        const url = new URL(text);
        return { scheme: url.protocol.replace(/:$/, ''), host: url.hostname, port: url.port, path: url.pathname };
    } catch {
        return null;
    }
}

/** One `urlPermissionList` entry against a frame URL (the docs' JSBridge trustlist rules). */
function ruleAdmits(rule, parts) {
    return rule.scheme === parts.scheme && rule.host === parts.host
        && (rule.port === '' || rule.port === parts.port)
        && (rule.path === '' || parts.path.startsWith(rule.path));
}

/** Parses `permission`; the stand-in refuses what it cannot read instead of guessing. */
function parsePermission(text) {
    if (text === undefined || text === '') return null;
    let parsed;
    try {
        parsed = JSON.parse(text);
    } catch (e) {
        throw new Error(`ArkWeb stand-in: permission is not JSON: ${e.message}`);
    }
    const top = parsed && parsed.javascriptProxyPermission;
    if (!top || typeof top !== 'object') throw new Error('ArkWeb stand-in: permission has no javascriptProxyPermission object');
    const readList = (list, where) => {
        if (list === undefined) return null;
        if (!Array.isArray(list)) throw new Error(`ArkWeb stand-in: ${where} is not an array`);
        return list.map((rule) => {
            for (const key of ['scheme', 'host', 'port', 'path']) {
                if (typeof rule[key] !== 'string') throw new Error(`ArkWeb stand-in: ${where} rule needs a string ${key}`);
            }
            if (rule.scheme === '' || rule.host === '') throw new Error(`ArkWeb stand-in: ${where} rule has an empty scheme or host`);
            return { scheme: rule.scheme, host: rule.host, port: rule.port, path: rule.path };
        });
    };
    const methods = new Map();
    for (const entry of top.methodList || []) {
        methods.set(entry.methodName, readList(entry.urlPermissionList, `methodList ${entry.methodName}`) || []);
    }
    return { object: readList(top.urlPermissionList, 'urlPermissionList'), methods };
}

/** Whether a call of `method` from a frame at `frameUrl` passes the registration's permission. */
function permits(permission, method, frameUrl) {
    if (permission === null) return true;
    const parts = urlParts(frameUrl);
    if (parts === null) return false;
    const admitted = (list) => list.some((rule) => ruleAdmits(rule, parts));
    // A method with its own list gets the intersection with the object list (the declaration of
    // registerJavaScriptProxy; the developer guide's comment reads as a union: see arkweb.test.js).
    if (permission.object !== null && !admitted(permission.object)) return false;
    return !permission.methods.has(method) || admitted(permission.methods.get(method));
}

/** A value crossing the bridge in either direction, as webview_javascript_result_callback.cpp converts it. */
function convert(value, depth, toRealm) {
    if (value === null || value === undefined) return undefined;
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') return value;
    if (type === 'function') return toRealm.wrapFunction(value);
    if (type !== 'object' || depth >= MAX_DEPTH) return undefined;
    if (Array.isArray(value)) {
        return toRealm.array(value.slice(0, MAX_ENTRIES).map((item) => convert(item, depth + 1, toRealm)));
    }
    const out = toRealm.object();
    for (const key of Object.keys(value).slice(0, MAX_ENTRIES)) {
        if (typeof value[key] !== 'function') out[key] = convert(value[key], depth + 1, toRealm);
    }
    return out;
}

/** One frame's document: a vm context with `window`, `navigator`, `location`, timers and console. */
class Document {
    constructor(engine, url, isMain) {
        this.engine = engine;
        this.url = url;
        this.isMain = isMain;
        this.alive = true;
        this.frames = [];
        // Each document has its own console object: a page script may redefine its methods.
        const sandbox = { console: Object.create(console), setTimeout, clearTimeout, JSON, Promise };
        this.context = vm.createContext(sandbox);
        this.window = vm.runInContext('this', this.context);
        this.window.window = this.window;
        this.window.navigator = { userAgent: engine.userAgentForLoad() };
        this.window.location = { href: url, origin: new URL(url).origin };
    }

    /** Runs page code in this document (a test's page script), returning its completion value. */
    evaluate(source) {
        if (!this.alive) throw new Error('ArkWeb stand-in: this document is gone');
        return vm.runInContext(source, this.context);
    }

    /** Adds an iframe document (same renderer), with the proxies the engine injects into every frame. */
    addFrame(url) {
        const frame = new Document(this.engine, url, false);
        this.engine.injectProxies(frame);
        this.frames.push(frame);
        return frame;
    }

    kill() {
        this.alive = false;
        this.frames.forEach((frame) => frame.kill());
    }

    /** Values for this realm: arrays and objects made here, functions that call the page later. */
    get realm() {
        const doc = this;
        return {
            array: (items) => vm.runInContext('(items) => Array.from(items)', doc.context)(items),
            object: () => vm.runInContext('({})', doc.context),
            wrapFunction: (fn) => (...args) => { fn(...args); },
        };
    }
}

/** The ArkTS realm: page functions become ArkTS functions that call the page asynchronously, no result. */
function arktsRealm(engine, doc) {
    return {
        array: (items) => Array.from(items),
        object: () => ({}),
        wrapFunction: (fn) => (...args) => {
            nextTask(() => { if (doc.alive) fn(...args.map((arg) => convert(arg, 0, doc.realm))); });
        },
    };
}

/** A registered proxy: the ArkTS object, its sync and async names, its parsed permission. */
function makeRegistration(object, name, methodList, asyncMethodList, permission, explicitPermission = false) {
    if (typeof object !== 'object' || object === null) throw parameterError('object must be an object');
    if (typeof name !== 'string') throw parameterError('name must be a string');
    const strings = (list) => Array.isArray(list) && list.every((item) => typeof item === 'string');
    if (!strings(methodList)) throw parameterError('methodList must be an array');
    if (!strings(asyncMethodList)) throw parameterError('asyncMethodList must be an array');
    if (permission !== undefined && typeof permission !== 'string') throw parameterError('permission must be a string');
    if (permission === undefined && explicitPermission) throw parameterError('permission must be a string');
    const asyncNames = new Set(asyncMethodList);
    // A name in both lists is async (the declaration's note).
    const names = [...new Set([...methodList, ...asyncMethodList])];
    return { object, name, names, asyncNames, permission: parsePermission(permission) };
}

/** `webview.WebviewController`, as the ArkTS side sees it. */
class WebviewController {
    constructor(webTag) {
        this.webTag = webTag;
        this.engine = null;
    }

    /** The engine, or 17100001; off the UI thread, the stand-in's own error. */
    live() {
        if (this.engine === null || this.engine.destroyed) throw notAttached();
        this.engine.checkUiThread();
        return this.engine;
    }

    registerJavaScriptProxy(object, name, methodList, ...rest) {
        const count = 3 + rest.length;
        if (count > 5) throw parameterError('three, four or five arguments');
        // An explicit `undefined` asyncMethodList fails the array check (napi_webview_controller.cpp).
        const asyncList = rest.length >= 1 ? rest[0] : [];
        // An explicit `undefined` permission (five arguments) fails the string check as well.
        const registration = makeRegistration(object, name, methodList, asyncList, rest[1], rest.length === 2);
        const engine = this.live();
        // Both lists empty: logged and ignored, nothing thrown (webview_controller.cpp).
        if (registration.names.length === 0) return;
        engine.pending.set(name, registration);
    }

    deleteJavaScriptRegister(name) {
        if (typeof name !== 'string') throw parameterError('name must be a string');
        const engine = this.live();
        if (!engine.pending.has(name)) throw new BusinessError(17100008, 'Failed to delete JavaScriptProxy because it does not exist.');
        // The page keeps the object until its next load, and its calls still reach the ArkTS
        // object: only the name is removed (RemoveNamedObject keeps objects_'s entry, FindObject).
        engine.pending.delete(name);
    }

    getLastJavascriptProxyCallingFrameUrl() { return this.live().lastCallingFrameUrl; }

    runJavaScript(script, callback) {
        if (typeof script !== 'string') throw parameterError('script must be a string');
        if (callback !== undefined && typeof callback !== 'function') throw parameterError('callback must be a function');
        const engine = this.live();
        const promise = new Promise((resolve, reject) => engine.queueScript(script, resolve, reject));
        if (callback === undefined) return promise;
        promise.then((text) => callback(undefined, text), (error) => callback(error, null));
        return undefined;
    }

    loadUrl(url) {
        if (typeof url !== 'string' || urlParts(url) === null) throw new BusinessError(17100002, 'Invalid url.');
        this.live().load(url);
    }

    refresh() {
        const engine = this.live();
        if (engine.main !== null) engine.load(engine.main.url);
    }

    getUrl() {
        const engine = this.live();
        return engine.main === null ? '' : engine.main.url;
    }

    getUserAgent() { return this.live().userAgent(); }

    setCustomUserAgent(userAgent) {
        if (typeof userAgent !== 'string') throw parameterError('userAgent must be a string');
        this.live().customUserAgent = userAgent;
    }

    getCustomUserAgent() { return this.live().customUserAgent; }

    static getDefaultUserAgent() { return DEFAULT_USER_AGENT; }

    /** Per controller: the handler its Web's requests of `scheme` go to (scheme.js). */
    setWebSchemeHandler(schemeName, handler) {
        if (typeof schemeName !== 'string' || !(handler instanceof scheme.WebSchemeHandler)) {
            throw parameterError('scheme must be a string and handler a WebSchemeHandler');
        }
        this.live().schemeHandlers.set(schemeName, handler);
    }

    clearWebSchemeHandler() { this.live().schemeHandlers.clear(); }

    static customizeSchemes(schemes) { scheme.customizeSchemes(schemes); }
}

/** `Web(options)`: the attribute methods a glue uses; each returns the attribute for chaining. */
class WebAttribute {
    constructor(options) {
        if (!options || !(options.controller instanceof WebviewController)) throw new Error('ArkWeb stand-in: Web needs a WebviewController');
        this.options = options;
        this.handlers = {};
        this.proxy = null;
        this.startScripts = [];
        this.startScriptsInOrder = [];
    }

    javaScriptProxy(proxy) {
        // Read at initialisation only; later changes are not seen (the docs). The controller's
        // internal `jsProxy` (InnerJsProxy) throws nothing: a bad argument registers nothing, and a
        // permission that is not a string reads as none, so every frame may call.
        if (proxy === undefined || proxy === null) return this;
        const strings = (list) => Array.isArray(list) && list.every((item) => typeof item === 'string');
        const sync = strings(proxy.methodList) ? proxy.methodList : [];
        const asyncList = strings(proxy.asyncMethodList) ? proxy.asyncMethodList : [];
        const permission = typeof proxy.permission === 'string' ? proxy.permission : undefined;
        if (typeof proxy.object !== 'object' || proxy.object === null || typeof proxy.name !== 'string') return this;
        const registration = makeRegistration(proxy.object, proxy.name, sync, asyncList, permission);
        this.proxy = registration.names.length === 0 ? null : registration;
        return this;
    }

    javaScriptOnDocumentStart(scripts) { this.startScripts = scripts; return this; }
    runJavaScriptOnDocumentStart(scripts) { this.startScriptsInOrder = scripts; return this; }
    onControllerAttached(callback) { this.handlers.controllerAttached = callback; return this; }
    onLoadIntercept(callback) { this.handlers.loadIntercept = callback; return this; }
    onPageBegin(callback) { this.handlers.pageBegin = callback; return this; }
    onPageEnd(callback) { this.handlers.pageEnd = callback; return this; }
    onRenderExited(callback) { this.handlers.renderExited = callback; return this; }
}

function Web(options) { return new WebAttribute(options); }

/** Whether a `scriptRules` entry matches a document URL (the ScriptItem rules); `null` when invalid. */
function scriptRuleMatches(rule, url) {
    if (rule === '*') return true;
    const match = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(rule);
    if (match === null) return null;
    const parts = urlParts(url);
    if (parts === null || parts.scheme !== match[1].toLowerCase()) return false;
    const host = match[2];
    if (parts.scheme !== 'http' && parts.scheme !== 'https') return host === '' ? true : null;
    if (host.startsWith('*.')) {
        const suffix = host.slice(1);
        if (suffix.includes('*')) return null;
        return parts.host.endsWith(suffix) && parts.host.length > suffix.length;
    }
    if (host.includes('*') || host.includes('/')) return null;
    return parts.host === host.toLowerCase();
}

/** A ScriptItem applies to a URL when one rule matches and no rule is invalid. */
function scriptItemApplies(item, url) {
    const results = item.scriptRules.map((rule) => scriptRuleMatches(rule, url));
    return !results.includes(null) && results.includes(true);
}

/** The document-start scripts for a main-frame load, in the order ArkWeb runs them. */
function documentStartScripts(attribute, url) {
    const seen = new Set();
    const lexicographic = attribute.startScripts.filter((item) => {
        if (seen.has(item.script)) return false; // silent de-duplication: the first rules win
        seen.add(item.script);
        return true;
    }).sort((a, b) => (a.script < b.script ? -1 : a.script > b.script ? 1 : 0));
    return [...lexicographic, ...attribute.startScriptsInOrder].filter((item) => scriptItemApplies(item, url));
}

module.exports = {
    ...scheme, BusinessError, RenderExitReason, DEFAULT_USER_AGENT, WebviewController, WebAttribute, Web,
    Document, convert, arktsRealm, permits, urlParts, nextTask, documentStartScripts, MAX_DEPTH, MAX_ENTRIES,
};
