// The ArkWeb stand-in's custom schemes (HarmonyOS NEXT, API 12): `customizeSchemes`, the
// `WebSchemeHandler` a controller's `setWebSchemeHandler` takes, and the request, body stream,
// response and resource handler its callbacks get; the engine's side is `SchemeRequest`, which a
// test (or the Chromium relay) starts for a page's fetch. Declarations: the SDK's
// api/@ohos.web.webview.d.ts; behaviour: web_webview's interfaces/kits/napi/webviewcontroller
// (web_scheme_handler.cpp, napi_web_scheme_handler_request.cpp, napi_webview_controller.cpp).
//
// No kinder than the platform (arkweb-scheme.test.js proves each point):
// - `customizeSchemes` keeps each optional flag absent as false (the NAPI glue's
//   `schemeProperty = false`, though the d.ts says true), refuses an entry without the boolean
//   `isSupportCORS`/`isSupportFetch` (401), more than 10 entries and a name ArkWeb refuses
//   (17100020); a fetch of a scheme not registered with both fetch and CORS fails (as Chromium
//   fails a fetch of an unknown scheme);
// - `setWebSchemeHandler`/`clearWebSchemeHandler` throw 17100001 before attach, as every
//   controller method does;
// - `onRequestStart` runs at once, in the engine's call, and its boolean says whether the
//   request is intercepted (anything else: not intercepted); `onRequestStop` runs in a later task
//   after `didFinish`, `didFail` or the page's abort, with a new request object (the NAPI glue
//   wraps a new one: the JavaScript object is never the one `onRequestStart` got);
// - the body stream must be initialised before it is read; only one `read` may be outstanding
//   (the glue has a single deferred slot: a second read overwrites the first, which then never
//   settles; the stand-in throws), `read(size <= 0)` never settles in the glue (the stand-in
//   throws), `getSize()` is 0 for a chunked body, `isEof()` is false for a chunked body until a
//   read; a torn body (the page's stream failed) gives empty ArrayBuffers before its end;
// - the resource handler throws 17100021 after `didFinish`, `didFail` or the page's abort; a body
//   before the response, or one that is no ArrayBuffer, is refused too (the stand-in's error); the
//   bytes given are copied when given.
'use strict';

/** `@ohos.base`'s BusinessError: an Error with a numeric `code` (arkweb.js exports this one). */
class BusinessError extends Error {
    constructor(code, message) {
        super(message);
        this.name = 'BusinessError';
        this.code = code;
    }
}

const WebNetErrorList = Object.freeze({ NET_OK: 0, ERR_IO_PENDING: -1, ERR_FAILED: -2, ERR_ABORTED: -3, ERR_CONNECTION_FAILED: -104 });
const SCHEME_NAME = /^[a-z][a-z0-9.+-]{0,31}$/;
const FLAGS = ['isStandard', 'isLocal', 'isDisplayIsolated', 'isSecure', 'isCspBypassing', 'isCodeCacheSupported'];
const nextTask = (fn) => setTimeout(fn, 0);
const invalidHandler = () => new BusinessError(17100021, 'The resource handler is invalid.');

/** The schemes the app registered (process-wide, as ArkWeb's are), name -> every flag, absent ones false. */
const customSchemes = new Map();

function customizeSchemes(schemes) {
    if (!Array.isArray(schemes)) throw new BusinessError(401, 'Parameter error. schemes must be an array');
    if (schemes.length > 10) throw new BusinessError(17100020, 'Failed to register custom schemes.');
    const parsed = schemes.map((scheme) => {
        if (scheme === null || typeof scheme !== 'object' || typeof scheme.schemeName !== 'string'
            || typeof scheme.isSupportCORS !== 'boolean' || typeof scheme.isSupportFetch !== 'boolean') {
            throw new BusinessError(401, 'Parameter error. a scheme needs schemeName, isSupportCORS and isSupportFetch');
        }
        if (!SCHEME_NAME.test(scheme.schemeName)) throw new BusinessError(17100020, 'Failed to register custom schemes.');
        const flags = { isSupportCORS: scheme.isSupportCORS, isSupportFetch: scheme.isSupportFetch };
        // SetCustomizeScheme: an absent (or non-boolean) optional flag is false.
        for (const flag of FLAGS) flags[flag] = scheme[flag] === true;
        return [scheme.schemeName, flags];
    });
    parsed.forEach(([name, flags]) => customSchemes.set(name, flags));
}

