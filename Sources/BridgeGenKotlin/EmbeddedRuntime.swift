// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/Kotlin as its
// embedding.json says. Do not edit: edit those files and run the script; the tests fail while
// this file is stale. Each runtime file whole, with the lines of its access keyword (see
// Runtime/README.md), then the page scripts the runtime prints as constants.

import BridgeGenCore

enum EmbeddedRuntime {
    /// The runtime files, by name.
    static let files: [RuntimeSource] = [
RuntimeSource(name: "Android.kt", firstLine: 19, modifier: "public ", accessLines: [20, 29], body: #"""
/** Why [BridgeAndroid.install] refused: a missing WebView feature, a policy no origin rule can say, a WebView that has a bridge. */
public class BridgeInstallException(message: String) : Exception(message)

/**
 * The Android glue (docs/ANDROID.md): one `WebViewCompat.addWebMessageListener` per channel,
 * injected only into frames whose origin matches the policy's rules, every message checked
 * again natively, answers through the sending frame's `JavaScriptReplyProxy`, page calls
 * through `evaluateJavascript`. Never `addJavascriptInterface`. Call everything on the
 * WebView's thread (the UI thread); the WebView's own checks throw elsewhere.
 */
public object BridgeAndroid {
    /** The listener names, `__bridgegen_<channel>`, as the page's client looks them up. */
    public const val OBJECT_PREFIX: String = "__bridgegen_"

    // Weak both ways: the WebView owns its listeners and they own the session, so nothing here
    // keeps a WebView (or the Activity it holds) alive.
    private val installed = java.util.WeakHashMap<WebView, java.lang.ref.WeakReference<Installed>>()

    private class Installed(val session: BridgeSession, channels: List<String>, val rules: Set<String>, val pageLog: ((String) -> Unit)?) {
        /** The objects' names without the prefix: the module channels, and the console's when it forwards. */
        val listeners = ArrayList(channels)
        /** The legacy pages' shim (callback transport) and the console script, removed with the listeners. */
        val scripts = ArrayList<ScriptHandler>()
    }

    /**
     * The `allowedOriginRules` of `policy` (docs/ANDROID.md, "Origin rules"): `https://host`
     * per trusted host (port 443), `scheme://` per custom scheme. `file` adds none (file frames
     * report the origin "null", which no rule matches); a policy left with no rule throws.
     */
    public fun originRules(policy: BridgeOriginPolicy): Set<String> {
        val rules = java.util.TreeSet<String>()
        for (scheme in policy.trustedSchemes) {
            when (scheme) {
                "file" -> Unit
                "http", "https" -> throw BridgeInstallException(
                    "trustedSchemes cannot hold '$scheme' (it would trust every page on the web): list the hosts in trustedHosts")
                else -> rules.add("$scheme://")
            }
        }
        for (host in policy.trustedHosts) rules.add("https://$host")
        if (rules.isEmpty()) {
            throw BridgeInstallException(
                if ("file" in policy.trustedSchemes) {
                    "the policy trusts only 'file', and file pages report the origin \"null\", which no origin rule matches: serve bundled pages " +
                        "through WebViewAssetLoader (https://appassets.androidplatform.net) and trust that host"
                } else {
                    "the policy trusts no scheme and no host: no frame would get the bridge"
                },
            )
        }
        return rules
    }

    /**
     * Installs `modules` on `webView` (before `loadUrl`: frames get the objects from their next
     * navigation) and returns its session. `callbackChannel` is the shared channel of the
     * callback transport, or null for one channel per module; with it, legacy pages get
     * `window.WebViewJavascriptBridge` ([legacyScript]) in the frames the rules admit, which
     * needs `DOCUMENT_START_SCRIPT`. Handlers run in `scope`. With `console`, the page's console
     * reaches its sink (docs/ANDROID.md, "Console"): a document-start script and the listener
     * `__bridgegen_bridgegenConsole`, both for the rules' frames only; without
     * `DOCUMENT_START_SCRIPT` that is logged and left out, as a debugging aid must not fail an install.
     * With `debugBuild`, `log` also names each page no origin rule admits ([pageStarted]) and
     * says so when the WebView was loading a page before the install (that page has no bridge).
     * With `transfers`, requests' large `bytes` values cross as ArrayBuffer messages beside their
     * JSON (docs/ANDROID.md, "Large bytes values"), where the WebView has WEB_MESSAGE_ARRAY_BUFFER;
     * without that feature it is logged and every value stays inline base64.
     */
    public fun install(
        webView: WebView,
        modules: List<BridgeModule>,
        scope: CoroutineScope,
        policy: BridgeOriginPolicy,
        callbackChannel: String?,
        console: BridgeConsole? = null,
        debugBuild: Boolean = false,
        transfers: BridgeTransfers? = null,
        log: (String) -> Unit = {},
    ): BridgeSession {
        if (!WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)) {
            throw BridgeInstallException(
                "this WebView lacks WEB_MESSAGE_LISTENER (androidx.webkit's addWebMessageListener): update Android System WebView; " +
                    "bridgegen does not fall back to addJavascriptInterface, which exposes the bridge to every frame")
        }
        if (callbackChannel != null && !WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
            throw BridgeInstallException(
                "this WebView lacks DOCUMENT_START_SCRIPT (androidx.webkit's addDocumentStartJavaScript), which the callback transport needs " +
                    "to give legacy pages window.WebViewJavascriptBridge: update Android System WebView")
        }
        if (installed[webView]?.get() != null) throw BridgeInstallException("a bridge is installed on this WebView: uninstall it first")
        val rules = originRules(policy)
        val session = BridgeSession(callbackChannel, policy, scope, log)
        if (transfers != null) {
            if (WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)) {
                session.transfers = transfers
            } else {
                log("large bytes values stay inline base64: this WebView lacks WEB_MESSAGE_ARRAY_BUFFER (update Android System WebView)")
            }
        }
        for (module in modules) {
            if (!session.install(module)) throw BridgeInstallException("two modules are named '${module.moduleName}'")
        }
        val view = java.lang.ref.WeakReference(webView)
        session.evaluator = { script ->
            val target = view.get() ?: throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the WebView is gone")
            target.evaluateJavascript(script, null)
        }
        val channels = session.channels
        // The listeners hold `install`, which the map holds weakly: it lives as long as the WebView's listeners.
        val install = Installed(session, channels, rules, log.takeIf { debugBuild })
        for ((index, channel) in channels.withIndex()) {
            try {
                WebViewCompat.addWebMessageListener(webView, OBJECT_PREFIX + channel, rules) { _, message, sourceOrigin, isMainFrame, replyProxy ->
                    receive(install.session, channel, message, sourceOrigin, isMainFrame, replyProxy, log)
                }
            } catch (error: IllegalArgumentException) {
                for (added in channels.subList(0, index)) WebViewCompat.removeWebMessageListener(webView, OBJECT_PREFIX + added)
                throw BridgeInstallException("the WebView refused the listener '$OBJECT_PREFIX$channel': ${error.message}")
            }
        }
        if (callbackChannel != null) {
            install.scripts.add(WebViewCompat.addDocumentStartJavaScript(webView, legacyScript(callbackChannel), rules))
        }
        if (console != null) installConsole(webView, install, console, policy, rules, log)
        installed[webView] = java.lang.ref.WeakReference(install)
        // The objects reach frames from their next navigation: a page already loading has none.
        if (debugBuild && webView.url?.startsWith("about:") == false) {
            log("installed after the WebView started loading a page: that page has no bridge until it navigates again; install before loadUrl")
        }
        return session
    }

    private fun installConsole(webView: WebView, install: Installed, console: BridgeConsole, policy: BridgeOriginPolicy, rules: Set<String>, log: (String) -> Unit) {
        if (!WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
            return log("console forwarding is off: this WebView lacks DOCUMENT_START_SCRIPT (androidx.webkit's addDocumentStartJavaScript)")
        }
        val receiver = BridgeConsoleReceiver(console, policy, log)
        WebViewCompat.addWebMessageListener(webView, OBJECT_PREFIX + BridgeConsole.CHANNEL, rules) { _, message, sourceOrigin, isMainFrame, _ ->
            val text = text(message)
            if (text == null) {
                log("refused a console message: the body is not an object")
            } else {
                receiver.receive(text, origin(sourceOrigin, isMainFrame))
            }
        }
        install.listeners.add(BridgeConsole.CHANNEL)
        install.scripts.add(WebViewCompat.addDocumentStartJavaScript(webView, console.script, rules))
    }

    /**
     * The document-start script that gives legacy pages `window.WebViewJavascriptBridge` over
     * the callback channel's object (Runtime/JavaScript/wvjb-shim.js, called with the names as
     * literals): `callHandler(channel, payload, callback)` posts the callback transport's
     * message and hands `callback` the envelope's JSON text, as seed 001's pages expect.
     */
    public fun legacyScript(callbackChannel: String): String =
        BridgeLegacyScript.SOURCE + "(" + BridgeJavaScript.stringLiteral(OBJECT_PREFIX + callbackChannel) + ", " +
            BridgeJavaScript.stringLiteral(callbackChannel) + ");\n"

    private fun receive(
        session: BridgeSession, channel: String, message: WebMessageCompat, sourceOrigin: Uri, isMainFrame: Boolean,
        replyProxy: JavaScriptReplyProxy, log: (String) -> Unit,
    ) {
        if (message.type == WebMessageCompat.TYPE_ARRAY_BUFFER) {
            return session.receive(channel, message.arrayBuffer, origin(sourceOrigin, isMainFrame), ProxyFrame(replyProxy))
        }
        val text = text(message)
        if (text == null) return log("refused a message on '$channel' that is not a string (the bridge's messages are JSON text): nothing is answered")
        session.receive(channel, text, origin(sourceOrigin, isMainFrame), ProxyFrame(replyProxy))
    }

    /** A message's JSON text; null for an ArrayBuffer (a binary frame, or a console message that is not text). */
    private fun text(message: WebMessageCompat): String? = if (message.type == WebMessageCompat.TYPE_STRING) message.data else null

    // File and content frames report the origin "null": no scheme, no host, which the policy refuses.
    private fun origin(sourceOrigin: Uri, isMainFrame: Boolean) =
        BridgeOrigin(sourceOrigin.scheme ?: "", sourceOrigin.host ?: "", sourceOrigin.port, isMainFrame)

    /** A frame's reply proxy: one per (frame, object), so frames are equal when their proxies are the same. */
    private class ProxyFrame(private val proxy: JavaScriptReplyProxy) : BridgeFrame {
        override fun post(text: String) = proxy.postMessage(text)

        override fun post(bytes: ByteArray) = proxy.postMessage(bytes)

        override fun equals(other: Any?): Boolean = other is ProxyFrame && other.proxy === proxy

        override fun hashCode(): Int = System.identityHashCode(proxy)
    }

    /** The session installed on `webView`, or null. */
    public fun session(webView: WebView): BridgeSession? = installed[webView]?.get()?.session

    /**
     * Stops delivery (`removeWebMessageListener`; the page keeps the objects, and a legacy
     * page its `WebViewJavascriptBridge`, until it navigates): requests in flight are answered `handlerUnavailable`, page calls fail `pageNotLoaded`.
     */
    public fun uninstall(webView: WebView) {
        val install = installed.remove(webView)?.get() ?: return
        for (listener in install.listeners) WebViewCompat.removeWebMessageListener(webView, OBJECT_PREFIX + listener)
        for (script in install.scripts) script.remove()
        install.session.evaluator = null
        install.session.transfers?.clear()
        install.session.transfers = null
        for (module in install.session.moduleNames) install.session.uninstall(module)
    }

    /**
     * From `WebViewClient.onPageStarted(view, url, favicon)`, with its `url`: the page's clients
     * are gone until they say `$hello` again; its streams are cancelled. With the install's
     * `debugBuild`, a page whose origin no rule admits is named in the log with the
     * `bridgegen.yaml` key that would admit it: such a page gets no object, so nothing else
     * would say why it has no bridge.
     */
    public fun pageStarted(webView: WebView, url: String? = null) {
        val install = installed[webView]?.get() ?: return
        install.session.pageStarted()
        val log = install.pageLog ?: return
        if (url != null) PageOrigins.unadmitted(url, install.rules, install.session.channels.map { OBJECT_PREFIX + it })?.let(log)
    }

    /**
     * From `WebViewClient.onRenderProcessGone` (return true from it, then destroy the WebView):
     * requests are cancelled, page calls fail `processTerminated`.
     */
    public fun renderProcessGone(webView: WebView) {
        session(webView)?.renderProcessGone()
    }

    /**
     * A main frame's page as `WebViewClient.onPageStarted` reports it. A frame whose origin no
     * `allowedOriginRules` entry matches never gets the listeners' objects, so nothing it does
     * reaches native and nothing else would say why: this says it, naming the origin and the
     * `bridgegen.yaml` key that would admit it, or why none can.
     */
    private object PageOrigins {
        /** Schemes whose pages report the origin "null", which no rule but `*` matches. */
        private val opaque = setOf("file", "content", "data", "blob", "javascript")

        /**
         * The log line for the page at `url`, or null when `rules` admit it. `about:` pages (a blank
         * WebView) have nothing to bridge and are not reported. `objects` are the listeners' names.
         */
        fun unadmitted(url: String, rules: Set<String>, objects: List<String>): String? {
            val uri = Uri.parse(url)
            val scheme = uri.scheme?.lowercase() ?: return null
            if (scheme == "about") return null
            val host = uri.host?.lowercase() ?: ""
            val port = uri.port
            if (admits(rules, scheme, host, port)) return null
            val nullOrigin = scheme in opaque || (host.isEmpty() && (scheme == "http" || scheme == "https"))
            val page = when {
                nullOrigin -> "a $scheme: page (origin \"null\")"
                port == -1 -> "the page at " + JsonValue.Text("$scheme://$host").jsonText
                else -> "the page at " + JsonValue.Text("$scheme://$host:$port").jsonText
            }
            return "$page has no bridge: no origin rule (${rules.joinToString(", ")}) admits it, so the WebView gives it no " +
                objects.joinToString(", ") { "window.$it" } + " and its client reports inApp false; " +
                if (nullOrigin) "serve bundled pages through WebViewAssetLoader ($ASSETS) and $ADMIT_ASSETS" else advice(rules, scheme, host, port)
        }

        /** What the WebView does with `rules` (docs/ANDROID.md, "Origin rules"): a custom scheme's rule has no host; https means port 443. */
        private fun admits(rules: Set<String>, scheme: String, host: String, port: Int): Boolean {
            if (scheme in opaque || scheme == "http") return false
            if (scheme != "https") return "$scheme://" in rules
            if ((port != -1 && port != 443) || host.isEmpty()) return false
            return rules.any { rule ->
                val pattern = rule.removePrefix("https://")
                pattern != rule && (pattern == host || (pattern.startsWith("*.") && host.endsWith(pattern.substring(1)) && host.length > pattern.length - 1))
            }
        }

        private fun advice(rules: Set<String>, scheme: String, host: String, port: Int): String = when {
            scheme == "http" ->
                "http pages never get the bridge (an http rule would give it to anyone on the network path): serve the page over https, " +
                    "or bundle it and serve it through WebViewAssetLoader ($ASSETS)"
            scheme != "https" -> "admit it with origin.trustedSchemes: [$scheme] $WHERE"
            port == -1 || port == 443 -> "admit it with origin.trustedHosts: [$host] $WHERE"
            // origin.trustedHosts takes no port, and a rule without one means 443 on Android (any port on iOS).
            admits(rules, scheme, host, -1) -> "Android's origin rules admit https pages on port 443 only: serve the page there"
            else -> "Android's origin rules admit https pages on port 443 only: serve the page there, and admit it with origin.trustedHosts: [$host] $WHERE"
        }

        private const val ASSETS = "https://appassets.androidplatform.net"
        private const val WHERE = "in bridgegen.yaml (or in the install's policy)"
        private const val ADMIT_ASSETS = "admit them with origin.trustedHosts: [appassets.androidplatform.net] $WHERE"
    }
}

"""#, imports: ["android.net.Uri", "android.webkit.WebView", "androidx.webkit.JavaScriptReplyProxy", "androidx.webkit.ScriptHandler", "androidx.webkit.WebMessageCompat", "androidx.webkit.WebViewCompat", "androidx.webkit.WebViewFeature", "kotlinx.coroutines.CoroutineScope"]),
RuntimeSource(name: "Caller.kt", firstLine: 10, modifier: "public ", accessLines: [18], body: #"""
/**
 * The frame whose message a handler is running for: its origin and whether it is the main
 * frame, as the origin policy saw them. No handler signature carries it: read
 * [BridgeCaller.current] in a handler, a send's (on the WebView's thread) or a request's (in
 * its coroutine, on whatever thread it resumes); it is null outside a handler. The policy has
 * already admitted the frame; a handler that must be stricter for one method (a payment from
 * the main frame only) checks [isMainFrame] here. The Swift side's `BridgeCaller.current`.
 */
public data class BridgeCaller(
    /** The origin's scheme (`https`, `app`). */
    val scheme: String,
    /** The origin's host; empty for origins that have none. */
    val host: String,
    /** The origin's port; 0 for the scheme's default. */
    val port: Int,
    /** Whether the message came from the main frame (not an iframe). */
    val isMainFrame: Boolean,
) {
    internal constructor(origin: BridgeOrigin) : this(origin.scheme, origin.host, maxOf(origin.port, 0), origin.isMainFrame)

    /** `https://example.com:8443, main frame` (the port only when there is one). */
    override fun toString(): String = "$scheme://$host${if (port == 0) "" else ":$port"}, ${if (isMainFrame) "main frame" else "subframe"}"

    public companion object {
        private val running = ThreadLocal<BridgeCaller?>()

        /** The caller of the handler running now; null outside a handler. */
        public val current: BridgeCaller? get() = running.get()

        /** Runs a send's handler (and starts a request's coroutine) with `caller` as [current]. */
        internal fun <T> during(caller: BridgeCaller?, body: () -> T): T = running.bound(caller, body)

        /** [current] inside a request's coroutine, wherever it resumes. */
        internal fun element(caller: BridgeCaller?): kotlin.coroutines.CoroutineContext = running.asContextElement(caller)
    }
}

/** Runs `block` with this thread-local holding `value`, then puts back what it held before. */
internal inline fun <V, R> ThreadLocal<V>.bound(value: V, block: () -> R): R {
    val before = get()
    set(value)
    try {
        return block()
    } finally {
        set(before)
    }
}

"""#, imports: ["kotlinx.coroutines.asContextElement"]),
RuntimeSource(name: "Console.kt", firstLine: 9, modifier: "public ", accessLines: [10, 20, 36, 87], body: #"""
/** The level of a console message the page forwarded (docs/WIRE.md, "Console forwarding"). */
public enum class BridgeConsoleLevel(public val wireName: String) {
    LOG("log"), INFO("info"), WARN("warn"), ERROR("error");

