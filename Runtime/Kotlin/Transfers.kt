// bridgegen's Kotlin runtime: large `bytes` values of requests that cross beside the message as
// binary frames (ArrayBuffer messages on the module's object) instead of base64 (docs/WIRE.md,
// "Bytes at platform speed (Android)"). Platform-free: the glue hands it the frames it receives.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/**
 * The binary frames of one WebView that wait for the message that names them: per sending
 * frame (its reply proxy), in the order they came, since the page posts a request's values and
 * then its message in one task, on one object, which the WebView delivers in order. What a
 * message does not claim is stray and dropped. Call it on the WebView's thread.
 */
public class BridgeTransfers(
    /** The longest value, in bytes, on this path (inline base64 stays at [BridgeLimits.MAX_BYTES_LENGTH]). */
    maxLength: Int = 64 shl 20,
    /** Values shorter than this travel inline as base64, where the message path is faster. */
    inlineBelow: Int = 64 shl 10,
    /** The most bytes held at once for the WebView's frames, not yet claimed. */
    maxHeldBytes: Int? = null,
    /** How long an unclaimed frame is kept, in milliseconds. */
    public val lifetimeMillis: Long = 60_000,
    private val clock: () -> Long = { System.nanoTime() / 1_000_000 },
) {
    public val maxLength: Int = maxOf(maxLength, 0)
    public val inlineBelow: Int = maxOf(inlineBelow, 1)
    public val maxHeldBytes: Int = maxHeldBytes ?: (2L * this.maxLength).coerceAtMost(Int.MAX_VALUE.toLong()).toInt()

    private class Waiting {
        val values = ArrayDeque<ByteArray>()
        /** When the oldest value came, in milliseconds of [clock]. */
        var since = 0L
        /** A value was dropped (over the limit or the bound): the frame's next message cannot get it. */
        var spoiled = false
    }

    private val frames = LinkedHashMap<BridgeFrame, Waiting>()

    /** Bytes held now ([maxHeldBytes] bounds it). */
    public var heldBytes: Long = 0
        private set

    /** Values held now. */
    public val count: Int get() = frames.values.sumOf { it.values.size }

    /** The `bytes` member of a module's capabilities (docs/WIRE.md, "Capabilities"). */
    public val capability: JsonValue
        get() = JsonValue.Object(
            mapOf("frames" to JsonValue.Text("arraybuffer"), "inline" to JsonValue.Integer(inlineBelow.toLong()), "max" to JsonValue.Integer(maxLength.toLong())),
        )

    /** Keeps a binary frame `frame` posted, for its next message; false (and logged) when it is dropped. */
    public fun receive(frame: BridgeFrame, value: ByteArray, log: (String) -> Unit): Boolean {
        sweep(log)
        val waiting = frames.getOrPut(frame) { Waiting() }
        if (waiting.spoiled) {
            // Its message is refused anyway: keeping the rest of that message's values would only hold memory.
            log("dropped a binary frame of ${value.size} bytes: an earlier one of its message was dropped")
            return false
        }
        val reason = when {
            value.size > maxLength -> "it is over the limit of $maxLength bytes"
            heldBytes + value.size > maxHeldBytes -> "the WebView's frames would hold more than $maxHeldBytes bytes (BridgeTransfers.maxHeldBytes)"
            else -> null
        }
        if (reason != null) {
            log("dropped a binary frame of ${value.size} bytes: $reason; the message that names it is refused")
            drop(waiting)
            waiting.spoiled = true
            return false
        }
        if (waiting.values.isEmpty()) waiting.since = clock()
        waiting.values.addLast(value)
        heldBytes += value.size
        return true
    }

    /**
     * The values a message of `frame` names in its `$bytes` list of lengths, taken from what the
     * frame posted before it; what is left waiting is stray and dropped either way.
     */
    public fun take(frame: BridgeFrame, list: JsonValue?, log: (String) -> Unit): List<ByteArray>? {
        sweep(log)
        val waiting = frames.remove(frame)
        val values = waiting?.values ?: ArrayDeque()
        waiting?.let { heldBytes -= it.values.sumOf { value -> value.size.toLong() } }
        if (list == null) {
            if (values.isNotEmpty() || waiting?.spoiled == true) log("dropped ${values.size} binary frame(s) that no message named")
            return null
        }
        val lengths = lengths(list)
        if (waiting?.spoiled == true && lengths.isNotEmpty()) throw missing(0, lengths[0], null)
        for ((index, length) in lengths.withIndex()) {
            val value = values.getOrNull(index)
            if (value?.size != length) throw missing(index, length, value)
        }
        if (values.size > lengths.size) log("dropped ${values.size - lengths.size} binary frame(s) that no message named")
        return values.take(lengths.size)
    }

    private fun lengths(list: JsonValue): List<Int> {
        val items = (list as? JsonValue.Array)?.values
        val lengths = items?.mapNotNull { item ->
            val length = (item as? JsonValue.Object)?.members?.takeIf { it.size == 1 }?.get("length")
            (length as? JsonValue.Integer)?.value?.takeIf { it in 0..maxLength.toLong() }?.toInt()
        }
        if (items == null || lengths == null || lengths.size != items.size || items.size > MAX_PER_MESSAGE) {
            throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$bytes: expected an array of at most $MAX_PER_MESSAGE binary frame lengths")
        }
        return lengths
    }

    private fun missing(index: Int, length: Int, value: ByteArray?) =
        BridgeError(BridgeErrorCode.INVALID_PARAMS, "\$bytes[$index]: expected a binary frame of $length bytes before the message, got ${value?.size ?: "none"}")

    /** Forgets what waits: the page went away (navigation, process termination, uninstall). */
    public fun clear() {
        frames.clear()
        heldBytes = 0
    }

    private fun drop(waiting: Waiting) {
        heldBytes -= waiting.values.sumOf { it.size.toLong() }
        waiting.values.clear()
    }

    /** Drops what waited longer than [lifetimeMillis]; run at every operation, so no timer is needed. */
    private fun sweep(log: (String) -> Unit) {
        val now = clock()
        val iterator = frames.entries.iterator()
        while (iterator.hasNext()) {
            val waiting = iterator.next().value
            if (waiting.values.isNotEmpty() && now - waiting.since > lifetimeMillis) {
                log("dropped ${waiting.values.size} binary frame(s) that waited over ${lifetimeMillis / 1000} s for their message")
                drop(waiting)
                iterator.remove()
            }
        }
    }

    public companion object {
        /** Most values one message may name (the Swift runtime's `BridgeAttachments.maxPerMessage`). */
        public const val MAX_PER_MESSAGE: Int = 1024
    }
}

