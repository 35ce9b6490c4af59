// bridgegen's Kotlin runtime: reading a message's untrusted JSON text, as the Swift runtime reads it.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/**
 * A message as the glue received it: JSON text from `WebMessageCompat.getData()`. Its size,
 * nesting depth, number of values and keys are checked against [BridgeLimits] by one pass without recursion
 * before anything parses it, and then a strict RFC 8259 reader (never org.json, which accepts
 * comments, single quotes and unquoted keys) builds the values.
 */
public class BridgeIncoming private constructor(
    /** The message object, or null when [error] says why not. */
    public val message: Map<String, JsonValue>?,
    public val error: BridgeError?,
    public val callbackName: CallbackName,
) {
    /** The `callbackName` a message carries (callback transport). */
    public sealed interface CallbackName {
        public data object Absent : CallbackName
        public data class Valid(val name: String) : CallbackName
        /** Not a string, too long, or cut off: the message is refused and nothing is answered. */
        public data class Invalid(val reason: String) : CallbackName
    }

    public companion object {
        internal val tooLarge = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message is larger than ${BridgeLimits.MAX_MESSAGE_BYTES} bytes of JSON")
        internal val tooDeep = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message nests deeper than ${BridgeLimits.MAX_DEPTH} levels")
        internal val tooMany = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message holds more than ${BridgeLimits.MAX_VALUES} values")
        internal val notJson = BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message is not a JSON object string")

        /**
         * Reads `text`. With `parse` false only the callback name is read (a message from an
         * untrusted frame is not parsed). `data` names the top-level `data` in errors.
         */
        public fun read(text: String, parse: Boolean = true, data: String = "params"): BridgeIncoming {
            val bytes = Utf8.encode(text)
            val scan = BridgeTextScan(bytes, data)
            val scanned = callbackName(scan.callbackName)
            if (!parse) return BridgeIncoming(null, notJson, scanned)
            val problem = when {
                bytes.size > BridgeLimits.MAX_MESSAGE_BYTES -> tooLarge
                scan.deepest > BridgeLimits.MAX_DEPTH -> tooDeep
                scan.values > BridgeLimits.MAX_VALUES -> tooMany
                else -> scan.collision
            }
            if (problem != null) return BridgeIncoming(null, problem, scanned)
            val value = StrictJsonReader(bytes).readDocument() as? JsonValue.Object ?: return BridgeIncoming(null, notJson, scanned)
            return BridgeIncoming(value.members, null, callbackName(value.members["callbackName"]))
        }

        internal fun callbackName(value: JsonValue?): CallbackName = when (value) {
            null, JsonValue.Null -> CallbackName.Absent
            is JsonValue.Text -> if (value.value.length <= BridgeLimits.MAX_CALLBACK_NAME_LENGTH) CallbackName.Valid(value.value)
                else CallbackName.Invalid("longer than ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units")
            else -> CallbackName.Invalid("not a string")
        }

        internal fun callbackName(value: BridgeTextScan.Value): CallbackName = when (value) {
            BridgeTextScan.Value.Absent, BridgeTextScan.Value.Null -> CallbackName.Absent
            BridgeTextScan.Value.Other -> CallbackName.Invalid("not a string")
            BridgeTextScan.Value.Unclosed -> CallbackName.Invalid("the text ends inside it")
            is BridgeTextScan.Value.Str -> callbackName(JsonValue.Text(value.text))
        }

        /** Two keys of one object that differ only in Unicode normalization: the Swift side would merge them. */
        internal fun collision(path: BridgePath, first: String, second: String): BridgeError {
            val keys = listOf(first, second).sortedWith(JsonWriter::compareScalars)
            return BridgeError(BridgeErrorCode.INVALID_PARAMS,
                "$path: keys ${BridgeJavaScript.stringLiteral(keys[0])} and ${BridgeJavaScript.stringLiteral(keys[1])} differ only in Unicode normalization")
        }

        /** The path of the value under a message's top-level `key`: `data` is `params` (or what `data` names). */
        internal fun topLevelPath(key: String, data: String): BridgePath =
            if (key == "data") BridgePath(data) else BridgePath("message").member(key)
    }
}

