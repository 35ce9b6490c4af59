// Capabilities: what the app's `$hello` answer says it has of a module (docs/TYPESCRIPT.md,
// "Capabilities: adapting to older apps"), read defensively, and what the client does with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    transports, freshModule, startApp, settle, capture, countPosts, callbackGlobals, capabilitiesAnswer, sampleHandlers,
} from './harness.mjs';

/** What an app generated from the same schema as the page answers for `sample`. */
function sampleCapabilities(sample, overrides = {}) {
    return {
        methods: ['deviceInfo', 'getItem', 'haptic', 'setItem', 'share'],
        events: ['loadError', 'resume'],
        pageMethods: ['getCartCount', 'showMessage'],
        fingerprint: sample.fingerprint,
        ...overrides,
    };
}

/** An app whose `$hello` answer for every module is `answer(module)`. */
function appAnswering(transport, answer) {
    return startApp(transport, sampleHandlers(), { helloAnswer: answer });
}

for (const transport of transports) {
    test(`${transport}: a well-formed answer gives known capabilities`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        assert.match(sample.fingerprint, /^[0-9a-f]{16}$/);
        const { native, uninstall } = appAnswering(transport, () => capabilitiesAnswer(sampleCapabilities(sample)));
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, true);
        assert.deepEqual([...capabilities.methods], ['deviceInfo', 'getItem', 'haptic', 'setItem', 'share']);
        assert.deepEqual([...capabilities.events], ['loadError', 'resume']);
        assert.deepEqual([...capabilities.pageMethods], ['getCartCount', 'showMessage']);
        assert.equal(capabilities.fingerprint, sample.fingerprint);
        assert.equal(capabilities.sameSchema, true);
        assert.equal(await sample.capabilities(), capabilities, 'one hello, one answer');
        assert.equal(native.hellos().length, 1);
        if (transport === 'callback') {
            const hello = JSON.parse(native.hellos()[0].raw);
            assert.deepEqual(Object.keys(hello), ['type', 'data', 'callbackName']);
            assert.match(hello.callbackName, /^__bg_cb_[a-z0-9]+_\d+$/);
        }
        for (const name of ['share', 'getItem', 'resume', 'loadError', 'getCartCount', 'showMessage']) {
            assert.equal(sample.supports(name), true, name);
        }
        assert.deepEqual(callbackGlobals(), []);
        uninstall();
    });

    test(`${transport}: supports() is false only for what known capabilities lack`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        const { uninstall } = appAnswering(transport, (module) => capabilitiesAnswer(module === 'sample'
            ? sampleCapabilities(sample, { methods: ['deviceInfo', 'share'], events: ['resume'], pageMethods: [], fingerprint: '0000000000000000' })
            : { methods: ['get-user-info'], events: [], pageMethods: ['getFormState'], fingerprint: user.fingerprint }));
        assert.equal(sample.supports('getItem'), true, 'not yet answered: may be tried');
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, true);
        assert.equal(capabilities.sameSchema, false);
        assert.equal(capabilities.fingerprint, '0000000000000000');
        assert.deepEqual(['share', 'deviceInfo', 'getItem', 'haptic', 'resume', 'loadError', 'getCartCount']
            .map((name) => [name, sample.supports(name)]),
        [['share', true], ['deviceInfo', true], ['getItem', false], ['haptic', false], ['resume', true], ['loadError', false], ['getCartCount', false]]);
        assert.equal(sample.supports('toString'), false, 'not a member of the module');
        const userCapabilities = await user.capabilities();
        assert.equal(userCapabilities.sameSchema, true, 'the fingerprint decides, not the lists');
        assert.deepEqual(['getUserInfo', 'closePage', 'loginChanged', 'getFormState', 'confirmLeave'].map((name) => user.supports(name)),
            [true, false, false, true, false]);
        uninstall();
    });

    test(`${transport}: a request the app is known not to have rejects with unknownMethod at once, unposted`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = appAnswering(transport, () => capabilitiesAnswer(sampleCapabilities(sample, { methods: ['setItem'] })));
        const posts = countPosts();
        await sample.capabilities();
        assert.equal(posts(), 1, 'the hello');
        let settled = false;
        const pending = sample.getItem({ key: 'k' }).then(() => 'resolved', (error) => error);
        pending.then(() => { settled = true; });
        await Promise.resolve();
        await Promise.resolve();
        assert.equal(settled, true, 'rejected without waiting for a task');
        const error = await pending;
        assert.equal(error.code, -1);
        assert.equal(error.codeName, 'unknownMethod');
        assert.equal(error.module, 'sample');
        assert.equal(error.method, 'getItem');
        assert.equal(error.message, "the app does not have 'sample.getItem' (capabilities)");
        assert.equal(await sample.setItem({ key: 'k', value: 'v' }), true, 'what the app has is posted');
        await settle();
        assert.equal(posts(), 2);
        assert.deepEqual(native.calls().map((c) => c.message.type), ['setItem']);
        assert.deepEqual(callbackGlobals(), []);
        uninstall();
    });

    test(`${transport}: a send the app is known not to have is not posted and warns once per method`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = appAnswering(transport, () => capabilitiesAnswer(sampleCapabilities(sample, { methods: ['share'] })));
        const posts = countPosts();
        await sample.capabilities();
        const { logged } = await capture('warn', async () => {
            sample.haptic({ style: 'light' });
            sample.haptic({ style: 'heavy' });
            sample.share({ text: 'hi' });
            await settle();
        });
        assert.deepEqual(logged, ["[bridgegen] sample.haptic: the app does not have 'sample.haptic' (capabilities); sends are not posted"]);
        assert.equal(posts(), 2, 'the hello and the share');
        assert.deepEqual(native.calls().map((c) => c.message.type), ['share']);
        uninstall();
    });

    test(`${transport}: an answer without capabilities (an older app) is unknown and everything is tried`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = startApp(transport);
        const capabilities = await sample.capabilities();
        assert.deepEqual({ ...capabilities, methods: [...capabilities.methods], events: [...capabilities.events], pageMethods: [...capabilities.pageMethods] },
            { known: false, methods: [], events: [], pageMethods: [], fingerprint: null, sameSchema: false, cancel: false, window: false, bytes: null });
        assert.equal(sample.supports('getItem'), true);
        assert.equal(sample.supports('resume'), true);
        sample.haptic({ style: 'light' });
        assert.equal(await sample.getItem({ key: 'k' }), null);
        await settle();
        assert.deepEqual(native.calls().map((c) => c.message.type), ['haptic', 'getItem']);
        uninstall();
    });

    test(`${transport}: an error answer is unknown`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { uninstall } = appAnswering(transport,
            () => ({ errcode: -6, errmsg: 'internal error', data: { protocol: 1, capabilities: sampleCapabilities(sample) } }));
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, false);
        assert.equal(sample.supports('getItem'), true);
        uninstall();
    });

    if (transport === 'reply') {
        // In the callback transport a native that fails never answers: see capabilities-timeout.test.mjs.
        test('reply: a reply handler that throws is unknown', async () => {
            const { sample } = await freshModule(transport, 'sample');
            const { uninstall } = appAnswering(transport, () => { throw new Error('the reply handler threw'); });
            const capabilities = await sample.capabilities();
            assert.equal(capabilities.known, false);
            assert.equal(sample.supports('getItem'), true);
            uninstall();
        });
    }

    test(`${transport}: malformed capabilities read as unknown, never as a throw`, async () => {
        const good = sampleCapabilities({ fingerprint: 'abcdabcdabcdabcd' });
        const answers = [
            { errcode: 0, errmsg: 'ok', data: null },
            { errcode: 0, errmsg: 'ok', data: [] },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: null } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: [] } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: 'all' } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, methods: 'getItem' } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, methods: null } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, events: undefined } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, pageMethods: { 0: 'getCartCount' } } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, methods: ['getItem', 7] } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, events: [null] } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, fingerprint: 12 } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, fingerprint: undefined } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, fingerprint: 'f'.repeat(65) } } },
            { errcode: 0, errmsg: 'ok', data: { protocol: 1, capabilities: { ...good, methods: Array.from({ length: 10001 }, (_, i) => 'm' + i) } } },
            { errcode: '0', errmsg: 'ok', data: { protocol: 1, capabilities: good } },
            'not an envelope',
            null,
        ];
        for (const answer of answers) {
            const { sample } = await freshModule(transport, 'sample');
            const { uninstall } = appAnswering(transport, () => answer);
            const capabilities = await sample.capabilities();
            assert.equal(capabilities.known, false, JSON.stringify(answer)?.slice(0, 200));
            assert.equal(capabilities.methods.size, 0);
            assert.equal(sample.supports('getItem'), true);
            uninstall();
        }
        // At the limits: 10,000 names and a 64-unit fingerprint are still read; extra keys are ignored.
        const { sample } = await freshModule(transport, 'sample');
        const many = Array.from({ length: 10000 }, (_, i) => 'm' + i);
        const { uninstall } = appAnswering(transport, () => capabilitiesAnswer({ ...good, methods: many, fingerprint: 'f'.repeat(64), extra: [1] }));
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, true);
        assert.equal(capabilities.methods.size, 10000);
        assert.equal(sample.supports('getItem'), false);
        uninstall();
    });

    test(`${transport}: a module the app does not have (null fingerprint, empty lists) is known: nothing is posted`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = appAnswering(transport, () => capabilitiesAnswer({ methods: [], events: [], pageMethods: [], fingerprint: null }));
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, true);
        assert.equal(capabilities.fingerprint, null);
        assert.equal(capabilities.sameSchema, false);
        assert.equal(sample.supports('share'), false);
        await assert.rejects(sample.deviceInfo(), { code: -1, message: "the app does not have 'sample.deviceInfo' (capabilities)" });
        await settle();
        assert.deepEqual(native.calls(), []);
        uninstall();
    });

    test(`${transport}: not in the app, capabilities() resolves unknown at once and posts nothing`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        let settled = false;
        const pending = sample.capabilities().then((c) => { settled = true; return c; });
        await Promise.resolve();
        await Promise.resolve();
        assert.equal(settled, true);
        const capabilities = await pending;
        assert.equal(capabilities.known, false);
        assert.equal(sample.supports('getItem'), true);
        await assert.rejects(sample.getItem({ key: 'k' }), { code: -7 });
        // The app's handler appears later (a late-injected bridge): the next call says hello then.
        const { native, uninstall } = appAnswering(transport, () => capabilitiesAnswer(sampleCapabilities(sample)));
        assert.equal((await sample.capabilities()).sameSchema, true);
        assert.equal(native.hellos().length, 1);
        uninstall();
    });
}
