// Benchmark run inside the real page (Benchmarks/e2e_bench.py): round-trip latency of small
// sequential requests, then throughput of many concurrent ones.
export async function bench({ client, n }) {
    const { sample } = client;
    await sample.ready({ timeoutMs: 3000 });
    await sample.setItem({ key: 'k', value: 'v' });
    for (let i = 0; i < 50; i++) await sample.getItem({ key: 'k' }); // warm-up
    const latencies = [];
    for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await sample.getItem({ key: 'k' });
        latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    const m = 2 * n;
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: m }, () => sample.getItem({ key: 'k' })));
    const elapsed = performance.now() - t0;
    if (!results.every((r) => r === 'v')) throw new Error('wrong results');
    return { sequential: n, medianMs: q(0.5), p95Ms: q(0.95), minMs: latencies[0], concurrent: m, elapsedMs: elapsed, perSecond: m / (elapsed / 1000) };
}
