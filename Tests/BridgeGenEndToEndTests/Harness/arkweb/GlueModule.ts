// Modules as the generator writes them, by hand, for arkweb-glue.test.js: `sample` answers its
// one method `echo` with its params (recording each call's `n` in `handled`, in the order the
// handler ran) and declares the page method `greet` (the page caller is the runtime's own);
// `namedModule` stands for a second module of the app; `blob` keeps `bytes` values by key
// (`setBlob({key, contents})` answers their length, `getBlob({key})` the bytes, `echoAny({value})`
// its `any` value), as the Swift test host's `sample` does.
import { BridgeDecode, BridgeFields } from './Decoding';
import { BridgeEncode } from './Encoding';
import { BridgePageCaller } from './PageCalls';
import { BridgeCapabilities, BridgeDispatcher, BridgeModule, BridgeReply, BridgeSession } from './Session';
import { JsonNull, JsonObject, JsonText, JsonValue } from './Values';

class SampleModule implements BridgeModule {
  readonly moduleName: string = 'sample';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['echo'], [], ['greet'], 'glue-test');
  readonly mainFrameMethods: Set<string> = new Set<string>();

  handles(type: string): boolean {
    return this.capabilities.methodNames.has(type);
  }

  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply, session: BridgeSession): void {
    const n = data instanceof JsonObject ? data.members.get('n') : undefined;
    if (n instanceof JsonText) handled.push(n.value);
    reply.succeed(data ?? JsonNull.instance);
  }
}

/** The `n` of each `echo` call, in the order the handler ran them (emptied by the tests). */
export const handled: string[] = [];

export function sampleModule(): BridgeModule {
  return new SampleModule();
}

/** A second module, as an app's own: `name` answers its one method `whoami` with its name. */
class NamedModule implements BridgeModule {
  readonly moduleName: string;
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['whoami'], [], [], 'glue-test');
  readonly mainFrameMethods: Set<string> = new Set<string>();

  constructor(name: string) {
    this.moduleName = name;
  }

  handles(type: string): boolean {
    return this.capabilities.methodNames.has(type);
  }

  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply, session: BridgeSession): void {
    reply.succeed(new JsonText(this.moduleName));
  }
}

export function namedModule(name: string): BridgeModule {
  return new NamedModule(name);
}

/** `greet({name})` on the page, its answer a string. */
export function greet(session: BridgeSession, name: string, timeoutMs: number): Promise<string> {
  const params = new Map<string, JsonValue>();
  params.set('name', new JsonText(name));
  return new BridgePageCaller('sample', session, timeoutMs).call<string>('greet', new JsonObject(params), BridgeDecode.string);
}

/** What a legacy page sends through WebViewJavascriptBridge.callHandler: the callback transport's $hello. */
export const legacyPayload: string = '{"type":"$hello","data":{"module":"sample"}}';

/** The values `blob` keeps, by key (the tests read and set them). */
export const blobs: Map<string, Uint8Array> = new Map<string, Uint8Array>();

class BlobHandler {}

class BlobModule extends BridgeDispatcher<BlobHandler> {
  readonly moduleName: string = 'blob';
  readonly capabilities: BridgeCapabilities = new BridgeCapabilities(['setBlob', 'getBlob', 'echoAny'], [], [], 'glue-test');

  protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {
    if (type === 'setBlob') {
      const key = params.string('key');
      const contents = params.bytes('contents');
      this.request<number>(reply, session, BridgeEncode.int, async (): Promise<number> => {
        blobs.set(key, contents);
        return contents.length;
      });
    } else if (type === 'getBlob') {
      const key = params.string('key');
      this.request<Uint8Array>(reply, session, BridgeEncode.bytes, async (): Promise<Uint8Array> => blobs.get(key) ?? new Uint8Array(0));
    } else {
      const value = params.field<JsonValue>('value', BridgeDecode.json);
      this.request<JsonValue>(reply, session, (json: JsonValue): JsonValue => json, async (): Promise<JsonValue> => value);
    }
  }
}

const blobHandler = new BlobHandler();

export function blobModule(): BridgeModule {
  return new BlobModule(blobHandler);
}