    public companion object {
        /** The level of a wire name, or null. */
        public fun of(wireName: String): BridgeConsoleLevel? = entries.firstOrNull { it.wireName == wireName }
    }
}

/** `console.forward` of bridgegen.yaml: in debug builds only (the app says which it is), always, or never. */
public enum class BridgeConsoleForward {
    DEBUG, ALWAYS, NEVER;

    /** Whether a build forwards the console; `debugBuild` is the app's `BuildConfig.DEBUG`. */
    public fun forwards(debugBuild: Boolean): Boolean = when (this) {
        DEBUG -> debugBuild
        ALWAYS -> true
        NEVER -> false
    }
}

/**
 * Console forwarding for one WebView (docs/ANDROID.md, "Console"): the page's console script,
 * the limits it and the receiver apply, and where the checked messages go (`sink`, by default
 * the install's log as [line]s).
 */
public class BridgeConsole(
    public val maxMessageLength: Int,
    public val maxMessagesPerSecond: Int,
    public val sink: (BridgeConsoleLevel, String) -> Unit,
) {
    /** The document-start script (Runtime/JavaScript/console-forward.js) called with the limits: numbers are the only text added to it. */
    public val script: String get() = BridgeConsoleScript.SOURCE + "($maxMessageLength, $maxMessagesPerSecond);\n"

    public companion object {
        /** The channel the script posts `{level, message}` to, as `window.__bridgegen_bridgegenConsole`. */
        public const val CHANNEL: String = "bridgegenConsole"

        /**
         * `[H5] <level>: <message>` as one line: the message is the page's text, so its line
         * breaks and other control characters are written as escapes (`\n`, `\u{1B}`) and cannot
         * start a line that looks like another log entry.
         */
        public fun line(level: BridgeConsoleLevel, message: String): String {
            val out = StringBuilder("[H5] ").append(level.wireName).append(": ")
            var index = 0
            while (index < message.length) {
                val scalar = message.codePointAt(index)
                index += Character.charCount(scalar)
                when {
                    scalar == 0x0A -> out.append("\\n")
                    scalar == 0x0D -> out.append("\\r")
                    scalar == 0x09 -> out.append('\t')
                    scalar < 0x20 || scalar in 0x7F until 0xA0 || scalar == 0x2028 || scalar == 0x2029 ->
                        out.append("\\u{").append(Integer.toHexString(scalar).uppercase()).append('}')
                    else -> out.appendCodePoint(scalar)
                }
            }
            return out.toString()
        }

        /** At most `limit` UTF-16 units, never half of a surrogate pair. */
        public fun cut(text: String, limit: Int): String {
            if (text.length <= limit) return text
            val end = if (limit > 0 && Character.isHighSurrogate(text[limit - 1])) limit - 1 else limit
            return text.substring(0, end)
        }
    }
}

/**
 * The native end of console forwarding. What arrives on `bridgegenConsole` is untrusted: any
 * frame the origin rules admit may post anything there. Each message is counted against a rate
 * limit, checked against the origin policy, must be `{level, message}` JSON text with a known
 * level and a string message, is cut to the length limit again, and only then reaches the sink.
 * The Swift receiver's checks and log lines.
 */
public class BridgeConsoleReceiver(
    private val console: BridgeConsole,
    private val policy: BridgeOriginPolicy,
    private val log: (String) -> Unit,
    private val clockNanos: () -> Long = System::nanoTime,
) {
    private var windowStart: Long? = null
    private var inWindow = 0
    private var dropped = 0

    /** One message the page posted on `bridgegenConsole`. */
    public fun receive(text: String, origin: BridgeOrigin) {
        val now = clockNanos()
        val start = windowStart
        if (start == null || now - start >= 1_000_000_000L) {
            if (dropped > 0) log("dropped $dropped console messages: more than ${limit()} a second")
            windowStart = now
            inWindow = 0
            dropped = 0
        }
        if (inWindow >= limit()) {
            dropped += 1
            return
        }
        inWindow += 1
        if (!policy.allows(origin)) return log("refused a console message from ${policy.refusal(origin)}")
        val body = BridgeIncoming.read(text).message ?: return log("refused a console message: the body is not an object")
        val level = (body["level"] as? JsonValue.Text)?.let { BridgeConsoleLevel.of(it.value) }
            ?: return log("refused a console message: level is not one of log, info, warn, error")
        val message = (body["message"] as? JsonValue.Text)?.value
            ?: return log("refused a console message: message is not a string")
        console.sink(level, BridgeConsole.cut(message, console.maxMessageLength))
    }

    // The script's one-second windows and native's are not aligned, so one native second can hold two of the script's.
    private fun limit() = console.maxMessagesPerSecond * RATE_FACTOR

    private companion object {
        const val RATE_FACTOR = 2
    }
}

"""#),
RuntimeSource(name: "Decoding.kt", firstLine: 7, modifier: "public ", accessLines: [11, 205], body: #"""
/**
 * Decoding of the values [BridgeIncoming] read, with the Swift runtime's messages, for
 * example `params.items[2].id: expected int, got string`. A null `value` is a missing key.
 */
public object BridgeDecode {
    /** What a value is, in the words of error messages. */
    public fun describe(value: JsonValue?): String = when (value) {
        null -> "nothing"
        JsonValue.Null -> "null"
        is JsonValue.Text -> "string"
        is JsonValue.Bool -> "bool"
        is JsonValue.Integer -> "int"
        is JsonValue.Real -> if (isIntegral(value.value)) "int" else "number"
        is JsonValue.Array -> "array"
        is JsonValue.Object -> "object"
    }

    private fun isIntegral(value: Double): Boolean = value.isFinite() && Math.floor(Math.abs(value)) == Math.abs(value)

    public fun mismatch(path: BridgePath, expected: String, got: JsonValue?): BridgeError =
        if (got == null) BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: missing required $expected")
        else BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected $expected, got ${describe(got)}")

    private fun outside(path: BridgePath) =
        BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected int, got an integer outside +-(2^53-1)")

    public fun isNull(value: JsonValue?): Boolean = value == null || value == JsonValue.Null

    public fun string(value: JsonValue?, path: BridgePath): String =
        (value as? JsonValue.Text)?.value ?: throw mismatch(path, "string", value)

    public fun int(value: JsonValue?, path: BridgePath): Long = when (value) {
        is JsonValue.Integer -> if (value.value in -BridgeLimits.MAX_SAFE_INTEGER..BridgeLimits.MAX_SAFE_INTEGER) value.value else throw outside(path)
        is JsonValue.Real -> when {
            !isIntegral(value.value) -> throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected int, got a non-integral number")
            Math.abs(value.value) > BridgeLimits.MAX_SAFE_INTEGER.toDouble() -> throw outside(path)
            else -> value.value.toLong()
        }
        else -> throw mismatch(path, "int", value)
    }

    /** Any finite number, integers of any size included (the nearest double). */
    public fun double(value: JsonValue?, path: BridgePath): Double = when (value) {
        is JsonValue.Integer -> value.value.toDouble()
        is JsonValue.Real -> value.value
        else -> throw mismatch(path, "double", value)
    }

    /** A boolean; the integers 0 and 1 are accepted, as WebKit's NSNumber makes the Swift side accept them. */
    public fun bool(value: JsonValue?, path: BridgePath): Boolean = when {
        value is JsonValue.Bool -> value.value
        value is JsonValue.Integer && (value.value == 0L || value.value == 1L) -> value.value == 1L
        value is JsonValue.Real && (value.value == 0.0 || value.value == 1.0) -> value.value == 1.0
        value is JsonValue.Integer || value is JsonValue.Real -> throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bool, got ${describe(value)}")
        else -> throw mismatch(path, "bool", value)
    }

    /**
     * Binary data as strict base64 (RFC 4648's alphabet, padded, no white space, no bits set
     * after the data), of at most [BridgeLimits.MAX_BYTES_LENGTH] bytes. In a message that
     * carries values beside it (`$bytes`), `{"$bytes": i}` is the i-th of them.
     */
    public fun bytes(value: JsonValue?, path: BridgePath): ByteArray {
        BridgeAttachments.resolve(value)?.let { return it }
        val text = (value as? JsonValue.Text)?.value ?: throw mismatch(path, "bytes (base64)", value)
        val length = BridgeBase64.decodedLength(text)
        if (length > BridgeLimits.MAX_BYTES_LENGTH) {
            throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bytes of at most ${BridgeLimits.MAX_BYTES_LENGTH}, got $length")
        }
        return BridgeBase64.decode(text)
            ?: throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bytes (base64), got a string that is not base64: ${BridgeBase64.flaw(text)}")
    }

    public fun obj(value: JsonValue?, path: BridgePath): Map<String, JsonValue> =
        (value as? JsonValue.Object)?.members ?: throw mismatch(path, "object", value)

    public fun array(value: JsonValue?, path: BridgePath): List<JsonValue> =
        (value as? JsonValue.Array)?.values ?: throw mismatch(path, "array", value)

    /** Any JSON value (IDL `any`): `null` is a value, only a missing key is an error. Integral doubles within 2^53 become integers. */
    public fun json(value: JsonValue?, path: BridgePath): JsonValue = when (value) {
        null -> throw mismatch(path, "value", null)
        is JsonValue.Real ->
            if (isIntegral(value.value) && Math.abs(value.value) <= BridgeLimits.MAX_SAFE_INTEGER.toDouble()) JsonValue.Integer(value.value.toLong())
            else value
        is JsonValue.Array -> JsonValue.Array(list(value, path, ::json))
        // The page's client cannot tell an `any` position from a `bytes` one, so a large
        // Uint8Array in an `any` value crosses beside the message too: it becomes the base64 text it would have been inline.
        is JsonValue.Object -> BridgeAttachments.resolve(value)?.let { JsonValue.Text(BridgeBase64.encode(it)) } ?: JsonValue.Object(map(value, path, ::json))
        else -> value
    }

    public fun <T> list(value: JsonValue?, path: BridgePath, element: (JsonValue?, BridgePath) -> T): List<T> =
        array(value, path).mapIndexed { index, item -> element(item, path.index(index)) }

    /** A map, its keys decoded in Swift's order, so the first failure reported is the same one. */
    public fun <T> map(value: JsonValue?, path: BridgePath, element: (JsonValue?, BridgePath) -> T): Map<String, T> {
        val members = obj(value, path)
        val result = LinkedHashMap<String, T>(members.size)
        for (key in JsonWriter.sortedKeys(members.keys)) result[key] = element(members[key], path.key(key))
        return result
    }

    /** A value that may be absent or null. */
    public fun <T> optional(value: JsonValue?, path: BridgePath, wrapped: (JsonValue?, BridgePath) -> T): T? =
        if (isNull(value)) null else wrapped(value, path)

