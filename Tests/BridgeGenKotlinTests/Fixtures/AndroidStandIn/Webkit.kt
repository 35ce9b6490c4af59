// Test-only stand-in for androidx.webkit (its Java sources and api/current.txt): feature gating that
// throws as the library does, origin rules validated and matched as the WebView does, one reply
// proxy per (frame, object), deliveries in a later task of the view's looper, removal that stops
// delivery, document-start scripts that a frame runs from its next navigation. What tests drive lives in StandInPage.kt.

package androidx.webkit

import android.net.Uri
import android.webkit.WebView

object WebViewFeature {
    const val WEB_MESSAGE_LISTENER: String = "WEB_MESSAGE_LISTENER"
    const val DOCUMENT_START_SCRIPT: String = "DOCUMENT_START_SCRIPT"
    const val WEB_MESSAGE_ARRAY_BUFFER: String = "WEB_MESSAGE_ARRAY_BUFFER"
    const val POST_WEB_MESSAGE: String = "POST_WEB_MESSAGE"

    /** What the installed WebView APK supports (a test changes it). */
    internal val supported = mutableSetOf(WEB_MESSAGE_LISTENER, DOCUMENT_START_SCRIPT, WEB_MESSAGE_ARRAY_BUFFER, POST_WEB_MESSAGE)

    @JvmStatic
    fun isFeatureSupported(feature: String): Boolean = feature in supported

    internal fun require(feature: String) {
        if (feature !in supported) {
            throw UnsupportedOperationException("This method is not supported by the current version of the framework and the current WebView APK")
        }
    }
}

abstract class WebMessagePortCompat internal constructor()

class WebMessageCompat private constructor(private val text: String?, private val bytes: ByteArray?, val ports: Array<WebMessagePortCompat>?) {
    constructor(data: String?) : this(data, null, null)
    constructor(data: String?, ports: Array<WebMessagePortCompat>?) : this(data, null, ports)
    constructor(arrayBuffer: ByteArray) : this(null, arrayBuffer, null)

    val type: Int get() = if (bytes == null) TYPE_STRING else TYPE_ARRAY_BUFFER

    val data: String?
        get() {
            // androidx's own words: the message's type "expected", the accessor's "got".
            check(type == TYPE_STRING) { "Wrong data accessor type detected. ArrayBuffer expected, but got String" }
            return text
        }

    val arrayBuffer: ByteArray
        get() {
            check(type == TYPE_ARRAY_BUFFER) { "Wrong data accessor type detected. String expected, but got ArrayBuffer" }
            return bytes!!
        }

    companion object {
        const val TYPE_STRING: Int = 0
        const val TYPE_ARRAY_BUFFER: Int = 1
    }
}

abstract class JavaScriptReplyProxy internal constructor() {
    abstract fun postMessage(message: String)
    abstract fun postMessage(arrayBuffer: ByteArray)
}

interface ScriptHandler {
    fun remove()
}

object WebViewCompat {
    fun interface WebMessageListener {
        fun onPostMessage(view: WebView, message: WebMessageCompat, sourceOrigin: Uri, isMainFrame: Boolean, replyProxy: JavaScriptReplyProxy)
    }

    /** A registration: its rules and listener, and whether it still delivers. */
    internal class Registration(val rules: Set<String>, val listener: WebMessageListener) {
        var delivering = true
    }

    @JvmStatic
    fun addWebMessageListener(webView: WebView, jsObjectName: String, allowedOriginRules: Set<String>, listener: WebMessageListener) {
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_LISTENER)
        webView.checkThread()
        for (rule in allowedOriginRules) OriginRules.validate(rule)
        require(jsObjectName !in webView.listeners) { "jsObjectName $jsObjectName was already added." }
        webView.listeners[jsObjectName] = Registration(allowedOriginRules.toSet(), listener)
    }

    /** A document-start script: its text and rules, until `remove` (effective from the next navigation). */
    internal class DocumentStartScript(private val webView: WebView, val script: String, val rules: Set<String>) : ScriptHandler {
        var removed = false

        override fun remove() {
            WebViewFeature.require(WebViewFeature.DOCUMENT_START_SCRIPT)
            webView.checkThread()
            removed = true
        }
    }

    @JvmStatic
    fun addDocumentStartJavaScript(webview: WebView, script: String, allowedOriginRules: Set<String>): ScriptHandler {
        WebViewFeature.require(WebViewFeature.DOCUMENT_START_SCRIPT)
        webview.checkThread()
        for (rule in allowedOriginRules) OriginRules.validate(rule)
        val handler = DocumentStartScript(webview, script, allowedOriginRules.toSet())
        webview.documentStartScripts.add(handler)
        return handler
    }

    @JvmStatic
    fun removeWebMessageListener(webview: WebView, jsObjectName: String) {
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_LISTENER)
        webview.checkThread()
        (webview.listeners.remove(jsObjectName) as? Registration)?.delivering = false
    }
}

/** `allowedOriginRules` as the WebView reads them (docs/ANDROID.md, "Origin rules"; WebViewCompat.addWebMessageListener's table). */
internal object OriginRules {
    private fun malformed(rule: String): Nothing = throw IllegalArgumentException("allowedOriginRules $rule is invalid")

    fun validate(rule: String) {
        if (rule == "*") return
        val schemeEnd = rule.indexOf("://")
        if (schemeEnd <= 0) malformed(rule)
        val scheme = rule.substring(0, schemeEnd)
        if (!scheme.all { it.isLetterOrDigit() || it in "+-." } || !scheme[0].isLetter()) malformed(rule)
        val rest = rule.substring(schemeEnd + 3)
        if ('/' in rest || '?' in rest || '#' in rest) malformed(rule)
        if (scheme != "http" && scheme != "https") {
            if (rest.isNotEmpty()) malformed(rule)
            return
        }
        if (rest.isEmpty()) malformed(rule)
        val host = if (rest.startsWith("[")) rest.substringBefore(']') + "]" else rest.substringBefore(':')
        val port = rest.removePrefix(host)
        if (port.isNotEmpty() && (!port.startsWith(":") || port.length == 1 || !port.drop(1).all { it.isDigit() })) malformed(rule)
        val name = host.removePrefix("*.")
        if (name.isEmpty() || '*' in name) malformed(rule)
    }

    /** Whether a frame of `origin` (scheme://host[:port], or "null") gets an object registered with `rules`. */
    fun matches(rules: Set<String>, origin: String): Boolean {
        if ("*" in rules) return true
        val uri = Uri.parse(origin)
        val scheme = uri.scheme?.lowercase() ?: return false
        val host = uri.host?.lowercase()
        return rules.any { rule ->
            val ruleScheme = rule.substringBefore("://").lowercase()
            if (ruleScheme != scheme) return@any false
            if (scheme != "http" && scheme != "https") return@any true
            host ?: return@any false
            val rest = rule.substringAfter("://").lowercase()
            val ruleHost = if (rest.startsWith("[")) rest.substringBefore(']') + "]" else rest.substringBefore(':')
            val defaultPort = if (scheme == "https") 443 else 80
            val rulePort = rest.removePrefix(ruleHost).removePrefix(":").toIntOrNull() ?: defaultPort
            val port = if (uri.port == -1) defaultPort else uri.port
            val hostMatches = if (ruleHost.startsWith("*.")) host.endsWith(ruleHost.substring(1)) else host == ruleHost
            hostMatches && port == rulePort
        }
    }
}
