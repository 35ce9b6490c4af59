// Reads cases from stdin, one per line (`kind<TAB>hex of the UTF-8 input`), and prints each
// answer of the ArkTS runtime (Runtime/ArkTS, transpiled by tsc, run by node) as hex of its
// UTF-8 text, for ArkTSRuntimeDifferentialTests to compare with the Swift runtime's answer.
// The ArkTS twin of ../RuntimeProbe.kt, case for case.

import { BridgeBase64 } from './Base64';
import { BridgeOrigin } from './Caller';
import { BridgeDecode, BridgeFields } from './Decoding';
import { BridgeEncode, BridgeMembers } from './Encoding';
import { BridgeCallbackKind, BridgeIncoming } from './Incoming';
import { BridgePath } from './Paths';
import { BridgeCapabilities, BridgeModule, BridgeOriginPolicy, BridgeReply, BridgeSession } from './Session';
import { BridgeJavaScript } from './Text';
import {
  BridgeEnvelope, BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue
} from './Values';

// What the probe needs of node, declared here so no @types package is needed.
declare function require(name: string): NodeFs;
interface NodeFs {
  readFileSync(fd: number): NodeBuffer;
  writeSync(fd: number, text: string): number;
}
interface NodeBuffer {
  toString(encoding: string): string;
}
declare const Buffer: { from(text: string, encoding: string): NodeBuffer };

const fs = require('fs');

function unhex(text: string): string {
  return Buffer.from(text, 'hex').toString('utf8');
}

function hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

/** The double whose bits the decimal text spells. */
function double(bits: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(bits));
  return view.getFloat64(0);
}

/** `input` split at its first U+F8FF, as the Swift side builds these cases. */
function pair(input: string): [string, string] {
  const at = input.indexOf('\uF8FF');
  return [input.substring(0, at), input.substring(at + 1)];
}

function answer(kind: string, input: string): string {
  switch (kind) {
    case 'double': return new JsonReal(double(input)).jsonText;
    case 'text': return new JsonText(input).jsonText;
    case 'keys': {
      const members = new Map<string, JsonValue>();
      input.split('\uF8FF').forEach((key: string, index: number) => members.set(key, new JsonInteger(BigInt(index))));
      return new JsonObject(members).jsonText;
    }
    case 'member': return new BridgePath('params').member(input).index(2).key(input).toString();
    case 'envelope': {
      const [code, text] = pair(input);
      return BridgeEnvelope.failure(new BridgeError(Number(code), text)).jsonText;
    }
    case 'envelopeData': {
      const [code, text] = pair(input);
      const data = new Map<string, JsonValue>([
        ['detail', new JsonText(text)],
        ['retryAfterSeconds', new JsonReal(Number(code) / 8)],
        ['flags', new JsonArray([new JsonBool(true), JsonNull.instance])],
      ]);
      return BridgeEnvelope.failure(new BridgeError(Number(code), text, new JsonObject(data))).jsonText;
    }
    case 'incoming': return incoming(input);
    case 'incoming-digest': return digest(incoming(input));
    // Whether node's Unicode data (its ICU) assigns every character of the text.
    case 'assigned': return String(/^\P{Cn}*$/u.test(input));
    case 'decode': return decode(...pair(input));
    // The bridge's codes as declared, `NAME=value` in order (the input is not read).
    case 'codes': return Object.keys(BridgeErrorCode).filter((key: string) => Number.isNaN(Number(key)))
      .map((key: string) => `${key}=${Number(BridgeErrorCode[key as keyof typeof BridgeErrorCode])}`).join(',');
    case 'success': {
      const message = BridgeIncoming.read(input).message;
      return message === undefined ? 'not read' : BridgeEnvelope.success(BridgeDecode.json(new JsonObject(message), new BridgePath('data'))).jsonText;
    }
    case 'struct': return struct(input);
    case 'union': return union(input);
    case 'encode': return encode(...pair(input));
    case 'session': {
      const [frame, text] = pair(input);
      return session(frame === 'main', text);
    }
    default: throw new Error(`unknown case kind ${kind}`);
  }
}

/**
 * RuntimeDifferentialSessions' module: `put` answers the length of the bytes at `params.contents`;
 * `tick`, a stream's start, answers the window its `$window` opens (null: none).
 */
class BlobModule implements BridgeModule {
  readonly moduleName: string = 'blob';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['put', 'tick'], [], [], '0000000000000000');
  readonly mainFrameMethods: Set<string> = new Set<string>();

  handles(type: string): boolean {
    return type === 'put' || type === 'tick';
  }

  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply): void {
    try {
      if (type === 'tick') {
        reply.openWindow();
        const window = reply.window;
        reply.succeed(window === undefined ? JsonNull.instance : new JsonInteger(BigInt(window.size)));
        return;
      }
      reply.succeed(new JsonInteger(BigInt(BridgeFields.params(data).bytes('contents').length)));
    } catch (error) {
      reply.fail(error as Error);
    }
  }
}

