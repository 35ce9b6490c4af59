// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/ArkTS as its
// embedding.json says. Do not edit: edit those files and run the script; the tests fail while
// this file is stale. Each runtime file whole, with the lines of its access keyword (see
// Runtime/README.md), then the page scripts the runtime prints as constants.

import BridgeGenCore

enum EmbeddedRuntime {
    /// The runtime files, by name.
    static let files: [RuntimeSource] = [
RuntimeSource(name: "ArkWeb.ets", firstLine: 17, modifier: "export ", accessLines: [18, 26, 29, 50, 65, 70, 75, 108, 199, 213, 324, 423, 546], body: #"""
/** Why `BridgeArkWeb.install` refused: a policy no permission list can say, a controller ArkWeb refused, a module installed twice, a later install that cannot join the first's. */
export class BridgeInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeInstallError';
  }
}

/** The page's function a post carries: every frame native sends back is its JSON text, passed to it. */
export type BridgeDeliver = (frame: string) => void;

/** What `install` takes besides the modules and the policy. */
export interface BridgeArkWebOptions {
  /** The shared channel of the callback transport; absent for one channel per module. */
  callbackChannel?: string;
  /** Where the glue and the session say what they refused and why. */
  log?: (line: string) => void;
  /**
   * Console forwarding's receiver: the `{level, message}` JSON text console-forward.js posts
   * from a frame the policy trusts, and that frame. With it, `install` registers the script's
   * object too (`window.__bridgegen_bridgegenConsole`, the name the script looks for).
   */
  console?: (text: string, origin: BridgeOrigin) => void;
  /**
   * The bytes fast path (docs/HARMONY.md): large `bytes` values cross as HTTP bodies of
   * `bridgegen-bytes://transfer/` instead of base64. Needs the app's `customizeSchemes` call with
   * `BridgeArkWebTransfers.scheme()` before any Web component is created. The first install that
   * gives it sets the scheme's handler on the controller.
   */
  transfers?: BridgeTransferOptions;
}

/** One `urlPermissionList` entry of `registerJavaScriptProxy`'s permission (empty port and path: any). */
export class BridgeUrlRule {
  scheme: string;
  host: string;
  port: string;
  path: string;

  constructor(scheme: string, host: string, port: string) {
    this.scheme = scheme;
    this.host = host;
    this.port = port;
    this.path = '';
  }
}

/** The object level of the permission: only it is written, since its meaning does not depend on how ArkWeb combines levels. */
export class BridgeProxyPermission {
  urlPermissionList: BridgeUrlRule[] = [];
}

/** The permission's JSON document, written by `JSON.stringify` from these typed classes. */
export class BridgePermissionDocument {
  javascriptProxyPermission: BridgeProxyPermission = new BridgeProxyPermission();
}

/** A `scheme://host[:port]` origin of bundled content (`arkts.bundledOrigins`), read strictly. */
export class BridgeBundledOrigin {
  readonly scheme: string;
  readonly host: string;
  readonly port: string;

  constructor(scheme: string, host: string, port: string) {
    this.scheme = scheme;
    this.host = host;
    this.port = port;
  }

  private static readonly FORM: RegExp = new RegExp('^([a-z][a-z0-9+.-]*)://([a-z0-9]([a-z0-9_-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*)(:([0-9]{1,5}))?/?$', 'i');

  /** The origin `text` names, or undefined when it is not exactly `scheme://host[:port]`. */
  static parse(text: string): BridgeBundledOrigin | undefined {
    const match = BridgeBundledOrigin.FORM.exec(text);
    if (match === null) {
      return undefined;
    }
    const port = match[7] ?? '';
    if (port !== '' && Number(port) > 65535) {
      return undefined;
    }
    return new BridgeBundledOrigin(match[1].toLowerCase(), match[2], port);
  }
}

/**
 * The permission list of the proxies, from the origin policy (harmony-design.md, section 2):
 * `https` with any port per concrete trusted host, one rule per bundled origin. Wildcard hosts,
 * `file` and custom schemes without a bundled origin cannot be said in a list of exact hosts:
 * they are left out and named in `unexpressed`; the native check still applies them.
 */
export class BridgeArkWebPermission {
  private static readonly HOST: RegExp = new RegExp('^[a-z0-9]([a-z0-9_-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*$', 'i');

  /** Whether `host` is a host name the list can hold: letters, digits, `-`, `_` and dots, no wildcard. */
  static isHostName(host: string): boolean {
    return BridgeArkWebPermission.HOST.test(host);
  }

  /** The rules; throws `BridgeInstallError` for a value it cannot write and for a list that would be empty. */
  static rules(policy: BridgeOriginPolicy): BridgeUrlRule[] {
    const rules: BridgeUrlRule[] = [];
    const seen: Set<string> = new Set<string>();
    const add = (rule: BridgeUrlRule): void => {
      const key = `${rule.scheme}://${rule.host}:${rule.port}`;
      if (!seen.has(key)) {
        seen.add(key);
        rules.push(rule);
      }
    };
    for (const scheme of policy.trustedSchemes) {
      const lower = scheme.toLowerCase();
      if (lower === 'http' || lower === 'https') {
        throw new BridgeInstallError(`trustedSchemes cannot hold '${lower}' (it would trust every page on the web): list the hosts in trustedHosts`);
      }
    }
    for (const host of policy.trustedHosts) {
      if (host.startsWith('*.')) {
        continue;
      }
      if (!BridgeArkWebPermission.isHostName(host)) {
        throw new BridgeInstallError(`trustedHosts holds ${BridgeJavaScript.stringLiteral(host)}, which is no host name: ArkWeb's permission list takes exact host names`);
      }
      add(new BridgeUrlRule('https', host.toLowerCase(), ''));
    }
    for (const text of policy.bundledOrigins) {
      const origin = BridgeBundledOrigin.parse(text);
      if (origin === undefined) {
        throw new BridgeInstallError(`arkts.bundledOrigins holds ${BridgeJavaScript.stringLiteral(text)}: write each as scheme://host or scheme://host:port (resource://rawfile)`);
      }
      add(new BridgeUrlRule(origin.scheme, origin.host.toLowerCase(), origin.port));
      // A $rawfile page may report the host upper-case (resource://RAWFILE/...): whether ArkWeb
      // compares hosts of that scheme case-insensitively is not known, so both spellings are listed.
      if (origin.scheme === 'resource') {
        add(new BridgeUrlRule(origin.scheme, origin.host.toUpperCase(), origin.port));
      }
    }
    if (rules.length === 0) {
      const why = BridgeArkWebPermission.unexpressed(policy);
      throw new BridgeInstallError('the policy leaves ArkWeb\'s permission list empty, so no page could be trusted to call the bridge'
        + (why.length > 0 ? ': ' + why.join('; ') : ': it trusts no host and no bundled origin'));
    }
    return rules;
  }

  /** The permission string `registerJavaScriptProxy` takes. */
  static json(policy: BridgeOriginPolicy): string {
    const document = new BridgePermissionDocument();
    document.javascriptProxyPermission.urlPermissionList = BridgeArkWebPermission.rules(policy);
    return JSON.stringify(document);
  }

  /** One sentence per trusted value the list cannot hold, naming the key that would serve its pages. */
  static unexpressed(policy: BridgeOriginPolicy): string[] {
    const lines: string[] = [];
    for (const host of policy.trustedHosts) {
      if (host.startsWith('*.')) {
        lines.push(`the wildcard host ${BridgeJavaScript.stringLiteral(host)} cannot be expressed in ArkWeb's permission list (exact host names only): list the concrete hosts in arkts.trustedHosts`);
      }
    }
    for (const scheme of policy.trustedSchemes) {
      const lower = scheme.toLowerCase();
      if (lower === 'file') {
        lines.push('the file scheme cannot be expressed in ArkWeb\'s permission list (a file: URL has no host): bundle pages as resource://rawfile (arkts.bundledOrigins)');
      } else if (lower !== 'http' && lower !== 'https' && !BridgeArkWebPermission.hasBundledScheme(policy, lower)) {
        lines.push(`the scheme '${lower}' cannot be expressed in ArkWeb's permission list without a host: list its origin (${lower}://host) in arkts.bundledOrigins`);
      }
    }
    return lines;
  }

  private static hasBundledScheme(policy: BridgeOriginPolicy, scheme: string): boolean {
    for (const text of policy.bundledOrigins) {
      if (BridgeBundledOrigin.parse(text)?.scheme === scheme) {
        return true;
      }
    }
    return false;
  }
}

/** The scripts `documentStartScripts` can add: each is given as Runtime/JavaScript's text, as the generated code embeds it. */
export interface BridgeStartScripts {
  /** console-forward.js applied to its limits (a complete script), when `console.forward` allows it. */
  console?: string;
  /** wvjb-shim.js (the function expression), for the callback transport's legacy pages. */
  legacyShim?: string;
  /** Where a rule left out is named. */
  log?: (line: string) => void;
}

/**
 * The document-start scripts (`Web(...).javaScriptOnDocumentStart(...)`) and their rules.
 * ArkWeb runs them in lexicographic order of their text, so each starts with a comment that
 * orders it; one invalid rule voids its item, so every rule is checked before it is emitted.
 */
export class BridgeArkWebScripts {
  static readonly CONSOLE_HEAD: string = '// 1 bridgegen console\n';
  static readonly SHIM_HEAD: string = '// 2 bridgegen WebViewJavascriptBridge shim\n';
  private static readonly SCHEME: RegExp = new RegExp('^[a-z][a-z0-9+.-]*$');

  /** Whether ArkWeb accepts `rule` in `scriptRules`: `*`, `http(s)://host` or `http(s)://*.host`, or `scheme://` for another scheme. */
  static isValidRule(rule: string): boolean {
    if (rule === '*') {
      return true;
    }
    const at = rule.indexOf('://');
    if (at <= 0 || !BridgeArkWebScripts.SCHEME.test(rule.substring(0, at))) {
      return false;
    }
    const scheme = rule.substring(0, at);
    const host = rule.substring(at + 3);
    if (scheme !== 'http' && scheme !== 'https') {
      return host === '';
    }
    return BridgeArkWebPermission.isHostName(host.startsWith('*.') ? host.substring(2) : host);
  }

  /** The rules of the policy: `https://host` per trusted host (wildcards too), `scheme://` per bundled origin and custom scheme. */
  static rules(policy: BridgeOriginPolicy, log?: (line: string) => void): string[] {
    const candidates: string[] = [];
    for (const host of policy.trustedHosts) {
      candidates.push('https://' + host.toLowerCase());
    }
    for (const text of policy.bundledOrigins) {
      const origin = BridgeBundledOrigin.parse(text);
      if (origin !== undefined) {
        candidates.push(origin.scheme + '://');
      }
    }
    for (const scheme of policy.trustedSchemes) {
      const lower = scheme.toLowerCase();
      // file pages never get the proxy (the permission list cannot admit them), http(s) is refused by install.
      if (lower !== 'file' && lower !== 'http' && lower !== 'https') {
        candidates.push(lower + '://');
      }
    }
    const rules: string[] = [];
    for (const rule of candidates) {
      if (!BridgeArkWebScripts.isValidRule(rule)) {
        log?.(`left the document-start rule ${BridgeJavaScript.stringLiteral(rule)} out: ArkWeb would void the scripts' rules for it`);
      } else if (!rules.includes(rule)) {
        rules.push(rule);
      }
    }
    return rules;
  }

  /**
   * The items for `javaScriptOnDocumentStart`: console forwarding first, then the legacy shim
   * bound to the callback channel's object; none when the policy gives no valid rule.
   */
  static items(policy: BridgeOriginPolicy, callbackChannel: string | undefined, scripts: BridgeStartScripts): ScriptItem[] {
    const rules = BridgeArkWebScripts.rules(policy, scripts.log);
    const items: ScriptItem[] = [];
    if (rules.length === 0) {
      scripts.log?.('no document-start script is added: the policy gives no page rule');
      return items;
    }
    if (scripts.console !== undefined) {
      const item: ScriptItem = { script: BridgeArkWebScripts.CONSOLE_HEAD + scripts.console, scriptRules: rules };
      items.push(item);
    }
    if (scripts.legacyShim !== undefined && callbackChannel !== undefined) {
      items.push(BridgeArkWebScripts.shim(scripts.legacyShim, callbackChannel, rules));
    }
    return items;
  }

  /** wvjb-shim.js called with the object's and the channel's names and the `deliver` port: literals are the only text added. */
  private static shim(source: string, callbackChannel: string, rules: string[]): ScriptItem {
    const call = '(' + BridgeJavaScript.stringLiteral(BridgeArkWeb.OBJECT_PREFIX + callbackChannel) + ', '
      + BridgeJavaScript.stringLiteral(callbackChannel) + ', "deliver");\n';
    const item: ScriptItem = { script: BridgeArkWebScripts.SHIM_HEAD + source + call, scriptRules: rules };
    return item;
  }
}

/** A frame's `deliver` as the session's frame: a post calls it, once the glue is uninstalled nothing does. */
class BridgeDeliverFrame implements BridgeFrame {
  private readonly install: BridgeArkWebInstall;
  private readonly deliver: BridgeDeliver | undefined;

  constructor(install: BridgeArkWebInstall, deliver: BridgeDeliver | undefined) {
    this.install = install;
    this.deliver = deliver;
  }

  post(text: string): void {
    const deliver = this.deliver;
    if (deliver === undefined || this.install.closed) {
      return;
    }
    try {
      deliver(text);
    } catch (error) {
      // A page function reaches nothing once its document is gone; a throw says nothing more.
      this.install.log(`a frame could not be delivered to: ${(error as Error).message}`);
    }
  }
}

/**
 * The object a channel's page sees as `window.__bridgegen_ohos_<channel>`: one async method and
 * nothing else, every exception caught inside (one thrown from a proxy method never reaches the
 * page and stays pending in the app). Not the app's handler: the session behind it is.
 */
export class BridgeProxy {
  private readonly install: BridgeArkWebInstall;
  private readonly channel: string;
  private readonly target: (text: string, origin: BridgeOrigin, frame: BridgeFrame) => void;

  /** A channel's object; `target` receives its checked messages (the session, or the console's receiver). */
  constructor(install: BridgeArkWebInstall, channel: string, target: (text: string, origin: BridgeOrigin, frame: BridgeFrame) => void) {
    this.install = install;
    this.channel = channel;
    this.target = target;
  }

  /**
   * The page's message, JSON text, its `deliver` function (absent: a send nothing can answer) and
   * its order (the client's: its object's sender id and the post's number; absent: at once).
   */
  postMessage(text: string, deliver: BridgeDeliver, sender?: string, seq?: number): void {
    if (this.install.closed) {
      // After deleteJavaScriptRegister the page keeps the object until its next load.
      return;
    }
    // Read first thing: after any other work it may be the URL of a later call.
    let frameUrl: string = '';
    let mainUrl: string = '';
    try {
      frameUrl = this.install.controller.getLastJavascriptProxyCallingFrameUrl();
      mainUrl = this.install.controller.getUrl();
    } catch (error) {
      this.install.log(`dropped a message on '${this.channel}': the Web is gone (${(error as BusinessError).code})`);
      return;
    }
    try {
      const origin = BridgeArkWeb.origin(frameUrl, mainUrl);
      // The origin is checked before a post is held: a frame the policy refuses neither waits nor
      // moves a trusted sender's order (the session refuses it at once, as it does any post).
      if (sender !== undefined && seq !== undefined && BridgePostOrder.isOrder(sender, seq) && this.install.policy.allows(origin)) {
        const size = typeof text === 'string' ? text.length : 0;
        this.install.order.offer(this.channel + ' ' + sender, seq, size, (): void => this.handOver(text, deliver, origin));
      } else {
        this.handOver(text, deliver, origin);
      }
    } catch (error) {
      this.install.log(`internal error: a message on '${this.channel}' failed in the glue: ${(error as Error).message}`);
    }
  }

  /** A checked post to the target, now or once the posts before it came; never throws. */
  private handOver(text: string, deliver: BridgeDeliver, origin: BridgeOrigin): void {
    if (this.install.closed) {
      return;
    }
    try {
      this.receive(text, deliver, origin);
    } catch (error) {
      this.install.log(`internal error: a message on '${this.channel}' failed in the glue: ${(error as Error).message}`);
    }
  }

  private receive(text: string, deliver: BridgeDeliver, origin: BridgeOrigin): void {
    // The page can pass anything: the declared types are ArkTS's view, not a promise.
    if (typeof text !== 'string') {
      this.install.log(`refused a message on '${this.channel}' that is not a string (the bridge's messages are JSON text): nothing is answered`);
      return;
    }
    const frame = new BridgeDeliverFrame(this.install, typeof deliver === 'function' ? deliver : undefined);
    this.target(text, origin, frame);
  }
}

/** A post the order holds: its number, its length, and what hands it over. */
class BridgeHeldPost {
  readonly seq: number;
  readonly size: number;
  readonly handOver: () => void;

  constructor(seq: number, size: number, handOver: () => void) {
    this.seq = seq;
    this.size = size;
    this.handOver = handOver;
  }
}

/** One sender's place: the number it hands over next, and the later posts that came first. */
class BridgeSenderOrder {
  next: number = 0;
  readonly held: Map<number, BridgeHeldPost> = new Map<number, BridgeHeldPost>();
}

/**
 * Puts each sender's posts back in the page's order: ArkWeb runs a page's async proxy calls in no
 * promised order, so the client numbers each object's posts (0, 1, 2, ... under a sender id made
 * per page load) and a post is handed over when it is its sender's next, else held until the ones
 * before it came. At most MAX_HELD posts, and MAX_HELD_LENGTH UTF-16 units of them, are held in
 * all: one more and everything held is handed over, each sender's in number order, its gaps
 * skipped, so a post that never comes (refused by the origin check, lost with its document)
 * holds nothing for long; a skipped post that comes later, and a repeated number, go at once.
 * `forget` (a new page, a gone renderer, uninstall) hands over what is held, then treats the old
 * senders' posts as unordered.
 */
export class BridgePostOrder {
  static readonly MAX_HELD: number = 256;
  static readonly MAX_HELD_LENGTH: number = BridgeLimits.MAX_MESSAGE_BYTES;
  static readonly MAX_SENDER_LENGTH: number = 64;

  private readonly log: (line: string) => void;
  private senders: Map<string, BridgeSenderOrder> = new Map<string, BridgeSenderOrder>();
  private retired: Set<string> = new Set<string>();
  private heldCount: number = 0;
  private heldLength: number = 0;

  constructor(log: (line: string) => void) {
    this.log = log;
  }

  /** Whether a post's `sender` and `seq` are an order: a string id of 1 to 64 units and a safe integer from 0. */
  static isOrder(sender: string, seq: number): boolean {
    return typeof sender === 'string' && sender.length > 0 && sender.length <= BridgePostOrder.MAX_SENDER_LENGTH
      && typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0;
  }

  /** Hands over the post `seq` of `sender` now, with the held ones it frees, or holds it. */
  offer(sender: string, seq: number, size: number, handOver: () => void): void {
    if (this.retired.has(sender)) {
      handOver();
      return;
    }
    let order = this.senders.get(sender);
    if (order === undefined) {
      order = new BridgeSenderOrder();
      this.senders.set(sender, order);
    }
    if (seq < order.next || order.held.has(seq)) {
      handOver();
    } else if (seq > order.next) {
      order.held.set(seq, new BridgeHeldPost(seq, size, handOver));
      this.heldCount += 1;
      this.heldLength += size;
      if (this.heldCount > BridgePostOrder.MAX_HELD || this.heldLength > BridgePostOrder.MAX_HELD_LENGTH) {
        this.log(`more than ${BridgePostOrder.MAX_HELD} posts (or ${BridgePostOrder.MAX_HELD_LENGTH} units) wait for earlier ones that have not come: handed over without them`);
        this.releaseAll();
      }
    } else {
      order.next = seq + 1;
      handOver();
      this.drain(order);
    }
  }

