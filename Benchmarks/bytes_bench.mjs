// The page side of IDL `bytes` (docs/PERFORMANCE.md, "Bytes"): the runtime's base64 encoder and
// strict decoder over 1 MB and 10 MB, against what a string of the same wire length costs the
// page anyway (JSON.stringify and JSON.parse of it: the callback transport's text). Nothing is
// asserted; best of 7 each.
// usage: node Benchmarks/bytes_bench.mjs CLIENT_DIR   (the compiled client, e.g. the
//        <out>/reply/web/client of `Tests/BridgeGenEndToEndTests/Harness/e2e.py prepare`)
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
if (!dir) {
    console.error('usage: node Benchmarks/bytes_bench.mjs CLIENT_DIR');
    process.exit(2);
}
const { encodeBase64, decodeBase64 } = await import(pathToFileURL(path.resolve(dir, 'runtime.js')).href);

function best(runs, body) {
    let fastest = Infinity;
    for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        body();
        fastest = Math.min(fastest, performance.now() - t0);
    }
    return fastest;
}

console.log(`node ${process.version}: ms, best of 7`);
console.log(`${'size'.padStart(10)} ${'encode'.padStart(8)} ${'decode'.padStart(8)} ${'string JSON'.padStart(12)} ${'ratio'.padStart(6)}`);
for (const size of [1000000, 10000000]) {
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 8)) & 0xff;
    const text = encodeBase64(bytes);
    if (Buffer.from(decodeBase64(text)).compare(Buffer.from(bytes)) !== 0) throw new Error('not byte-exact');
    const encode = best(7, () => encodeBase64(bytes));
    const decode = best(7, () => decodeBase64(text));
    const plain = 'A'.repeat(text.length);
    const json = best(7, () => JSON.parse(JSON.stringify(plain)));
    console.log(`${String(size).padStart(10)} ${encode.toFixed(1).padStart(8)} ${decode.toFixed(1).padStart(8)} ${json.toFixed(1).padStart(12)} ${((encode + decode) / json).toFixed(1).padStart(6)}`);
}
