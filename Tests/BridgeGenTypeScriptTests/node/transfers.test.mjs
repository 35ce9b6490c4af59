// The bytes fast path on the page (docs/WIRE.md, "Bytes"): with the app's `bytes` capability a
// request's long values are uploaded (`POST <url>upload`) and referenced as `{"$bytes": i}`, a
// result's `$bytes` list is downloaded (`GET <url><token>`) and decoded in place; failures are
// `transferFailed` (-16). Without the capability nothing changes. The fetch here stands in for the
// app's scheme handler; the end-to-end suite (Harness/bytes.js) runs the real Swift store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    transports, freshModule, FakeNative, installWebKit, capabilitiesAnswer, sampleHandlers, countPosts, settle, capture, sleep,
} from './harness.mjs';

const URL_BASE = 'bridgegen-bytes://transfer/';
const INLINE = 1024;
const capability = { url: URL_BASE, inline: INLINE, max: 4096 };

/** `length` bytes with no repeating run. */
function bytesOf(length, seed = 1) {
    return Uint8Array.from({ length }, (_, i) => (i * 7 + seed + (i >>> 8)) & 0xff);
}

/**
 * A FakeNative that answers `$hello` with `bytes` (when given) and, for the next answer,
 * adds `nextTransfers` as the envelope's `$bytes`; `blobs` keeps what `setBlob` received.
 */
class TransferNative extends FakeNative {
    constructor(transport, bytes, handlers = {}) {
        super({
            transport,
            handlers: sampleHandlers({ sample: handlers }),
            helloAnswer: () => capabilitiesAnswer({ methods: ['getBlob', 'log-event', 'setBlob'], events: [], pageMethods: [], fingerprint: null, ...(bytes ? { bytes } : {}) }),
        });
        this.nextTransfers = undefined;
    }

    finish(message, envelope) {
        if (message?.type !== '$hello' && this.nextTransfers !== undefined) {
            envelope = { ...envelope, $bytes: this.nextTransfers };
            this.nextTransfers = undefined;
        }
        return super.finish(message, envelope);
    }
}

/**
 * `globalThis.fetch` as the app's scheme handler: uploads get tokens, `offered` tokens download.
 * `status(request)` may answer another status. Records every request.
 */
function installFetch(status = () => 200) {
    const original = globalThis.fetch;
    const stored = new Map();
    const offered = new Map();
    const requests = [];
    let next = 0;
    globalThis.fetch = async (url, init = {}) => {
        const request = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
        requests.push(request);
        const code = status(request);
        if (code !== 200) return new Response(`refused with ${code}`, { status: code });
        if (request.method === 'POST') {
            const token = `tok${String(next++).padStart(19, '0')}`;
            stored.set(token, new Uint8Array(await new Response(init.body).arrayBuffer()));
            return new Response(token);
        }
        const token = url.slice(URL_BASE.length);
        const bytes = offered.get(token);
        offered.delete(token);
        return bytes === undefined ? new Response('gone', { status: 404 }) : new Response(bytes);
    };
    return { stored, offered, requests, restore: () => { globalThis.fetch = original; } };
}

/** A fresh `sample` client whose `$hello` answer is in, against `native`. */
async function connected(transport, native) {
    const uninstall = installWebKit(native);
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    return { sample, uninstall };
}

async function rejection(promise) {
    try {
        await promise;
    } catch (error) {
        return error;
    }
    assert.fail('expected a rejection');
}

