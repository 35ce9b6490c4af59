// IDL `bytes` on the page: the runtime's strict base64 (one spelling per value, as native
// requires), the decoders generated clients build, `toWire`'s Uint8Array -> base64 with the
// limit checked before posting, and the mock's setBlob / getBlob.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule, settle } from './harness.mjs';

const all = Uint8Array.from({ length: 256 }, (_, i) => i);

for (const transport of transports) {
    test(`${transport}: base64 of every byte value and every padding length is Buffer's, and decodes back`, async () => {
        const { encodeBase64, decodeBase64 } = await runtime(transport);
        for (let n = 0; n <= 256; n++) {
            const bytes = all.slice(0, n);
            const text = encodeBase64(bytes);
            assert.equal(text, Buffer.from(bytes).toString('base64'), `encode ${n}`);
            assert.deepEqual(decodeBase64(text), bytes, `decode ${n}`);
        }
        // 0, 1 and 2 bytes left over: no padding, '==', '='.
        assert.deepEqual(['', 'AA==', 'AAE=', 'AAEC'].map((t) => Array.from(decodeBase64(t))), [[], [0], [0, 1], [0, 1, 2]]);
        assert.equal(encodeBase64(Uint8Array.of(0xfb, 0xff, 0xbf)), '+/+/', 'the standard alphabet, not base64url');
    });

    test(`${transport}: base64 over 10 MiB is chunked and exact`, async () => {
        const { encodeBase64, decodeBase64, maxBytesLength } = await runtime(transport);
        assert.equal(maxBytesLength, 10 * 1024 * 1024);
        const big = new Uint8Array(maxBytesLength);
        for (let i = 0; i < big.length; i++) big[i] = (i * 7 + (i >>> 8)) & 0xff;
        const text = encodeBase64(big);
        assert.equal(text, Buffer.from(big).toString('base64'));
        assert.ok(Buffer.from(decodeBase64(text)).equals(Buffer.from(big)));
    });

    test(`${transport}: strict decoding refuses white space, bad padding, other alphabets and bits after the data`, async () => {
        const { decodeBase64 } = await runtime(transport);
        const cases = [
            ['aGVsbG8', 'its length 7 is not a multiple of 4'],
            ['aGVs bG8=', 'character 4 is not in the base64 alphabet'],
            ['aGVsbG8=\n', 'character 7 is not in the base64 alphabet'],
            ['\taGk=', 'character 0 is not in the base64 alphabet'],
            ['a-_w', 'character 1 is not in the base64 alphabet'],
            ['aG=s', 'character 2 is not in the base64 alphabet'],
            ['a===', 'character 1 is not in the base64 alphabet'],
            ['====', 'character 0 is not in the base64 alphabet'],
            ['aGk', 'its length 3 is not a multiple of 4'],
            ['aGl=', 'its last character has bits set after the data'],
            ['QR==', 'its last character has bits set after the data'],
            ['\u00e9AAA', 'character 0 is not in the base64 alphabet'],
        ];
        for (const [text, why] of cases) {
            assert.throws(() => decodeBase64(text, 'params.data'),
                { name: 'TypeError', message: `params.data: expected bytes (base64), got a string that is not base64: ${why}` }, JSON.stringify(text));
        }
    });

    test(`${transport}: texts one edit away from base64 are accepted exactly when they are canonical (as Swift and Kotlin decide)`, async () => {
        const { decodeBase64 } = await runtime(transport);
        // Native's rule: the text is what its bytes encode to (Buffer's lenient decoder, spelled again).
        const canonical = (text) => text.length % 4 === 0 && Buffer.from(text, 'base64').toString('base64') === text;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ .\u00e9\u0141\ud83d';
        let seed = 25;
        const random = (n) => {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return seed % n;
        };
        let accepted = 0;
        for (let k = 0; k < 3000; k++) {
            const chars = [...Buffer.from(all.slice(random(256), random(256) + 1 + random(9))).toString('base64')];
            const at = random(chars.length + 1);
            const edit = random(3);
            if (edit === 0 && chars.length > 0) chars[Math.min(at, chars.length - 1)] = alphabet[random(alphabet.length)];
            else if (edit === 1) chars.splice(at, 1);
            else chars.splice(at, 0, alphabet[random(alphabet.length)]);
            const text = chars.join('');
            let ok;
            try {
                ok = Buffer.from(decodeBase64(text)).toString('base64') === text;
            } catch {
                ok = false;
            }
            assert.equal(ok, canonical(text), JSON.stringify(text));
            if (ok) accepted += 1;
        }
        assert.ok(accepted > 100 && accepted < 2900, `both outcomes were tried: ${accepted} accepted`);
    });

    test(`${transport}: decoders turn base64 into Uint8Arrays where the schema says, with paths`, async () => {
        const { decodeBytes, bytesInList, bytesInMap, bytesInFields } = await runtime(transport);
        const photo = bytesInFields(() => ({ data: decodeBytes, pages: bytesInMap(decodeBytes), 'thumb-nails': bytesInList(decodeBytes) }));
        const value = { data: 'AAE=', pages: { a: 'AA==', b: null }, 'thumb-nails': ['', 'AAEC'], caption: 'AAE=' };
        assert.equal(photo(value, 'result'), value, 'in place');
        assert.deepEqual(value, {
            data: Uint8Array.of(0, 1), pages: { a: Uint8Array.of(0), b: null },
            'thumb-nails': [new Uint8Array(0), Uint8Array.of(0, 1, 2)], caption: 'AAE=',
        });
        assert.equal(photo(null, 'result'), null, 'null passes (optional)');
        const hostile = JSON.parse('{"pages":{"__proto__":"AAE="}}');
        photo(hostile, 'result');
        assert.equal(Object.getPrototypeOf(hostile.pages), Object.prototype, 'a __proto__ key stays a key');
        assert.deepEqual(Object.getOwnPropertyDescriptor(hostile.pages, '__proto__').value, Uint8Array.of(0, 1));
        assert.throws(() => photo({ pages: { 'k"ey': 'A' } }, 'payload'), { message: /^payload\.pages\["k\\"ey"\]: expected bytes \(base64\)/ });
        assert.throws(() => photo({ 'thumb-nails': ['AA==', 7] }, 'payload'), { message: 'payload["thumb-nails"][1]: expected bytes (base64), got number' });
    });

    test(`${transport}: toWire writes a Uint8Array (a Buffer too) as base64 and refuses one over the limit`, async () => {
        const { toWire, maxBytesLength } = await runtime(transport);
        assert.deepEqual(toWire({ a: all.slice(0, 3), b: [Buffer.from([255])], c: new Uint8Array(0) }), { a: 'AAEC', b: ['/w=='], c: '' });
        assert.throws(() => toWire({ big: new Uint8Array(maxBytesLength + 1) }), { name: 'RangeError', message: `expected bytes of at most ${maxBytesLength}, got ${maxBytesLength + 1}` });
    });

    test(`${transport}: the mock hands implementations Uint8Arrays, and the client decodes the result`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const blobs = new Map();
        const mock = installMock({
            sample: {
                setBlob: ({ key, contents }) => {
                    assert.ok(contents instanceof Uint8Array, 'the implementation gets a Uint8Array');
                    blobs.set(key, contents);
                    return true;
                },
                getBlob: ({ key }) => blobs.get(key) ?? null,
            },
        });
        assert.equal(await sample.setBlob({ key: 'all', contents: all }), true);
        assert.deepEqual(await sample.getBlob({ key: 'all' }), all);
        assert.equal(await sample.getBlob({ key: 'none' }), null);
        await settle();
        assert.equal(mock.calls[0].params.contents, Buffer.from(all).toString('base64'), 'base64 on the wire');
        await assert.rejects(sample.setBlob({ key: 'big', contents: new Uint8Array(10 * 1024 * 1024 + 1) }),
            { code: -3, message: 'sample.setBlob: could not post the message: params.contents: expected bytes of at most 10485760, got 10485761' });
        mock.uninstall();
    });
}

// The stress module `blobs` (Tests/BridgeGenSwiftTests/Fixtures/Stress/blobs.bridge.yaml): bytes
// in results, event payloads and page methods, through the mock, which goes over the wire.
const photo = (n) => ({ data: all.slice(0, n), thumbnail: null, pages: [all.slice(n), new Uint8Array(0)], layers: { a: Uint8Array.of(n), b: null }, caption: 'AAE=' });

for (const transport of transports) {
    test(`${transport}: results, event payloads and page methods decode bytes where the schema says`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { blobs } = await freshModule(transport, 'blobs');
        const album = { cover: photo(3), photos: [photo(1), photo(2)], next: [{ cover: photo(0), photos: [], next: [] }] };
        const mock = installMock({
            blobs: {
                store: ({ blobs: sent, note }) => {
                    assert.deepEqual(sent, { x: [Uint8Array.of(0, 1), new Uint8Array(0)] }, 'map<list<bytes>> decoded for the implementation');
                    assert.deepEqual(note, { text: 't', attachment: null });
                    return album;
                },
                echo: ({ data }) => [data, null],
            },
        });
        assert.deepEqual(await blobs.store({ blobs: { x: [Uint8Array.of(0, 1), new Uint8Array(0)] }, note: { text: 't', attachment: null } }), album,
            'a struct reaching bytes through structs, lists and itself, decoded');
        assert.deepEqual(await blobs.echo({ data: all }), [all, null]);
        const payloads = [];
        const off = blobs.on('captured', (payload) => payloads.push(payload));
        const plain = blobs.once('plain');
        await blobs.ready();
        mock.emit('blobs', 'captured', { photo: photo(4), preview: Uint8Array.of(9) });
        mock.emit('blobs', 'plain', { text: 'AAE=' });
        assert.deepEqual(await plain, { text: 'AAE=' }, 'a string is never decoded');
        await settle();
        assert.deepEqual(payloads, [{ photo: photo(4), preview: Uint8Array.of(9) }]);
        off();
        const unimplement = blobs.implement({
            render: ({ album: got, raw }) => {
                assert.deepEqual(got, album, 'page-method params decoded');
                return raw.slice().reverse();
            },
            snapshot: () => photo(5),
        });
        assert.deepEqual(await mock.callPage.blobs.render({ album, raw: all }), all.slice().reverse(), 'the page\'s Uint8Array result, as native decodes it');
        assert.deepEqual(await mock.callPage.blobs.snapshot(), photo(5));
        unimplement();
        mock.uninstall();
    });

    test(`${transport}: an error's data decodes its bytes on the page, and the page's bytes go as base64`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { blobs, isCorrupt, corruptError } = await freshModule(transport, 'blobs');
        const mock = installMock({ blobs: { fetch: () => { throw corruptError({ sample: all.slice(0, 5), photo: photo(2) }, 'bad'); } } });
        const error = await blobs.fetch({ id: 'x' }).then(() => undefined, (e) => e);
        assert.ok(isCorrupt(error), String(error));
        assert.deepEqual([error.message, error.data], ['bad', { sample: all.slice(0, 5), photo: photo(2) }], 'decoded where the schema says');
        const unimplement = blobs.implement({ render: () => { throw corruptError({ sample: Uint8Array.of(7) }); } });
        const failure = await mock.callPage.blobs.render({ album: { cover: photo(0), photos: [], next: [] }, raw: all }).then(() => undefined, (e) => e);
        assert.deepEqual([failure.code, failure.data], [1, { sample: 'Bw==' }], 'the page sends base64, as native reads it');
        unimplement();
        mock.uninstall();
    });
}
