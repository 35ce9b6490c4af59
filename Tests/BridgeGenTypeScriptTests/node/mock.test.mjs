// The typed mock: a stand-in for window.webkit.messageHandlers in both transports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule, callbackGlobals, settle } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: the mock answers requests, records calls and emits events`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeError } = await runtime(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { user, UserErrors } = await freshModule(transport, 'user');
        assert.equal(sample.inApp, false);
        const store = new Map();
        const mock = installMock({
            sample: {
                deviceInfo: () => ({ model: 'Mock', system: 'node', appVersion: '0' }),
                getItem: async ({ key }) => store.get(key) ?? null,
                setItem: ({ key, value }) => { store.set(key, value); return true; },
            },
            user: {
                'getUserInfo': () => { throw new BridgeError(UserErrors.notLoggedIn, 'signed out', 'user', 'get-user-info'); },
                getToken: () => { throw new Error('oops'); },
            },
        }, { delayMs: 5 });
        assert.equal(sample.inApp, true);
        assert.equal(user.inApp, true);
        await sample.ready();
        assert.deepEqual((await sample.deviceInfo()).model, 'Mock');
        assert.equal(await sample.setItem({ key: 'k', value: 'v\u2028' }), true);
        assert.equal(await sample.getItem({ key: 'k' }), 'v\u2028');
        sample.share({ text: 'hello' });
        await assert.rejects(user.getUserInfo(), { code: 2001, message: 'signed out' });
        await assert.rejects(user.getToken(), (e) => e.code === -6 && /threw: oops/.test(e.message));
        await assert.rejects(user.iosAppPrepay({ order: { product_id: 'p' } }), { code: -5 });
        await settle();
        assert.deepEqual(mock.calls.map((c) => `${c.module}.${c.method}`),
            ['sample.deviceInfo', 'sample.setItem', 'sample.getItem', 'sample.share', 'user.get-user-info', 'user.get-token', 'user.ios-app-prepay']);
        assert.deepEqual(mock.calls[3].params, { text: 'hello' });
        assert.ok(mock.greeted.includes('sample'));

        const resumes = [];
        const off = sample.on('resume', (p) => resumes.push(p.backgroundSeconds));
        mock.emit('sample', 'resume', { backgroundSeconds: 9 });
        const logins = [];
        user.on('loginChanged', (p) => logins.push(p.user?.id));
        mock.emit('user', 'loginChanged', { user: { id: 5, name: 'Grace' } });
        off();
        mock.emit('sample', 'resume', { backgroundSeconds: 10 });
        assert.deepEqual(resumes, [9]);
        assert.deepEqual(logins, [5]);
        assert.deepEqual(callbackGlobals(), []);

        assert.throws(() => installMock({}), /already exists/);
        mock.uninstall();
        assert.equal(sample.inApp, false);
        assert.equal('webkit' in globalThis, false);
    });
}

for (const transport of transports) {
    test(`${transport}: the mock queues events until the module says $hello, like native`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const mock = installMock({ sample: { getItem: () => null } });
        mock.emit('sample', 'resume', { backgroundSeconds: 1 });
        mock.emit('sample', 'resume', { backgroundSeconds: 2 });
        assert.deepEqual(mock.greeted, []);
        await settle();
        const seen = [];
        sample.on('resume', (p) => seen.push(p.backgroundSeconds));
        assert.deepEqual(seen, [], 'nothing before the hello reached the mock');
        await settle();
        assert.deepEqual(mock.greeted, ['sample']);
        assert.deepEqual(seen, [1, 2]);
        mock.emit('sample', 'resume', { backgroundSeconds: 3 });
        assert.deepEqual(seen, [1, 2, 3], 'after the hello, emit delivers at once');
        mock.uninstall();
    });
}

for (const transport of transports) {
    test(`${transport}: the mock records a call as it is posted, before answering`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const mock = installMock({ sample: { deviceInfo: () => ({ model: 'Mock', system: 'node', appVersion: '0' }) } }, { delayMs: 50 });
        sample.share({ text: 'now' });
        assert.deepEqual(mock.calls, [{ module: 'sample', method: 'share', params: { text: 'now' } }],
            'a send is in mock.calls the line after it was made');
        const info = sample.deviceInfo();
        assert.deepEqual(mock.calls.map((c) => c.method), ['share', 'deviceInfo'], 'so is a request, before its answer');
        assert.equal((await info).model, 'Mock');
        await settle();
        mock.uninstall();
    });
}
