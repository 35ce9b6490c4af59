// Stream flow control (docs/WIRE.md, "Streams"): with an app whose `$hello` answer says
// `"window": true`, a stream request carries `$window` (min(bufferSize, 16)) and the page says
// `$read {id, count}` every half window of items its loop took, never after the stream ended.
// Without the capability, before the hello answer, or with `dropOldest`: neither. The native
// here is scripted: it sends items by the item script, at most `$window` unread, as the natives do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, startApp, settle, sleep, capabilitiesAnswer, sampleHandlers, jsStringLiteral } from './harness.mjs';

/** The item script native evaluates for an item of stream `id` (docs/WIRE.md, "Streams"). */
function itemScript(id, item) {
    return `(function(){var h=window.__bridgegen;if(!h||typeof h.item!=="function"){return false;}return h.item(${jsStringLiteral(id)},${jsStringLiteral(JSON.stringify(item))})===true;})();`;
}

/**
 * An app whose `download` sends `parseInt(url)` items, each only while fewer than the request's
 * `$window` are unread (none when absent), and with a window ends only once the page said it
 * read them all (`url` ending `/end`: at once), so that every `$read` comes while the stream
 * runs. It records what it saw: `requests`; `reads`, the `$read` data in order; `outstanding`,
 * the most items it had out unread. `hello` extends the capabilities.
 */
function windowApp(transport, sample, hello = { window: true, cancel: true }) {
    const seen = { requests: [], reads: [], outstanding: 0 };
    const handlers = sampleHandlers();
    let read = 0;
    const cancelled = new Set();
    handlers.sample.$cancel = ({ id }) => { cancelled.add(id); };
    handlers.sample.$read = ({ id, count }) => {
        seen.reads.push({ id, count });
        read = Math.max(read, count);
    };
    handlers.sample.download = async ({ url }, message) => {
        seen.requests.push(message);
        const window = message.$window;
        const total = parseInt(url, 10);
        /** Waits until `read` reaches `count`; false when the page cancelled the stream. */
        const readTo = async (count) => {
            for (let waited = 0; read < count; waited++) {
                if (cancelled.has(message.id)) return false;
                if (waited > 2000) throw new Error(`native waited 2 s for a $read of ${count}: ${read} read`);
                await sleep(1);
            }
            return true;
        };
        for (let sent = 0; sent < total; sent++) {
            if (window !== undefined && !(await readTo(sent - window + 1))) return null;
            seen.outstanding = Math.max(seen.outstanding, sent - read + 1);
            const took = await native.run(itemScript(message.id, { offset: sent, data: '', total }));
            if (took !== true) return null;
        }
        if (window !== undefined && !url.endsWith('/end') && !(await readTo(total))) return null;
        return total;
    };
    const capabilities = { methods: ['download'], events: [], pageMethods: [], fingerprint: sample.fingerprint, ...hello };
    const { native, uninstall } = startApp(transport, handlers, { helloAnswer: () => capabilitiesAnswer(capabilities) });
    return { native, uninstall, seen };
}

/** Reads `stream` to its end, awaiting `delayMs` per item; resolves with the offsets read. */
async function readAll(stream, delayMs = 0) {
    const offsets = [];
    for await (const chunk of stream) {
        offsets.push(chunk.offset);
        if (delayMs > 0) await sleep(delayMs);
    }
    return offsets;
}

const range = (n) => Array.from({ length: n }, (_, i) => i);

