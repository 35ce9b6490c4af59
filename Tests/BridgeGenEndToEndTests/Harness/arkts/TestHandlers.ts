// The Swift test host's deterministic handlers (Tests/BridgeGenSwiftTests/Fixtures/Host/
// TestHandlers.swift), ported to the ArkTS generated for Schemas/ as the Kotlin host ported them
// (Tests/BridgeGenKotlinTests/Fixtures/DispatchProbe.kt's TestHandlers): method for method the
// same results, errors, stream items, records and parking. What Kotlin reads from its coroutine
// (the caller, cancellation) comes from the trailing `call: BridgeCall` (the ArkTS contract).

import {
  DeviceInfo, DownloadChunk, DownloadFailedError, HapticStyle, Insets, InvalidKeyError, SampleCodec, SampleHandler, ShareItem, ShareItemImage,
  ShareItemLink, ShareItemScreenshot, ShareItemText, ShareItemUnknown, ShareOutcome, ShareOutcomeCancelled, ShareOutcomeShared, StorageFullError
} from './SampleBridge';
import {
  NotLoggedInError, PrepayOrder, PrepayResult, PurchaseFailedError, PurchaseStatus, PurchasesDisabledError, UserCodec, UserHandler, UserInfo
} from './UserBridge';
import {
  BridgeCall, BridgeEncode, BridgePath, BridgeStream, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonText,
  JsonValue, JsonWriter
} from './BridgeGenSupport';

// The timers of ArkTS's global scope (and node's), declared here: the host compiles without DOM types.
declare function setTimeout(run: () => void, ms: number): number;
declare function clearTimeout(timer: number): void;

/** A detail no answer may carry: the session answers it -6 without its message. */
export class SecretInternalDetail extends Error {
  constructor() {
    super('a detail the page must not see');
  }
}

/** What a parked handler throws once the page gave up; the session drops its answer. */
class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A map keyed as a Swift `Dictionary<String, _>`: canonically equivalent keys are one key (kept under NFC). */
export class SwiftKeyedMap<V> {
  private readonly entries: Map<string, V> = new Map<string, V>();

  get(key: string): V | undefined {
    return this.entries.get(key.normalize('NFC'));
  }

