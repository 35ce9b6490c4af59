// A node host around the ArkTS generated for Schemas/ (compiled by tsc from the .ets files copied
// as .ts): the set's dispatchers with the deterministic TestHandlers (TestHandlers.ts; the Swift
// test host's behaviour), installed module by module as an app installs them (SampleBridge.install,
// UserBridge.install; BridgeArkWeb.install for a transport or policy other than the set's) on the
// node ArkWeb stand-in (Harness/arkweb: arkweb.js + engine.js), one frame (by default the main frame of resource://rawfile/index.html).
// The twin of Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt, speaking its JSON lines; the
// conformance harness (roundtrip.mjs --platform arkts, chromium_android.py --platform arkts) runs
// the generated TypeScript client against it, the page's objects emulated by arkts.js.
//
// JSON lines in:
//   {"id":1,"install":"reply"|"callback","origin":"resource://rawfile/index.html","mainFrame":true,"console":true,"trustedHost":"h"}
//       a fresh Web with the bridge (console forwarding; the policy trusting https://h too): its
//       main frame at origin, or (mainFrame false) a main frame at resource://rawfile and one
//       iframe at origin, which the page then is
//   {"id":2,"post":{"object":"__bridgegen_ohos_sample","text":"...","deliver":"__bridgegen_ohos_sample#7"}}
//       the page posts on an object; "deliver" names the page function it passed (the frames
//       the glue hands that function come back with its name); no "deliver": no function;
//       "sender" and "seq" (when the page passed them): the post's order, passed on
//   {"id":3,"emit":{"module","event","payload"}}      the typed event senders
//   {"id":4,"callPage":{"module","method","params","timeoutMs"}}   the generated page callers (no
//       "cancelAfterMs": an ArkTS caller has no Task to cancel)
//   {"id":5,"callPages":[<callPage>, ...]}             all at once; "outcomes" in order
//   {"id":6,"calls":true}       the handler calls and log lines since the last time (drained)
//   {"id":7,"terminate":true}   the renderer exited (BridgeArkWeb.renderExited, as onRenderExited)
//   {"id":12,"pageStarted":true} the main frame starts a load (BridgeArkWeb.pageStarted, as onPageBegin); the
//                               harness's page stays, as the next document would, and says $hello again
//   {"id":8,"reset":true}       empties the handlers' store and logs the user in again
//   {"id":9,"stats":true}       "lateAnswers"; "evaluated": the runJavaScript scripts since the install
//   {"id":11,"module":"sample","installed":false}   the app takes a module out of the session (the object stays), or back
//   {"id":10,"uninstall":true}
// The bytes fast path (docs/WIRE.md, "Bytes at platform speed (HarmonyOS)"; Harness/bytes.js), the
// Swift test host's commands, through the stand-in's scheme handler the glue set:
//   {"id":13,"transfers":{"max":N,"inline":N,"baseUrl":"https://..."}|false}   the store on (a later
//       install with `transfers`, as an app's) or off; the app's customizeSchemes call ran at start
//   {"id":14,"scheme":{"method","url","headers":{name: value},"file","frameUrl","out"}}   a page's
//       request of the scheme (the harness's route relays it): the body read from "file", a 200
//       octet-stream body written to "out"; "http": {"status","headers","body"|"length"} or {"failed"}
//   {"id":15,"upload":{"origin","file","declaredLength","torn"}}   {"id":16,"download":{"origin","token","file"}}
//       an upload or a download as the page's fetch would make it, with that Origin header
//   {"id":17,"tearNextUpload":true}   the next scheme upload's body fails after its first half
//   "stats" also reports "transfers": {"entries","heldBytes"}
// Out: {"id":N,"queued":{...},...} when a command is done and what it started has settled (a page
// call when it ends, with "outcome"); between them what the page gets, in order:
// {"frame":{"object","deliver","data"}} (a page function the glue called) and {"evaluate":script}
// (runJavaScript). The install's output names the objects the frame got ("objects") and the
// document-start scripts the page runs first ("scripts", in ArkWeb's order).