for (const transport of transports) {
    test(`${transport}: with window: true a stream asks for $window 16 and says $read every 8 items taken`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { uninstall, seen } = windowApp(transport, sample);
        try {
            assert.equal((await sample.capabilities()).window, true);
            const stream = sample.download({ url: '40' });
            assert.deepEqual(await readAll(stream, 2), range(40), 'every item, in order');
            assert.equal(await stream.result, 40);
            await settle();
            const [request] = seen.requests;
            assert.equal(request.$window, 16, 'min(1024, 16)');
            assert.deepEqual(seen.reads, [8, 16, 24, 32, 40].map((count) => ({ id: request.id, count })));
            assert.ok(seen.outstanding <= 16, `${seen.outstanding} items out`);
        } finally {
            uninstall();
        }
    });

    test(`${transport}: bufferSize 4: $window 4, $read every 2; a slow loop reads all without overflow`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall, seen } = windowApp(transport, sample);
        try {
            await sample.capabilities();
            const stream = sample.download({ url: '20' }, { bufferSize: 4 });
            assert.deepEqual(await readAll(stream, 5), range(20));
            assert.equal(await stream.result, 20);
            await settle();
            assert.equal(seen.requests[0].$window, 4);
            assert.deepEqual(seen.reads.map((r) => r.count), [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
            assert.ok(seen.outstanding <= 4, `${seen.outstanding} items out`);
            // `$read` is a send: no callback name, so the callback transport answers nothing.
            const reads = native.received.map((r) => r.message).filter((m) => m?.type === '$read');
            assert.ok(reads.every((m) => m.callbackName === undefined && m.id === undefined), JSON.stringify(reads));
        } finally {
            uninstall();
        }
    });

    test(`${transport}: no $read after a break, nor for items taken after the stream ended`, async () => {
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall, seen } = windowApp(transport, sample);
        try {
            await sample.capabilities();
            const left = sample.download({ url: '50' }, { bufferSize: 4 });
            const offsets = [];
            for await (const chunk of left) {
                offsets.push(chunk.offset);
                if (offsets.length === 5) break;
            }
            await assert.rejects(left.result, (e) => e.code === -9);
            await sleep(20);
            assert.deepEqual(seen.reads.map((r) => r.count), [2, 4], 'the 5th item sent none: it was the loop\'s last');
            const types = native.calls().map((r) => r.message.type);
            assert.equal(types.indexOf('$cancel'), types.length - 1, `nothing after the $cancel: ${types}`);

            // Native ends after 4 items (its window): the loop takes them all after the end.
            seen.reads.length = 0;
            const ended = sample.download({ url: '4/end' }, { bufferSize: 4 });
            assert.equal(await ended.result, 4);
            assert.deepEqual(await readAll(ended), range(4));
            await settle();
            assert.deepEqual(seen.reads, [], 'no $read once the stream ended');
        } finally {
            uninstall();
        }
    });

    test(`${transport}: no $window and no $read without the capability, before the hello answer, or with dropOldest`, async () => {
        for (const hello of [{}, { window: false }, { window: 'yes' }]) {
            const { sample } = await freshModule(transport, 'sample');
            const { uninstall, seen } = windowApp(transport, sample, hello);
            try {
                assert.equal((await sample.capabilities()).window, false, JSON.stringify(hello));
                const stream = sample.download({ url: '30' });
                assert.deepEqual(await readAll(stream), range(30));
                await settle();
                assert.equal(Object.hasOwn(seen.requests[0], '$window'), false, JSON.stringify(hello));
                assert.deepEqual(seen.reads, [], JSON.stringify(hello));
            } finally {
                uninstall();
            }
        }
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall, seen } = windowApp(transport, sample);
        try {
            // Held hello: the stream is posted before the answer says window, and keeps without it.
            let answerHello;
            const answered = new Promise((resolve) => { answerHello = resolve; });
            const hello = native.hello.bind(native);
            native.hello = async (module) => { await answered; return hello(module); };
            const early = sample.download({ url: '30' });
            await settle();
            answerHello();
            assert.equal((await sample.capabilities()).window, true);
            assert.deepEqual(await readAll(early), range(30));
            const kept = sample.download({ url: '30' }, { overflow: 'dropOldest' });
            await kept.result;
            await readAll(kept);
            await settle();
            assert.deepEqual(seen.requests.map((r) => Object.hasOwn(r, '$window')), [false, false], 'before the answer; dropOldest');
            assert.deepEqual(seen.reads, []);
        } finally {
            uninstall();
        }
    });
}
