// The page of Benchmarks/bytes_bench.py (page.html?mode=bytes-bench&transfers=on|off): times
// `sample.setBlob` (page -> native) and `sample.getBlob` (native -> page) of each size, through
// the fast path (`transfers=on`: the host's transfer store, the values as HTTP bodies of
// `bridgegen-bytes:`) or inline base64 (`off`: no store, no `bytes` capability, at most 10 MiB).
// Each run moves at least 4 MiB (64 KiB values 64 times: performance.now() is coarsened to 1 ms)
// between two `hostMemory` controls: the first resets the host process's peak RSS
// (/proc/PID/clear_refs) and says its RSS, the second says the new peak; growth = peak - RSS.
// The page without the store also streams a gigabyte (`?stream=MiB`) in 1 MiB chunks (`sample.download`),
// measuring the web content process's peak too (`webMemory`).

const MIB = 1024 * 1024;
export const SIZES = [['64KiB', 64 * 1024], ['256KiB', 256 * 1024], ['1MiB', MIB], ['10MiB', 10 * MIB], ['100MiB', 100 * MIB]];
const INLINE_LIMIT = 10 * MIB;
const SLOW = { timeoutMs: 300000 };
// A gigabyte's stream took over 300 s on this 2-core machine beside other suites: the harness's limit (30 min) bounds it.
const STREAM = { timeoutMs: 1800000 };

function pattern(length) {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = (i * 7 + (i >>> 8)) & 0xff;
    return bytes;
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
}

/** One timed run of `count` transfers in `direction`: {mbps, peakMB} (MB = 10^6 bytes). */
async function timedRun(sample, control, direction, key, contents, count) {
    const before = await control({ cmd: 'hostMemory', reset: true });
    const started = performance.now();
    for (let i = 0; i < count; i++) {
        if (direction === 'page-to-native') {
            if ((await sample.setBlob({ key, contents }, SLOW)) !== true) throw new Error(`setBlob ${key} failed`);
        } else {
            const got = await sample.getBlob({ key }, SLOW);
            if (!(got instanceof Uint8Array) || got.length !== contents.length) throw new Error(`getBlob ${key}: wrong value`);
        }
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await control({ cmd: 'hostMemory' });
    return { mbps: (contents.length * count) / 1e6 / seconds, peakMB: ((after.hwmKiB - before.rssKiB) * 1024) / 1e6 };
}

/**
 * One `sample.download` of `total` bytes in chunks of `chunk` (the host's `test://bytes/<total>`:
 * byte i is i % 251), each chunk checked and dropped as the loop reads it: {mbps, peakMB, webPeakMB},
 * the host's and the web content process's peak RSS growth. A stream's items always go inline.
 */
async function streamRun(sample, control, total, chunk) {
    const before = await control({ cmd: 'hostMemory', reset: true });
    const webBefore = await control({ cmd: 'webMemory', reset: true });
    await control({ cmd: 'liveItems', on: true });
    const started = performance.now();
    let offset = 0;
    for await (const item of sample.download({ url: `test://bytes/${total}`, chunkSize: chunk }, STREAM)) {
        const { data } = item;
        if (item.offset !== offset || data.length !== Math.min(chunk, total - offset)) throw new Error(`download: chunk at ${item.offset} is wrong`);
        if (data[0] !== offset % 251 || data[data.length - 1] !== (offset + data.length - 1) % 251) throw new Error(`download: bytes at ${offset} differ`);
        offset += data.length;
    }
    if (offset !== total) throw new Error(`download: ${offset} of ${total} bytes arrived`);
    const seconds = (performance.now() - started) / 1000;
    await control({ cmd: 'liveItems', on: false });
    const after = await control({ cmd: 'hostMemory' });
    const webAfter = await control({ cmd: 'webMemory' });
    return {
        mbps: total / 1e6 / seconds,
        peakMB: ((after.hwmKiB - before.rssKiB) * 1024) / 1e6,
        webPeakMB: ((webAfter.hwmKiB - webBefore.rssKiB) * 1024) / 1e6,
    };
}

/**
 * Every size and direction, `repeat` runs each: the median MB/s and peak growth per cell; the
 * base64 page then streams `streamMiB` (0: no stream).
 */
export async function bytesBench({ client, control, fast, repeat, streamMiB = 1024 }) {
    await control({ cmd: 'host', line: { transfers: fast ? { max: 256 * MIB, inline: 64 * 1024 } : false } });
    const { sample } = client;
    if (Boolean((await sample.capabilities()).bytes) !== fast) throw new Error(`capabilities.bytes is not what transfers=${fast} should give`);
    const cells = [];
    for (const [size, length] of SIZES) {
        if (!fast && length > INLINE_LIMIT) continue;
        const contents = pattern(length);
        const count = Math.max(1, Math.round((4 * MIB) / length));
        // Warm-up (JIT, first allocations), and the value getBlob answers with.
        await sample.setBlob({ key: size, contents }, SLOW);
        await sample.getBlob({ key: size }, SLOW);
        for (const direction of ['page-to-native', 'native-to-page']) {
            const runs = [];
            for (let r = 0; r < repeat; r++) runs.push(await timedRun(sample, control, direction, size, contents, count));
            cells.push({ direction, size, mbps: median(runs.map((x) => x.mbps)), peakMB: median(runs.map((x) => x.peakMB)), runs });
        }
    }
    // A gigabyte through a stream, once (its items are inline in either page: the base64 one runs it).
    const total = streamMiB * MIB;
    const stream = fast || !total ? undefined : { total, chunk: MIB, ...(await streamRun(sample, control, total, MIB)) };
    return { path: fast ? 'fast' : 'base64', cells, stream };
}
