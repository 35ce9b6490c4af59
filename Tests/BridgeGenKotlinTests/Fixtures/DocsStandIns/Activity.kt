// Test-only stand-ins for what docs/ANDROID.md's examples use beyond the glue's stand-in (an
// Activity, its lifecycle scope, WebView settings, WebViewAssetLoader, Log, the app's
// BuildConfig), so those examples compile as written. Only shapes.

@file:Suppress("UNUSED_PARAMETER")

package androidx.appcompat.app

import android.content.Context
import android.os.Bundle
import androidx.lifecycle.LifecycleOwner

open class AppCompatActivity : Context(), LifecycleOwner {
    open fun onCreate(savedInstanceState: Bundle?) {}
}
