// Test-only stand-in for android.webkit.WebViewClient and the types of the callbacks apps
// override to wire the bridge (AOSP's WebViewClient.java, RenderProcessGoneDetail.java,
// WebResourceRequest.java, WebResourceResponse.java). The SDK leaves these parameters without
// nullability annotations, so Kotlin sees platform types: an override written as here (a non-null
// view and url, a nullable favicon) compiles against the SDK too, and nothing kinder is offered.

@file:Suppress("UNUSED_PARAMETER")

package android.webkit

import android.graphics.Bitmap
import android.net.Uri

open class WebViewClient {
    /** API 1: once per main-frame load, on the UI thread, with the URL being loaded. */
    open fun onPageStarted(view: WebView, url: String, favicon: Bitmap?) {}

    /** API 26: return true (then destroy the view), or the app goes down with the renderer. */
    open fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean = false

    /** API 21: called on a WebView background thread, not the UI thread; null loads as usual. */
    open fun shouldInterceptRequest(view: WebView, request: WebResourceRequest): WebResourceResponse? = null
}

/** API 26. */
abstract class RenderProcessGoneDetail {
    abstract fun didCrash(): Boolean
    abstract fun rendererPriorityAtExit(): Int
}

/** API 21. */
interface WebResourceRequest {
    val url: Uri
    val isForMainFrame: Boolean
}

/** API 11. */
class WebResourceResponse(mimeType: String?, encoding: String?, data: java.io.InputStream?)
