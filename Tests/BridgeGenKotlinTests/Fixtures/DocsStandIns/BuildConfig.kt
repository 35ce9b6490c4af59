// Test-only stand-in (see Activity.kt): the BuildConfig class AGP generates into the app's own
// package when `buildFeatures.buildConfig` is on (the docs' examples are compiled in `bridgegen`).

package bridgegen

object BuildConfig {
    const val DEBUG: Boolean = true
}
