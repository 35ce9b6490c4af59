// The mock plays native calling the page: mock.callPage.<module>.<method>(params) goes through
// window.__bridgegen as native's function body does and settles like the generated Swift call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule } from './harness.mjs';

async function rejection(promise) {
    try {
        await promise;
    } catch (error) {
        return { name: error.name, code: error.code, codeName: error.codeName, module: error.module, method: error.method, message: error.message };
    }
    assert.fail('the call resolved');
}

for (const transport of transports) {
    test(`${transport}: callPage resolves with what the page's implementation returns, and rejects with native's codes`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeError } = await runtime(transport);
        const { shop, ShopErrors } = await freshModule(transport, 'shop');
        const mock = installMock({}, { pageCallTimeoutMs: 200 });
        const off = shop.implement({
            getCartCount: async ({ userId }) => userId.length,
            confirmLeave: ({ reason }) => {
                if (reason === 'busy') throw new BridgeError(ShopErrors.busy, 'checkout in progress', 'shop', 'confirm-leave');
                if (reason === 'stock') throw new BridgeError(ShopErrors.outOfStock, 'gone', 'shop', 'confirm-leave');
                if (reason === 'crash') throw new Error('boom');
                if (reason === 'hang') return new Promise(() => undefined);
                return true;
            },
            cartLines: () => [{ sku: 'a' }, { sku: 'b', quantity: 2 }],
            showMessage: () => 'ignored',
        });
        assert.equal(await mock.callPage.shop.getCartCount({ userId: 'u_1001' }), 6);
        assert.equal(await mock.callPage.shop.confirmLeave({ reason: null }), true);
        assert.ok(mock.greeted.includes('shop'), 'implement() said $hello');
        assert.deepEqual(await mock.callPage.shop.cartLines(), [{ sku: 'a' }, { sku: 'b', quantity: 2 }], 'no defaults applied');
        assert.equal(await mock.callPage.shop.showMessage({ message: 'hi', durationMs: 1 }), undefined, 'a void method resolves with undefined');

        const busy = await mock.callPage.shop.confirmLeave({ reason: 'busy' }).catch((e) => e);
        assert.ok(busy instanceof BridgeError);
        assert.deepEqual(await rejection(mock.callPage.shop.confirmLeave({ reason: 'busy' })),
            { name: 'BridgeError', code: 3001, codeName: 'busy', module: 'shop', method: 'confirm-leave', message: 'checkout in progress' });
        assert.deepEqual(await rejection(mock.callPage.shop.confirmLeave({ reason: 'stock' })),
            { name: 'BridgeError', code: -12, codeName: 'pageError', module: 'shop', method: 'confirm-leave',
              message: 'the page failed with code 3002, which the method does not declare: gone' });
        assert.deepEqual(await rejection(mock.callPage.shop.confirmLeave({ reason: 'crash' })),
            { name: 'BridgeError', code: -12, codeName: 'pageError', module: 'shop', method: 'confirm-leave', message: 'boom' });
        assert.deepEqual(await rejection(mock.callPage.shop.confirmLeave({ reason: 'hang' }, { timeoutMs: 20 })),
            { name: 'BridgeError', code: -8, codeName: 'timeout', module: 'shop', method: 'confirm-leave',
              message: 'shop.confirm-leave: the page did not answer within 20 ms' });
        assert.deepEqual(await rejection(mock.callPage.shop.currentDevice({ line: null })),
            { name: 'BridgeError', code: -10, codeName: 'notImplemented', module: 'shop', method: 'currentDevice',
              message: 'the page registered no implementation of shop.currentDevice' });
        off();
        assert.equal((await rejection(mock.callPage.shop.getCartCount({ userId: 'u' }))).code, -10, 'off() unregistered it');
        mock.uninstall();
    });
}

test('callPage before the module said $hello waits for it, up to the deadline: then pageNotLoaded', async () => {
    delete globalThis.webkit;
    const { installMock } = await mockModule('reply');
    const mock = installMock({}, { pageCallTimeoutMs: 30 });
    assert.deepEqual(await rejection(mock.callPage.shop.cartLines()),
        { name: 'BridgeError', code: -11, codeName: 'pageNotLoaded', module: 'shop', method: 'cartLines',
          message: "shop.cartLines: the page's shop client did not say $hello within 30 ms" });
    // A call made before the page implements it is answered once the client says hello.
    const { shop } = await freshModule('reply', 'shop');
    const pending = mock.callPage.shop.cartLines({ timeoutMs: 1000 });
    setTimeout(() => shop.implement({ cartLines: () => [{ sku: 'late', quantity: 1 }] }), 10);
    assert.deepEqual(await pending, [{ sku: 'late', quantity: 1 }]);
    mock.uninstall();
});