for (const transport of transports) {
    test(`${transport}: the capability is read from $hello; a malformed one is no fast path`, async () => {
        for (const [bytes, expected] of [
            [capability, capability],
            [{ ...capability, url: 'bridgegen-bytes://transfer' }, null],
            [{ ...capability, inline: -1 }, null],
            [{ ...capability, max: '4096' }, null],
            ['yes', null],
            [undefined, null],
        ]) {
            const native = new TransferNative(transport, bytes);
            const { sample, uninstall } = await connected(transport, native);
            assert.deepEqual((await sample.capabilities()).bytes, expected, JSON.stringify(bytes));
            uninstall();
        }
    });

    test(`${transport}: a value of at least inline is uploaded without Content-Type and referenced; shorter ones go inline`, async () => {
        const native = new TransferNative(transport, capability, { setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch();
        try {
            const long = bytesOf(INLINE), short = bytesOf(INLINE - 1);
            assert.equal(await sample.setBlob({ key: 'a', contents: long }), true);
            assert.equal(await sample.setBlob({ key: 'b', contents: short }), true);
            assert.deepEqual(http.requests.map((r) => [r.method, r.url, r.headers.get('content-type')]), [['POST', `${URL_BASE}upload`, null]]);
            assert.ok(http.requests[0].body instanceof Uint8Array, 'the body is the Uint8Array itself');
            const [first, second] = native.calls().map((c) => c.message);
            assert.deepEqual(first.data.contents, { $bytes: 0 });
            assert.deepEqual(first.$bytes, ['tok0000000000000000000']);
            assert.deepEqual(http.stored.get('tok0000000000000000000'), long);
            assert.equal(second.data.contents, Buffer.from(short).toString('base64'));
            assert.equal(second.$bytes, undefined);
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: a message without fast-path values is posted synchronously, as without the capability`, async () => {
        const native = new TransferNative(transport, capability, { setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        const posts = countPosts();
        const pending = sample.setBlob({ key: 'a', contents: bytesOf(10) });
        assert.equal(posts(), 1, 'posted before the call returned');
        assert.equal(await pending, true);
        uninstall();
    });

    test(`${transport}: a failed upload rejects -16 naming the value; nothing is posted`, async () => {
        const native = new TransferNative(transport, capability, { setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch(() => 507);
        try {
            const error = await rejection(sample.setBlob({ key: 'a', contents: bytesOf(INLINE) }));
            assert.equal(error.code, -16);
            assert.equal(error.codeName, 'transferFailed');
            assert.equal(error.message, 'sample.setBlob: could not send params.contents: 507 refused with 507');
            assert.deepEqual(native.calls(), []);
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: a value over max is refused before uploading, with its path`, async () => {
        const native = new TransferNative(transport, capability, { setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch();
        try {
            const error = await rejection(sample.setBlob({ key: 'a', contents: bytesOf(4097) }));
            assert.equal(error.code, -3);
            assert.equal(error.message, 'sample.setBlob: could not post the message: params.contents: expected bytes of at most 4096, got 4097');
            assert.deepEqual(http.requests, []);
            assert.deepEqual(native.calls(), []);
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: a result's $bytes list is downloaded and decoded; a wrong length or bad list rejects -16`, async () => {
        const native = new TransferNative(transport, capability, { getBlob: () => ({ $bytes: 0 }) });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch();
        try {
            const value = bytesOf(3000, 9);
            http.offered.set('AAAAAAAAAAAAAAAAAAAAAA', value);
            native.nextTransfers = [{ token: 'AAAAAAAAAAAAAAAAAAAAAA', length: 3000 }];
            assert.deepEqual(await sample.getBlob({ key: 'k' }), value);
            http.offered.set('BBBBBBBBBBBBBBBBBBBBBB', value);
            native.nextTransfers = [{ token: 'BBBBBBBBBBBBBBBBBBBBBB', length: 2999 }];
            let error = await rejection(sample.getBlob({ key: 'k' }));
            assert.deepEqual([error.code, error.message], [-16, 'sample.getBlob: could not receive result: expected 2999 bytes, got 3000']);
            native.nextTransfers = [{ token: 'CCCCCCCCCCCCCCCCCCCCCC', length: 1 }];
            error = await rejection(sample.getBlob({ key: 'k' }));
            assert.deepEqual([error.code, error.message], [-16, 'sample.getBlob: could not receive result: 404 gone']);
            native.nextTransfers = [{ token: '../upload', length: 1 }];
            error = await rejection(sample.getBlob({ key: 'k' }));
            assert.deepEqual([error.code, error.message],
                [-16, 'sample.getBlob: could not receive the result: its $bytes is not a list of at most 1024 {token, length}']);
            assert.deepEqual(http.requests.map((r) => r.url), ['AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCCCC'].map((t) => URL_BASE + t));
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: a reference out of range, or not exactly {"$bytes": i}, is refused as any object`, async () => {
        const results = [{ $bytes: 1 }, { $bytes: 0, more: 1 }, { $bytes: 0.5 }];
        const native = new TransferNative(transport, capability, { getBlob: () => results.shift() });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch();
        try {
            for (let i = 0; i < 3; i++) {
                http.offered.set('AAAAAAAAAAAAAAAAAAAAAA', bytesOf(5));
                native.nextTransfers = [{ token: 'AAAAAAAAAAAAAAAAAAAAAA', length: 5 }];
                const error = await rejection(sample.getBlob({ key: 'k' }));
                assert.deepEqual([error.code, error.message], [-6, 'sample.getBlob: result: expected bytes (base64), got object']);
            }
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: without the capability nothing is fetched: a $bytes list means nothing`, async () => {
        const native = new TransferNative(transport, undefined, { getBlob: () => ({ $bytes: 0 }), setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        const http = installFetch();
        try {
            assert.equal(await sample.setBlob({ key: 'a', contents: bytesOf(8192) }), true);
            assert.equal(native.calls()[0].message.data.contents, Buffer.from(bytesOf(8192)).toString('base64'));
            native.nextTransfers = [{ token: 'AAAAAAAAAAAAAAAAAAAAAA', length: 5 }];
            const error = await rejection(sample.getBlob({ key: 'k' }));
            assert.deepEqual([error.code, error.message], [-6, 'sample.getBlob: result: expected bytes (base64), got object']);
            assert.deepEqual(http.requests, []);
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: a send uploads its long values, then posts; a failed upload logs and posts nothing`, async () => {
        const native = new TransferNative(transport, capability);
        const uninstall = installWebKit(native);
        const { user } = await freshModule(transport, 'user');
        await user.capabilities();
        let http = installFetch();
        try {
            // A map<any> value: the client cannot tell it from a `bytes` field, so it is referenced too.
            user.logEvent({ name: 'blob', params: { data: bytesOf(INLINE) } });
            for (let i = 0; i < 100 && native.calls().length === 0; i++) await sleep(1);
            const [sent] = native.calls().map((c) => c.message);
            assert.deepEqual([sent.data.params, sent.$bytes], [{ data: { $bytes: 0 } }, ['tok0000000000000000000']]);
            http.restore();
            http = installFetch(() => 413);
            const { logged } = await capture('error', async () => {
                user.logEvent({ name: 'blob', params: { data: bytesOf(INLINE) } });
                await settle();
            });
            assert.deepEqual(logged, ['[bridgegen] user.log-event: could not send params.params.data: 413 refused with 413']);
            assert.equal(native.calls().length, 1, 'nothing more posted');
        } finally {
            http.restore();
            uninstall();
        }
    });

    test(`${transport}: aborting during the upload rejects -9 and posts nothing`, async () => {
        const native = new TransferNative(transport, capability, { setBlob: () => true });
        const { sample, uninstall } = await connected(transport, native);
        let aborted;
        const original = globalThis.fetch;
        globalThis.fetch = (url, init) => new Promise((resolve, reject) => {
            init.signal.addEventListener('abort', () => {
                aborted = true;
                reject(new DOMException('aborted', 'AbortError'));
            });
        });
        try {
            const controller = new AbortController();
            const pending = sample.setBlob({ key: 'a', contents: bytesOf(INLINE) }, { signal: controller.signal });
            await settle();
            controller.abort();
            const error = await rejection(pending);
            assert.equal(error.code, -9);
            await settle();
            assert.equal(aborted, true, 'the upload was stopped');
            assert.deepEqual(native.calls(), []);
        } finally {
            globalThis.fetch = original;
            uninstall();
        }
    });
}
