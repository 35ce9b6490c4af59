// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/ArkTS as its
// embedding.json says. Do not edit: edit those files and run the script; the tests fail while
// this file is stale. Each runtime file whole, with the lines of its access keyword (see
// Runtime/README.md), then the page scripts the runtime prints as constants.

import BridgeGenCore

enum EmbeddedRuntime {
    /// The runtime files, by name.
    static let files: [RuntimeSource] = [
RuntimeSource(name: "Base64.ets", firstLine: 4, modifier: "export ", accessLines: [9], body: #"""
/**
 * `bytes` on the wire: standard base64 (RFC 4648, section 4), padded, as the Swift runtime
 * writes and reads it (docs/WIRE.md, "Bytes"). Decoding is strict: the one padded spelling
 * of the bytes and nothing else, so every side accepts exactly the same texts.
 */
export class BridgeBase64 {
  private static readonly ALPHABET: string = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

  static encode(bytes: Uint8Array): string {
    const alphabet = BridgeBase64.ALPHABET;
    const out: string[] = [];
    let i = 0;
    for (; i + 2 < bytes.length; i += 3) {
      const group = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      out.push(alphabet.charAt(group >> 18) + alphabet.charAt((group >> 12) & 63) + alphabet.charAt((group >> 6) & 63) +
        alphabet.charAt(group & 63));
    }
    const rest = bytes.length - i;
    if (rest === 1) {
      const group = bytes[i] << 16;
      out.push(alphabet.charAt(group >> 18) + alphabet.charAt((group >> 12) & 63) + '==');
    } else if (rest === 2) {
      const group = (bytes[i] << 16) | (bytes[i + 1] << 8);
      out.push(alphabet.charAt(group >> 18) + alphabet.charAt((group >> 12) & 63) + alphabet.charAt((group >> 6) & 63) + '=');
    }
    return out.join('');
  }

  /** The six bits a character of the alphabet stands for, or -1. */
  private static sextet(unit: number): number {
    if (unit >= 0x41 && unit <= 0x5A) {
      return unit - 0x41;
    }
    if (unit >= 0x61 && unit <= 0x7A) {
      return unit - 0x61 + 26;
    }
    if (unit >= 0x30 && unit <= 0x39) {
      return unit - 0x30 + 52;
    }
    return unit === 0x2B ? 62 : (unit === 0x2F ? 63 : -1);
  }

  /** The bytes of `text`, or undefined unless it is the one padded base64 spelling of them. */
  static decode(text: string): Uint8Array | undefined {
    if (text.length % 4 !== 0) {
      return undefined;
    }
    const padding = text.endsWith('==') ? 2 : (text.endsWith('=') ? 1 : 0);
    const data = text.length - padding;
    const out = new Uint8Array(text.length / 4 * 3 - padding);
    let bits = 0;
    let count = 0;
    let written = 0;
    for (let i = 0; i < data; i++) {
      const sextet = BridgeBase64.sextet(text.charCodeAt(i));
      if (sextet < 0) {
        return undefined;
      }
      bits = ((bits << 6) | sextet) & 0xFFFFFF;
      count += 6;
      if (count >= 8) {
        count -= 8;
        out[written++] = (bits >> count) & 0xFF;
      }
    }
    // Bits left over after the data must be zero: `QQ==` is `A`, `QR==` is refused.
    return (bits & ((1 << count) - 1)) === 0 ? out : undefined;
  }

  /** How many bytes `text` stands for (by its length alone), to check the limit before decoding. */
  static decodedLength(text: string): number {
    const padding = text.endsWith('==') ? 2 : (text.endsWith('=') ? 1 : 0);
    return Math.floor((text.length + 3) / 4) * 3 - padding;
  }

  /** Why `text` is not strict base64, in the Swift runtime's words (run only when decoding failed). */
  static flaw(text: string): string {
    const padding = text.endsWith('==') ? 2 : (text.endsWith('=') ? 1 : 0);
    for (let offset = 0; offset < text.length; offset++) {
      const unit = text.charCodeAt(offset);
      if (BridgeBase64.sextet(unit) < 0 && !(unit === 0x3D && offset >= text.length - padding)) {
        return `character ${offset} is not in the base64 alphabet`;
      }
    }
    if (text.length % 4 !== 0) {
      return `its length ${text.length} is not a multiple of 4`;
    }
    return 'its last character has bits set after the data';
  }
}

"""#),
RuntimeSource(name: "Decoding.ets", firstLine: 8, modifier: "export ", accessLines: [9, 15, 231], body: #"""
/** A decoder of one IDL type: a value (undefined: the key is missing) and its path to the type, or an `invalidParams` thrown. */
export type BridgeDecoder<T> = (value: JsonValue | undefined, path: BridgePath) => T;

/**
 * Decoding of the values BridgeIncoming read, with the Swift runtime's messages, for example
 * `params.items[2].id: expected int, got string`. An undefined `value` is a missing key.
 */
export class BridgeDecode {
  /** What a value is, in the words of error messages. */
  static describe(value: JsonValue | undefined): string {
    if (value === undefined) {
      return 'nothing';
    }
    if (value instanceof JsonText) {
      return 'string';
    }
    if (value instanceof JsonBool) {
      return 'bool';
    }
    if (value instanceof JsonInteger) {
      return 'int';
    }
    if (value instanceof JsonReal) {
      return BridgeDecode.isIntegral(value.value) ? 'int' : 'number';
    }
    if (value instanceof JsonArray) {
      return 'array';
    }
    return value instanceof JsonObject ? 'object' : 'null';
  }

  private static isIntegral(value: number): boolean {
    return Number.isFinite(value) && Math.floor(Math.abs(value)) === Math.abs(value);
  }

  static mismatch(path: BridgePath, expected: string, got: JsonValue | undefined): BridgeError {
    return got === undefined
      ? BridgeDecode.invalid(path, `missing required ${expected}`)
      : BridgeDecode.invalid(path, `expected ${expected}, got ${BridgeDecode.describe(got)}`);
  }

  private static invalid(path: BridgePath, text: string): BridgeError {
    return new BridgeError(BridgeErrorCode.INVALID_PARAMS, `${path.toString()}: ${text}`);
  }

  static isNull(value: JsonValue | undefined): boolean {
    return value === undefined || value instanceof JsonNull;
  }

  static string(value: JsonValue | undefined, path: BridgePath): string {
    if (value instanceof JsonText) {
      return value.value;
    }
    throw BridgeDecode.mismatch(path, 'string', value);
  }

  /** An IDL `int`: an integer within +-(2^53-1), which a number holds exactly. */
  static int(value: JsonValue | undefined, path: BridgePath): number {
    const outside = 'expected int, got an integer outside +-(2^53-1)';
    if (value instanceof JsonInteger) {
      const limit = BigInt(BridgeLimits.MAX_SAFE_INTEGER);
      if (value.value > limit || value.value < -limit) {
        throw BridgeDecode.invalid(path, outside);
      }
      return Number(value.value);
    }
    if (value instanceof JsonReal) {
      if (!BridgeDecode.isIntegral(value.value)) {
        throw BridgeDecode.invalid(path, 'expected int, got a non-integral number');
      }
      if (Math.abs(value.value) > BridgeLimits.MAX_SAFE_INTEGER) {
        throw BridgeDecode.invalid(path, outside);
      }
      return value.value === 0 ? 0 : value.value;
    }
    throw BridgeDecode.mismatch(path, 'int', value);
  }

  /** Any finite number, integers of any size included (the nearest double). */
  static double(value: JsonValue | undefined, path: BridgePath): number {
    if (value instanceof JsonInteger) {
      return Number(value.value);
    }
    if (value instanceof JsonReal) {
      return value.value;
    }
    throw BridgeDecode.mismatch(path, 'double', value);
  }

  /** A boolean; the integers 0 and 1 are accepted, as WebKit's NSNumber makes the Swift side accept them. */
  static bool(value: JsonValue | undefined, path: BridgePath): boolean {
    if (value instanceof JsonBool) {
      return value.value;
    }
    if (value instanceof JsonInteger && (value.value === BigInt(0) || value.value === BigInt(1))) {
      return value.value === BigInt(1);
    }
    if (value instanceof JsonReal && (value.value === 0 || value.value === 1)) {
      return value.value === 1;
    }
    if (value instanceof JsonInteger || value instanceof JsonReal) {
      throw BridgeDecode.invalid(path, `expected bool, got ${BridgeDecode.describe(value)}`);
    }
    throw BridgeDecode.mismatch(path, 'bool', value);
  }

  /**
   * Binary data as strict base64 (RFC 4648's alphabet, padded, no white space, no bits set
   * after the data), of at most BridgeLimits.MAX_BYTES_LENGTH bytes; lengths and positions in
   * the messages count UTF-16 units, as every side counts them.
   */
  static bytes(value: JsonValue | undefined, path: BridgePath): Uint8Array {
    if (!(value instanceof JsonText)) {
      throw BridgeDecode.mismatch(path, 'bytes (base64)', value);
    }
    const text = value.value;
    const length = BridgeBase64.decodedLength(text);
    if (length > BridgeLimits.MAX_BYTES_LENGTH) {
      throw BridgeDecode.invalid(path, `expected bytes of at most ${BridgeLimits.MAX_BYTES_LENGTH}, got ${length}`);
    }
    const bytes = BridgeBase64.decode(text);
    if (bytes === undefined) {
      throw BridgeDecode.invalid(path, `expected bytes (base64), got a string that is not base64: ${BridgeBase64.flaw(text)}`);
    }
    return bytes;
  }

  static obj(value: JsonValue | undefined, path: BridgePath): Map<string, JsonValue> {
    if (value instanceof JsonObject) {
      return value.members;
    }
    throw BridgeDecode.mismatch(path, 'object', value);
  }

  static array(value: JsonValue | undefined, path: BridgePath): JsonValue[] {
    if (value instanceof JsonArray) {
      return value.values;
    }
    throw BridgeDecode.mismatch(path, 'array', value);
  }

  /** Any JSON value (IDL `any`): null is a value, only a missing key is an error. Integral doubles within 2^53 become integers. */
  static json(value: JsonValue | undefined, path: BridgePath): JsonValue {
    if (value === undefined) {
      throw BridgeDecode.mismatch(path, 'value', undefined);
    }
    if (value instanceof JsonReal) {
      const integral = BridgeDecode.isIntegral(value.value) && Math.abs(value.value) <= BridgeLimits.MAX_SAFE_INTEGER;
      return integral ? new JsonInteger(BigInt(value.value)) : value;
    }
    if (value instanceof JsonArray) {
      return new JsonArray(BridgeDecode.list<JsonValue>(value, path, BridgeDecode.json));
    }
    if (value instanceof JsonObject) {
      return new JsonObject(BridgeDecode.map<JsonValue>(value, path, BridgeDecode.json));
    }
    return value;
  }

  static list<T>(value: JsonValue | undefined, path: BridgePath, element: BridgeDecoder<T>): T[] {
    return BridgeDecode.array(value, path).map((item: JsonValue, index: number): T => element(item, path.index(index)));
  }

  /** A map, its keys decoded in Swift's order, so the first failure reported is the same one. */
  static map<T>(value: JsonValue | undefined, path: BridgePath, element: BridgeDecoder<T>): Map<string, T> {
    const members = BridgeDecode.obj(value, path);
    const result = new Map<string, T>();
    for (const key of JsonWriter.sortedKeys(members.keys())) {
      result.set(key, element(members.get(key), path.key(key)));
    }
    return result;
  }

  /** A value that may be absent or null. */
  static optional<T>(value: JsonValue | undefined, path: BridgePath, wrapped: BridgeDecoder<T>): T | undefined {
    return BridgeDecode.isNull(value) ? undefined : wrapped(value, path);
  }

  /** A value with a schema default, used when the key is absent or null. */
  static defaulted<T>(value: JsonValue | undefined, path: BridgePath, fallback: T, wrapped: BridgeDecoder<T>): T {
    return BridgeDecode.isNull(value) ? fallback : wrapped(value, path);
  }

  /** The decoder of a list whose elements `element` decodes: what generated code passes for `list<T>`, nested as deep as the type. */
  static listOf<T>(element: BridgeDecoder<T>): BridgeDecoder<T[]> {
    return (value: JsonValue | undefined, path: BridgePath): T[] => BridgeDecode.list<T>(value, path, element);
  }

  /** The decoder of a map whose values `element` decodes, like `listOf`. */
  static mapOf<T>(element: BridgeDecoder<T>): BridgeDecoder<Map<string, T>> {
    return (value: JsonValue | undefined, path: BridgePath): Map<string, T> => BridgeDecode.map<T>(value, path, element);
  }

  /** The decoder of a value that may be absent or null, like `listOf`. */
  static optionalOf<T>(wrapped: BridgeDecoder<T>): BridgeDecoder<T | undefined> {
    return (value: JsonValue | undefined, path: BridgePath): T | undefined => BridgeDecode.optional<T>(value, path, wrapped);
  }

  /** An enum case by its wire value; `entries` in schema order, as the message lists them. */
  static enumeration<E>(value: JsonValue | undefined, path: BridgePath, entries: E[], wire: (entry: E) => string): E {
    const expected = entries.map((entry: E): string => new JsonText(wire(entry)).jsonText).join(', ');
    if (!(value instanceof JsonText)) {
      throw BridgeDecode.mismatch(path, `one of ${expected}`, value);
    }
    const raw = value.value;
    for (const entry of entries) {
      if (wire(entry) === raw) {
        return entry;
      }
    }
    throw BridgeDecode.invalid(path, `expected one of ${expected}, got ${value.jsonText}`);
  }

  /** A message's `data`: absent or null means no parameters. */
  static params(data: JsonValue | undefined): Map<string, JsonValue> {
    return BridgeDecode.isNull(data) ? new Map<string, JsonValue>() : BridgeDecode.obj(data, new BridgePath('params'));
  }
}

/**
 * The members of an object being decoded, each read at its path (`path.key`): generated
 * decoders spell a field's key once. Keys the schema does not name are ignored.
 */
export class BridgeFields {
  private readonly members: Map<string, JsonValue>;
  private readonly path: BridgePath;

  constructor(value: JsonValue | undefined, path: BridgePath) {
    this.members = BridgeDecode.obj(value, path);
    this.path = path;
  }

  /** A message's `data` as the fields of `params` (absent or null: no parameters). */
  static params(data: JsonValue | undefined): BridgeFields {
    return new BridgeFields(new JsonObject(BridgeDecode.params(data)), new BridgePath('params'));
  }

  /** A page's rejection `data` as the fields of an application error (null: no fields). */
  static errorData(data: JsonValue): BridgeFields {
    const fields = data instanceof JsonNull ? new JsonObject(new Map<string, JsonValue>()) : data;
    return new BridgeFields(fields, new BridgePath('data'));
  }

  field<T>(key: string, decode: BridgeDecoder<T>): T {
    return decode(this.members.get(key), this.path.field(key));
  }

  /** A field that may be absent or null. */
  optional<T>(key: string, decode: BridgeDecoder<T>): T | undefined {
    return BridgeDecode.optional<T>(this.members.get(key), this.path.field(key), decode);
  }

  /** A field with a schema default, used when the key is absent or null. */
  defaulted<T>(key: string, fallback: T, decode: BridgeDecoder<T>): T {
    return BridgeDecode.defaulted<T>(this.members.get(key), this.path.field(key), fallback, decode);
  }

  /**
   * A union's tag (docs/WIRE.md, "Unions"): a string, read before the variant's fields;
   * absent or null, it is missing, since no variant can be chosen without it.
   */
  tag(key: string): string {
    const value = this.members.get(key);
    if (BridgeDecode.isNull(value)) {
      throw BridgeDecode.mismatch(this.path.field(key), 'string', undefined);
    }
    return BridgeDecode.string(value, this.path.field(key));
  }

  /** The whole object, as `any` decodes it: what a union's unknown variant carries. */
  get json(): JsonObject {
    return new JsonObject(BridgeDecode.map<JsonValue>(new JsonObject(this.members), this.path, BridgeDecode.json));
  }

  // The scalars, with the schema default when one is given: `bool('flag', false)`.
  string(key: string, fallback?: string): string {
    return fallback === undefined ? this.field<string>(key, BridgeDecode.string) : this.defaulted<string>(key, fallback, BridgeDecode.string);
  }

  int(key: string, fallback?: number): number {
    return fallback === undefined ? this.field<number>(key, BridgeDecode.int) : this.defaulted<number>(key, fallback, BridgeDecode.int);
  }

  double(key: string, fallback?: number): number {
    return fallback === undefined ? this.field<number>(key, BridgeDecode.double) : this.defaulted<number>(key, fallback, BridgeDecode.double);
  }

  bool(key: string, fallback?: boolean): boolean {
    return fallback === undefined ? this.field<boolean>(key, BridgeDecode.bool) : this.defaulted<boolean>(key, fallback, BridgeDecode.bool);
  }

  bytes(key: string): Uint8Array {
    return this.field<Uint8Array>(key, BridgeDecode.bytes);
  }
}

"""#, imports: ["{ BridgeBase64 } from './Base64';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue, JsonWriter } from './Values';"]),
RuntimeSource(name: "Encoding.ets", firstLine: 8, modifier: "export ", accessLines: [9, 16, 127], body: #"""
/** An encoder of one IDL type: the value and its path to a JsonValue, or an `internalError` thrown. */
export type BridgeEncoder<T> = (value: T, path: BridgePath) => JsonValue;

/**
 * Encoding of results and payloads into JsonValues, with the Swift runtime's messages: a
 * non-finite double or an int that is not an integer within +-(2^53-1) fails with
 * `internalError` at its path (the app's bug, not the page's).
 */
export class BridgeEncode {
  // Every encoder takes a path, also where nothing can fail, so generated code passes any of them alike.
  static string(value: string, path: BridgePath): JsonValue {
    return new JsonText(value);
  }

  static bool(value: boolean, path: BridgePath): JsonValue {
    return new JsonBool(value);
  }

  static bytes(value: Uint8Array, path: BridgePath): JsonValue {
    return new JsonText(BridgeBase64.encode(value));
  }

  /** An IDL `int`: a number that is an integer within +-(2^53-1). */
  static int(value: number, path: BridgePath): JsonValue {
    if (!Number.isInteger(value)) {
      const spelled = Number.isFinite(value) ? value.toString() : BridgeEncode.spellNonFinite(value);
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `${path.toString()}: int ${spelled} is not an integer`);
    }
    if (Math.abs(value) > BridgeLimits.MAX_SAFE_INTEGER) {
      // The integer's exact digits, as Swift writes an Int (`toString` would round them: 9223372036854776000).
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `${path.toString()}: int ${BigInt(value).toString()} is outside +-(2^53-1)`);
    }
    return new JsonInteger(BigInt(value));
  }

  /** A JSON integer of `any`, exact over 64 bits: refused beyond +-(2^53-1) as `int` is. */
  static integer(value: bigint, path: BridgePath): JsonValue {
    const limit = BigInt(BridgeLimits.MAX_SAFE_INTEGER);
    if (value > limit || value < -limit) {
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `${path.toString()}: int ${value.toString()} is outside +-(2^53-1)`);
    }
    return new JsonInteger(value);
  }

