// Test-only stand-ins (see Activity.kt): android.os.Bundle, androidx.lifecycle's scope, WebSettings.

package androidx.lifecycle

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers

interface LifecycleOwner

val LifecycleOwner.lifecycleScope: CoroutineScope get() = CoroutineScope(Dispatchers.Unconfined)