    /**
     * The decoder of a list whose elements [element] decodes: what generated code passes for
     * `list<T>` (`BridgeDecode.list(BridgeDecode::string)`), nested as deep as the type.
     */
    public fun <T> list(element: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> List<T> =
        { value, path -> list(value, path, element) }

    /** The decoder of a map whose values [element] decodes, like `list(element)`. */
    public fun <T> map(element: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> Map<String, T> =
        { value, path -> map(value, path, element) }

    /** The decoder of a value that may be absent or null, like `list(element)`. */
    public fun <T> optional(wrapped: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> T? =
        { value, path -> optional(value, path, wrapped) }

    /** A value with a schema default, used when the key is absent or null. */
    public fun <T> defaulted(value: JsonValue?, path: BridgePath, fallback: T, wrapped: (JsonValue?, BridgePath) -> T): T =
        if (isNull(value)) fallback else wrapped(value, path)

    /** An enum case by its wire value; `entries` in schema order, as the message lists them. */
    public fun <E : Enum<E>> enumeration(value: JsonValue?, path: BridgePath, entries: List<E>, wire: (E) -> String): E {
        val expected = entries.joinToString(", ") { JsonValue.Text(wire(it)).jsonText }
        val raw = (value as? JsonValue.Text)?.value ?: throw mismatch(path, "one of $expected", value)
        return entries.firstOrNull { wire(it) == raw }
            ?: throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected one of $expected, got ${JsonValue.Text(raw).jsonText}")
    }

    /** A message's `data`: absent or null means no parameters. */
    public fun params(data: JsonValue?): Map<String, JsonValue> = if (isNull(data)) emptyMap() else obj(data, BridgePath("params"))

    /**
     * The members of an object being decoded, each read at its path (`path.key`): generated
     * decoders spell a field's key once. Keys the schema does not name are ignored.
     */
    public class Fields private constructor(private val members: Map<String, JsonValue>, private val path: BridgePath) {
        public constructor(value: JsonValue?, path: BridgePath) : this(obj(value, path), path)

        public fun <T> field(key: String, decode: (JsonValue?, BridgePath) -> T): T = decode(members[key], path.field(key))

        /** A field that may be absent or null. */
        public fun <T> optional(key: String, decode: (JsonValue?, BridgePath) -> T): T? =
            BridgeDecode.optional(members[key], path.field(key), decode)

        /** A field with a schema default, used when the key is absent or null. */
        public fun <T> defaulted(key: String, fallback: T, decode: (JsonValue?, BridgePath) -> T): T =
            BridgeDecode.defaulted(members[key], path.field(key), fallback, decode)

        /**
         * A union's tag (docs/WIRE.md, "Unions"): a string, read before the variant's fields;
         * absent or null, it is missing, since no variant can be chosen without it.
         */
        public fun tag(key: String): String {
            val value = members[key]
            return if (isNull(value)) throw mismatch(path.field(key), "string", null) else BridgeDecode.string(value, path.field(key))
        }

        /** The whole object, as `any` decodes it: what a union's unknown variant carries. */
        public val json: JsonValue.Object get() = JsonValue.Object(map(JsonValue.Object(members), path, BridgeDecode::json))

        public fun string(key: String): String = BridgeDecode.string(members[key], path.field(key))
        public fun int(key: String): Long = BridgeDecode.int(members[key], path.field(key))
        public fun double(key: String): Double = BridgeDecode.double(members[key], path.field(key))
        public fun bool(key: String): Boolean = BridgeDecode.bool(members[key], path.field(key))
        public fun bytes(key: String): ByteArray = BridgeDecode.bytes(members[key], path.field(key))

        // `defaulted` for the scalars, spelled as the schema reads: `bool("flag", default = false)`.
        public fun string(key: String, default: String): String = defaulted(key, default, BridgeDecode::string)
        public fun int(key: String, default: Long): Long = defaulted(key, default, BridgeDecode::int)
        public fun double(key: String, default: Double): Double = defaulted(key, default, BridgeDecode::double)
        public fun bool(key: String, default: Boolean): Boolean = defaulted(key, default, BridgeDecode::bool)

        public companion object {
            /** A message's `data` as the fields of `params` (absent or null: no parameters). */
            public fun params(data: JsonValue?): Fields = Fields(BridgeDecode.params(data), BridgePath("params"))

            /**
             * A page's rejection `data` as the fields of an application error (null: no fields,
             * what a page sends for an error that declares none or only optional ones).
             */
            public fun errorData(data: JsonValue): Fields =
                if (data == JsonValue.Null) Fields(emptyMap(), BridgePath("data")) else Fields(data, BridgePath("data"))
        }
    }
}

/**
 * `bytes` on the wire: standard base64 (RFC 4648, section 4), padded, as the Swift runtime
 * writes and reads it (docs/WIRE.md, "Bytes"). java.util.Base64 (Android API 26) decodes;
 * spelling the result again and comparing refuses what it lets through (missing padding, bits
 * set after the data), so both sides accept exactly the same texts.
 */
public object BridgeBase64 {
    public fun encode(bytes: ByteArray): String = java.util.Base64.getEncoder().encodeToString(bytes)

    /** The bytes of `text`, or null unless it is the one padded base64 spelling of them. */
    public fun decode(text: String): ByteArray? {
        if (text.length % 4 != 0) return null
        val bytes = try {
            java.util.Base64.getDecoder().decode(text)
        } catch (error: IllegalArgumentException) {
            return null
        }
        return if (encode(bytes) == text) bytes else null
    }

    /** How many bytes `text` stands for (by its length alone), to check the limit before decoding. */
    public fun decodedLength(text: String): Int {
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        return (text.length + 3) / 4 * 3 - padding
    }

    /** Why `text` is not strict base64, in the Swift runtime's words (run only when decoding failed). */
    public fun flaw(text: String): String {
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        for ((offset, c) in text.withIndex()) {
            val alphabet = c in 'A'..'Z' || c in 'a'..'z' || c in '0'..'9' || c == '+' || c == '/'
            if (!alphabet && !(c == '=' && offset >= text.length - padding)) return "character $offset is not in the base64 alphabet"
        }
        if (text.length % 4 != 0) return "its length ${text.length} is not a multiple of 4"
        return "its last character has bits set after the data"
    }
}

"""#),
RuntimeSource(name: "Encoding.kt", firstLine: 7, modifier: "public ", accessLines: [12], body: #"""
/**
 * Encoding of results and payloads into [JsonValue]s, with the Swift runtime's messages: a
 * non-finite double or an integer outside +-(2^53-1) fails with `internalError` at its path
 * (the app's bug, not the page's).
 */
public object BridgeEncode {
    /**
     * The members of an object being encoded, each at its path; null optionals are left out.
     * The counterpart of [BridgeDecode.Fields]: `BridgeEncode.Members(path).string("name", value.name).json`.
     */
    public class Members(private val path: BridgePath) {
        private val members = LinkedHashMap<String, JsonValue>()

        /** The object value. */
        public val json: JsonValue get() = JsonValue.Object(members)

        public fun <T> field(key: String, value: T, encode: (T, BridgePath) -> JsonValue): Members = apply {
            members[key] = encode(value, path.field(key))
        }

        /** A field left out when `value` is null. */
        public fun <T : Any> optional(key: String, value: T?, encode: (T, BridgePath) -> JsonValue): Members = apply {
            if (value != null) members[key] = encode(value, path.field(key))
        }

        public fun string(key: String, value: String): Members = apply { members[key] = JsonValue.Text(value) }
        public fun bool(key: String, value: Boolean): Members = apply { members[key] = JsonValue.Bool(value) }
        public fun bytes(key: String, value: ByteArray): Members = apply { members[key] = bytes(value, path.field(key)) }
        public fun int(key: String, value: Long): Members = apply { members[key] = int(value, path.field(key)) }
        public fun double(key: String, value: Double): Members = apply { members[key] = double(value, path.field(key)) }
    }

    // Every encoder takes a path, also where nothing can fail, so generated code passes any of them alike.
    public fun string(value: String, path: BridgePath): JsonValue = JsonValue.Text(value)

    public fun bool(value: Boolean, path: BridgePath): JsonValue = JsonValue.Bool(value)

    /**
     * Base64, or in a request's result for a page that takes binary frames (`BridgeTransfers`),
     * a reference to the value the answer posts beside it.
     */
    public fun bytes(value: ByteArray, path: BridgePath): JsonValue {
        val outgoing = BridgeAttachments.outgoing.get()
        if (outgoing != null && path.root == "result") outgoing.reference(value)?.let { return it }
        return JsonValue.Text(BridgeBase64.encode(value))
    }

    public fun int(value: Long, path: BridgePath): JsonValue {
        if (value !in -BridgeLimits.MAX_SAFE_INTEGER..BridgeLimits.MAX_SAFE_INTEGER) {
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "$path: int $value is outside +-(2^53-1)")
        }
        return JsonValue.Integer(value)
    }

    public fun double(value: Double, path: BridgePath): JsonValue {
        if (!value.isFinite()) {
            // Swift's spelling of the value, so both sides say the same.
            val sign = if (java.lang.Double.doubleToRawLongBits(value) < 0) "-" else ""
            val spelled = sign + if (value.isNaN()) "nan" else "inf"
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "$path: double $spelled is not finite")
        }
        return JsonValue.Real(value)
    }

    /** Any JSON value (IDL `any`), its numbers checked; members in key order, so the first failure is the same on every run. */
    public fun json(value: JsonValue, path: BridgePath): JsonValue = when (value) {
        is JsonValue.Integer -> int(value.value, path)
        is JsonValue.Real -> double(value.value, path)
        is JsonValue.Array -> JsonValue.Array(value.values.mapIndexed { index, element -> json(element, path.index(index)) })
        is JsonValue.Object -> map(value.members, path, ::json)
        else -> value
    }

    /** A union's unknown variant: the object it carries, its numbers checked, with `key` holding its tag. */
    public fun unknownVariant(tag: String, value: JsonValue.Object, key: String, path: BridgePath): JsonValue {
        val members = LinkedHashMap((json(value, path) as JsonValue.Object).members)
        members[key] = JsonValue.Text(tag)
        return JsonValue.Object(members)
    }

    public fun <T> list(values: List<T>, path: BridgePath, element: (T, BridgePath) -> JsonValue): JsonValue =
        JsonValue.Array(values.mapIndexed { index, value -> element(value, path.index(index)) })

    public fun <T> map(values: Map<String, T>, path: BridgePath, element: (T, BridgePath) -> JsonValue): JsonValue {
        val result = LinkedHashMap<String, JsonValue>(values.size)
        for (key in JsonWriter.sortedKeys(values.keys)) result[key] = element(values.getValue(key), path.key(key))
        return JsonValue.Object(result)
    }

    public fun <T : Any> optional(value: T?, path: BridgePath, wrapped: (T, BridgePath) -> JsonValue): JsonValue =
        if (value == null) JsonValue.Null else wrapped(value, path)

    /**
     * The encoder of a list whose elements [element] encodes: what generated code passes for
     * `list<T>` (`BridgeEncode.list(BridgeEncode::string)`), nested as deep as the type.
     */
    public fun <T> list(element: (T, BridgePath) -> JsonValue): (List<T>, BridgePath) -> JsonValue =
        { values, path -> list(values, path, element) }

    /** The encoder of a map whose values [element] encodes, like `list(element)`. */
    public fun <T> map(element: (T, BridgePath) -> JsonValue): (Map<String, T>, BridgePath) -> JsonValue =
        { values, path -> map(values, path, element) }

    /** The encoder of a value that may be null (encoded as null), like `list(element)`. */
    public fun <T : Any> optional(wrapped: (T, BridgePath) -> JsonValue): (T?, BridgePath) -> JsonValue =
        { value, path -> optional(value, path, wrapped) }
}

"""#),
RuntimeSource(name: "Incoming.kt", firstLine: 7, modifier: "public ", accessLines: [13, 81], body: #"""
/**
 * A message as the glue received it: JSON text from `WebMessageCompat.getData()`. Its size,
 * nesting depth, number of values and keys are checked against [BridgeLimits] by one pass without recursion
 * before anything parses it, and then a strict RFC 8259 reader (never org.json, which accepts
 * comments, single quotes and unquoted keys) builds the values.
 */
public class BridgeIncoming private constructor(
    /** The message object, or null when [error] says why not. */
    public val message: Map<String, JsonValue>?,
    public val error: BridgeError?,
    public val callbackName: CallbackName,
) {
    /** The `callbackName` a message carries (callback transport). */
    public sealed interface CallbackName {
        public data object Absent : CallbackName
        public data class Valid(val name: String) : CallbackName
        /** Not a string, too long, or cut off: the message is refused and nothing is answered. */
        public data class Invalid(val reason: String) : CallbackName
    }

    public companion object {
        internal val tooLarge = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message is larger than ${BridgeLimits.MAX_MESSAGE_BYTES} bytes of JSON")
        internal val tooDeep = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message nests deeper than ${BridgeLimits.MAX_DEPTH} levels")
        internal val tooMany = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message holds more than ${BridgeLimits.MAX_VALUES} values")
        internal val notJson = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message is not a JSON object string")

        /**
         * Reads `text`. With `parse` false only the callback name is read (a message from an
         * untrusted frame is not parsed). `data` names the top-level `data` in errors.
         */
        public fun read(text: String, parse: Boolean = true, data: String = "params"): BridgeIncoming {
            val bytes = Utf8.encode(text)
            val scan = BridgeTextScan(bytes, data)
            val scanned = callbackName(scan.callbackName)
            if (!parse) return BridgeIncoming(null, notJson, scanned)
            val problem = when {
                bytes.size > BridgeLimits.MAX_MESSAGE_BYTES -> tooLarge
                scan.deepest > BridgeLimits.MAX_DEPTH -> tooDeep
                scan.values > BridgeLimits.MAX_VALUES -> tooMany
                else -> scan.collision
            }
            if (problem != null) return BridgeIncoming(null, problem, scanned)
            val value = StrictJsonReader(bytes).readDocument() as? JsonValue.Object ?: return BridgeIncoming(null, notJson, scanned)
            return BridgeIncoming(value.members, null, callbackName(value.members["callbackName"]))
        }

        internal fun callbackName(value: JsonValue?): CallbackName = when (value) {
            null, JsonValue.Null -> CallbackName.Absent
            is JsonValue.Text -> if (value.value.length <= BridgeLimits.MAX_CALLBACK_NAME_LENGTH) CallbackName.Valid(value.value)
                else CallbackName.Invalid("longer than ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units")
            else -> CallbackName.Invalid("not a string")
        }

        internal fun callbackName(value: BridgeTextScan.Value): CallbackName = when (value) {
            BridgeTextScan.Value.Absent, BridgeTextScan.Value.Null -> CallbackName.Absent
            BridgeTextScan.Value.Other -> CallbackName.Invalid("not a string")
            BridgeTextScan.Value.Unclosed -> CallbackName.Invalid("the text ends inside it")
            is BridgeTextScan.Value.Str -> callbackName(JsonValue.Text(value.text))
        }

        /** Two keys of one object that differ only in Unicode normalization: the Swift side would merge them. */
        internal fun collision(path: BridgePath, first: String, second: String): BridgeError {
            val keys = listOf(first, second).sortedWith(JsonWriter::compareScalars)
            return BridgeError(BridgeErrorCode.INVALID_PARAMS,
                "$path: keys ${BridgeJavaScript.stringLiteral(keys[0])} and ${BridgeJavaScript.stringLiteral(keys[1])} differ only in Unicode normalization")
        }

        /** The path of the value under a message's top-level `key`: `data` is `params` (or what `data` names). */
        internal fun topLevelPath(key: String, data: String): BridgePath =
            if (key == "data") BridgePath(data) else BridgePath("message").member(key)
    }
}

/** JavaScript string literals that are pure ASCII, as the Swift runtime writes them. */
public object BridgeJavaScript {
    /** `text` as a double-quoted literal: `"` and `\` escaped, `<>&'` and all but printable ASCII as `\uXXXX`. */
    public fun stringLiteral(text: String): String {
        val out = StringBuilder(text.length + 2).append('"')
        for (c in text) {
            when (c) {
                '"', '\\' -> out.append('\\').append(c)
                '<', '>', '&', '\'' -> JsonWriter.appendEscape(c, out)
                in ' '..'~' -> out.append(c)
                else -> JsonWriter.appendEscape(c, out)
            }
        }
        return out.append('"').toString()
    }
}

/** UTF-8 with every lone surrogate as U+FFFD, as Swift's `String` holds page text (Java would write `?`). */
internal object Utf8 {
    fun encode(text: String): ByteArray {
        val out = java.io.ByteArrayOutputStream(text.length + 16)
        var i = 0
        while (i < text.length) {
            val c = text[i]
            var scalar = c.code
            if (Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1])) {
                scalar = Character.toCodePoint(c, text[i + 1])
                i += 1
            } else if (Character.isSurrogate(c)) {
                scalar = 0xFFFD
            }
            i += 1
            write(scalar, out)
        }
        return out.toByteArray()
    }

    /** Appends one scalar's UTF-8 bytes. */
    fun write(scalar: Int, out: java.io.ByteArrayOutputStream) {
        when {
            scalar < 0x80 -> out.write(scalar)
            scalar < 0x800 -> { out.write(0xC0 or (scalar shr 6)); out.write(0x80 or (scalar and 0x3F)) }
            scalar < 0x10000 -> { out.write(0xE0 or (scalar shr 12)); out.write(0x80 or (scalar shr 6 and 0x3F)); out.write(0x80 or (scalar and 0x3F)) }
            else -> {
                out.write(0xF0 or (scalar shr 18)); out.write(0x80 or (scalar shr 12 and 0x3F))
                out.write(0x80 or (scalar shr 6 and 0x3F)); out.write(0x80 or (scalar and 0x3F))
            }
        }
    }
}

/**
 * One pass over a message's JSON text, without recursion and without parsing it: how deep it
 * nests, how many values it holds, the first two keys of one object that differ only in
 * Unicode normalization, and the value of the top-level `callbackName`. Tolerant, so a malformed request's callback name can
 * still be read. The Swift runtime's `BridgeTextScan`, step for step.
 */
internal class BridgeTextScan(s: ByteArray, data: String) {
    sealed interface Value {
        data object Absent : Value
        data object Null : Value
        data class Str(val text: String) : Value
        data object Other : Value
        /** A string the text ends inside: only a prefix of the real name. */
        data object Unclosed : Value
    }

    var deepest: Int = 0
        private set
    /** How many values the text holds (keys not counted), at most [BridgeLimits.MAX_VALUES] + 1. */
    var values: Int = 0
        private set
    var collision: BridgeError? = null
        private set
    var callbackName: Value = Value.Absent
        private set

    private class Container(val isObject: Boolean, val path: BridgePath, var expectsKey: Boolean) {
        var index = 0
        var key: String? = null
        var awaitsValue = false
        val keys = HashMap<String, String>()
    }

