// Test-only stand-in for android.webkit.WebView and ValueCallback, in the shapes of the SDK's
// own declarations (AOSP's WebView.java), strict where the platform is: every method checks
// that it runs on the thread that created the view, as apps targeting API 18+ see it. Its `internal` state is what the androidx.webkit
// stand-in and StandInPage.kt (the tests' side) read; generated code sees only the SDK's shape.

package android.webkit

import android.content.Context

fun interface ValueCallback<T> {
    fun onReceiveValue(value: T)
}

open class WebView(context: Context) {
    internal val owner: Thread = Thread.currentThread()
    /** Listeners by object name: what `addWebMessageListener` registered and not removed. */
    internal val listeners = LinkedHashMap<String, Any>()
    /** What `addDocumentStartJavaScript` added, in order (removed ones too, marked). */
    internal val documentStartScripts = ArrayList<androidx.webkit.WebViewCompat.DocumentStartScript>()
    /** Work the view's looper runs later: message deliveries. */
    internal val tasks = ArrayDeque<() -> Unit>()
    /** Scripts `evaluateJavascript` ran in the main frame, in order. */
    internal val evaluated = ArrayList<String>()
    internal var destroyed = false
    private var currentUrl: String? = null
    private var client = WebViewClient()

    internal fun checkThread() {
        val current = Thread.currentThread()
        if (current !== owner) {
            throw RuntimeException(
                "java.lang.Throwable: A WebView method was called on thread '${current.name}'. All WebView methods must be called on the same thread. " +
                    "(Expected Looper on thread '${owner.name}')")
        }
    }

    val url: String?
        get() {
            checkThread()
            return currentUrl
        }

    /** The main frame navigates: the client hears `onPageStarted` in a later task of the looper, as on the platform. */
    fun loadUrl(url: String) {
        checkThread()
        currentUrl = url
        tasks.addLast { if (!destroyed) client.onPageStarted(this, url, null) }
    }

    fun setWebViewClient(client: WebViewClient) {
        checkThread()
        this.client = client
    }

    fun evaluateJavascript(script: String, resultCallback: ValueCallback<String>?) {
        checkThread()
        if (destroyed) return
        evaluated.add(script)
        // Not a JavaScript engine: a body's Promise is never awaited, so its completion value is `{}`.
        if (resultCallback != null) tasks.addLast { resultCallback.onReceiveValue("{}") }
    }

    fun post(action: Runnable): Boolean {
        tasks.addLast { action.run() }
        return true
    }

    fun destroy() {
        checkThread()
        destroyed = true
        listeners.clear()
    }
}