import { webview } from '@kit.ArkWeb';
import { BridgeArkWeb } from './ArkWeb';
import { SampleBridge, SampleCodec, SampleDispatcher, SampleEvents, SamplePage } from './SampleBridge';
import { BusyError, UserBridge, UserCodec, UserDispatcher, UserEvents, UserPage } from './UserBridge';
import {
  BridgeApplicationError, BridgeArkWebOptions, BridgeArkWebTransfers, BridgeConfiguration, BridgeConsole, BridgeConsoleLevel, BridgeEncode, BridgeError, BridgeErrorCode, BridgeFields, BridgeIncoming,
  BridgeOriginPolicy, BridgePath, BridgeSession, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue
} from './BridgeGenSupport';
import { TestHandlers, jsonText } from './TestHandlers';

// What the host needs of node and of the stand-in (plain JavaScript), declared here: no @types package.
declare function require(name: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
declare const process: any; // eslint-disable-line @typescript-eslint/no-explicit-any
declare function setTimeout(run: () => void, ms: number): number;

// The engine's side of the ArkWeb stand-in (Harness/arkweb: arkweb.js + engine.js; e2e.py links it
// as the package `arkweb-standin`); its WebviewController is `@kit.ArkWeb`'s under node.
const arkweb = require('arkweb-standin');
const ArkWebEngine = arkweb.ArkWebEngine;

const BUNDLED = 'resource://rawfile/index.html';
/** The generated `origin:` policy of Schemas/ (the ArkTS default `arkts.bundledOrigins` included). */
const POLICY = BridgeConfiguration.policy;
/** Schemas/bridgegen.yaml's page-call timeout. */
const PAGE_CALL_TIMEOUT_MS = 10000;

type Fields = Map<string, JsonValue>;

const text = (value: string): JsonValue => new JsonText(value);
const integer = (value: number): JsonValue => new JsonInteger(BigInt(value));
const object = (entries: [string, JsonValue][]): JsonValue => new JsonObject(new Map<string, JsonValue>(entries));
const member = (fields: Fields | undefined, key: string): string | undefined => {
  const value = fields?.get(key);
  return value instanceof JsonText ? value.value : undefined;
};
const number = (fields: Fields | undefined, key: string): number | undefined => {
  const value = fields?.get(key);
  return value instanceof JsonInteger ? Number(value.value) : undefined;
};
const flagOf = (fields: Fields, key: string): boolean => {
  const value = fields.get(key);
  return value instanceof JsonBool && value.value;
};
const members = (value: JsonValue | undefined): Fields | undefined => (value instanceof JsonObject ? value.members : undefined);
const later = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

function write(entries: [string, JsonValue][]): void {
  process.stdout.write(jsonText(object(entries)) + '\n');
}

/**
 * The stand-in's engine with the page elsewhere: runJavaScript's scripts go to the harness's page
 * (an `evaluate` line), resolving `true`, the completion value the page-call scripts end with.
 * The stand-in document stays: it holds the injected objects the harness posts through.
 */
class PipedEngine extends ArkWebEngine {
  evaluated = 0;

  constructor(attribute: unknown) {
    super(attribute);
  }

  queueScript(script: string, resolve: (text: string) => void): void {
    setTimeout(() => {
      if (!this.rendererAlive || this.main === null || !this.main.alive) return;
      this.evaluated += 1;
      write([['evaluate', text(script)]]);
      resolve('true');
    }, 0);
  }
}

class Host {
  readonly handlers = new TestHandlers();
  readonly logs: string[] = [];
  lateAnswers = 0;
  engine: any = undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  frame: any = undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  controller: any = undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  session: BridgeSession | undefined = undefined;
  /** The install's policy and options: a later install (the bytes path's) must give the same. */
  policy: BridgeOriginPolicy = POLICY;
  options: BridgeArkWebOptions = {};
  tearNext = false;

  /** What an app's log does with the bridge's lines (it adds its tag); late page answers are counted as the Swift host counts them. */
  log(line: string): void {
    if (line.startsWith('ignored a late page-call answer')) this.lateAnswers += 1;
    this.logs.push('bridgegen: ' + line);
  }

  /**
   * Waits until the session has been idle for a few timer rounds: what a line started (handlers,
   * answers, the stand-in's deliveries, each a later task) has finished.
   */
  async settle(): Promise<void> {
    let quiet = 0;
    for (let round = 0; round < 100000 && quiet <= 2; round++) {
      await later();
      const running = (this.session?.runningRequestCount ?? 0) - this.handlers.parked;
      quiet = running <= 0 ? quiet + 1 : 0;
    }
  }

  async install(transport: string, origin: string, isMainFrame: boolean, console: boolean, trustedHost: string | undefined): Promise<[string, JsonValue][]> {
    this.uninstall();
    const controller = new webview.WebviewController();
    // An app serving pages from a web origin as well trusts that host too.
    const policy = trustedHost === undefined ? POLICY
      : new BridgeOriginPolicy(POLICY.trustedSchemes, POLICY.trustedHosts.concat([trustedHost]), POLICY.mainFrameOnly, POLICY.bundledOrigins);
    const channel = transport === 'callback' ? 'uniBridgeCall' : undefined;
    const main = isMainFrame ? origin : BUNDLED;
    this.policy = policy;
    this.options = { callbackChannel: channel, log: (line: string): void => this.log(line) };
    const web = arkweb.Web({ src: main, controller })
      .onControllerAttached(() => {
        // The generated receiver (`console` stands for a debug build), its [H5] lines in the log as AndroidHost's.
        const log = (line: string): void => this.log(line);
        const sink = (level: BridgeConsoleLevel, message: string): void => { this.logs.push(BridgeConsole.line(level, message)); };
        if (channel === BridgeConfiguration.callbackChannel && policy === POLICY) {
          // As an app installs: each module on its own, with the generated settings.
          this.session = SampleBridge.install(controller, this.handlers, log, console, sink);
          UserBridge.install(controller, this.handlers, log, console, sink);
          return;
        }
        // A transport or policy other than the set's: the glue's install, one module at a time too.
        const receiver = BridgeConfiguration.consoleReceiver(console, log, sink, policy);
        const options: BridgeArkWebOptions = { callbackChannel: channel, log: log, console: receiver };
        this.options = options;
        this.session = BridgeArkWeb.install(controller, [new SampleDispatcher(this.handlers)], policy, options);
        BridgeArkWeb.install(controller, [new UserDispatcher(this.handlers)], policy, options);
      })
      .onPageBegin((event: { url: string }) => BridgeArkWeb.pageStarted(controller, event.url))
      .onRenderExited(() => BridgeArkWeb.renderExited(controller));
    const engine = new PipedEngine(web);
    await engine.attach();
    const page = await engine.load(main);
    this.frame = isMainFrame ? page : page.addFrame(origin);
    this.engine = engine;
    this.controller = controller;
    // The document-start scripts an app gives its Web, in the order ArkWeb runs them, for the page to run first.
    // The generated set's own (Schemas/ with `console.forward: debug`: `console` stands for a debug build).
    const items = BridgeConfiguration.documentStartScripts(console, policy);
    const scripts: { script: string }[] = arkweb.documentStartScripts({ startScripts: items, startScriptsInOrder: [] }, main);
    const objects = Object.keys(this.frame.window).filter((name) => name.startsWith('__bridgegen_'));
    return [
      ['objects', new JsonArray(objects.map(text))],
      ['scripts', new JsonArray(scripts.map((item) => text(item.script)))],
    ];
  }

  /**
   * The page posts on an object, through the stand-in (its permission list, the calling frame's
   * URL, its value conversion and async order): the page function's calls come back as `frame` lines.
   */
  post(name: string, posted: string | undefined, deliver: string | undefined, sender?: string, seq?: number): void {
    const proxy = this.frame?.window[name];
    if (proxy === undefined) return;
    const page = deliver === undefined ? undefined
      : (data: string) => write([['frame', object([['object', text(name)], ['deliver', text(deliver)], ['data', text(data)]])]]);
    if (sender === undefined && seq === undefined) proxy.postMessage(posted, page);
    else proxy.postMessage(posted, page, sender, seq);
  }

  /** An event through the generated senders, the payload decoded by the generated codecs first (defaults applied). */
  emit(emit: Fields): void {
    const session = this.session;
    if (session === undefined) return;
    const payload = new BridgeFields(emit.get('payload') ?? new JsonObject(new Map<string, JsonValue>()), new BridgePath('payload'));
    const name = `${member(emit, 'module')}.${member(emit, 'event')}`;
    switch (name) {
      case 'sample.resume': return new SampleEvents(session).resume(payload.double('backgroundSeconds'));
      case 'sample.loadError': return new SampleEvents(session).loadError(payload.field('failure', SampleCodec.decodeLoadFailure));
      case 'sample.navigate': return new SampleEvents(session).navigate(payload.field('action', SampleCodec.decodeNavigationAction));
      case 'user.loginChanged':
      case 'user.login-changed': return new UserEvents(session).loginChanged(payload.optional('user', UserCodec.decodeUserInfo));
      default: throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `no event ${member(emit, 'event')} in module ${member(emit, 'module')}`);
    }
  }

  /** The bytes path on (a later install with `transfers`, as an app's; a new store when it is on already) or off. */
  transfers(spec: JsonValue | undefined): void {
    const session = this.session;
    if (session === undefined || this.controller === undefined) return;
    const fields = members(spec);
    if (fields === undefined) {
      session.transfers = undefined;
      return;
    }
    const options = { max: number(fields, 'max'), inline: number(fields, 'inline'), baseUrl: member(fields, 'baseUrl') };
    if (session.transfers === undefined) BridgeArkWeb.install(this.controller, [], this.policy, { ...this.options, transfers: options });
    else session.transfers = BridgeArkWebTransfers.store(options);
  }

  /** A page's request of the scheme, through the stand-in to the handler the glue set: its outcome. */
  async scheme(method: string, url: string, headers: [string, string][], body: Uint8Array | undefined, fields: Fields): Promise<Fields> {
    const torn = this.tearNext && method === 'POST';
    this.tearNext = this.tearNext && !torn;
    const stream = body === undefined ? null : new arkweb.WebHttpBodyStream(body, {
      tearAt: torn ? Math.floor(body.length / 2) : undefined, size: number(fields, 'declaredLength') });
    const request = this.engine?.schemeRequest({ url, method, headers, body: stream, frameUrl: member(fields, 'frameUrl') ?? '' }, 'bridgegen-bytes');
    const result = request === undefined ? { refused: 'not installed' } : await request.result;
    const outcome = new Map<string, JsonValue>();
    if (result.response === undefined) {
      outcome.set('failed', integer(result.failed ?? 0));
      outcome.set('why', text(JSON.stringify(result)));
      return outcome;
    }
    outcome.set('status', integer(result.response.status));
    outcome.set('headers', object(Object.entries(result.response.headers as Record<string, string>).map(([k, v]): [string, JsonValue] => [k, text(v)])));
    const out = member(fields, 'out') ?? member(fields, 'file');
    if (result.response.status === 200 && result.response.mimeType === 'application/octet-stream' && out !== undefined) {
      require('fs').writeFileSync(out, result.body);
      outcome.set('length', integer(result.body.length));
    } else {
      outcome.set('body', text(result.body.toString('utf8')));
    }
    return outcome;
  }

  /** The `scheme`, `upload` and `download` commands: the request each makes of the scheme. */
  async transfer(command: Fields): Promise<JsonValue> {
    const fs = require('fs');
    const base = this.session?.transfers?.baseUrl ?? 'bridgegen-bytes://transfer/';
    const origin = (fields: Fields): [string, string][] => (member(fields, 'origin') === undefined ? [] : [['Origin', member(fields, 'origin') as string]]);
    const read = (fields: Fields): Uint8Array | undefined => (member(fields, 'file') === undefined ? undefined : new Uint8Array(fs.readFileSync(member(fields, 'file'))));
    const upload = members(command.get('upload'));
    const download = members(command.get('download'));
    const scheme = members(command.get('scheme')) ?? new Map<string, JsonValue>();
    if (upload !== undefined) {
      if (flagOf(upload, 'torn')) this.tearNext = true;
      return new JsonObject(await this.scheme('POST', base + 'upload', origin(upload), read(upload) ?? new Uint8Array(0), upload));
    }
    if (download !== undefined) {
      return new JsonObject(await this.scheme('GET', base + (member(download, 'token') ?? ''), origin(download), undefined, download));
    }
    const headers = Array.from(members(scheme.get('headers'))?.entries() ?? []).map(([k, v]): [string, string] => [k, v instanceof JsonText ? v.value : '']);
    return new JsonObject(await this.scheme(member(scheme, 'method') ?? 'GET', member(scheme, 'url') ?? '', headers, read(scheme), scheme));
  }

  /** The app takes a module out of the session (its object stays) or puts it back. */
  installModule(name: string, installed: boolean): void {
    if (this.session === undefined) return;
    if (!installed) return this.session.uninstall(name);
    this.session.install(name === 'sample' ? new SampleDispatcher(this.handlers) : new UserDispatcher(this.handlers));
  }

  uninstall(): void {
    if (this.controller !== undefined) BridgeArkWeb.uninstall(this.controller);
    this.engine?.destroy();
    this.engine = undefined;
    this.controller = undefined;
    this.frame = undefined;
    this.session = undefined;
  }

  queued(): JsonValue {
    return object(['sample', 'user'].map((module): [string, JsonValue] => [module, integer(this.session?.queuedEventCount(module) ?? 0)]));
  }

  /** A command that answers when its page calls end: other lines (the page's posts) are read meanwhile. */
  later(id: JsonValue, body: () => Promise<[string, JsonValue][]>): void {
    void (async () => {
      const entries = await body();
      await this.settle();
      write([['id', id] as [string, JsonValue]].concat(entries, [['queued', this.queued()]]));
    })();
  }

  async handle(command: Fields): Promise<void> {
    const id = command.get('id') ?? JsonNull.instance;
    let answer: [string, JsonValue][] = [['id', id]];
    const flag = (key: string): boolean => { const v = command.get(key); return v instanceof JsonBool && v.value; };
    if (command.get('install') instanceof JsonText) {
      const isMainFrame = !(command.get('mainFrame') instanceof JsonBool) || flag('mainFrame');
      answer = answer.concat(await this.install(member(command, 'install') ?? 'reply', member(command, 'origin') ?? BUNDLED, isMainFrame,
        flag('console'), member(command, 'trustedHost')));
    } else if (members(command.get('post')) !== undefined) {
      const post = members(command.get('post'));
      this.post(member(post, 'object') ?? '', member(post, 'text'), member(post, 'deliver'), member(post, 'sender'), number(post, 'seq'));
    } else if (members(command.get('emit')) !== undefined) {
      try {
        this.emit(members(command.get('emit')) as Fields);
      } catch (error) {
        answer.push(['error', text(error instanceof Error ? error.message : String(error))]);
      }
    } else if (members(command.get('callPage')) !== undefined) {
      return this.later(id, async () => [['outcome', await callPage(this, members(command.get('callPage')) as Fields)]]);
    } else if (command.get('callPages') instanceof JsonArray) {
      const specs = (command.get('callPages') as JsonArray).values;
      return this.later(id, async () => [['outcomes', new JsonArray(await Promise.all(specs.map((spec) => callPage(this, members(spec) ?? new Map()))))]]);
    } else if (command.has('calls')) {
      answer.push(['calls', new JsonArray(this.handlers.calls.splice(0))], ['logs', new JsonArray(this.logs.splice(0).map(text))]);
    } else if (command.has('terminate') || command.has('renderExited')) {
      if (this.controller !== undefined) BridgeArkWeb.renderExited(this.controller);
    } else if (command.has('pageStarted')) {
      if (this.controller !== undefined) BridgeArkWeb.pageStarted(this.controller, this.controller.getUrl());
    } else if (command.has('reset')) {
      this.handlers.reset();
    } else if (command.get('module') instanceof JsonText) {
      this.installModule(member(command, 'module') ?? '', flag('installed'));
    } else if (command.has('transfers')) {
      this.transfers(command.get('transfers'));
    } else if (command.has('scheme') || command.has('upload') || command.has('download')) {
      answer.push(['http', await this.transfer(command)]);
    } else if (command.has('tearNextUpload')) {
      this.tearNext = true;
    } else if (command.has('stats')) {
      answer.push(['lateAnswers', integer(this.lateAnswers)], ['evaluated', integer(this.engine?.evaluated ?? 0)]);
      const store = this.session?.transfers;
      answer.push(['transfers', object([['entries', integer(store?.count ?? 0)], ['heldBytes', integer(store?.heldBytes ?? 0)]])]);
    } else if (command.has('uninstall')) {
      this.uninstall();
    } else {
      answer.push(['error', text('unknown command')]);
    }
    // A post's output line is not waited for: one round lets the stand-in hand it to the glue, and
    // the next line is read while its handler runs, as an app reads the page's next message.
    if (command.has('post')) await later();
    else await this.settle();
    write(answer.concat([['queued', this.queued()]]));
  }
}

