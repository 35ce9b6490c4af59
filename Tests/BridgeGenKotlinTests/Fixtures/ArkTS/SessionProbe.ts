// Drives a BridgeSession of the ArkTS runtime (transpiled by tsc, run by node) through the
// script of page messages of ../SessionProbe.kt, with a module written as a generated one, and
// prints every frame posted and every log line, for ArkTSSessionTests to compare with
// ../SessionProbe.expected. `arkts` as the first argument runs what only this side has.

import { BridgeOrigin } from './Caller';
import { BridgeDecode, BridgeFields } from './Decoding';
import { BridgeEncode, BridgeMembers } from './Encoding';
import { BridgePageCaller } from './PageCalls';
import { BridgeLimits, BridgePath } from './Paths';
import {
  BridgeCall, BridgeCapabilities, BridgeDispatcher, BridgeFrame, BridgeModule, BridgeOriginPolicy, BridgeReply, BridgeSession
} from './Session';
import { BridgeCancelled, BridgeStream } from './Streams';
import { BridgeApplicationError, BridgeError, BridgeErrorCode, JsonInteger, JsonObject, JsonReal, JsonText, JsonValue } from './Values';

declare const process: { argv: string[]; stdout: { write(text: string): boolean } };
declare const gc: () => void;

function println(line: string): void {
  process.stdout.write(line + '\n');
}

/** Lets every handler run on: the microtasks, then one turn of the event loop. */
function settle(ms: number = 0): Promise<void> {
  return new Promise<void>((resolve: () => void) => {
    setTimeout(resolve, ms);
  });
}

/** A promise the probe resolves later: a handler's pending work. */
class Gate<T> {
  resolve: (value: T) => void = () => {};
  readonly promise: Promise<T> = new Promise<T>((resolve: (value: T) => void) => {
    this.resolve = resolve;
  });
}

interface ProbeHandler {
  ping(note: string, call: BridgeCall): void;
  echo(text: string, times: number, call: BridgeCall): Promise<string>;
  slow(call: BridgeCall): Promise<number>;
  fail(kind: string, call: BridgeCall): Promise<boolean>;
}