test('a global method: the client implementation wins, else the page global with positional arguments', async () => {
    delete globalThis.webkit;
    const { installMock } = await mockModule('reply');
    const { shop } = await freshModule('reply', 'shop');
    const mock = installMock({});
    assert.deepEqual(await rejection(mock.callPage.shop.getCartCount({ userId: 'u' })),
        { name: 'BridgeError', code: -10, codeName: 'notImplemented', module: 'shop', method: 'getCartCount',
          message: 'the page defines no function app.getCartCount' });
    globalThis.app = 'a string has no getCartCount function';
    assert.equal((await rejection(mock.callPage.shop.getCartCount({ userId: 'u' }))).code, -10, 'the path stops at a primitive');
    // seed 000's page: window.app.getCartCount(userId), called with `this` = window.app.
    globalThis.app = { items: 4, getCartCount(userId) { return this.items + userId.length; } };
    assert.equal(await mock.callPage.shop.getCartCount({ userId: 'u_1' }), 7, 'legacy pages never say $hello: no wait');
    globalThis.app.getCartCount = async () => { throw new Error('legacy failure'); };
    assert.deepEqual(await rejection(mock.callPage.shop.getCartCount({ userId: 'u' })),
        { name: 'BridgeError', code: -12, codeName: 'pageError', module: 'shop', method: 'getCartCount', message: 'legacy failure' });
    const off = shop.implement({ getCartCount: () => 99 });
    assert.equal(await mock.callPage.shop.getCartCount({ userId: 'u' }), 99);
    off();
    delete globalThis.app;
    mock.uninstall();
});

test("Schemas/: seed 000's window.app.getCartCount and seed 003's window.sample.showSwiftUIMessage, then the client", async () => {
    delete globalThis.webkit;
    const { installMock } = await mockModule('reply');
    const { BridgeError } = await runtime('reply');
    const { sample } = await freshModule('reply', 'sample');
    const { user, UserErrors } = await freshModule('reply', 'user');
    const mock = installMock({}, { pageCallTimeoutMs: 500 });
    // The hand-written pages, before they adopt the client.
    const shown = [];
    globalThis.app = { getCartCount: async (userId) => (userId === 'u_1001' ? 3 : 0) };
    globalThis.sample = { showSwiftUIMessage(message) { shown.push(message); } };
    assert.equal(await mock.callPage.sample.getCartCount({ userId: 'u_1001' }), 3);
    assert.equal(await mock.callPage.sample.showMessage({ message: 'Hello from SwiftUI' }), undefined);
    assert.deepEqual(shown, ['Hello from SwiftUI']);
    assert.deepEqual(mock.greeted, [], 'global methods do not wait for (or cause) a $hello');
    // The page adopts the client: its implementation wins over the globals.
    const off = sample.implement({ getCartCount: () => 5, showMessage: ({ message }) => { shown.push('client: ' + message); } });
    const offUser = user.implement({
        confirmLeave: ({ reason }) => {
            if (reason === 'checkout') throw new BridgeError(UserErrors.busy, 'a payment is running');
            return reason === 'back';
        },
        getFormState: ({ formId }) => ({ formId, title: 'Checkout', dirty: true, fields: [] }),
    });
    assert.equal(await mock.callPage.sample.getCartCount({ userId: 'u_1001' }), 5);
    await mock.callPage.sample.showMessage({ message: 'again' });
    assert.deepEqual(shown, ['Hello from SwiftUI', 'client: again']);
    assert.equal(await mock.callPage.user.confirmLeave({ reason: 'back' }), true);
    assert.deepEqual(await mock.callPage.user.getFormState({ formId: 'f1' }), { formId: 'f1', title: 'Checkout', dirty: true, fields: [] });
    assert.deepEqual(await rejection(mock.callPage.user.confirmLeave({ reason: 'checkout' })),
        { name: 'BridgeError', code: UserErrors.busy, codeName: 'busy', module: 'user', method: 'confirmLeave', message: 'a payment is running' });
    off();
    offUser();
    delete globalThis.app;
    delete globalThis.sample;
    mock.uninstall();
});
