// Importing the client has no side effects: nothing is posted and no global is created until a
// client is first used, so native's queue delivers to the first subscriber, however late.
// Its own file (own process): nothing may have created the hub before the first test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRoot, transports, freshModule, startApp, settle, sleep } from './harness.mjs';

test('importing every client, the index and the mock posts nothing and touches no global', async () => {
    assert.equal(globalThis.__bridgegen, undefined);
    for (const transport of transports) {
        const { native, uninstall } = startApp(transport);
        const globalsBefore = Object.getOwnPropertyNames(globalThis).sort();
        for (const file of ['index', 'sample', 'user', 'runtime', 'mock']) {
            await import(pathToFileURL(path.join(buildRoot, transport, file + '.js')).href);
        }
        await freshModule(transport, 'sample');
        await settle();
        assert.deepEqual(native.received, [], `${transport}: messages posted at import`);
        assert.deepEqual(Object.getOwnPropertyNames(globalThis).sort(), globalsBefore, `${transport}: globals created at import`);
        assert.equal(globalThis.__bridgegen, undefined);
        uninstall();
    }
});

test('importing the client without window.webkit (server-side rendering) does not throw', async () => {
    delete globalThis.webkit;
    const { sample } = await freshModule('reply', 'sample');
    assert.equal(sample.inApp, false);
    assert.equal(globalThis.__bridgegen, undefined, 'inApp creates nothing');
});

for (const transport of transports) {
    test(`${transport}: a late subscriber gets the events native queued after the client was imported`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        // Native sends while the page has not used the client yet: queued, not dropped.
        assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 1 }), false);
        assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 2 }), false);
        assert.equal(await native.emit('user', 'login-changed', { user: { id: 3, name: 'Late' } }), false);
        await sleep(20); // a lazily loaded component comes along
        assert.deepEqual(native.hellos(), []);
        const seen = [];
        sample.on('resume', (p) => seen.push(p.backgroundSeconds));
        await native.whenReady('sample');
        await settle();
        assert.deepEqual(seen, [1, 2]);
        assert.deepEqual(native.hellos().map((h) => h.message.data.module), ['sample'], 'only the used module said hello');
        // once() is a first use too: it says hello and resolves with the queued event.
        const login = await user.once('loginChanged');
        assert.deepEqual(login, { user: { id: 3, name: 'Late' } });
        assert.deepEqual(native.hellos().map((h) => h.message.data.module), ['sample', 'user']);
        // Later uses say nothing more.
        sample.on('loadError', () => undefined);
        await sample.deviceInfo();
        await settle();
        assert.equal(native.hellos().length, 2);
        uninstall();
    });

    test(`${transport}: a send or a request is a first use: it says hello before its own message`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        sample.share({ text: 'x' });
        await settle();
        assert.deepEqual(native.received.map((r) => r.message.type), ['$hello', 'share']);
        const { user } = await freshModule(transport, 'user');
        await user.getUserInfo();
        assert.deepEqual(native.received.map((r) => r.message.type), ['$hello', 'share', '$hello', 'get-user-info']);
        uninstall();
    });
}

test('index.js exports the page API and the clients, none of the runtime internals', async () => {
    for (const transport of transports) {
        const index = await import(pathToFileURL(path.join(buildRoot, transport, 'index.js')).href);
        // `shop` and `blobs` are the fixture modules NodeClientTests adds to Schemas/.
        assert.deepEqual(Object.keys(index).sort(), [
            'Blobs', 'BridgeError', 'BridgeErrorCode', 'BridgeStream', 'PROTOCOL_VERSION', 'Sample', 'Shop', 'User', 'blobs', 'bridgeErrorCodeName', 'config', 'sample', 'shop', 'user',
        ]);
        const runtime = await import(pathToFileURL(path.join(buildRoot, transport, 'runtime.js')).href);
        for (const internal of ['findHandler', 'channelName', 'wellFormed']) assert.equal(internal in runtime, false, internal);
    }
});
