// bridgegen's Kotlin runtime: the items of a stream method, emitted by its handler.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.suspendCancellableCoroutine
import kotlinx.coroutines.yield

/**
 * What a `kind: stream` handler sends its items through, before it returns the stream's final
 * result (docs/WIRE.md, "Streams"). Each [emit] posts an item frame through the reply proxy of
 * the frame that sent the request, so items arrive in order and before the answer; with a
 * window (the request's `$window`), it first suspends while that many items are out that the
 * page's loop has not read (`$read`); at most [BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND] items
 * a second go out (a faster [emit] suspends).
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
        reply.window?.takeRoom(reply)
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

/**
 * A stream's flow control (docs/WIRE.md, "Streams"): at most [size] items out that the page's
 * loop has not taken. The page says how many it took with `$read`, cumulatively. Touched on the
 * session's thread only.
 */
internal class BridgeStreamWindow(val size: Int) {
    /** Items sent so far, each counted once it had room. */
    private var sent = 0

    /** The most items the page said its loop took, never more than [sent]. */
    private var taken = 0
    private val waiters = ArrayList<kotlinx.coroutines.CancellableContinuation<Unit>>()

    /**
     * The page's loop took [count] items in all: capped at the items sent, and a lower count
     * than before (a late post) changes nothing.
     */
    fun read(count: Long) {
        val capped = minOf(count, sent.toLong()).toInt()
        if (capped <= taken) return
        taken = capped
        wake()
    }

    /** Resumes every [takeRoom], which looks again (a cancelled one ignores it). */
    fun wake() {
        val waiting = waiters.toList()
        waiters.clear()
        for (waiter in waiting) waiter.resumeWith(Result.success(Unit))
    }

    /**
     * Returns once fewer than [size] items are out unread, the next one counted as sent then (so
     * two concurrent emits cannot both take the last room); throws `CancellationException` when
     * the coroutine is cancelled or [reply] is answered meanwhile (which wakes it).
     */
    suspend fun takeRoom(reply: BridgeReply) {
        while (sent - taken >= size) {
            currentCoroutineContext().ensureActive()
            if (reply.isAnswered) throw kotlinx.coroutines.CancellationException("the stream's request has ended")
            suspendCancellableCoroutine { waiters.add(it) }
        }
        sent += 1
    }

    companion object {
        /** A request's `$window`: absent (null) or an integer from 1 to 1024, else `invalidMessage`. */
        fun size(value: JsonValue?): Int? {
            if (value == null) return null
            val size = try {
                BridgeDecode.int(value, BridgePath("\$window"))
            } catch (error: BridgeError) {
                null
            }
            if (size == null || size !in 1L..1024L) {
                throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$window: expected an integer from 1 to 1024")
            }
            return size.toInt()
        }

        /** A `$read` count: an int, at least 0. */
        fun count(value: JsonValue?, path: BridgePath): Long {
            val count = BridgeDecode.int(value, path)
            if (count < 0) throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected an int >= 0, got $count")
            return count
        }
    }
}

/**
 * Reads the request's `$window` for the stream it starts: refused `invalidMessage` before the
 * handler runs when it is not an integer from 1 to 1024.
 */
internal fun BridgeReply.openWindow() {
    window = BridgeStreamWindow.size(requestedWindow)?.let { BridgeStreamWindow(it) }
}