class ProbeDispatcher extends BridgeDispatcher<ProbeHandler> {
  readonly moduleName: string = 'probe';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['ping', 'echo', 'slow', 'fail'], ['tick'], [], '0123456789abcdef');
  override readonly mainFrameMethods: Set<string>;

  constructor(handler: ProbeHandler, mainFrame: string[] = []) {
    super(handler);
    this.mainFrameMethods = new Set<string>(mainFrame);
  }

  protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {
    switch (type) {
      case 'ping': {
        const note = params.string('note');
        this.send(reply, (h: ProbeHandler, call: BridgeCall) => h.ping(note, call));
        return;
      }
      case 'echo': {
        const text = params.string('text');
        const times = params.int('times', 1);
        this.request(reply, session, BridgeEncode.string, (h: ProbeHandler, call: BridgeCall) => h.echo(text, times, call));
        return;
      }
      case 'slow':
        this.request(reply, session, BridgeEncode.int, (h: ProbeHandler, call: BridgeCall) => h.slow(call));
        return;
      case 'fail': {
        const kind = params.string('kind');
        this.request(reply, session, BridgeEncode.bool, (h: ProbeHandler, call: BridgeCall) => h.fail(kind, call));
        return;
      }
      default: throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`);
    }
  }
}

/** The module's application errors, as generated ones are. */
class ProbeErrorBusy extends BridgeApplicationError {
  constructor(readonly retryAfterSeconds: number | undefined, readonly attempts: number, message: string = 'Busy.') {
    super(1002, message);
    this.name = 'Busy';
  }

  protected override encodeData(path: BridgePath): JsonValue {
    return new BridgeMembers(path).optional('retryAfterSeconds', this.retryAfterSeconds, BridgeEncode.double).int('attempts', this.attempts).json;
  }
}

class ProbeErrorGone extends BridgeApplicationError {
  constructor() {
    super(1003, 'Gone.');
    this.name = 'Gone';
  }
}

class Probe implements ProbeHandler {
  gate: Gate<number> = new Gate<number>();

  ping(note: string): void {
    println(`handler: ping ${note}`);
  }

  async echo(text: string, times: number): Promise<string> {
    return text.repeat(times);
  }

  slow(): Promise<number> {
    return this.gate.promise;
  }

  async fail(kind: string): Promise<boolean> {
    switch (kind) {
      case 'bridge': throw new BridgeError(1001, 'The key is empty.');
      case 'internal': throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'secret detail');
      case 'typed': throw new ProbeErrorBusy(2.5, 3, 'saving');
      case 'typed, no data': throw new ProbeErrorGone();
      case 'typed, unencodable': throw new ProbeErrorBusy(NaN, 0);
      default: throw new Error('boom');
    }
  }
}

function tick(n: number): () => JsonValue {
  return () => new JsonObject(new Map<string, JsonValue>([['n', new JsonInteger(BigInt(n))]]));
}

function frame(label: string): BridgeFrame {
  return { post: (text: string) => println(`${label}: ${text}`) };
}

async function main(): Promise<void> {
  const policy = new BridgeOriginPolicy(['app'], ['*.example.com'], true, []);
  const session = new BridgeSession(undefined, policy, (line: string) => println(`log: ${line}`));
  const handler = new Probe();
  session.install(new ProbeDispatcher(handler));
  const main = new BridgeOrigin('https', 'www.example.com', 443, true);
  const frameA = frame('A');
  const frameB = frame('B');
  async function send(text: string, origin: BridgeOrigin = main, to: BridgeFrame = frameA, channel: string = 'probe'): Promise<void> {
    println(`> ${text}`);
    session.receive(channel, text, origin, to);
    await settle();
  }
  session.emit('probe', 'tick', tick(1));
  await send('{"type":"$hello","data":{"module":"probe"},"callbackName":"cb1"}');
  session.emit('probe', 'tick', tick(2));
  await send('{"type":"echo","data":{"text":"ab"},"callbackName":"cb2"}');
  await send('{"type":"echo","data":{"text":"ab","times":3},"callbackName":"cb3"}');
  await send('{"type":"ping","data":{"note":"no answer for a send"}}');
  await send('{"type":"nope","callbackName":"cb4"}');
  await send('{"type":"echo","data":{"text":1},"callbackName":"cb5"}');
  await send('{"type":"echo","callbackName":"cb6","data":{"text":"x"},"callbackName":"cb6b"}');
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb7"}', new BridgeOrigin('https', 'www.example.com', 443, false), frameB);
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb8"}', new BridgeOrigin('https', 'evil.com', 443, true), frameB);
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb8h"}', new BridgeOrigin('http', 'shop.example', 80, true), frameB);
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb8o"}', new BridgeOrigin('about', '', 0, true), frameB);
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"a name with spaces"}');
  await send(`{"type":"echo","data":{"text":"x"},"callbackName":"${'n'.repeat(257)}"}`);
  await send('not json');
  await send('{"type":"fail","data":{"kind":"bridge"},"callbackName":"cb9"}');
  await send('{"type":"fail","data":{"kind":"internal"},"callbackName":"cb10"}');
  await send('{"type":"fail","data":{"kind":"other"},"callbackName":"cb11"}');
  await send('{"type":"fail","data":{"kind":"typed"},"callbackName":"cb11a"}');
  await send('{"type":"fail","data":{"kind":"typed, no data"},"callbackName":"cb11b"}');
  await send('{"type":"fail","data":{"kind":"typed, unencodable"},"callbackName":"cb11c"}');
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb12"}', main, frameA, 'other');
  await send('{"type":"slow","callbackName":"cb13"}');
  println(`running ${session.runningRequestCount}`);
  handler.gate.resolve(42);
  await settle();
  println(`running ${session.runningRequestCount}`);
  handler.gate = new Gate<number>();
  await send('{"type":"slow","callbackName":"cb14"}');
  session.renderExited();
  println(`running ${session.runningRequestCount}`);
  handler.gate.resolve(7);
  await settle();
  handler.gate = new Gate<number>();
  await send('{"type":"slow","callbackName":"cb20","id":"cb20"}');
  await send('{"type":"$cancel","data":{"id":"nothing"}}');
  println(`running ${session.runningRequestCount}`);
  await send('{"type":"$cancel","data":{"id":"cb20"},"callbackName":"cb21"}');
  println(`running ${session.runningRequestCount}`);
  handler.gate.resolve(9);
  await settle();
  session.emit('probe', 'tick', tick(3));
  await send('{"type":"$hello","data":{"module":"probe"},"callbackName":"cb15"}', main, frameB);
  await send('{"type":"$hello","data":{"module":"other"},"callbackName":"cb16"}');
  handler.gate = new Gate<number>();
  await send('{"type":"slow","callbackName":"cb17"}');
  session.uninstall('probe');
  await settle();
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb18"}');
  // The dispatcher holds its handler weakly: once the app drops it, requests find it gone.
  const weak = installDropped(session);
  for (let i = 0; i < 100 && weak.deref() !== undefined; i++) {
    await settle(10);
    gc();
  }
  println(`collected ${weak.deref() === undefined}`);
  await send('{"type":"echo","data":{"text":"x"},"callbackName":"cb19"}');
  await accessMainFrame();
  await streams();
}

function installDropped(session: BridgeSession): WeakRef<Probe> {
  const dropped = new Probe();
  session.install(new ProbeDispatcher(dropped));
  return new WeakRef<Probe>(dropped);
}

/** `access: mainFrame` on echo and ping under a policy that trusts iframes: a subframe is refused -4 before decoding. */
async function accessMainFrame(): Promise<void> {
  println('-- access: mainFrame');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], ['*.example.com'], false, []), (line: string) => println(`log: ${line}`));
  session.install(new ProbeDispatcher(new Probe(), ['echo', 'ping']));
  const main = new BridgeOrigin('https', 'www.example.com', 443, true);
  const sub = new BridgeOrigin('https', 'www.example.com', 443, false);
  const to = frame('F');
  async function send(text: string, origin: BridgeOrigin): Promise<void> {
    println(`> ${origin.isMainFrame ? 'main' : 'subframe'} ${text}`);
    session.receive('probe', text, origin, to);
    await settle();
  }
  await send('{"type":"echo","data":{"text":1},"callbackName":"a1"}', sub);
  await send('{"type":"echo","data":{"text":1},"callbackName":"a2"}', main);
  await send('{"type":"echo","data":{"text":"ok"},"callbackName":"a3"}', main);
  await send('{"type":"ping","data":{"note":"from a subframe"}}', sub);
  await send('{"type":"fail","data":{"kind":"bridge"},"callbackName":"a4"}', sub);
}

/** A stream method as a generated one: `count` yields 1 to `upTo`, then ends as `then` says. */
interface Counter {
  count(upTo: number, then: string, stream: BridgeStream<JsonValue>): Promise<string>;
}

class CounterDispatcher extends BridgeDispatcher<Counter> {
  readonly moduleName: string = 'probe';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['count'], [], [], '0123456789abcdef');

  protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {
    switch (type) {
      case 'count': {
        const upTo = params.int('upTo');
        const then = params.string('then', 'end');
        this.stream(reply, session, BridgeEncode.json, BridgeEncode.string,
          (h: Counter, stream: BridgeStream<JsonValue>) => h.count(upTo, then, stream));
        return;
      }
      default: throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`);
    }
  }
}

