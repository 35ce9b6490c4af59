// Cancellation: a request the page gives up on (an aborted signal, a timeout) is named in a
// `$cancel` when the app's `$hello` answer says it understands one (docs/WIRE.md, "Cancelling
// a request"); an older app gets nothing new. The page rejects exactly once either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, startApp, settle, capabilitiesAnswer, sampleHandlers, FakeNative } from './harness.mjs';

/** An app whose `getItem` never answers, and whose hello says `cancel` as given. */
function slowApp(transport, sample, cancel) {
    const handlers = sampleHandlers();
    handlers.sample.getItem = () => FakeNative.noAnswer;
    const capabilities = { methods: ['getItem'], events: [], pageMethods: [], fingerprint: sample.fingerprint };
    if (cancel !== undefined) capabilities.cancel = cancel;
    return startApp(transport, handlers, { helloAnswer: () => capabilitiesAnswer(capabilities) });
}

function messages(native, type) {
    return native.received.map((r) => r.message).filter((m) => m?.type === type);
}

for (const transport of transports) {
    test(`${transport}: an aborted request is cancelled natively by its id`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = slowApp(transport, sample, true);
        assert.equal((await sample.capabilities()).cancel, true);
        const controller = new AbortController();
        const pending = sample.getItem({ key: 'k' }, { signal: controller.signal });
        await settle();
        controller.abort();
        controller.abort();
        await assert.rejects(pending, (e) => e.code === -9 && e.name === 'AbortError');
        await settle();
        const [request] = messages(native, 'getItem');
        assert.equal(typeof request.id, 'string');
        if (transport === 'callback') assert.equal(request.id, request.callbackName, 'the callback name is the id');
        assert.deepEqual(messages(native, '$cancel'), [{ type: '$cancel', data: { id: request.id } }], 'one $cancel');
        uninstall();
    });

    test(`${transport}: a request that times out is cancelled natively too`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = slowApp(transport, sample, true);
        await sample.capabilities();
        await assert.rejects(sample.getItem({ key: 'k' }, { timeoutMs: 20 }), (e) => e.code === -8);
        await settle();
        const [request] = messages(native, 'getItem');
        assert.deepEqual(messages(native, '$cancel'), [{ type: '$cancel', data: { id: request.id } }]);
        uninstall();
    });

    test(`${transport}: an abort before the hello answer is sent once the answer says cancel`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        let answerHello;
        const answered = new Promise((resolve) => { answerHello = resolve; });
        const handlers = sampleHandlers();
        handlers.sample.getItem = () => FakeNative.noAnswer;
        const { native, uninstall } = startApp(transport, handlers, {
            helloAnswer: () => capabilitiesAnswer({ methods: ['getItem'], events: [], pageMethods: [], fingerprint: sample.fingerprint, cancel: true }),
        });
        // Hold the hello: the FakeNative answers at once, so wrap its hello to wait.
        const hello = native.hello.bind(native);
        native.hello = async (module) => { await answered; return hello(module); };
        const controller = new AbortController();
        const pending = sample.getItem({ key: 'k' }, { signal: controller.signal });
        await settle();
        controller.abort();
        await assert.rejects(pending, (e) => e.code === -9);
        await settle();
        assert.deepEqual(messages(native, '$cancel'), [], 'nothing is sent before the app said it understands it');
        answerHello();
        await sample.capabilities();
        await settle();
        assert.equal(messages(native, '$cancel').length, 1);
        uninstall();
    });

    test(`${transport}: an app that does not say cancel (older, or unknown) gets no $cancel`, async () => {
        for (const cancel of [undefined, false, 'yes']) {
            const { sample } = await freshModule(transport, 'sample');
            const { native, uninstall } = slowApp(transport, sample, cancel);
            assert.equal((await sample.capabilities()).cancel, false, String(cancel));
            const controller = new AbortController();
            const pending = sample.getItem({ key: 'k' }, { signal: controller.signal });
            await settle();
            controller.abort();
            await assert.rejects(pending, (e) => e.code === -9);
            await settle();
            assert.deepEqual(messages(native, '$cancel'), [], String(cancel));
            uninstall();
        }
    });
}