  /** The held posts that now follow `order`'s last one, in order. */
  private drain(order: BridgeSenderOrder): void {
    let post = order.held.get(order.next);
    while (post !== undefined) {
      order.held.delete(post.seq);
      this.heldCount -= 1;
      this.heldLength -= post.size;
      order.next = post.seq + 1;
      post.handOver();
      post = order.held.get(order.next);
    }
  }

  /** Every held post, each sender's in number order, its gaps skipped. */
  private releaseAll(): void {
    const posts: BridgeHeldPost[][] = [];
    this.senders.forEach((order: BridgeSenderOrder) => {
      const held = Array.from(order.held.values()).sort((a: BridgeHeldPost, b: BridgeHeldPost) => a.seq - b.seq);
      order.held.clear();
      if (held.length > 0) {
        order.next = held[held.length - 1].seq + 1;
        posts.push(held);
      }
    });
    this.heldCount = 0;
    this.heldLength = 0;
    posts.forEach((held: BridgeHeldPost[]) => held.forEach((post: BridgeHeldPost) => post.handOver()));
  }

  /** The page's senders are gone: what they left held is handed over, their later posts go at once. */
  forget(): void {
    this.releaseAll();
    this.retired = new Set<string>(Array.from(this.senders.keys()));
    this.senders.clear();
  }
}

/** What the installs on one controller hold: the controller, its session, the proxies' names, the log and console set first. */
class BridgeArkWebInstall {
  readonly controller: webview.WebviewController;
  readonly session: BridgeSession;
  readonly policy: BridgeOriginPolicy;
  readonly permission: string;
  readonly names: string[] = [];
  /** The first `log` an install gave; until then, `console.warn`. */
  appLog: ((line: string) => void) | undefined = undefined;
  /** The page's posts, back in its order. */
  readonly order: BridgePostOrder;
  closed: boolean = false;

  constructor(controller: webview.WebviewController, policy: BridgeOriginPolicy, callbackChannel: string | undefined, permission: string) {
    this.controller = controller;
    this.policy = policy;
    this.permission = permission;
    this.session = new BridgeSession(callbackChannel, policy, (line: string): void => this.log(line));
    this.order = new BridgePostOrder((line: string): void => this.log(line));
  }

  log(line: string): void {
    const log = this.appLog;
    if (log !== undefined) {
      log(line);
    } else {
      console.warn('bridgegen: ' + line);
    }
  }
}

/**
 * The ArkWeb glue (harmony-design.md): call `install` in `onControllerAttached`, forward
 * `onPageBegin` to `pageStarted` and `onRenderExited` to `renderExited`, and give
 * `javaScriptOnDocumentStart` the generated `documentStartScripts()`. Everything runs on the
 * UI thread; the controller never goes to a worker.
 */
export class BridgeArkWeb {
  /** The proxies' names, `__bridgegen_ohos_<channel>`: not Android's, so the page's client never takes Android's port for them. */
  static readonly OBJECT_PREFIX: string = '__bridgegen_ohos_';
  /** Console forwarding's channel: its object is `__bridgegen_bridgegenConsole`, where console-forward.js finds it (no client looks for it). */
  static readonly CONSOLE_CHANNEL: string = 'bridgegenConsole';
  private static readonly CONSOLE_PREFIX: string = '__bridgegen_';

  // Weak: the controller holds its proxies and they hold the install, so nothing here keeps a page's controller alive.
  private static installs: WeakMap<webview.WebviewController, BridgeArkWebInstall> = new WeakMap<webview.WebviewController, BridgeArkWebInstall>();

  /**
   * Installs `modules` on `controller` and returns its session. The first install registers one
   * proxy per channel (`registerJavaScriptProxy` with five arguments, the permission list from
   * `policy`); a later one adds its modules to that session, as each module of an app installs
   * on its own, and registers the channels not yet registered (one per module for the reply
   * transport; the callback transport's shared channel is there already). The log and console
   * forwarding come from the first install that gives them; later ones are ignored. In
   * `onControllerAttached` the first page has the objects; later, pages have them from their
   * next load (`refresh()`). Throws `BridgeInstallError` for a policy whose list would be empty,
   * a controller ArkWeb refuses, a module name already installed, a policy or callback channel
   * other than the first install's, or a session closed without `uninstall`; a refused install
   * changes nothing.
   */
  static install(controller: webview.WebviewController, modules: BridgeModule[], policy: BridgeOriginPolicy,
    options?: BridgeArkWebOptions): BridgeSession {
    const existing = BridgeArkWeb.installs.get(controller);
    if (existing !== undefined) {
      BridgeArkWeb.checkJoin(existing, modules, policy, options?.callbackChannel);
    }
    const install = existing ?? new BridgeArkWebInstall(controller, policy, options?.callbackChannel, BridgeArkWebPermission.json(policy));
    if (existing === undefined) {
      install.appLog = options?.log;
      BridgeArkWebPermission.unexpressed(policy).forEach((line: string) => install.log(line));
    }
    const session = install.session;
    const added: string[] = [];
    for (const module of modules) {
      if (!session.install(module)) {
        added.forEach((name: string) => session.uninstall(name));
        throw new BridgeInstallError(`two modules are named '${module.moduleName}'`);
      }
      added.push(module.moduleName);
    }
    const registered = install.names.length;
    try {
      BridgeArkWeb.registerChannels(install, options?.console);
    } catch (error) {
      BridgeArkWeb.undo(install, existing === undefined, added, registered);
      throw error as Error;
    }
    install.appLog = install.appLog ?? options?.log;
    BridgeArkWeb.offerTransfers(install, options?.transfers);
    if (existing === undefined) {
      session.evaluator = (script: string): void => BridgeArkWeb.evaluate(install, script);
      BridgeArkWeb.installs.set(controller, install);
    }
    BridgeArkWeb.sayWhenLate(install);
    return session;
  }

  /** The bytes transfer path on the controller, once: the session's store and the scheme's handler. */
  private static offerTransfers(install: BridgeArkWebInstall, options: BridgeTransferOptions | undefined): void {
    if (options === undefined || install.session.transfers !== undefined) {
      return;
    }
    try {
      BridgeArkWebTransfers.attach(install.controller, install.session, (line: string): void => install.log(line));
      install.session.transfers = BridgeArkWebTransfers.store(options);
    } catch (error) {
      // Without the handler the pages are not offered the path: every value goes inline, as before.
      install.log(`the bytes transfer path is off: ArkWeb refused the scheme handler (${(error as BusinessError).code ?? ''} ${(error as Error).message})`);
    }
  }

  /** Refuses a later install that cannot join the controller's session; changes nothing. */
  private static checkJoin(install: BridgeArkWebInstall, modules: BridgeModule[], policy: BridgeOriginPolicy,
    callbackChannel: string | undefined): void {
    if (install.closed || install.session.isClosed) {
      throw new BridgeInstallError('the bridge on this controller is closed: BridgeArkWeb.uninstall(controller) before installing again');
    }
    for (const module of modules) {
      if (install.session.moduleNames.includes(module.moduleName)) {
        throw new BridgeInstallError(`the module '${module.moduleName}' is already installed on this controller`);
      }
    }
    if (callbackChannel !== install.session.callbackChannel) {
      const say = (channel: string | undefined): string => channel === undefined ? 'the reply transport' : `the callback channel '${channel}'`;
      throw new BridgeInstallError(`this install uses ${say(callbackChannel)}, the bridge on this controller ${say(install.session.callbackChannel)}: every module of a controller shares one transport`);
    }
    if (!BridgeArkWeb.samePolicy(policy, install.policy)) {
      throw new BridgeInstallError('this install\'s origin policy is not the one the bridge on this controller was installed with: every module of a controller shares one policy');
    }
  }

  private static samePolicy(one: BridgeOriginPolicy, other: BridgeOriginPolicy): boolean {
    const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((value: string, index: number) => value === b[index]);
    return one === other || (one.mainFrameOnly === other.mainFrameOnly && same(one.trustedSchemes, other.trustedSchemes)
      && same(one.trustedHosts, other.trustedHosts) && same(one.bundledOrigins, other.bundledOrigins));
  }

  /** Registers the session's channels not registered yet, and the console's object when `receiver` is the first given. */
  private static registerChannels(install: BridgeArkWebInstall, receiver: ((text: string, origin: BridgeOrigin) => void) | undefined): void {
    const session = install.session;
    for (const channel of session.channels) {
      if (!install.names.includes(BridgeArkWeb.OBJECT_PREFIX + channel)) {
        BridgeArkWeb.register(install, new BridgeProxy(install, channel, (text: string, origin: BridgeOrigin, frame: BridgeFrame): void => {
          session.receive(channel, text, origin, frame);
        }), channel);
      }
    }
    if (receiver !== undefined && !install.names.includes(BridgeArkWeb.CONSOLE_PREFIX + BridgeArkWeb.CONSOLE_CHANNEL)) {
      const policy = install.policy;
      BridgeArkWeb.register(install, new BridgeProxy(install, BridgeArkWeb.CONSOLE_CHANNEL, (text: string, origin: BridgeOrigin): void => {
        if (policy.allows(origin)) {
          receiver(text, origin);
        } else {
          install.log(`refused a console message from ${policy.refusal(origin)}`);
        }
      }), BridgeArkWeb.CONSOLE_CHANNEL);
    }
  }

  /** After a refused registration: a first install is taken down whole, a later one loses what it added. */
  private static undo(install: BridgeArkWebInstall, first: boolean, added: string[], registered: number): void {
    if (first) {
      BridgeArkWeb.unregister(install, 0);
      install.session.close();
      return;
    }
    BridgeArkWeb.unregister(install, registered);
    added.forEach((name: string) => install.session.uninstall(name));
  }

  private static register(install: BridgeArkWebInstall, proxy: BridgeProxy, channel: string): void {
    const isConsole = channel === BridgeArkWeb.CONSOLE_CHANNEL;
    const name = (isConsole ? BridgeArkWeb.CONSOLE_PREFIX : BridgeArkWeb.OBJECT_PREFIX) + channel;
    // The console's method is synchronous: async calls made in one page task may run in any order
    // and may read a later call's frame, and console lines must keep the page's order. It blocks
    // the page until the UI thread has run it: forwarding is for debug builds, 100 a second at most.
    const methods = ['postMessage'];
    try {
      install.controller.registerJavaScriptProxy(proxy, name, isConsole ? methods : [], isConsole ? [] : methods, install.permission);
    } catch (error) {
      const code = (error as BusinessError).code;
      throw new BridgeInstallError(code === 17100001
        ? `ArkWeb refused the proxy '${name}': the controller is not attached to a Web (17100001): install in onControllerAttached`
        : `ArkWeb refused the proxy '${name}': ${code ?? ''} ${(error as Error).message}`);
    }
    install.names.push(name);
  }

  /** A page already loaded keeps what it had: the objects reach it at its next load. */
  private static sayWhenLate(install: BridgeArkWebInstall): void {
    let url = '';
    try {
      url = install.controller.getUrl();
    } catch (error) {
      return;
    }
    if (url !== '' && !url.startsWith('about:')) {
      install.log(`installed after the Web loaded ${BridgeJavaScript.stringLiteral(url)}: that page has no bridge until it loads again (refresh()); install in onControllerAttached`);
    }
  }

  /** A page call's script, run in the main frame when its page is one the policy trusts. */
  private static evaluate(install: BridgeArkWebInstall, script: string): void {
    if (install.closed) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, 'the web view is gone');
    }
    let url = '';
    try {
      url = install.controller.getUrl();
    } catch (error) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, 'the web view is gone');
    }
    const origin = BridgeArkWeb.origin(url, url);
    if (!install.policy.allows(origin)) {
      // Not atomic with the run below: a navigation in between runs the body in a page with no hub.
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, `the page is not one the policy trusts: ${install.policy.refusal(origin)}`);
    }
    try {
      install.controller.runJavaScript(script).catch((error: BusinessError) => {
        install.log(`a page call's script failed to run (${error.code}): ${error.message}`);
      });
    } catch (error) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, 'the web view is gone');
    }
  }

  /** The calling frame's origin; it counts as the main frame when it has the main frame's origin (the API names no frame). */
  static origin(frameUrl: string, mainUrl: string): BridgeOrigin {
    const frame = BridgeOrigin.parse(frameUrl, true);
    const main = BridgeOrigin.parse(mainUrl, true);
    const same = frame.scheme !== '' && frame.scheme === main.scheme && frame.host === main.host && frame.port === main.port;
    return same ? frame : BridgeOrigin.parse(frameUrl, false);
  }

  /** The session installed on `controller`, or undefined. */
  static session(controller: webview.WebviewController): BridgeSession | undefined {
    return BridgeArkWeb.installs.get(controller)?.session;
  }

  /** From `onPageBegin`, with its `url`: the old page's clients are gone; a page the policy refuses is named in the log. */
  static pageStarted(controller: webview.WebviewController, url?: string): void {
    const install = BridgeArkWeb.installs.get(controller);
    if (install === undefined) {
      return;
    }
    install.order.forget();
    install.session.pageStarted();
    if (url !== undefined && url !== '' && !url.startsWith('about:')) {
      const origin = BridgeArkWeb.origin(url, url);
      if (!install.policy.allows(origin)) {
        install.log(`the page ${install.policy.refusal(origin)}; it has no bridge`);
      }
    }
  }

  /** From `onRenderExited`: requests are cancelled, page calls fail -14; the app reloads the page. */
  static renderExited(controller: webview.WebviewController): void {
    BridgeArkWeb.installs.get(controller)?.order.forget();
    BridgeArkWeb.installs.get(controller)?.session.renderExited();
  }

  /**
   * Stops delivery for every module on `controller`: the proxies' names are deleted (the current
   * page keeps its objects until it loads again, so their calls are ignored here), page calls
   * fail -11, the session closes. With `moduleName`, only that module goes (`session.uninstall`)
   * and, for the reply transport, its channel's object; the others keep running.
   */
  static uninstall(controller: webview.WebviewController, moduleName?: string): void {
    const install = BridgeArkWeb.installs.get(controller);
    if (install === undefined) {
      return;
    }
    if (moduleName !== undefined) {
      BridgeArkWeb.uninstallModule(install, moduleName);
      return;
    }
    BridgeArkWeb.installs.delete(controller);
    BridgeArkWeb.unregister(install, 0);
    install.order.forget();
    install.session.evaluator = undefined;
    install.session.close();
  }

  private static uninstallModule(install: BridgeArkWebInstall, moduleName: string): void {
    if (!install.session.moduleNames.includes(moduleName)) {
      return;
    }
    install.session.uninstall(moduleName);
    const name = BridgeArkWeb.OBJECT_PREFIX + moduleName;
    const index = install.names.indexOf(name);
    if (install.session.callbackChannel === undefined && index >= 0) {
      BridgeArkWeb.deleteRegister(install, name);
      install.names.splice(index, 1);
    }
  }

  /** Deletes the names registered from `from` on; from 0, the glue is closed too. */
  private static unregister(install: BridgeArkWebInstall, from: number): void {
    if (from === 0) {
      install.closed = true;
    }
    for (const name of install.names.slice(from)) {
      BridgeArkWeb.deleteRegister(install, name);
    }
    install.names.length = from;
  }

  private static deleteRegister(install: BridgeArkWebInstall, name: string): void {
    try {
      install.controller.deleteJavaScriptRegister(name);
    } catch (error) {
      // 17100001 (the Web is gone) or 17100008 (already deleted): nothing is left to remove.
    }
  }

  /** The items for `javaScriptOnDocumentStart` (see `BridgeArkWebScripts.items`). */
  static documentStartScripts(policy: BridgeOriginPolicy, callbackChannel: string | undefined, scripts: BridgeStartScripts): ScriptItem[] {
    return BridgeArkWebScripts.items(policy, callbackChannel, scripts);
  }
}

"""#, imports: ["{ webview } from '@kit.ArkWeb';", "{ BusinessError } from '@kit.BasicServicesKit';", "{ BridgeArkWebTransfers } from './ArkWebTransfers';", "{ BridgeOrigin } from './Caller';", "{ BridgeLimits } from './Paths';", "{ BridgeFrame, BridgeModule, BridgeOriginPolicy, BridgeSession } from './Session';", "{ BridgeJavaScript } from './Text';", "{ BridgeTransferOptions } from './Transfers';", "{ BridgeError, BridgeErrorCode } from './Values';"]),
RuntimeSource(name: "ArkWebTransfers.ets", firstLine: 13, modifier: "export ", accessLines: [20], body: #"""
/**
 * Serves `bridgegen-bytes://transfer/` to the pages of one Web component, so that `bytes`
 * values of 64 KiB and more cross outside the messages, without base64, up to the session's
 * `maxLength` (docs/WIRE.md, "Bytes at platform speed"). The app registers the scheme with
 * `scheme()` in its one `customizeSchemes` call; `BridgeArkWeb.install` with `transfers` sets
 * the handler on the controller.
 */
export class BridgeArkWebTransfers {
  /** Bodies go to the page, and are read from it, 1 MiB at a time. */
  static readonly CHUNK: number = 1024 * 1024;

  /**
   * The scheme's entry for `webview.WebviewController.customizeSchemes`, every flag explicit:
   * ArkWeb's glue takes an absent flag as false, whatever the declaration says. Standard,
   * fetchable with CORS (the page's `Origin` is the engine's, and only the trusted origin is
   * echoed back) and secure (an https page's fetch is no mixed content).
   */
  static scheme(): webview.WebCustomScheme {
    const scheme: webview.WebCustomScheme = {
      schemeName: BridgeTransfers.SCHEME,
      isSupportCORS: true,
      isSupportFetch: true,
      isStandard: true,
      isLocal: false,
      isDisplayIsolated: false,
      isSecure: true,
      isCspBypassing: false,
      isCodeCacheSupported: false,
    };
    return scheme;
  }

  /** A store for one Web component: tokens from the platform's cryptographically strong generator. */
  static store(options: BridgeTransferOptions): BridgeTransfers {
    const random = cryptoFramework.createRandom();
    return new BridgeTransfers(options, (count: number): Uint8Array => random.generateRandomSync(count).data);
  }

  /** Sets the scheme's handler on `controller`, serving `session`'s store; throws what ArkWeb throws. */
  static attach(controller: webview.WebviewController, session: BridgeSession, log: (line: string) => void): void {
    const handler = new webview.WebSchemeHandler();
    // Every request of the scheme is answered here. onRequestStop is not needed: it gets a new
    // request object (never the one onRequestStart got), and a stopped request's resource
    // handler throws 17100021, which every answer catches.
    handler.onRequestStart((request: webview.WebSchemeHandlerRequest, resource: webview.WebResourceHandler): boolean => {
      const exchange = new BridgeTransferExchange(resource, log);
      try {
        BridgeArkWebTransfers.serve(session, request, exchange);
      } catch (error) {
        log(`internal error: a bytes transfer failed in the glue: ${(error as Error).message}`);
        exchange.fail();
      }
      return true;
    });
    controller.setWebSchemeHandler(BridgeTransfers.SCHEME, handler);
  }

  /** One request: OPTIONS, an upload (`POST <base>upload`) or a download (`GET <base><token>`). */
  private static serve(session: BridgeSession, request: webview.WebSchemeHandlerRequest, exchange: BridgeTransferExchange): void {
    const transfers = session.transfers;
    const origin = BridgeArkWebTransfers.header(request, 'origin');
    if (transfers === undefined) {
      exchange.respond(BridgeTransferResponse.text(404, 'the bytes transfer path is not installed'), undefined);
      return;
    }
    const page = origin === undefined ? undefined : BridgeTransfers.originOfHeader(origin);
    const allowed = page !== undefined && session.policy.allows(page) ? origin : undefined;
    const frameUrl = request.getFrameUrl();
    const frame = frameUrl === '' ? undefined : BridgeTransfers.key(BridgeOrigin.parse(frameUrl, true));
    if (frame !== undefined && origin !== undefined && frame !== BridgeTransfers.keyOfHeader(origin)) {
      exchange.log(`refused a bytes transfer whose Origin ${origin} is not its frame's (${frame})`);
      exchange.respond(BridgeTransferResponse.text(403, 'the page\'s origin cannot use the bytes transfer path'), allowed);
      return;
    }
    const url = request.getRequestUrl().split('#')[0].split('?')[0];
    const path = url.startsWith(transfers.baseUrl) ? url.substring(transfers.baseUrl.length) : '';
    const method = request.getRequestMethod().toUpperCase();
    if (method === 'OPTIONS') {
      exchange.respond(new BridgeTransferResponse(204, new Uint8Array(0), true), allowed);
    } else if (method === 'POST' && path === 'upload') {
      BridgeArkWebTransfers.upload(session, request, exchange, origin, allowed);
    } else if (method === 'GET' && path.length > 0) {
      exchange.respond(transfers.fetch(path, origin), allowed);
    } else {
      exchange.respond(BridgeTransferResponse.text(405, 'expected GET of a value or POST to upload'), allowed);
    }
  }

