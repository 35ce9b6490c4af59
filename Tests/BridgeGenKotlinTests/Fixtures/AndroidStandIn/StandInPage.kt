// The tests' side of the androidx.webkit stand-in (not part of the SDK's shape): frames that get
// the objects and document-start scripts whose origin rules match when they navigate and post
// through the objects, the page's view of what reply proxies deliver, and the view's looper.

package androidx.webkit

import android.net.Uri
import android.webkit.WebView

/** A frame of a stand-in page: `origin` is `scheme://host[:port]`, or "null" for file and content frames. */
class StandInFrame(private val webView: WebView, val origin: String, val isMainFrame: Boolean) {
    private val objects = HashMap<String, WebViewCompat.Registration>()
    private val proxies = HashMap<String, JavaScriptReplyProxy>()
    /** What the page received through each object (`event.data`), as `name: data`. */
    val received = ArrayList<String>()
    /** The ArrayBuffers the page received through the objects, in order (`received` names each by its size). */
    val receivedBytes = ArrayList<ByteArray>()
    /** The document-start scripts the frame ran at its last navigation, in order. */
    val scripts = ArrayList<String>()

    init {
        navigate()
    }

    /** A navigation: the frame gets the objects registered now whose rules match its origin. */
    fun navigate() {
        objects.clear()
        proxies.clear()
        scripts.clear()
        for ((name, registration) in webView.listeners) {
            registration as WebViewCompat.Registration
            if (OriginRules.matches(registration.rules, origin)) objects[name] = registration
        }
        for (script in webView.documentStartScripts) {
            if (!script.removed && OriginRules.matches(script.rules, origin)) scripts.add(script.script)
        }
    }

    fun has(name: String): Boolean = name in objects

    /** `window.<name>.postMessage(text)`: delivered in a later task of the view's looper, while the listener is registered. */
    fun postMessage(name: String, text: String) = post(name, WebMessageCompat(text))

    fun postArrayBuffer(name: String, bytes: ByteArray) = post(name, WebMessageCompat(bytes))

    private fun post(name: String, message: WebMessageCompat) {
        val registration = objects[name] ?: throw IllegalStateException("window.$name is undefined in a frame of $origin")
        val proxy = proxies.getOrPut(name) { Proxy(name) }
        webView.tasks.addLast {
            if (registration.delivering) registration.listener.onPostMessage(webView, message, Uri.parse(origin), isMainFrame, proxy)
        }
    }

    private inner class Proxy(private val name: String) : JavaScriptReplyProxy() {
        override fun postMessage(message: String) {
            webView.checkThread()
            received.add("$name: $message")
        }

        override fun postMessage(arrayBuffer: ByteArray) {
            WebViewFeature.require(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)
            webView.checkThread()
            received.add("$name: <${arrayBuffer.size} bytes>")
            // The page gets its own ArrayBuffer: what native does with its array later cannot change it.
            receivedBytes.add(arrayBuffer.copyOf())
        }
    }
}

object StandIn {
    /** Runs the view's looper until it is idle. */
    fun runTasks(webView: WebView) {
        while (webView.tasks.isNotEmpty()) webView.tasks.removeFirst()()
    }

    fun evaluated(webView: WebView): List<String> = webView.evaluated

    fun listenerNames(webView: WebView): List<String> = webView.listeners.keys.toList()

    /** What the installed WebView APK supports. */
    val features: MutableSet<String> get() = WebViewFeature.supported
}