  static double(value: number, path: BridgePath): JsonValue {
    if (!Number.isFinite(value)) {
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `${path.toString()}: double ${BridgeEncode.spellNonFinite(value)} is not finite`);
    }
    return new JsonReal(value);
  }

  /** Swift's spelling of a non-finite double (`nan`, `-nan`, `inf`, `-inf`), the sign read from its bits. */
  private static spellNonFinite(value: number): string {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value);
    const sign = (view.getUint8(0) & 0x80) !== 0 ? '-' : '';
    return sign + (Number.isNaN(value) ? 'nan' : 'inf');
  }

  /** Any JSON value (IDL `any`), its numbers checked; members in key order, so the first failure is the same on every run. */
  static json(value: JsonValue, path: BridgePath): JsonValue {
    if (value instanceof JsonInteger) {
      return BridgeEncode.integer(value.value, path);
    }
    if (value instanceof JsonReal) {
      return BridgeEncode.double(value.value, path);
    }
    if (value instanceof JsonArray) {
      return BridgeEncode.list<JsonValue>(value.values, path, BridgeEncode.json);
    }
    if (value instanceof JsonObject) {
      return BridgeEncode.map<JsonValue>(value.members, path, BridgeEncode.json);
    }
    return value;
  }

  /** A union's unknown variant: the object it carries, its numbers checked, with `key` holding its tag. */
  static unknownVariant(tag: string, value: JsonObject, key: string, path: BridgePath): JsonValue {
    const members = new Map<string, JsonValue>((BridgeEncode.json(value, path) as JsonObject).members);
    members.set(key, new JsonText(tag));
    return new JsonObject(members);
  }

  static list<T>(values: T[], path: BridgePath, element: BridgeEncoder<T>): JsonValue {
    return new JsonArray(values.map((value: T, index: number): JsonValue => element(value, path.index(index))));
  }

  static map<T>(values: Map<string, T>, path: BridgePath, element: BridgeEncoder<T>): JsonValue {
    const result = new Map<string, JsonValue>();
    for (const key of JsonWriter.sortedKeys(values.keys())) {
      result.set(key, element(values.get(key) as T, path.key(key)));
    }
    return new JsonObject(result);
  }

  static optional<T>(value: T | undefined, path: BridgePath, wrapped: BridgeEncoder<T>): JsonValue {
    return value === undefined ? JsonNull.instance : wrapped(value, path);
  }

  /** The encoder of a list whose elements `element` encodes: what generated code passes for `list<T>`, nested as deep as the type. */
  static listOf<T>(element: BridgeEncoder<T>): BridgeEncoder<T[]> {
    return (values: T[], path: BridgePath): JsonValue => BridgeEncode.list<T>(values, path, element);
  }

  /** The encoder of a map whose values `element` encodes, like `listOf`. */
  static mapOf<T>(element: BridgeEncoder<T>): BridgeEncoder<Map<string, T>> {
    return (values: Map<string, T>, path: BridgePath): JsonValue => BridgeEncode.map<T>(values, path, element);
  }

  /** The encoder of a value that may be undefined (encoded as null), like `listOf`. */
  static optionalOf<T>(wrapped: BridgeEncoder<T>): BridgeEncoder<T | undefined> {
    return (value: T | undefined, path: BridgePath): JsonValue => BridgeEncode.optional<T>(value, path, wrapped);
  }
}

