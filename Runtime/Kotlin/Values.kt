// bridgegen's Kotlin runtime: JSON values, their compact text, bridge errors and the envelope.
// Embedded into every generated BridgeGenSupport.kt (not this header and the package line);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/** Any JSON value: the Kotlin side of the IDL's `any`, and what results and payloads are encoded to. */
public sealed interface JsonValue {
    public data object Null : JsonValue
    public data class Bool(val value: Boolean) : JsonValue
    /** A JSON integer; values beyond +-(2^53-1) are refused when written to the page. */
    public data class Integer(val value: Long) : JsonValue
    public data class Real(val value: Double) : JsonValue
    public data class Text(val value: String) : JsonValue
    public data class Array(val values: List<JsonValue>) : JsonValue
    public data class Object(val members: Map<String, JsonValue>) : JsonValue

    /** Compact JSON text, object keys in Swift's order, so both native sides write the same bytes. */
    public val jsonText: String
        get() = StringBuilder().also { JsonWriter.write(this, it) }.toString()
}

/** Writes JSON text the way the Swift runtime's `JSONValue.write` does, byte for byte. */
internal object JsonWriter {
    /** Keys in the Swift runtime's order (`JSONValue.sortedKeys`): by their Unicode scalars as written. */
    fun sortedKeys(keys: Collection<String>): List<String> = keys.sortedWith { a, b -> compareScalars(a, b) }

    /** The fewest significant digits that read back as `value`, the nearest such (JDK 17's `toString` is not always shortest). */
    private fun shortestDecimal(value: Double): java.math.BigDecimal {
        val exact = java.math.BigDecimal(value)
        for (precision in 1..17) {
            val candidate = exact.round(java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN))
            if (candidate.toDouble() == value) return candidate.stripTrailingZeros()
        }
        return exact.round(java.math.MathContext(17, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros()
    }

    /** Code point order (UTF-16 unit order puts U+E000..U+FFFF after the supplementary planes). */
    fun compareScalars(a: String, b: String): Int {
        var i = 0
        var j = 0
        while (i < a.length && j < b.length) {
            val x = a.codePointAt(i)
            val y = b.codePointAt(j)
            if (x != y) return x.compareTo(y)
            i += Character.charCount(x)
            j += Character.charCount(y)
        }
        return (a.length - i).compareTo(b.length - j)
    }

    fun write(value: JsonValue, out: StringBuilder) {
        when (value) {
            JsonValue.Null -> out.append("null")
            is JsonValue.Bool -> out.append(if (value.value) "true" else "false")
            is JsonValue.Integer -> out.append(value.value)
            is JsonValue.Real -> out.append(if (value.value.isFinite()) swiftDouble(value.value) else "null")
            is JsonValue.Text -> writeString(value.value, out)
            is JsonValue.Array -> {
                out.append('[')
                value.values.forEachIndexed { index, element ->
                    if (index > 0) out.append(',')
                    write(element, out)
                }
                out.append(']')
            }
            is JsonValue.Object -> {
                out.append('{')
                sortedKeys(value.members.keys).forEachIndexed { index, key ->
                    if (index > 0) out.append(',')
                    writeString(key, out)
                    out.append(':')
                    write(value.members.getValue(key), out)
                }
                out.append('}')
            }
        }
    }

    /** `text` as a JSON string: `"` and `\` escaped, controls as escapes, everything else as it is. */
    fun writeString(text: String, out: StringBuilder) {
        out.append('"')
        for (c in text) {
            when {
                c == '"' || c == '\\' -> out.append('\\').append(c)
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' -> appendEscape(c, out)
                else -> out.append(c)
            }
        }
        out.append('"')
    }

    /** `\uXXXX`, lowercase hex digits. */
    fun appendEscape(unit: Char, out: StringBuilder) {
        val digits = "0123456789abcdef"
        val code = unit.code
        out.append("\\u").append(digits[code shr 12]).append(digits[code shr 8 and 0xF])
            .append(digits[code shr 4 and 0xF]).append(digits[code and 0xF])
    }

    /**
     * A finite double as Swift's `description` writes it: the shortest digits that read back
     * to the same value, positional from 1e-4 up to below 1e16 (`100.0`, `0.0001`), else
     * exponential with a signed two-digit exponent (`1e+16`, `1.5e-05`).
     */
    fun swiftDouble(value: Double): String {
        if (value == 0.0) return if (1.0 / value < 0) "-0.0" else "0.0"
        val decimal = shortestDecimal(value)
        val digits = decimal.unscaledValue().abs().toString()
        val exponent = digits.length - 1 - decimal.scale()  // of the first digit
        val sign = if (value < 0) "-" else ""
        if (exponent < -4 || exponent >= 16) {
            val mantissa = if (digits.length == 1) digits else digits[0] + "." + digits.substring(1)
            val exponentText = Math.abs(exponent).toString().padStart(2, '0')
            return sign + mantissa + "e" + (if (exponent < 0) "-" else "+") + exponentText
        }
        if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits
        if (digits.length <= exponent + 1) return sign + digits + "0".repeat(exponent + 1 - digits.length) + ".0"
        return sign + digits.substring(0, exponent + 1) + "." + digits.substring(exponent + 1)
    }
}

/** The bridge's own error codes (docs/WIRE.md); application errors use codes >= 1. */
public enum class BridgeErrorCode(public val code: Int) {
    OK(0),
    UNKNOWN_METHOD(-1),
    INVALID_MESSAGE(-2),
    INVALID_PARAMS(-3),
    UNTRUSTED_ORIGIN(-4),
    HANDLER_UNAVAILABLE(-5),
    INTERNAL_ERROR(-6),
    NOT_IN_APP(-7),
    TIMEOUT(-8),
    ABORTED(-9),
    NOT_IMPLEMENTED(-10),
    PAGE_NOT_LOADED(-11),
    PAGE_ERROR(-12),
    INVALID_RESULT(-13),
    PROCESS_TERMINATED(-14),
}

/**
 * An error with a code, a message and data that reaches the page intact: the bridge's own
 * codes, and the failure envelope of a module's application error. Handlers usually throw the
 * module's typed error (`SampleError`) instead; any other exception reaches the page as
 * `internalError` with a generic message.
 */
public class BridgeError(
    public val code: Int,
    override val message: String,
    /** The envelope's `data`: an application error's fields, else null. */
    public val data: JsonValue = JsonValue.Null,
) : Exception(message) {
    public constructor(code: BridgeErrorCode, message: String) : this(code.code, message)

    override fun toString(): String = "BridgeError($code): $message"

    override fun equals(other: Any?): Boolean = other is BridgeError && other.code == code && other.message == message && other.data == data

    override fun hashCode(): Int = 31 * (31 * code + message.hashCode()) + data.hashCode()

    public companion object {
        /**
         * The error as the page sees it: bridge errors intact, application errors with their
         * data, anything else (an application error whose data cannot be encoded too) as `internalError`.
         */
        public fun reaching(error: Throwable): BridgeError = when (error) {
            is BridgeError -> error
            is BridgeApplicationError -> try {
                error.bridgeError()
            } catch (failure: Exception) {
                BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
            }
            else -> BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")
        }
    }
}

/**
 * A module's application errors, the base of the generated `sealed class SampleError`: a
 * request's handler throws one to reject with its code, message and typed data, and a page
 * call throws one when the page rejects with it. Each error is a data class, compared by its
 * data and message.
 */
public abstract class BridgeApplicationError : Exception() {
    /** The code on the wire, >= 1. */
    public abstract val code: Int

