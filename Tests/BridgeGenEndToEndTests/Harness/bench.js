// Benchmark run inside the real page (Benchmarks/e2e_bench.py). performance.now() is coarsened
// to 1 ms in this (not cross-origin-isolated) page, so latency is measured as the mean of blocks
// of BLOCK sequential requests (resolution 1/BLOCK ms); median and p95 are over those blocks.
// Throughput: 2n requests issued at once, all awaited. Page calls: n sequential native -> page
// calls, timed natively (the host's ContinuousClock), so the 1 ms coarsening does not apply.
// Bytes: a round trip (setBlob then getBlob) of 1 MB and 10 MB, against the same round trip of a
// string as long as their base64 (setItem then getItem): what `bytes` costs beyond the text it is.
const BLOCK = 10;
const BYTES_SIZES = [1000000, 10000000];
const BYTES_RUNS = 3;

/** The median of `runs` timings of `body` (ms); coarsening to 1 ms is small beside these. */
async function median(runs, body) {
    const times = [];
    for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await body();
        times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
}

async function benchBytes(sample) {
    const slow = { timeoutMs: 120000 };
    const results = [];
    for (const size of BYTES_SIZES) {
        const bytes = new Uint8Array(size);
        for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 8)) & 0xff;
        const text = 'A'.repeat(Math.ceil(size / 3) * 4);
        const bytesMs = await median(BYTES_RUNS, async () => {
            await sample.setBlob({ key: 'bench', contents: bytes }, slow);
            const back = await sample.getBlob({ key: 'bench' }, slow);
            if (back.length !== size) throw new Error('wrong bytes');
        });
        const stringMs = await median(BYTES_RUNS, async () => {
            await sample.setItem({ key: 'bench', value: text }, slow);
            const back = await sample.getItem({ key: 'bench' }, slow);
            if (back.length !== text.length) throw new Error('wrong string');
        });
        results.push({ size, wireChars: text.length, bytesMs, stringMs });
    }
    return results;
}

export async function bench({ client, control, n }) {
    const { sample } = client;
    await sample.ready({ timeoutMs: 3000 });
    await sample.setItem({ key: 'k', value: 'v' });
    for (let i = 0; i < 50; i++) await sample.getItem({ key: 'k' }); // warm-up
    const blocks = [];
    for (let b = 0; b < Math.max(1, Math.floor(n / BLOCK)); b++) {
        const t0 = performance.now();
        for (let i = 0; i < BLOCK; i++) await sample.getItem({ key: 'k' });
        blocks.push((performance.now() - t0) / BLOCK);
    }
    blocks.sort((a, b) => a - b);
    const q = (p) => blocks[Math.min(blocks.length - 1, Math.floor(p * blocks.length))];
    const m = 2 * n;
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: m }, () => sample.getItem({ key: 'k' })));
    const elapsed = performance.now() - t0;
    if (!results.every((r) => r === 'v')) throw new Error('wrong results');
    // Page calls: native awaits sample.getCartCount, implemented by this page, n times in a row,
    // timed natively by the host (benchPageCalls) after a warm-up of 50.
    const off = sample.implement({ getCartCount: ({ userId }) => userId.length });
    await control({ cmd: 'host', line: { benchPageCalls: { n: 50 } } });
    const pageCall = (await control({ cmd: 'host', line: { benchPageCalls: { n } } })).bench;
    off();
    const bytes = await benchBytes(sample);
    return { bytes, block: BLOCK, sequential: blocks.length * BLOCK, medianMs: q(0.5), p95Ms: q(0.95), minMs: blocks[0], concurrent: m, elapsedMs: elapsed, perSecond: m / (elapsed / 1000), pageCall };
}
