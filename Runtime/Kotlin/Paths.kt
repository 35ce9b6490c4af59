// bridgegen's Kotlin runtime: the limits of what crosses the bridge and the paths of error messages.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/** The bounds of what crosses the bridge (docs/WIRE.md, "Limits"): the Swift runtime's, value for value. */
public object BridgeLimits {
    /** Deepest nesting of a message: the message object is level 1, its `data` level 2. */
    public const val MAX_DEPTH: Int = 128
    /** Largest message, in bytes of JSON text (UTF-8). */
    public const val MAX_MESSAGE_BYTES: Int = 16 shl 20
    /** Most values in one message (each object, array, string, number, boolean and null; keys do not count), counted before anything is built. */
    public const val MAX_VALUES: Int = 100_000
    /** Longest callback name, in UTF-16 units. */
    public const val MAX_CALLBACK_NAME_LENGTH: Int = 256
    /** Largest JSON text of an answer or an event payload sent to the page. */
    public const val MAX_SCRIPT_JSON_BYTES: Int = 64 shl 20
    /** Longest message native keeps of a page call's failure, in UTF-16 units. */
    public const val MAX_PAGE_MESSAGE_LENGTH: Int = 1_000
    /** Longest `bytes` value, in decoded bytes: 10 MiB, whose base64 text still fits a message. */
    public const val MAX_BYTES_LENGTH: Int = 10 shl 20
    /** Largest stream item, in bytes of JSON text: a message's worth, so a 10 MiB `bytes` chunk fits. */
    public const val MAX_STREAM_ITEM_BYTES: Int = 16 shl 20
    /** Most items one stream posts per second: a faster `emit` waits (nothing is dropped), so a runaway loop cannot flood the page. */
    public const val MAX_STREAM_ITEMS_PER_SECOND: Int = 1_000
    /** The largest integer a JavaScript number holds exactly (2^53 - 1). */
    public const val MAX_SAFE_INTEGER: Long = 9_007_199_254_740_991L
}

/**
 * Where a value sits in a message (`params.items[2].id`), for error messages: a chain of
 * components written out only when an error needs it, so decoding stays linear in the body.
 */
public class BridgePath private constructor(private val parent: BridgePath?, private val part: String) {
    /** A path that starts at `root` (`params`, `result`, `payload.user`). */
    public constructor(root: String) : this(null, root)

    /** A struct field: `path.name`. */
    public fun field(name: String): BridgePath = BridgePath(this, ".$name")

    /** An array element: `path[2]`. */
    public fun index(index: Int): BridgePath = BridgePath(this, "[$index]")

    /** A map key: `path["key"]`, the key as a JSON string. */
    public fun key(key: String): BridgePath =
        BridgePath(this, StringBuilder("[").also { JsonWriter.writeString(key, it) }.append(']').toString())

    /** A key where the schema type is not known: `.name` for a plain ASCII name, else `["key"]`. */
    public fun member(key: String): BridgePath {
        val plain = key.isNotEmpty() && key[0] !in '0'..'9' &&
            key.all { it in '0'..'9' || it in 'A'..'Z' || it in 'a'..'z' || it == '_' || it == '$' }
        return if (plain) field(key) else key(key)
    }

    /** Where the path starts (`params`, `result`). */
    internal val root: String
        get() {
            var node = this
            while (true) node = node.parent ?: return node.part
        }

    /** The path as error messages write it. Iterative, so no depth of path can exhaust the stack. */
    override fun toString(): String {
        val parts = ArrayList<String>()
        var node: BridgePath? = this
        while (node != null) {
            parts.add(node.part)
            node = node.parent
        }
        return parts.asReversed().joinToString("")
    }
}
