// bridgegen's Kotlin runtime: encoding results and payloads, refusing what JavaScript cannot hold.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/**
 * Encoding of results and payloads into [JsonValue]s, with the Swift runtime's messages: a
 * non-finite double or an integer outside +-(2^53-1) fails with `internalError` at its path
 * (the app's bug, not the page's).
 */
public object BridgeEncode {
    /**
     * The members of an object being encoded, each at its path; null optionals are left out.
     * The counterpart of [BridgeDecode.Fields]: `BridgeEncode.Members(path).string("name", value.name).json`.
     */
    public class Members(private val path: BridgePath) {
        private val members = LinkedHashMap<String, JsonValue>()

        /** The object value. */
        public val json: JsonValue get() = JsonValue.Object(members)

        public fun <T> field(key: String, value: T, encode: (T, BridgePath) -> JsonValue): Members = apply {
            members[key] = encode(value, path.field(key))
        }

        /** A field left out when `value` is null. */
        public fun <T : Any> optional(key: String, value: T?, encode: (T, BridgePath) -> JsonValue): Members = apply {
            if (value != null) members[key] = encode(value, path.field(key))
        }

        public fun string(key: String, value: String): Members = apply { members[key] = JsonValue.Text(value) }
        public fun bool(key: String, value: Boolean): Members = apply { members[key] = JsonValue.Bool(value) }
        public fun bytes(key: String, value: ByteArray): Members = apply { members[key] = bytes(value, path.field(key)) }
        public fun int(key: String, value: Long): Members = apply { members[key] = int(value, path.field(key)) }
        public fun double(key: String, value: Double): Members = apply { members[key] = double(value, path.field(key)) }
    }

    // Every encoder takes a path, also where nothing can fail, so generated code passes any of them alike.
    public fun string(value: String, path: BridgePath): JsonValue = JsonValue.Text(value)

    public fun bool(value: Boolean, path: BridgePath): JsonValue = JsonValue.Bool(value)

    /**
     * Base64, or in a request's result for a page that takes binary frames (`BridgeTransfers`),
     * a reference to the value the answer posts beside it.
     */
    public fun bytes(value: ByteArray, path: BridgePath): JsonValue {
        val outgoing = BridgeAttachments.outgoing.get()
        if (outgoing != null && path.root == "result") outgoing.reference(value)?.let { return it }
        return JsonValue.Text(BridgeBase64.encode(value))
    }

    public fun int(value: Long, path: BridgePath): JsonValue {
        if (value !in -BridgeLimits.MAX_SAFE_INTEGER..BridgeLimits.MAX_SAFE_INTEGER) {
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "$path: int $value is outside +-(2^53-1)")
        }
        return JsonValue.Integer(value)
    }

    public fun double(value: Double, path: BridgePath): JsonValue {
        if (!value.isFinite()) {
            // Swift's spelling of the value, so both sides say the same.
            val sign = if (java.lang.Double.doubleToRawLongBits(value) < 0) "-" else ""
            val spelled = sign + if (value.isNaN()) "nan" else "inf"
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "$path: double $spelled is not finite")
        }
        return JsonValue.Real(value)
    }

    /** Any JSON value (IDL `any`), its numbers checked; members in key order, so the first failure is the same on every run. */
    public fun json(value: JsonValue, path: BridgePath): JsonValue = when (value) {
        is JsonValue.Integer -> int(value.value, path)
        is JsonValue.Real -> double(value.value, path)
        is JsonValue.Array -> JsonValue.Array(value.values.mapIndexed { index, element -> json(element, path.index(index)) })
        is JsonValue.Object -> map(value.members, path, ::json)
        else -> value
    }

    /** A union's unknown variant: the object it carries, its numbers checked, with `key` holding its tag. */
    public fun unknownVariant(tag: String, value: JsonValue.Object, key: String, path: BridgePath): JsonValue {
        val members = LinkedHashMap((json(value, path) as JsonValue.Object).members)
        members[key] = JsonValue.Text(tag)
        return JsonValue.Object(members)
    }

    public fun <T> list(values: List<T>, path: BridgePath, element: (T, BridgePath) -> JsonValue): JsonValue =
        JsonValue.Array(values.mapIndexed { index, value -> element(value, path.index(index)) })

    public fun <T> map(values: Map<String, T>, path: BridgePath, element: (T, BridgePath) -> JsonValue): JsonValue {
        val result = LinkedHashMap<String, JsonValue>(values.size)
        for (key in JsonWriter.sortedKeys(values.keys)) result[key] = element(values.getValue(key), path.key(key))
        return JsonValue.Object(result)
    }

    public fun <T : Any> optional(value: T?, path: BridgePath, wrapped: (T, BridgePath) -> JsonValue): JsonValue =
        if (value == null) JsonValue.Null else wrapped(value, path)

    /**
     * The encoder of a list whose elements [element] encodes: what generated code passes for
     * `list<T>` (`BridgeEncode.list(BridgeEncode::string)`), nested as deep as the type.
     */
    public fun <T> list(element: (T, BridgePath) -> JsonValue): (List<T>, BridgePath) -> JsonValue =
        { values, path -> list(values, path, element) }

    /** The encoder of a map whose values [element] encodes, like `list(element)`. */
    public fun <T> map(element: (T, BridgePath) -> JsonValue): (Map<String, T>, BridgePath) -> JsonValue =
        { values, path -> map(values, path, element) }

    /** The encoder of a value that may be null (encoded as null), like `list(element)`. */
    public fun <T : Any> optional(wrapped: (T, BridgePath) -> JsonValue): (T?, BridgePath) -> JsonValue =
        { value, path -> optional(value, path, wrapped) }
}
