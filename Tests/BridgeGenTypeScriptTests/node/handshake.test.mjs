// The $hello handshake: events native sent before the client loaded arrive, in order, after it.
// Its own file (own process): nothing may have created the hub before the first test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshModule, startApp, settle } from './harness.mjs';

test('reply: events sent before the client loads are queued and delivered in order after $hello', async () => {
    assert.equal(globalThis.__bridgegen, undefined);
    const { native, uninstall } = startApp('reply');
    native.ready.add('sample'); // as if an earlier page had said hello and then unloaded
    assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 1 }), false, 'no hub: the script returns false');
    assert.equal(native.ready.has('sample'), false, 'native goes back to queueing');
    assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 2 }), false, 'queued: no hello yet');
    await native.emit('sample', 'resume', { backgroundSeconds: 3 });
    assert.equal(native.scripts.length, 1, 'only the first event was tried');

    const { sample } = await freshModule('reply', 'sample');
    const seen = [];
    sample.on('resume', (p) => seen.push(p.backgroundSeconds));
    await settle();
    assert.deepEqual(native.hellos().map((h) => [h.channel, h.raw]), [['sample', { type: '$hello', data: { module: 'sample', protocol: 1 } }]]);
    assert.deepEqual(seen, [1, 2, 3]);
    await native.emit('sample', 'resume', { backgroundSeconds: 4 });
    assert.deepEqual(seen, [1, 2, 3, 4]);

    // A second instance of the client (a reload loads it again) says hello again, on first use.
    const reloaded = await freshModule('reply', 'sample');
    await settle();
    assert.equal(native.hellos().length, 1, 'importing says nothing');
    await reloaded.sample.ready();
    await settle();
    assert.equal(native.hellos().length, 2);
    // Other modules only say hello for themselves.
    (await freshModule('reply', 'user')).user.on('loginChanged', () => undefined);
    await settle();
    assert.deepEqual(native.hellos().map((h) => h.message.data.module), ['sample', 'sample', 'user']);
    uninstall();
});

test('callback: $hello goes on the shared channel as a JSON string with a callbackName for the answer', async () => {
    const { native, uninstall } = startApp('callback');
    await native.emit('user', 'login-changed', { user: null });
    const { user } = await freshModule('callback', 'user');
    const seen = [];
    user.on('loginChanged', (p) => seen.push(p));
    await settle();
    const [hello] = native.hellos();
    assert.equal(hello.channel, 'uniBridgeCall');
    assert.match(hello.raw, /^\{"type":"\$hello","data":\{"module":"user","protocol":1\},"callbackName":"__bg_cb_[a-z0-9]+_\d+"\}$/);
    assert.deepEqual(seen, [{ user: null }]);
    uninstall();
});