  /** A request header's value (names compare case-insensitively), or undefined. */
  private static header(request: webview.WebSchemeHandlerRequest, name: string): string | undefined {
    const found = request.getHeader().find((header: webview.WebHeader) => header.headerKey.toLowerCase() === name);
    return found === undefined ? undefined : found.headerValue;
  }

  /** Reads a POST's body into an upload, one chunk at a time, and answers with its token. */
  private static upload(session: BridgeSession, request: webview.WebSchemeHandlerRequest, exchange: BridgeTransferExchange,
    origin: string | undefined, allowed: string | undefined): void {
    const stream = request.getHttpBodyStream();
    const read = async (): Promise<void> => {
      let declared: number | undefined = 0;
      if (stream !== null) {
        await stream.initialize();
        declared = stream.isChunked() ? undefined : stream.getSize();
      }
      // Read again after the await: the bridge may have gone meanwhile.
      const transfers = session.transfers;
      if (transfers === undefined) {
        exchange.respond(BridgeTransferResponse.text(404, 'the bytes transfer path is not installed'), allowed);
        return;
      }
      const start = transfers.beginUpload(session.policy, origin, declared);
      if (start instanceof BridgeTransferResponse) {
        exchange.respond(start, allowed);
      } else if (stream !== null && !await BridgeArkWebTransfers.read(stream, start, declared, exchange)) {
        // A torn body: nothing is kept, and the page's fetch fails as its body did.
        exchange.fail();
      } else if (session.transfers === transfers) {
        const response = transfers.finishUpload(start);
        if (!exchange.respond(response, allowed) && response.status === 200) {
          // The page stopped the request: no message will name this value.
          transfers.remove(response.text);
        }
      } else {
        exchange.respond(BridgeTransferResponse.text(404, 'the bytes transfer path is not installed'), allowed);
      }
    };
    read().catch((error: BusinessError) => {
      exchange.log(`a bytes upload's body could not be read (${error.code ?? ''} ${error.message})`);
      exchange.fail();
    });
  }

  /**
   * Reads the whole body into `upload` (which stops keeping it past its limit): one read at a
   * time (ArkWeb keeps one pending read), never of 0 bytes (it would never settle); false when
   * the body ended before its declared size or the request stopped.
   */
  private static async read(stream: webview.WebHttpBodyStream, upload: BridgeUpload, declared: number | undefined,
    exchange: BridgeTransferExchange): Promise<boolean> {
    while (!upload.isOverLimit) {
      if (declared !== undefined && upload.count >= declared) {
        return true;
      }
      const size = declared === undefined ? BridgeArkWebTransfers.CHUNK : Math.min(BridgeArkWebTransfers.CHUNK, declared - upload.count);
      const chunk: ArrayBuffer = await stream.read(size);
      if (exchange.isDone || !(chunk instanceof ArrayBuffer)) {
        return false;
      }
      if (chunk.byteLength === 0) {
        return declared === undefined && stream.isEof();
      }
      upload.append(new Uint8Array(chunk));
    }
    return true;
  }
}

/** One request's answer, given once; a handler ArkWeb invalidated (the page stopped the request) throws, and that is the end of it. */
class BridgeTransferExchange {
  private readonly handler: webview.WebResourceHandler;
  readonly log: (line: string) => void;
  private done: boolean = false;

  constructor(handler: webview.WebResourceHandler, log: (line: string) => void) {
    this.handler = handler;
    this.log = log;
  }

  get isDone(): boolean {
    return this.done;
  }

  /** The response, the body in chunks of 1 MiB, finish; false when the request was stopped. */
  respond(response: BridgeTransferResponse, origin: string | undefined): boolean {
    if (this.done) {
      return false;
    }
    this.done = true;
    const head = new webview.WebSchemeHandlerResponse();
    head.setStatus(response.status);
    head.setStatusText(BridgeTransferExchange.reason(response.status));
    head.setMimeType(response.contentType.split(';')[0]);
    if (response.isText) {
      head.setEncoding('utf-8');
    }
    response.headers(origin).forEach((value: string, name: string) => head.setHeaderByName(name, value, true));
    const body = response.body;
    try {
      this.handler.didReceiveResponse(head);
      for (let offset = 0; offset < body.length; offset += BridgeArkWebTransfers.CHUNK) {
        const end = Math.min(offset + BridgeArkWebTransfers.CHUNK, body.length);
        this.handler.didReceiveResponseBody(body.buffer.slice(body.byteOffset + offset, body.byteOffset + end));
      }
      this.handler.didFinish();
      return true;
    } catch (error) {
      this.stopped(error as BusinessError);
      return false;
    }
  }

  /** Fails the request as a network error (ERR_FAILED): the page's fetch rejects. */
  fail(): void {
    if (this.done) {
      return;
    }
    this.done = true;
    try {
      this.handler.didFail(WebNetErrorList.ERR_FAILED);
    } catch (error) {
      this.stopped(error as BusinessError);
    }
  }

  /** 17100021: the page stopped the request (a navigation, an abort); anything else is logged. */
  private stopped(error: BusinessError): void {
    if (error.code !== 17100021) {
      this.log(`a bytes transfer could not be answered (${error.code ?? ''} ${error.message})`);
    }
  }

  private static reason(status: number): string {
    switch (status) {
      case 200: return 'OK';
      case 204: return 'No Content';
      case 400: return 'Bad Request';
      case 403: return 'Forbidden';
      case 404: return 'Not Found';
      case 405: return 'Method Not Allowed';
      case 413: return 'Content Too Large';
      case 507: return 'Insufficient Storage';
      default: return '';
    }
  }
}

"""#, imports: ["cryptoFramework from '@ohos.security.cryptoFramework';", "{ webview } from '@kit.ArkWeb';", "{ WebNetErrorList } from '@kit.ArkWeb';", "{ BusinessError } from '@kit.BasicServicesKit';", "{ BridgeOrigin } from './Caller';", "{ BridgeSession } from './Session';", "{ BridgeTransferOptions, BridgeTransferResponse, BridgeTransfers, BridgeUpload } from './Transfers';"]),
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
RuntimeSource(name: "Caller.ets", firstLine: 4, modifier: "export ", accessLines: [9, 61], body: #"""
/**
 * The frame a message came from, as the origin policy sees it: the scheme and host in lower
 * case, the port (0 when the URL names none) and whether it is the main frame. The glue reads
 * the calling frame's URL (`getLastJavascriptProxyCallingFrameUrl()`) and decides the frame.
 */
export class BridgeOrigin {
  readonly scheme: string;
  readonly host: string;
  readonly port: number;
  readonly isMainFrame: boolean;

  constructor(scheme: string, host: string, port: number, isMainFrame: boolean) {
    this.scheme = scheme;
    this.host = host;
    this.port = port;
    this.isMainFrame = isMainFrame;
  }

  /**
   * The origin of `url` (`https://example.com:8443/a?b`, `resource://rawfile/index.html`,
   * `about:blank`): RFC 3986's scheme and authority, without user information; a text that
   * is no absolute URL (or names a port beyond 65535) has the empty scheme, which no policy trusts.
   */
  static parse(url: string, isMainFrame: boolean): BridgeOrigin {
    const colon = url.indexOf(':');
    const scheme = colon > 0 ? url.substring(0, colon) : '';
    if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) {
      return new BridgeOrigin('', '', 0, isMainFrame);
    }
    const rest = url.substring(colon + 1);
    if (!rest.startsWith('//')) {
      return new BridgeOrigin(scheme.toLowerCase(), '', 0, isMainFrame);
    }
    const end = rest.substring(2).search(/[/?#\\]/);
    const authority = end < 0 ? rest.substring(2) : rest.substring(2, 2 + end);
    const hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
    // An IPv6 literal keeps its brackets, as a URL's host does.
    const bracket = hostAndPort.startsWith('[') ? hostAndPort.indexOf(']') : -1;
    const portColon = hostAndPort.indexOf(':', bracket < 0 ? 0 : bracket);
    const host = portColon < 0 ? hostAndPort : hostAndPort.substring(0, portColon);
    const portText = portColon < 0 ? '' : hostAndPort.substring(portColon + 1);
    const port = portText === '' ? 0 : /^[0-9]{1,5}$/.test(portText) ? Number(portText) : -1;
    if (port < 0 || port > 65535) {
      // Not a URL (its port is no port): no origin, which no policy trusts.
      return new BridgeOrigin('', '', 0, isMainFrame);
    }
    return new BridgeOrigin(scheme.toLowerCase(), host.toLowerCase(), port, isMainFrame);
  }
}

/**
 * The frame whose message a handler is running for: its origin and whether it is the main
 * frame, as the origin policy saw them. ArkTS has no context that follows an async call, so a
 * handler reads it from its trailing `BridgeCall` parameter (`call.caller`) where the Swift and
 * Kotlin sides read `BridgeCaller.current`. The policy has already admitted the frame; a
 * handler that must be stricter for one method checks `isMainFrame` here.
 */
export class BridgeCaller {
  /** The origin's scheme (`https`, `resource`). */
  readonly scheme: string;
  /** The origin's host; empty for origins that have none. */
  readonly host: string;
  /** The origin's port; 0 for the scheme's default. */
  readonly port: number;
  /** Whether the message came from the main frame (not an iframe). */
  readonly isMainFrame: boolean;

  constructor(scheme: string, host: string, port: number, isMainFrame: boolean) {
    this.scheme = scheme;
    this.host = host;
    this.port = port;
    this.isMainFrame = isMainFrame;
  }

  static of(origin: BridgeOrigin): BridgeCaller {
    return new BridgeCaller(origin.scheme, origin.host, Math.max(origin.port, 0), origin.isMainFrame);
  }

  /** `https://example.com:8443, main frame` (the port only when there is one). */
  toString(): string {
    return `${this.scheme}://${this.host}${this.port === 0 ? '' : ':' + this.port.toString()}, ${this.isMainFrame ? 'main frame' : 'subframe'}`;
  }
}

"""#),
RuntimeSource(name: "Console.ets", firstLine: 11, modifier: "export ", accessLines: [12, 20, 30, 116], body: #"""
/** The level of a console message the page forwarded (docs/WIRE.md, "Console forwarding"): its wire name. */
export enum BridgeConsoleLevel {
  LOG = 'log',
  INFO = 'info',
  WARN = 'warn',
  ERROR = 'error'
}

/** `console.forward` of bridgegen.yaml: in debug builds only (the app says which it is), always, or never. */
export enum BridgeConsoleForward {
  DEBUG = 'debug',
  ALWAYS = 'always',
  NEVER = 'never'
}

/**
 * Console forwarding for one Web: the page's console script, the limits it and the receiver
 * apply, and where the checked messages go (`sink`, by default the install's log as `line`s).
 */
export class BridgeConsole {
  /** The channel the script posts `{level, message}` to, as `window.__bridgegen_bridgegenConsole`. */
  static readonly CHANNEL: string = 'bridgegenConsole';

  readonly maxMessageLength: number;
  readonly maxMessagesPerSecond: number;
  readonly sink: (level: BridgeConsoleLevel, message: string) => void;

  constructor(maxMessageLength: number, maxMessagesPerSecond: number, sink: (level: BridgeConsoleLevel, message: string) => void) {
    this.maxMessageLength = maxMessageLength;
    this.maxMessagesPerSecond = maxMessagesPerSecond;
    this.sink = sink;
  }

  /**
   * The document-start script: `source` (Runtime/JavaScript/console-forward.js, which generated
   * code embeds as `BridgeConsoleScript.SOURCE`) called with the limits: numbers are the only text added.
   */
  static script(source: string, maxMessageLength: number, maxMessagesPerSecond: number): string {
    return source + `(${maxMessageLength}, ${maxMessagesPerSecond});\n`;
  }

  /** The level of a wire name, or undefined. */
  static level(wireName: string): BridgeConsoleLevel | undefined {
    switch (wireName) {
      case 'log': return BridgeConsoleLevel.LOG;
      case 'info': return BridgeConsoleLevel.INFO;
      case 'warn': return BridgeConsoleLevel.WARN;
      case 'error': return BridgeConsoleLevel.ERROR;
      default: return undefined;
    }
  }

  /** Whether a build forwards the console; `debugBuild` is the app's own word for a debug build. */
  static forwards(forward: BridgeConsoleForward, debugBuild: boolean): boolean {
    switch (forward) {
      case BridgeConsoleForward.DEBUG: return debugBuild;
      case BridgeConsoleForward.ALWAYS: return true;
      default: return false;
    }
  }

  /**
   * `[H5] <level>: <message>` as one line: the message is the page's text, so its line
   * breaks and other control characters are written as escapes (`\n`, `\u{1B}`) and cannot
   * start a line that looks like another log entry.
   */
  static line(level: BridgeConsoleLevel, message: string): string {
    let out = '[H5] ' + level + ': ';
    let index = 0;
    while (index < message.length) {
      const scalar = message.codePointAt(index) as number;
      index += scalar > 0xFFFF ? 2 : 1;
      if (scalar === 0x0A) {
        out += '\\n';
      } else if (scalar === 0x0D) {
        out += '\\r';
      } else if (scalar === 0x09) {
        out += '\t';
      } else if (scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0) || scalar === 0x2028 || scalar === 0x2029) {
        out += '\\u{' + scalar.toString(16).toUpperCase() + '}';
      } else {
        out += String.fromCodePoint(scalar);
      }
    }
    return out;
  }

  /** At most `limit` UTF-16 units, never half of a surrogate pair. */
  static cut(text: string, limit: number): string {
    if (text.length <= limit) {
      return text;
    }
    const last = limit > 0 ? text.charCodeAt(limit - 1) : 0;
    const end = last >= 0xD800 && last <= 0xDBFF ? limit - 1 : limit;
    return text.substring(0, end);
  }
}

/**
 * The native end of console forwarding, what `BridgeArkWebOptions.console` is given. What
 * arrives on `bridgegenConsole` is untrusted: any frame the origin rules admit may post anything
 * there. Each message is counted against a rate limit, checked against the origin policy, must
 * be `{level, message}` JSON text with a known level and a string message, is cut to the length
 * limit again, and only then reaches the sink. The Kotlin and Swift receivers' checks and log lines.
 */
export class BridgeConsoleReceiver {
  // The script's one-second windows and native's are not aligned, so one native second can hold two of the script's.
  private static readonly RATE_FACTOR: number = 2;

  private readonly console: BridgeConsole;
  private readonly policy: BridgeOriginPolicy;
  private readonly log: (line: string) => void;
  private readonly clockMs: () => number;
  private windowStart: number | undefined = undefined;
  private inWindow: number = 0;
  private dropped: number = 0;

  /** `clockMs` reads a monotonic clock in milliseconds (by default `Date.now`). */
  constructor(console: BridgeConsole, policy: BridgeOriginPolicy, log: (line: string) => void, clockMs?: () => number) {
    this.console = console;
    this.policy = policy;
    this.log = log;
    this.clockMs = clockMs ?? ((): number => Date.now());
  }

  /** One message the page posted on `bridgegenConsole`, from `origin`. */
  receive(text: string, origin: BridgeOrigin): void {
    const now = this.clockMs();
    const start = this.windowStart;
    if (start === undefined || now - start >= 1000) {
      if (this.dropped > 0) {
        this.log(`dropped ${this.dropped} console messages: more than ${this.limit()} a second`);
      }
      this.windowStart = now;
      this.inWindow = 0;
      this.dropped = 0;
    }
    if (this.inWindow >= this.limit()) {
      this.dropped += 1;
      return;
    }
    this.inWindow += 1;
    if (!this.policy.allows(origin)) {
      this.log(`refused a console message from ${this.policy.refusal(origin)}`);
      return;
    }
    const body = BridgeIncoming.read(text).message;
    if (body === undefined) {
      this.log('refused a console message: the body is not an object');
      return;
    }
    const levelValue = body.get('level');
    const level = levelValue instanceof JsonText ? BridgeConsole.level(levelValue.value) : undefined;
    if (level === undefined) {
      this.log('refused a console message: level is not one of log, info, warn, error');
      return;
    }
    const message = body.get('message');
    if (!(message instanceof JsonText)) {
      this.log('refused a console message: message is not a string');
      return;
    }
    this.console.sink(level, BridgeConsole.cut(message.value, this.console.maxMessageLength));
  }

  private limit(): number {
    return this.console.maxMessagesPerSecond * BridgeConsoleReceiver.RATE_FACTOR;
  }
}