/**
 * The members of an object being encoded, each at its path; undefined optionals are left out.
 * The counterpart of BridgeFields: `new BridgeMembers(path).string('name', value.name).json`.
 */
export class BridgeMembers {
  private readonly path: BridgePath;
  private readonly members: Map<string, JsonValue> = new Map<string, JsonValue>();

  constructor(path: BridgePath) {
    this.path = path;
  }

  /** The object value. */
  get json(): JsonValue {
    return new JsonObject(this.members);
  }

  field<T>(key: string, value: T, encode: BridgeEncoder<T>): BridgeMembers {
    this.members.set(key, encode(value, this.path.field(key)));
    return this;
  }

  /** A field left out when `value` is undefined. */
  optional<T>(key: string, value: T | undefined, encode: BridgeEncoder<T>): BridgeMembers {
    if (value !== undefined) {
      this.members.set(key, encode(value, this.path.field(key)));
    }
    return this;
  }

  string(key: string, value: string): BridgeMembers {
    this.members.set(key, new JsonText(value));
    return this;
  }

  bool(key: string, value: boolean): BridgeMembers {
    this.members.set(key, new JsonBool(value));
    return this;
  }

  bytes(key: string, value: Uint8Array): BridgeMembers {
    this.members.set(key, new JsonText(BridgeBase64.encode(value)));
    return this;
  }

  int(key: string, value: number): BridgeMembers {
    this.members.set(key, BridgeEncode.int(value, this.path.field(key)));
    return this;
  }

  double(key: string, value: number): BridgeMembers {
    this.members.set(key, BridgeEncode.double(value, this.path.field(key)));
    return this;
  }
}

"""#, imports: ["{ BridgeBase64 } from './Base64';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue, JsonWriter } from './Values';"]),
RuntimeSource(name: "Incoming.ets", firstLine: 10, modifier: "export ", accessLines: [11, 19, 73], body: #"""
/** What a message's `callbackName` is (callback transport). */
export enum BridgeCallbackKind {
  ABSENT,
  VALID,
  /** Not a string, too long, or cut off: the message is refused and nothing is answered. */
  INVALID
}

/** The `callbackName` a message carries: its kind, the name when VALID, why not when INVALID. */
export class BridgeCallbackName {
  readonly kind: BridgeCallbackKind;
  readonly name: string;
  readonly reason: string;

