// The value limit on the page: the client counts the values of every message it posts, as
// native's one-pass check counts them (each object, array, string, number, boolean and null;
// keys not), and refuses one over `maxValues` before posting, with native's code and words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, settle } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: toWire counts values as native does and stops past the budget`, async () => {
        const { toWire, maxValues } = await runtime(transport);
        assert.equal(maxValues, 100_000);
        const over = { name: 'RangeError', message: `the message holds more than ${maxValues} values` };
        // The array and its items: exactly the limit, then one more.
        assert.equal(toWire(new Array(maxValues - 1).fill(0)).length, maxValues - 1);
        assert.throws(() => toWire(new Array(maxValues).fill(0)), over);
        // Every kind of value counts one; keys do not; a member JSON leaves out does not.
        const kinds = [0, 's', true, null, {}, []];
        for (const kind of kinds) {
            assert.doesNotThrow(() => toWire(new Array(maxValues - 1).fill(kind)), JSON.stringify(kind));
            assert.throws(() => toWire(new Array(maxValues).fill(kind)), over, JSON.stringify(kind));
        }
        const members = Object.fromEntries(Array.from({ length: maxValues - 1 }, (_, i) => [`k${i}`, i]));
        assert.equal(Object.keys(toWire({ ...members, gone: undefined, fn: () => 1 })).length, maxValues - 1);
        assert.throws(() => toWire({ ...members, one: 1 }), over);
        // An array writes undefined as null, which native counts.
        assert.throws(() => toWire(new Array(maxValues).fill(undefined)), over);
        // A Uint8Array is one value (its base64 text), however long.
        assert.doesNotThrow(() => toWire([new Uint8Array(3 * maxValues)]));
        // The budget is per call.
        assert.doesNotThrow(() => toWire(new Array(maxValues - 1).fill(0)));
    });

    test(`${transport}: a request over the value limit rejects -2 without posting; a send is not posted`, async () => {
        const { native, uninstall } = startApp(transport);
        const { user } = await freshModule(transport, 'user');
        const parameters = { x: new Array(100_000).fill(0) };
        await assert.rejects(user.iosAppPrepay({ order: { product_id: 'p', quantity: 1, metadata: parameters } }),
            { code: -2, message: 'user.ios-app-prepay: could not post the message: the message holds more than 100000 values' });
        user.logEvent({ name: 'big', parameters });
        user.logEvent({ name: 'small', parameters: { x: [0] } });
        await settle();
        const posted = native.calls().map((c) => c.message);
        assert.deepEqual(posted.filter((m) => m.type !== '$hello').map((m) => m.data?.name), ['small']);
        uninstall();
    });
}