"""#, imports: ["{ BridgeOrigin } from './Caller';", "{ BridgeIncoming } from './Incoming';", "{ BridgeOriginPolicy } from './Session';", "{ JsonText } from './Values';"]),
RuntimeSource(name: "Decoding.ets", firstLine: 9, modifier: "export ", accessLines: [10, 16, 244], body: #"""
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
   * the messages count UTF-16 units, as every side counts them. In a message that carries values
   * beside it (`$bytes`), `{"$bytes": i}` is the i-th of them.
   */
  static bytes(value: JsonValue | undefined, path: BridgePath): Uint8Array {
    const attached = BridgeAttachments.resolve(value);
    if (attached !== undefined) {
      return attached;
    }
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
      // The page's client cannot tell an `any` position from a `bytes` one, so a large
      // `Uint8Array` in an `any` value crosses beside the message too; it arrives as the
      // base64 text it would have been inline.
      const attached = BridgeAttachments.resolve(value);
      if (attached !== undefined) {
        return new JsonText(BridgeBase64.encode(attached));
      }
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

"""#, imports: ["{ BridgeBase64 } from './Base64';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeAttachments } from './Transfers';", "{ BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue, JsonWriter } from './Values';"]),
RuntimeSource(name: "Encoding.ets", firstLine: 9, modifier: "export ", accessLines: [10, 17, 129], body: #"""
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

  /** Base64, or in a request's result whose page fetches large values, a reference to the value the answer carries beside it. */
  static bytes(value: Uint8Array, path: BridgePath): JsonValue {
    return BridgeAttachments.reference(value, path) ?? new JsonText(BridgeBase64.encode(value));
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

"""#, imports: ["{ BridgeBase64 } from './Base64';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeAttachments } from './Transfers';", "{ BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonReal, JsonText, JsonValue, JsonWriter } from './Values';"]),
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
RuntimeSource(name: "PageCalls.ets", firstLine: 12, modifier: "export ", accessLines: [22, 86, 183, 423, 442], body: #"""
/**
 * The functions the glue runs in the page with `runJavaScript` (docs/WIRE.md, "Android", with
 * ArkWeb's object): the Swift runtime's bodies, unchanged, inside a function of string
 * parameters that posts the envelope text back as a `$answer` message through the channel's
 * proxy object `__bridgegen_ohos_<c>` with the token `t` (its second argument, the `deliver`
 * function every post passes, does nothing). They are constants: every value (channel, token,
 * module, method, params; for `global:` methods the path and the positional arguments) is a
 * string literal of BridgeJavaScript.stringLiteral, read with `JSON.parse`. The script ends
 * with `true`, so `runJavaScript` resolves instead of rejecting a script without a value.
 */
export class BridgePageScripts {
  private static readonly clientBody: string = [
    'try {',
    '  var h = globalThis.__bridgegen;',
    '  if (!h || typeof h.call !== "function") {',
    '    return JSON.stringify({errcode: -11, errmsg: "the page\'s bridge client is not loaded"});',
    '  }',
    '  return await h.call(m, n, JSON.parse(p));',
    '} catch (e) {',
    '  try {',
    '    return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});',
    '  } catch (f) {',
    '    return "{\\"errcode\\":-12,\\"errmsg\\":\\"the page threw a value that has no text\\"}";',
    '  }',
    '}',
  ].join('\n');

  private static readonly globalBody: string = [
    'try {',
    '  var h = globalThis.__bridgegen;',
    '  if (h && typeof h.implemented === "function" && typeof h.call === "function" && h.implemented(m, n) === true) {',
    '    return await h.call(m, n, JSON.parse(p));',
    '  }',
    '  var path = JSON.parse(g), parent = globalThis, f = globalThis;',
    '  for (var i = 0; i < path.length; i++) {',
    '    if (f === null || (typeof f !== "object" && typeof f !== "function")) {',
    '      f = undefined;',
    '      break;',
    '    }',
    '    parent = f;',
    '    f = f[path[i]];',
    '  }',
    '  if (typeof f !== "function") {',
    '    return JSON.stringify({errcode: -10, errmsg: "the page defines no function " + path.join(".")});',
    '  }',
    '  var v = await f.apply(parent, JSON.parse(a));',
    '  return JSON.stringify({errcode: 0, errmsg: "ok", data: v === undefined ? null : v});',
    '} catch (e) {',
    '  try {',
    '    return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});',
    '  } catch (f) {',
    '    return "{\\"errcode\\":-12,\\"errmsg\\":\\"the page threw a value that has no text\\"}";',
    '  }',
    '}',
  ].join('\n');

  /** Calls the module's client implementation through the page's hub; no hub: -11. */
  static readonly client: string = BridgePageScripts.posting(BridgePageScripts.clientBody, false);

  /** Calls a `global:` method: through the hub when the client implements it, else the global function. */
  static readonly global: string = BridgePageScripts.posting(BridgePageScripts.globalBody, true);

  private static posting(body: string, global: boolean): string {
    return 'function(c,t,m,n,p' + (global ? ',g,a' : '') + '){var o=window["__bridgegen_ohos_"+c];(async function(){\n' + body +
      '\n})().then(function(x){o.postMessage(JSON.stringify({type:"$answer",data:{token:t,envelope:x}}),function () {});}).catch(function(){});}';
  }

  /** The script the glue runs: `body` applied to `args`, each a string literal, then `true`. */
  static script(body: string, args: string[]): string {
    return '(' + body + ')(' + args.map((arg: string) => BridgeJavaScript.stringLiteral(arg)).join(',') + ');true';
  }
}

/** What one page call sends and accepts (the generated page callers fill it in). */
export class BridgePageRequest {
  readonly module: string;
  /** The page method's wire name. */
  readonly method: string;
  /** The params object, keyed by wire names, defaults applied. */
  readonly params: JsonValue;
  /** `global:` methods: the global function's path (a leading `window.` dropped). */
  readonly global: string[] | undefined;
  /** `global:` methods: the params' wire names in declaration order, the positional arguments. */
  readonly order: string[];
  /** The whole call's deadline in milliseconds: the wait for the client's `$hello` and the call. */
  readonly timeoutMs: number;
  /** The application codes (>= 1) the page may reject with: the method's declared errors. */
  readonly declaredCodes: number[];

  constructor(module: string, method: string, params: JsonValue, global: string[] | undefined, order: string[], timeoutMs: number,
    declaredCodes: number[]) {
    this.module = module;
    this.method = method;
    this.params = params;
    this.global = global;
    this.order = order;
    this.timeoutMs = timeoutMs;
    this.declaredCodes = declaredCodes;
  }
}

/** A page's answer to one script: the envelope value, or undefined for none. */
class BridgePageAnswer {
  readonly data: JsonValue | undefined;

  constructor(data: JsonValue | undefined) {
    this.data = data;
  }
}

/**
 * One call: it waits in `await` until a hello, the page's answer or a failure of the whole
 * call wakes it. An answer that comes before it waits (an evaluator that runs the script at
 * once) is kept for it.
 */
class BridgePageCall {
  readonly module: string;
  readonly waitsForHello: boolean;
  waitingForHello: boolean = false;
  failure: BridgeError | undefined = undefined;
  private wake: ((answer: BridgePageAnswer) => void) | undefined = undefined;
  private reject: ((error: BridgeError) => void) | undefined = undefined;
  private early: BridgePageAnswer | undefined = undefined;

  constructor(module: string, waitsForHello: boolean) {
    this.module = module;
    this.waitsForHello = waitsForHello;
  }

  wait(): Promise<BridgePageAnswer> {
    const failure = this.failure;
    if (failure !== undefined) {
      return Promise.reject(failure);
    }
    const early = this.early;
    if (early !== undefined) {
      this.early = undefined;
      return Promise.resolve(early);
    }
    return new Promise<BridgePageAnswer>((resolve: (answer: BridgePageAnswer) => void, reject: (error: BridgeError) => void) => {
      this.wake = resolve;
      this.reject = reject;
    });
  }

  wakeUp(data: JsonValue | undefined): void {
    const wake = this.wake;
    this.wake = undefined;
    this.reject = undefined;
    if (wake !== undefined) {
      wake(new BridgePageAnswer(data));
    } else {
      this.early = new BridgePageAnswer(data);
    }
  }

  fail(error: BridgeError): void {
    if (this.failure !== undefined) {
      return;
    }
    this.failure = error;
    const reject = this.reject;
    this.wake = undefined;
    this.reject = undefined;
    if (reject !== undefined) {
      reject(error);
    }
  }
}

/** A session's page calls in flight, all on the UI thread. */
export class BridgePageCalls {
  private readonly session: BridgeSession;
  private readonly calls: Set<BridgePageCall> = new Set<BridgePageCall>();
  /** The calls whose body is out in the page, by token: each waits for its `$answer`. */
  private readonly out: Map<string, BridgePageCall> = new Map<string, BridgePageCall>();
  private tokens: number = 0;
  private static readonly MAX_TIMER_MS: number = 2147483647;
  /** How many times each module's client said `$hello`: a call that finds the hub gone goes again at once when one came meanwhile. */
  private readonly hellos: Map<string, number> = new Map<string, number>();

  constructor(session: BridgeSession) {
    this.session = session;
  }

  get count(): number {
    return this.calls.size;
  }

  async call(request: BridgePageRequest): Promise<JsonValue | undefined> {
    const name = `'${request.module}.${request.method}'`;
    const args: string[] = [request.module, request.method, BridgePageCalls.scriptJson(request.params, name)];
    const global = request.global;
    if (global !== undefined) {
      if (!(request.params instanceof JsonObject)) {
        throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `the params of ${name} are not an object`);
      }
      const members = request.params.members;
      args.push(new JsonArray(global.map((part: string): JsonValue => new JsonText(part))).jsonText);
      args.push(BridgePageCalls.scriptJson(new JsonArray(request.order.map((key: string): JsonValue => members.get(key) ?? JsonNull.instance)), name));
    }
    const call = new BridgePageCall(request.module, global === undefined);
    call.waitingForHello = call.waitsForHello && !this.session.isClientReady(call.module);
    this.calls.add(call);
    const seconds = BridgePageCalls.secondsText(request.timeoutMs);
    // One deadline for the whole call; what it says depends on what the call was waiting for.
    const expired = (): BridgeError => call.waitingForHello
      ? new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, `the page's '${request.module}' client did not say $hello within ${seconds} s`)
      : new BridgeError(BridgeErrorCode.TIMEOUT, `the page did not answer ${name} within ${seconds} s`);
    if (!(request.timeoutMs > 0)) {
      // A deadline already past runs nothing, as Kotlin's `withTimeoutOrNull(ZERO)`.
      this.calls.delete(call);
      throw expired();
    }
    // Timers hold at most 2^31-1 ms (longer ones fire at once): a longer deadline is none.
    const timer = request.timeoutMs <= BridgePageCalls.MAX_TIMER_MS ? setTimeout(() => call.fail(expired()), request.timeoutMs) : undefined;
    try {
      return await this.drive(call, request, global === undefined ? BridgePageScripts.client : BridgePageScripts.global, args);
    } finally {
      if (timer !== undefined) {
        clearTimeout(timer);
      }
      this.calls.delete(call);
    }
  }

  private async drive(call: BridgePageCall, request: BridgePageRequest, body: string, args: string[]): Promise<JsonValue | undefined> {
    let reloaded = false;
    while (true) {
      if (call.waitsForHello && !this.session.isClientReady(call.module)) {
        // Left set when the deadline fails the wait: the timeout's message reads it.
        call.waitingForHello = true;
        await call.wait();
        call.waitingForHello = false;
        continue;
      }
      const failure = call.failure;
      if (failure !== undefined) {
        throw failure;
      }
      const hellosBefore = this.hellos.get(call.module);
      const answer = await this.evaluate(call, body, args);
      const outcome = BridgePageCalls.outcome(answer.data, request.declaredCodes);
      const error = outcome.error;
      if (error !== undefined && error.code === BridgeErrorCode.PAGE_NOT_LOADED && call.waitsForHello && !reloaded) {
        // The page answered that its hub is gone: it reloaded after its client said
        // hello. The body ran no page code, so the call waits for the next hello and goes again.
        reloaded = true;
        if (this.hellos.get(call.module) === hellosBefore) {
          this.session.clientGone(call.module);
        }
        continue;
      }
      if (error !== undefined) {
        throw error;
      }
      return outcome.data;
    }
  }

  /** Runs the body once with a new token and waits for its `$answer`. */
  private async evaluate(call: BridgePageCall, body: string, args: string[]): Promise<BridgePageAnswer> {
    const evaluator = this.session.evaluator;
    if (evaluator === undefined) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, 'no web view is attached to the bridge');
    }
    this.tokens += 1;
    const token = this.tokens.toString();
    const channel = this.session.callbackChannel ?? call.module;
    this.out.set(token, call);
    try {
      try {
        evaluator(BridgePageScripts.script(body, [channel, token].concat(args)));
      } catch (error) {
        if (error instanceof BridgeError) {
          throw error;
        }
        throw new BridgeError(BridgeErrorCode.PAGE_ERROR, BridgePageCalls.cut(`the WebView failed the call: ${error}`));
      }
      return await call.wait();
    } finally {
      this.out.delete(token);
    }
  }

  /** A module's client said `$hello`: the calls waiting for it go. */
  helloArrived(module: string): void {
    this.hellos.set(module, (this.hellos.get(module) ?? 0) + 1);
    this.calls.forEach((call: BridgePageCall) => {
      if (call.module === module && call.waitingForHello) {
        call.wakeUp(undefined);
      }
    });
  }

  /**
   * A `$answer` message's `data`: the token of a call out and its envelope text. Taken from
   * the main frame only (where the glue ran the body); an unknown token (a late answer, a call
   * that timed out) is logged and ignored.
   */
  answer(data: JsonValue | undefined, isMainFrame: boolean, log: (line: string) => void): void {
    if (!isMainFrame) {
      log('ignored a page-call answer from a subframe: page calls run in the main frame');
      return;
    }
    const token = data instanceof JsonObject ? data.members.get('token') : undefined;
    if (!(data instanceof JsonObject) || !(token instanceof JsonText)) {
      log('ignored a page-call answer without a token');
      return;
    }
    const call = this.out.get(token.value);
    if (call === undefined) {
      log('ignored a late page-call answer: its call had ended (timeout, cancellation)');
      return;
    }
    this.out.delete(token.value);
    call.wakeUp(data.members.get('envelope') ?? JsonNull.instance);
  }

  /** Fails the calls in flight (of `module`, or all) with `error`. */
  fail(error: BridgeError, module?: string): void {
    Array.from(this.calls).forEach((call: BridgePageCall) => {
      if (module === undefined || call.module === module) {
        call.fail(error);
      }
    });
  }

  /** The page navigated: the calls out in the old page get no answer; the calls waiting for a hello keep waiting. */
  pageStarted(): void {
    new Set<BridgePageCall>(this.out.values()).forEach((call: BridgePageCall) => {
      call.fail(new BridgeError(BridgeErrorCode.PAGE_ERROR, 'the page navigated away during the call'));
    });
  }

  /** `value` as JSON text for a script, or `internalError` naming the limit. */
  private static scriptJson(value: JsonValue, name: string): string {
    const text = value.jsonText;
    if (BridgeUnicode.utf8Length(text) > BridgeLimits.MAX_SCRIPT_JSON_BYTES) {
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR,
        `the params of ${name} are larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)`);
    }
    return text;
  }

  /**
   * What a page's answer means: the envelope's `data`, or the error of docs/WIRE.md. The
   * answer is untrusted input: JSON text, checked against BridgeLimits like a message before
   * it is parsed; application codes pass only when the method declares them.
   */
  static outcome(answer: JsonValue | undefined, declaredCodes: number[]): BridgePageOutcome {
    if (!(answer instanceof JsonText)) {
      return BridgePageOutcome.failure(new BridgeError(BridgeErrorCode.INVALID_RESULT,
        `the page's answer is not envelope JSON text, got ${BridgeDecode.describe(answer)}`));
    }
    let code: number;
    let message: string;
    let envelope: Map<string, JsonValue>;
    try {
      const incoming = BridgeIncoming.read(answer.value, true, 'result');
      const read = incoming.message;
      if (read === undefined) {
        throw incoming.error ?? BridgeIncoming.notJson;
      }
      envelope = read;
      code = BridgeDecode.int(envelope.get('errcode'), new BridgePath('errcode'));
      message = BridgeDecode.optional<string>(envelope.get('errmsg'), new BridgePath('errmsg'), BridgeDecode.string) ?? '';
    } catch (error) {
      const reason = error instanceof BridgeError ? error.message : `${error}`;
      return BridgePageOutcome.failure(new BridgeError(BridgeErrorCode.INVALID_RESULT, `the page's answer is not a valid envelope: ${reason}`));
    }
    if (code === 0) {
      return new BridgePageOutcome(envelope.get('data'), undefined);
    }
    if (code === BridgeErrorCode.NOT_IMPLEMENTED || code === BridgeErrorCode.PAGE_NOT_LOADED || code === BridgeErrorCode.PAGE_ERROR) {
      return BridgePageOutcome.failure(new BridgeError(code, BridgePageCalls.cut(message)));
    }
    if (code >= 1 && declaredCodes.includes(code)) {
      // The data is decoded by the module's typed error (`BridgePageCaller.call`).
      return BridgePageOutcome.failure(new BridgeError(code, BridgePageCalls.cut(message), envelope.get('data') ?? JsonNull.instance));
    }
    return BridgePageOutcome.failure(new BridgeError(BridgeErrorCode.PAGE_ERROR,
      BridgePageCalls.cut(`the page rejected with the undeclared code ${code}: ${message}`)));
  }

  /** `text` cut to BridgeLimits.MAX_PAGE_MESSAGE_LENGTH UTF-16 units, never inside a surrogate pair. */
  static cut(text: string): string {
    if (text.length <= BridgeLimits.MAX_PAGE_MESSAGE_LENGTH) {
      return text;
    }
    let end = BridgeLimits.MAX_PAGE_MESSAGE_LENGTH;
    if (BridgeUnicode.isHigh(text.charCodeAt(end - 1)) && BridgeUnicode.isLow(text.charCodeAt(end))) {
      end -= 1;
    }
    return text.substring(0, end);
  }

  /** Seconds as error messages write them, as the Swift runtime does: `10`, `0.25`. */
  static secondsText(timeoutMs: number): string {
    if (!Number.isFinite(timeoutMs)) {
      return Number.isNaN(timeoutMs) ? 'nan' : timeoutMs > 0 ? 'inf' : '-inf';
    }
    const seconds = timeoutMs / 1000;
    if (seconds >= 0 && Number.isInteger(seconds) && seconds < 1e15) {
      return seconds.toString();
    }
    return JsonWriter.swiftDouble(seconds);
  }
}

/** What a page's answer means: its `data` (undefined: none), or the error. */
export class BridgePageOutcome {
  readonly data: JsonValue | undefined;
  readonly error: BridgeError | undefined;

  constructor(data: JsonValue | undefined, error: BridgeError | undefined) {
    this.data = data;
    this.error = error;
  }

  static failure(error: BridgeError): BridgePageOutcome {
    return new BridgePageOutcome(undefined, error);
  }
}

/**
 * What generated page callers (`SamplePage`) call through: the module, the session (held
 * weakly, so a caller kept by a view model keeps no Web component alive) and each call's
 * deadline in milliseconds.
 */
export class BridgePageCaller {
  private readonly module: string;
  private readonly session: WeakRef<BridgeSession>;
  readonly timeoutMs: number;

  constructor(module: string, session: BridgeSession | WeakRef<BridgeSession>, timeoutMs: number) {
    this.module = module;
    this.session = session instanceof BridgeSession ? new WeakRef<BridgeSession>(session) : session;
    this.timeoutMs = timeoutMs;
  }

  /** The same caller with another deadline per call. */
  withTimeout(timeoutMs: number): BridgePageCaller {
    return new BridgePageCaller(this.module, this.session, timeoutMs);
  }

  /**
   * Calls the page method `method` (its wire name) with `params` (an object) and decodes the
   * answer's `data` with `decode` at the path `result`; a decoding failure is `invalidResult`.
   * `errors`: the codes the method declares, which `typed` (the module's codec) turns into the
   * module's typed error; data that does not decode is `invalidResult`, as a result's would be.
   */
  async call<T>(method: string, params: JsonValue, decode: BridgeDecoder<T>, errors?: number[],
    typed?: (error: BridgeError) => BridgeApplicationError | undefined, global?: string[], order?: string[]): Promise<T> {
    const session = this.session.deref();
    if (session === undefined) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, `the '${this.module}' module's WebView is gone`);
    }
    const declared = errors ?? [];
    let data: JsonValue | undefined;
    try {
      data = await session.callPage(new BridgePageRequest(this.module, method, params, global, order ?? [], this.timeoutMs, declared));
    } catch (error) {
      throw BridgePageCaller.typedError(error as Error, declared, typed);
    }
    try {
      return decode(data, new BridgePath('result'));
    } catch (error) {
      if (error instanceof BridgeError) {
        throw new BridgeError(BridgeErrorCode.INVALID_RESULT, error.message);
      }
      throw error as Error;
    }
  }

  private static typedError(error: Error, declared: number[], typed?: (error: BridgeError) => BridgeApplicationError | undefined): Error {
    if (typed === undefined || !(error instanceof BridgeError) || error.code < 1 || !declared.includes(error.code)) {
      return error;
    }
    try {
      return typed(error) ?? error;
    } catch (failure) {
      const reason = failure instanceof BridgeError ? failure.message : `${failure}`;
      return new BridgeError(BridgeErrorCode.INVALID_RESULT, `the data of the page's error ${error.code} does not decode: ${reason}`);
    }
  }
}

"""#, imports: ["{ BridgeDecode, BridgeDecoder } from './Decoding';", "{ BridgeIncoming } from './Incoming';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeSession } from './Session';", "{ BridgeJavaScript, BridgeUnicode } from './Text';", "{ BridgeApplicationError, BridgeError, BridgeErrorCode, JsonArray, JsonNull, JsonObject, JsonText, JsonValue, JsonWriter } from './Values';"]),
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

  /** The path's first component (`params`, `result`, `item`): where in a message the value sits. */
  get root(): string {
    let node: BridgePath = this;
    while (node.parent !== undefined) {
      node = node.parent;
    }
    return node.part;
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
RuntimeSource(name: "Session.ets", firstLine: 15, modifier: "export ", accessLines: [21, 89, 132, 143, 178, 279, 299, 385], body: #"""
/**
 * Which frames may talk to the bridge: trusted schemes, https pages of trusted hosts
 * (`example.com`, or `*.example.com` for its subdomains), the exact origins of bundled content
 * (`resource://rawfile`, `app://bundle`), main frame only unless `mainFrameOnly` is false: the
 * Swift and Kotlin runtimes' policy, checked natively for every message.
 */
export class BridgeOriginPolicy {
  readonly trustedSchemes: string[];
  readonly trustedHosts: string[];
  readonly mainFrameOnly: boolean;
  /** `scheme://host[:port]`, in lower case. */
  readonly bundledOrigins: string[];

