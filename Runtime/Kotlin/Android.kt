// bridgegen's Kotlin runtime: the androidx.webkit glue: install and uninstall per WebView, the
// origin rules, messages from the listener into the session, answers through reply proxies, and
// the log line for a page no origin rule admits.
// Embedded into every generated BridgeGenAndroid.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import android.net.Uri
import android.webkit.WebView
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.ScriptHandler
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature
import kotlinx.coroutines.CoroutineScope

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