  set(key: string, value: V): void {
    this.entries.set(key.normalize('NFC'), value);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Swift's `Int(text)`: an optional `+` or `-`, then ASCII digits only. */
export function swiftInt(text: string): number | undefined {
  return /^[+-]?[0-9]+$/.test(text) ? Number(text) : undefined;
}

/** A later task, as the Swift handlers' `Task.yield()` and Kotlin's `yield()`. */
const pause = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

const text = (value: string): JsonValue => new JsonText(value);
const optional = (value: string | undefined): JsonValue => (value === undefined ? JsonNull.instance : new JsonText(value));
const fields = (entries: [string, JsonValue][]): JsonObject => new JsonObject(new Map<string, JsonValue>(entries));

/** An encoder's output, or null when it refuses (as the Swift handlers record with `try?`). */
function encodedOrNull(encode: () => JsonValue): JsonValue {
  try {
    return encode();
  } catch {
    return JsonNull.instance;
  }
}

export class TestHandlers implements SampleHandler, UserHandler {
  private readonly store = new SwiftKeyedMap<string>();
  private readonly blobs = new SwiftKeyedMap<Uint8Array>();
  private loggedIn = true;
  readonly calls: JsonValue[] = [];
  /** Requests waiting in `getItem("slow")` or a `test://hold/N` download for the page to cancel them: a host does not wait for those to settle. */
  parked = 0;

  /** Empties the store and logs the user in again (the hosts' `reset`). */
  reset(): void {
    this.store.clear();
    this.blobs.clear();
    this.loggedIn = true;
  }

  private record(module: string, method: string, params: [string, JsonValue][]): void {
    this.calls.push(fields([['module', text(module)], ['method', text(method)], ['params', fields(params)]]));
  }

  /**
   * Waits for the page to give up: `$cancel` (or a navigation) cancels the call, recorded as
   * `<method>.cancelled` with whether the call says it was cancelled, then the handler throws.
   */
  private async parkUntilCancelled(method: string, call: BridgeCall): Promise<void> {
    this.parked += 1;
    try {
      const cancelled = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 20000);
        call.onCancel(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!cancelled) return;
      this.record('sample', method + '.cancelled', [['isCancelled', new JsonBool(call.isCancelled)]]);
      throw new Cancelled();
    } finally {
      this.parked -= 1;
    }
  }

  share(shared: string, url: string | undefined): void {
    this.record('sample', 'share', [['text', text(shared)], ['url', optional(url)]]);
  }

  haptic(style: HapticStyle): void {
    this.record('sample', 'haptic', [['style', text(style)]]);
  }

  async deviceInfo(): Promise<DeviceInfo> {
    this.record('sample', 'deviceInfo', []);
    await pause();
    const top = this.store.get('insets') === 'nan' ? NaN : 47;
    return new DeviceInfo({
      model: 'TestPhone', system: 'TestOS 1.0', appVersion: '1.0.0', darkMode: false,
      safeAreaInsets: new Insets({ top, left: 0, bottom: 34, right: 0 }),
    });
  }

  /** The host contract: no items is `cancelled`; else `shared`, each item by its wire value (`unknown:<tag>`), joined by `,`. */
  async shareItems(items: ShareItem[]): Promise<ShareOutcome> {
    // As the Swift host records them: items it cannot encode back fail the call.
    this.record('sample', 'shareItems', [['items', BridgeEncode.list(items, new BridgePath('items'), SampleCodec.encodeShareItem)]]);
    await pause();
    if (items.length === 0) return new ShareOutcomeCancelled();
    return new ShareOutcomeShared({ activity: items.map((item) => TestHandlers.wire(item)).join(',') });
  }

  private static wire(item: ShareItem): string {
    if (item instanceof ShareItemText) return 'text';
    if (item instanceof ShareItemLink) return 'link';
    if (item instanceof ShareItemImage) return 'image';
    if (item instanceof ShareItemScreenshot) return 'screenshot';
    if (item instanceof ShareItemUnknown) return 'unknown:' + item.tag;
    throw new Error('a ShareItem variant this host does not know');
  }

  async getItem(key: string, call: BridgeCall): Promise<string | undefined> {
    this.record('sample', 'getItem', [['key', text(key)]]);
    if (key === '') throw new InvalidKeyError('key must not be empty');
    if (key === 'crash') throw new SecretInternalDetail();
    if (key === 'slow') {
      await this.parkUntilCancelled('getItem', call);
      this.record('sample', 'getItem.finished', []);
      return 'finished';
    }
    await pause();
    // The frame that asked, read after a suspension: the call carries it.
    if (key === 'whoIsCalling') return call.caller.toString();
    return this.store.get(key);
  }

  async setItem(key: string, value: string): Promise<boolean> {
    this.record('sample', 'setItem', [['key', text(key)], ['value', text(value)]]);
    if (key === '') throw new InvalidKeyError('key must not be empty');
    if (key === 'full') throw new StorageFullError();
    if (key === 'crash') throw new SecretInternalDetail();
    await pause();
    this.store.set(key, value);
    return true;
  }

  /** Records the length, and the bytes themselves when they are few (what native decoded, byte for byte). */
  async setBlob(key: string, contents: Uint8Array): Promise<boolean> {
    const recorded: [string, JsonValue][] = [['key', text(key)], ['length', new JsonInteger(BigInt(contents.length))]];
    if (contents.length <= 1024) recorded.push(['bytes', new JsonArray(Array.from(contents, (byte) => new JsonInteger(BigInt(byte))))]);
    this.record('sample', 'setBlob', recorded);
    if (key === '') throw new InvalidKeyError('key must not be empty');
    await pause();
    this.blobs.set(key, contents);
    return true;
  }

  async getBlob(key: string): Promise<Uint8Array | undefined> {
    this.record('sample', 'getBlob', [['key', text(key)]]);
    if (key === '') throw new InvalidKeyError('key must not be empty');
    return this.blobs.get(key);
  }

  /**
   * `test://items/N`: N one-byte chunks (byte i % 256 at offset i), then N.
   * `test://fail/N`: N chunks, then `downloadFailed(received: N)`.
   * `test://hold/N`: N chunks, then waits for the page to stop reading (parked, like `getItem("slow")`).
   * `test://bytes/N`: N bytes (byte i is i % 251) in chunks of `chunkSize`, then N.
   * N is read as Swift's `Int.init` reads it; a negative N is an unknown URL.
   */
  async download(url: string, chunkSize: number, stream: BridgeStream<DownloadChunk>): Promise<number> {
    this.record('sample', 'download', [['url', text(url)], ['chunkSize', new JsonInteger(BigInt(chunkSize))]]);
    // As Swift's `split(separator:)`: empty parts are left out.
    const parts = url.split('/').filter((part) => part !== '');
    const count = parts.length === 3 ? swiftInt(parts[2]) : undefined;
    if (!url.startsWith('test://') || count === undefined || count < 0) throw new DownloadFailedError({ received: 0 }, 'unknown test URL');
    if (parts[1] === 'bytes') return this.downloadBytes(count, chunkSize, stream);
    for (let offset = 0; offset < count; offset++) await stream.emit(new DownloadChunk({ offset, data: Uint8Array.of(offset % 256), total: count }));
    if (parts[1] === 'fail') throw new DownloadFailedError({ received: count });
    if (parts[1] === 'hold') {
      await this.parkUntilCancelled('download', stream.call);
      return count;
    }
    this.record('sample', 'download.finished', [['items', new JsonInteger(BigInt(count))]]);
    return count;
  }

  /** One chunk at a time, made after the one before was emitted, as Swift's `downloadBytes`. */
  private async downloadBytes(total: number, chunkSize: number, stream: BridgeStream<DownloadChunk>): Promise<number> {
    if (chunkSize <= 0) throw new DownloadFailedError({ received: 0 }, 'chunkSize must be positive');
    for (let offset = 0; offset < total; offset += chunkSize) {
      const data = new Uint8Array(Math.min(chunkSize, total - offset));
      for (let i = 0; i < data.length; i++) data[i] = (offset + i) % 251;
      await stream.emit(new DownloadChunk({ offset, data, total }));
    }
    return total;
  }

  closePage(): void {
    this.record('user', 'closePage', []);
  }

  logEvent(name: string, parameters: Map<string, JsonValue>, call: BridgeCall): void {
    const recorded: [string, JsonValue][] = [['name', text(name)], ['parameters', new JsonObject(parameters)]];
    if (name === 'whoIsCalling') recorded.push(['caller', text(call.caller.toString())]);
    this.record('user', 'logEvent', recorded);
    if (name === 'logout') this.loggedIn = false;
    if (name === 'login') this.loggedIn = true;
  }

  async getUserInfo(): Promise<UserInfo> {
    this.record('user', 'getUserInfo', []);
    if (!this.loggedIn) throw new NotLoggedInError();
    return new UserInfo({ id: 42, name: 'Alice', vipLevel: 3, tags: ['beta', 'vip'] });
  }

  async iosAppPrepay(order: PrepayOrder): Promise<PrepayResult> {
    // As the Swift handlers record it (`try?`): an order that cannot be encoded back (an `any` beyond 2^53) is null.
    this.record('user', 'iosAppPrepay', [['order', encodedOrNull(() => UserCodec.encodePrepayOrder(order, new BridgePath('order')))]]);
    if (!this.loggedIn) throw new NotLoggedInError();
    switch (order.productId) {
      case 'fail': throw new PurchaseFailedError({ storeCode: 2, retryable: true }, 'The App Store refused the purchase');
      case 'disabled': throw new PurchasesDisabledError();
      case 'pending': return new PrepayResult({ status: PurchaseStatus.Pending });
      case 'cancel': return new PrepayResult({ status: PurchaseStatus.Cancelled });
      default: {
        const keys = JsonWriter.sortedKeys(order.metadata.keys());
        return new PrepayResult({
          status: PurchaseStatus.Purchased, transactionId: `tx-${order.productId}-${order.quantity}`,
          receipts: new Map<string, string[]>([[order.productId, keys]]),
        });
      }
    }
  }

  reportDevice(device: DeviceInfo, style: HapticStyle | undefined): void {
    this.record('user', 'reportDevice', [
      ['device', encodedOrNull(() => SampleCodec.encodeDeviceInfo(device, new BridgePath('device')))], ['style', optional(style)],
    ]);
  }

  /** Deprecated in the schema; still served to the pages that call it. */
  async getToken(): Promise<string | undefined> {
    this.record('user', 'getToken', []);
    return this.loggedIn ? 'token-abc' : undefined;
  }
}

/** One JSON line of the host's output, written by the runtime's writer (keys in scalar order, as the other hosts). */
export function jsonText(value: JsonValue): string {
  const out: string[] = [];
  JsonWriter.write(value, out);
  return out.join('');
}