    init {
        val open = ArrayList<Container>()
        var beyond = 0
        var tracking = s.size <= BridgeLimits.MAX_MESSAGE_BYTES
        var inScalar = false  // inside a number or a literal, whose first byte was counted
        var i = 0
        // Counts a value; past the limit, keys are no longer collected (the message is refused).
        fun counted() {
            if (values > BridgeLimits.MAX_VALUES) return
            values += 1
            if (values > BridgeLimits.MAX_VALUES) tracking = false
        }
        fun topLevelCallbackValue(): Boolean =
            open.size == 1 && beyond == 0 && open[0].isObject && open[0].awaitsValue && open[0].key == "callbackName"

        while (i < s.size) {
            val byte = s[i].toInt() and 0xFF
            val scalarByte = inScalar
            inScalar = false
            when (byte) {
                0x22 -> {
                    var end = i + 1
                    var escaped = false
                    while (end < s.size && s[end].toInt() != 0x22) {
                        if (s[end].toInt() == 0x5C) {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    val start = i + 1
                    val stop = minOf(end, s.size)
                    val closed = end < s.size
                    i = end + 1
                    val isKey = beyond == 0 && open.isNotEmpty() && open.last().isObject && open.last().expectsKey
                    if (!isKey) counted()
                    if (beyond != 0 || open.isEmpty()) continue
                    val last = open[open.size - 1]
                    if (isKey) {
                        val key = text(s, start, stop, escaped)
                        last.key = key
                        last.expectsKey = false
                        if (tracking && collision == null) {
                            val normalized = java.text.Normalizer.normalize(key, java.text.Normalizer.Form.NFC)
                            val first = last.keys[normalized]
                            if (first != null && first != key) {
                                collision = BridgeIncoming.collision(last.path, first, key)
                                tracking = false
                            } else if (first == null) {
                                last.keys[normalized] = key
                            }
                        }
                    } else {
                        if (topLevelCallbackValue()) callbackName = if (closed) Value.Str(text(s, start, stop, escaped)) else Value.Unclosed
                        last.awaitsValue = false
                    }
                    continue
                }
                0x7B, 0x5B -> {
                    counted()
                    if (topLevelCallbackValue()) callbackName = Value.Other
                    if (open.size >= BridgeLimits.MAX_DEPTH) {
                        beyond += 1
                        deepest = maxOf(deepest, BridgeLimits.MAX_DEPTH + 1)
                        tracking = false
                    } else {
                        var path = BridgePath("message")
                        val parent = open.lastOrNull()
                        if (parent != null) {
                            path = if (parent.isObject) {
                                val key = parent.key ?: ""
                                if (open.size == 1) BridgeIncoming.topLevelPath(key, data) else parent.path.member(key)
                            } else {
                                parent.path.index(parent.index)
                            }
                            parent.awaitsValue = false
                        }
                        open.add(Container(byte == 0x7B, path, byte == 0x7B))
                        deepest = maxOf(deepest, open.size)
                    }
                }
                0x7D, 0x5D -> if (beyond > 0) beyond -= 1 else if (open.isNotEmpty()) open.removeAt(open.size - 1)
                0x3A -> if (beyond == 0 && open.isNotEmpty() && open.last().isObject) open.last().awaitsValue = true
                0x2C -> if (beyond == 0 && open.isNotEmpty()) {
                    val last = open.last()
                    last.expectsKey = last.isObject
                    last.awaitsValue = false
                    last.index += 1
                }
                0x20, 0x09, 0x0A, 0x0D -> {}
                else -> {
                    inScalar = true
                    if (!scalarByte) {
                        counted()
                        if (topLevelCallbackValue()) callbackName = if (byte == 0x6E) Value.Null else Value.Other
                        if (beyond == 0 && open.isNotEmpty()) open.last().awaitsValue = false
                    }
                }
            }
            i += 1
        }
    }

    private companion object {

        /** The code unit of a `\uXXXX` escape at `index` that ends by `end`, or -1. */
        fun escapeUnit(s: ByteArray, index: Int, end: Int): Int =
            if (index + 6 > end || s[index].toInt() != 0x5C || s[index + 1].toInt() != 0x75) -1 else hexUnit(s, index + 2)

        /** A JSON string's contents with escapes resolved; a lone surrogate escape becomes U+FFFD. */
        fun text(s: ByteArray, start: Int, end: Int, escaped: Boolean): String {
            if (!escaped) return String(s, start, end - start, Charsets.UTF_8)
            val out = java.io.ByteArrayOutputStream(end - start)
            var index = start
            while (index < end) {
                if (s[index].toInt() != 0x5C || index + 1 >= end) {
                    out.write(s[index].toInt())
                    index += 1
                    continue
                }
                var scalar: Int
                when (s[index + 1].toInt() and 0xFF) {
                    0x62 -> scalar = 0x08
                    0x66 -> scalar = 0x0C
                    0x6E -> scalar = 0x0A
                    0x72 -> scalar = 0x0D
                    0x74 -> scalar = 0x09
                    0x75 -> {
                        val unit = escapeUnit(s, index, end)
                        if (unit < 0) {
                            scalar = 0xFFFD
                        } else {
                            scalar = unit
                            val low = escapeUnit(s, index + 6, end)
                            if (unit in 0xD800..0xDBFF && low in 0xDC00..0xDFFF) {
                                scalar = 0x10000 + ((unit - 0xD800) shl 10) + (low - 0xDC00)
                                index += 6
                            } else if (unit in 0xD800..0xDFFF) {
                                scalar = 0xFFFD
                            }
                            index += 4
                        }
                    }
                    else -> scalar = s[index + 1].toInt() and 0xFF
                }
                index += 2
                Utf8.write(scalar, out)
            }
            return String(out.toByteArray(), Charsets.UTF_8)
        }
    }
}

/**
 * RFC 8259 JSON text to [JsonValue]s, strictly: no comments, no single quotes, no trailing
 * commas, no leading zeros, no unescaped controls, no number beyond a double. A lone
 * surrogate escape reads as U+FFFD (what the Swift side's repair does). Called only on text
 * the scan found within [BridgeLimits.MAX_DEPTH], so its recursion is bounded.
 */
internal class StrictJsonReader(private val s: ByteArray) {
    private var i = 0

    private class Malformed : Exception()

    /** The document's one value, or null when the text is not JSON. */
    fun readDocument(): JsonValue? = try {
        if (s.size >= 3 && s[0] == 0xEF.toByte() && s[1] == 0xBB.toByte() && s[2] == 0xBF.toByte()) i = 3  // a BOM, as Foundation allows
        val value = value()
        skipSpace()
        if (i == s.size) value else null
    } catch (_: Malformed) {
        null
    }

    private fun peek(): Int = if (i < s.size) s[i].toInt() and 0xFF else -1

    private fun skipSpace() {
        while (peek() == 0x20 || peek() == 0x09 || peek() == 0x0A || peek() == 0x0D) i += 1
    }

    private fun expect(byte: Int) {
        if (peek() != byte) throw Malformed()
        i += 1
    }

    private fun literal(word: String, value: JsonValue): JsonValue {
        for (c in word) expect(c.code)
        return value
    }

    private fun value(): JsonValue {
        skipSpace()
        return when (peek()) {
            0x7B -> obj()
            0x5B -> array()
            0x22 -> JsonValue.Text(string())
            0x74 -> literal("true", JsonValue.Bool(true))
            0x66 -> literal("false", JsonValue.Bool(false))
            0x6E -> literal("null", JsonValue.Null)
            else -> number()
        }
    }

    private fun obj(): JsonValue {
        expect(0x7B)
        val members = LinkedHashMap<String, JsonValue>()
        skipSpace()
        if (peek() == 0x7D) { i += 1; return JsonValue.Object(members) }
        while (true) {
            skipSpace()
            val key = string()
            skipSpace()
            expect(0x3A)
            members[key] = value()  // a repeated key: the last value wins, as in Foundation
            skipSpace()
            if (peek() == 0x2C) { i += 1; continue }
            expect(0x7D)
            return JsonValue.Object(members)
        }
    }

    private fun array(): JsonValue {
        expect(0x5B)
        val values = ArrayList<JsonValue>()
        skipSpace()
        if (peek() == 0x5D) { i += 1; return JsonValue.Array(values) }
        while (true) {
            values.add(value())
            skipSpace()
            if (peek() == 0x2C) { i += 1; continue }
            expect(0x5D)
            return JsonValue.Array(values)
        }
    }

    private fun hexUnit(): Int {
        val unit = if (i + 4 > s.size) -1 else hexUnit(s, i)
        if (unit < 0) throw Malformed()
        i += 4
        return unit
    }

    private fun string(): String {
        expect(0x22)
        val out = StringBuilder()
        var run = i
        while (true) {
            val byte = peek()
            when {
                byte < 0 -> throw Malformed()
                byte == 0x22 -> {
                    out.append(String(s, run, i - run, Charsets.UTF_8))
                    i += 1
                    return out.toString()
                }
                byte < 0x20 -> throw Malformed()
                byte == 0x5C -> {
                    out.append(String(s, run, i - run, Charsets.UTF_8))
                    i += 1
                    when (peek()) {
                        0x22 -> out.append('"')
                        0x5C -> out.append('\\')
                        0x2F -> out.append('/')
                        0x62 -> out.append('\b')
                        0x66 -> out.append('\u000C')
                        0x6E -> out.append('\n')
                        0x72 -> out.append('\r')
                        0x74 -> out.append('\t')
                        0x75 -> {
                            i += 1
                            val unit = hexUnit()
                            if (unit in 0xD800..0xDBFF && i + 6 <= s.size && peek() == 0x5C && s[i + 1].toInt() == 0x75) {
                                val save = i
                                i += 2
                                val low = hexUnit()
                                if (low in 0xDC00..0xDFFF) {
                                    out.append(unit.toChar()).append(low.toChar())
                                } else {
                                    i = save
                                    out.append('\uFFFD')
                                }
                            } else {
                                out.append(if (unit in 0xD800..0xDFFF) '\uFFFD' else unit.toChar())
                            }
                            run = i
                            continue
                        }
                        else -> throw Malformed()
                    }
                    i += 1
                    run = i
                }
                else -> i += 1
            }
        }
    }

    private fun digits(): Int {
        val start = i
        while (peek() in 0x30..0x39) i += 1
        return i - start
    }

    private fun number(): JsonValue {
        val start = i
        if (peek() == 0x2D) i += 1
        if (peek() == 0x30) {
            i += 1
            if (peek() in 0x30..0x39) throw Malformed()
        } else if (digits() == 0) {
            throw Malformed()
        }
        var integral = true
        if (peek() == 0x2E) {
            i += 1
            integral = false
            if (digits() == 0) throw Malformed()
        }
        if (peek() == 0x65 || peek() == 0x45) {
            i += 1
            integral = false
            if (peek() == 0x2B || peek() == 0x2D) i += 1
            if (digits() == 0) throw Malformed()
        }
        val lexeme = String(s, start, i - start, Charsets.US_ASCII)
        if (integral) {
            // Foundation holds -2^63 and integers beyond 2^63-1 as doubles; so does this reader.
            val integer = lexeme.toLongOrNull()
            if (integer != null && integer != Long.MIN_VALUE) return JsonValue.Integer(integer)
        }
        val double = lexeme.toDouble()
        if (double.isInfinite()) throw Malformed()  // Foundation: "not representable in Swift"
        return JsonValue.Real(double)
    }
}

/** The UTF-16 unit that the four hex digits at `index` spell, or -1; the caller checks the bounds. */
internal fun hexUnit(s: ByteArray, index: Int): Int {
    var value = 0
    for (k in index until index + 4) {
        val digit = when (val byte = s[k].toInt() and 0xFF) {
            in 0x30..0x39 -> byte - 0x30
            in 0x41..0x46 -> byte - 0x41 + 10
            in 0x61..0x66 -> byte - 0x61 + 10
            else -> return -1
        }
        value = value * 16 + digit
    }
    return value
}

"""#),
RuntimeSource(name: "PageCalls.kt", firstLine: 13, modifier: "public ", accessLines: [20, 82, 315], body: #"""
/**
 * The functions the glue evaluates in the page (docs/WIRE.md, "Android"): the Swift runtime's
 * bodies, unchanged, inside a function of string parameters that posts the envelope text back
 * as a `$answer` message on the channel `c` with the token `t`. They are constants: every value
 * (channel, token, module, method, params; for `global:` methods the path and the positional
 * arguments) is a string literal of [BridgeJavaScript.stringLiteral], read with `JSON.parse`.
 */
public object BridgePageScripts {
    private val clientBody: String = """
        try {
          var h = globalThis.__bridgegen;
          if (!h || typeof h.call !== "function") {
            return JSON.stringify({errcode: -11, errmsg: "the page's bridge client is not loaded"});
          }
          return await h.call(m, n, JSON.parse(p));
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
    """.trimIndent()

    private val globalBody: String = """
        try {
          var h = globalThis.__bridgegen;
          if (h && typeof h.implemented === "function" && typeof h.call === "function" && h.implemented(m, n) === true) {
            return await h.call(m, n, JSON.parse(p));
          }
          var path = JSON.parse(g), parent = globalThis, f = globalThis;
          for (var i = 0; i < path.length; i++) {
            if (f === null || (typeof f !== "object" && typeof f !== "function")) {
              f = undefined;
              break;
            }
            parent = f;
            f = f[path[i]];
          }
          if (typeof f !== "function") {
            return JSON.stringify({errcode: -10, errmsg: "the page defines no function " + path.join(".")});
          }
          var v = await f.apply(parent, JSON.parse(a));
          return JSON.stringify({errcode: 0, errmsg: "ok", data: v === undefined ? null : v});
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
    """.trimIndent()

    /** Calls the module's client implementation through the page's hub; no hub: -11. */
    public val client: String = posting(clientBody, global = false)

    /** Calls a `global:` method: through the hub when the client implements it, else the global function. */
    public val global: String = posting(globalBody, global = true)

    private fun posting(body: String, global: Boolean): String =
        "function(c,t,m,n,p" + (if (global) ",g,a" else "") + "){var o=window[\"__bridgegen_\"+c];(async function(){\n" + body +
            "\n})().then(function(x){o.postMessage(JSON.stringify({type:\"\$answer\",data:{token:t,envelope:x}}));}).catch(function(){});}"

    /** The script the glue evaluates: `body` applied to `arguments`, each a string literal. */
    public fun script(body: String, arguments: List<String>): String =
        "(" + body + ")(" + arguments.joinToString(",") { BridgeJavaScript.stringLiteral(it) } + ");"
}

/** What one page call sends and accepts (the generated page callers fill it in). */
public class BridgePageRequest(
    public val module: String,
    /** The page method's wire name. */
    public val method: String,
    /** The params object, keyed by wire names, defaults applied. */
    public val params: JsonValue,
    /** `global:` methods: the global function's path (a leading `window.` dropped). */
    public val global: List<String>? = null,
    /** `global:` methods: the params' wire names in declaration order, the positional arguments. */
    public val order: List<String> = emptyList(),
    /** The whole call's deadline: the wait for the client's `$hello` and the call. */
    public val timeout: Duration,
    /** The application codes (>= 1) the page may reject with: the method's declared errors. */
    public val declaredCodes: Set<Int> = emptySet(),
)

/**
 * A session's page calls in flight. Every call and the page's answers run on the session's
 * thread (the main thread): a caller on another dispatcher is moved there.
 */
internal class BridgePageCalls(private val session: BridgeSession) {
    /**
     * One call: it sleeps in [await] until a hello, the page's answer or a failure of the whole
     * call wakes it. An answer that comes before it sleeps (an evaluator that runs the script at
     * once) is kept for it.
     */
    private class Call(val module: String, val waitsForHello: Boolean) {
        var waitingForHello = false
        var failure: BridgeError? = null
        private var wake: CompletableDeferred<JsonValue?>? = null
        private var early: Answered? = null

        suspend fun await(): JsonValue? {
            failure?.let { throw it }
            early?.let {
                early = null
                return it.data
            }
            val deferred = CompletableDeferred<JsonValue?>()
            wake = deferred
            try {
                return deferred.await()
            } finally {
                wake = null
            }
        }

        fun wakeUp(value: JsonValue?) {
            val wake = this.wake
            if (wake != null) wake.complete(value) else early = Answered(value)
        }

        fun fail(error: BridgeError) {
            if (failure != null) return
            failure = error
            wake?.completeExceptionally(error)
        }
    }

    private val calls = LinkedHashSet<Call>()
    /** The calls whose body is out in the page, by token: each waits for its `$answer`. */
    private val out = HashMap<String, Call>()
    private var tokens = 0L
    /** How many times each module's client said `$hello`: a call that finds the hub gone goes again at once when one came meanwhile. */
    private val hellos = HashMap<String, Int>()

    val count: Int get() = calls.size

    suspend fun call(request: BridgePageRequest): JsonValue? {
        val name = "'${request.module}.${request.method}'"
        val arguments = mutableListOf(request.module, request.method, scriptJson(request.params, name))
        if (request.global != null) {
            val members = (request.params as? JsonValue.Object)?.members
                ?: throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "the params of $name are not an object")
            arguments.add(JsonValue.Array(request.global.map { JsonValue.Text(it) }).jsonText)
            arguments.add(scriptJson(JsonValue.Array(request.order.map { members[it] ?: JsonValue.Null }), name))
        }
        val body = if (request.global == null) BridgePageScripts.client else BridgePageScripts.global
        val call = Call(request.module, waitsForHello = request.global == null)
        call.waitingForHello = call.waitsForHello && !session.isClientReady(call.module)
        calls.add(call)
        try {
            // A holder, since a call's answer may itself be null (no `data`).
            val answered = withTimeoutOrNull(request.timeout) { Answered(drive(call, request, body, arguments)) }
            if (answered != null) return answered.data
            val seconds = secondsText(request.timeout)
            throw if (call.waitingForHello) {
                BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the page's '${request.module}' client did not say \$hello within $seconds s")
            } else {
                BridgeError(BridgeErrorCode.TIMEOUT, "the page did not answer $name within $seconds s")
            }
        } finally {
            // `drive` takes its token out of `out` however it ends.
            calls.remove(call)
        }
    }

    private class Answered(val data: JsonValue?)

    private suspend fun drive(call: Call, request: BridgePageRequest, body: String, arguments: List<String>): JsonValue? {
        var reloaded = false
        while (true) {
            if (call.waitsForHello && !session.isClientReady(call.module)) {
                // Left set when the deadline cancels the wait: the timeout's message reads it.
                call.waitingForHello = true
                call.await()
                call.waitingForHello = false
                continue
            }
            call.failure?.let { throw it }
            val evaluate = session.evaluator
                ?: throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "no web view is attached to the bridge")
            val hellosBefore = hellos[call.module]
            val token = (++tokens).toString()
            val channel = session.callbackChannel ?: call.module
            out[token] = call
            val envelope = try {
                try {
                    evaluate(BridgePageScripts.script(body, listOf(channel, token) + arguments))
                } catch (error: BridgeError) {
                    throw error
                } catch (error: Exception) {
                    throw BridgeError(BridgeErrorCode.PAGE_ERROR, cut("the WebView failed the call: $error"))
                }
                call.await()
            } finally {
                out.remove(token)
            }
            val outcome = outcome(envelope, request.declaredCodes)
            val failure = outcome.exceptionOrNull() as? BridgeError
            if (failure?.code == BridgeErrorCode.PAGE_NOT_LOADED.code && call.waitsForHello && !reloaded) {
                // The page answered that its hub is gone: it reloaded after its client said
                // hello. The body ran no page code, so the call waits for the next hello and goes again.
                reloaded = true
                if (hellos[call.module] == hellosBefore) session.clientGone(call.module)
                continue
            }
            return outcome.getOrThrow()
        }
    }