class WebSchemeHandler {
    constructor() {
        this.start = null;
        this.stop = null;
    }

    onRequestStart(callback) {
        if (typeof callback !== 'function') throw new BusinessError(401, 'Parameter error. callback must be a function');
        this.start = callback;
    }

    onRequestStop(callback) {
        if (typeof callback !== 'function') throw new BusinessError(401, 'Parameter error. callback must be a function');
        this.stop = callback;
    }
}

/**
 * A request body as the engine holds it: `bytes`, chunked or not, torn after `tearAt` bytes;
 * `size`, the length the engine reports when it is not the bytes' (a test host's declared length).
 */
class WebHttpBodyStream {
    constructor(bytes, { chunked = false, tearAt, size } = {}) {
        this.bytes = bytes;
        this.chunked = chunked;
        this.tearAt = tearAt;
        this.size = size ?? bytes.length;
        this.position = 0;
        this.initialized = false;
        this.reading = false;
        this.readOnce = false;
        this.reads = [];
    }

    initialize() {
        return new Promise((resolve) => nextTask(() => { this.initialized = true; resolve(); }));
    }

    read(size) {
        if (typeof size !== 'number') throw new BusinessError(401, 'Parameter error. size must be a number');
        if (size <= 0) throw new Error('ArkWeb stand-in: read(size <= 0) never settles on ArkWeb');
        if (!this.initialized) throw new Error('ArkWeb stand-in: read before initialize() settled');
        if (this.reading) throw new Error('ArkWeb stand-in: a read while another is outstanding (ArkWeb would never settle the first)');
        this.reading = true;
        this.reads.push(size);
        return new Promise((resolve) => nextTask(() => {
            this.reading = false;
            this.readOnce = true;
            const end = this.tearAt === undefined ? this.bytes.length : Math.min(this.tearAt, this.bytes.length);
            const count = Math.max(0, Math.min(size, end - this.position));
            const out = new ArrayBuffer(count);
            new Uint8Array(out).set(this.bytes.subarray(this.position, this.position + count));
            this.position += count;
            resolve(out);
        }));
    }

    getSize() { return this.chunked ? 0 : this.size; }
    getPosition() { return this.position; }
    isChunked() { return this.chunked; }
    isEof() { return (!this.chunked || this.readOnce) && this.position >= this.bytes.length; }
    isInMemory() { return !this.chunked; }
}

class WebSchemeHandlerRequest {
    constructor(fields) {
        this.fields = fields;
    }

    getHeader() { return this.fields.headers.map(([headerKey, headerValue]) => ({ headerKey, headerValue })); }
    getRequestUrl() { return this.fields.url; }
    getRequestMethod() { return this.fields.method; }
    getReferrer() { return this.fields.referrer ?? ''; }
    isMainFrame() { return false; }
    hasGesture() { return false; }
    getHttpBodyStream() { return this.fields.body ?? null; }
    getRequestResourceType() { return 13; }
    getFrameUrl() { return this.fields.frameUrl ?? ''; }
}

class WebSchemeHandlerResponse {
    constructor() {
        this.url = '';
        this.netErrorCode = WebNetErrorList.NET_OK;
        this.status = 200;
        this.statusText = '';
        this.mimeType = '';
        this.encoding = '';
        this.headers = new Map();
    }

    setUrl(url) { this.url = url; }
    getUrl() { return this.url; }
    setNetErrorCode(code) { this.netErrorCode = code; }
    getNetErrorCode() { return this.netErrorCode; }
    setStatus(code) { this.status = code; }
    getStatus() { return this.status; }
    setStatusText(text) { this.statusText = text; }
    getStatusText() { return this.statusText; }
    setMimeType(type) { this.mimeType = type; }
    getMimeType() { return this.mimeType; }
    setEncoding(encoding) { this.encoding = encoding; }
    getEncoding() { return this.encoding; }