  constructor(kind: BridgeCallbackKind, name: string, reason: string) {
    this.kind = kind;
    this.name = name;
    this.reason = reason;
  }

  static readonly absent: BridgeCallbackName = new BridgeCallbackName(BridgeCallbackKind.ABSENT, '', '');

  static valid(name: string): BridgeCallbackName {
    return new BridgeCallbackName(BridgeCallbackKind.VALID, name, '');
  }

  static invalid(reason: string): BridgeCallbackName {
    return new BridgeCallbackName(BridgeCallbackKind.INVALID, '', reason);
  }

  /** A parsed message's `callbackName` member (undefined: absent). */
  static of(value: JsonValue | undefined): BridgeCallbackName {
    if (value === undefined || value instanceof JsonNull) {
      return BridgeCallbackName.absent;
    }
    if (!(value instanceof JsonText)) {
      return BridgeCallbackName.invalid('not a string');
    }
    return value.value.length <= BridgeLimits.MAX_CALLBACK_NAME_LENGTH
      ? BridgeCallbackName.valid(value.value)
      : BridgeCallbackName.invalid(`longer than ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units`);
  }

  /** The callback name the scan read from text that may not parse. */
  static scanned(scan: BridgeTextScan): BridgeCallbackName {
    switch (scan.callbackKind) {
      case BridgeScannedKind.STRING:
        return BridgeCallbackName.of(new JsonText(scan.callbackText));
      case BridgeScannedKind.OTHER:
        return BridgeCallbackName.invalid('not a string');
      case BridgeScannedKind.UNCLOSED:
        return BridgeCallbackName.invalid('the text ends inside it');
      default:
        return BridgeCallbackName.absent;
    }
  }
}

/**
 * A message as the glue received it: JSON text. Its size, nesting depth, number of values and
 * keys are checked against BridgeLimits by one pass without recursion before anything parses
 * it, and then a strict RFC 8259 reader (never `JSON.parse`) builds the values.
 */
export class BridgeIncoming {
  /** The message object, or undefined when `error` says why not. */
  readonly message: Map<string, JsonValue> | undefined;
  readonly error: BridgeError | undefined;
  readonly callbackName: BridgeCallbackName;

  constructor(message: Map<string, JsonValue> | undefined, error: BridgeError | undefined, callbackName: BridgeCallbackName) {
    this.message = message;
    this.error = error;
    this.callbackName = callbackName;
  }

  static readonly tooLarge: BridgeError =
    new BridgeError(BridgeErrorCode.INVALID_MESSAGE, `the message is larger than ${BridgeLimits.MAX_MESSAGE_BYTES} bytes of JSON`);
  static readonly tooDeep: BridgeError =
    new BridgeError(BridgeErrorCode.INVALID_MESSAGE, `the message nests deeper than ${BridgeLimits.MAX_DEPTH} levels`);
  static readonly tooMany: BridgeError =
    new BridgeError(BridgeErrorCode.INVALID_MESSAGE, `the message holds more than ${BridgeLimits.MAX_VALUES} values`);
  static readonly notJson: BridgeError = new BridgeError(BridgeErrorCode.INVALID_MESSAGE, 'the message is not a JSON object string');

  /**
   * Reads `text`. With `parse` false only the callback name is read (a message from an
   * untrusted frame is not parsed). `data` names the top-level `data` in errors.
   */
  static read(text: string, parse: boolean = true, data: string = 'params'): BridgeIncoming {
    const bytes = BridgeUnicode.utf8Length(text);
    const scan = new BridgeTextScan(text, bytes, data);
    const scanned = BridgeCallbackName.scanned(scan);
    if (!parse) {
      return new BridgeIncoming(undefined, BridgeIncoming.notJson, scanned);
    }
    let problem: BridgeError | undefined = scan.collision;
    if (bytes > BridgeLimits.MAX_MESSAGE_BYTES) {
      problem = BridgeIncoming.tooLarge;
    } else if (scan.deepest > BridgeLimits.MAX_DEPTH) {
      problem = BridgeIncoming.tooDeep;
    } else if (scan.values > BridgeLimits.MAX_VALUES) {
      problem = BridgeIncoming.tooMany;
    }
    if (problem !== undefined) {
      return new BridgeIncoming(undefined, problem, scanned);
    }
    const value = new StrictJsonReader(text).readDocument();
    if (!(value instanceof JsonObject)) {
      return new BridgeIncoming(undefined, BridgeIncoming.notJson, scanned);
    }
    return new BridgeIncoming(value.members, undefined, BridgeCallbackName.of(value.members.get('callbackName')));
  }
}

"""#, imports: ["{ StrictJsonReader } from './JsonReader';", "{ BridgeLimits } from './Paths';", "{ BridgeUnicode } from './Text';", "{ BridgeScannedKind, BridgeTextScan } from './TextScan';", "{ BridgeError, BridgeErrorCode, JsonNull, JsonObject, JsonText, JsonValue } from './Values';"]),
RuntimeSource(name: "JsonReader.ets", firstLine: 7, modifier: "export ", accessLines: [17], body: #"""
/** Thrown inside the reader when the text is not JSON; never leaves it. */
class BridgeMalformedJson extends Error {
}

/**
 * RFC 8259 JSON text to JsonValues, strictly: no comments, no single quotes, no trailing
 * commas, no leading zeros, no unescaped controls, no number beyond a double. A lone
 * surrogate (escaped or not) reads as U+FFFD, what the Swift side's repair does. Called only
 * on text BridgeTextScan found within BridgeLimits.MAX_DEPTH, so its recursion is bounded.
 */
export class StrictJsonReader {
  private readonly s: string;
  private i: number = 0;

  constructor(text: string) {
    this.s = text;
  }

  /** The document's one value, or undefined when the text is not JSON. */
  readDocument(): JsonValue | undefined {
    try {
      if (this.s.charCodeAt(0) === 0xFEFF) {
        this.i = 1; // a BOM, as Foundation allows
      }
      const value = this.value();
      this.skipSpace();
      return this.i === this.s.length ? value : undefined;
    } catch (e) {
      if (e instanceof BridgeMalformedJson) {
        return undefined;
      }
      throw e as Error;
    }
  }

  private peek(): number {
    return this.i < this.s.length ? this.s.charCodeAt(this.i) : -1;
  }

  private skipSpace(): void {
    let c = this.peek();
    while (c === 0x20 || c === 0x09 || c === 0x0A || c === 0x0D) {
      this.i++;
      c = this.peek();
    }
  }

  private expect(unit: number): void {
    if (this.peek() !== unit) {
      throw new BridgeMalformedJson();
    }
    this.i++;
  }

  private literal(word: string, value: JsonValue): JsonValue {
    for (let k = 0; k < word.length; k++) {
      this.expect(word.charCodeAt(k));
    }
    return value;
  }

  private value(): JsonValue {
    this.skipSpace();
    switch (this.peek()) {
      case 0x7B:
        return this.object();
      case 0x5B:
        return this.array();
      case 0x22:
        return new JsonText(this.string());
      case 0x74:
        return this.literal('true', new JsonBool(true));
      case 0x66:
        return this.literal('false', new JsonBool(false));
      case 0x6E:
        return this.literal('null', JsonNull.instance);
      default:
        return this.number();
    }
  }

  private object(): JsonValue {
    this.expect(0x7B);
    const members = new Map<string, JsonValue>();
    this.skipSpace();
    if (this.peek() === 0x7D) {
      this.i++;
      return new JsonObject(members);
    }
    while (true) {
      this.skipSpace();
      const key = this.string();
      this.skipSpace();
      this.expect(0x3A);
      members.set(key, this.value()); // a repeated key: the last value wins, as in Foundation
      this.skipSpace();
      if (this.peek() !== 0x2C) {
        this.expect(0x7D);
        return new JsonObject(members);
      }
      this.i++;
    }
  }

  private array(): JsonValue {
    this.expect(0x5B);
    const values: JsonValue[] = [];
    this.skipSpace();
    if (this.peek() === 0x5D) {
      this.i++;
      return new JsonArray(values);
    }
    while (true) {
      values.push(this.value());
      this.skipSpace();
      if (this.peek() !== 0x2C) {
        this.expect(0x5D);
        return new JsonArray(values);
      }
      this.i++;
    }
  }