    /** A module's client said `$hello`: the calls waiting for it go. */
    fun helloArrived(module: String) {
        hellos[module] = (hellos[module] ?: 0) + 1
        for (call in calls) if (call.module == module && call.waitingForHello) call.wakeUp(null)
    }

    /**
     * A `$answer` message's `data`: the token of a call out and its envelope text. Taken from
     * the main frame only (where the glue evaluated the body); an unknown token (a late answer,
     * a call that timed out) is logged and ignored.
     */
    fun answer(data: JsonValue?, isMainFrame: Boolean, log: (String) -> Unit) {
        if (!isMainFrame) return log("ignored a page-call answer from a subframe: page calls run in the main frame")
        val members = (data as? JsonValue.Object)?.members ?: return log("ignored a page-call answer without a token")
        val token = (members["token"] as? JsonValue.Text)?.value ?: return log("ignored a page-call answer without a token")
        val call = out.remove(token) ?: return log("ignored a late page-call answer: its call had ended (timeout, cancellation)")
        call.wakeUp(members["envelope"] ?: JsonValue.Null)
    }

    /** Fails the calls in flight (of `module`, or all) with `error`. */
    fun fail(error: BridgeError, module: String? = null) {
        for (call in calls.toList()) if (module == null || call.module == module) call.fail(error)
    }

    /** The page navigated: the calls out in the old page get no answer; the calls waiting for a hello keep waiting. */
    fun pageStarted() {
        for (call in out.values.toSet()) call.fail(BridgeError(BridgeErrorCode.PAGE_ERROR, "the page navigated away during the call"))
    }

    /** `value` as JSON text for a script, or `internalError` naming the limit. */
    private fun scriptJson(value: JsonValue, name: String): String {
        val text = value.jsonText
        if (Utf8.encode(text).size > BridgeLimits.MAX_SCRIPT_JSON_BYTES) {
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR,
                "the params of $name are larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)")
        }
        return text
    }

    companion object {
        /**
         * What a page's answer means: the envelope's `data`, or the error of docs/WIRE.md. The
         * answer is untrusted input: JSON text, checked against [BridgeLimits] like a message
         * before it is parsed; application codes pass only when the method declares them.
         */
        fun outcome(answer: JsonValue?, declaredCodes: Set<Int>): Result<JsonValue?> {
            val text = (answer as? JsonValue.Text)?.value ?: return Result.failure(
                BridgeError(BridgeErrorCode.INVALID_RESULT, "the page's answer is not envelope JSON text, got ${BridgeDecode.describe(answer)}"))
            val code: Int
            val message: String
            val envelope: Map<String, JsonValue>
            try {
                val incoming = BridgeIncoming.read(text, parse = true, data = "result")
                envelope = incoming.message ?: throw incoming.error ?: BridgeIncoming.notJson
                code = BridgeDecode.int(envelope["errcode"], BridgePath("errcode")).toInt()
                message = BridgeDecode.optional(envelope["errmsg"], BridgePath("errmsg"), BridgeDecode::string) ?: ""
            } catch (error: BridgeError) {
                return Result.failure(BridgeError(BridgeErrorCode.INVALID_RESULT, "the page's answer is not a valid envelope: ${error.message}"))
            }
            return when {
                code == 0 -> Result.success(envelope["data"])
                code == BridgeErrorCode.NOT_IMPLEMENTED.code || code == BridgeErrorCode.PAGE_NOT_LOADED.code || code == BridgeErrorCode.PAGE_ERROR.code ->
                    Result.failure(BridgeError(code, cut(message)))
                // The data is decoded by the module's typed error (`BridgePageCaller.call`).
                code >= 1 && code in declaredCodes -> Result.failure(BridgeError(code, cut(message), envelope["data"] ?: JsonValue.Null))
                else -> Result.failure(BridgeError(BridgeErrorCode.PAGE_ERROR, cut("the page rejected with the undeclared code $code: $message")))
            }
        }

        /** `text` cut to [BridgeLimits.MAX_PAGE_MESSAGE_LENGTH] UTF-16 units, never inside a surrogate pair. */
        fun cut(text: String): String {
            if (text.length <= BridgeLimits.MAX_PAGE_MESSAGE_LENGTH) return text
            var end = BridgeLimits.MAX_PAGE_MESSAGE_LENGTH
            if (Character.isHighSurrogate(text[end - 1]) && Character.isLowSurrogate(text[end])) end -= 1
            return text.substring(0, end)
        }

        /** Seconds as error messages write them, as the Swift runtime does: `10`, `0.25`. */
        fun secondsText(timeout: Duration): String {
            if (timeout.isInfinite()) return if (timeout.isPositive()) "inf" else "-inf"
            val seconds = timeout.inWholeNanoseconds / 1e9
            if (seconds < 0) return JsonWriter.swiftDouble(seconds)
            if (Math.rint(seconds) == seconds && seconds < 1e15) return seconds.toLong().toString()
            return JsonWriter.swiftDouble(seconds)
        }
    }
}

/**
 * What generated page callers (`SamplePage`) call through: the module, the session (held
 * weakly, so a caller kept by a view model keeps no WebView alive) and each call's deadline.
 */
public class BridgePageCaller private constructor(
    private val module: String,
    private val session: java.lang.ref.WeakReference<BridgeSession>,
    public val timeout: Duration,
) {
    public constructor(module: String, session: BridgeSession, timeout: Duration) : this(module, java.lang.ref.WeakReference(session), timeout)

    /** The same caller with another deadline per call. */
    public fun withTimeout(timeout: Duration): BridgePageCaller = BridgePageCaller(module, session, timeout)

    /**
     * Calls the page method `method` (its wire name) with `params` (an object) and decodes the
     * answer's `data` with `decode` at the path `result`; a decoding failure is `invalidResult`.
     * `errors`: the codes the method declares, which `typed` (the module's codec) turns into the
     * module's typed error; data that does not decode is `invalidResult`, as a result's would be.
     * Cancelling the calling coroutine ends the call at once (the page's late answer is ignored).
     */
    public suspend fun <T> call(
        method: String,
        params: JsonValue,
        global: List<String>? = null,
        order: List<String> = emptyList(),
        errors: Set<Int> = emptySet(),
        typed: ((BridgeError) -> BridgeApplicationError?)? = null,
        decode: (JsonValue?, BridgePath) -> T,
    ): T {
        val session = this.session.get()
            ?: throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '$module' module's WebView is gone")
        val data = try {
            session.callPage(BridgePageRequest(module, method, params, global, order, timeout, errors))
        } catch (error: BridgeError) {
            if (typed == null || error.code < 1 || error.code !in errors) throw error
            val applicationError = try {
                typed(error)
            } catch (failure: BridgeError) {
                throw BridgeError(BridgeErrorCode.INVALID_RESULT, "the data of the page's error ${error.code} does not decode: ${failure.message}")
            }
            throw applicationError ?: error
        }
        try {
            return decode(data, BridgePath("result"))
        } catch (error: BridgeError) {
            throw BridgeError(BridgeErrorCode.INVALID_RESULT, error.message)
        }
    }
}

"""#, imports: ["kotlinx.coroutines.CompletableDeferred", "kotlinx.coroutines.withTimeoutOrNull", "kotlin.time.Duration"]),
RuntimeSource(name: "Paths.kt", firstLine: 7, modifier: "public ", accessLines: [8, 35], body: #"""
/** The bounds of what crosses the bridge (docs/WIRE.md, "Limits"): the Swift runtime's, value for value. */
public object BridgeLimits {
    /** Deepest nesting of a message: the message object is level 1, its `data` level 2. */
    public const val MAX_DEPTH: Int = 128
    /** Largest message, in bytes of JSON text (UTF-8). */
    public const val MAX_MESSAGE_BYTES: Int = 16 shl 20
    /** Most values in one message (each object, array, string, number, boolean and null; keys do not count), counted before anything is built. */
    public const val MAX_VALUES: Int = 100_000
    /** Longest callback name, in UTF-16 units. */
    public const val MAX_CALLBACK_NAME_LENGTH: Int = 256
    /** Largest JSON text of an answer or an event payload sent to the page. */
    public const val MAX_SCRIPT_JSON_BYTES: Int = 64 shl 20
    /** Longest message native keeps of a page call's failure, in UTF-16 units. */
    public const val MAX_PAGE_MESSAGE_LENGTH: Int = 1_000
    /** Longest `bytes` value, in decoded bytes: 10 MiB, whose base64 text still fits a message. */
    public const val MAX_BYTES_LENGTH: Int = 10 shl 20
    /** Largest stream item, in bytes of JSON text: a message's worth, so a 10 MiB `bytes` chunk fits. */
    public const val MAX_STREAM_ITEM_BYTES: Int = 16 shl 20
    /** Most items one stream posts per second: a faster `emit` waits (nothing is dropped), so a runaway loop cannot flood the page. */
    public const val MAX_STREAM_ITEMS_PER_SECOND: Int = 1_000
    /** The largest integer a JavaScript number holds exactly (2^53 - 1). */
    public const val MAX_SAFE_INTEGER: Long = 9_007_199_254_740_991L
}

/**
 * Where a value sits in a message (`params.items[2].id`), for error messages: a chain of
 * components written out only when an error needs it, so decoding stays linear in the body.
 */
public class BridgePath private constructor(private val parent: BridgePath?, private val part: String) {
    /** A path that starts at `root` (`params`, `result`, `payload.user`). */
    public constructor(root: String) : this(null, root)

    /** A struct field: `path.name`. */
    public fun field(name: String): BridgePath = BridgePath(this, ".$name")

    /** An array element: `path[2]`. */
    public fun index(index: Int): BridgePath = BridgePath(this, "[$index]")

    /** A map key: `path["key"]`, the key as a JSON string. */
    public fun key(key: String): BridgePath =
        BridgePath(this, StringBuilder("[").also { JsonWriter.writeString(key, it) }.append(']').toString())

    /** A key where the schema type is not known: `.name` for a plain ASCII name, else `["key"]`. */
    public fun member(key: String): BridgePath {
        val plain = key.isNotEmpty() && key[0] !in '0'..'9' &&
            key.all { it in '0'..'9' || it in 'A'..'Z' || it in 'a'..'z' || it == '_' || it == '$' }
        return if (plain) field(key) else key(key)
    }

    /** Where the path starts (`params`, `result`). */
    internal val root: String
        get() {
            var node = this
            while (true) node = node.parent ?: return node.part
        }

    /** The path as error messages write it. Iterative, so no depth of path can exhaust the stack. */
    override fun toString(): String {
        val parts = ArrayList<String>()
        var node: BridgePath? = this
        while (node != null) {
            parts.add(node.part)
            node = node.parent
        }
        return parts.asReversed().joinToString("")
    }
}

"""#),
RuntimeSource(name: "Session.kt", firstLine: 12, modifier: "public ", accessLines: [13, 20, 60, 94, 103, 171, 191, 257], body: #"""
/** The frame a message came from, as the origin policy sees it (androidx.webkit's `sourceOrigin` and `isMainFrame`). */
public data class BridgeOrigin(val scheme: String, val host: String, val port: Int, val isMainFrame: Boolean)

/**
 * Which frames may talk to the bridge: bundled content (custom schemes) and https pages of
 * trusted hosts (`example.com`, or `*.example.com` for its subdomains), main frame only unless
 * [mainFrameOnly] is false: the Swift runtime's policy, checked again natively for every message.
 */
public class BridgeOriginPolicy(trustedSchemes: Set<String>, trustedHosts: Set<String>, public val mainFrameOnly: Boolean) {
    public val trustedSchemes: Set<String> = trustedSchemes.mapTo(HashSet()) { it.lowercase() }
    public val trustedHosts: Set<String> = trustedHosts.mapTo(HashSet()) { it.lowercase() }

    public fun allows(origin: BridgeOrigin): Boolean {
        if (mainFrameOnly && !origin.isMainFrame) return false
        val scheme = origin.scheme.lowercase()
        if (scheme in trustedSchemes) return true
        if (scheme != "https") return false
        val host = origin.host.lowercase()
        if (host.isEmpty()) return false
        if (host in trustedHosts) return true
        return trustedHosts.any { it.startsWith("*.") && host.endsWith(it.substring(1)) && host.length > it.length - 1 }
    }

    /** Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log. */
    public fun refusal(origin: BridgeOrigin): String {
        val from = JsonValue.Text("${origin.scheme}://${origin.host}").jsonText
        if (mainFrameOnly && !origin.isMainFrame) {
            return "$from, a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"
        }
        val scheme = origin.scheme.lowercase()
        if (scheme == "https" && origin.host.isNotEmpty()) {
            return "$from: add ${JsonValue.Text(origin.host.lowercase()).jsonText} to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"
        }
        // The config refuses these as trusted schemes: no key can admit them.
        if (scheme == "http") return "$from: http pages are never trusted: serve the page over https"
        if (scheme in OPAQUE_SCHEMES || (origin.host.isEmpty() && scheme == "https")) {
            return "$from, an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host"
        }
        return "$from: add ${JsonValue.Text(scheme).jsonText} to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"
    }

    private companion object {
        /** Schemes whose documents have an opaque origin, which no trusted scheme can name. */
        val OPAQUE_SCHEMES: Set<String> = setOf("", "about", "data", "blob", "javascript")
    }
}

/** What a module of this app offers the page, answered to its client's `$hello` (docs/WIRE.md, "Capabilities"). */
public class BridgeCapabilities(methods: List<String>, events: List<String>, pageMethods: List<String>, public val fingerprint: String) {
    // Sorted by UTF-16 code units, as JavaScript sorts (Kotlin's String order).
    public val methods: List<String> = methods.sorted()
    public val events: List<String> = events.sorted()
    public val pageMethods: List<String> = pageMethods.sorted()
    internal val methodNames: Set<String> = methods.toHashSet()