  constructor(trustedSchemes: string[], trustedHosts: string[], mainFrameOnly: boolean, bundledOrigins: string[]) {
    this.trustedSchemes = trustedSchemes.map((scheme: string) => scheme.toLowerCase());
    this.trustedHosts = trustedHosts.map((host: string) => host.toLowerCase());
    this.mainFrameOnly = mainFrameOnly;
    this.bundledOrigins = bundledOrigins.map((origin: string) => BridgeOriginPolicy.spell(BridgeOrigin.parse(origin, true)));
  }

  /** `scheme://host[:port]`, as bundled origins are compared (hosts case-insensitively: `resource://RAWFILE`). */
  private static spell(origin: BridgeOrigin): string {
    return `${origin.scheme}://${origin.host}${origin.port > 0 ? ':' + origin.port.toString() : ''}`;
  }

  allows(origin: BridgeOrigin): boolean {
    if (this.mainFrameOnly && !origin.isMainFrame) {
      return false;
    }
    const scheme = origin.scheme.toLowerCase();
    if (this.trustedSchemes.includes(scheme)) {
      return true;
    }
    const host = origin.host.toLowerCase();
    if (host.length > 0 && this.bundledOrigins.includes(BridgeOriginPolicy.spell(new BridgeOrigin(scheme, host, origin.port, true)))) {
      return true;
    }
    if (scheme !== 'https' || host.length === 0) {
      return false;
    }
    if (this.trustedHosts.includes(host)) {
      return true;
    }
    return this.trustedHosts.some((rule: string) => rule.startsWith('*.') && host.endsWith(rule.substring(1)) && host.length > rule.length - 1);
  }

  /** Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log. */
  refusal(origin: BridgeOrigin): string {
    const from = new JsonText(`${origin.scheme}://${origin.host}`).jsonText;
    if (this.mainFrameOnly && !origin.isMainFrame) {
      return `${from}, a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes`;
    }
    const scheme = origin.scheme.toLowerCase();
    const host = origin.host.toLowerCase();
    if (scheme === 'https' && host.length > 0) {
      return `${from}: add ${new JsonText(host).jsonText} to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it`;
    }
    // The config refuses these as trusted schemes: no key can admit them.
    if (scheme === 'http') {
      return `${from}: http pages are never trusted: serve the page over https`;
    }
    if (['', 'about', 'data', 'blob', 'javascript'].includes(scheme) || (host.length === 0 && scheme === 'https')) {
      return `${from}, an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host`;
    }
    if (host.length > 0) {
      // ArkWeb's permission list names bundled content by scheme and host.
      const bundled = BridgeOriginPolicy.spell(new BridgeOrigin(scheme, host, origin.port, true));
      return `${from}: add ${new JsonText(bundled).jsonText} to arkts.bundledOrigins in bridgegen.yaml (or to the install policy) to trust it`;
    }
    return `${from}: add ${new JsonText(scheme).jsonText} to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it`;
  }
}

/** What a module of this app offers the page, answered to its client's `$hello` (docs/WIRE.md, "Capabilities"). */
export class BridgeCapabilities {
  // Sorted by UTF-16 code units, as JavaScript sorts.
  readonly methods: string[];
  readonly events: string[];
  readonly pageMethods: string[];
  readonly fingerprint: string;
  readonly methodNames: Set<string>;

  constructor(methods: string[], events: string[], pageMethods: string[], fingerprint: string) {
    this.methods = methods.slice().sort();
    this.events = events.slice().sort();
    this.pageMethods = pageMethods.slice().sort();
    this.fingerprint = fingerprint;
    this.methodNames = new Set<string>(methods);
  }

  private static texts(names: string[]): JsonValue {
    return new JsonArray(names.map((name: string): JsonValue => new JsonText(name)));
  }

  /** The `capabilities` member of the `$hello` answer. */
  get json(): JsonValue {
    return BridgeCapabilities.answer(BridgeCapabilities.texts(this.methods), BridgeCapabilities.texts(this.events),
      BridgeCapabilities.texts(this.pageMethods), new JsonText(this.fingerprint));
  }

  /** For a module the session does not have: known to be absent. */
  static readonly absentJson: JsonValue = BridgeCapabilities.answer(new JsonArray([]), new JsonArray([]), new JsonArray([]), JsonNull.instance);

  private static answer(methods: JsonValue, events: JsonValue, pageMethods: JsonValue, fingerprint: JsonValue): JsonValue {
    const members = new Map<string, JsonValue>();
    members.set('methods', methods);
    members.set('events', events);
    members.set('pageMethods', pageMethods);
    members.set('fingerprint', fingerprint);
    // This runtime acts on `$cancel` (docs/WIRE.md, "Cancelling a request") and a stream's `$window`.
    members.set('cancel', new JsonBool(true));
    members.set('window', new JsonBool(true));
    return new JsonObject(members);
  }
}

/** A frame's way back: the page's `deliver` function of the post being answered, or a test's. */
export interface BridgeFrame {
  /** Posts one frame of JSON text to the page (fire-and-forget). */
  post(text: string): void;
}

/**
 * What every handler method gets as its last parameter, since ArkTS has no context that
 * follows an async call: the frame that sent the message, and the request's cancellation (a
 * `$cancel`, a navigation for streams, the renderer exiting, the module uninstalled). A
 * cancelled request's late answer is dropped; a handler that can stop early listens.
 */
export class BridgeCall {
  readonly caller: BridgeCaller;
  private cancelled: boolean = false;
  private listeners: (() => void)[] = [];

  constructor(caller: BridgeCaller) {
    this.caller = caller;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  /** Calls `listener` once when the request is cancelled: at once when it already is. */
  onCancel(listener: () => void): void {
    if (this.cancelled) {
      listener();
    } else {
      this.listeners.push(listener);
    }
  }

  /** The session's: cancels the request and tells the listeners. */
  cancel(): void {
    if (this.cancelled) {
      return;
    }
    this.cancelled = true;
    const listeners = this.listeners;
    this.listeners = [];
    listeners.forEach((listener: () => void) => listener());
  }
}

/** Answers one request exactly once: later calls are ignored. */
export class BridgeReply {
  private deliver: ((envelope: BridgeEnvelope) => void) | undefined;
  readonly log: (line: string) => void;
  /** The module whose handler runs, once routed. */
  module: string = '';
  /** The frame that sent the request, and its cancellation: the handler's trailing parameter. */
  readonly call: BridgeCall;
  /** The request's `id`, which a `$cancel` names and a stream's items carry; undefined when the page sent none. */
  cancelId: string | undefined = undefined;
  /** The frame that sent the request, which a stream's items are posted through. */
  frame: BridgeFrame | undefined = undefined;
  /** A stream's request: its items can be read only by the page that sent it. */
  isStream: boolean = false;
  /** The frame's origin, which a result's large values are offered to. */
  origin: BridgeOrigin | undefined = undefined;
  /** Where the result's large `bytes` values go, when the page fetches them (Transfers.ets). */
  outgoing: BridgeOutgoing | undefined = undefined;
  /** The message's `$window`, as it came: read only when a stream method starts (`openWindow`). */
  requestedWindow: JsonValue | undefined = undefined;
  /** A stream's window, when its request asked for one (Streams.ets). */
  window: BridgeStreamWindow | undefined = undefined;

  constructor(deliver: (envelope: BridgeEnvelope) => void, log: (line: string) => void, call: BridgeCall) {
    this.deliver = deliver;
    this.log = log;
    this.call = call;
  }

  get isAnswered(): boolean {
    return this.deliver === undefined;
  }

  answer(envelope: BridgeEnvelope): void {
    const deliver = this.deliver;
    if (deliver === undefined) {
      return;
    }
    this.deliver = undefined;
    deliver(envelope);
    // A stream waiting for the page's `$read` stops: its request ended.
    this.window?.wake();
  }

  /** Settles the reply without answering: the page that asked is gone. */
  drop(): void {
    this.deliver = undefined;
    this.window?.wake();
  }

  /**
   * Reads the request's `$window` for the stream it starts: refused `invalidMessage` before
   * the handler runs when it is not an integer from 1 to 1024.
   */
  openWindow(): void {
    const size = BridgeStreamWindow.size(this.requestedWindow);
    if (size !== undefined) {
      const window = new BridgeStreamWindow(size);
      this.window = window;
      this.call.onCancel((): void => window.wake());
    }
  }

  succeed(data: JsonValue): void {
    this.answer(BridgeEnvelope.success(data));
  }

  /**
   * A bridge error reaches the page intact, an application error with its data; an internal
   * error, an application error whose data cannot be encoded and any other exception as
   * `internal error`, logged.
   */
  fail(error: Object): void {
    let reaching: BridgeError;
    if (error instanceof BridgeError) {
      reaching = error;
    } else if (error instanceof BridgeApplicationError) {
      try {
        reaching = error.bridgeError();
      } catch (failure) {
        this.log(`the data of ${error} could not be encoded: ${failure}`);
        this.answer(BridgeEnvelope.failure(BridgeReply.internal()));
        return;
      }
    } else {
      this.log(`handler failed: ${error}`);
      this.answer(BridgeEnvelope.failure(BridgeReply.internal()));
      return;
    }
    if (reaching.code === BridgeErrorCode.INTERNAL_ERROR) {
      this.log(`internal error: ${reaching.message}`);
      reaching = BridgeReply.internal();
    }
    this.answer(BridgeEnvelope.failure(reaching));
  }

  private static internal(): BridgeError {
    return new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');
  }
}

/** A module's generated dispatcher, as a session routes to it. */
export interface BridgeModule {
  readonly moduleName: string;
  readonly capabilities: BridgeCapabilities;
  /**
   * The wire names of the methods declared `access: mainFrame`: their messages from a
   * subframe are refused `untrustedOrigin` before anything is decoded.
   */
  readonly mainFrameMethods: Set<string>;

  handles(type: string): boolean;

  /** Decodes `data`, calls the handler and answers through `reply` exactly once. */
  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply, session: BridgeSession): void;
}

/**
 * A generated dispatcher: it holds its handler weakly (a page's module keeps no view model
 * alive) and switches on the wire names; decoding failures, an unknown method and a gone
 * handler are answered before anything runs.
 */
export abstract class BridgeDispatcher<H extends Object> implements BridgeModule {
  private readonly handler: WeakRef<H>;
  abstract readonly moduleName: string;
  abstract readonly capabilities: BridgeCapabilities;
  readonly mainFrameMethods: Set<string> = new Set<string>();

  constructor(handler: H) {
    this.handler = new WeakRef<H>(handler);
  }

  handles(type: string): boolean {
    return this.capabilities.methodNames.has(type);
  }

  /** Calls the handler of the method `type` with the arguments read from `params`; throws what it cannot start. */
  protected abstract dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void;

  dispatch(type: string, data: JsonValue | undefined, reply: BridgeReply, session: BridgeSession): void {
    // `access: mainFrame`: checked before decoding, so a subframe learns nothing about the params.
    if (this.mainFrameMethods.has(type) && !reply.call.caller.isMainFrame) {
      reply.log(`refused '${this.moduleName}' method '${type}' from ${reply.call.caller.toString()}: it takes calls from the main frame only`);
      reply.fail(new BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, 'untrusted origin'));
      return;
    }
    try {
      this.dispatchFields(type, BridgeFields.params(data), reply, session);
    } catch (error) {
      reply.fail(error as Error);
    }
  }

  /** The handler, or a `handlerUnavailable` error when it is gone. */
  protected requireHandler(): H {
    const handler = this.handler.deref();
    if (handler === undefined) {
      throw new BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, `the '${this.moduleName}' handler is gone`);
    }
    return handler;
  }

  /** Answers a request with what `call` resolves to, encoded at `result`. */
  protected request<T>(reply: BridgeReply, session: BridgeSession, encode: BridgeEncoder<T>,
    call: (handler: H, call: BridgeCall) => Promise<T>): void {
    const handler = this.requireHandler();
    session.run(reply, async (): Promise<JsonValue> => {
      const value = await call(handler, reply.call);
      return BridgeAttachments.encoding(reply.outgoing, (): JsonValue => encode(value, new BridgePath('result')));
    });
  }

  /**
   * Answers a stream: `call` gets the handler and a BridgeStream whose items `items` encodes
   * at `item`; what it resolves to is the final answer, encoded at `result`. A stream request
   * without an `id` cannot be sent its items and is refused `invalidMessage`.
   */
  protected stream<Item, T>(reply: BridgeReply, session: BridgeSession, items: BridgeEncoder<Item>, result: BridgeEncoder<T>,
    call: (handler: H, stream: BridgeStream<Item>) => Promise<T>): void {
    const id = reply.cancelId;
    if (id === undefined) {
      throw new BridgeError(BridgeErrorCode.INVALID_MESSAGE,
        `a stream request needs a string 'id' of at most ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units`);
    }
    reply.openWindow();
    const handler = this.requireHandler();
    reply.isStream = true;
    const stream = new BridgeStream<Item>(reply, id, items);
    session.run(reply, async (): Promise<JsonValue> => {
      const value = await call(handler, stream);
      return BridgeAttachments.encoding(reply.outgoing, (): JsonValue => result(value, new BridgePath('result')));
    });
  }

  /** Runs a send's handler (answered at once when the page asked for an answer). */
  protected send(reply: BridgeReply, call: (handler: H, call: BridgeCall) => void): void {
    const handler = this.requireHandler();
    reply.succeed(JsonNull.instance);
    call(handler, reply.call);
  }
}

/**
 * The platform-free heart of the ArkWeb bridge for one Web component: routes messages to
 * module dispatchers, answers them as answer frames through the sending frame, applies the
 * origin policy, and sends events to the frames whose client said `$hello`. Everything runs on
 * the UI thread: the glue calls it there, and handlers' promises settle there.
 */
export class BridgeSession {
  /** Most events a module keeps while no client is ready. */
  static readonly QUEUE_LIMIT: number = 256;
  /** Most `$cancel` ids kept per page load that named nothing running (see `cancel`). */
  static readonly EARLY_CANCEL_LIMIT: number = 256;
  /** Most transfer tokens one message's `$bytes` may list (the Swift runtime's `BridgeAttachments.maxPerMessage`). */
  static readonly MAX_TRANSFER_TOKENS: number = 1024;

  /** The shared channel of the callback transport, or undefined: one channel per module. */
  readonly callbackChannel: string | undefined;
  readonly policy: BridgeOriginPolicy;
  private readonly log: (line: string) => void;
  private readonly modules: Map<string, BridgeModule> = new Map<string, BridgeModule>();
  private readonly running: Set<BridgeReply> = new Set<BridgeReply>();
  private readonly ready: Map<string, Set<BridgeFrame>> = new Map<string, Set<BridgeFrame>>();
  private readonly queued: Map<string, string[]> = new Map<string, string[]>();
  private readonly earlyCancels: Set<string> = new Set<string>();
  private readonly pageCalls: BridgePageCalls;
  private closed: boolean = false;

  /**
   * How the glue runs a script in the page's main frame (`controller.runJavaScript(script)`):
   * page calls fail with `pageNotLoaded` while it is undefined.
   */
  evaluator: ((script: string) => void) | undefined = undefined;

  /**
   * The bytes transfer path's store (the glue's scheme handler serves it): with it, `$hello`
   * answers offer the path to pages that can fetch it, messages' `$bytes` tokens are resolved and
   * results' large values are set aside for their page. Undefined: everything inline.
   */
  transfers: BridgeTransfers | undefined = undefined;

  constructor(callbackChannel: string | undefined, policy: BridgeOriginPolicy, log?: (line: string) => void) {
    this.callbackChannel = callbackChannel;
    this.policy = policy;
    this.log = log ?? ((line: string) => {});
    this.pageCalls = new BridgePageCalls(this);
  }

  /** The channel names the glue registers: one per module, or the shared one. */
  get channels(): string[] {
    const callbackChannel = this.callbackChannel;
    if (callbackChannel === undefined) {
      return Array.from(this.modules.keys()).sort();
    }
    return this.modules.size === 0 ? [] : [callbackChannel];
  }

  /** The names of the modules installed, in the order they were installed. */
  get moduleNames(): string[] {
    return Array.from(this.modules.keys());
  }

  /** Whether `close` ran: the session takes no module any more. */
  get isClosed(): boolean {
    return this.closed;
  }

  get runningRequestCount(): number {
    return this.running.size;
  }

  get pageCallCount(): number {
    return this.pageCalls.count;
  }

  /** How many of `module`'s events wait for its client's `$hello`. */
  queuedEventCount(module: string): number {
    return this.queued.get(module)?.length ?? 0;
  }

  /** Adds a module; false (and nothing changes) when one with its name is installed or the session is closed. */
  install(module: BridgeModule): boolean {
    if (this.closed || this.modules.has(module.moduleName)) {
      return false;
    }
    this.modules.set(module.moduleName, module);
    return true;
  }