  private hexUnit(): number {
    const unit = this.i + 4 > this.s.length ? -1 : BridgeUnicode.hexUnit(this.s, this.i);
    if (unit < 0) {
      throw new BridgeMalformedJson();
    }
    this.i += 4;
    return unit;
  }

  private string(): string {
    this.expect(0x22);
    const out: string[] = [];
    let run = this.i;
    while (true) {
      const unit = this.peek();
      if (unit < 0x20) { // the end of the text (-1) or an unescaped control
        throw new BridgeMalformedJson();
      }
      if (unit === 0x22) {
        out.push(BridgeUnicode.wellFormed(this.s.substring(run, this.i)));
        this.i++;
        return out.length === 1 ? out[0] : out.join('');
      }
      if (unit !== 0x5C) {
        this.i++;
        continue;
      }
      out.push(BridgeUnicode.wellFormed(this.s.substring(run, this.i)));
      this.i++;
      out.push(this.escape());
      run = this.i;
    }
  }

  /** The text of the escape after a backslash, the reader past it. */
  private escape(): string {
    const unit = this.peek();
    this.i++;
    const control = BridgeUnicode.CONTROL_ESCAPES.get(unit);
    if (control !== undefined) {
      return control;
    }
    if (unit === 0x22 || unit === 0x5C || unit === 0x2F) {
      return String.fromCharCode(unit);
    }
    if (unit !== 0x75) {
      throw new BridgeMalformedJson();
    }
    return this.unicodeEscape();
  }

  private unicodeEscape(): string {
    const unit = this.hexUnit();
    if (BridgeUnicode.isHigh(unit) && this.i + 6 <= this.s.length && this.peek() === 0x5C && this.s.charCodeAt(this.i + 1) === 0x75) {
      const save = this.i;
      this.i += 2;
      const low = this.hexUnit();
      if (BridgeUnicode.isLow(low)) {
        return String.fromCharCode(unit, low);
      }
      this.i = save;
      return '\uFFFD';
    }
    return unit >= 0xD800 && unit <= 0xDFFF ? '\uFFFD' : String.fromCharCode(unit);
  }

  private digits(): number {
    const start = this.i;
    let c = this.peek();
    while (c >= 0x30 && c <= 0x39) {
      this.i++;
      c = this.peek();
    }
    return this.i - start;
  }

  private number(): JsonValue {
    const start = this.i;
    if (this.peek() === 0x2D) {
      this.i++;
    }
    if (this.peek() === 0x30) {
      this.i++;
      if (this.peek() >= 0x30 && this.peek() <= 0x39) {
        throw new BridgeMalformedJson();
      }
    } else if (this.digits() === 0) {
      throw new BridgeMalformedJson();
    }
    let integral = true;
    if (this.peek() === 0x2E) {
      this.i++;
      integral = false;
      if (this.digits() === 0) {
        throw new BridgeMalformedJson();
      }
    }
    if (this.peek() === 0x65 || this.peek() === 0x45) {
      this.i++;
      integral = false;
      if (this.peek() === 0x2B || this.peek() === 0x2D) {
        this.i++;
      }
      if (this.digits() === 0) {
        throw new BridgeMalformedJson();
      }
    }
    const lexeme = this.s.substring(start, this.i);
    if (integral) {
      // Foundation holds -2^63 and integers beyond 2^63-1 as doubles (Swift's Int, Kotlin's Long); so does this reader.
      const integer = BigInt(lexeme);
      if (integer <= StrictJsonReader.INT64_MAX && integer >= -StrictJsonReader.INT64_MAX) {
        return new JsonInteger(integer);
      }
    }
    const double = Number(lexeme);
    if (!Number.isFinite(double)) {
      throw new BridgeMalformedJson(); // Foundation: "not representable in Swift"
    }
    return new JsonReal(double);
  }

  private static readonly INT64_MAX: bigint = BigInt('9223372036854775807');
}

"""#, imports: ["{ BridgeUnicode } from './Text';", "{ JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue } from './Values';"]),
RuntimeSource(name: "Paths.ets", firstLine: 6, modifier: "export ", accessLines: [7, 34], body: #"""
/** The bounds of what crosses the bridge (docs/WIRE.md, "Limits"): the Swift runtime's, value for value. */
export class BridgeLimits {
  /** Deepest nesting of a message: the message object is level 1, its `data` level 2. */
  static readonly MAX_DEPTH: number = 128;
  /** Largest message, in bytes of JSON text (UTF-8). */
  static readonly MAX_MESSAGE_BYTES: number = 16 * 1024 * 1024;
  /** Most values in one message (each object, array, string, number, boolean and null; keys do not count), counted before anything is built. */
  static readonly MAX_VALUES: number = 100000;
  /** Longest callback name, in UTF-16 units. */
  static readonly MAX_CALLBACK_NAME_LENGTH: number = 256;
  /** Largest JSON text of an answer or an event payload sent to the page. */
  static readonly MAX_SCRIPT_JSON_BYTES: number = 64 * 1024 * 1024;
  /** Longest message native keeps of a page call's failure, in UTF-16 units. */
  static readonly MAX_PAGE_MESSAGE_LENGTH: number = 1000;
  /** Longest `bytes` value, in decoded bytes: 10 MiB, whose base64 text still fits a message. */
  static readonly MAX_BYTES_LENGTH: number = 10 * 1024 * 1024;
  /** Largest stream item, in bytes of JSON text: a message's worth, so a 10 MiB `bytes` chunk fits. */
  static readonly MAX_STREAM_ITEM_BYTES: number = 16 * 1024 * 1024;
  /** Most items one stream posts per second: a faster emit waits, so a runaway loop cannot flood the page. */
  static readonly MAX_STREAM_ITEMS_PER_SECOND: number = 1000;
  /** The largest integer a JavaScript number holds exactly (2^53 - 1). */
  static readonly MAX_SAFE_INTEGER: number = 9007199254740991;
}

/**
 * Where a value sits in a message (`params.items[2].id`), for error messages: a chain of
 * components written out only when an error needs it, so decoding stays linear in the body.
 */
export class BridgePath {
  private readonly parent: BridgePath | undefined;
  private readonly part: string;

  /** A path that starts at `root` (`params`, `result`, `payload.user`). */
  constructor(root: string, parent?: BridgePath) {
    this.parent = parent;
    this.part = root;
  }

  /** A struct field: `path.name`. */
  field(name: string): BridgePath {
    return new BridgePath('.' + name, this);
  }

  /** An array element: `path[2]`. */
  index(index: number): BridgePath {
    return new BridgePath(`[${index}]`, this);
  }

  /** A map key: `path["key"]`, the key as a JSON string. */
  key(key: string): BridgePath {
    const out: string[] = ['['];
    JsonWriter.writeString(key, out);
    out.push(']');
    return new BridgePath(out.join(''), this);
  }

  /** A key where the schema type is not known: `.name` for a plain ASCII name, else `["key"]`. */
  member(key: string): BridgePath {
    return BridgePath.isPlain(key) ? this.field(key) : this.key(key);
  }

  private static isPlain(key: string): boolean {
    if (key.length === 0 || (key.charCodeAt(0) >= 0x30 && key.charCodeAt(0) <= 0x39)) {
      return false;
    }
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      const plain = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c === 0x5F || c === 0x24;
      if (!plain) {
        return false;
      }
    }
    return true;
  }

  /** The path as error messages write it. Iterative, so no depth of path can exhaust the stack. */
  toString(): string {
    const parts: string[] = [];
    let node: BridgePath | undefined = this;
    while (node !== undefined) {
      parts.push(node.part);
      node = node.parent;
    }
    return parts.reverse().join('');
  }
}