class CountingProbe implements Counter {
  async count(upTo: number, then: string, stream: BridgeStream<JsonValue>): Promise<string> {
    for (let n = 1; n <= upTo; n++) {
      try {
        await stream.emit(new JsonInteger(BigInt(n)));
      } catch (error) {
        if (error instanceof BridgeCancelled) {
          println(`handler: emit of ${n} cancelled (isCancelled=${stream.call.isCancelled})`);
        }
        throw error;
      }
    }
    switch (then) {
      case 'fail': throw new ProbeErrorBusy(undefined, upTo, `failed after ${upTo}`);
      case 'unencodable': await stream.emit(new JsonReal(NaN)); break;
      case 'huge': await stream.emit(new JsonText('x'.repeat(BridgeLimits.MAX_STREAM_ITEM_BYTES - 1))); break;
      case 'hold':
        await new Promise<void>((resolve: () => void) => stream.call.onCancel(resolve));
        println(`handler: count cancelled after ${upTo} (isCancelled=${stream.call.isCancelled})`);
        throw new BridgeCancelled('cancelled');
    }
    return `counted ${upTo}`;
  }
}

/** Streams: items in order then the answer, through the sending frame; errors after items; cancelled by `$cancel` and by navigation; refused without an id. */
async function streams(): Promise<void> {
  println('-- streams');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], true, []), (line: string) => println(`log: ${line}`));
  session.install(new CounterDispatcher(new CountingProbe()));
  const main = new BridgeOrigin('app', 'bundle', 0, true);
  const frameA = frame('A');
  const frameB = frame('B');
  async function send(text: string, to: BridgeFrame = frameA): Promise<void> {
    println(`> ${text}`);
    session.receive('probe', text, main, to);
    await settle();
  }
  await send('{"type":"count","data":{"upTo":3},"callbackName":"s1","id":"s1"}');
  await send('{"type":"count","data":{"upTo":2},"callbackName":"s2","id":"s2"}', frameB);
  await send('{"type":"count","data":{"upTo":0},"callbackName":"s3","id":"s3"}');
  await send('{"type":"count","data":{"upTo":2,"then":"fail"},"callbackName":"s4","id":"s4"}');
  await send('{"type":"count","data":{"upTo":2},"callbackName":"s5"}');
  await send('{"type":"count","data":{"upTo":2},"callbackName":"s6","id":7}');
  await send(`{"type":"count","data":{"upTo":2},"callbackName":"s7","id":"${'n'.repeat(257)}"}`);
  await send('{"type":"count","data":{"upTo":"2"},"callbackName":"s8"}');
  await send('{"type":"count","data":{"upTo":1,"then":"unencodable"},"callbackName":"s9","id":"s9"}');
  await send('{"type":"count","data":{"upTo":1,"then":"huge"},"callbackName":"s10","id":"s10"}');
  await send('{"type":"count","data":{"upTo":2,"then":"hold"},"callbackName":"s11","id":"s11"}');
  println(`running ${session.runningRequestCount}`);
  await send('{"type":"$cancel","data":{"id":"s11"}}');
  println(`running ${session.runningRequestCount}`);
  await send('{"type":"count","data":{"upTo":1,"then":"hold"},"callbackName":"s12","id":"s12"}');
  await send('{"type":"count","data":{"upTo":1,"then":"hold"},"callbackName":"s13","id":"s13"}', frameB);
  println('> pageStarted');
  session.pageStarted();
  await settle();
  println(`running ${session.runningRequestCount}`);
  await windowed(session, main);
  await paced(session, main);
}

