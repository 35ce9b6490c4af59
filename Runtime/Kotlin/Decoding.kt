// bridgegen's Kotlin runtime: decoding untrusted values with the path of every failure.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/**
 * Decoding of the values [BridgeIncoming] read, with the Swift runtime's messages, for
 * example `params.items[2].id: expected int, got string`. A null `value` is a missing key.
 */
public object BridgeDecode {
    /** What a value is, in the words of error messages. */
    public fun describe(value: JsonValue?): String = when (value) {
        null -> "nothing"
        JsonValue.Null -> "null"
        is JsonValue.Text -> "string"
        is JsonValue.Bool -> "bool"
        is JsonValue.Integer -> "int"
        is JsonValue.Real -> if (isIntegral(value.value)) "int" else "number"
        is JsonValue.Array -> "array"
        is JsonValue.Object -> "object"
    }

    private fun isIntegral(value: Double): Boolean = value.isFinite() && Math.floor(Math.abs(value)) == Math.abs(value)

    public fun mismatch(path: BridgePath, expected: String, got: JsonValue?): BridgeError =
        if (got == null) BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: missing required $expected")
        else BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected $expected, got ${describe(got)}")

    private fun outside(path: BridgePath) =
        BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected int, got an integer outside +-(2^53-1)")

    public fun isNull(value: JsonValue?): Boolean = value == null || value == JsonValue.Null

    public fun string(value: JsonValue?, path: BridgePath): String =
        (value as? JsonValue.Text)?.value ?: throw mismatch(path, "string", value)

    public fun int(value: JsonValue?, path: BridgePath): Long = when (value) {
        is JsonValue.Integer -> if (value.value in -BridgeLimits.MAX_SAFE_INTEGER..BridgeLimits.MAX_SAFE_INTEGER) value.value else throw outside(path)
        is JsonValue.Real -> when {
            !isIntegral(value.value) -> throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected int, got a non-integral number")
            Math.abs(value.value) > BridgeLimits.MAX_SAFE_INTEGER.toDouble() -> throw outside(path)
            else -> value.value.toLong()
        }
        else -> throw mismatch(path, "int", value)
    }

    /** Any finite number, integers of any size included (the nearest double). */
    public fun double(value: JsonValue?, path: BridgePath): Double = when (value) {
        is JsonValue.Integer -> value.value.toDouble()
        is JsonValue.Real -> value.value
        else -> throw mismatch(path, "double", value)
    }

    /** A boolean; the integers 0 and 1 are accepted, as WebKit's NSNumber makes the Swift side accept them. */
    public fun bool(value: JsonValue?, path: BridgePath): Boolean = when {
        value is JsonValue.Bool -> value.value
        value is JsonValue.Integer && (value.value == 0L || value.value == 1L) -> value.value == 1L
        value is JsonValue.Real && (value.value == 0.0 || value.value == 1.0) -> value.value == 1.0
        value is JsonValue.Integer || value is JsonValue.Real -> throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bool, got ${describe(value)}")
        else -> throw mismatch(path, "bool", value)
    }

    /**
     * Binary data as strict base64 (RFC 4648's alphabet, padded, no white space, no bits set
     * after the data), of at most [BridgeLimits.MAX_BYTES_LENGTH] bytes. In a message that
     * carries values beside it (`$bytes`), `{"$bytes": i}` is the i-th of them.
     */
    public fun bytes(value: JsonValue?, path: BridgePath): ByteArray {
        BridgeAttachments.resolve(value)?.let { return it }
        val text = (value as? JsonValue.Text)?.value ?: throw mismatch(path, "bytes (base64)", value)
        val length = BridgeBase64.decodedLength(text)
        if (length > BridgeLimits.MAX_BYTES_LENGTH) {
            throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bytes of at most ${BridgeLimits.MAX_BYTES_LENGTH}, got $length")
        }
        return BridgeBase64.decode(text)
            ?: throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected bytes (base64), got a string that is not base64: ${BridgeBase64.flaw(text)}")
    }

    public fun obj(value: JsonValue?, path: BridgePath): Map<String, JsonValue> =
        (value as? JsonValue.Object)?.members ?: throw mismatch(path, "object", value)