"""#, imports: ["{ JsonWriter } from './Values';"]),
RuntimeSource(name: "Text.ets", firstLine: 6, modifier: "export ", accessLines: [7, 91], body: #"""
/** Text as Swift's `String` holds page text: every lone surrogate is U+FFFD. */
export class BridgeUnicode {
  /** The bytes of `text` in UTF-8, a lone surrogate counted as U+FFFD's three. */
  static utf8Length(text: string): number {
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) {
        bytes += 1;
      } else if (unit < 0x800) {
        bytes += 2;
      } else if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < text.length && BridgeUnicode.isLow(text.charCodeAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /** The controls JSON's one-letter escapes stand for (`\n` is `n`), by the letter's code unit. */
  static readonly CONTROL_ESCAPES: Map<number, string> = new Map<number, string>([
    [0x62, '\b'], [0x66, '\f'], [0x6E, '\n'], [0x72, '\r'], [0x74, '\t']
  ]);

  static isHigh(unit: number): boolean {
    return unit >= 0xD800 && unit <= 0xDBFF;
  }

  static isLow(unit: number): boolean {
    return unit >= 0xDC00 && unit <= 0xDFFF;
  }

  /** `text` with each lone surrogate replaced by U+FFFD (a valid pair is kept). */
  static wellFormed(text: string): string {
    let i = 0;
    while (i < text.length) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xD800 && unit <= 0xDFFF) {
        break;
      }
      i++;
    }
    if (i === text.length) {
      return text;
    }
    const out: string[] = [text.substring(0, i)];
    let run = i;
    for (; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (BridgeUnicode.isHigh(unit) && i + 1 < text.length && BridgeUnicode.isLow(text.charCodeAt(i + 1))) {
        i++;
      } else if (unit >= 0xD800 && unit <= 0xDFFF) {
        out.push(text.substring(run, i), '\uFFFD');
        run = i + 1;
      }
    }
    out.push(text.substring(run));
    return out.join('');
  }

  /** The UTF-16 unit that the four hex digits at `index` of `text` spell, or -1; the caller checks the bounds. */
  static hexUnit(text: string, index: number): number {
    let value = 0;
    for (let k = index; k < index + 4; k++) {
      const c = text.charCodeAt(k);
      let digit = -1;
      if (c >= 0x30 && c <= 0x39) {
        digit = c - 0x30;
      } else if (c >= 0x41 && c <= 0x46) {
        digit = c - 0x41 + 10;
      } else if (c >= 0x61 && c <= 0x66) {
        digit = c - 0x61 + 10;
      }
      if (digit < 0) {
        return -1;
      }
      value = value * 16 + digit;
    }
    return value;
  }
}

/** JavaScript string literals that are pure ASCII, as the Swift runtime writes them. */
export class BridgeJavaScript {
  /** `text` as a double-quoted literal: `"` and `\` escaped, `<>&'` and all but printable ASCII as `\uXXXX`. */
  static stringLiteral(text: string): string {
    const out: string[] = ['"'];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22 || c === 0x5C) {
        out.push('\\' + text.charAt(i));
      } else if (c === 0x3C || c === 0x3E || c === 0x26 || c === 0x27 || c < 0x20 || c > 0x7E) {
        out.push(JsonWriter.escape(c));
      } else {
        out.push(text.charAt(i));
      }
    }
    out.push('"');
    return out.join('');
  }
}

"""#, imports: ["{ JsonWriter } from './Values';"]),
RuntimeSource(name: "TextScan.ets", firstLine: 9, modifier: "export ", accessLines: [10, 43], body: #"""
/** What the scan found as the top-level `callbackName`'s value. */
export enum BridgeScannedKind {
  ABSENT,
  NULL,
  STRING,
  OTHER,
  /** A string the text ends inside: only a prefix of the real name. */
  UNCLOSED
}

/** An object or array the scan is inside. */
class BridgeScanContainer {
  readonly isObject: boolean;
  readonly path: BridgePath;
  expectsKey: boolean;
  index: number = 0;
  key: string | undefined = undefined;
  awaitsValue: boolean = false;
  /** Each key so far, by its NFC form. */
  readonly keys: Map<string, string> = new Map<string, string>();

  constructor(isObject: boolean, path: BridgePath) {
    this.isObject = isObject;
    this.path = path;
    this.expectsKey = isObject;
  }
}

/**
 * One pass over a message's JSON text, without recursion and without parsing it: how deep it
 * nests, how many values it holds, the first two keys of one object that differ only in
 * Unicode normalization, and the value of the top-level `callbackName`. Tolerant, so a
 * malformed request's callback name can still be read.
 */
export class BridgeTextScan {
  deepest: number = 0;
  /** How many values the text holds (keys not counted), at most BridgeLimits.MAX_VALUES + 1. */
  values: number = 0;
  collision: BridgeError | undefined = undefined;
  callbackKind: BridgeScannedKind = BridgeScannedKind.ABSENT;
  /** The callback name's text when `callbackKind` is STRING. */
  callbackText: string = '';

  private readonly data: string;
  private readonly open: BridgeScanContainer[] = [];
  private beyond: number = 0;
  private tracking: boolean;

  /** Scans `s`, whose UTF-8 length is `byteLength`; `data` names the top-level `data` in paths. */
  constructor(s: string, byteLength: number, data: string) {
    this.data = data;
    this.tracking = byteLength <= BridgeLimits.MAX_MESSAGE_BYTES;
    let inScalar = false; // inside a number or a literal, whose first unit was counted
    let i = 0;
    while (i < s.length) {
      const unit = s.charCodeAt(i);
      const scalarUnit = inScalar;
      inScalar = false;
      if (unit === 0x22) {
        i = this.string(s, i);
        continue;
      }
      if (unit === 0x7B || unit === 0x5B) {
        this.opening(unit === 0x7B);
      } else if (unit === 0x7D || unit === 0x5D) {
        this.closing();
      } else if (unit === 0x3A) {
        const last = this.innermost();
        if (last !== undefined && last.isObject) {
          last.awaitsValue = true;
        }
      } else if (unit === 0x2C) {
        const last = this.innermost();
        if (last !== undefined) {
          last.expectsKey = last.isObject;
          last.awaitsValue = false;
          last.index += 1;
        }
      } else if (unit !== 0x20 && unit !== 0x09 && unit !== 0x0A && unit !== 0x0D) {
        inScalar = true;
        if (!scalarUnit) {
          this.scalar(unit);
        }
      }
      i += 1;
    }
  }

  /** The innermost container being tracked, if the scan is within the depth limit. */
  private innermost(): BridgeScanContainer | undefined {
    return this.beyond === 0 && this.open.length > 0 ? this.open[this.open.length - 1] : undefined;
  }

  /** Counts a value; past the limit, keys are no longer collected (the message is refused). */
  private counted(): void {
    if (this.values > BridgeLimits.MAX_VALUES) {
      return;
    }
    this.values += 1;
    if (this.values > BridgeLimits.MAX_VALUES) {
      this.tracking = false;
    }
  }

  private topLevelCallbackValue(): boolean {
    const first = this.open.length === 1 && this.beyond === 0 ? this.open[0] : undefined;
    return first !== undefined && first.isObject && first.awaitsValue && first.key === 'callbackName';
  }

  private scalar(unit: number): void {
    this.counted();
    if (this.topLevelCallbackValue()) {
      this.callbackKind = unit === 0x6E ? BridgeScannedKind.NULL : BridgeScannedKind.OTHER;
    }
    const last = this.innermost();
    if (last !== undefined) {
      last.awaitsValue = false;
    }
  }

  /** A string opening at `i`: a key or a value. Returns the index after it. */
  private string(s: string, i: number): number {
    let end = i + 1;
    let escaped = false;
    while (end < s.length && s.charCodeAt(end) !== 0x22) {
      if (s.charCodeAt(end) === 0x5C) {
        escaped = true;
        end += 1;
      }
      end += 1;
    }
    const start = i + 1;
    const stop = Math.min(end, s.length);
    const closed = end < s.length;
    const last = this.innermost();
    const isKey = last !== undefined && last.isObject && last.expectsKey;
    if (!isKey) {
      this.counted();
    }
    if (last === undefined) {
      return end + 1;
    }
    if (isKey) {
      const key = BridgeTextScan.text(s, start, stop, escaped);
      last.key = key;
      last.expectsKey = false;
      this.collect(last, key);
    } else {
      if (this.topLevelCallbackValue()) {
        this.callbackKind = closed ? BridgeScannedKind.STRING : BridgeScannedKind.UNCLOSED;
        this.callbackText = closed ? BridgeTextScan.text(s, start, stop, escaped) : '';
      }
      last.awaitsValue = false;
    }
    return end + 1;
  }

  /** Records `key` of `container`, and the first pair of keys that differ only in Unicode normalization. */
  private collect(container: BridgeScanContainer, key: string): void {
    if (!this.tracking || this.collision !== undefined) {
      return;
    }
    const normalized = key.normalize('NFC');
    const first = container.keys.get(normalized);
    if (first === undefined) {
      container.keys.set(normalized, key);
    } else if (first !== key) {
      this.collision = BridgeTextScan.collisionError(container.path, first, key);
      this.tracking = false;
    }
  }

