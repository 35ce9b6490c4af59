// bridgegen's Kotlin runtime: who sent the message a handler is running for.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import kotlinx.coroutines.asContextElement

/**
 * The frame whose message a handler is running for: its origin and whether it is the main
 * frame, as the origin policy saw them. No handler signature carries it: read
 * [BridgeCaller.current] in a handler, a send's (on the WebView's thread) or a request's (in
 * its coroutine, on whatever thread it resumes); it is null outside a handler. The policy has
 * already admitted the frame; a handler that must be stricter for one method (a payment from
 * the main frame only) checks [isMainFrame] here. The Swift side's `BridgeCaller.current`.
 */
public data class BridgeCaller(
    /** The origin's scheme (`https`, `app`). */
    val scheme: String,
    /** The origin's host; empty for origins that have none. */
    val host: String,
    /** The origin's port; 0 for the scheme's default. */
    val port: Int,
    /** Whether the message came from the main frame (not an iframe). */
    val isMainFrame: Boolean,
) {
    internal constructor(origin: BridgeOrigin) : this(origin.scheme, origin.host, maxOf(origin.port, 0), origin.isMainFrame)

    /** `https://example.com:8443, main frame` (the port only when there is one). */
    override fun toString(): String = "$scheme://$host${if (port == 0) "" else ":$port"}, ${if (isMainFrame) "main frame" else "subframe"}"

    public companion object {
        private val running = ThreadLocal<BridgeCaller?>()

        /** The caller of the handler running now; null outside a handler. */
        public val current: BridgeCaller? get() = running.get()

        /** Runs a send's handler (and starts a request's coroutine) with `caller` as [current]. */
        internal fun <T> during(caller: BridgeCaller?, body: () -> T): T = running.bound(caller, body)

        /** [current] inside a request's coroutine, wherever it resumes. */
        internal fun element(caller: BridgeCaller?): kotlin.coroutines.CoroutineContext = running.asContextElement(caller)
    }
}

/** Runs `block` with this thread-local holding `value`, then puts back what it held before. */
internal inline fun <V, R> ThreadLocal<V>.bound(value: V, block: () -> R): R {
    val before = get()
    set(value)
    try {
        return block()
    } finally {
        set(before)
    }
}