/**
 * A stream's window (`$window`): with 2, two items go out, then one more per `$read` count
 * increase; a lower count changes nothing, a count above the items sent counts as them; `$cancel`
 * ends an emit waiting for room (-9). Refused -2 before the handler runs when malformed.
 */
async function windowed(session: BridgeSession, origin: BridgeOrigin): Promise<void> {
  println('-- windows');
  const to = frame('W');
  async function send(text: string): Promise<void> {
    println(`> ${text}`);
    session.receive('probe', text, origin, to);
    await settle();
  }
  await send('{"type":"count","data":{"upTo":10},"callbackName":"w1","id":"w1","$window":2}');
  for (const count of [1, 2, 1, 100, 4, 6]) {
    await send(`{"type":"$read","data":{"id":"w1","count":${count}}}`);
  }
  await send('{"type":"$read","data":{"id":"w1","count":7},"callbackName":"r1"}');
  await send('{"type":"$read","data":{"id":"w1","count":-1},"callbackName":"r2"}');
  println(`running ${session.runningRequestCount}`);
  await send('{"type":"$cancel","data":{"id":"w1"}}');
  println(`running ${session.runningRequestCount}`);
  await send('{"type":"count","data":{"upTo":3},"callbackName":"w2","id":"w2","$window":1024}');
  await send('{"type":"count","data":{"upTo":3},"callbackName":"w3","id":"w3","$window":0}');
  await send('{"type":"count","data":{"upTo":"3"},"callbackName":"w4","id":"w4","$window":0}');
}

/** 1,001 items: a window's share goes out at once, the last waits for the next one-second window; nothing is dropped. */
async function paced(session: BridgeSession, origin: BridgeOrigin): Promise<void> {
  const posted: number[] = [];
  const counting: BridgeFrame = { post: (text: string) => {
    if (text.startsWith('{"item"')) {
      posted.push(Date.now());
    }
  } };
  const limit = BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND;
  println(`> count ${limit + 1} items`);
  session.receive('probe', `{"type":"count","data":{"upTo":${limit + 1}},"callbackName":"p1","id":"p1"}`, origin, counting);
  while (session.runningRequestCount > 0) {
    await settle(10);
  }
  const first = posted[limit - 1] - posted[0];
  const wait = posted[limit] - posted[0];
  println(`posted ${posted.length}; the first ${limit} within ${first < 500 ? 'half a second' : `${first} ms`}, the next after at least 900 ms (the next window): ${wait >= 900}`);
}