  private opening(isObject: boolean): void {
    this.counted();
    if (this.topLevelCallbackValue()) {
      this.callbackKind = BridgeScannedKind.OTHER;
    }
    if (this.open.length >= BridgeLimits.MAX_DEPTH) {
      this.beyond += 1;
      this.deepest = Math.max(this.deepest, BridgeLimits.MAX_DEPTH + 1);
      this.tracking = false;
      return;
    }
    let path = new BridgePath('message');
    const parent = this.open.length > 0 ? this.open[this.open.length - 1] : undefined;
    if (parent !== undefined) {
      if (parent.isObject) {
        const key = parent.key ?? '';
        path = this.open.length === 1 ? BridgeTextScan.topLevelPath(key, this.data) : parent.path.member(key);
      } else {
        path = parent.path.index(parent.index);
      }
      parent.awaitsValue = false;
    }
    this.open.push(new BridgeScanContainer(isObject, path));
    this.deepest = Math.max(this.deepest, this.open.length);
  }

  private closing(): void {
    if (this.beyond > 0) {
      this.beyond -= 1;
    } else if (this.open.length > 0) {
      this.open.pop();
    }
  }

  /** The path of the value under a message's top-level `key`: `data` is `params` (or what `data` names). */
  static topLevelPath(key: string, data: string): BridgePath {
    return key === 'data' ? new BridgePath(data) : new BridgePath('message').member(key);
  }

  /** Two keys of one object that differ only in Unicode normalization: the Swift side would merge them. */
  static collisionError(path: BridgePath, first: string, second: string): BridgeError {
    const keys = [first, second];
    keys.sort((a: string, b: string): number => JsonWriter.compareScalars(a, b));
    const named = `${BridgeJavaScript.stringLiteral(keys[0])} and ${BridgeJavaScript.stringLiteral(keys[1])}`;
    return new BridgeError(BridgeErrorCode.INVALID_PARAMS, `${path.toString()}: keys ${named} differ only in Unicode normalization`);
  }

  /** The code unit of a `\uXXXX` escape at `index` that ends by `end`, or -1. */
  private static escapeUnit(s: string, index: number, end: number): number {
    if (index + 6 > end || s.charCodeAt(index) !== 0x5C || s.charCodeAt(index + 1) !== 0x75) {
      return -1;
    }
    return BridgeUnicode.hexUnit(s, index + 2);
  }

  /** A JSON string's contents with escapes resolved, tolerantly; a lone surrogate (escaped or not) becomes U+FFFD. */
  static text(s: string, start: number, end: number, escaped: boolean): string {
    if (!escaped) {
      return BridgeUnicode.wellFormed(s.substring(start, end));
    }
    const out: string[] = [];
    let run = start;
    let index = start;
    while (index < end) {
      if (s.charCodeAt(index) !== 0x5C || index + 1 >= end) {
        index += 1;
        continue;
      }
      out.push(BridgeUnicode.wellFormed(s.substring(run, index)));
      index = BridgeTextScan.escape(s, index, end, out);
      run = index;
    }
    out.push(BridgeUnicode.wellFormed(s.substring(run, end)));
    return out.join('');
  }

  /** Appends the text of the escape at `index` (a backslash) and returns the index after it. */
  private static escape(s: string, index: number, end: number, out: string[]): number {
    const next = s.charCodeAt(index + 1);
    const control = BridgeUnicode.CONTROL_ESCAPES.get(next);
    if (control !== undefined) {
      out.push(control);
      return index + 2;
    }
    return next === 0x75 ? BridgeTextScan.unicodeEscape(s, index, end, out) : BridgeTextScan.escapedCharacter(s, index, end, out);
  }

  private static unicodeEscape(s: string, index: number, end: number, out: string[]): number {
    const unit = BridgeTextScan.escapeUnit(s, index, end);
    if (unit < 0) {
      out.push('\uFFFD');
      return index + 2;
    }
    const low = BridgeTextScan.escapeUnit(s, index + 6, end);
    if (BridgeUnicode.isHigh(unit) && BridgeUnicode.isLow(low)) {
      out.push(String.fromCharCode(unit, low));
      return index + 12;
    }
    out.push(unit >= 0xD800 && unit <= 0xDFFF ? '\uFFFD' : String.fromCharCode(unit));
    return index + 6;
  }

  /**
   * Any other escaped character stands for itself. Swift's scan works on UTF-8 bytes and takes
   * the one byte after the backslash as a scalar: a character beyond ASCII becomes its first
   * byte's scalar and a U+FFFD for each byte after it (they no longer follow a lead byte).
   */
  private static escapedCharacter(s: string, index: number, end: number, out: string[]): number {
    const unit = s.charCodeAt(index + 1);
    if (unit < 0x80) {
      out.push(s.charAt(index + 1));
      return index + 2;
    }
    if (unit < 0x800) {
      out.push(String.fromCharCode(0xC0 | (unit >> 6)), '\uFFFD');
      return index + 2;
    }
    if (BridgeUnicode.isHigh(unit) && index + 2 < end && BridgeUnicode.isLow(s.charCodeAt(index + 2))) {
      const scalar = 0x10000 + ((unit - 0xD800) << 10) + (s.charCodeAt(index + 2) - 0xDC00);
      out.push(String.fromCharCode(0xF0 | (scalar >> 18)), '\uFFFD\uFFFD\uFFFD');
      return index + 3;
    }
    // A lone surrogate is U+FFFD's bytes, EF BF BD.
    const lead = unit >= 0xD800 && unit <= 0xDFFF ? 0xEF : 0xE0 | (unit >> 12);
    out.push(String.fromCharCode(lead), '\uFFFD\uFFFD');
    return index + 2;
  }
}

"""#, imports: ["{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeJavaScript, BridgeUnicode } from './Text';", "{ BridgeError, BridgeErrorCode, JsonWriter } from './Values';"]),
RuntimeSource(name: "Values.ets", firstLine: 7, modifier: "export ", accessLines: [8, 17, 21, 34, 43, 52, 61, 70, 80, 225, 249, 289, 313], body: #"""
/** Any JSON value: the ArkTS side of the IDL's `any`, and what results and payloads are encoded to. */
export abstract class JsonValue {
  /** Compact JSON text, object keys in Swift's order, so every native side writes the same bytes. */
  get jsonText(): string {
    const out: string[] = [];
    JsonWriter.write(this, out);
    return out.join('');
  }
}

export class JsonNull extends JsonValue {
  static readonly instance: JsonNull = new JsonNull();
}

export class JsonBool extends JsonValue {
  readonly value: boolean;

  constructor(value: boolean) {
    super();
    this.value = value;
  }
}

/**
 * A JSON integer, exact over 64 bits as Swift's `Int` and Kotlin's `Long` hold it (a page may
 * send 2^60 inside an `any` value); values beyond +-(2^53-1) are refused when written to the page.
 */
export class JsonInteger extends JsonValue {
  readonly value: bigint;

  constructor(value: bigint) {
    super();
    this.value = value;
  }
}

export class JsonReal extends JsonValue {
  readonly value: number;

  constructor(value: number) {
    super();
    this.value = value;
  }
}

export class JsonText extends JsonValue {
  readonly value: string;

  constructor(value: string) {
    super();
    this.value = value;
  }
}

export class JsonArray extends JsonValue {
  readonly values: JsonValue[];

  constructor(values: JsonValue[]) {
    super();
    this.values = values;
  }
}

export class JsonObject extends JsonValue {
  readonly members: Map<string, JsonValue>;

  constructor(members: Map<string, JsonValue>) {
    super();
    this.members = members;
  }
}

/** Writes JSON text the way the Swift runtime's `JSONValue.write` does, byte for byte. */
export class JsonWriter {
  /** Keys in the Swift runtime's order (`JSONValue.sortedKeys`): by their Unicode scalars as written. */
  static sortedKeys(keys: Iterable<string>): string[] {
    const sorted: string[] = Array.from<string>(keys);
    sorted.sort((a: string, b: string): number => JsonWriter.compareScalars(a, b));
    return sorted;
  }

