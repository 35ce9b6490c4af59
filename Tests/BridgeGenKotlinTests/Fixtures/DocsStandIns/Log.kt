// Test-only stand-ins (see Activity.kt): android.util.Log's static `w`, where the docs'
// install example sends the bridge's log lines.

@file:Suppress("UNUSED_PARAMETER")

package android.util

object Log {
    @JvmStatic
    fun w(tag: String, msg: String?): Int = 0
}
