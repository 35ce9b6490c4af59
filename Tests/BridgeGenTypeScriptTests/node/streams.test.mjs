// Streams against the typed mock, both transports: the page reads an async generator's items
// with `for await`, leaves early (the generator is closed), overflows a small buffer, and
// reads an error that comes after items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule, settle } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: a stream reads the mock's items in order, bytes decoded, then its result`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const mock = installMock({
            sample: {
                download: async function* ({ url }) {
                    for (let i = 0; i < 300; i++) yield { offset: i, data: new Uint8Array([i % 256, 7]) };
                    return url.length;
                },
            },
        });
        try {
            const stream = sample.download({ url: 'https://example.com/f' });
            const offsets = [];
            for await (const chunk of stream) {
                assert.ok(chunk.data instanceof Uint8Array, 'bytes decoded');
                assert.deepEqual([...chunk.data], [chunk.offset % 256, 7]);
                offsets.push(chunk.offset);
            }
            assert.deepEqual(offsets, Array.from({ length: 300 }, (_, i) => i));
            assert.equal(await stream.result, 'https://example.com/f'.length);
            assert.throws(() => stream[Symbol.asyncIterator](), /read once/);
        } finally {
            mock.uninstall();
        }
    });

    test(`${transport}: leaving the loop closes the generator; result rejects aborted`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeErrorCode } = await runtime(transport);
        const { sample } = await freshModule(transport, 'sample');
        let closed = false;
        let produced = 0;
        const mock = installMock({
            sample: {
                download: async function* () {
                    try {
                        for (;;) { produced += 1; yield { offset: produced, data: new Uint8Array(0) }; }
                    } finally {
                        closed = true;
                    }
                },
            },
        });
        try {
            const stream = sample.download({ url: 'x' });
            let read = 0;
            for await (const chunk of stream) {
                read += 1;
                if (chunk.offset === 3) break;
            }
            assert.equal(read, 3);
            await assert.rejects(stream.result, { code: BridgeErrorCode.aborted, name: 'AbortError' });
            for (let i = 0; i < 50 && !closed; i++) await settle();
            assert.ok(closed, 'the generator was closed once the page stopped reading');
            assert.ok(produced <= 5, `the mock kept producing: ${produced}`);
        } finally {
            mock.uninstall();
        }
    });

    test(`${transport}: an error after items; an overflow fails -15, dropOldest keeps the newest`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { BridgeError, BridgeErrorCode } = await runtime(transport);
        const { sample, SampleErrors, isDownloadFailed } = await freshModule(transport, 'sample');
        const mock = installMock({
            sample: {
                download: async function* ({ url }) {
                    const n = Number(url);
                    for (let i = 0; i < Math.abs(n); i++) yield { offset: i, data: new Uint8Array(0) };
                    if (n < 0) throw new BridgeError(SampleErrors.downloadFailed, 'cut', 'sample', 'download', undefined, { received: -n });
                    return n;
                },
            },
        });
        try {
            const failing = sample.download({ url: '-4' });
            const seen = [];
            await assert.rejects((async () => { for await (const c of failing) seen.push(c.offset); })(),
                (e) => isDownloadFailed(e) && e.data.received === 4);
            assert.deepEqual(seen, [0, 1, 2, 3], 'the items before the error');

            const full = sample.download({ url: '30' }, { bufferSize: 5 });
            await assert.rejects(full.result, { code: BridgeErrorCode.streamOverflow });
            const kept = sample.download({ url: '30' }, { bufferSize: 5, overflow: 'dropOldest' });
            assert.equal(await kept.result, 30);
            const offsets = [];
            for await (const c of kept) offsets.push(c.offset);
            assert.deepEqual(offsets, [25, 26, 27, 28, 29]);
        } finally {
            mock.uninstall();
        }
    });
}
