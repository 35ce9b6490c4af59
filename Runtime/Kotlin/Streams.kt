// bridgegen's Kotlin runtime: the items of a stream method, emitted by its handler.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.yield

/**
 * What a `kind: stream` handler sends its items through, before it returns the stream's final
 * result (docs/WIRE.md, "Streams"). Each [emit] posts an item frame through the reply proxy of
 * the frame that sent the request, so items arrive in order and before the answer; at most
 * [BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND] items a second go out (a faster [emit] suspends).
 * When the page stops reading (it left its loop, aborted, navigated) its `$cancel` cancels the
 * handler's coroutine and [emit] throws `CancellationException`. The Swift side's `yield`.
 */
public class BridgeStream<Item> internal constructor(
    private val reply: BridgeReply,
    private val session: BridgeSession,
    private val id: String,
    private val encode: (Item, BridgePath) -> JsonValue,
) {
    private var windowStart = System.nanoTime()
    private var windowCount = 0

    /**
     * Sends [item] to the page, on the session's thread whatever the caller's. Throws
     * `CancellationException` when the request was cancelled or has ended, and an
     * `internalError` [BridgeError] (logged) when the item cannot be encoded or its JSON is
     * larger than [BridgeLimits.MAX_STREAM_ITEM_BYTES].
     */
    public suspend fun emit(item: Item) {
        session.onSessionThread { deliver(item) }
    }

    private suspend fun deliver(item: Item) {
        currentCoroutineContext().ensureActive()
        ensureOpen()
        val json = encoded(item)
        pace()
        ensureOpen()
        val frame = reply.frame ?: throw kotlinx.coroutines.CancellationException("no frame can be sent the stream's items")
        frame.post("{\"item\":" + JsonValue.Text(id).jsonText + ",\"value\":" + json + "}")
        // Lets the thread read the page's messages (its `$cancel`) between items; throws once cancelled.
        yield()
    }

    /** A handler emitting from a coroutine of its own still stops once the request ended. */
    private fun ensureOpen() {
        if (reply.isAnswered) throw kotlinx.coroutines.CancellationException("the stream's request has ended")
    }

    private fun encoded(item: Item): String {
        val json = try {
            encode(item, BridgePath("item")).jsonText
        } catch (error: Exception) {
            reply.log("a stream item cannot be encoded: $error")
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
        if (Utf8.encode(json).size > BridgeLimits.MAX_STREAM_ITEM_BYTES) {
            reply.log("internal error: a stream item is larger than ${BridgeLimits.MAX_STREAM_ITEM_BYTES} bytes of JSON (BridgeLimits.MAX_STREAM_ITEM_BYTES)")
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
        return json
    }

    /** Waits for the next one-second window once this one delivered its share of items. */
    private suspend fun pace() {
        val now = System.nanoTime()
        if (now - windowStart >= NANOS_PER_SECOND) {
            windowStart = now
            windowCount = 0
        }
        if (windowCount >= BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND) {
            // Rounded up, so the wait never ends inside the window it waits out.
            delay((windowStart + NANOS_PER_SECOND - now + 999_999) / 1_000_000)
            windowStart = System.nanoTime()
            windowCount = 0
        }
        windowCount += 1
    }

    private companion object {
        const val NANOS_PER_SECOND = 1_000_000_000L
    }
}