    setHeaderByName(name, value, overwrite) {
        if (typeof name !== 'string' || typeof value !== 'string' || typeof overwrite !== 'boolean') {
            throw new BusinessError(401, 'Parameter error. name, value and overwrite');
        }
        const key = name.toLowerCase();
        if (overwrite || !this.headers.has(key)) this.headers.set(key, [name, value]);
    }

    getHeaderByName(name) { return (this.headers.get(String(name).toLowerCase()) || ['', ''])[1]; }
}

/** What a handler answers one request with: finished once, then every call throws 17100021. */
class WebResourceHandler {
    constructor(request) {
        this.request = request;
    }

    live() {
        if (this.request.finished) throw invalidHandler();
    }

    didReceiveResponse(response) {
        this.live();
        if (!(response instanceof WebSchemeHandlerResponse)) throw new BusinessError(401, 'Parameter error. response');
        if (this.request.response !== null) throw new Error('ArkWeb stand-in: a second didReceiveResponse');
        const headers = {};
        response.headers.forEach(([name, value]) => { headers[name.toLowerCase()] = value; });
        this.request.response = { status: response.status, statusText: response.statusText, mimeType: response.mimeType,
            encoding: response.encoding, headers };
    }

    didReceiveResponseBody(data) {
        this.live();
        if (!(data instanceof ArrayBuffer)) throw new BusinessError(401, 'Parameter error. data must be an ArrayBuffer');
        if (this.request.response === null) throw new Error('ArkWeb stand-in: a body before didReceiveResponse');
        this.request.chunks.push(Buffer.from(data.slice(0)));
    }

    didFinish() {
        this.live();
        if (this.request.response === null) throw new Error('ArkWeb stand-in: didFinish before didReceiveResponse');
        this.request.end({ response: this.request.response, body: Buffer.concat(this.request.chunks) });
    }

    didFail(code, completeIfNoResponse) {
        this.live();
        if (typeof code !== 'number') throw new BusinessError(401, 'Parameter error. code must be a WebNetErrorList');
        this.request.end({ failed: code, completeIfNoResponse: completeIfNoResponse === true });
    }
}

/**
 * One page request of a custom scheme, as the engine starts it: `fields` = {url, method,
 * headers: [[name, value]], body: WebHttpBodyStream | null, frameUrl}. `result` settles with
 * `{response, body}`, `{failed}` (the handler's didFail), `{notIntercepted}` or `{refused}` (the
 * scheme is not fetchable); `abort()` is the page giving up.
 */
class SchemeRequest {
    constructor(handler, scheme, fields) {
        this.handler = handler;
        this.fields = fields;
        this.finished = false;
        this.response = null;
        this.chunks = [];
        this.stopped = 0;
        this.result = new Promise((resolve) => { this.resolve = resolve; });
        const flags = customSchemes.get(scheme);
        if (flags === undefined || !flags.isSupportFetch || !flags.isSupportCORS) {
            this.finished = true;
            this.resolve({ refused: `the scheme '${scheme}' is not registered for fetch and CORS (customizeSchemes)` });
            return;
        }
        if (handler === undefined || handler.start === null) {
            this.finished = true;
            this.resolve({ notIntercepted: true });
            return;
        }
        const intercepted = handler.start(new WebSchemeHandlerRequest(fields), new WebResourceHandler(this));
        if (intercepted !== true) {
            this.finished = true;
            this.resolve({ notIntercepted: true });
        }
    }

    end(outcome) {
        this.finished = true;
        this.resolve(outcome);
        this.stopLater();
    }

    /** The page gave up (a navigation, an abort): the handler is invalid from now on. */
    abort() {
        if (this.finished) return;
        this.finished = true;
        this.resolve({ aborted: true });
        this.stopLater();
    }

    stopLater() {
        nextTask(() => {
            this.stopped += 1;
            if (this.handler.stop !== null) this.handler.stop(new WebSchemeHandlerRequest(this.fields));
        });
    }
}

module.exports = {
    BusinessError, WebNetErrorList, WebSchemeHandler, WebHttpBodyStream, WebSchemeHandlerRequest, WebSchemeHandlerResponse,
    WebResourceHandler, SchemeRequest, customizeSchemes, customSchemes,
};