    /** What the page sees as the message: the one given, else the schema's doc. */
    abstract override val message: String

    /**
     * The envelope's `data` at `path`: the error's fields, or null for an error without any.
     * Throws an `internalError` [BridgeError] when a value cannot be encoded (an `int` beyond
     * +-(2^53-1), a non-finite `double`).
     */
    protected open fun encodeData(path: BridgePath): JsonValue = JsonValue.Null

    /** The failure envelope the page receives, `data` encoded; throws as [encodeData] does. */
    public fun bridgeError(): BridgeError = BridgeError(code, message, encodeData(BridgePath("data")))
}

/** What every request is answered with: `{errcode, errmsg, data}`, written in that key order. */
public data class BridgeEnvelope(
    val errcode: Int,
    val errmsg: String,
    val data: JsonValue,
    /** The lengths of the binary frames posted before the answer, which `{"$bytes": i}` in `data` name (`$bytes`). */
    val binaryLengths: List<Int> = emptyList(),
) {
    public val jsonText: String
        get() {
            val out = StringBuilder("{\"errcode\":").append(errcode).append(",\"errmsg\":")
            JsonWriter.writeString(errmsg, out)
            out.append(",\"data\":")
            JsonWriter.write(data, out)
            if (binaryLengths.isNotEmpty()) out.append(",\"\$bytes\":").append(binaryLengths.joinToString(",", "[", "]") { "{\"length\":$it}" })
            return out.append('}').toString()
        }

    public companion object {
        public fun success(data: JsonValue): BridgeEnvelope = BridgeEnvelope(0, "ok", data)

        public fun failure(error: BridgeError): BridgeEnvelope = BridgeEnvelope(error.code, error.message, error.data)
    }
}

/**
 * Equality and hashing by content for the generated data classes that hold `bytes`: a
 * [ByteArray] compares by identity, so a data class's own `equals` would call two decodings of
 * one message different (Swift's `Data` compares by content). Lists and maps are walked, since
 * their `equals` compares `ByteArray` elements by identity too.
 */
public object BridgeContent {
    public fun equal(a: Any?, b: Any?): Boolean = when {
        a is ByteArray && b is ByteArray -> a.contentEquals(b)
        a is List<*> && b is List<*> -> a.size == b.size && a.indices.all { equal(a[it], b[it]) }
        a is Map<*, *> && b is Map<*, *> -> a.size == b.size && a.all { (key, value) -> b.containsKey(key) && equal(value, b[key]) }
        else -> a == b
    }

    public fun hash(vararg values: Any?): Int = values.fold(0) { hash, value -> 31 * hash + hashOf(value) }

    private fun hashOf(value: Any?): Int = when (value) {
        is ByteArray -> value.contentHashCode()
        is List<*> -> value.fold(1) { hash, element -> 31 * hash + hashOf(element) }
        // A map's hash is the sum of its entries', whatever their order.
        is Map<*, *> -> value.entries.sumOf { (key, element) -> (key?.hashCode() ?: 0) xor hashOf(element) }
        else -> value?.hashCode() ?: 0
    }
}
