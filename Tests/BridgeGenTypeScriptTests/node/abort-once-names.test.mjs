// AbortSignal on requests, ready() and once(); once(); error code names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, sampleHandlers, callbackGlobals, settle, sleep, NativeError } from './harness.mjs';

/** Asserts the aborted rejection: a BridgeError with code -9 and the web platform's name. */
async function rejectsAborted(promise, module, method) {
    await assert.rejects(promise, (error) => {
        assert.equal(error.code, -9);
        assert.equal(error.name, 'AbortError');
        assert.equal(error.codeName, 'aborted');
        assert.equal(error.module, module);
        assert.equal(error.method, method);
        return true;
    });
}

for (const transport of transports) {
    test(`${transport}: aborting a request rejects it, releases it, and ignores the late answer`, async () => {
        let answer;
        const handlers = sampleHandlers({
            sample: { getItem: () => new Promise((resolve) => { answer = resolve; }) },
        });
        const { native, uninstall } = startApp(transport, handlers);
        const { sample } = await freshModule(transport, 'sample');
        const { BridgeError } = await runtime(transport);
        const controller = new AbortController();
        const pending = sample.getItem({ key: 'slow' }, { signal: controller.signal });
        await settle();
        assert.equal(typeof answer, 'function', 'native got the request');
        if (transport === 'callback') assert.equal(callbackGlobals().length, 1);
        controller.abort();
        await rejectsAborted(pending, 'sample', 'getItem');
        await assert.rejects(pending, BridgeError);
        assert.deepEqual(callbackGlobals(), [], 'the callback is removed at once');
        // The late answer finds nothing to call (callback) or a settled request (reply).
        answer('late');
        await settle();
        if (transport === 'callback') assert.equal(native.scripts.filter((s) => s.includes('late')).length, 1, 'native did answer');
        // Aborting again, or a signal already aborted, posts nothing.
        controller.abort();
        const before = native.received.length;
        await rejectsAborted(sample.getItem({ key: 'k' }, { signal: controller.signal }), 'sample', 'getItem');
        await settle();
        assert.equal(native.received.length, before, 'an aborted signal posts nothing');
        // A request that settles first is not affected by a later abort.
        const done = new AbortController();
        assert.equal(await sample.setItem({ key: 'a', value: 'b' }, { signal: done.signal }), true);
        done.abort();
        uninstall();
    });

    test(`${transport}: once() resolves with the next payload only, and aborts`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const next = sample.once('resume');
        await native.whenReady('sample');
        await native.emit('sample', 'resume', { backgroundSeconds: 5 });
        await native.emit('sample', 'resume', { backgroundSeconds: 6 });
        assert.deepEqual(await next, { backgroundSeconds: 5 });
        const controller = new AbortController();
        const waiting = sample.once('loadError', { signal: controller.signal });
        controller.abort();
        await rejectsAborted(waiting, 'sample', '$once');
        // The aborted once() no longer listens: a later loadError reaches only a new listener.
        const seen = [];
        sample.on('loadError', (p) => seen.push(p.failure.url));
        await native.emit('sample', 'loadError', { failure: { url: 'u', code: 1, message: 'm', retryable: true } });
        assert.deepEqual(seen, ['u']);
        uninstall();
    });

    test(`${transport}: ready() takes a signal`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        const controller = new AbortController();
        const waiting = sample.ready({ timeoutMs: 5000, intervalMs: 10, signal: controller.signal });
        await sleep(30);
        const started = Date.now();
        controller.abort();
        await rejectsAborted(waiting, 'sample', '$ready');
        assert.ok(Date.now() - started < 100);
    });

    test(`${transport}: error codes have names, in BridgeError and its toString`, async () => {
        const { BridgeError, BridgeErrorCode, bridgeErrorCodeName } = await runtime(transport);
        assert.equal(bridgeErrorCodeName(-8), 'timeout');
        assert.equal(bridgeErrorCodeName(BridgeErrorCode.untrustedOrigin), 'untrustedOrigin');
        assert.equal(bridgeErrorCodeName(0), undefined);
        assert.equal(bridgeErrorCodeName(1001), undefined);
        for (const [name, code] of Object.entries(BridgeErrorCode)) assert.equal(bridgeErrorCodeName(code), name);
        const handlers = sampleHandlers({
            user: { 'get-user-info': () => { throw new NativeError(2001, 'No user is signed in.'); } },
        });
        const { uninstall } = startApp(transport, handlers);
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        await assert.rejects(sample.getItem({ key: '' }), (e) => {
            assert.equal(e.codeName, 'invalidKey');
            assert.equal(String(e), 'BridgeError: sample.getItem failed with invalidKey (1001): the key is empty');
            return true;
        });
        await assert.rejects(user.getUserInfo(), (e) => e.codeName === 'notLoggedIn' && e.code === 2001);
        uninstall();
        // An envelope without errmsg: the message names the code.
        const silent = sampleHandlers({
            sample: { setItem: () => { throw new NativeError(1002, ''); }, getItem: () => { throw new NativeError(777, ''); } },
        });
        const second = startApp(transport, silent);
        await assert.rejects(sample.setItem({ key: 'k', value: 'v' }), { code: 1002, codeName: 'storageFull', message: 'sample.setItem failed with storageFull (1002)' });
        await assert.rejects(sample.getItem({ key: 'k' }), { code: 777, codeName: undefined, message: 'sample.getItem failed with code 777' });
        second.uninstall();
        const unknown = new BridgeError(4242, 'custom', 'sample', 'getItem');
        assert.equal(unknown.codeName, undefined);
        assert.equal(String(unknown), 'BridgeError: sample.getItem failed with code 4242: custom');
        assert.equal(String(new BridgeError(-5, 'gone', 'user', 'get-token')), 'BridgeError: user.get-token failed with handlerUnavailable (-5): gone');
    });
}