    /** The `capabilities` member of the `$hello` answer. */
    public val json: JsonValue
        get() = JsonValue.Object(
            mapOf(
                "methods" to JsonValue.Array(methods.map { JsonValue.Text(it) }),
                "events" to JsonValue.Array(events.map { JsonValue.Text(it) }),
                "pageMethods" to JsonValue.Array(pageMethods.map { JsonValue.Text(it) }),
                "fingerprint" to JsonValue.Text(fingerprint),
                // This runtime acts on `$cancel` (docs/WIRE.md, "Cancelling a request") and a stream's `$window`.
                "cancel" to JsonValue.Bool(true),
                "window" to JsonValue.Bool(true),
            ),
        )

    public companion object {
        /** For a module the session does not have: known to be absent. */
        public val absentJson: JsonValue = JsonValue.Object(
            mapOf(
                "methods" to JsonValue.Array(emptyList()), "events" to JsonValue.Array(emptyList()),
                "pageMethods" to JsonValue.Array(emptyList()), "fingerprint" to JsonValue.Null, "cancel" to JsonValue.Bool(true),
                "window" to JsonValue.Bool(true),
            ),
        )
    }
}

/** A frame's way back: androidx.webkit's `JavaScriptReplyProxy` (one per frame), or a test's. */
public fun interface BridgeFrame {
    /** Posts one frame of JSON text to the page (fire-and-forget). */
    public fun post(text: String)

    /** Posts one binary frame (an ArrayBuffer `event.data`); only frames of a session with [BridgeSession.transfers] get one. */
    public fun post(bytes: ByteArray): Unit = throw UnsupportedOperationException("this frame takes no binary frames")
}

/** Answers one request exactly once: later calls are ignored. */
public class BridgeReply internal constructor(private var deliver: ((BridgeEnvelope) -> Unit)?, internal val log: (String) -> Unit) {
    /** The running handler's coroutine, cancelled when the module goes or the page's process ends. */
    internal var job: kotlinx.coroutines.Job? = null
    internal var module: String = ""
    /** The frame that sent the request: the handler's [BridgeCaller.current]. */
    internal var caller: BridgeCaller? = null
    /** The request's `id`, which a `$cancel` names and a stream's items carry; null when the page sent none. */
    internal var cancelId: String? = null
    /** The frame that sent the request, which a stream's items are posted through. */
    internal var frame: BridgeFrame? = null
    /** A stream's request: its items can be read only by the page that sent it. */
    internal var isStream: Boolean = false
    /** Where the result's large `bytes` values go when the page takes binary frames (Transfers.kt); null: inline. */
    internal var outgoing: BridgeAttachments.Outgoing? = null
    /** The message's `$window`, as it came: read only when a stream method starts ([openWindow]). */
    internal var requestedWindow: JsonValue? = null
    /** A stream's window, when its request asked for one (Streams.kt). */
    internal var window: BridgeStreamWindow? = null

    /** Encodes the result with `encode`, its large values set aside for binary frames where [outgoing] says. */
    internal fun encodeResult(encode: () -> JsonValue): JsonValue = BridgeAttachments.outgoing.bound(outgoing, encode)

    public val isAnswered: Boolean get() = deliver == null

    public fun answer(envelope: BridgeEnvelope) {
        val deliver = this.deliver ?: return
        this.deliver = null
        deliver(envelope)
        // A stream waiting for the page's `$read` stops: its request ended.
        window?.wake()
    }

    /** Settles the reply without answering: the page that asked is gone. */
    internal fun drop() {
        deliver = null
        window?.wake()
    }

    public fun succeed(data: JsonValue): Unit = answer(BridgeEnvelope.success(data))

    /**
     * A bridge error reaches the page intact, an application error with its data; an internal
     * error, an application error whose data cannot be encoded and any other exception as
     * `internal error`, logged.
     */
    public fun fail(error: Throwable) {
        val reaching = when (error) {
            is BridgeError -> error
            is BridgeApplicationError -> try {
                error.bridgeError()
            } catch (failure: Exception) {
                log("the data of $error could not be encoded: $failure")
                return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
            }
            else -> {
                log("handler failed: $error")
                return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
            }
        }
        if (reaching.code == BridgeErrorCode.INTERNAL_ERROR.code) {
            log("internal error: ${reaching.message}")
            return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
        }
        answer(BridgeEnvelope.failure(reaching))
    }
}

/** A module's generated dispatcher, as a session routes to it. */
public interface BridgeModule {
    public val moduleName: String
    public val capabilities: BridgeCapabilities

    public fun handles(type: String): Boolean = type in capabilities.methodNames

    /**
     * The wire names of the methods declared `access: mainFrame`: their messages from a
     * subframe are refused `untrustedOrigin` before anything is decoded.
     */
    public val mainFrameMethods: Set<String> get() = emptySet()

    /** Decodes `data`, calls the handler and answers through `reply` exactly once. */
    public fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession)
}

/**
 * A generated dispatcher: it holds its handler weakly and switches on the wire names; decoding
 * failures, an unknown method and a gone handler are answered before anything runs.
 */
public abstract class BridgeDispatcher<H : Any>(handler: H) : BridgeModule {
    private val handler = java.lang.ref.WeakReference(handler)

    /** Calls the handler of the method `type` with the arguments read from `params`; throws what it cannot start. */
    protected abstract fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession)

    override fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession) {
        // `access: mainFrame`: checked before decoding, so a subframe learns nothing about the params.
        if (type in mainFrameMethods && reply.caller?.isMainFrame != true) {
            reply.log("refused '$moduleName' method '$type' from ${reply.caller ?: "an unknown frame"}: it takes calls from the main frame only")
            return reply.fail(BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, "untrusted origin"))
        }
        // A send's handler runs inside; a request's coroutine carries the caller itself.
        BridgeCaller.during(reply.caller) {
            try {
                dispatch(type, BridgeDecode.Fields.params(data), reply, session)
            } catch (error: Throwable) {
                reply.fail(error)
            }
        }
    }

    /** The handler, or a `handlerUnavailable` error when it is gone. */
    protected fun requireHandler(): H =
        handler.get() ?: throw BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "the '$moduleName' handler is gone")

    /** Answers a request with what `call` returns, encoded at `result`, run in the session's scope. */
    protected fun <T> request(reply: BridgeReply, session: BridgeSession, encode: (T, BridgePath) -> JsonValue, call: suspend (H) -> T) {
        val handler = requireHandler()
        session.run(reply) {
            val value = call(handler)
            reply.encodeResult { encode(value, BridgePath("result")) }
        }
    }

    /**
     * Answers a stream: `call` gets the handler and a [BridgeStream] whose items `items` encodes
     * at `item`; what it returns is the final answer, encoded at `result`. A stream request
     * without an `id` cannot be sent its items and is refused `invalidMessage`.
     */
    protected fun <Item, T> stream(
        reply: BridgeReply,
        session: BridgeSession,
        items: (Item, BridgePath) -> JsonValue,
        result: (T, BridgePath) -> JsonValue,
        call: suspend (H, BridgeStream<Item>) -> T,
    ) {
        val id = reply.cancelId
            ?: throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "a stream request needs a string 'id' of at most ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units")
        reply.openWindow()
        val handler = requireHandler()
        reply.isStream = true
        val stream = BridgeStream(reply, session, id, items)
        session.run(reply) {
            val value = call(handler, stream)
            reply.encodeResult { result(value, BridgePath("result")) }
        }
    }
}

/**
 * The platform-free heart of the Android bridge for one WebView: routes messages to module
 * dispatchers, answers them as answer frames through the sending frame, applies the origin
 * policy, and sends events to the frames whose client said `$hello`. Call it on the main
 * thread; handlers run in [scope] (the app's, for example a lifecycle scope).
 */
public class BridgeSession(
    /** The shared channel of the callback transport, or null: one channel per module. */
    public val callbackChannel: String?,
    public val policy: BridgeOriginPolicy,
    private val scope: kotlinx.coroutines.CoroutineScope,
    private val log: (String) -> Unit = {},
) {
    private val modules = LinkedHashMap<String, BridgeModule>()
    private val running = LinkedHashSet<BridgeReply>()
    private val ready = HashMap<String, LinkedHashSet<BridgeFrame>>()
    private val queued = HashMap<String, ArrayDeque<String>>()
    private val pageCalls = BridgePageCalls(this)

    /**
     * How the glue runs a script in the page's main frame (`WebView.evaluateJavascript(script, null)`):
     * page calls fail with `pageNotLoaded` while it is null.
     */
    public var evaluator: ((String) -> Unit)? = null

    /**
     * The binary frames waiting for their messages, when the glue offers the page the bytes
     * path (docs/WIRE.md, "Bytes at platform speed (Android)"); null: every value inline.
     */
    public var transfers: BridgeTransfers? = null

    /** The channel names the glue registers: one per module, or the shared one. */
    public val channels: List<String>
        get() = if (callbackChannel == null) modules.keys.sorted() else if (modules.isEmpty()) emptyList() else listOf(callbackChannel)

    /** The names of the modules installed, in the order they were installed. */
    public val moduleNames: List<String> get() = modules.keys.toList()

    /** Adds a module; false (and nothing changes) when one with its name is installed. */
    public fun install(module: BridgeModule): Boolean {
        if (modules.containsKey(module.moduleName)) return false
        modules[module.moduleName] = module
        return true
    }

    /** Removes a module: its running requests are cancelled and answered `handlerUnavailable`. */
    public fun uninstall(moduleName: String) {
        if (modules.remove(moduleName) == null) return
        pageCalls.fail(BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '$moduleName' module was uninstalled during the call"), moduleName)
        cancelRequests(moduleName, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "the '$moduleName' module was uninstalled before answering")))
    }

    public val runningRequestCount: Int get() = running.size

    /**
     * Handles one message's text from a frame: read with the Swift runtime's checks, refused
     * (`untrustedOrigin`) when the policy refuses its frame, answered through `frame` when it
     * names a `callbackName` (a send names none and is not answered).
     */
    public fun receive(channel: String, text: String, origin: BridgeOrigin, frame: BridgeFrame) {
        try {
            handle(channel, text, origin, frame)
        } catch (error: OutOfMemoryError) {
            exhausted(error, channel, text, frame)
        } catch (error: StackOverflowError) {
            exhausted(error, channel, text, frame)
        } finally {
            receiving = null
        }
    }

    /** The reply of the message being handled, once made: what [exhausted] answers. */
    private var receiving: BridgeReply? = null

    /**
     * The limits bound what reading a message builds, but a heap the app has nearly filled, or
     * a handler's own decoding, can still throw past them: thrown out of the listener, that
     * would end the app's process. The message is answered `internalError` (-6) instead, its
     * callback name read again from the text by the scan alone, and logged.
     */
    private fun exhausted(error: Throwable, channel: String, text: String, frame: BridgeFrame) {
        log("internal error: a message on '$channel' exhausted the runtime (${error.javaClass.simpleName}); it is answered -6")
        val reply = receiving ?: try {
            (BridgeIncoming.read(text, parse = false).callbackName as? BridgeIncoming.CallbackName.Valid)?.let { replyTo(it.name, frame) }
        } catch (again: OutOfMemoryError) {
            null
        }
        reply?.answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
    }

    /**
     * One binary frame from a frame (an ArrayBuffer message): kept for the message the page posts
     * after it, dropped (and logged) when the policy refuses its frame or no bytes path is installed.
     */
    public fun receive(channel: String, bytes: ByteArray, origin: BridgeOrigin, frame: BridgeFrame) {
        val transfers = transfers
        when {
            !policy.allows(origin) -> log("dropped a binary frame on '$channel' from ${policy.refusal(origin)}")
            transfers == null -> log("dropped a binary frame on '$channel': the bytes path is not installed (the bridge's messages are JSON text)")
            else -> transfers.receive(frame, bytes, log)
        }
    }

    /**
     * A reply posted as an answer frame through `frame`; a message without a callback name (null)
     * is not answered. A result's large values go first, each a binary frame, in the same
     * (main-thread) turn, so nothing can come between them and their answer on the frame's proxy.
     */
    private fun replyTo(callbackName: String?, frame: BridgeFrame): BridgeReply {
        lateinit var reply: BridgeReply
        reply = BridgeReply({ envelope ->
            if (callbackName == null) {
                if (envelope.errcode != 0) log("unanswerable failure ${envelope.errcode}: ${envelope.errmsg}")
            } else {
                val binaries = if (envelope.errcode == 0) reply.outgoing?.values.orEmpty() else emptyList()
                val json = envelopeJson(envelope.copy(binaryLengths = binaries.map { it.size }))
                // An answer too large to post becomes an internal error, which names no binary frame.
                if (json != null) for (value in binaries) frame.post(value)
                frame.post(answerFrame(callbackName, json))
            }
        }, log)
        return reply
    }

    private fun handle(channel: String, text: String, origin: BridgeOrigin, frame: BridgeFrame) {
        val trusted = policy.allows(origin)
        if (!trusted) log("refused a message on '$channel' from ${policy.refusal(origin)}")
        val incoming = BridgeIncoming.read(text, parse = trusted)
        // The frame's waiting values are this message's, or stray: taken (or dropped) whatever the message turns out to be.
        val uploads = runCatching { transfers?.take(frame, incoming.message?.get("\$bytes"), log) }
        val callbackName = when (val name = incoming.callbackName) {
            BridgeIncoming.CallbackName.Absent -> null
            is BridgeIncoming.CallbackName.Valid -> name.name
            is BridgeIncoming.CallbackName.Invalid -> {
                log("refused a message with an invalid callbackName (${name.reason}): nothing is posted")
                return
            }
        }
        val reply = replyTo(callbackName, frame)
        receiving = reply
        if (!trusted) return reply.fail(BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, "untrusted origin"))
        val message = incoming.message ?: return reply.fail(incoming.error ?: BridgeError(BridgeErrorCode.INVALID_MESSAGE, "invalid message"))
        val type = (message["type"] as? JsonValue.Text)?.value
            ?: return reply.fail(BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message has no string 'type'"))
        val ownChannel = if (callbackChannel == null) channel else null
        if (type == "\$hello") return hello(message["data"], ownChannel, reply, frame, origin)
        if (type == "\$answer") return pageCalls.answer(message["data"], origin.isMainFrame, log)
        if (type == "\$cancel") return cancel(message["data"], ownChannel, reply)
        if (type == "\$read") return read(message["data"], ownChannel, reply)
        val candidates = if (ownChannel != null) {
            listOf(modules[ownChannel] ?: return reply.fail(BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "no handler is installed for '$ownChannel'")))
        } else {
            modules.values.toList()
        }
        val module = candidates.firstOrNull { it.handles(type) }
            ?: return reply.fail(BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type"))
        reply.module = module.moduleName
        reply.caller = BridgeCaller(origin)
        // The bound of a callback name; any other `id` is ignored, and the request runs to completion.
        reply.cancelId = (BridgeIncoming.callbackName(message["id"]) as? BridgeIncoming.CallbackName.Valid)?.name
        reply.frame = frame
        reply.requestedWindow = message["\$window"]
        if (transfers == null) transfersRefusal(message["\$bytes"])?.let { return reply.fail(it) }
        val values = uploads.getOrElse { return reply.fail(it) }
        // Only a client that lists its values (`$bytes`, empty or not) reads binary frames: an older one gets base64.
        val transfers = transfers
        if (transfers != null && message["\$bytes"] is JsonValue.Array) reply.outgoing = BridgeAttachments.Outgoing(transfers.inlineBelow, transfers.maxLength)
        BridgeAttachments.incoming.bound(values) { module.dispatch(type, message["data"], reply, this) }
    }

    /**
     * A message's `$bytes` without [transfers]: tokens of values uploaded through iOS's transfer
     * scheme, which this runtime does not offer (no `bytes` capability), so a list names no transfer. Refused
     * as the Swift runtime refuses it without a transfer store: the list's shape, then its first
     * token; no list, or an empty one, is nothing to refuse.
     */
    private fun transfersRefusal(tokens: JsonValue?): BridgeError? = when {
        tokens == null -> null
        tokens !is JsonValue.Array || tokens.values.size > MAX_TRANSFER_TOKENS || tokens.values.any { it !is JsonValue.Text } ->
            BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$bytes: expected an array of at most $MAX_TRANSFER_TOKENS transfer tokens")
        tokens.values.isEmpty() -> null
        else -> BridgeError(
            BridgeErrorCode.INVALID_PARAMS,
            "\$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)",
        )
    }

    /**
     * `$cancel` `{id}`: the page gave up on the request it sent with that id (of this channel's
     * module, with a channel per module). Its coroutine is cancelled, it is answered `aborted`
     * and its late result is dropped; an id naming nothing running is nothing to do.
     */
    private fun cancel(data: JsonValue?, channel: String?, reply: BridgeReply) {
        val id = try {
            BridgeDecode.string(BridgeDecode.params(data)["id"], BridgePath("params").field("id"))
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        runningRequest(id, channel)?.let { request ->
            endRequest(request, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.ABORTED, "the page cancelled the request")))
        }
        reply.succeed(JsonValue.Null)
    }

    /**
     * `$read` `{id, count}`: the page's loop has taken `count` items of the stream it requested
     * with that id (found as `$cancel` finds it), so an [BridgeStream.emit] waiting for room in
     * its window goes on. Counts are cumulative: a lower one than before changes nothing. Always succeeds.
     */
    private fun read(data: JsonValue?, channel: String?, reply: BridgeReply) {
        val params = BridgePath("params")
        val (id, count) = try {
            val members = BridgeDecode.params(data)
            BridgeDecode.string(members["id"], params.field("id")) to BridgeStreamWindow.count(members["count"], params.field("count"))
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        runningRequest(id, channel)?.window?.read(count)
        reply.succeed(JsonValue.Null)
    }

    /** The running request the page sent with [id] (of [channel]'s module, with a channel per module). */
    private fun runningRequest(id: String, channel: String?): BridgeReply? =
        running.firstOrNull { it.cancelId == id && (channel == null || it.module == channel) }

    /** Runs a request's handler in the session's scope and answers with what it returns or throws; a cancelled request answers nothing more. */
    public fun run(reply: BridgeReply, operation: suspend () -> JsonValue) {
        running.add(reply)
        reply.job = scope.launch(BridgeCaller.element(reply.caller), start = kotlinx.coroutines.CoroutineStart.UNDISPATCHED) {
            val result = try {
                Result.success(operation())
            } catch (cancelled: kotlinx.coroutines.CancellationException) {
                running.remove(reply)
                throw cancelled
            } catch (error: Throwable) {
                Result.failure(error)
            }
            running.remove(reply)
            result.fold({ reply.succeed(it) }, { reply.fail(it) })
        }
    }

    private fun cancelRequests(module: String?, envelope: BridgeEnvelope?) {
        for (reply in running.filter { module == null || it.module == module }) endRequest(reply, envelope)
    }

    /** Cancels one running request's coroutine and answers it with [envelope], or drops its answer. */
    private fun endRequest(reply: BridgeReply, envelope: BridgeEnvelope?) {
        running.remove(reply)
        reply.job?.cancel()
        if (envelope != null) reply.answer(envelope) else reply.drop()
    }

    /** The client of `params.module` in `frame` is ready: its events flow there. */
    private fun hello(data: JsonValue?, channel: String?, reply: BridgeReply, frame: BridgeFrame, origin: BridgeOrigin) {
        val module = try {
            val params = BridgeDecode.params(data)
            if (channel != null) {
                val named = BridgeDecode.optional(params["module"], BridgePath("params").field("module"), BridgeDecode::string) ?: channel
                if (named != channel) {
                    throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "params.module: expected ${JsonValue.Text(channel).jsonText}, got ${JsonValue.Text(named).jsonText}")
                }
                named
            } else {
                BridgeDecode.string(params["module"], BridgePath("params").field("module"))
            }
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        ready.getOrPut(module) { LinkedHashSet() }.add(frame)
        pageCalls.helloArrived(module)
        var capabilities = modules[module]?.capabilities?.json ?: BridgeCapabilities.absentJson
        val transfers = transfers
        if (transfers != null && modules.containsKey(module) && hasTupleOrigin(origin)) {
            capabilities = JsonValue.Object((capabilities as JsonValue.Object).members + ("bytes" to transfers.capability))
        }
        reply.succeed(JsonValue.Object(mapOf("protocol" to JsonValue.Integer(1), "capabilities" to capabilities)))
        val waiting = queued.remove(module) ?: return
        for (event in waiting) frame.post(event)
    }

    /** Posts an event frame to every frame whose client is ready, or queues it (at most [QUEUE_LIMIT], the oldest dropped). */
    public fun emit(module: String, event: String, payload: JsonValue) {
        val text = "{\"event\":" + JsonValue.Object(mapOf("module" to JsonValue.Text(module), "name" to JsonValue.Text(event), "payload" to payload)).jsonText + "}"
        if (Utf8.encode(text).size > BridgeLimits.MAX_SCRIPT_JSON_BYTES + 64) {
            return log("dropped a '$module' event '$event': its payload is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON")
        }
        val frames = ready[module]
        if (!frames.isNullOrEmpty()) {
            for (frame in frames) frame.post(text)
            return
        }
        val queue = queued.getOrPut(module) { ArrayDeque() }
        queue.addLast(text)
        if (queue.size > QUEUE_LIMIT) {
            queue.removeFirst()
            log("dropped the oldest queued '$module' event: more than $QUEUE_LIMIT waiting")
        }
    }

    /** An event whose payload `encode` writes; one that cannot be encoded (a non-finite double, say) is logged, not sent. */
    public fun emit(module: String, event: String, encode: () -> JsonValue) {
        val payload = try {
            encode()
        } catch (error: BridgeError) {
            return log("event '$event' not sent: ${error.message}")
        }
        emit(module, event, payload)
    }

    /**
     * The page navigated: its clients are gone until they say `$hello` again; events queue. Its
     * streams (its subframes' too, which went with it) can no longer be read: they are
     * cancelled as when the page stops reading one, since no `$cancel` will come.
     */
    public fun pageStarted() {
        ready.clear()
        transfers?.clear()
        pageCalls.pageStarted()
        for (reply in running.filter { it.isStream }) {
            endRequest(reply, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.ABORTED, "the page is not reading the stream")))
        }
    }

    /** The renderer process is gone: running requests are cancelled and their answers dropped (the page that asked is gone). */
    public fun renderProcessGone() {
        cancelRequests(null, null)
        pageCalls.fail(BridgeError(BridgeErrorCode.PROCESS_TERMINATED, "the web content process terminated during the call"))
        ready.clear()
        transfers?.clear()
    }

    /** A frame whose origin has a scheme and a host: a file or opaque frame ("null") is not offered the bytes path. */
    private fun hasTupleOrigin(origin: BridgeOrigin): Boolean = origin.scheme.isNotEmpty() && origin.host.isNotEmpty()

    /**
     * Calls a page method (docs/WIRE.md, "Page calls"): waits for the module's client to say
     * `$hello` (client methods), evaluates the body in the main frame and awaits its `$answer`,
     * all within the request's timeout; the answer's `data`, or a [BridgeError]. Runs on the
     * session's dispatcher (the scope's) whatever the caller's.
     */
    public suspend fun callPage(request: BridgePageRequest): JsonValue? = onSessionThread { startPageCall(request) }

    /** Runs `block` on the session's dispatcher (the scope's), where its state may be touched, whatever the caller's. */
    internal suspend fun <T> onSessionThread(block: suspend () -> T): T {
        val dispatcher = scope.coroutineContext[ContinuationInterceptor]
        return if (dispatcher == null) block() else withContext(dispatcher) { block() }
    }

    private suspend fun startPageCall(request: BridgePageRequest): JsonValue? {
        if (!modules.containsKey(request.module)) {
            throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '${request.module}' module is not installed on this WebView")
        }
        return pageCalls.call(request)
    }

    public val pageCallCount: Int get() = pageCalls.count

    /** How many of `module`'s events wait for its client's `$hello`. */
    public fun queuedEventCount(module: String): Int = queued[module]?.size ?: 0

    internal fun isClientReady(module: String): Boolean = !ready[module].isNullOrEmpty()

    /** The module's client is gone (the page reloaded): its events queue until the next `$hello`. */
    internal fun clientGone(module: String) {
        ready.remove(module)
    }

    /** The envelope's JSON text; null (logged) when it is too large to post. */
    private fun envelopeJson(envelope: BridgeEnvelope): String? {
        val json = envelope.jsonText
        if (Utf8.encode(json).size <= BridgeLimits.MAX_SCRIPT_JSON_BYTES) return json
        log("internal error: an answer is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)")
        return null
    }

    /** The answer frame of `json`, or of an internal error where it is null. */
    private fun answerFrame(callbackName: String, json: String?): String =
        "{\"answer\":" + JsonValue.Text(callbackName).jsonText + ",\"envelope\":" +
            (json ?: BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")).jsonText) + "}"

    public companion object {
        /** Most events a module keeps while no client is ready. */
        public const val QUEUE_LIMIT: Int = 256

        /** Most transfer tokens one message's `$bytes` may list (the Swift runtime's `BridgeAttachments.maxPerMessage`). */
        private const val MAX_TRANSFER_TOKENS: Int = 1024
    }
}