  /** Removes a module: its running requests are cancelled and answered `handlerUnavailable`. */
  uninstall(moduleName: string): void {
    if (!this.modules.delete(moduleName)) {
      return;
    }
    this.pageCalls.fail(new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, `the '${moduleName}' module was uninstalled during the call`), moduleName);
    this.cancelRequests(moduleName, BridgeEnvelope.failure(
      new BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, `the '${moduleName}' module was uninstalled before answering`)));
  }

  /**
   * The Web component is gone (or the glue uninstalled the bridge): every module goes as
   * `uninstall` takes one, queued events are dropped and later messages find no module.
   */
  close(): void {
    for (const name of this.moduleNames) {
      this.uninstall(name);
    }
    this.closed = true;
    this.transfers?.removeAll();
    this.transfers = undefined;
    this.ready.clear();
    this.queued.clear();
    this.earlyCancels.clear();
    this.evaluator = undefined;
  }

  /**
   * Handles one message's text from a frame: read with the Swift runtime's checks, refused
   * (`untrustedOrigin`) when the policy refuses its frame, answered through `frame` when it
   * names a `callbackName` (a send names none and is not answered).
   */
  receive(channel: string, text: string, origin: BridgeOrigin, frame: BridgeFrame): void {
    const state = new BridgeReceiving();
    try {
      this.handle(channel, text, origin, frame, state);
    } catch (error) {
      this.exhausted(error as Error, channel, text, origin, frame, state);
    }
  }

  /**
   * The limits bound what reading a message builds, but a module's own decoding can still
   * throw past them (a RangeError for a stack too deep), or a module that is not a
   * BridgeDispatcher can throw: thrown out of the proxy method, it would stay pending in the
   * app. The message is answered `internalError` (-6) instead, its callback name read again
   * from the text by the scan alone, and logged.
   */
  private exhausted(error: Error, channel: string, text: string, origin: BridgeOrigin, frame: BridgeFrame, state: BridgeReceiving): void {
    if (error instanceof RangeError) {
      this.log(`internal error: a message on '${channel}' exhausted the runtime (${error.name}); it is answered -6`);
    } else {
      this.log(`internal error: a message on '${channel}' failed in the runtime (${error}); it is answered -6`);
    }
    let reply = state.reply;
    if (reply === undefined) {
      try {
        const name = BridgeIncoming.read(text, false).callbackName;
        reply = name.kind === BridgeCallbackKind.VALID ? this.replyTo(name.name, origin, frame) : undefined;
      } catch (again) {
        reply = undefined;
      }
    }
    reply?.answer(BridgeEnvelope.failure(new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error')));
  }

  /** A reply posted as an answer frame through `frame`; a message without a callback name (undefined) is not answered. */
  private replyTo(callbackName: string | undefined, origin: BridgeOrigin, frame: BridgeFrame): BridgeReply {
    return new BridgeReply((envelope: BridgeEnvelope) => {
      if (callbackName === undefined) {
        if (envelope.errcode !== 0) {
          this.log(`unanswerable failure ${envelope.errcode}: ${envelope.errmsg}`);
        }
      } else {
        frame.post(this.answerFrame(callbackName, envelope));
      }
    }, this.log, new BridgeCall(BridgeCaller.of(origin)));
  }

  private handle(channel: string, text: string, origin: BridgeOrigin, frame: BridgeFrame, state: BridgeReceiving): void {
    const trusted = this.policy.allows(origin);
    if (!trusted) {
      this.log(`refused a message on '${channel}' from ${this.policy.refusal(origin)}`);
    }
    const incoming = BridgeIncoming.read(text, trusted);
    const name = incoming.callbackName;
    if (name.kind === BridgeCallbackKind.INVALID) {
      this.log(`refused a message with an invalid callbackName (${name.reason}): nothing is posted`);
      return;
    }
    const reply = this.replyTo(name.kind === BridgeCallbackKind.VALID ? name.name : undefined, origin, frame);
    state.reply = reply;
    if (!trusted) {
      reply.fail(new BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, 'untrusted origin'));
      return;
    }
    const message = incoming.message;
    if (message === undefined) {
      reply.fail(incoming.error ?? new BridgeError(BridgeErrorCode.INVALID_MESSAGE, 'invalid message'));
      return;
    }
    const type = message.get('type');
    if (!(type instanceof JsonText)) {
      reply.fail(new BridgeError(BridgeErrorCode.INVALID_MESSAGE, 'the message has no string \'type\''));
      return;
    }
    const ownChannel = this.callbackChannel === undefined ? channel : undefined;
    if (type.value === '$hello') {
      this.hello(message.get('data'), ownChannel, reply, frame, origin);
    } else if (type.value === '$answer') {
      this.pageCalls.answer(message.get('data'), origin.isMainFrame, this.log);
    } else if (type.value === '$cancel') {
      this.cancel(message.get('data'), ownChannel, reply);
    } else if (type.value === '$read') {
      this.read(message.get('data'), ownChannel, reply);
    } else {
      this.route(type.value, message, ownChannel, origin, reply, frame);
    }
  }

  private route(type: string, message: Map<string, JsonValue>, ownChannel: string | undefined, origin: BridgeOrigin,
    reply: BridgeReply, frame: BridgeFrame): void {
    let candidates: BridgeModule[];
    if (ownChannel !== undefined) {
      const own = this.modules.get(ownChannel);
      if (own === undefined) {
        reply.fail(new BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, `no handler is installed for '${ownChannel}'`));
        return;
      }
      candidates = [own];
    } else {
      candidates = Array.from(this.modules.values());
    }
    const module = candidates.find((candidate: BridgeModule) => candidate.handles(type));
    if (module === undefined) {
      reply.fail(new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`));
      return;
    }
    reply.module = module.moduleName;
    // The bound of a callback name; any other `id` is ignored, and the request runs to completion.
    const id = BridgeCallbackName.of(message.get('id'));
    reply.cancelId = id.kind === BridgeCallbackKind.VALID ? id.name : undefined;
    reply.frame = frame;
    reply.requestedWindow = message.get('$window');
    if (reply.cancelId !== undefined && this.earlyCancels.delete(BridgeSession.cancelKey(ownChannel, reply.cancelId))) {
      // ArkWeb does not keep the order of a page's posts: its `$cancel` came first.
      reply.call.cancel();
      reply.fail(new BridgeError(BridgeErrorCode.ABORTED, 'the page cancelled the request'));
      return;
    }
    this.dispatch(module, type, message, origin, reply);
  }

  /** Dispatches with the message's uploaded values, and where its result's large values go, when the path is installed. */
  private dispatch(module: BridgeModule, type: string, message: Map<string, JsonValue>, origin: BridgeOrigin, reply: BridgeReply): void {
    const transfers = this.transfers;
    const list = message.get('$bytes');
    if (transfers === undefined) {
      const refusal = BridgeSession.transfersRefusal(list);
      if (refusal !== undefined) {
        reply.fail(refusal);
        return;
      }
      module.dispatch(type, message.get('data'), reply, this);
      return;
    }
    reply.origin = origin;
    reply.outgoing = transfers.capability(origin) === undefined ? undefined : new BridgeOutgoing(transfers.inlineBelow, transfers.maxLength);
    let uploads: Uint8Array[] | undefined = undefined;
    if (list !== undefined) {
      try {
        uploads = transfers.takeUploads(list, origin);
      } catch (error) {
        reply.fail(error as Error);
        return;
      }
    }
    BridgeAttachments.decoding(uploads, (): void => module.dispatch(type, message.get('data'), reply, this));
  }

  /**
   * A message's `$bytes` where the bytes transfer path is not installed (no `bytes`
   * capability): a list names no transfer. Refused as the Swift runtime refuses it without a
   * transfer store: the list's shape, then its first token; no list, or an empty one, is
   * nothing to refuse.
   */
  private static transfersRefusal(tokens: JsonValue | undefined): BridgeError | undefined {
    if (tokens === undefined) {
      return undefined;
    }
    const limit = BridgeSession.MAX_TRANSFER_TOKENS;
    if (!(tokens instanceof JsonArray) || tokens.values.length > limit
      || tokens.values.some((token: JsonValue) => !(token instanceof JsonText))) {
      return new BridgeError(BridgeErrorCode.INVALID_MESSAGE, `$bytes: expected an array of at most ${limit} transfer tokens`);
    }
    if (tokens.values.length === 0) {
      return undefined;
    }
    return BridgeTransfers.noTransfer(0);
  }

  private static cancelKey(channel: string | undefined, id: string): string {
    return `${channel ?? ''}\n${id}`;
  }

  /**
   * `$cancel` `{id}`: the page gave up on the request it sent with that id (of this channel's
   * module, with a channel per module). Its call is cancelled, it is answered `aborted` and
   * its late result is dropped. An id naming nothing running is kept (at most
   * EARLY_CANCEL_LIMIT per page load): ArkWeb may deliver a request after its `$cancel`, and
   * such a request is answered `aborted` without running.
   */
  private cancel(data: JsonValue | undefined, channel: string | undefined, reply: BridgeReply): void {
    let id: string;
    try {
      id = BridgeDecode.string(BridgeDecode.params(data).get('id'), new BridgePath('params').field('id'));
    } catch (error) {
      reply.fail(error as Error);
      return;
    }
    const request = this.runningRequest(id, channel);
    if (request !== undefined) {
      this.endRequest(request, BridgeEnvelope.failure(new BridgeError(BridgeErrorCode.ABORTED, 'the page cancelled the request')));
    } else {
      this.earlyCancels.add(BridgeSession.cancelKey(channel, id));
      if (this.earlyCancels.size > BridgeSession.EARLY_CANCEL_LIMIT) {
        this.earlyCancels.delete(this.earlyCancels.values().next().value as string);
      }
    }
    reply.succeed(JsonNull.instance);
  }

  /**
   * `$read` `{id, count}`: the page's loop has taken `count` items of the stream it requested
   * with that id (found as `$cancel` finds it), so an `emit` waiting for room in its window
   * goes on. Counts are cumulative: a lower one than before changes nothing. Always succeeds.
   */
  private read(data: JsonValue | undefined, channel: string | undefined, reply: BridgeReply): void {
    let id: string;
    let count: number;
    try {
      const params = BridgeDecode.params(data);
      id = BridgeDecode.string(params.get('id'), new BridgePath('params').field('id'));
      count = BridgeStreamWindow.count(params.get('count'), new BridgePath('params').field('count'));
    } catch (error) {
      reply.fail(error as Error);
      return;
    }
    this.runningRequest(id, channel)?.window?.read(count);
    reply.succeed(JsonNull.instance);
  }

  /** The running request the page sent with `id` (of `channel`'s module, with a channel per module). */
  private runningRequest(id: string, channel: string | undefined): BridgeReply | undefined {
    return Array.from(this.running).find((candidate: BridgeReply) =>
      candidate.cancelId === id && (channel === undefined || candidate.module === channel));
  }

  /** Runs a request's handler and answers with what it resolves to or throws; a cancelled request answers nothing more. */
  run(reply: BridgeReply, operation: () => Promise<JsonValue>): void {
    this.running.add(reply);
    let started: Promise<JsonValue>;
    try {
      started = operation();
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then((result: JsonValue) => {
      if (this.running.delete(reply)) {
        this.succeedOffering(reply, result);
      }
    }, (error: Error) => {
      if (this.running.delete(reply)) {
        reply.fail(error);
      }
    });
  }

  /**
   * Answers with a result whose large values the encoder set aside: each is offered to the
   * frame that asked, and the envelope lists their tokens (`$bytes`).
   */
  private succeedOffering(reply: BridgeReply, data: JsonValue): void {
    const values = reply.outgoing?.values ?? [];
    if (values.length === 0) {
      reply.succeed(data);
      return;
    }
    const transfers = this.transfers;
    const origin = reply.origin;
    if (transfers === undefined || origin === undefined) {
      reply.fail(new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'result: the bytes transfer path went away'));
      return;
    }
    const tickets: BridgeTransferTicket[] = [];
    for (const value of values) {
      const token = transfers.offer(value, origin);
      if (token === undefined) {
        tickets.forEach((ticket: BridgeTransferTicket) => transfers.remove(ticket.token));
        this.log(`internal error: a result's bytes would hold more than ${transfers.maxHeldBytes} bytes for the page (BridgeTransferOptions.maxHeldBytes)`);
        reply.answer(BridgeEnvelope.failure(new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error')));
        return;
      }
      tickets.push(new BridgeTransferTicket(token, value.length));
    }
    const envelope = BridgeEnvelope.success(data);
    envelope.transfers = tickets.map((ticket: BridgeTransferTicket) => ticket.json);
    reply.answer(envelope);
  }

  private cancelRequests(module: string | undefined, envelope: BridgeEnvelope | undefined): void {
    const ending = Array.from(this.running).filter((reply: BridgeReply) => module === undefined || reply.module === module);
    for (const reply of ending) {
      this.endRequest(reply, envelope);
    }
  }

  /** Cancels one running request and answers it with `envelope`, or drops its answer. */
  private endRequest(reply: BridgeReply, envelope: BridgeEnvelope | undefined): void {
    this.running.delete(reply);
    if (envelope !== undefined) {
      reply.answer(envelope);
    } else {
      reply.drop();
    }
    reply.call.cancel();
  }

  /** The client of `params.module` in `frame` is ready: its events flow there. */
  private hello(data: JsonValue | undefined, channel: string | undefined, reply: BridgeReply, frame: BridgeFrame, origin: BridgeOrigin): void {
    let module: string;
    try {
      module = BridgeSession.helloModule(data, channel);
    } catch (error) {
      reply.fail(error as Error);
      return;
    }
    const frames = this.ready.get(module) ?? new Set<BridgeFrame>();
    frames.add(frame);
    this.ready.set(module, frames);
    this.pageCalls.helloArrived(module);
    const answer = new Map<string, JsonValue>();
    answer.set('protocol', new JsonInteger(BigInt(1)));
    answer.set('capabilities', this.capabilities(module, origin));
    reply.succeed(new JsonObject(answer));
    const waiting = this.queued.get(module);
    if (waiting === undefined) {
      return;
    }
    this.queued.delete(module);
    for (const event of waiting) {
      frame.post(event);
    }
  }

  /** A module's capabilities for a frame of `origin`, with the bytes transfer path when it may fetch it. */
  private capabilities(module: string, origin: BridgeOrigin): JsonValue {
    const installed = this.modules.get(module);
    if (installed === undefined) {
      return BridgeCapabilities.absentJson;
    }
    const json = installed.capabilities.json;
    const bytes = this.transfers?.capability(origin);
    if (bytes === undefined || !(json instanceof JsonObject)) {
      return json;
    }
    const members = new Map<string, JsonValue>(json.members);
    members.set('bytes', bytes);
    return new JsonObject(members);
  }

  private static helloModule(data: JsonValue | undefined, channel: string | undefined): string {
    const params = BridgeDecode.params(data);
    const path = new BridgePath('params').field('module');
    if (channel === undefined) {
      return BridgeDecode.string(params.get('module'), path);
    }
    const named = BridgeDecode.optional<string>(params.get('module'), path, BridgeDecode.string) ?? channel;
    if (named !== channel) {
      throw new BridgeError(BridgeErrorCode.INVALID_PARAMS,
        `params.module: expected ${new JsonText(channel).jsonText}, got ${new JsonText(named).jsonText}`);
    }
    return named;
  }

  /**
   * Posts an event whose payload `encode` writes to every frame whose client is ready, or
   * queues it (at most QUEUE_LIMIT, the oldest dropped). One that cannot be encoded (a
   * non-finite double, say) is logged, not sent.
   */
  emit(module: string, event: string, encode: () => JsonValue): void {
    let payload: JsonValue;
    try {
      payload = encode();
    } catch (error) {
      if (error instanceof BridgeError) {
        this.log(`event '${event}' not sent: ${error.message}`);
        return;
      }
      throw error as Error;
    }
    const members = new Map<string, JsonValue>();
    members.set('module', new JsonText(module));
    members.set('name', new JsonText(event));
    members.set('payload', payload);
    const text = '{"event":' + new JsonObject(members).jsonText + '}';
    if (BridgeUnicode.utf8Length(text) > BridgeLimits.MAX_SCRIPT_JSON_BYTES + 64) {
      this.log(`dropped a '${module}' event '${event}': its payload is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON`);
      return;
    }
    if (this.closed) {
      return;
    }
    const frames = this.ready.get(module);
    if (frames !== undefined && frames.size > 0) {
      frames.forEach((frame: BridgeFrame) => frame.post(text));
      return;
    }
    const queue = this.queued.get(module) ?? [];
    this.queued.set(module, queue);
    queue.push(text);
    if (queue.length > BridgeSession.QUEUE_LIMIT) {
      queue.shift();
      this.log(`dropped the oldest queued '${module}' event: more than ${BridgeSession.QUEUE_LIMIT} waiting`);
    }
  }

  /**
   * The page navigated (`onPageBegin`): its clients are gone until they say `$hello` again;
   * events queue. Its streams (its subframes' too, which went with it) can no longer be read:
   * they are cancelled as when the page stops reading one, since no `$cancel` will come.
   */
  pageStarted(): void {
    this.ready.clear();
    this.earlyCancels.clear();
    this.pageCalls.pageStarted();
    const streams = Array.from(this.running).filter((reply: BridgeReply) => reply.isStream);
    for (const reply of streams) {
      this.endRequest(reply, BridgeEnvelope.failure(new BridgeError(BridgeErrorCode.ABORTED, 'the page is not reading the stream')));
    }
  }

  /** The renderer process exited (`onRenderExited`): running requests are cancelled and their answers dropped (the page that asked is gone). */
  renderExited(): void {
    this.cancelRequests(undefined, undefined);
    this.transfers?.removeAll();
    this.pageCalls.fail(new BridgeError(BridgeErrorCode.PROCESS_TERMINATED, 'the web content process terminated during the call'));
    this.ready.clear();
    this.earlyCancels.clear();
  }

  /**
   * Calls a page method (docs/WIRE.md, "Page calls"): waits for the module's client to say
   * `$hello` (client methods), evaluates the body in the main frame and awaits its `$answer`,
   * all within the request's timeout; the answer's `data`, or a BridgeError.
   */
  async callPage(request: BridgePageRequest): Promise<JsonValue | undefined> {
    if (!this.modules.has(request.module)) {
      throw new BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, `the '${request.module}' module is not installed on this WebView`);
    }
    return this.pageCalls.call(request);
  }

  /** Whether `module`'s client said `$hello` since the page loaded. */
  isClientReady(module: string): boolean {
    const frames = this.ready.get(module);
    return frames !== undefined && frames.size > 0;
  }

  /** The module's client is gone (the page reloaded): its events queue until the next `$hello`. */
  clientGone(module: string): void {
    this.ready.delete(module);
  }

  private answerFrame(callbackName: string, envelope: BridgeEnvelope): string {
    let json = envelope.jsonText;
    if (BridgeUnicode.utf8Length(json) > BridgeLimits.MAX_SCRIPT_JSON_BYTES) {
      this.log(`internal error: an answer is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)`);
      json = BridgeEnvelope.failure(new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error')).jsonText;
    }
    return '{"answer":' + new JsonText(callbackName).jsonText + ',"envelope":' + json + '}';
  }
}

/** The reply of the message being handled, once made: what `exhausted` answers. */
class BridgeReceiving {
  reply: BridgeReply | undefined = undefined;
}

"""#, imports: ["{ BridgeCaller, BridgeOrigin } from './Caller';", "{ BridgeDecode, BridgeFields } from './Decoding';", "{ BridgeEncoder } from './Encoding';", "{ BridgeCallbackKind, BridgeCallbackName, BridgeIncoming } from './Incoming';", "{ BridgePageCalls, BridgePageRequest } from './PageCalls';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeStream, BridgeStreamWindow } from './Streams';", "{ BridgeUnicode } from './Text';", "{ BridgeAttachments, BridgeOutgoing, BridgeTransferTicket, BridgeTransfers } from './Transfers';", "{ BridgeApplicationError, BridgeEnvelope, BridgeError, BridgeErrorCode, JsonArray, JsonBool, JsonInteger, JsonNull, JsonObject, JsonText, JsonValue } from './Values';"]),
RuntimeSource(name: "Streams.ets", firstLine: 11, modifier: "export ", accessLines: [12, 29, 125], body: #"""
/** What `BridgeStream.emit` rejects with once the page stopped reading (its `$cancel`, a navigation). */
export class BridgeCancelled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeCancelled';
  }
}

/**
 * What a `kind: stream` handler sends its items through, before it returns the stream's final
 * result (docs/WIRE.md, "Streams"). Each `emit` posts an item frame through the frame that sent
 * the request, so items arrive in order and before the answer; with a window (the request's
 * `$window`), it first waits while that many items are out that the page's loop has not read
 * (`$read`); at most BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND items a second go out (a faster
 * `emit` waits for the next one-second window). Every 64 items (fewer when they are large)
 * `emit` lets the UI thread run its other tasks, the page's `$cancel` among them. When the page
 * stops reading, `emit` rejects with BridgeCancelled and `call.isCancelled` is true.
 */
export class BridgeStream<Item> {
  private readonly reply: BridgeReply;
  private readonly id: string;
  private readonly encode: BridgeEncoder<Item>;
  private windowStart: number = Date.now();
  private windowCount: number = 0;
  /** Items posted since the UI thread last had a turn, an item's JSON counting one more per 16 Ki UTF-16 units. */
  private sinceYield: number = 0;
  private static readonly ITEMS_PER_YIELD: number = 64;
  private static readonly YIELD_UNITS_PER_ITEM: number = 16384;

  constructor(reply: BridgeReply, id: string, encode: BridgeEncoder<Item>) {
    this.reply = reply;
    this.id = id;
    this.encode = encode;
  }

  /** The request's caller and cancellation. */
  get call(): BridgeCall {
    return this.reply.call;
  }

  /**
   * Sends `item` to the page. Rejects with BridgeCancelled when the request was cancelled or
   * has ended, and with an `internalError` BridgeError (logged) when the item cannot be
   * encoded or its JSON is larger than BridgeLimits.MAX_STREAM_ITEM_BYTES.
   */
  async emit(item: Item): Promise<void> {
    this.ensureOpen();
    const json = this.encoded(item);
    const window = this.reply.window;
    if (window !== undefined) {
      await window.takeRoom(this.reply);
    }
    await this.pace();
    this.ensureOpen();
    const frame = this.reply.frame;
    if (frame === undefined) {
      throw new BridgeCancelled('no frame can be sent the stream\'s items');
    }
    frame.post('{"item":' + new JsonText(this.id).jsonText + ',"value":' + json + '}');
    // Every so often the UI thread gets a turn between items (the page's `$cancel`, a frame drawn):
    // each `await` of a resolved promise alone would never give it one.
    this.sinceYield += 1 + json.length / BridgeStream.YIELD_UNITS_PER_ITEM;
    if (this.sinceYield >= BridgeStream.ITEMS_PER_YIELD) {
      this.sinceYield = 0;
      await new Promise<void>((resolve: () => void) => {
        setTimeout(resolve, 0);
      });
    }
  }

  /** A handler emitting after its request ended (cancelled, answered) stops at once. */
  private ensureOpen(): void {
    if (this.reply.call.isCancelled || this.reply.isAnswered) {
      throw new BridgeCancelled('the stream\'s request has ended');
    }
  }