/** What only this side has: origins from URLs, bundled origins, a `$cancel` before its request, the trailing BridgeCall, close(). */
async function arkts(): Promise<void> {
  println('-- origins from URLs');
  for (const url of ['https://www.Example.com/a?b', 'https://user:pw@example.com:8443/x', 'resource://RAWFILE/index.html', 'about:blank',
    'data:text/html,<p>', 'app://bundle', 'https://[::1]:9/', 'not a url', 'file:///data/index.html', 'https://example.com:99999/']) {
    const origin = BridgeOrigin.parse(url, true);
    println(`${url} -> ${origin.scheme} ${JSON.stringify(origin.host)} ${origin.port}`);
  }
  println('-- bundled origins');
  const policy = new BridgeOriginPolicy([], ['example.com'], true, ['resource://rawfile', 'app://Bundle:8080']);
  for (const url of ['resource://rawfile/index.html', 'resource://RAWFILE/a', 'resource://other/a', 'app://bundle:8080/', 'app://bundle/',
    'https://example.com:444/', 'https://sub.example.com/', 'app:x']) {
    const origin = BridgeOrigin.parse(url, true);
    println(`${url}: ${policy.allows(origin) ? 'allowed' : 'refused ' + policy.refusal(origin)}`);
  }
  println('-- a $cancel before its request, and the trailing BridgeCall');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], true, ['resource://rawfile']), (line: string) => println(`log: ${line}`));
  const handler = new CallerProbe();
  session.install(new CallerDispatcher(handler));
  const origin = BridgeOrigin.parse('resource://rawfile/index.html', true);
  const to = frame('A');
  async function send(text: string): Promise<void> {
    println(`> ${text}`);
    session.receive('probe', text, origin, to);
    await settle();
  }
  await send('{"type":"$cancel","data":{"id":"c1"},"callbackName":"x1"}');
  await send('{"type":"who","callbackName":"c1","id":"c1"}');
  await send('{"type":"who","callbackName":"c1b","id":"c1"}');
  await send('{"type":"note"}');
  await send('{"type":"wait","callbackName":"c2","id":"c2"}');
  await send('{"type":"$cancel","data":{"id":"c2"}}');
  println(`listeners told once: ${handler.told}; a listener added late is called at once: ${handler.lateListener()}`);
  await send('{"type":"$cancel","data":{"id":"c3"}}');
  println('> pageStarted');
  session.pageStarted();
  await send('{"type":"who","callbackName":"c3","id":"c3"}');
  println('-- close');
  await send('{"type":"wait","callbackName":"c4","id":"c4"}');
  session.emit('probe', 'tick', tick(1));
  println(`queued ${session.queuedEventCount('probe')}`);
  println('> close');
  session.close();
  println(`running ${session.runningRequestCount}, queued ${session.queuedEventCount('probe')}, modules ${session.moduleNames.length}, install again ${session.install(new CallerDispatcher(handler))}`);
  session.emit('probe', 'tick', tick(2));
  println(`queued ${session.queuedEventCount('probe')}`);
  await send('{"type":"who","callbackName":"c5"}');
  await thrown();
  await yielding();
  await pageScript();
}

/** A stream's handler that emits as fast as it can still lets the UI thread read a `$cancel` after 64 items. */
async function yielding(): Promise<void> {
  println('-- a fast stream yields to the UI thread');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], true, []), (line: string) => println(`log: ${line}`));
  session.install(new CounterDispatcher(new CountingProbe()));
  const origin = new BridgeOrigin('app', 'bundle', 0, true);
  let items = 0;
  const counting: BridgeFrame = { post: (text: string) => {
    if (text.startsWith('{"item"')) {
      items += 1;
    } else {
      println(`A: ${text}`);
    }
  } };
  session.receive('probe', '{"type":"count","data":{"upTo":500},"callbackName":"y1","id":"y1"}', origin, counting);
  // Queued behind the handler as the page's next post is.
  setTimeout(() => session.receive('probe', '{"type":"$cancel","data":{"id":"y1"}}', origin, counting), 0);
  await settle(20);
  println(`items before the $cancel was read: ${items}; running ${session.runningRequestCount}`);
}

/** A module that is no BridgeDispatcher and throws out of `dispatch`: once the stack overflows, once a TypeError. */
class ThrowingModule implements BridgeModule {
  readonly moduleName: string = 'probe';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['deep', 'typo'], [], [], '0123456789abcdef');
  readonly mainFrameMethods: Set<string> = new Set<string>();

  handles(type: string): boolean {
    return this.capabilities.methodNames.has(type);
  }

  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply, session: BridgeSession): void {
    if (type === 'deep') {
      const down = (n: number): number => down(n + 1) + 1;
      down(0);
    }
    throw new TypeError('x is not a function');
  }
}