function failure(code: number, message: string): JsonValue {
  return object([['error', object([['code', integer(code)], ['message', text(message)]])]]);
}

/** One page call through the generated callers, as an app makes it: `{"value"}` or `{"error":{"code","message"}}`. */
async function callPage(host: Host, call: Fields): Promise<JsonValue> {
  const session = host.session;
  if (session === undefined) return failure(BridgeErrorCode.PAGE_NOT_LOADED, 'not installed');
  const params = members(call.get('params'));
  const timeoutMs = number(call, 'timeoutMs') ?? PAGE_CALL_TIMEOUT_MS;
  const argument = (name: string): string => member(params, name) ?? '';
  const sample = SamplePage.of(session, timeoutMs);
  const user = UserPage.of(session, timeoutMs);
  const running = (async (): Promise<JsonValue> => {
    switch (`${member(call, 'module')}.${member(call, 'method')}`) {
      case 'user.getFormState': return UserCodec.encodeFormState(await user.getFormState(argument('formId')), new BridgePath('result'));
      case 'user.confirmLeave': return new JsonBool(await user.confirmLeave(argument('reason')));
      case 'sample.getCartCount': return integer(await sample.getCartCount(argument('userId')));
      case 'sample.showMessage': await sample.showMessage(argument('message')); return JsonNull.instance;
      case 'sample.shareDrafts': {
        const drafts = await sample.shareDrafts();
        return drafts === undefined ? JsonNull.instance : BridgeEncode.map(drafts, new BridgePath('result'), SampleCodec.encodeShareItem);
      }
      default: throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `no page method ${member(call, 'method')} in module ${member(call, 'module')}`);
    }
  })();
  return running.then((value) => object([['value', value]]), caught);
}