/** JavaScript string literals that are pure ASCII, as the Swift runtime writes them. */
public object BridgeJavaScript {
    /** `text` as a double-quoted literal: `"` and `\` escaped, `<>&'` and all but printable ASCII as `\uXXXX`. */
    public fun stringLiteral(text: String): String {
        val out = StringBuilder(text.length + 2).append('"')
        for (c in text) {
            when (c) {
                '"', '\\' -> out.append('\\').append(c)
                '<', '>', '&', '\'' -> JsonWriter.appendEscape(c, out)
                in ' '..'~' -> out.append(c)
                else -> JsonWriter.appendEscape(c, out)
            }
        }
        return out.append('"').toString()
    }
}

/** UTF-8 with every lone surrogate as U+FFFD, as Swift's `String` holds page text (Java would write `?`). */
internal object Utf8 {
    fun encode(text: String): ByteArray {
        val out = java.io.ByteArrayOutputStream(text.length + 16)
        var i = 0
        while (i < text.length) {
            val c = text[i]
            var scalar = c.code
            if (Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1])) {
                scalar = Character.toCodePoint(c, text[i + 1])
                i += 1
            } else if (Character.isSurrogate(c)) {
                scalar = 0xFFFD
            }
            i += 1
            write(scalar, out)
        }
        return out.toByteArray()
    }

    /** Appends one scalar's UTF-8 bytes. */
    fun write(scalar: Int, out: java.io.ByteArrayOutputStream) {
        when {
            scalar < 0x80 -> out.write(scalar)
            scalar < 0x800 -> { out.write(0xC0 or (scalar shr 6)); out.write(0x80 or (scalar and 0x3F)) }
            scalar < 0x10000 -> { out.write(0xE0 or (scalar shr 12)); out.write(0x80 or (scalar shr 6 and 0x3F)); out.write(0x80 or (scalar and 0x3F)) }
            else -> {
                out.write(0xF0 or (scalar shr 18)); out.write(0x80 or (scalar shr 12 and 0x3F))
                out.write(0x80 or (scalar shr 6 and 0x3F)); out.write(0x80 or (scalar and 0x3F))
            }
        }
    }
}

/**
 * One pass over a message's JSON text, without recursion and without parsing it: how deep it
 * nests, how many values it holds, the first two keys of one object that differ only in
 * Unicode normalization, and the value of the top-level `callbackName`. Tolerant, so a malformed request's callback name can
 * still be read. The Swift runtime's `BridgeTextScan`, step for step.
 */
internal class BridgeTextScan(s: ByteArray, data: String) {
    sealed interface Value {
        data object Absent : Value
        data object Null : Value
        data class Str(val text: String) : Value
        data object Other : Value
        /** A string the text ends inside: only a prefix of the real name. */
        data object Unclosed : Value
    }

    var deepest: Int = 0
        private set
    /** How many values the text holds (keys not counted), at most [BridgeLimits.MAX_VALUES] + 1. */
    var values: Int = 0
        private set
    var collision: BridgeError? = null
        private set
    var callbackName: Value = Value.Absent
        private set

    private class Container(val isObject: Boolean, val path: BridgePath, var expectsKey: Boolean) {
        var index = 0
        var key: String? = null
        var awaitsValue = false
        val keys = HashMap<String, String>()
    }