/**
 * The `bytes` values of the message being decoded and of the result being encoded, which cross
 * beside it: `{"$bytes": i}` stands for the i-th. Set around synchronous decoding and encoding on
 * the session's thread only, so a thread-local is enough (the handler runs between the two).
 */
internal object BridgeAttachments {
    val incoming = ThreadLocal<List<ByteArray>?>()
    val outgoing = ThreadLocal<Outgoing?>()

    /** The large values of one result, in the order its encoder met them. */
    class Outgoing(private val inlineBelow: Int, private val maxLength: Int) {
        val values = ArrayList<ByteArray>()

        /** The reference that stands for `value`, or null when it goes inline. */
        fun reference(value: ByteArray): JsonValue? {
            if (value.size < inlineBelow || value.size > maxLength) return null
            values.add(value)
            return JsonValue.Object(mapOf("\$bytes" to JsonValue.Integer(values.size - 1L)))
        }
    }

    /** The value `{"$bytes": i}` names in the message being decoded; null when `value` is not one. */
    fun resolve(value: JsonValue?): ByteArray? {
        val incoming = incoming.get() ?: return null
        val members = (value as? JsonValue.Object)?.members?.takeIf { it.size == 1 } ?: return null
        val index = (members["\$bytes"] as? JsonValue.Integer)?.value ?: return null
        return if (index >= 0 && index < incoming.size) incoming[index.toInt()] else null
    }
}