/** A page call's failure as the other hosts report it; `busy` caught by class, its data typed. */
function caught(error: unknown): JsonValue {
  if (error instanceof BridgeError) return failure(error.code, error.message);
  if (error instanceof BusyError) {
    const retry = error.retryAfterSeconds === undefined ? JsonNull.instance : new JsonReal(error.retryAfterSeconds);
    return object([['error', object([['code', integer(error.code)], ['message', text(error.message)], ['caught', text('UserError.busy')], ['retryAfterSeconds', retry]])]]);
  }
  if (error instanceof BridgeApplicationError) return failure(error.code, error.message);
  return failure(BridgeErrorCode.INTERNAL_ERROR, String(error));
}

async function main(): Promise<void> {
  // The app's one customizeSchemes call, before any Web: the bytes path's scheme (docs/HARMONY.md).
  webview.WebviewController.customizeSchemes([BridgeArkWebTransfers.scheme()]);
  const host = new Host();
  const readline = require('readline');
  const lines = readline.createInterface({ input: process.stdin });
  // One command at a time, in line order (page calls answer later), while timers and deliveries run.
  let queue = Promise.resolve();
  lines.on('line', (line: string) => {
    queue = queue.then(async () => {
      const command = BridgeIncoming.read(line).message;
      if (command === undefined) write([['error', text('not a JSON object: ' + line.slice(0, 200))]]);
      else await host.handle(command);
    });
  });
  lines.on('close', () => {
    void queue.then(() => {
      host.uninstall();
      // What still waits (a held handler, a page call's deadline) ends with the process.
      process.exit(0);
    });
  });
}

void main();