/** The frames a session of the callback transport posts for one message from `https://e2e.example`, or `no answer`. */
function session(mainFrame: boolean, text: string): string {
  const policy = new BridgeOriginPolicy(['app'], ['e2e.example'], true, []);
  const session = new BridgeSession('uniBridgeCall', policy);
  session.install(new BlobModule());
  const frames: string[] = [];
  session.receive('uniBridgeCall', text, new BridgeOrigin('https', 'e2e.example', 0, mainFrame), { post: (frame: string) => frames.push(frame) });
  return frames.length === 0 ? 'no answer' : frames.join('\n');
}

/** A long answer as its length and its first 200 and last 100 scalars (RuntimeDifferentialTests.digest). */
function digest(text: string): string {
  const scalars = Array.from(text);
  if (scalars.length <= 400) {
    return text;
  }
  return `${scalars.length} scalars: ` + scalars.slice(0, 200).join('') + ' ... ' + scalars.slice(scalars.length - 100).join('');
}

/** The callback name and the message (as `any` decodes it) or its error. */
function incoming(text: string): string {
  const read = BridgeIncoming.read(text);
  const callback = read.callbackName;
  const name = callback.kind === BridgeCallbackKind.ABSENT ? 'absent'
    : callback.kind === BridgeCallbackKind.VALID ? 'valid ' + BridgeJavaScript.stringLiteral(callback.name) : 'invalid ' + callback.reason;
  const body = read.message !== undefined
    ? 'ok ' + BridgeDecode.json(new JsonObject(read.message), new BridgePath('message')).jsonText
    : `err ${read.error?.code} ${read.error?.message}`;
  return `${name} | ${body}`;
}

function outcome(run: () => JsonValue): string {
  try {
    return 'ok ' + run().jsonText;
  } catch (e) {
    if (e instanceof BridgeError) {
      return `err ${e.code} ${e.message}`;
    }
    throw e;
  }
}

function integer(value: number): JsonValue {
  return new JsonInteger(BigInt(value));
}

function bytesHex(bytes: Uint8Array): string {
  return Array.from(bytes).map((byte: number) => (byte < 16 ? '0' : '') + byte.toString(16)).join('');
}

/** One decoder over the value of `{"v": json}` (no `v` when `json` is empty). */
function decode(kind: string, json: string): string {
  const value = BridgeIncoming.read(json === '' ? '{}' : `{"v":${json}}`).message?.get('v');
  const path = new BridgePath('params').field('v');
  return outcome(() => {
    switch (kind) {
      case 'string': return new JsonText(BridgeDecode.string(value, path));
      case 'int': return integer(BridgeDecode.int(value, path));
      case 'double': return new JsonReal(BridgeDecode.double(value, path));
      case 'bool': return new JsonBool(BridgeDecode.bool(value, path));
      case 'json': return BridgeDecode.json(value, path);
      case 'list-int': return new JsonArray(BridgeDecode.list(value, path, BridgeDecode.int).map(integer));
      case 'map-int': {
        const members = new Map<string, JsonValue>();
        BridgeDecode.map(value, path, BridgeDecode.int).forEach((item: number, key: string) => members.set(key, integer(item)));
        return new JsonObject(members);
      }
      case 'optional-int': {
        const item = BridgeDecode.optional(value, path, BridgeDecode.int);
        return item === undefined ? JsonNull.instance : integer(item);
      }
      case 'params': return BridgeDecode.json(new JsonObject(BridgeDecode.params(value)), new BridgePath('params'));
      case 'bytes': {
        const bytes = BridgeDecode.bytes(value, path);
        return new JsonText(bytesHex(bytes) + ' ' + BridgeBase64.encode(bytes));
      }
      default: throw new Error(`unknown decoder ${kind}`);
    }
  });
}

enum ProbeMood { HAPPY = 'happy', SAD = 'sad', ODD = 'ünï😀' }

/** One struct shape read through BridgeFields and written back through BridgeMembers. */
function struct(json: string): string {
  return outcome(() => {
    const fields = new BridgeFields(BridgeIncoming.read(`{"v":${json}}`).message?.get('v'), new BridgePath('params').field('v'));
    const name = fields.string('name');
    const count = fields.int('count', 3);
    const ratio = fields.optional('ratio', BridgeDecode.double);
    const flag = fields.bool('flag', false);
    const tags = fields.field('tags', BridgeDecode.listOf(BridgeDecode.string));
    const meta = fields.optional('meta', BridgeDecode.mapOf(BridgeDecode.int));
    const moods = [ProbeMood.HAPPY, ProbeMood.SAD, ProbeMood.ODD];
    const mood = fields.defaulted('mood', ProbeMood.SAD,
      (value: JsonValue | undefined, path: BridgePath) => BridgeDecode.enumeration(value, path, moods, (entry: ProbeMood) => entry as string));
    const extra = fields.optional('extra', BridgeDecode.json);
    return new BridgeMembers(new BridgePath('result')).string('name', name).int('count', count)
      .optional('ratio', ratio, BridgeEncode.double).bool('flag', flag)
      .field('tags', tags, BridgeEncode.listOf(BridgeEncode.string))
      .optional('meta', meta, BridgeEncode.mapOf(BridgeEncode.int))
      .string('mood', mood).optional('extra', extra, BridgeEncode.json).json;
  });
}

