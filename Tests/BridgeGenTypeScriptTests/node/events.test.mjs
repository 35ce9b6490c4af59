// Events: the window.__bridgegen hub, subscribe/unsubscribe, typed payloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, startApp, capture, deliverScript, evaluateInPage } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: on() delivers parsed payloads until unsubscribed`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        const seen = [];
        const off = sample.on('resume', (payload) => seen.push(['a', payload.backgroundSeconds]));
        const offB = sample.on('resume', (payload) => seen.push(['b', payload.backgroundSeconds]));
        const logins = [];
        user.on('loginChanged', (payload) => logins.push(payload.user?.name ?? null));
        await native.whenReady('sample');
        await native.whenReady('user');
        assert.equal(typeof globalThis.__bridgegen?.deliver, 'function');

        assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 12.5 }), true);
        off();
        off();
        assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 3 }), true);
        offB();
        assert.equal(await native.emit('sample', 'resume', { backgroundSeconds: 4 }), true);
        await native.emit('user', 'login-changed', { user: { id: 1, name: 'Ada' } });
        await native.emit('user', 'login-changed', {});
        await native.emit('sample', 'loginChanged', {});
        assert.deepEqual(seen, [['a', 12.5], ['b', 12.5], ['b', 3]]);
        assert.deepEqual(logins, ['Ada', null]);
        uninstall();
    });

    test(`${transport}: a throwing listener does not stop the others`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const seen = [];
        const offA = sample.on('loadError', () => { throw new Error('listener bug'); });
        const offB = sample.on('loadError', (p) => seen.push(p.failure.url));
        await native.whenReady('sample');
        const { logged } = await capture('error', () => native.emit('sample', 'loadError', { failure: { url: 'https://x/</script>', code: -1009, message: '\u2028', retryable: false } }));
        assert.deepEqual(seen, ['https://x/</script>']);
        assert.equal(logged.length, 1);
        assert.match(logged[0], /a listener of event 'loadError' threw/);
        offA();
        offB();
        uninstall();
    });
}

test('the hub is created once and shared by both runtimes', async () => {
    await freshModule('reply', 'sample');
    const hub = globalThis.__bridgegen;
    await freshModule('callback', 'sample');
    assert.equal(globalThis.__bridgegen, hub);
    const before = globalThis.__bridgegen;
    assert.throws(() => { globalThis.__bridgegen = { deliver() { return true; } }; }, TypeError);
    assert.equal(globalThis.__bridgegen, before, 'the hub cannot be replaced');
    assert.equal(before.protocol, 1);
});

test('a delivery script with a malformed payload is refused without throwing', async () => {
    await freshModule('reply', 'sample');
    const { logged, result } = await capture('error', () => evaluateInPage('window.__bridgegen.deliver("sample","resume","{not json")'));
    assert.equal(result, false);
    assert.equal(logged.length, 1);
    assert.equal(await evaluateInPage(deliverScript('nobody', 'nothing', {})), true);
});