  private encoded(item: Item): string {
    let json: string;
    try {
      json = this.encode(item, new BridgePath('item')).jsonText;
    } catch (error) {
      this.reply.log(`a stream item cannot be encoded: ${error}`);
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');
    }
    if (BridgeUnicode.utf8Length(json) > BridgeLimits.MAX_STREAM_ITEM_BYTES) {
      this.reply.log(`internal error: a stream item is larger than ${BridgeLimits.MAX_STREAM_ITEM_BYTES} bytes of JSON (BridgeLimits.MAX_STREAM_ITEM_BYTES)`);
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');
    }
    return json;
  }

  /** Waits for the next one-second window once this one delivered its share of items. */
  private async pace(): Promise<void> {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount >= BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND) {
      await new Promise<void>((resolve: () => void) => {
        setTimeout(resolve, this.windowStart + 1000 - now);
      });
      this.windowStart = Date.now();
      this.windowCount = 0;
    }
    this.windowCount += 1;
  }
}

/**
 * A stream's flow control (docs/WIRE.md, "Streams"): at most `size` items out that the page's
 * loop has not taken. The page says how many it took with `$read`, cumulatively.
 */
export class BridgeStreamWindow {
  /** The request's `$window`. */
  readonly size: number;
  /** Items sent so far, each counted once it had room. */
  private sent: number = 0;
  /** The most items the page said its loop took, never more than `sent`. */
  private taken: number = 0;
  private waiters: (() => void)[] = [];

  constructor(size: number) {
    this.size = size;
  }

  /** A request's `$window`: absent (undefined) or an integer from 1 to 1024, else `invalidMessage`. */
  static size(value: JsonValue | undefined): number | undefined {
    if (value === undefined) {
      return undefined;
    }
    let size: number | undefined = undefined;
    try {
      size = BridgeDecode.int(value, new BridgePath('$window'));
    } catch (error) {
      size = undefined;
    }
    if (size === undefined || size < 1 || size > 1024) {
      throw new BridgeError(BridgeErrorCode.INVALID_MESSAGE, '$window: expected an integer from 1 to 1024');
    }
    return size;
  }

  /** A `$read` count: an int, at least 0. */
  static count(value: JsonValue | undefined, path: BridgePath): number {
    const count = BridgeDecode.int(value, path);
    if (count < 0) {
      throw new BridgeError(BridgeErrorCode.INVALID_PARAMS, `${path.toString()}: expected an int >= 0, got ${count}`);
    }
    return count;
  }

  /**
   * The page's loop took `count` items in all: capped at the items sent, and a lower count
   * than before (a late post: ArkWeb keeps no order) changes nothing.
   */
  read(count: number): void {
    const capped = Math.min(count, this.sent);
    if (capped <= this.taken) {
      return;
    }
    this.taken = capped;
    this.wake();
  }

  /** Resolves every `takeRoom`, which looks again. */
  wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((resolve: () => void) => resolve());
  }

  /**
   * Resolves once fewer than `size` items are out unread, the next one counted as sent then (so
   * two concurrent emits cannot both take the last room); rejects with BridgeCancelled when the
   * request is cancelled or answered meanwhile (both wake it).
   */
  async takeRoom(reply: BridgeReply): Promise<void> {
    while (this.sent - this.taken >= this.size) {
      if (reply.call.isCancelled || reply.isAnswered) {
        throw new BridgeCancelled('the stream\'s request has ended');
      }
      await new Promise<void>((resolve: () => void) => {
        this.waiters.push(resolve);
      });
    }
    this.sent += 1;
  }
}

"""#, imports: ["{ BridgeEncoder } from './Encoding';", "{ BridgeLimits, BridgePath } from './Paths';", "{ BridgeCall, BridgeReply } from './Session';", "{ BridgeUnicode } from './Text';", "{ BridgeDecode } from './Decoding';", "{ BridgeError, BridgeErrorCode, JsonText, JsonValue } from './Values';"]),
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
RuntimeSource(name: "Transfers.ets", firstLine: 12, modifier: "export ", accessLines: [13, 30, 48, 102, 168, 399, 448], body: #"""
/** What `install` takes to offer the path: the longest value and where inline base64 stops. */
export interface BridgeTransferOptions {
  /** The longest value, in bytes, on this path (default 256 MiB; inline base64 stays at 10 MiB). */
  max?: number;
  /** Values shorter than this travel inline as base64, where the message path is faster (default 64 KiB). */
  inline?: number;
  /** The most bytes held at once for the page, uploaded or offered, not yet taken (default 2 x max). */
  maxHeldBytes?: number;
  /** How long an unclaimed value is kept, in milliseconds (default 60 s). */
  lifetimeMs?: number;
  /**
   * Test harnesses only: the base URL the page is told to fetch instead of
   * `bridgegen-bytes://transfer/` (a desktop Chromium cannot fetch the custom scheme).
   */
  baseUrl?: string;
}

/** A value the page fetches: its token and length, in the answer's `$bytes` list. */
export class BridgeTransferTicket {
  readonly token: string;
  readonly length: number;

  constructor(token: string, length: number) {
    this.token = token;
    this.length = length;
  }

  get json(): JsonValue {
    const members = new Map<string, JsonValue>();
    members.set('token', new JsonText(this.token));
    members.set('length', new JsonInteger(BigInt(this.length)));
    return new JsonObject(members);
  }
}

/** What the scheme handler answers a fetch with: a status and a body, text or the value's bytes. */
export class BridgeTransferResponse {
  readonly status: number;
  readonly body: Uint8Array;
  readonly isText: boolean;

  constructor(status: number, body: Uint8Array, isText: boolean) {
    this.status = status;
    this.body = body;
    this.isText = isText;
  }

  static text(status: number, text: string): BridgeTransferResponse {
    return new BridgeTransferResponse(status, BridgeTransferResponse.utf8(text), true);
  }

  /** A text response's body as text (the token of a stored upload). */
  get text(): string {
    return this.isText ? String.fromCharCode(...Array.from(this.body)) : '';
  }

  get contentType(): string {
    return this.status === 200 && !this.isText ? 'application/octet-stream' : 'text/plain; charset=utf-8';
  }

  /** The response's headers for a page of `origin` (its trusted `Origin` header): CORS admits that page only, nothing is cached. */
  headers(origin: string | undefined): Map<string, string> {
    const headers = new Map<string, string>();
    headers.set('Content-Type', this.contentType);
    headers.set('Content-Length', this.body.length.toString());
    headers.set('Cache-Control', 'no-store');
    if (origin !== undefined) {
      headers.set('Access-Control-Allow-Origin', origin);
    }
    if (this.status === 204) {
      headers.set('Access-Control-Allow-Methods', 'GET, POST');
      headers.set('Access-Control-Allow-Headers', 'Content-Type');
    }
    return headers;
  }

  /** The texts are the runtime's own (ASCII and numbers), so UTF-16 units are bytes. */
  private static utf8(text: string): Uint8Array {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      out[i] = text.charCodeAt(i) & 0x7F;
    }
    return out;
  }
}

/**
 * One value the page is uploading, read in chunks: at most `limit` bytes are ever held; past it,
 * what was read is freed. A declared length is the buffer's size at once; a chunked body grows it.
 */
export class BridgeUpload {
  readonly origin: string;
  readonly limit: number;
  private buffer: Uint8Array;
  private length: number = 0;
  /** Whether the body grew past `limit` (what was read is freed). */
  isOverLimit: boolean = false;

  constructor(origin: string, limit: number, declaredLength: number | undefined) {
    this.origin = origin;
    this.limit = limit;
    this.buffer = new Uint8Array(declaredLength !== undefined && declaredLength <= limit ? declaredLength : 0);
  }

  get count(): number {
    return this.length;
  }

  /** Adds the next chunk of the body; false once it is over the limit. */
  append(chunk: Uint8Array): boolean {
    if (this.isOverLimit) {
      return false;
    }
    if (chunk.length > this.limit - this.length) {
      this.isOverLimit = true;
      this.buffer = new Uint8Array(0);
      this.length = 0;
      return false;
    }
    if (this.length + chunk.length > this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.limit, Math.max(this.length + chunk.length, this.buffer.length * 2, 1 << 16)));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
    return true;
  }

  /** The bytes read, without a copy when the buffer is exactly full. */
  get data(): Uint8Array {
    return this.length === this.buffer.length ? this.buffer : this.buffer.slice(0, this.length);
  }
}

/** One value that waits to cross. */
class BridgeTransferEntry {
  readonly data: Uint8Array;
  readonly origin: string;
  readonly toPage: boolean;
  readonly stored: number;

  constructor(data: Uint8Array, origin: string, toPage: boolean, stored: number) {
    this.data = data;
    this.origin = origin;
    this.toPage = toPage;
    this.stored = stored;
  }
}

/**
 * The values of one web view that wait to cross: uploaded by the page for a message that will
 * name them, or offered to the page in an answer that names them. Each is one-time, bound to
 * the origin of the page that may use it, and forgotten after `lifetimeMs` (the Swift runtime's
 * `BridgeTransfers`). Runs on the UI thread, as the session does.
 */
export class BridgeTransfers {
  /** The scheme the page fetches; registered by the app's `customizeSchemes` call. */
  static readonly SCHEME: string = 'bridgegen-bytes';
  /** Most values one message may name. */
  static readonly MAX_PER_MESSAGE: number = 1024;

  readonly baseUrl: string;
  readonly maxLength: number;
  readonly inlineBelow: number;
  readonly maxHeldBytes: number;
  readonly lifetimeMs: number;
  private readonly entries: Map<string, BridgeTransferEntry> = new Map<string, BridgeTransferEntry>();
  private held: number = 0;
  private readonly random: (count: number) => Uint8Array;
  private readonly clock: () => number;

  /** `random` gives cryptographically strong bytes (the glue's: `cryptoFramework`); `clock` milliseconds. */
  constructor(options: BridgeTransferOptions, random: (count: number) => Uint8Array, clock?: () => number) {
    this.random = random;
    this.baseUrl = options.baseUrl ?? `${BridgeTransfers.SCHEME}://transfer/`;
    this.maxLength = Math.max(options.max ?? 256 * 1024 * 1024, 0);
    this.inlineBelow = Math.max(options.inline ?? 64 * 1024, 1);
    this.maxHeldBytes = options.maxHeldBytes ?? 2 * this.maxLength;
    this.lifetimeMs = options.lifetimeMs ?? 60000;
    this.clock = clock ?? ((): number => Date.now());
  }

  /** Bytes held now (`maxHeldBytes` bounds it). */
  get heldBytes(): number {
    return this.held;
  }

  /** Values held now. */
  get count(): number {
    return this.entries.size;
  }

  /**
   * The `bytes` member of a module's capabilities for a frame of `origin`; undefined for a page
   * whose fetches say `Origin: null` (`resource://rawfile`, `file`, opaque): those send inline.
   * An https page is offered the path: the scheme is registered secure, so it is no mixed content.
   */
  capability(origin: BridgeOrigin): JsonValue | undefined {
    if (BridgeTransfers.key(origin) === undefined) {
      return undefined;
    }
    const members = new Map<string, JsonValue>();
    members.set('url', new JsonText(this.baseUrl));
    members.set('inline', new JsonInteger(BigInt(this.inlineBelow)));
    members.set('max', new JsonInteger(BigInt(this.maxLength)));
    return new JsonObject(members);
  }

  /** Stores a value `origin` (a key) uploaded; undefined when it would hold more than `maxHeldBytes`. */
  store(data: Uint8Array, origin: string): string | undefined {
    return this.keep(new BridgeTransferEntry(data, origin, false, this.clock()));
  }

  /** Offers a value to the page of `origin`, which fetches it with the returned token; undefined when it would hold too much. */
  offer(data: Uint8Array, origin: BridgeOrigin): string | undefined {
    const key = BridgeTransfers.key(origin);
    return key === undefined ? undefined : this.keep(new BridgeTransferEntry(data, key, true, this.clock()));
  }

  private keep(entry: BridgeTransferEntry): string | undefined {
    this.sweep();
    if (this.held + entry.data.length > this.maxHeldBytes) {
      return undefined;
    }
    let token = this.token();
    while (this.entries.has(token)) {
      token = this.token();
    }
    this.entries.set(token, entry);
    this.held += entry.data.length;
    return token;
  }

  /** Takes the uploaded value `token` names for a message of `origin` (once). */
  take(token: string, origin: BridgeOrigin): Uint8Array | undefined {
    this.sweep();
    const key = BridgeTransfers.key(origin);
    const entry = this.entries.get(token);
    if (key === undefined || entry === undefined || entry.toPage || entry.origin !== key) {
      return undefined;
    }
    this.remove(token);
    return entry.data;
  }

  /** What a fetch of `token` by a page whose `Origin` header is `origin` gets: the bytes, once. */
  fetch(token: string, origin: string | undefined): BridgeTransferResponse {
    this.sweep();
    const entry = this.entries.get(token);
    if (entry === undefined || !entry.toPage) {
      return BridgeTransferResponse.text(404, 'no value has this URL (unknown, used or expired)');
    }
    if (origin === undefined || BridgeTransfers.keyOfHeader(origin) !== entry.origin) {
      return BridgeTransferResponse.text(403, 'this value is not for this page\'s origin');
    }
    this.remove(token);
    return new BridgeTransferResponse(200, entry.data, false);
  }

  /** Forgets every value: the page's process went away, or the bridge was uninstalled. */
  removeAll(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** Forgets one value (an upload whose request stopped before it was answered). */
  remove(token: string): void {
    const entry = this.entries.get(token);
    if (entry !== undefined) {
      this.entries.delete(token);
      this.held -= entry.data.length;
    }
  }

  /** Drops what waited longer than `lifetimeMs`; run at every operation, so no timer is needed. */
  private sweep(): void {
    const now = this.clock();
    const expired: string[] = [];
    this.entries.forEach((entry: BridgeTransferEntry, token: string) => {
      if (now - Math.min(now, entry.stored) > Math.max(0, this.lifetimeMs)) {
        expired.push(token);
      }
    });
    expired.forEach((token: string) => this.remove(token));
  }

  /** 128 random bits as base64url, 22 characters: unguessable, and safe in a URL path. */
  token(): string {
    const bytes = this.random(16);
    if (bytes.length !== 16) {
      throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, `the random source gave ${bytes.length} bytes, not 16`);
    }
    return BridgeBase64.encode(bytes).substring(0, 22).replace(/\+/g, '-').replace(/\//g, '_');
  }

  /**
   * `scheme://host[:port]` of a frame's origin, as a fetch's `Origin` header writes it; undefined
   * for an origin whose fetches say `null`: no host, opaque, `file`, or bundled `resource` content.
   */
  static key(origin: BridgeOrigin): string | undefined {
    const scheme = origin.scheme.toLowerCase();
    const host = origin.host.toLowerCase();
    if (host.length === 0 || scheme === '' || scheme === 'file' || scheme === 'resource' || scheme === 'about'
      || scheme === 'data' || scheme === 'blob' || scheme === 'javascript') {
      return undefined;
    }
    return origin.port > 0 ? `${scheme}://${host}:${origin.port}` : `${scheme}://${host}`;
  }

  /** An `Origin` header as `key` writes origins (lowercased); undefined for `null` or a malformed one. */
  static keyOfHeader(header: string): string | undefined {
    const origin = BridgeTransfers.originOfHeader(header);
    return origin === undefined ? undefined : BridgeTransfers.key(origin);
  }

  /** The origin an `Origin` header names, as a main frame (a fetch does not say which frame). */
  static originOfHeader(header: string): BridgeOrigin | undefined {
    const parts = header.split('://');
    if (parts.length !== 2 || parts[0].length === 0 || parts[1].length === 0 || parts[1].includes('/')) {
      return undefined;
    }
    const origin = BridgeOrigin.parse(header, true);
    return origin.scheme === '' || origin.host === '' ? undefined : origin;
  }

  /**
   * Starts reading an upload from a page whose fetch said `Origin: origin`: the upload, or the
   * response when it is refused before anything is read (a foreign or missing origin, a declared
   * length over the limit).
   */
  beginUpload(policy: BridgeOriginPolicy, origin: string | undefined, declaredLength: number | undefined): BridgeUpload | BridgeTransferResponse {
    const frame = origin === undefined ? undefined : BridgeTransfers.originOfHeader(origin);
    const key = frame === undefined ? undefined : BridgeTransfers.key(frame);
    if (frame === undefined || key === undefined) {
      return BridgeTransferResponse.text(403, 'the page\'s origin cannot use the bytes transfer path');
    }
    if (!policy.allows(frame)) {
      return BridgeTransferResponse.text(403, 'the page\'s origin is not trusted');
    }
    if (declaredLength !== undefined && declaredLength > this.maxLength) {
      return BridgeTransferResponse.text(413, `a value of ${declaredLength} bytes is over the limit of ${this.maxLength}`);
    }
    return new BridgeUpload(key, this.maxLength, declaredLength);
  }

  /** Ends an upload whose body was read whole: the token the page's message names it by. */
  finishUpload(upload: BridgeUpload): BridgeTransferResponse {
    if (upload.isOverLimit) {
      return BridgeTransferResponse.text(413, `the value is over the limit of ${this.maxLength} bytes`);
    }
    const token = this.store(upload.data, upload.origin);
    if (token === undefined) {
      return BridgeTransferResponse.text(507, `the app holds ${this.maxHeldBytes} bytes for the page already`);
    }
    return BridgeTransferResponse.text(200, token);
  }

  /** The values a message's `$bytes` names, taken from the uploads of its frame's origin. */
  takeUploads(list: JsonValue, origin: BridgeOrigin): Uint8Array[] {
    const limit = BridgeTransfers.MAX_PER_MESSAGE;
    if (!(list instanceof JsonArray) || list.values.length > limit || list.values.some((token: JsonValue) => !(token instanceof JsonText))) {
      throw new BridgeError(BridgeErrorCode.INVALID_MESSAGE, `$bytes: expected an array of at most ${limit} transfer tokens`);
    }
    const values: Uint8Array[] = [];
    list.values.forEach((token: JsonValue, index: number) => {
      const data = this.take((token as JsonText).value, origin);
      if (data === undefined) {
        throw BridgeTransfers.noTransfer(index);
      }
      values.push(data);
    });
    return values;
  }

  static noTransfer(index: number): BridgeError {
    return new BridgeError(BridgeErrorCode.INVALID_PARAMS,
      `$bytes[${index}]: no transfer for this page has this token (unknown, used, expired, or another origin's)`);
  }
}

/**
 * The `bytes` values of the message being decoded and of the result being encoded, which
 * travel beside it: `{"$bytes": i}` stands for the i-th of the message's list. ArkTS has no
 * context that follows a call, so the session sets these around the synchronous decoding of a
 * message's params and encoding of a request's result, and clears them after.
 */
export class BridgeAttachments {
  /** The uploaded values of the message whose params are being decoded. */
  static incoming: Uint8Array[] | undefined = undefined;
  /** Where the request's result being encoded puts its large values; undefined: everything inline. */
  static outgoing: BridgeOutgoing | undefined = undefined;

  /** The value `{"$bytes": i}` names in the message being decoded; undefined when `value` is not one. */
  static resolve(value: JsonValue | undefined): Uint8Array | undefined {
    const incoming = BridgeAttachments.incoming;
    if (incoming === undefined || !(value instanceof JsonObject) || value.members.size !== 1) {
      return undefined;
    }
    const index = value.members.get('$bytes');
    if (!(index instanceof JsonInteger) || index.value < BigInt(0) || index.value >= BigInt(incoming.length)) {
      return undefined;
    }
    return incoming[Number(index.value)];
  }

  /** The reference that stands for `value` at `path` in a result whose page fetches large values; undefined: inline. */
  static reference(value: Uint8Array, path: BridgePath): JsonValue | undefined {
    const outgoing = BridgeAttachments.outgoing;
    return outgoing === undefined || path.root !== 'result' ? undefined : outgoing.reference(value);
  }

  /** Runs `body` with `incoming` as the message's values, cleared after whatever happens. */
  static decoding<T>(incoming: Uint8Array[] | undefined, body: () => T): T {
    const before = BridgeAttachments.incoming;
    BridgeAttachments.incoming = incoming;
    try {
      return body();
    } finally {
      BridgeAttachments.incoming = before;
    }
  }