    public fun array(value: JsonValue?, path: BridgePath): List<JsonValue> =
        (value as? JsonValue.Array)?.values ?: throw mismatch(path, "array", value)

    /** Any JSON value (IDL `any`): `null` is a value, only a missing key is an error. Integral doubles within 2^53 become integers. */
    public fun json(value: JsonValue?, path: BridgePath): JsonValue = when (value) {
        null -> throw mismatch(path, "value", null)
        is JsonValue.Real ->
            if (isIntegral(value.value) && Math.abs(value.value) <= BridgeLimits.MAX_SAFE_INTEGER.toDouble()) JsonValue.Integer(value.value.toLong())
            else value
        is JsonValue.Array -> JsonValue.Array(list(value, path, ::json))
        // The page's client cannot tell an `any` position from a `bytes` one, so a large
        // Uint8Array in an `any` value crosses beside the message too: it becomes the base64 text it would have been inline.
        is JsonValue.Object -> BridgeAttachments.resolve(value)?.let { JsonValue.Text(BridgeBase64.encode(it)) } ?: JsonValue.Object(map(value, path, ::json))
        else -> value
    }

    public fun <T> list(value: JsonValue?, path: BridgePath, element: (JsonValue?, BridgePath) -> T): List<T> =
        array(value, path).mapIndexed { index, item -> element(item, path.index(index)) }

    /** A map, its keys decoded in Swift's order, so the first failure reported is the same one. */
    public fun <T> map(value: JsonValue?, path: BridgePath, element: (JsonValue?, BridgePath) -> T): Map<String, T> {
        val members = obj(value, path)
        val result = LinkedHashMap<String, T>(members.size)
        for (key in JsonWriter.sortedKeys(members.keys)) result[key] = element(members[key], path.key(key))
        return result
    }

    /** A value that may be absent or null. */
    public fun <T> optional(value: JsonValue?, path: BridgePath, wrapped: (JsonValue?, BridgePath) -> T): T? =
        if (isNull(value)) null else wrapped(value, path)