    init {
        val open = ArrayList<Container>()
        var beyond = 0
        var tracking = s.size <= BridgeLimits.MAX_MESSAGE_BYTES
        var inScalar = false  // inside a number or a literal, whose first byte was counted
        var i = 0
        // Counts a value; past the limit, keys are no longer collected (the message is refused).
        fun counted() {
            if (values > BridgeLimits.MAX_VALUES) return
            values += 1
            if (values > BridgeLimits.MAX_VALUES) tracking = false
        }
        fun topLevelCallbackValue(): Boolean =
            open.size == 1 && beyond == 0 && open[0].isObject && open[0].awaitsValue && open[0].key == "callbackName"

        while (i < s.size) {
            val byte = s[i].toInt() and 0xFF
            val scalarByte = inScalar
            inScalar = false
            when (byte) {
                0x22 -> {
                    var end = i + 1
                    var escaped = false
                    while (end < s.size && s[end].toInt() != 0x22) {
                        if (s[end].toInt() == 0x5C) {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    val start = i + 1
                    val stop = minOf(end, s.size)
                    val closed = end < s.size
                    i = end + 1
                    val isKey = beyond == 0 && open.isNotEmpty() && open.last().isObject && open.last().expectsKey
                    if (!isKey) counted()
                    if (beyond != 0 || open.isEmpty()) continue
                    val last = open[open.size - 1]
                    if (isKey) {
                        val key = text(s, start, stop, escaped)
                        last.key = key
                        last.expectsKey = false
                        if (tracking && collision == null) {
                            val normalized = java.text.Normalizer.normalize(key, java.text.Normalizer.Form.NFC)
                            val first = last.keys[normalized]
                            if (first != null && first != key) {
                                collision = BridgeIncoming.collision(last.path, first, key)
                                tracking = false
                            } else if (first == null) {
                                last.keys[normalized] = key
                            }
                        }
                    } else {
                        if (topLevelCallbackValue()) callbackName = if (closed) Value.Str(text(s, start, stop, escaped)) else Value.Unclosed
                        last.awaitsValue = false
                    }
                    continue
                }
                0x7B, 0x5B -> {
                    counted()
                    if (topLevelCallbackValue()) callbackName = Value.Other
                    if (open.size >= BridgeLimits.MAX_DEPTH) {
                        beyond += 1
                        deepest = maxOf(deepest, BridgeLimits.MAX_DEPTH + 1)
                        tracking = false
                    } else {
                        var path = BridgePath("message")
                        val parent = open.lastOrNull()
                        if (parent != null) {
                            path = if (parent.isObject) {
                                val key = parent.key ?: ""
                                if (open.size == 1) BridgeIncoming.topLevelPath(key, data) else parent.path.member(key)
                            } else {
                                parent.path.index(parent.index)
                            }
                            parent.awaitsValue = false
                        }
                        open.add(Container(byte == 0x7B, path, byte == 0x7B))
                        deepest = maxOf(deepest, open.size)
                    }
                }
                0x7D, 0x5D -> if (beyond > 0) beyond -= 1 else if (open.isNotEmpty()) open.removeAt(open.size - 1)
                0x3A -> if (beyond == 0 && open.isNotEmpty() && open.last().isObject) open.last().awaitsValue = true
                0x2C -> if (beyond == 0 && open.isNotEmpty()) {
                    val last = open.last()
                    last.expectsKey = last.isObject
                    last.awaitsValue = false
                    last.index += 1
                }
                0x20, 0x09, 0x0A, 0x0D -> {}
                else -> {
                    inScalar = true
                    if (!scalarByte) {
                        counted()
                        if (topLevelCallbackValue()) callbackName = if (byte == 0x6E) Value.Null else Value.Other
                        if (beyond == 0 && open.isNotEmpty()) open.last().awaitsValue = false
                    }
                }
            }
            i += 1
        }
    }

    private companion object {

        /** The code unit of a `\uXXXX` escape at `index` that ends by `end`, or -1. */
        fun escapeUnit(s: ByteArray, index: Int, end: Int): Int =
            if (index + 6 > end || s[index].toInt() != 0x5C || s[index + 1].toInt() != 0x75) -1 else hexUnit(s, index + 2)

        /** A JSON string's contents with escapes resolved; a lone surrogate escape becomes U+FFFD. */
        fun text(s: ByteArray, start: Int, end: Int, escaped: Boolean): String {
            if (!escaped) return String(s, start, end - start, Charsets.UTF_8)
            val out = java.io.ByteArrayOutputStream(end - start)
            var index = start
            while (index < end) {
                if (s[index].toInt() != 0x5C || index + 1 >= end) {
                    out.write(s[index].toInt())
                    index += 1
                    continue
                }
                var scalar: Int
                when (s[index + 1].toInt() and 0xFF) {
                    0x62 -> scalar = 0x08
                    0x66 -> scalar = 0x0C
                    0x6E -> scalar = 0x0A
                    0x72 -> scalar = 0x0D
                    0x74 -> scalar = 0x09
                    0x75 -> {
                        val unit = escapeUnit(s, index, end)
                        if (unit < 0) {
                            scalar = 0xFFFD
                        } else {
                            scalar = unit
                            val low = escapeUnit(s, index + 6, end)
                            if (unit in 0xD800..0xDBFF && low in 0xDC00..0xDFFF) {
                                scalar = 0x10000 + ((unit - 0xD800) shl 10) + (low - 0xDC00)
                                index += 6
                            } else if (unit in 0xD800..0xDFFF) {
                                scalar = 0xFFFD
                            }
                            index += 4
                        }
                    }
                    else -> scalar = s[index + 1].toInt() and 0xFF
                }
                index += 2
                Utf8.write(scalar, out)
            }
            return String(out.toByteArray(), Charsets.UTF_8)
        }
    }
}

/**
 * RFC 8259 JSON text to [JsonValue]s, strictly: no comments, no single quotes, no trailing
 * commas, no leading zeros, no unescaped controls, no number beyond a double. A lone
 * surrogate escape reads as U+FFFD (what the Swift side's repair does). Called only on text
 * the scan found within [BridgeLimits.MAX_DEPTH], so its recursion is bounded.
 */
internal class StrictJsonReader(private val s: ByteArray) {
    private var i = 0

    private class Malformed : Exception()

    /** The document's one value, or null when the text is not JSON. */
    fun readDocument(): JsonValue? = try {
        if (s.size >= 3 && s[0] == 0xEF.toByte() && s[1] == 0xBB.toByte() && s[2] == 0xBF.toByte()) i = 3  // a BOM, as Foundation allows
        val value = value()
        skipSpace()
        if (i == s.size) value else null
    } catch (_: Malformed) {
        null
    }

    private fun peek(): Int = if (i < s.size) s[i].toInt() and 0xFF else -1

    private fun skipSpace() {
        while (peek() == 0x20 || peek() == 0x09 || peek() == 0x0A || peek() == 0x0D) i += 1
    }

    private fun expect(byte: Int) {
        if (peek() != byte) throw Malformed()
        i += 1
    }

    private fun literal(word: String, value: JsonValue): JsonValue {
        for (c in word) expect(c.code)
        return value
    }

    private fun value(): JsonValue {
        skipSpace()
        return when (peek()) {
            0x7B -> obj()
            0x5B -> array()
            0x22 -> JsonValue.Text(string())
            0x74 -> literal("true", JsonValue.Bool(true))
            0x66 -> literal("false", JsonValue.Bool(false))
            0x6E -> literal("null", JsonValue.Null)
            else -> number()
        }
    }

    private fun obj(): JsonValue {
        expect(0x7B)
        val members = LinkedHashMap<String, JsonValue>()
        skipSpace()
        if (peek() == 0x7D) { i += 1; return JsonValue.Object(members) }
        while (true) {
            skipSpace()
            val key = string()
            skipSpace()
            expect(0x3A)
            members[key] = value()  // a repeated key: the last value wins, as in Foundation
            skipSpace()
            if (peek() == 0x2C) { i += 1; continue }
            expect(0x7D)
            return JsonValue.Object(members)
        }
    }

    private fun array(): JsonValue {
        expect(0x5B)
        val values = ArrayList<JsonValue>()
        skipSpace()
        if (peek() == 0x5D) { i += 1; return JsonValue.Array(values) }
        while (true) {
            values.add(value())
            skipSpace()
            if (peek() == 0x2C) { i += 1; continue }
            expect(0x5D)
            return JsonValue.Array(values)
        }
    }

    private fun hexUnit(): Int {
        val unit = if (i + 4 > s.size) -1 else hexUnit(s, i)
        if (unit < 0) throw Malformed()
        i += 4
        return unit
    }

    private fun string(): String {
        expect(0x22)
        val out = StringBuilder()
        var run = i
        while (true) {
            val byte = peek()
            when {
                byte < 0 -> throw Malformed()
                byte == 0x22 -> {
                    out.append(String(s, run, i - run, Charsets.UTF_8))
                    i += 1
                    return out.toString()
                }
                byte < 0x20 -> throw Malformed()
                byte == 0x5C -> {
                    out.append(String(s, run, i - run, Charsets.UTF_8))
                    i += 1
                    when (peek()) {
                        0x22 -> out.append('"')
                        0x5C -> out.append('\\')
                        0x2F -> out.append('/')
                        0x62 -> out.append('\b')
                        0x66 -> out.append('\u000C')
                        0x6E -> out.append('\n')
                        0x72 -> out.append('\r')
                        0x74 -> out.append('\t')
                        0x75 -> {
                            i += 1
                            val unit = hexUnit()
                            if (unit in 0xD800..0xDBFF && i + 6 <= s.size && peek() == 0x5C && s[i + 1].toInt() == 0x75) {
                                val save = i
                                i += 2
                                val low = hexUnit()
                                if (low in 0xDC00..0xDFFF) {
                                    out.append(unit.toChar()).append(low.toChar())
                                } else {
                                    i = save
                                    out.append('\uFFFD')
                                }
                            } else {
                                out.append(if (unit in 0xD800..0xDFFF) '\uFFFD' else unit.toChar())
                            }
                            run = i
                            continue
                        }
                        else -> throw Malformed()
                    }
                    i += 1
                    run = i
                }
                else -> i += 1
            }
        }
    }

    private fun digits(): Int {
        val start = i
        while (peek() in 0x30..0x39) i += 1
        return i - start
    }

    private fun number(): JsonValue {
        val start = i
        if (peek() == 0x2D) i += 1
        if (peek() == 0x30) {
            i += 1
            if (peek() in 0x30..0x39) throw Malformed()
        } else if (digits() == 0) {
            throw Malformed()
        }
        var integral = true
        if (peek() == 0x2E) {
            i += 1
            integral = false
            if (digits() == 0) throw Malformed()
        }
        if (peek() == 0x65 || peek() == 0x45) {
            i += 1
            integral = false
            if (peek() == 0x2B || peek() == 0x2D) i += 1
            if (digits() == 0) throw Malformed()
        }
        val lexeme = String(s, start, i - start, Charsets.US_ASCII)
        if (integral) {
            // Foundation holds -2^63 and integers beyond 2^63-1 as doubles; so does this reader.
            val integer = lexeme.toLongOrNull()
            if (integer != null && integer != Long.MIN_VALUE) return JsonValue.Integer(integer)
        }
        val double = lexeme.toDouble()
        if (double.isInfinite()) throw Malformed()  // Foundation: "not representable in Swift"
        return JsonValue.Real(double)
    }
}

/** The UTF-16 unit that the four hex digits at `index` spell, or -1; the caller checks the bounds. */
internal fun hexUnit(s: ByteArray, index: Int): Int {
    var value = 0
    for (k in index until index + 4) {
        val digit = when (val byte = s[k].toInt() and 0xFF) {
            in 0x30..0x39 -> byte - 0x30
            in 0x41..0x46 -> byte - 0x41 + 10
            in 0x61..0x66 -> byte - 0x61 + 10
            else -> return -1
        }
        value = value * 16 + digit
    }
    return value
}