/** RuntimeDifferentialUnions' recursive union, decoded and encoded as the generated codecs do. */
abstract class ProbeShape {
  static decode(value: JsonValue | undefined, path: BridgePath): ProbeShape {
    const fields = new BridgeFields(value, path);
    const tag = fields.tag('kind');
    switch (tag) {
      case 'dot': return new ProbeShapeDot();
      case 'label': return new ProbeShapeLabel(fields.string('text'), fields.int('size', 3));
      case 'group': return new ProbeShapeGroup(fields.field('items', BridgeDecode.listOf(ProbeShape.decode)),
        fields.optional('meta', BridgeDecode.mapOf(ProbeShape.decode)));
      default: return new ProbeShapeUnknown(tag, fields.json);
    }
  }

  static encode(value: ProbeShape, path: BridgePath): JsonValue {
    return value.encoded(path);
  }

  abstract encoded(path: BridgePath): JsonValue;
}

class ProbeShapeDot extends ProbeShape {
  encoded(path: BridgePath): JsonValue {
    return new BridgeMembers(path).string('kind', 'dot').json;
  }
}

class ProbeShapeLabel extends ProbeShape {
  constructor(readonly text: string, readonly size: number) {
    super();
  }

  encoded(path: BridgePath): JsonValue {
    return new BridgeMembers(path).string('kind', 'label').string('text', this.text).int('size', this.size).json;
  }
}

class ProbeShapeGroup extends ProbeShape {
  constructor(readonly items: ProbeShape[], readonly meta: Map<string, ProbeShape> | undefined) {
    super();
  }

  encoded(path: BridgePath): JsonValue {
    return new BridgeMembers(path).string('kind', 'group').field('items', this.items, BridgeEncode.listOf(ProbeShape.encode))
      .optional('meta', this.meta, BridgeEncode.mapOf(ProbeShape.encode)).json;
  }
}

class ProbeShapeUnknown extends ProbeShape {
  constructor(readonly tag: string, readonly value: JsonObject) {
    super();
  }

  encoded(path: BridgePath): JsonValue {
    return BridgeEncode.unknownVariant(this.tag, this.value, 'kind', path);
  }
}

/** A ProbeShape read from `{"v": json}` as a page's message is read, and written back at `result`. */
function union(json: string): string {
  const read = BridgeIncoming.read(`{"v":${json}}`);
  if (read.message === undefined) {
    return `reader err ${read.error?.code} ${read.error?.message}`;
  }
  const message = read.message;
  return outcome(() => ProbeShape.encode(ProbeShape.decode(message.get('v'), new BridgePath('params').field('v')), new BridgePath('result')));
}

function encode(kind: string, input: string): string {
  const path = new BridgePath('result').field('v');
  return outcome(() => {
    switch (kind) {
      case 'int': {
        // An IDL int is a number; a 64-bit integer a number cannot hold exactly reaches the
        // encoder only inside an `any` value, as a JsonInteger's bigint.
        const exact = BigInt(input);
        return BigInt(Number(exact)) === exact ? BridgeEncode.int(Number(exact), path) : BridgeEncode.integer(exact, path);
      }
      case 'double': return BridgeEncode.double(double(input), path);
      case 'list-double': return BridgeEncode.list([0.5, double(input)], path, BridgeEncode.double);
      case 'map-double':
        return BridgeEncode.map(new Map<string, number>([['a', 1.5], ['é', double(input)]]), path, BridgeEncode.double);
      case 'json-double': {
        const members = new Map<string, JsonValue>([['k', new JsonArray([new JsonInteger(BigInt(1)), new JsonReal(double(input))])]]);
        return BridgeEncode.json(new JsonObject(members), path);
      }
      default: throw new Error(`unknown encoder ${kind}`);
    }
  });
}

const out: string[] = [];
for (const line of fs.readFileSync(0).toString('utf8').split('\n')) {
  if (line === '') {
    continue;
  }
  const tab = line.indexOf('\t');
  out.push(hex(answer(line.substring(0, tab), unhex(line.substring(tab + 1)))) + '\n');
}
// One write per answer chunk: a pipe or a file takes it whole.
for (let start = 0; start < out.length; start += 1000) {
  fs.writeSync(1, out.slice(start, start + 1000).join(''));
}