    /**
     * The decoder of a list whose elements [element] decodes: what generated code passes for
     * `list<T>` (`BridgeDecode.list(BridgeDecode::string)`), nested as deep as the type.
     */
    public fun <T> list(element: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> List<T> =
        { value, path -> list(value, path, element) }

    /** The decoder of a map whose values [element] decodes, like `list(element)`. */
    public fun <T> map(element: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> Map<String, T> =
        { value, path -> map(value, path, element) }

    /** The decoder of a value that may be absent or null, like `list(element)`. */
    public fun <T> optional(wrapped: (JsonValue?, BridgePath) -> T): (JsonValue?, BridgePath) -> T? =
        { value, path -> optional(value, path, wrapped) }

    /** A value with a schema default, used when the key is absent or null. */
    public fun <T> defaulted(value: JsonValue?, path: BridgePath, fallback: T, wrapped: (JsonValue?, BridgePath) -> T): T =
        if (isNull(value)) fallback else wrapped(value, path)

    /** An enum case by its wire value; `entries` in schema order, as the message lists them. */
    public fun <E : Enum<E>> enumeration(value: JsonValue?, path: BridgePath, entries: List<E>, wire: (E) -> String): E {
        val expected = entries.joinToString(", ") { JsonValue.Text(wire(it)).jsonText }
        val raw = (value as? JsonValue.Text)?.value ?: throw mismatch(path, "one of $expected", value)
        return entries.firstOrNull { wire(it) == raw }
            ?: throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "$path: expected one of $expected, got ${JsonValue.Text(raw).jsonText}")
    }

    /** A message's `data`: absent or null means no parameters. */
    public fun params(data: JsonValue?): Map<String, JsonValue> = if (isNull(data)) emptyMap() else obj(data, BridgePath("params"))

    /**
     * The members of an object being decoded, each read at its path (`path.key`): generated
     * decoders spell a field's key once. Keys the schema does not name are ignored.
     */
    public class Fields private constructor(private val members: Map<String, JsonValue>, private val path: BridgePath) {
        public constructor(value: JsonValue?, path: BridgePath) : this(obj(value, path), path)

        public fun <T> field(key: String, decode: (JsonValue?, BridgePath) -> T): T = decode(members[key], path.field(key))

        /** A field that may be absent or null. */
        public fun <T> optional(key: String, decode: (JsonValue?, BridgePath) -> T): T? =
            BridgeDecode.optional(members[key], path.field(key), decode)

        /** A field with a schema default, used when the key is absent or null. */
        public fun <T> defaulted(key: String, fallback: T, decode: (JsonValue?, BridgePath) -> T): T =
            BridgeDecode.defaulted(members[key], path.field(key), fallback, decode)

        /**
         * A union's tag (docs/WIRE.md, "Unions"): a string, read before the variant's fields;
         * absent or null, it is missing, since no variant can be chosen without it.
         */
        public fun tag(key: String): String {
            val value = members[key]
            return if (isNull(value)) throw mismatch(path.field(key), "string", null) else BridgeDecode.string(value, path.field(key))
        }

        /** The whole object, as `any` decodes it: what a union's unknown variant carries. */
        public val json: JsonValue.Object get() = JsonValue.Object(map(JsonValue.Object(members), path, BridgeDecode::json))

        public fun string(key: String): String = BridgeDecode.string(members[key], path.field(key))
        public fun int(key: String): Long = BridgeDecode.int(members[key], path.field(key))
        public fun double(key: String): Double = BridgeDecode.double(members[key], path.field(key))
        public fun bool(key: String): Boolean = BridgeDecode.bool(members[key], path.field(key))
        public fun bytes(key: String): ByteArray = BridgeDecode.bytes(members[key], path.field(key))

        // `defaulted` for the scalars, spelled as the schema reads: `bool("flag", default = false)`.
        public fun string(key: String, default: String): String = defaulted(key, default, BridgeDecode::string)
        public fun int(key: String, default: Long): Long = defaulted(key, default, BridgeDecode::int)
        public fun double(key: String, default: Double): Double = defaulted(key, default, BridgeDecode::double)
        public fun bool(key: String, default: Boolean): Boolean = defaulted(key, default, BridgeDecode::bool)

        public companion object {
            /** A message's `data` as the fields of `params` (absent or null: no parameters). */
            public fun params(data: JsonValue?): Fields = Fields(BridgeDecode.params(data), BridgePath("params"))

            /**
             * A page's rejection `data` as the fields of an application error (null: no fields,
             * what a page sends for an error that declares none or only optional ones).
             */
            public fun errorData(data: JsonValue): Fields =
                if (data == JsonValue.Null) Fields(emptyMap(), BridgePath("data")) else Fields(data, BridgePath("data"))
        }
    }
}

/**
 * `bytes` on the wire: standard base64 (RFC 4648, section 4), padded, as the Swift runtime
 * writes and reads it (docs/WIRE.md, "Bytes"). java.util.Base64 (Android API 26) decodes;
 * spelling the result again and comparing refuses what it lets through (missing padding, bits
 * set after the data), so both sides accept exactly the same texts.
 */
public object BridgeBase64 {
    public fun encode(bytes: ByteArray): String = java.util.Base64.getEncoder().encodeToString(bytes)

    /** The bytes of `text`, or null unless it is the one padded base64 spelling of them. */
    public fun decode(text: String): ByteArray? {
        if (text.length % 4 != 0) return null
        val bytes = try {
            java.util.Base64.getDecoder().decode(text)
        } catch (error: IllegalArgumentException) {
            return null
        }
        return if (encode(bytes) == text) bytes else null
    }

    /** How many bytes `text` stands for (by its length alone), to check the limit before decoding. */
    public fun decodedLength(text: String): Int {
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        return (text.length + 3) / 4 * 3 - padding
    }

    /** Why `text` is not strict base64, in the Swift runtime's words (run only when decoding failed). */
    public fun flaw(text: String): String {
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        for ((offset, c) in text.withIndex()) {
            val alphabet = c in 'A'..'Z' || c in 'a'..'z' || c in '0'..'9' || c == '+' || c == '/'
            if (!alphabet && !(c == '=' && offset >= text.length - padding)) return "character $offset is not in the base64 alphabet"
        }
        if (text.length % 4 != 0) return "its length ${text.length} is not a multiple of 4"
        return "its last character has bits set after the data"
    }
}
