// Application errors through the mock: the generated makers, the mock refusing an error whose
// required data is missing, and BridgeError's constructor (options, and the deprecated
// positional form that refuses data in a string's place).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule, capture } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: the makers build each error as its guard narrows it, through the mock`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { user, UserErrors, notLoggedInError, purchaseFailedError, busyError, isPurchaseFailed, isNotLoggedIn, isBusy } =
            await freshModule(transport, 'user');
        const { sample, downloadFailedError, isDownloadFailed } = await freshModule(transport, 'sample');
        const made = purchaseFailedError({ retryable: true, storeCode: 2 });
        assert.ok(isPurchaseFailed(made), 'a made error is what its guard recognises');
        assert.deepEqual([made.code, made.codeName, made.module, made.method, made.message],
            [2002, 'purchaseFailed', 'user', '', 'The App Store refused or failed the purchase; the message says why.']);
        const mock = installMock({
            user: {
                getUserInfo: () => { throw notLoggedInError('signed out'); },
                iosAppPrepay: () => { throw purchaseFailedError({ retryable: true, storeCode: 2 }, 'declined'); },
                getToken: () => { throw busyError(); },
            },
            sample: {
                download: async function* () {
                    yield { offset: 0, data: new Uint8Array(0) };
                    throw downloadFailedError({ received: 1 });
                },
            },
        });
        try {
            await assert.rejects(user.getUserInfo(), (e) => isNotLoggedIn(e) && e.message === 'signed out' && e.data === null
                && e.codeName === 'notLoggedIn' && e.method === 'get-user-info');
            await assert.rejects(user.iosAppPrepay({ order: { product_id: 'p' } }),
                (e) => isPurchaseFailed(e) && e.code === UserErrors.purchaseFailed && e.message === 'declined'
                    && e.data.retryable === true && e.data.storeCode === 2);
            // busy's data fields are all optional: the maker's data defaults to {}, as native sends it.
            await assert.rejects(user.getToken(), (e) => isBusy(e) && JSON.stringify(e.data) === '{}');
            await assert.rejects(sample.download({ url: 'u' }).result, (e) => isDownloadFailed(e) && e.data.received === 1);
        } finally {
            mock.uninstall();
        }
    });

    test(`${transport}: the mock refuses an error without the data its guard promises, naming what is missing`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeError, BridgeErrorCode } = await runtime(transport);
        const { user, UserErrors, isPurchaseFailed, isBusy } = await freshModule(transport, 'user');
        const { sample, SampleErrors } = await freshModule(transport, 'sample');
        let thrown;
        const mock = installMock({
            user: {
                iosAppPrepay: () => { throw thrown; },
                getToken: () => { throw new BridgeError(UserErrors.busy, 'later'); },
            },
            sample: { download: async function* () { throw new BridgeError(SampleErrors.downloadFailed, 'cut'); } },
        });
        const fix = 'make it with purchaseFailedError({ ... }) of module user, which the compiler checks';
        const cases = [
            [new BridgeError(UserErrors.purchaseFailed, 'declined'), 'it has no data, and \'retryable\' is required'],
            [new BridgeError(UserErrors.purchaseFailed, 'declined', { data: { storeCode: 3 } }), 'its data lacks \'retryable\''],
            [new BridgeError(UserErrors.purchaseFailed, 'declined', { data: { retryable: null } }), 'its data lacks \'retryable\''],
            [new BridgeError(UserErrors.purchaseFailed, 'declined', { data: 'retry' }), 'its data is a string, not an object'],
            [new BridgeError(UserErrors.purchaseFailed, 'declined', { data: [true] }), 'its data is an array, not an object'],
        ];
        try {
            for (const [error, missing] of cases) {
                thrown = error;
                const message = `the mock implementation of user.iosAppPrepay threw purchaseFailed (2002) without its required data: ${missing}; ${fix}`;
                const { logged } = await capture('error', () => assert.rejects(user.iosAppPrepay({ order: { product_id: 'p' } }),
                    (e) => !isPurchaseFailed(e) && e.code === BridgeErrorCode.internalError && e.message === message && e.data === null));
                assert.deepEqual(logged, [`[bridgegen] mock: ${message}`], 'said on the console too, for a page that swallows the rejection');
            }
            // All of busy's fields are optional: no data is {} (what native sends), not a refusal.
            await assert.rejects(user.getToken(), (e) => isBusy(e) && e.message === 'later' && JSON.stringify(e.data) === '{}');
            const { logged } = await capture('error', () => assert.rejects(sample.download({ url: 'u' }).result, {
                code: BridgeErrorCode.internalError,
                message: 'the mock implementation of sample.download threw downloadFailed (1003) without its required data: it has no data, '
                    + 'and \'received\' is required; make it with downloadFailedError({ ... }) of module sample, which the compiler checks',
            }));
            assert.equal(logged.length, 1, 'a stream\'s error is checked the same way');
        } finally {
            mock.uninstall();
        }
    });

    test(`${transport}: BridgeError takes its options by name; the positional form refuses data in a string's place`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeError, BridgeErrorCode } = await runtime(transport);
        const { user, UserErrors } = await freshModule(transport, 'user');
        const named = new BridgeError(UserErrors.purchaseFailed, 'declined', { module: 'user', method: 'ios-app-prepay', data: { retryable: false } });
        assert.deepEqual([named.code, named.module, named.method, named.codeName, named.data], [2002, 'user', 'ios-app-prepay', undefined, { retryable: false }]);
        const bare = new BridgeError(-8, 'late');
        assert.deepEqual([bare.module, bare.method, bare.codeName, bare.data], ['', '', 'timeout', null]);
        // The deprecated positional form still works as before, for pages written against it.
        const positional = new BridgeError(2002, 'declined', 'user', 'ios-app-prepay', 'purchaseFailed', { retryable: true });
        assert.deepEqual([positional.module, positional.method, positional.codeName, positional.data], ['user', 'ios-app-prepay', 'purchaseFailed', { retryable: true }]);
        const by = 'pass the rest by name: new BridgeError(code, message, { module, method, codeName, data })';
        // The mistake this form invites: data where codeName goes. Refused where it is written.
        assert.throws(() => new BridgeError(UserErrors.purchaseFailed, 'sold out', 'user', 'iosAppPrepay', { retryable: false }), {
            name: 'TypeError',
            message: `new BridgeError(code, message, module, method, codeName, data): codeName must be a string, got object; ${by}`,
        });
        assert.throws(() => new BridgeError(1, 'm', 'user', 7), { message: `new BridgeError(code, message, module, method, codeName, data): method must be a string, got number; ${by}` });
        assert.throws(() => new BridgeError(1, 'm', null, 'x'), { message: `new BridgeError(code, message, module, method, codeName, data): module must be a string, got null; ${by}` });
        // Inside a mock implementation that mistake fails the request with the TypeError's text.
        const mock = installMock({ user: { iosAppPrepay: () => { throw new BridgeError(2002, 'sold out', 'user', 'iosAppPrepay', { retryable: false }); } } });
        try {
            await assert.rejects(user.iosAppPrepay({ order: { product_id: 'p' } }), {
                code: BridgeErrorCode.internalError,
                message: 'the mock implementation of user.iosAppPrepay threw: new BridgeError(code, message, module, method, codeName, data): '
                    + `codeName must be a string, got object; ${by}`,
            });
        } finally {
            mock.uninstall();
        }
    });
}
