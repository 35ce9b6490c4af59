// The console-forwarding page script (Runtime/JavaScript/console-forward.js) under node, each
// case in a fresh vm context standing in for a page: a fake `webkit.messageHandlers`, a console
// that records, `addEventListener`, a settable clock and timers. ConsoleTests.swift runs it with
// the script exactly as the Swift runtime writes it (BridgeConsole.userScriptSource):
//
//   node console-forward.test.mjs SCRIPT.js MAX_LENGTH MAX_PER_SECOND
//
// Prints one line per case and `N passed, N failed`; exit status 0 when all passed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import vm from 'node:vm';

const [scriptPath, maxLengthText, perSecondText] = process.argv.slice(2);
const source = fs.readFileSync(scriptPath, 'utf8');
const MAX = Number(maxLengthText);
const PER_SECOND = Number(perSecondText);
assert.ok(MAX >= 100 && PER_SECOND >= 3, 'the cases need a length limit of at least 100 and 3 messages a second');

/** A page with the script installed at document start. */
function page({ channel = true, before = '' } = {}) {
    const posted = [];
    const printed = [];
    const listeners = {};
    const timers = [];
    const record = (level) => function (...args) { printed.push([level, ...args]); };
    const sandbox = {
        console: { log: record('log'), info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug') },
        addEventListener(type, listener) { (listeners[type] ??= []).push(listener); },
        setTimeout(fn, ms) { timers.push({ fn, ms }); return timers.length; },
        __clock: 1_000_000,
        __post(message) { posted.push({ level: message.level, message: message.message }); },
    };
    const context = vm.createContext(sandbox);
    vm.runInContext('Date.now = () => globalThis.__clock;' + before, context);
    if (channel) vm.runInContext('globalThis.webkit = { messageHandlers: { bridgegenConsole: { postMessage(m) { __post(m); } } } };', context);
    vm.runInContext(source, context, { filename: 'console-forward.js' });
    return {
        posted,
        printed,
        timers,
        run: (code) => vm.runInContext(code, context),
        dispatch(type, event) { for (const listener of listeners[type] ?? []) listener(event); },
        advance(ms) { sandbox.__clock += ms; },
        messages: () => posted.map((p) => p.message),
    };
}

const cases = [];
const t = (name, body) => cases.push({ name, body });

t('the four levels are forwarded and still reach the original console', () => {
    const p = page();
    p.run(`console.log('a', 1, true, null, undefined, 2n, Symbol('s')); console.info('i'); console.warn('w'); console.error('e'); console.debug('d');`);
    assert.deepEqual(p.posted, [
        { level: 'log', message: 'a 1 true null undefined 2n Symbol(s)' },
        { level: 'info', message: 'i' }, { level: 'warn', message: 'w' }, { level: 'error', message: 'e' },
    ]);
    assert.deepEqual(p.printed.map((x) => x[0]), ['log', 'info', 'warn', 'error', 'debug']);
    assert.equal(p.printed[0].length, 8, 'the original got every argument');
});

t('objects, arrays, nesting beyond 4 levels, functions', () => {
    const p = page();
    p.run(`console.log({ a: 1, b: [1, 'x"y'], c: { d: { e: { f: { g: 1 } } } } }, [[[[[[]]]]]], function named() {}, () => 1, new Map([[1, 2]]))`);
    assert.equal(p.messages()[0], '{"a":1,"b":[1,"x\\"y"],"c":{"d":{"e":{"f":[Object]}}}} [[[[[Array]]]]] [Function named] [Function] Map {}');
});

t('cyclic objects', () => {
    const p = page();
    p.run(`const o = { name: 'o' }; o.self = o; o.list = [o, { back: o }]; console.log(o); const a = []; a.push(a); console.error(a);`);
    assert.deepEqual(p.messages(), ['{"name":"o","self":[Circular],"list":[[Circular],{"back":[Circular]}]}', '[[Circular]]']);
});

t('throwing getters, toString, Symbol.toPrimitive, Symbol.toStringTag and proxies', () => {
    const p = page();
    p.run(`
        const evil = { get bad() { throw new Error('getter'); }, toString() { throw 1; }, [Symbol.toPrimitive]() { throw 2; }, ok: 1 };
        Object.defineProperty(evil, Symbol.toStringTag, { get() { throw 3; } });
        const trap = () => { throw new Error('trap'); };
        const proxy = new Proxy({}, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, has: trap });
        const revocable = Proxy.revocable({}, {}); revocable.revoke();
        console.log(evil, proxy, revocable.proxy);
        console.log('after');`);
    assert.deepEqual(p.messages(), ['{"bad":[getter threw],"toString":[Function toString],"ok":1} [Object] [Object]', 'after']);
});

t('a huge string and a huge array are cut at the limit, quickly', () => {
    const p = page();
    const started = Date.now();
    p.run(`console.log('x'.repeat(20000000)); console.log(Array.from({ length: 1000000 }, (_, i) => i)); console.log({ s: 'y'.repeat(20000000) });`);
    assert.ok(Date.now() - started < 2000, 'formatting stops at the limit');
    const [a, b, c] = p.messages();
    assert.equal(a, 'x'.repeat(MAX));
    assert.equal(b, ('[' + Array.from({ length: 100 }, (_, i) => i).join(',') + ',\u2026999900 more]').slice(0, MAX));
    assert.equal(c, ('{"s":"' + 'y'.repeat(MAX)).slice(0, MAX));
});

t('an array past 100 items says how many more', () => {
    const p = page();
    p.run(`console.log(Array.from({ length: 103 }, () => 0))`);
    const expected = '[' + Array(100).fill(0).join(',') + ',\u2026' + '3 more]';
    assert.equal(p.messages()[0], expected.length > MAX ? expected.slice(0, MAX) : expected);
});

t('a cut never leaves half of a surrogate pair', () => {
    const p = page();
    p.run(`console.log('a' + '\\u{1F600}'.repeat(${MAX}))`);
    const message = p.messages()[0];
    assert.equal(message.length, MAX - 1, 'the pair that would be split is left out');
    assert.ok(message.isWellFormed());
});

t('deep nesting (100,000 levels) is summarised, no stack overflow', () => {
    const p = page();
    p.run(`let deep = []; for (let i = 0; i < 100000; i++) deep = [deep]; console.log(deep);`);
    assert.equal(p.messages()[0], '[[[[[Array]]]]]');
});

t('errors: with a stack, without one, subclasses, error-like objects', () => {
    const p = page();
    for (const code of [
        `console.error(new TypeError('bad thing'));`,
        `const bare = new Error('no stack'); bare.stack = undefined; console.error(bare);`,
        `const nameless = new Error(''); nameless.stack = ''; console.error(nameless);`,
        `console.error(Object.create(Error.prototype));`,
        `const hostile = new Error('x'); Object.defineProperty(hostile, 'message', { get() { throw 1; } }); hostile.stack = undefined; console.error(hostile);`,
    ]) {
        p.run(code);
        p.advance(1000); // one a second: the rate limit is not what this case is about
    }
    const [typed, bare, nameless, fake, hostile] = p.messages();
    assert.ok(typed.startsWith('TypeError: bad thing\n'), typed);
    assert.ok(typed.includes('console-forward') || typed.includes('evalmachine') || typed.includes('at '), 'the stack follows');
    assert.deepEqual([bare, nameless, fake, hostile], ['Error: no stack', 'Error', 'Error', 'Error']);
});

t('uncaught errors: an Error, a thrown string, a cross-origin "Script error."', () => {
    const p = page();
    const error = p.run(`const e = new RangeError('out'); e.stack = 'f@app://x/a.js:3:7'; e`);
    p.dispatch('error', { error, message: 'RangeError: out', filename: 'app://x/a.js', lineno: 3, colno: 7 });
    p.dispatch('error', { error: 'just text', message: 'just text', filename: 'app://x/b.js', lineno: 1, colno: 2 });
    p.dispatch('error', { error: null, message: 'Script error.', filename: '', lineno: 0, colno: 0 });
    p.dispatch('error', { get error() { throw 1; }, get message() { throw 2; }, filename: { toString() { throw 3; } }, lineno: {}, colno: 1 });
    assert.deepEqual(p.posted, [
        { level: 'error', message: 'Uncaught RangeError: out (app://x/a.js:3:7)\nf@app://x/a.js:3:7' },
        { level: 'error', message: 'Uncaught just text (app://x/b.js:1:2)' },
        { level: 'error', message: 'Uncaught Script error.' },
        { level: 'error', message: 'Uncaught ' },
    ]);
});

t('unhandled rejections, Error and non-Error reasons', () => {
    const p = page();
    const reasons = p.run(`const e = new Error('nope'); e.stack = undefined; [e, 42, { code: 7 }, undefined, null, 'text']`);
    for (const reason of reasons) {
        p.dispatch('unhandledrejection', { reason, promise: null });
        p.advance(1000); // one a second: the rate limit is not what this case is about
    }
    assert.deepEqual(p.messages(), ['Unhandled rejection: Error: nope', 'Unhandled rejection: 42', 'Unhandled rejection: {"code":7}',
                                    'Unhandled rejection: undefined', 'Unhandled rejection: null', 'Unhandled rejection: text']);
});

t('a replaced console is forwarded too; undefined and non-objects do not break it', () => {
    const p = page();
    p.run(`globalThis.mine = []; console = { log(...a) { mine.push(a.join('+')); } }; console.log('one', 2);`);
    p.run(`console = undefined; console = 5; console = { warn() {} }; console.warn('two'); console = Object.freeze({ log() {} }); console.log('frozen');`);
    assert.deepEqual(p.posted, [{ level: 'log', message: 'one 2' }, { level: 'warn', message: 'two' }]);
    assert.deepEqual(p.run('JSON.stringify(mine)'), '["one+2"]');
});

t('a deleted console, then a new one', () => {
    const p = page();
    assert.equal(p.run(`delete globalThis.console`), true);
    assert.equal(p.run(`typeof console`), 'undefined');
    p.dispatch('unhandledrejection', { reason: 'still here' });
    p.run(`globalThis.console = { log() {} }; console.log('plain again');`);
    assert.deepEqual(p.messages(), ['Unhandled rejection: still here']);
});

t('replaced methods are forwarded and called; non-functions read back as set', () => {
    const p = page();
    p.run(`globalThis.got = []; console.log = function (x) { got.push(this === console, x); }; console.log('m'); console.warn = 5;`);
    assert.equal(p.run('JSON.stringify(got)'), '[true,"m"]');
    assert.equal(p.run('console.warn'), 5);
    assert.equal(p.run('typeof console.info'), 'function');
    assert.deepEqual(p.messages(), ['m']);
});

t('a page that replaces builtins after load (Reflect.apply, JSON, String.prototype, Array setters) changes nothing', () => {
    const p = page();
    p.run(`
        Reflect.apply = () => { throw new Error('no'); };
        JSON.stringify = () => { throw new Error('no'); };
        String.prototype.slice = () => { throw new Error('no'); };
        Object.keys = () => { throw new Error('no'); };
        Object.defineProperty(Array.prototype, '0', { set() { throw new Error('no'); }, configurable: true });
        console.log({ a: ['b'] }, 'z'.repeat(${MAX} + 10));`);
    assert.deepEqual(p.messages(), ['{"a":["b"]} ' + 'z'.repeat(MAX - 12)]);
});

t('console calls made while formatting are not forwarded again', () => {
    const p = page();
    p.run(`console.log({ get x() { console.log('inner'); return 1; } });`);
    assert.deepEqual(p.messages(), ['{"x":1}']);
    assert.deepEqual(p.printed.map((x) => x[1]), ['inner', p.printed[1][1]]);
});

t(`the rate limit: ${PER_SECOND} a second, the rest counted and reported once`, () => {
    const p = page();
    p.run(`for (let i = 0; i < ${PER_SECOND} + 7; i++) console.log('m' + i);`);
    assert.equal(p.posted.length, PER_SECOND);
    assert.equal(p.printed.length, PER_SECOND + 7, 'the page\'s console got every call');
    assert.equal(p.timers.length, 1, 'one report scheduled');
    p.advance(p.timers[0].ms);
    p.timers[0].fn();
    assert.deepEqual(p.posted[PER_SECOND], { level: 'warn', message: '7 console messages dropped' });
    p.run(`for (let i = 0; i < ${PER_SECOND}; i++) console.log('n' + i);`);
    assert.equal(p.posted.length, 2 * PER_SECOND, 'the report counted in the new second');
    p.advance(1000);
    p.run(`console.log('later')`);
    assert.deepEqual(p.posted.slice(-2), [{ level: 'warn', message: '1 console messages dropped' }, { level: 'log', message: 'later' }]);
});

t('no channel (a frame without the handler) and a channel that throws: nothing thrown, later channel used', () => {
    const p = page({ channel: false });
    p.run(`console.log('lost'); globalThis.webkit = { messageHandlers: { bridgegenConsole: { postMessage() { throw new Error('gone'); } } } }; console.log('throws');`);
    p.run(`webkit.messageHandlers.bridgegenConsole.postMessage = function (m) { __post(m); }; console.log('taken at first use');`);
    assert.deepEqual(p.messages(), []);
    const q = page({ channel: false });
    q.run(`globalThis.webkit = { messageHandlers: { bridgegenConsole: { postMessage(m) { __post(m); } } } }; console.log('found later');`);
    assert.deepEqual(q.messages(), ['found later']);
});

t('a page without setTimeout or addEventListener still forwards', () => {
    const p = page({ before: 'delete globalThis.setTimeout; globalThis.addEventListener = undefined;' });
    p.run(`for (let i = 0; i < ${PER_SECOND} + 1; i++) console.log(i);`);
    p.advance(1000);
    p.run(`console.log('next')`);
    assert.deepEqual(p.messages().slice(-2), ['1 console messages dropped', 'next']);
});

let passed = 0;
let failed = 0;
for (const c of cases) {
    try {
        c.body();
        passed += 1;
        console.log(`ok ${c.name}`);
    } catch (error) {
        failed += 1;
        console.log(`FAIL ${c.name}\n    ${String(error && error.stack || error).split('\n').slice(0, 30).join('\n    ')}`);
    }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