"""#, imports: ["kotlinx.coroutines.launch", "kotlinx.coroutines.withContext", "kotlin.coroutines.ContinuationInterceptor"]),
RuntimeSource(name: "Streams.kt", firstLine: 14, modifier: "public ", accessLines: [24], body: #"""
/**
 * What a `kind: stream` handler sends its items through, before it returns the stream's final
 * result (docs/WIRE.md, "Streams"). Each [emit] posts an item frame through the reply proxy of
 * the frame that sent the request, so items arrive in order and before the answer; with a
 * window (the request's `$window`), it first suspends while that many items are out that the
 * page's loop has not read (`$read`); at most [BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND] items
 * a second go out (a faster [emit] suspends).
 * When the page stops reading (it left its loop, aborted, navigated) its `$cancel` cancels the
 * handler's coroutine and [emit] throws `CancellationException`. The Swift side's `yield`.
 */
public class BridgeStream<Item> internal constructor(
    private val reply: BridgeReply,
    private val session: BridgeSession,
    private val id: String,
    private val encode: (Item, BridgePath) -> JsonValue,
) {
    private var windowStart = System.nanoTime()
    private var windowCount = 0

    /**
     * Sends [item] to the page, on the session's thread whatever the caller's. Throws
     * `CancellationException` when the request was cancelled or has ended, and an
     * `internalError` [BridgeError] (logged) when the item cannot be encoded or its JSON is
     * larger than [BridgeLimits.MAX_STREAM_ITEM_BYTES].
     */
    public suspend fun emit(item: Item) {
        session.onSessionThread { deliver(item) }
    }

    private suspend fun deliver(item: Item) {
        currentCoroutineContext().ensureActive()
        ensureOpen()
        val json = encoded(item)
        reply.window?.takeRoom(reply)
        pace()
        ensureOpen()
        val frame = reply.frame ?: throw kotlinx.coroutines.CancellationException("no frame can be sent the stream's items")
        frame.post("{\"item\":" + JsonValue.Text(id).jsonText + ",\"value\":" + json + "}")
        // Lets the thread read the page's messages (its `$cancel`) between items; throws once cancelled.
        yield()
    }

    /** A handler emitting from a coroutine of its own still stops once the request ended. */
    private fun ensureOpen() {
        if (reply.isAnswered) throw kotlinx.coroutines.CancellationException("the stream's request has ended")
    }

    private fun encoded(item: Item): String {
        val json = try {
            encode(item, BridgePath("item")).jsonText
        } catch (error: Exception) {
            reply.log("a stream item cannot be encoded: $error")
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
        if (Utf8.encode(json).size > BridgeLimits.MAX_STREAM_ITEM_BYTES) {
            reply.log("internal error: a stream item is larger than ${BridgeLimits.MAX_STREAM_ITEM_BYTES} bytes of JSON (BridgeLimits.MAX_STREAM_ITEM_BYTES)")
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
        return json
    }

    /** Waits for the next one-second window once this one delivered its share of items. */
    private suspend fun pace() {
        val now = System.nanoTime()
        if (now - windowStart >= NANOS_PER_SECOND) {
            windowStart = now
            windowCount = 0
        }
        if (windowCount >= BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND) {
            // Rounded up, so the wait never ends inside the window it waits out.
            delay((windowStart + NANOS_PER_SECOND - now + 999_999) / 1_000_000)
            windowStart = System.nanoTime()
            windowCount = 0
        }
        windowCount += 1
    }

    private companion object {
        const val NANOS_PER_SECOND = 1_000_000_000L
    }
}

/**
 * A stream's flow control (docs/WIRE.md, "Streams"): at most [size] items out that the page's
 * loop has not taken. The page says how many it took with `$read`, cumulatively. Touched on the
 * session's thread only.
 */
internal class BridgeStreamWindow(val size: Int) {
    /** Items sent so far, each counted once it had room. */
    private var sent = 0

    /** The most items the page said its loop took, never more than [sent]. */
    private var taken = 0
    private val waiters = ArrayList<kotlinx.coroutines.CancellableContinuation<Unit>>()

    /**
     * The page's loop took [count] items in all: capped at the items sent, and a lower count
     * than before (a late post) changes nothing.
     */
    fun read(count: Long) {
        val capped = minOf(count, sent.toLong()).toInt()
        if (capped <= taken) return
        taken = capped
        wake()
    }

    /** Resumes every [takeRoom], which looks again (a cancelled one ignores it). */
    fun wake() {
        val waiting = waiters.toList()
        waiters.clear()
        for (waiter in waiting) waiter.resumeWith(Result.success(Unit))
    }

    /**
     * Returns once fewer than [size] items are out unread, the next one counted as sent then (so
     * two concurrent emits cannot both take the last room); throws `CancellationException` when
     * the coroutine is cancelled or [reply] is answered meanwhile (which wakes it).
     */
    suspend fun takeRoom(reply: BridgeReply) {
        while (sent - taken >= size) {
            currentCoroutineContext().ensureActive()
            if (reply.isAnswered) throw kotlinx.coroutines.CancellationException("the stream's request has ended")
            suspendCancellableCoroutine { waiters.add(it) }
        }
        sent += 1
    }

    companion object {
        /** A request's `$window`: absent (null) or an integer from 1 to 1024, else `invalidMessage`. */
        fun size(value: JsonValue?): Int? {
            if (value == null) return null
            val size = try {
                BridgeDecode.int(value, BridgePath("\$window"))
            } catch (error: BridgeError) {
                null
            }
            if (size == null || size !in 1L..1024L) {
                throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$window: expected an integer from 1 to 1024")
            }
            return size.toInt()
        }

        /** A `$read` count: an int, at least 0. */
        fun count(value: JsonValue?, path: BridgePath): Long {
            val count = BridgeDecode.int(value, path)
            if (count < 0) throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected an int >= 0, got $count")
            return count
        }
    }
}

/**
 * Reads the request's `$window` for the stream it starts: refused `invalidMessage` before the
 * handler runs when it is not an integer from 1 to 1024.
 */
internal fun BridgeReply.openWindow() {
    window = BridgeStreamWindow.size(requestedWindow)?.let { BridgeStreamWindow(it) }
}

"""#, imports: ["kotlinx.coroutines.currentCoroutineContext", "kotlinx.coroutines.delay", "kotlinx.coroutines.ensureActive", "kotlinx.coroutines.suspendCancellableCoroutine", "kotlinx.coroutines.yield"]),
RuntimeSource(name: "Transfers.kt", firstLine: 9, modifier: "public ", accessLines: [15], body: #"""
/**
 * The binary frames of one WebView that wait for the message that names them: per sending
 * frame (its reply proxy), in the order they came, since the page posts a request's values and
 * then its message in one task, on one object, which the WebView delivers in order. What a
 * message does not claim is stray and dropped. Call it on the WebView's thread.
 */
public class BridgeTransfers(
    /** The longest value, in bytes, on this path (inline base64 stays at [BridgeLimits.MAX_BYTES_LENGTH]). */
    maxLength: Int = 64 shl 20,
    /** Values shorter than this travel inline as base64, where the message path is faster. */
    inlineBelow: Int = 64 shl 10,
    /** The most bytes held at once for the WebView's frames, not yet claimed. */
    maxHeldBytes: Int? = null,
    /** How long an unclaimed frame is kept, in milliseconds. */
    public val lifetimeMillis: Long = 60_000,
    private val clock: () -> Long = { System.nanoTime() / 1_000_000 },
) {
    public val maxLength: Int = maxOf(maxLength, 0)
    public val inlineBelow: Int = maxOf(inlineBelow, 1)
    public val maxHeldBytes: Int = maxHeldBytes ?: (2L * this.maxLength).coerceAtMost(Int.MAX_VALUE.toLong()).toInt()

    private class Waiting {
        val values = ArrayDeque<ByteArray>()
        /** When the oldest value came, in milliseconds of [clock]. */
        var since = 0L
        /** A value was dropped (over the limit or the bound): the frame's next message cannot get it. */
        var spoiled = false
    }

    private val frames = LinkedHashMap<BridgeFrame, Waiting>()

    /** Bytes held now ([maxHeldBytes] bounds it). */
    public var heldBytes: Long = 0
        private set

    /** Values held now. */
    public val count: Int get() = frames.values.sumOf { it.values.size }

    /** The `bytes` member of a module's capabilities (docs/WIRE.md, "Capabilities"). */
    public val capability: JsonValue
        get() = JsonValue.Object(
            mapOf("frames" to JsonValue.Text("arraybuffer"), "inline" to JsonValue.Integer(inlineBelow.toLong()), "max" to JsonValue.Integer(maxLength.toLong())),
        )

    /** Keeps a binary frame `frame` posted, for its next message; false (and logged) when it is dropped. */
    public fun receive(frame: BridgeFrame, value: ByteArray, log: (String) -> Unit): Boolean {
        sweep(log)
        val waiting = frames.getOrPut(frame) { Waiting() }
        if (waiting.spoiled) {
            // Its message is refused anyway: keeping the rest of that message's values would only hold memory.
            log("dropped a binary frame of ${value.size} bytes: an earlier one of its message was dropped")
            return false
        }
        val reason = when {
            value.size > maxLength -> "it is over the limit of $maxLength bytes"
            heldBytes + value.size > maxHeldBytes -> "the WebView's frames would hold more than $maxHeldBytes bytes (BridgeTransfers.maxHeldBytes)"
            else -> null
        }
        if (reason != null) {
            log("dropped a binary frame of ${value.size} bytes: $reason; the message that names it is refused")
            drop(waiting)
            waiting.spoiled = true
            return false
        }
        if (waiting.values.isEmpty()) waiting.since = clock()
        waiting.values.addLast(value)
        heldBytes += value.size
        return true
    }

    /**
     * The values a message of `frame` names in its `$bytes` list of lengths, taken from what the
     * frame posted before it; what is left waiting is stray and dropped either way.
     */
    public fun take(frame: BridgeFrame, list: JsonValue?, log: (String) -> Unit): List<ByteArray>? {
        sweep(log)
        val waiting = frames.remove(frame)
        val values = waiting?.values ?: ArrayDeque()
        waiting?.let { heldBytes -= it.values.sumOf { value -> value.size.toLong() } }
        if (list == null) {
            if (values.isNotEmpty() || waiting?.spoiled == true) log("dropped ${values.size} binary frame(s) that no message named")
            return null
        }
        val lengths = lengths(list)
        if (waiting?.spoiled == true && lengths.isNotEmpty()) throw missing(0, lengths[0], null)
        for ((index, length) in lengths.withIndex()) {
            val value = values.getOrNull(index)
            if (value?.size != length) throw missing(index, length, value)
        }
        if (values.size > lengths.size) log("dropped ${values.size - lengths.size} binary frame(s) that no message named")
        return values.take(lengths.size)
    }

    private fun lengths(list: JsonValue): List<Int> {
        val items = (list as? JsonValue.Array)?.values
        val lengths = items?.mapNotNull { item ->
            val length = (item as? JsonValue.Object)?.members?.takeIf { it.size == 1 }?.get("length")
            (length as? JsonValue.Integer)?.value?.takeIf { it in 0..maxLength.toLong() }?.toInt()
        }
        if (items == null || lengths == null || lengths.size != items.size || items.size > MAX_PER_MESSAGE) {
            throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$bytes: expected an array of at most $MAX_PER_MESSAGE binary frame lengths")
        }
        return lengths
    }

    private fun missing(index: Int, length: Int, value: ByteArray?) =
        BridgeError(BridgeErrorCode.INVALID_PARAMS, "\$bytes[$index]: expected a binary frame of $length bytes before the message, got ${value?.size ?: "none"}")

    /** Forgets what waits: the page went away (navigation, process termination, uninstall). */
    public fun clear() {
        frames.clear()
        heldBytes = 0
    }

    private fun drop(waiting: Waiting) {
        heldBytes -= waiting.values.sumOf { it.size.toLong() }
        waiting.values.clear()
    }

    /** Drops what waited longer than [lifetimeMillis]; run at every operation, so no timer is needed. */
    private fun sweep(log: (String) -> Unit) {
        val now = clock()
        val iterator = frames.entries.iterator()
        while (iterator.hasNext()) {
            val waiting = iterator.next().value
            if (waiting.values.isNotEmpty() && now - waiting.since > lifetimeMillis) {
                log("dropped ${waiting.values.size} binary frame(s) that waited over ${lifetimeMillis / 1000} s for their message")
                drop(waiting)
                iterator.remove()
            }
        }
    }

    public companion object {
        /** Most values one message may name (the Swift runtime's `BridgeAttachments.maxPerMessage`). */
        public const val MAX_PER_MESSAGE: Int = 1024
    }
}

/**
 * The `bytes` values of the message being decoded and of the result being encoded, which cross
 * beside it: `{"$bytes": i}` stands for the i-th. Set around synchronous decoding and encoding on
 * the session's thread only, so a thread-local is enough (the handler runs between the two).
 */
internal object BridgeAttachments {
    val incoming = ThreadLocal<List<ByteArray>?>()
    val outgoing = ThreadLocal<Outgoing?>()

    /** The large values of one result, in the order its encoder met them. */
    class Outgoing(private val inlineBelow: Int, private val maxLength: Int) {
        val values = ArrayList<ByteArray>()

        /** The reference that stands for `value`, or null when it goes inline. */
        fun reference(value: ByteArray): JsonValue? {
            if (value.size < inlineBelow || value.size > maxLength) return null
            values.add(value)
            return JsonValue.Object(mapOf("\$bytes" to JsonValue.Integer(values.size - 1L)))
        }
    }

    /** The value `{"$bytes": i}` names in the message being decoded; null when `value` is not one. */
    fun resolve(value: JsonValue?): ByteArray? {
        val incoming = incoming.get() ?: return null
        val members = (value as? JsonValue.Object)?.members?.takeIf { it.size == 1 } ?: return null
        val index = (members["\$bytes"] as? JsonValue.Integer)?.value ?: return null
        return if (index >= 0 && index < incoming.size) incoming[index.toInt()] else null
    }
}

"""#),
RuntimeSource(name: "Values.kt", firstLine: 7, modifier: "public ", accessLines: [8, 127, 151, 188, 207, 237], body: #"""
/** Any JSON value: the Kotlin side of the IDL's `any`, and what results and payloads are encoded to. */
public sealed interface JsonValue {
    public data object Null : JsonValue
    public data class Bool(val value: Boolean) : JsonValue
    /** A JSON integer; values beyond +-(2^53-1) are refused when written to the page. */
    public data class Integer(val value: Long) : JsonValue
    public data class Real(val value: Double) : JsonValue
    public data class Text(val value: String) : JsonValue
    public data class Array(val values: List<JsonValue>) : JsonValue
    public data class Object(val members: Map<String, JsonValue>) : JsonValue

    /** Compact JSON text, object keys in Swift's order, so both native sides write the same bytes. */
    public val jsonText: String
        get() = StringBuilder().also { JsonWriter.write(this, it) }.toString()
}

/** Writes JSON text the way the Swift runtime's `JSONValue.write` does, byte for byte. */
internal object JsonWriter {
    /** Keys in the Swift runtime's order (`JSONValue.sortedKeys`): by their Unicode scalars as written. */
    fun sortedKeys(keys: Collection<String>): List<String> = keys.sortedWith { a, b -> compareScalars(a, b) }

    /** The fewest significant digits that read back as `value`, the nearest such (JDK 17's `toString` is not always shortest). */
    private fun shortestDecimal(value: Double): java.math.BigDecimal {
        val exact = java.math.BigDecimal(value)
        for (precision in 1..17) {
            val candidate = exact.round(java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN))
            if (candidate.toDouble() == value) return candidate.stripTrailingZeros()
        }
        return exact.round(java.math.MathContext(17, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros()
    }

    /** Code point order (UTF-16 unit order puts U+E000..U+FFFF after the supplementary planes). */
    fun compareScalars(a: String, b: String): Int {
        var i = 0
        var j = 0
        while (i < a.length && j < b.length) {
            val x = a.codePointAt(i)
            val y = b.codePointAt(j)
            if (x != y) return x.compareTo(y)
            i += Character.charCount(x)
            j += Character.charCount(y)
        }
        return (a.length - i).compareTo(b.length - j)
    }

    fun write(value: JsonValue, out: StringBuilder) {
        when (value) {
            JsonValue.Null -> out.append("null")
            is JsonValue.Bool -> out.append(if (value.value) "true" else "false")
            is JsonValue.Integer -> out.append(value.value)
            is JsonValue.Real -> out.append(if (value.value.isFinite()) swiftDouble(value.value) else "null")
            is JsonValue.Text -> writeString(value.value, out)
            is JsonValue.Array -> {
                out.append('[')
                value.values.forEachIndexed { index, element ->
                    if (index > 0) out.append(',')
                    write(element, out)
                }
                out.append(']')
            }
            is JsonValue.Object -> {
                out.append('{')
                sortedKeys(value.members.keys).forEachIndexed { index, key ->
                    if (index > 0) out.append(',')
                    writeString(key, out)
                    out.append(':')
                    write(value.members.getValue(key), out)
                }
                out.append('}')
            }
        }
    }

    /** `text` as a JSON string: `"` and `\` escaped, controls as escapes, everything else as it is. */
    fun writeString(text: String, out: StringBuilder) {
        out.append('"')
        for (c in text) {
            when {
                c == '"' || c == '\\' -> out.append('\\').append(c)
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' -> appendEscape(c, out)
                else -> out.append(c)
            }
        }
        out.append('"')
    }

    /** `\uXXXX`, lowercase hex digits. */
    fun appendEscape(unit: Char, out: StringBuilder) {
        val digits = "0123456789abcdef"
        val code = unit.code
        out.append("\\u").append(digits[code shr 12]).append(digits[code shr 8 and 0xF])
            .append(digits[code shr 4 and 0xF]).append(digits[code and 0xF])
    }

    /**
     * A finite double as Swift's `description` writes it: the shortest digits that read back
     * to the same value, positional from 1e-4 up to below 1e16 (`100.0`, `0.0001`), else
     * exponential with a signed two-digit exponent (`1e+16`, `1.5e-05`).
     */
    fun swiftDouble(value: Double): String {
        if (value == 0.0) return if (1.0 / value < 0) "-0.0" else "0.0"
        val decimal = shortestDecimal(value)
        val digits = decimal.unscaledValue().abs().toString()
        val exponent = digits.length - 1 - decimal.scale()  // of the first digit
        val sign = if (value < 0) "-" else ""
        if (exponent < -4 || exponent >= 16) {
            val mantissa = if (digits.length == 1) digits else digits[0] + "." + digits.substring(1)
            val exponentText = Math.abs(exponent).toString().padStart(2, '0')
            return sign + mantissa + "e" + (if (exponent < 0) "-" else "+") + exponentText
        }
        if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits
        if (digits.length <= exponent + 1) return sign + digits + "0".repeat(exponent + 1 - digits.length) + ".0"
        return sign + digits.substring(0, exponent + 1) + "." + digits.substring(exponent + 1)
    }
}

/** The bridge's own error codes (docs/WIRE.md); application errors use codes >= 1. */
public enum class BridgeErrorCode(public val code: Int) {
    OK(0),
    UNKNOWN_METHOD(-1),
    INVALID_MESSAGE(-2),
    INVALID_PARAMS(-3),
    UNTRUSTED_ORIGIN(-4),
    HANDLER_UNAVAILABLE(-5),
    INTERNAL_ERROR(-6),
    NOT_IN_APP(-7),
    TIMEOUT(-8),
    ABORTED(-9),
    NOT_IMPLEMENTED(-10),
    PAGE_NOT_LOADED(-11),
    PAGE_ERROR(-12),
    INVALID_RESULT(-13),
    PROCESS_TERMINATED(-14),
}

/**
 * An error with a code, a message and data that reaches the page intact: the bridge's own
 * codes, and the failure envelope of a module's application error. Handlers usually throw the
 * module's typed error (`SampleError`) instead; any other exception reaches the page as
 * `internalError` with a generic message.
 */
public class BridgeError(
    public val code: Int,
    override val message: String,
    /** The envelope's `data`: an application error's fields, else null. */
    public val data: JsonValue = JsonValue.Null,
) : Exception(message) {
    public constructor(code: BridgeErrorCode, message: String) : this(code.code, message)

    override fun toString(): String = "BridgeError($code): $message"

    override fun equals(other: Any?): Boolean = other is BridgeError && other.code == code && other.message == message && other.data == data

    override fun hashCode(): Int = 31 * (31 * code + message.hashCode()) + data.hashCode()

    public companion object {
        /**
         * The error as the page sees it: bridge errors intact, application errors with their
         * data, anything else (an application error whose data cannot be encoded too) as `internalError`.
         */
        public fun reaching(error: Throwable): BridgeError = when (error) {
            is BridgeError -> error
            is BridgeApplicationError -> try {
                error.bridgeError()
            } catch (failure: Exception) {
                BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
            }
            else -> BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
    }
}

/**
 * A module's application errors, the base of the generated `sealed class SampleError`: a
 * request's handler throws one to reject with its code, message and typed data, and a page
 * call throws one when the page rejects with it. Each error is a data class, compared by its
 * data and message.
 */
public abstract class BridgeApplicationError : Exception() {
    /** The code on the wire, >= 1. */
    public abstract val code: Int

    /** What the page sees as the message: the one given, else the schema's doc. */
    abstract override val message: String

    /**
     * The envelope's `data` at `path`: the error's fields, or null for an error without any.
     * Throws an `internalError` [BridgeError] when a value cannot be encoded (an `int` beyond
     * +-(2^53-1), a non-finite `double`).
     */
    protected open fun encodeData(path: BridgePath): JsonValue = JsonValue.Null

    /** The failure envelope the page receives, `data` encoded; throws as [encodeData] does. */
    public fun bridgeError(): BridgeError = BridgeError(code, message, encodeData(BridgePath("data")))
}

/** What every request is answered with: `{errcode, errmsg, data}`, written in that key order. */
public data class BridgeEnvelope(
    val errcode: Int,
    val errmsg: String,
    val data: JsonValue,
    /** The lengths of the binary frames posted before the answer, which `{"$bytes": i}` in `data` name (`$bytes`). */
    val binaryLengths: List<Int> = emptyList(),
) {
    public val jsonText: String
        get() {
            val out = StringBuilder("{\"errcode\":").append(errcode).append(",\"errmsg\":")
            JsonWriter.writeString(errmsg, out)
            out.append(",\"data\":")
            JsonWriter.write(data, out)
            if (binaryLengths.isNotEmpty()) out.append(",\"\$bytes\":").append(binaryLengths.joinToString(",", "[", "]") { "{\"length\":$it}" })
            return out.append('}').toString()
        }

    public companion object {
        public fun success(data: JsonValue): BridgeEnvelope = BridgeEnvelope(0, "ok", data)

        public fun failure(error: BridgeError): BridgeEnvelope = BridgeEnvelope(error.code, error.message, error.data)
    }
}

/**
 * Equality and hashing by content for the generated data classes that hold `bytes`: a
 * [ByteArray] compares by identity, so a data class's own `equals` would call two decodings of
 * one message different (Swift's `Data` compares by content). Lists and maps are walked, since
 * their `equals` compares `ByteArray` elements by identity too.
 */
public object BridgeContent {
    public fun equal(a: Any?, b: Any?): Boolean = when {
        a is ByteArray && b is ByteArray -> a.contentEquals(b)
        a is List<*> && b is List<*> -> a.size == b.size && a.indices.all { equal(a[it], b[it]) }
        a is Map<*, *> && b is Map<*, *> -> a.size == b.size && a.all { (key, value) -> b.containsKey(key) && equal(value, b[key]) }
        else -> a == b
    }

    public fun hash(vararg values: Any?): Int = values.fold(0) { hash, value -> 31 * hash + hashOf(value) }

    private fun hashOf(value: Any?): Int = when (value) {
        is ByteArray -> value.contentHashCode()
        is List<*> -> value.fold(1) { hash, element -> 31 * hash + hashOf(element) }
        // A map's hash is the sum of its entries', whatever their order.
        is Map<*, *> -> value.entries.sumOf { (key, element) -> (key?.hashCode() ?: 0) xor hashOf(element) }
        else -> value?.hashCode() ?: 0
    }
}

"""#),
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
