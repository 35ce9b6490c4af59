// Tagged unions on the page (docs/WIRE.md, "Unions"; Schemas/sample.bridge.yaml: ShareItem,
// ShareOutcome, NavigationAction): the runtime's `unionOf`, results, events and page-method
// answers through FakeNative, and the mock. Known variants arrive as sent (their bytes decoded),
// a tag no variant has arrives as the union's unknown branch and goes back out as it came in,
// and a value of no variant fails with its path in native's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, mockModule, startApp, sampleHandlers, capture, settle, sleep, callPageAsNative } from './harness.mjs';

const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);

/** The unknown branch the client makes of `object` (tag key `key`), as the page sees it: its members. */
const unknown = (key, object) => ({ [key]: null, unknown: { tag: object[key], object } });

/** An unknown branch as the client hands it to the page (the only way a page gets one). */
async function received(transport, key, object) {
    const { unionOf } = await runtime(transport);
    return unionOf(key, 'unknown', () => [])(object, 'value');
}

for (const transport of transports) {
    test(`${transport}: unionOf checks the tag in native's words and keeps unknown variants`, async () => {
        const { unionOf, bytesInFields, decodeBytes, toWire } = await runtime(transport);
        const item = unionOf('kind', 'unknown', () => [['text', null], ['image', bytesInFields(() => ({ data: decodeBytes }))]]);
        const text = { kind: 'text', body: 'hi', extra: 1 };
        assert.equal(item(text, 'result'), text, 'a known variant is the value itself');
        assert.deepEqual(item({ kind: 'image', data: 'iVBORw==', mime: 'image/png' }, 'result'),
            { kind: 'image', data: png, mime: 'image/png' });
        assert.equal(item(null, 'result'), null, 'null passes (optional)');
        const cases = [
            ['x', 'result: expected object, got string'],
            [[{ kind: 'text' }], 'result: expected object, got array'],
            [7, 'result: expected object, got int'],
            [{ body: 'hi' }, 'result.kind: missing required string'],
            [{ kind: null }, 'result.kind: missing required string'],
            [{ kind: 3 }, 'result.kind: expected string, got int'],
            [{ kind: 2.5 }, 'result.kind: expected string, got number'],
            [{ kind: true }, 'result.kind: expected string, got bool'],
            [{ kind: 'image', data: 'a b' }, 'result.data: expected bytes (base64), got a string that is not base64: character 1 is not in the base64 alphabet'],
        ];
        for (const [value, message] of cases) {
            assert.throws(() => item(value, 'result'), { name: 'TypeError', message }, JSON.stringify(value));
        }
        // Tags compare exactly: neither case nor Unicode normalization makes a known variant.
        for (const tag of ['Text', 'te\u0301xt', 'text ', '__proto__', 'toString']) {
            const object = { kind: tag, body: 'b' };
            const branch = item(object, 'result');
            assert.deepEqual(branch, unknown('kind', object), tag);
            assert.equal(branch.unknown.object, object, 'the object as received');
            assert.deepEqual(Object.keys(branch), ['kind', 'unknown'], 'the page sees the two members only');
            assert.deepEqual(toWire(branch), object, 'sent back, it goes out as it came in');
        }
        assert.equal(JSON.stringify(item({ body: 'x', kind: 'video', n: [1] }, 'r')), '{"body":"x","kind":"video","n":[1]}', 'key order kept');
    });

    test(`${transport}: shareItems sends every variant as the wire says and reads each outcome`, async () => {
        let answer = { type: 'shared', activity: 'mail' };
        const sent = [];
        const { native, uninstall } = startApp(transport, sampleHandlers({
            sample: { shareItems: (params) => { sent.push(params); return answer; } },
        }));
        const { sample } = await freshModule(transport, 'sample');
        const later = { kind: 'video', url: 'https://v', seconds: 3 };
        const items = [
            { kind: 'text', body: 'Hello' },
            { kind: 'link', url: 'https://a.b', title: null },
            { kind: 'image', data: png },
            { kind: 'screenshot' },
            await received(transport, 'kind', later),
        ];
        assert.deepEqual(await sample.shareItems({ items }), answer);
        assert.deepEqual(sent[0].items, [
            { kind: 'text', body: 'Hello' },
            { kind: 'link', url: 'https://a.b', title: null },
            { kind: 'image', data: 'iVBORw==' },
            { kind: 'screenshot' },
            later,
        ], 'bytes as base64, an unknown variant as the object it came as');
        answer = { type: 'cancelled' };
        assert.deepEqual(await sample.shareItems({ items: [] }), { type: 'cancelled' });
        answer = { type: 'forwarded', to: 'tablet' };
        const outcome = await sample.shareItems({ items: [] });
        assert.deepEqual(outcome, unknown('type', answer), 'a newer app\'s variant is the unknown branch, not an error');
        assert.equal(outcome.type, null);
        const failures = [
            [{ activity: 'x' }, 'result.type: missing required string'],
            [{ type: 1 }, 'result.type: expected string, got int'],
            ['shared', 'result: expected object, got string'],
        ];
        for (const [bad, message] of failures) {
            answer = bad;
            await assert.rejects(sample.shareItems({ items: [] }), { code: -6, message: `sample.shareItems: ${message}` });
        }
        assert.equal(native.calls().length, 6);
        uninstall();
    });

    test(`${transport}: navigate events arrive with known, recursive and unknown actions; a bad one is dropped with its path`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const actions = [];
        const off = sample.on('navigate', ({ action }) => actions.push(action));
        await sample.ready();
        const push = { action: 'push', path: '/cart', query: { id: '7' } };
        const beam = { action: 'beam', to: 'tv' };
        await native.emit('sample', 'navigate', { action: push });
        await native.emit('sample', 'navigate', { action: { action: 'open-url', url: 'https://a.b' } });
        await native.emit('sample', 'navigate', { action: { action: 'sequence', steps: [{ action: 'back' }, { action: 'sequence', steps: [beam, push] }] } });
        await native.emit('sample', 'navigate', { action: beam });
        const { logged } = await capture('error', async () => {
            await native.emit('sample', 'navigate', { action: { action: 'sequence', steps: [{ action: 'back' }, { path: '/' }] } });
            await sleep(20);
        });
        assert.deepEqual(logged, ["[bridgegen] sample: dropped the event 'navigate': payload.action.steps[1].action: missing required string"]);
        assert.deepEqual(actions, [
            push,
            { action: 'open-url', url: 'https://a.b' },
            { action: 'sequence', steps: [{ action: 'back' }, { action: 'sequence', steps: [unknown('action', beam), push] }] },
            unknown('action', beam),
        ]);
        assert.equal(actions[2].steps[1].steps[0].unknown.tag, 'beam', 'unknown inside a known variant, two levels down');
        off();
        uninstall();
    });

    test(`${transport}: shareDrafts answers native with known variants (bytes as base64), unknown ones as received, and null`, async () => {
        const { uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const later = { kind: 'video', url: 'https://v' };
        let drafts = { a: { kind: 'image', data: png }, b: { kind: 'link', url: 'https://a.b' }, c: await received(transport, 'kind', later) };
        const off = sample.implement({ shareDrafts: () => drafts });
        assert.deepEqual(await callPageAsNative('sample', 'shareDrafts'), {
            errcode: 0, errmsg: 'ok', data: { a: { kind: 'image', data: 'iVBORw==' }, b: { kind: 'link', url: 'https://a.b' }, c: later },
        });
        drafts = null;
        assert.deepEqual(await callPageAsNative('sample', 'shareDrafts'), { errcode: 0, errmsg: 'ok', data: null });
        off();
        uninstall();
    });

    test(`${transport}: the mock decodes union params, refuses a value of no variant, and checks the page's union answers`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const later = { kind: 'video', url: 'https://v' };
        const mock = installMock({
            sample: {
                shareItems: ({ items }) => {
                    if (items.length === 0) return { type: 'cancelled' };
                    if (items[0].kind === 'text' && items[0].body === 'no outcome') return { activity: 'x' };
                    if (items[0].kind === 'image') assert.ok(items[0].data instanceof Uint8Array, 'bytes inside a variant decoded for the implementation');
                    return { type: 'shared', activity: items.map((item) => item.kind ?? `unknown:${item.unknown.tag}`).join(',') };
                },
            },
        });
        assert.deepEqual(await sample.shareItems({ items: [{ kind: 'image', data: png }, { kind: 'text', body: 'b' }, await received(transport, 'kind', later)] }),
            { type: 'shared', activity: 'image,text,unknown:video' });
        assert.deepEqual(await sample.shareItems({ items: [] }), { type: 'cancelled' });
        // Params of no variant fail as native fails them.
        await assert.rejects(sample.shareItems({ items: [{ kind: 'text', body: 'b' }, { body: 'no tag' }] }),
            { code: -3, message: 'params.items[1].kind: missing required string' });
        await assert.rejects(sample.shareItems({ items: ['text'] }), { code: -3, message: 'params.items[0]: expected object, got string' });
        await assert.rejects(sample.shareItems({ items: [{ kind: 'image', data: '!!!!' }] }),
            { code: -3, message: 'params.items[0].data: expected bytes (base64), got a string that is not base64: character 0 is not in the base64 alphabet' });
        // An implementation's answer of no variant goes through the client's decoder, as native's would.
        await assert.rejects(sample.shareItems({ items: [{ kind: 'text', body: 'no outcome' }] }),
            { code: -6, message: 'sample.shareItems: result.type: missing required string' });

        let drafts = { d1: { kind: 'image', data: png }, d2: await received(transport, 'kind', later) };
        const off = sample.implement({ shareDrafts: () => drafts });
        assert.deepEqual(await mock.callPage.sample.shareDrafts(), { d1: { kind: 'image', data: png }, d2: unknown('kind', later) },
            'as native reads the answer: bytes decoded, the unknown variant kept');
        drafts = { d1: { kind: 'image', data: png }, d2: { url: 'https://a.b' } };
        await assert.rejects(mock.callPage.sample.shareDrafts(), { code: -13, message: 'sample.shareDrafts: result["d2"].kind: missing required string' });
        drafts = null;
        assert.equal(await mock.callPage.sample.shareDrafts(), null);
        off();
        mock.uninstall();
    });
}
