// Test-only stand-ins (see Activity.kt): androidx.webkit's WebViewAssetLoader, in the shapes
// of its Java source (WebViewAssetLoader.java), which docs/ANDROID.md's install example uses to
// serve the bundled page from https://appassets.androidplatform.net.

@file:Suppress("UNUSED_PARAMETER")

package androidx.webkit

import android.content.Context
import android.net.Uri
import android.webkit.WebResourceResponse

class WebViewAssetLoader private constructor() {
    /** Called from `WebViewClient.shouldInterceptRequest`, on a WebView background thread. */
    fun shouldInterceptRequest(url: Uri): WebResourceResponse? = null

    interface PathHandler {
        fun handle(path: String): WebResourceResponse?
    }

    class AssetsPathHandler(context: Context) : PathHandler {
        override fun handle(path: String): WebResourceResponse? = null
    }

    class Builder {
        fun setDomain(domain: String): Builder = this
        fun addPathHandler(path: String, handler: PathHandler): Builder = this
        fun build(): WebViewAssetLoader = WebViewAssetLoader()
    }

    companion object {
        const val DEFAULT_DOMAIN: String = "appassets.androidplatform.net"
    }
}