/** What a module throws out of `dispatch` is answered -6, and the session serves the next message. */
async function thrown(): Promise<void> {
  println('-- thrown out of a module');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], true, []), (line: string) => println(`log: ${line}`));
  session.install(new ThrowingModule());
  const origin = new BridgeOrigin('app', 'bundle', 0, true);
  for (const text of ['{"type":"deep","callbackName":"t1"}', '{"type":"typo","callbackName":"t2"}', '{"type":"none","callbackName":"t3"}']) {
    println(`> ${text}`);
    session.receive('probe', text, origin, frame('A'));
    await settle();
  }
}

/** A module whose handlers report their trailing BridgeCall. */
class CallerProbe {
  told: number = 0;
  private last: BridgeCall | undefined = undefined;

  async who(call: BridgeCall): Promise<string> {
    return `${call.caller.toString()}; cancelled ${call.isCancelled}`;
  }

  note(call: BridgeCall): void {
    println(`handler: note from ${call.caller.toString()}`);
  }

  wait(call: BridgeCall): Promise<string> {
    this.last = call;
    call.onCancel(() => {
      this.told += 1;
    });
    return new Promise<string>((resolve: (value: string) => void) => call.onCancel(() => resolve('late')));
  }

  lateListener(): boolean {
    let called = false;
    this.last?.onCancel(() => {
      called = true;
    });
    return called;
  }
}

class CallerDispatcher extends BridgeDispatcher<CallerProbe> {
  readonly moduleName: string = 'probe';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['who', 'note', 'wait'], ['tick'], [], '0123456789abcdef');

  protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {
    switch (type) {
      case 'who': return this.request(reply, session, BridgeEncode.string, (h: CallerProbe, call: BridgeCall) => h.who(call));
      case 'note': return this.send(reply, (h: CallerProbe, call: BridgeCall) => h.note(call));
      case 'wait': return this.request(reply, session, BridgeEncode.string, (h: CallerProbe, call: BridgeCall) => h.wait(call));
      default: throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`);
    }
  }
}

/**
 * The page-call script as ArkWeb's runJavaScript runs it, here in node's global scope: the
 * script's value, and the `$answer` the body posts through the channel's object, which the
 * session takes.
 */
async function pageScript(): Promise<void> {
  println('-- the page-call script');
  const session = new BridgeSession(undefined, new BridgeOriginPolicy([], [], true, ['resource://rawfile']), (line: string) => println(`log: ${line}`));
  session.install(new CallerDispatcher(new CallerProbe()));
  const origin = BridgeOrigin.parse('resource://rawfile/index.html', true);
  const page = globalThis as unknown as Record<string, unknown>;
  page['window'] = globalThis;
  page['__bridgegen'] = { call: async (m: string, n: string, p: JsonValue) => JSON.stringify({ errcode: 0, errmsg: 'ok', data: `${m}.${n} ${JSON.stringify(p)}` }) };
  page['__bridgegen_ohos_probe'] = { postMessage: (text: string, deliver: unknown) => {
    println(`posted (deliver is a ${typeof deliver}): ${text}`);
    session.receive('probe', text, origin, frame('P'));
  } };
  session.evaluator = (script: string) => println(`script value: ${(0, eval)(script)}`);
  session.receive('probe', '{"type":"$hello","data":{"module":"probe"},"callbackName":"h"}', origin, { post: (text: string) => {} });
  const caller = new BridgePageCaller('probe', session, 5000);
  const params = new JsonObject(new Map<string, JsonValue>([['userId', new JsonText('u<1>\u2028')]]));
  println(`answer: ${await caller.call<string>('count', params, BridgeDecode.string)}`);
  // A deadline beyond what a timer holds is none: the call waits for its answer.
  session.evaluator = (script: string) => println('script run');
  const unbounded = caller.withTimeout(Infinity).call<string>('count', params, BridgeDecode.string);
  await settle(5);
  session.receive('probe', '{"type":"$answer","data":{"token":"2","envelope":"{\\"errcode\\":0,\\"data\\":\\"late\\"}"}}', origin, frame('P'));
  println(`unbounded: ${await unbounded}`);
  for (const ms of [0, -1, NaN]) {
    await caller.withTimeout(ms).call<string>('count', params, BridgeDecode.string).catch((error: BridgeError) => println(`${ms}: ${error.code} ${error.message}`));
  }
}

(process.argv[2] === 'arkts' ? arkts() : main()).catch((error: Error) => {
  println(`probe failed: ${error.stack}`);
});
