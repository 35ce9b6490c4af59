// Drives page calls through a BridgeSession of the ArkTS runtime whose evaluator is a scripted
// page (it records the arguments of each script; the page's answers are `$answer` messages),
// and prints every outcome and log line, the script of ../PageCallProbe.kt, for
// ArkTSSessionTests to compare with ../PageCallProbe.expected. `bodies` as the first argument
// prints the two bodies.

import { BridgeOrigin } from './Caller';
import { BridgeDecode, BridgeDecoder } from './Decoding';
import { BridgeMembers } from './Encoding';
import { StrictJsonReader } from './JsonReader';
import { BridgePageCaller, BridgePageCalls, BridgePageScripts } from './PageCalls';
import { BridgePath } from './Paths';
import { BridgeCapabilities, BridgeDispatcher, BridgeFrame, BridgeOriginPolicy, BridgeReply, BridgeSession } from './Session';
import { BridgeFields } from './Decoding';
import { BridgeError, BridgeErrorCode, JsonArray, JsonNull, JsonObject, JsonText, JsonValue } from './Values';

declare const process: { argv: string[]; stdout: { write(text: string): boolean } };
declare function require(name: string): { readFileSync(fd: number): { toString(encoding: string): string } };

function println(line: string): void {
  process.stdout.write(line + '\n');
}

function settle(ms: number = 0): Promise<void> {
  return new Promise<void>((resolve: () => void) => {
    setTimeout(resolve, ms);
  });
}

class ProbeDispatcher extends BridgeDispatcher<Object> {
  readonly capabilities: BridgeCapabilities;

  constructor(readonly moduleName: string, pageMethods: string[]) {
    super(new Object());
    this.capabilities = new BridgeCapabilities([], [], pageMethods, '0123456789abcdef');
  }

  protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {
    throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`);
  }
}

class PageProbe {
  readonly main: BridgeOrigin = new BridgeOrigin('app', '', 0, true);
  private readonly frame: BridgeFrame = { post: (text: string) => println(`frame: ${text}`) };

  constructor(private readonly session: BridgeSession) {
    session.evaluator = (script: string) => {
      const client = script.startsWith('(' + BridgePageScripts.client + ')');
      const body = client ? BridgePageScripts.client : BridgePageScripts.global;
      // Printed as the Kotlin script reads: ArkWeb's ends with `true`, so runJavaScript has a value.
      const rest = script.substring(body.length + 2);
      println(`evaluate ${client ? 'client' : 'global'}` + (rest.endsWith(';true') ? rest.substring(0, rest.length - 4) : rest + ' (no true)'));
    };
  }

  hello(module: string = 'probe'): void {
    this.session.receive(module, `{"type":"$hello","data":{"module":"${module}"},"callbackName":"h"}`, this.main, { post: (text: string) => {} });
  }

  answer(token: string, envelope: string, origin: BridgeOrigin = this.main): void {
    const data = new JsonObject(new Map<string, JsonValue>([['token', new JsonText(token)], ['envelope', new JsonText(envelope)]])).jsonText;
    this.session.receive('probe', `{"type":"$answer","data":${data}}`, origin, this.frame);
  }

  answerRaw(data: string): void {
    this.session.receive('probe', `{"type":"$answer","data":${data}}`, this.main, this.frame);
  }

  /** Starts a call and prints its outcome when it ends. */
  call<T>(label: string, caller: BridgePageCaller, decode: BridgeDecoder<T>, method: string = 'count', global?: string[],
    errors: number[] = [], params?: JsonValue): Promise<void> {
    const sent = params ?? new BridgeMembers(new BridgePath('params')).string('userId', 'u<1>').json;
    return caller.call<T>(method, sent, decode, errors, undefined, global, ['userId']).then((result: T) => {
      println(`${label}: ${result instanceof JsonValue ? result.jsonText : result === undefined ? 'null' : String(result)}`);
    }, (error: Error) => {
      println(error instanceof BridgeError ? `${label}: error ${error.code} ${error.message}` : `${label}: threw ${error}`);
    });
  }
}

const int: BridgeDecoder<number> = BridgeDecode.int;

async function script(): Promise<void> {
  const session = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], true, []), (line: string) => println(`log: ${line}`));
  const probe = new PageProbe(session);
  session.install(new ProbeDispatcher('probe', ['count', 'show']));
  const caller = new BridgePageCaller('probe', session, 5000);
  const errors = [2001];

  println('-- a client method waits for the hello, then goes');
  let job = probe.call('count', caller, int);
  await settle();
  println(`calls ${session.pageCallCount}`);
  probe.hello();
  await settle();
  probe.answer('1', '{"errcode":0,"errmsg":"ok","data":3}');
  await job;
  println(`calls ${session.pageCallCount}`);

  println('-- what the page answers');
  const answers = [
    '{"errcode":0,"errmsg":"ok","data":"three"}',
    '{"errcode":"0"}',
    '[0]',
    '{"errcode":0,"data":{"a\\u0301":1,"á":2}}',
    '{"errcode":2001,"errmsg":"busy"}',
    '{"errcode":1003,"errmsg":"other"}',
    '{"errcode":-10,"errmsg":"nothing implements probe.count"}',
    '{"errcode":-3,"errmsg":"a bridge code the page may not answer"}',
    `{"errcode":-12,"errmsg":"${'x'.repeat(999)}😀tail"}`,
    '{"errcode":0,"errmsg":"ok"}',
    'not json',
  ];
  for (let index = 0; index < answers.length; index++) {
    job = probe.call(`answer ${index + 1}`, caller, int, 'count', undefined, errors);
    await settle();
    probe.answer((index + 2).toString(), answers[index]);
    await job;
  }
  job = probe.call('optional', caller, BridgeDecode.optionalOf(int));
  await settle();
  probe.answer('13', '{"errcode":0,"errmsg":"ok"}');
  await job;
  job = probe.call('not text', caller, int);
  await settle();
  probe.answerRaw('{"token":"14","envelope":5}');
  await job;

  println('-- answers that are not taken');
  job = probe.call('guarded', caller, int);
  await settle();
  probe.answer('15', '{"errcode":0,"errmsg":"ok","data":1}', new BridgeOrigin('app', '', 0, false));
  probe.answerRaw('{"envelope":"{}"}');
  probe.answer('999', '{"errcode":0,"errmsg":"ok","data":1}');
  probe.answer('15', '{"errcode":0,"errmsg":"ok","data":2}');
  await job;

  println('-- reload: the hub is gone, the call waits for the next hello and goes again');
  job = probe.call('reload', caller, int);
  await settle();
  probe.answer('16', '{"errcode":-11,"errmsg":"the page\'s bridge client is not loaded"}');
  await settle();
  println(`calls ${session.pageCallCount}`);
  probe.hello();
  await settle();
  probe.answer('17', '{"errcode":0,"errmsg":"ok","data":4}');
  await job;
  job = probe.call('reload twice', caller, int);
  await settle();
  probe.answer('18', '{"errcode":-11,"errmsg":"the page\'s bridge client is not loaded"}');
  await settle();
  probe.hello();
  await settle();
  probe.answer('19', '{"errcode":-11,"errmsg":"still not loaded"}');
  await job;

  println('-- timeouts, one deadline for the whole call');
  await probe.call('after hello', caller.withTimeout(30), int);
  probe.answer('20', '{"errcode":0,"errmsg":"ok","data":1}');
  await probe.call('zero', caller.withTimeout(0), int);
  session.pageStarted();
  await probe.call('no hello', caller.withTimeout(250), int);
  await probe.call('no hello, zero', caller.withTimeout(0), int);

  println('-- global methods do not wait for a hello');
  job = probe.call('global', caller, (v: JsonValue | undefined, p: BridgePath) => 'ignored', 'show', ['app', 'show']);
  await settle();
  probe.answer('21', '{"errcode":0,"errmsg":"ok","data":null}');
  await job;

  await lifecycle(session, probe, caller);
}

async function lifecycle(session: BridgeSession, probe: PageProbe, caller: BridgePageCaller): Promise<void> {
  println('-- cancellation, navigation, termination, uninstall');
  probe.hello();
  // No caller can cancel an ArkTS promise: the call times out instead.
  await probe.call('timed out', caller.withTimeout(30), int);
  probe.answer('22', '{"errcode":0,"errmsg":"ok","data":1}');
  println(`calls ${session.pageCallCount}`);
  let job = probe.call('navigated', caller, int);
  await settle();
  session.pageStarted();
  await job;
  const waiting = probe.call('terminated, waiting', caller, int);
  probe.hello('other');
  session.install(new ProbeDispatcher('other', ['count']));
  const out = probe.call('terminated, out', new BridgePageCaller('other', session, 5000), int);
  await settle();
  session.renderExited();
  await waiting;
  await out;
  job = probe.call('uninstalled', caller, int);
  await settle();
  session.uninstall('probe');
  await job;
  await probe.call('not installed', caller, int);

  println('-- the session\'s thread, whatever the caller\'s');
  session.install(new ProbeDispatcher('probe', ['count', 'show']));
  probe.hello();
  job = probe.call('empty params', caller, int, 'count', undefined, [], new JsonObject(new Map<string, JsonValue>()));
  await settle();
  probe.answer('25', '{"errcode":0,"errmsg":"ok","data":9}');
  await job;
  session.evaluator = undefined;
  await probe.call('no web view', caller, int);

  println('-- evaluators that throw, params a global cannot spread');
  session.evaluator = (script: string) => {
    throw new Error('the WebView was destroyed');
  };
  await probe.call('throwing evaluator', caller, int);
  session.evaluator = (script: string) => {
    throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, 'the WebView is gone');
  };
  await probe.call('gone WebView', caller, int);
  try {
    await caller.call('show', new JsonArray([]), (v: JsonValue | undefined, p: BridgePath) => JsonNull.instance, [], undefined, ['app', 'show']);
  } catch (error) {
    println(`global with array params: error ${(error as BridgeError).code} ${(error as BridgeError).message}`);
  }

  println('-- a subframe\'s answer, when subframes are trusted');
  const open = new BridgeSession(undefined, new BridgeOriginPolicy(['app'], [], false, []), (line: string) => println(`log: ${line}`));
  const openProbe = new PageProbe(open);
  open.install(new ProbeDispatcher('probe', ['count']));
  openProbe.hello();
  job = openProbe.call('subframe answer', new BridgePageCaller('probe', open, 5000), int);
  await settle();
  openProbe.answer('1', '{"errcode":0,"errmsg":"ok","data":1}', new BridgeOrigin('app', '', 0, false));
  openProbe.answer('1', '{"errcode":0,"errmsg":"ok","data":2}');
  await job;
}

/** Each stdin line is a page's answer (JSON text of the envelope value): what a call of an int method with the error 2001 makes of it. */
function outcomes(): void {
  for (const line of require('fs').readFileSync(0).toString('utf8').split('\n')) {
    if (line === '') {
      continue;
    }
    const outcome = BridgePageCalls.outcome(new StrictJsonReader(line).readDocument(), [2001]);
    let error = outcome.error;
    let value = 0;
    if (error === undefined) {
      try {
        value = BridgeDecode.int(outcome.data, new BridgePath('result'));
      } catch (failure) {
        error = new BridgeError(BridgeErrorCode.INVALID_RESULT, (failure as BridgeError).message);
      }
    }
    println(error === undefined ? `ok ${value}` : `error ${error.code} ${new JsonText(error.message).jsonText}`);
  }
}

if (process.argv[2] === 'bodies') {
  println(BridgePageScripts.client);
  println('----');
  println(BridgePageScripts.global);
} else if (process.argv[2] === 'outcomes') {
  outcomes();
} else {
  script().catch((error: Error) => println(`probe failed: ${error.stack}`));
}
