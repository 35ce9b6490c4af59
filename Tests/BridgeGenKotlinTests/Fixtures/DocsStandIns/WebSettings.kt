// Test-only stand-ins (see Activity.kt): WebView.getSettings(), which the glue never touches.

package android.webkit

class WebSettings {
    var javaScriptEnabled: Boolean = false
}

val WebView.settings: WebSettings get() = WebSettings()