  /** Code point order (UTF-16 unit order puts U+E000..U+FFFF after the supplementary planes). */
  static compareScalars(a: string, b: string): number {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a.codePointAt(i) as number;
      const y = b.codePointAt(j) as number;
      if (x !== y) {
        return x < y ? -1 : 1;
      }
      i += x > 0xFFFF ? 2 : 1;
      j += y > 0xFFFF ? 2 : 1;
    }
    const left = a.length - i;
    const right = b.length - j;
    return left === right ? 0 : (left < right ? -1 : 1);
  }

  static write(value: JsonValue, out: string[]): void {
    if (value instanceof JsonBool) {
      out.push(value.value ? 'true' : 'false');
    } else if (value instanceof JsonInteger) {
      out.push(value.value.toString());
    } else if (value instanceof JsonReal) {
      out.push(Number.isFinite(value.value) ? JsonWriter.swiftDouble(value.value) : 'null');
    } else if (value instanceof JsonText) {
      JsonWriter.writeString(value.value, out);
    } else if (value instanceof JsonArray) {
      out.push('[');
      value.values.forEach((element: JsonValue, index: number) => {
        if (index > 0) {
          out.push(',');
        }
        JsonWriter.write(element, out);
      });
      out.push(']');
    } else if (value instanceof JsonObject) {
      JsonWriter.writeObject(value.members, out);
    } else {
      out.push('null');
    }
  }

  private static writeObject(members: Map<string, JsonValue>, out: string[]): void {
    out.push('{');
    JsonWriter.sortedKeys(members.keys()).forEach((key: string, index: number) => {
      if (index > 0) {
        out.push(',');
      }
      JsonWriter.writeString(key, out);
      out.push(':');
      JsonWriter.write(members.get(key) as JsonValue, out);
    });
    out.push('}');
  }

  /** `text` as a JSON string: `"` and `\` escaped, controls as escapes, everything else as it is, copied in runs. */
  static writeString(text: string, out: string[]): void {
    out.push('"');
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x20 && unit !== 0x22 && unit !== 0x5C) {
        continue;
      }
      if (run < i) {
        out.push(text.substring(run, i));
      }
      run = i + 1;
      if (unit === 0x22 || unit === 0x5C) {
        out.push('\\' + text.charAt(i));
      } else if (unit === 0x0A) {
        out.push('\\n');
      } else if (unit === 0x0D) {
        out.push('\\r');
      } else if (unit === 0x09) {
        out.push('\\t');
      } else {
        out.push(JsonWriter.escape(unit));
      }
    }
    if (run < text.length) {
      out.push(run === 0 ? text : text.substring(run));
    }
    out.push('"');
  }

  /** `\uXXXX`, lowercase hex digits. */
  static escape(unit: number): string {
    const digits = unit.toString(16);
    return '\\u' + '0000'.substring(digits.length) + digits;
  }

  /**
   * A finite double as Swift's `description` writes it: the shortest digits that read back
   * to the same value, positional from 1e-4 up to below 1e16 (`100.0`, `0.0001`), else
   * exponential with a signed two-digit exponent (`1e+16`, `1.5e-05`). JavaScript's own
   * `toString` picks the same digits (the shortest, the nearest of them); only the layout differs.
   */
  static swiftDouble(value: number): string {
    if (value === 0) {
      return 1 / value < 0 ? '-0.0' : '0.0';
    }
    const spelled = Math.abs(value).toString();
    const e = spelled.indexOf('e');
    const mantissa = e < 0 ? spelled : spelled.substring(0, e);
    const point = mantissa.indexOf('.');
    const whole = point < 0 ? mantissa : mantissa.substring(0, point) + mantissa.substring(point + 1);
    let leading = 0;
    while (whole.charAt(leading) === '0') {
      leading++;
    }
    let digits = whole.substring(leading);
    let trailing = digits.length;
    while (trailing > 1 && digits.charAt(trailing - 1) === '0') {
      trailing--;
    }
    digits = digits.substring(0, trailing);
    // The exponent of the first digit.
    const exponent = (point < 0 ? mantissa.length : point) - 1 - leading + (e < 0 ? 0 : Number(spelled.substring(e + 1)));
    const sign = value < 0 ? '-' : '';
    if (exponent < -4 || exponent >= 16) {
      const fraction = digits.length === 1 ? digits : digits.charAt(0) + '.' + digits.substring(1);
      const magnitude = Math.abs(exponent).toString();
      return sign + fraction + 'e' + (exponent < 0 ? '-' : '+') + (magnitude.length < 2 ? '0' + magnitude : magnitude);
    }
    if (exponent < 0) {
      return sign + '0.' + '0'.repeat(-exponent - 1) + digits;
    }
    if (digits.length <= exponent + 1) {
      return sign + digits + '0'.repeat(exponent + 1 - digits.length) + '.0';
    }
    return sign + digits.substring(0, exponent + 1) + '.' + digits.substring(exponent + 1);
  }
}

/** The bridge's own error codes (docs/WIRE.md); application errors use codes >= 1. */
export enum BridgeErrorCode {
  OK = 0,
  UNKNOWN_METHOD = -1,
  INVALID_MESSAGE = -2,
  INVALID_PARAMS = -3,
  UNTRUSTED_ORIGIN = -4,
  HANDLER_UNAVAILABLE = -5,
  INTERNAL_ERROR = -6,
  NOT_IN_APP = -7,
  TIMEOUT = -8,
  ABORTED = -9,
  NOT_IMPLEMENTED = -10,
  PAGE_NOT_LOADED = -11,
  PAGE_ERROR = -12,
  INVALID_RESULT = -13,
  PROCESS_TERMINATED = -14
}

/**
 * An error with a code, a message and data that reaches the page intact: the bridge's own
 * codes, and the failure envelope of a module's application error. Handlers usually throw the
 * module's typed error instead; anything else reaches the page as `internalError` with a
 * generic message.
 */
export class BridgeError extends Error {
  readonly code: number;
  /** The envelope's `data`: an application error's fields, else null. */
  readonly data: JsonValue;

  constructor(code: number, message: string, data?: JsonValue) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.data = data ?? JsonNull.instance;
  }

  override toString(): string {
    return `BridgeError(${this.code}): ${this.message}`;
  }

  /**
   * The error as the page sees it: bridge errors intact, application errors with their data,
   * anything else (an application error whose data cannot be encoded too) as `internalError`.
   */
  static reaching(error: Error): BridgeError {
    if (error instanceof BridgeError) {
      return error;
    }
    if (error instanceof BridgeApplicationError) {
      try {
        return error.bridgeError();
      } catch (failure) {
        return new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');
      }
    }
    return new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');
  }
}

/**
 * A module's application errors, the base of each generated error class: a request's handler
 * throws one to reject with its code (>= 1), message and typed data, and a page call throws
 * one when the page rejects with it.
 */
export class BridgeApplicationError extends Error {
  /** The code on the wire, >= 1. */
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }

  /**
   * The envelope's `data` at `path`: the error's fields, or null for an error without any.
   * Throws an `internalError` BridgeError when a value cannot be encoded.
   */
  protected encodeData(path: BridgePath): JsonValue {
    return JsonNull.instance;
  }

  /** The failure envelope the page receives, `data` encoded; throws as `encodeData` does. */
  bridgeError(): BridgeError {
    return new BridgeError(this.code, this.message, this.encodeData(new BridgePath('data')));
  }
}

/** What every request is answered with: `{errcode, errmsg, data}`, written in that key order. */
export class BridgeEnvelope {
  readonly errcode: number;
  readonly errmsg: string;
  readonly data: JsonValue;

  constructor(errcode: number, errmsg: string, data: JsonValue) {
    this.errcode = errcode;
    this.errmsg = errmsg;
    this.data = data;
  }

  get jsonText(): string {
    const out: string[] = ['{"errcode":', this.errcode.toString(), ',"errmsg":'];
    JsonWriter.writeString(this.errmsg, out);
    out.push(',"data":');
    JsonWriter.write(this.data, out);
    out.push('}');
    return out.join('');
  }

  static success(data: JsonValue): BridgeEnvelope {
    return new BridgeEnvelope(0, 'ok', data);
  }

  static failure(error: BridgeError): BridgeEnvelope {
    return new BridgeEnvelope(error.code, error.message, error.data);
  }
}

"""#, imports: ["{ BridgePath } from './Paths';"]),
    ]
}