  /** Runs `body` with `outgoing` collecting the result's large values, cleared after whatever happens. */
  static encoding<T>(outgoing: BridgeOutgoing | undefined, body: () => T): T {
    const before = BridgeAttachments.outgoing;
    BridgeAttachments.outgoing = outgoing;
    try {
      return body();
    } finally {
      BridgeAttachments.outgoing = before;
    }
  }
}

/** The large values of one result, in the order its encoder met them. */
export class BridgeOutgoing {
  readonly inlineBelow: number;
  readonly maxLength: number;
  readonly values: Uint8Array[] = [];

  constructor(inlineBelow: number, maxLength: number) {
    this.inlineBelow = inlineBelow;
    this.maxLength = maxLength;
  }

  /** The reference that stands for `data`, or undefined when it goes inline. */
  reference(data: Uint8Array): JsonValue | undefined {
    if (data.length < this.inlineBelow || data.length > this.maxLength) {
      return undefined;
    }
    this.values.push(data);
    const members = new Map<string, JsonValue>();
    members.set('$bytes', new JsonInteger(BigInt(this.values.length - 1)));
    return new JsonObject(members);
  }
}

"""#, imports: ["{ BridgeBase64 } from './Base64';", "{ BridgeOrigin } from './Caller';", "{ BridgePath } from './Paths';", "{ BridgeOriginPolicy } from './Session';", "{ BridgeError, BridgeErrorCode, JsonArray, JsonInteger, JsonObject, JsonText, JsonValue } from './Values';"]),
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
  /** The values the page fetches before it decodes `data` (`$bytes`, each `{token, length}`; Transfers.ets). */
  transfers: JsonValue[] = [];

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
    if (this.transfers.length > 0) {
      out.push(',"$bytes":');
      JsonWriter.write(new JsonArray(this.transfers), out);
    }
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
RuntimeSource(name: "console-forward.js", body: #"""
// bridgegen console forwarding v1 (Runtime/JavaScript/console-forward.js, docs/WIRE.md "Console forwarding")
// A document-start user script in the page's content world, main frame and subframes. It
// forwards console.log/info/warn/error, uncaught errors and unhandled rejections to the plain
// message handler `bridgegenConsole` as {level, message} (on Android, the injected object
// `__bridgegen_bridgegenConsole`, as JSON text). This file is one function expression
// of the two limits; the Swift and Kotlin runtimes (BridgeConsole) call it with the
// configured numbers, so no other text reaches the script. It never throws into the page: it
// takes the builtins it needs before any page script runs, and guards every read of a page value.
(function (maxMessageLength, maxMessagesPerSecond) {
    'use strict';
    var g = globalThis;
    var reflectApply = Reflect.apply;
    var stringify = JSON.stringify;
    var toStr = String;
    var objectKeys = Object.keys;
    var isArray = Array.isArray;
    var defineProperty = Object.defineProperty;
    var objectToString = Object.prototype.toString;
    var slice = String.prototype.slice;
    var indexOf = String.prototype.indexOf;
    var charCodeAt = String.prototype.charCodeAt;
    var symbolToString = Symbol.prototype.toString;
    var functionToString = Function.prototype.toString;
    var ErrorCtor = Error;
    var WeakSetCtor = WeakSet;
    var weakAdd = WeakSet.prototype.add;
    var weakHas = WeakSet.prototype.has;
    var now = Date.now;
    var setTimer = g.setTimeout;
    var addListener = g.addEventListener;
    var LEVELS = ['log', 'info', 'warn', 'error'];
    // Containers deeper than this, or items beyond this many, are summarised: a message is
    // for reading, and the length cap ends the text anyway.
    var MAX_DEPTH = 4;
    var MAX_ITEMS = 100;
    var WINDOW_MS = 1000;

    function call(fn, self, args) {
        return reflectApply(fn, self, args);
    }

    // -- the channel (taken lazily: a frame may get it after this script ran) --------------

    // WebKit's message handler takes the object; Android's injected object (docs/WIRE.md,
    // "Android") takes JSON text, written here from two strings so no page toJSON runs.
    var handler = null;
    var post = null;
    var asText = false;
    function channel() {
        try {
            var h = g.webkit.messageHandlers.bridgegenConsole;
            if (typeof h.postMessage === 'function') {
                handler = h;
                post = h.postMessage;
                return;
            }
        } catch (e) {
            // not WebKit
        }
        try {
            var o = g.__bridgegen_bridgegenConsole;
            if (o && typeof o.postMessage === 'function') {
                handler = o;
                post = o.postMessage;
                asText = true;
            }
        } catch (e) {
            // no channel yet
        }
    }
    function send(level, message) {
        if (post === null) {
            channel();
            if (post === null) return;
        }
        try {
            call(post, handler, [asText ? '{"level":' + stringify(level) + ',"message":' + stringify(message) + '}' : { level: level, message: message }]);
        } catch (e) {
            // The handler went away (the app removed it): nothing to report to.
        }
    }

    // -- limits ---------------------------------------------------------------------------

    /** At most maxMessageLength UTF-16 units, never half of a surrogate pair. */
    function cut(text) {
        if (text.length <= maxMessageLength) return text;
        var end = maxMessageLength;
        var unit = call(charCodeAt, text, [end - 1]);
        if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;
        return call(slice, text, [0, end]);
    }

    var windowStart = -Infinity;
    var sentInWindow = 0;
    var dropped = 0;
    var reportPending = false;

    function startWindowIfDue() {
        var t = now();
        if (t - windowStart < WINDOW_MS) return;
        windowStart = t;
        sentInWindow = 0;
        if (dropped > 0) {
            // The report counts as one of the new second's messages.
            var count = dropped;
            dropped = 0;
            sentInWindow = 1;
            send('warn', count + ' console messages dropped');
        }
    }

    function reportLater() {
        if (reportPending || typeof setTimer !== 'function') return;
        reportPending = true;
        try {
            call(setTimer, g, [function () {
                reportPending = false;
                try {
                    startWindowIfDue();
                    if (dropped > 0) reportLater();
                } catch (e) {
                    // never into the page
                }
            }, WINDOW_MS - (now() - windowStart) + 1]);
        } catch (e) {
            reportPending = false;
        }
    }

    function deliver(level, text) {
        startWindowIfDue();
        if (sentInWindow >= maxMessagesPerSecond) {
            dropped += 1;
            reportLater();
            return;
        }
        sentInWindow += 1;
        send(level, cut(text));
    }

    // -- formatting -------------------------------------------------------------------------

    // `seen` is the chain of containers being formatted (a linked list: no array writes a page's
    // Array.prototype setters could see), for cycles.

    /** Text built up to a budget: one unit past the cap, so the cut is the only cut. */
    function Out() {
        this.text = '';
        this.room = maxMessageLength + 1;
    }
    Out.prototype.add = function (s) {
        if (this.room <= 0) return;
        if (s.length > this.room) s = call(slice, s, [0, this.room]);
        this.text += s;
        this.room -= s.length;
    };

    function attempt(read, fallback) {
        try {
            return read();
        } catch (e) {
            return fallback;
        }
    }

    function quote(out, s) {
        out.add(stringify(s.length > out.room ? call(slice, s, [0, out.room]) : s));
    }

    function tagOf(v) {
        // Reads Symbol.toStringTag, which a page may make throw.
        var tag = attempt(function () { return call(objectToString, v, []); }, '[object Object]');
        return call(slice, tag, [8, -1]);
    }

    function errorText(v) {
        var name = attempt(function () { return v.name; }, undefined);
        var message = attempt(function () { return v.message; }, undefined);
        var stack = attempt(function () { return v.stack; }, undefined);
        var head = (typeof name === 'string' ? name : 'Error') + (typeof message === 'string' && message !== '' ? ': ' + message : '');
        if (typeof stack !== 'string' || stack === '') return head;
        // V8 starts the stack with the head; JavaScriptCore lists the frames only.
        return call(slice, stack, [0, head.length]) === head ? stack : head + '\n' + stack;
    }

    function isError(v, tag) {
        return tag === 'Error' || attempt(function () { return v instanceof ErrorCtor; }, false);
    }

    function format(out, v, depth, seen, top) {
        if (out.room <= 0) return;
        var type = typeof v;
        if (type === 'string') {
            if (top) out.add(v);
            else quote(out, v);
            return;
        }
        if (type === 'number' || type === 'boolean' || type === 'undefined') {
            out.add(toStr(v));
            return;
        }
        if (type === 'bigint') {
            out.add(toStr(v) + 'n');
            return;
        }
        if (type === 'symbol') {
            out.add(attempt(function () { return call(symbolToString, v, []); }, 'Symbol()'));
            return;
        }
        if (v === null) {
            out.add('null');
            return;
        }
        if (type === 'function') {
            var name = attempt(function () { return v.name; }, '');
            out.add(typeof name === 'string' && name !== '' ? '[Function ' + name + ']' : '[Function]');
            return;
        }
        for (var link = seen; link !== null; link = link.next) {
            if (link.value === v) {
                out.add('[Circular]');
                return;
            }
        }
        var tag = tagOf(v);
        if (isError(v, tag)) {
            out.add(errorText(v));
            return;
        }
        var array = attempt(function () { return isArray(v); }, false);
        if (depth >= MAX_DEPTH) {
            out.add(array ? '[Array]' : '[' + tag + ']');
            return;
        }
        var keys = array ? null : attempt(function () { return objectKeys(v); }, null);
        var count = array ? attempt(function () { return v.length; }, 0) : keys === null ? 0 : keys.length;
        if (typeof count !== 'number' || !(count >= 0)) count = 0;
        if (!array && keys === null) {
            out.add('[' + tag + ']');
            return;
        }
        if (!array && tag !== 'Object') out.add(tag + ' ');
        out.add(array ? '[' : '{');
        var inner = { value: v, next: seen };
        var shown = count < MAX_ITEMS ? count : MAX_ITEMS;
        for (var j = 0; j < shown && out.room > 0; j++) {
            if (j > 0) out.add(',');
            var key = array ? j : keys[j];
            if (!array) {
                quote(out, key);
                out.add(':');
            }
            var item = attempt(function () { return v[key]; }, attempt);
            if (item === attempt) out.add('[getter threw]');
            else format(out, item, depth + 1, inner, false);
        }
        if (count > shown) out.add(',\u2026' + (count - shown) + ' more');
        out.add(array ? ']' : '}');
    }

    function formatAll(args) {
        var out = new Out();
        for (var i = 0; i < args.length && out.room > 0; i++) {
            if (i > 0) out.add(' ');
            format(out, args[i], 0, null, true);
        }
        return out.text;
    }

    // A console call made while formatting (a getter that logs) is not forwarded again.
    var busy = false;
    function forward(level, makeText) {
        if (busy) return;
        busy = true;
        try {
            deliver(level, makeText());
        } catch (e) {
            // never into the page
        } finally {
            busy = false;
        }
    }

    // -- console ----------------------------------------------------------------------------

    // Each level becomes an accessor: reading it gives a forwarding wrapper around the current
    // implementation, assigning it replaces the implementation (so a page's own console.log
    // is forwarded too). A console object assigned to `console` later is wrapped the same way.
    var wrapped = new WeakSetCtor();
    function wrapConsole(target) {
        if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return;
        try {
            if (call(weakHas, wrapped, [target])) return;
            call(weakAdd, wrapped, [target]);
        } catch (e) {
            return;
        }
        for (var i = 0; i < LEVELS.length; i++) wrapLevel(target, LEVELS[i]);
    }

    function wrapLevel(target, level) {
        try {
            var impl = target[level];
            var wrapper = function () {
                var args = arguments;
                forward(level, function () { return formatAll(args); });
                return call(impl, this, args);
            };
            defineProperty(target, level, {
                configurable: true,
                enumerable: true,
                get: function () { return typeof impl === 'function' ? wrapper : impl; },
                set: function (value) { impl = value; },
            });
        } catch (e) {
            // A frozen console, or a getter that throws: left as it is.
        }
    }

    try {
        var current = g.console;
        wrapConsole(current);
        defineProperty(g, 'console', {
            configurable: true,
            enumerable: false,
            get: function () { return current; },
            set: function (value) {
                current = value;
                wrapConsole(value);
            },
        });
    } catch (e) {
        // The global's console cannot be redefined here: its methods stay wrapped.
    }

    // -- uncaught errors and unhandled rejections ------------------------------------------------

    function listen(type, describe) {
        try {
            call(addListener, g, [type, function (event) {
                forward('error', function () { return describe(event); });
            }]);
        } catch (e) {
            // no event target here
        }
    }

    function one(v) {
        var out = new Out();
        format(out, v, 0, null, true);
        return out.text;
    }

    listen('error', function (event) {
        var error = attempt(function () { return event.error; }, undefined);
        var text = error !== undefined && error !== null ? one(error) : one(attempt(function () { return event.message; }, ''));
        var file = attempt(function () { return event.filename; }, '');
        var line = attempt(function () { return event.lineno; }, 0);
        var column = attempt(function () { return event.colno; }, 0);
        var where = typeof file === 'string' && file !== ''
            ? ' (' + file + ':' + (typeof line === 'number' ? line : 0) + ':' + (typeof column === 'number' ? column : 0) + ')'
            : '';
        // The location goes after the first line, before a stack.
        var end = call(indexOf, text, ['\n']);
        return end < 0 ? 'Uncaught ' + text + where
            : 'Uncaught ' + call(slice, text, [0, end]) + where + call(slice, text, [end]);
    });
    listen('unhandledrejection', function (event) {
        return 'Unhandled rejection: ' + one(attempt(function () { return event.reason; }, undefined));
    });
})

"""#),
RuntimeSource(name: "wvjb-shim.js", body: #"""
// bridgegen WebViewJavascriptBridge shim v1 (Runtime/JavaScript/wvjb-shim.js, docs/ANDROID.md "Legacy pages")
// A document-start script of the Android glue for the callback transport, added with the
// message listener's own origin rules, so only frames that get the listener's object get it.
// Pages written for seed 001's protocol call WebViewJavascriptBridge.callHandler(channel,
// payload, callback), the JsBridge surface Android shells have offered them. This carries each
// call over the listener's object as a callback-transport message with a callbackName of its
// own and hands the callback the envelope's JSON text exactly as native wrote it. This file is
// one function expression of the object's and the channel's names; the Kotlin runtime
// (BridgeAndroid) calls it with string literals, so no other text reaches the script. It takes
// the builtins it needs before any page script runs. The ArkTS runtime (BridgeArkWeb) adds a
// third argument, "deliver": its object answers through a page function passed with each post
// (postMessage(text, deliver)) and dispatches no message events.
(function (objectName, channel, port) {
    'use strict';
    var g = globalThis;
    var object = g[objectName];
    // A frame with no object has no bridge; a second copy of the script leaves the first in place.
    if (!object || typeof object.postMessage !== 'function' || g.WebViewJavascriptBridge) return;
    var post = object.postMessage;
    var stringify = JSON.stringify;
    var toStr = String;
    var slice = String.prototype.slice;
    var indexOf = String.prototype.indexOf;
    var charAt = String.prototype.charAt;
    var setTimer = g.setTimeout;
    var MapCtor = Map;
    var mapGet = Map.prototype.get;
    var mapSet = Map.prototype.set;
    var mapDelete = Map.prototype['delete'];
    // Distinct from the generated client's __bg_cb_ names, whose answers come through the same object.
    var PREFIX = '__bg_wvjb_';
    // The answer frame as native writes it: {"answer":"<callbackName>","envelope":<envelope>}.
    var ANSWER = '{"answer":"' + PREFIX;
    var ENVELOPE = '","envelope":';
    var pending = new MapCtor();
    var next = 0;
    var initialized = false;

    function isSpace(c) {
        return c === ' ' || c === '\t' || c === '\n' || c === '\r';
    }

    // The page's payload text with the callbackName spliced in front of its first key, so native
    // reads the page's own text (integers beyond 2^53, duplicate keys and all) and refuses what
    // is not an object exactly as it refuses any message, answering this call's callback.
    function messageText(payload, name) {
        var text = typeof payload === 'string' ? payload : payload === undefined || payload === null ? '{}' : stringify(payload);
        if (typeof text !== 'string') text = '{}';
        if (name === undefined) return text;
        var head = '{"callbackName":"' + name + '"';
        var i = 0;
        while (i < text.length && isSpace(charAt.call(text, i))) i += 1;
        if (charAt.call(text, i) !== '{') return head + ',' + text;
        var j = i + 1;
        while (j < text.length && isSpace(charAt.call(text, j))) j += 1;
        return head + (charAt.call(text, j) === '}' ? '' : ',') + slice.call(text, i + 1);
    }

    function onMessage(event) {
        var text = event ? event.data : undefined;
        if (typeof text !== 'string' || slice.call(text, 0, ANSWER.length) !== ANSWER) return;
        var end = indexOf.call(text, '"', ANSWER.length);
        if (end < 0 || slice.call(text, end, end + ENVELOPE.length) !== ENVELOPE || charAt.call(text, text.length - 1) !== '}') return;
        var name = PREFIX + slice.call(text, ANSWER.length, end);
        var callback = mapGet.call(pending, name);
        if (callback === undefined) return;
        mapDelete.call(pending, name);
        callback(slice.call(text, end + ENVELOPE.length, text.length - 1));
    }

    var deliver;
    if (port === 'deliver') {
        // Answers come as the frames a message event carries elsewhere: nothing to listen to.
        deliver = function (frame) { onMessage({ data: frame }); };
    } else if (typeof object.addEventListener === 'function') {
        object.addEventListener('message', onMessage);
    } else {
        var previous = object.onmessage;
        object.onmessage = function (event) {
            onMessage(event);
            if (typeof previous === 'function') previous.call(this, event);
        };
    }

    function callHandler(handlerName, data, responseCallback) {
        if (typeof data === 'function' && responseCallback === undefined) {
            responseCallback = data;
            data = undefined;
        }
        var callback = typeof responseCallback === 'function' ? responseCallback : undefined;
        if (handlerName !== channel) {
            // Native has one handler, the channel: say so at once rather than never answer.
            var message = 'no native handler is named ' + stringify(toStr(handlerName)) + ': this app answers ' + stringify(channel);
            if (callback) setTimer(function () { callback(stringify({ errcode: -1, errmsg: message, data: null })); }, 0);
            return;
        }
        var name;
        if (callback) {
            next += 1;
            name = PREFIX + next;
        }
        var text = messageText(data, name);
        if (name !== undefined) mapSet.call(pending, name, callback);
        try {
            if (deliver !== undefined) post.call(object, text, deliver);
            else post.call(object, text);
        } catch (error) {
            if (name !== undefined) mapDelete.call(pending, name);
            throw error;
        }
    }

    // Native -> page calls go through the generated client's page methods (docs/WIRE.md, "Page
    // calls"), so registerHandler's handlers and init's default handler are accepted and never called.
    var bridge = {
        init: function () {
            if (initialized) throw new Error('WebViewJavascriptBridge.init called twice');
            initialized = true;
        },
        callHandler: callHandler,
        registerHandler: function () {},
        send: function (data, responseCallback) {
            callHandler(channel, data, responseCallback);
        },
    };
    g.WebViewJavascriptBridge = bridge;

    // JsBridge announced itself when the page had loaded; pages that wait for the event rather
    // than test for the object get it then, and the functions queued in WVJBCallbacks run.
    function ready() {
        var doc = g.document;
        if (doc && typeof doc.createEvent === 'function') {
            var event = doc.createEvent('Events');
            event.initEvent('WebViewJavascriptBridgeReady');
            event.bridge = bridge;
            doc.dispatchEvent(event);
        }
        var queued = g.WVJBCallbacks;
        g.WVJBCallbacks = undefined;
        if (!queued || typeof queued.length !== 'number') return;
        for (var k = 0; k < queued.length; k += 1) {
            var fn = queued[k];
            if (typeof fn !== 'function') continue;
            try {
                fn(bridge);
            } catch (error) {
                setTimer(function () { throw error; }, 0);
            }
        }
    }
    if (typeof g.addEventListener === 'function') g.addEventListener('load', ready, { once: true });
})

"""#),
    ]
}
