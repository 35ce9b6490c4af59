// Reads cases from stdin, one per line (`kind<TAB>hex of the UTF-8 input`), and prints each
// answer of the Kotlin runtime as hex of its UTF-8 text, for RuntimeDifferentialTests to
// compare with the Swift runtime's answer to the same case.

import bridgegen.BridgeBase64
import bridgegen.BridgeCapabilities
import bridgegen.BridgeDecode
import bridgegen.BridgeEncode
import bridgegen.BridgeEnvelope
import bridgegen.BridgeError
import bridgegen.BridgeIncoming
import bridgegen.BridgeJavaScript
import bridgegen.BridgeModule
import bridgegen.BridgeOrigin
import bridgegen.BridgeOriginPolicy
import bridgegen.BridgePath
import bridgegen.BridgeReply
import bridgegen.BridgeSession
import bridgegen.JsonValue
import bridgegen.openWindow

private fun unhex(text: String): String =
    String(ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }, Charsets.UTF_8)

private fun hex(text: String): String = text.toByteArray(Charsets.UTF_8).joinToString("") { "%02x".format(it) }

private fun answer(kind: String, input: String): String = when (kind) {
    "double" -> JsonValue.Real(java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(input))).jsonText
    "text" -> JsonValue.Text(input).jsonText
    "keys" -> JsonValue.Object(input.split('\uF8FF').withIndex().associate { it.value to JsonValue.Integer(it.index.toLong()) }).jsonText
    "member" -> BridgePath("params").member(input).index(2).key(input).toString()
    "envelope" -> input.split('\uF8FF').let { BridgeEnvelope.failure(BridgeError(it[0].toInt(), it[1])).jsonText }
    "envelopeData" -> input.split('\uF8FF').let {
        val data = JsonValue.Object(
            mapOf(
                "detail" to JsonValue.Text(it[1]),
                "retryAfterSeconds" to JsonValue.Real(it[0].toInt() / 8.0),
                "flags" to JsonValue.Array(listOf(JsonValue.Bool(true), JsonValue.Null)),
            ),
        )
        BridgeEnvelope.failure(BridgeError(it[0].toInt(), it[1], data)).jsonText
    }
    "incoming" -> incoming(input)
    "incoming-digest" -> digest(incoming(input))
    // Whether this JVM's Unicode data assigns every character of the text (RuntimeDifferentialTests' normalization residue).
    "assigned" -> input.codePoints().allMatch { Character.isDefined(it) }.toString()
    "decode" -> input.split('\uF8FF').let { decode(it[0], it[1]) }
    "struct" -> struct(input)
    "union" -> union(input)
    "encode" -> input.split('\uF8FF').let { encode(it[0], it[1]) }
    "session" -> input.split('\uF8FF', limit = 2).let { session(it[0] == "main", it[1]) }
    else -> error("unknown case kind $kind")
}

/**
 * RuntimeDifferentialSessions' module: `put` answers the length of the bytes at `params.contents`;
 * `tick`, a stream's start, answers the window its `$window` opens (null: none).
 */
private object BlobModule : BridgeModule {
    override val moduleName = "blob"
    override val capabilities = BridgeCapabilities(listOf("put", "tick"), emptyList(), emptyList(), "0000000000000000")

    override fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession) = try {
        if (type == "tick") {
            reply.openWindow()
            reply.succeed(reply.window?.let { JsonValue.Integer(it.size.toLong()) } ?: JsonValue.Null)
        } else {
            reply.succeed(JsonValue.Integer(BridgeDecode.Fields.params(data).bytes("contents").size.toLong()))
        }
    } catch (error: BridgeError) {
        reply.fail(error)
    }
}

/** The frames a session of the callback transport posts for one message from `https://e2e.example`, or `no answer`. */
private fun session(mainFrame: Boolean, text: String): String {
    val policy = BridgeOriginPolicy(setOf("app"), setOf("e2e.example"), mainFrameOnly = true)
    val session = BridgeSession("uniBridgeCall", policy, kotlinx.coroutines.CoroutineScope(kotlinx.coroutines.Dispatchers.Unconfined))
    session.install(BlobModule)
    val frames = mutableListOf<String>()
    session.receive("uniBridgeCall", text, BridgeOrigin("https", "e2e.example", 0, mainFrame)) { frames.add(it) }
    return if (frames.isEmpty()) "no answer" else frames.joinToString("\n")
}

/** A long answer as its length and its first 200 and last 100 scalars (RuntimeDifferentialTests.digest). */
private fun digest(answer: String): String {
    val scalars = answer.codePoints().toArray()
    if (scalars.size <= 400) return answer
    fun text(part: IntArray): String = String(part, 0, part.size)
    return "${scalars.size} scalars: " + text(scalars.copyOfRange(0, 200)) + " ... " + text(scalars.copyOfRange(scalars.size - 100, scalars.size))
}

/** The callback name and the message (as `any` decodes it) or its error. */
private fun incoming(text: String): String {
    val read = BridgeIncoming.read(text)
    val name = when (val callback = read.callbackName) {
        BridgeIncoming.CallbackName.Absent -> "absent"
        is BridgeIncoming.CallbackName.Valid -> "valid " + BridgeJavaScript.stringLiteral(callback.name)
        is BridgeIncoming.CallbackName.Invalid -> "invalid " + callback.reason
    }
    val message = read.message
    val body = if (message != null) "ok " + BridgeDecode.json(JsonValue.Object(message), BridgePath("message")).jsonText
        else "err ${read.error?.code} ${read.error?.message}"
    return "$name | $body"
}

/** One decoder over the value of `{"v": json}` (no `v` when `json` is empty). */
private fun decode(kind: String, json: String): String {
    val value = BridgeIncoming.read(if (json.isEmpty()) "{}" else "{\"v\":$json}").message?.get("v")
    val path = BridgePath("params").field("v")
    return try {
        "ok " + when (kind) {
            "string" -> JsonValue.Text(BridgeDecode.string(value, path))
            "int" -> JsonValue.Integer(BridgeDecode.int(value, path))
            "double" -> JsonValue.Real(BridgeDecode.double(value, path))
            "bool" -> JsonValue.Bool(BridgeDecode.bool(value, path))
            "json" -> BridgeDecode.json(value, path)
            "list-int" -> JsonValue.Array(BridgeDecode.list(value, path, BridgeDecode::int).map { JsonValue.Integer(it) })
            "map-int" -> JsonValue.Object(BridgeDecode.map(value, path, BridgeDecode::int).mapValues { JsonValue.Integer(it.value) })
            "optional-int" -> BridgeDecode.optional(value, path, BridgeDecode::int)?.let { JsonValue.Integer(it) } ?: JsonValue.Null
            "params" -> BridgeDecode.json(JsonValue.Object(BridgeDecode.params(value)), BridgePath("params"))
            "bytes" -> BridgeDecode.bytes(value, path).let { bytes ->
                JsonValue.Text(bytes.joinToString("") { "%02x".format(it) } + " " + BridgeBase64.encode(bytes))
            }
            else -> error("unknown decoder $kind")
        }.jsonText
    } catch (error: BridgeError) {
        "err ${error.code} ${error.message}"
    }
}

private enum class ProbeMood(val wire: String) { HAPPY("happy"), SAD("sad"), ODD("ünï😀") }

/** One struct shape read through `BridgeDecode.Fields` and written back through `BridgeEncode.Members`. */
private fun struct(json: String): String = try {
    val fields = BridgeDecode.Fields(BridgeIncoming.read("{\"v\":$json}").message?.get("v"), BridgePath("params").field("v"))
    val name = fields.string("name")
    val count = fields.int("count", default = 3)
    val ratio = fields.optional("ratio", BridgeDecode::double)
    val flag = fields.bool("flag", default = false)
    val tags = fields.field("tags") { value, path -> BridgeDecode.list(value, path, BridgeDecode::string) }
    val meta = fields.optional("meta") { value, path -> BridgeDecode.map(value, path, BridgeDecode::int) }
    val mood = fields.defaulted("mood", ProbeMood.SAD) { value, path ->
        BridgeDecode.enumeration(value, path, ProbeMood.entries, ProbeMood::wire)
    }
    val extra = fields.optional("extra", BridgeDecode::json)
    "ok " + BridgeEncode.Members(BridgePath("result")).string("name", name).int("count", count)
        .optional("ratio", ratio, BridgeEncode::double).bool("flag", flag)
        .field("tags", tags) { value, path -> BridgeEncode.list(value, path, BridgeEncode::string) }
        .optional("meta", meta) { value, path -> BridgeEncode.map(value, path, BridgeEncode::int) }
        .string("mood", mood.wire).optional("extra", extra, BridgeEncode::json).json.jsonText
} catch (error: BridgeError) {
    "err ${error.code} ${error.message}"
}

/** RuntimeDifferentialUnions' recursive union, decoded and encoded as the generated codecs do. */
private sealed interface ProbeShape {
    data object Dot : ProbeShape
    data class Label(val text: String, val size: Long) : ProbeShape
    data class Group(val items: List<ProbeShape>, val meta: Map<String, ProbeShape>?) : ProbeShape
    data class Unknown(val tag: String, val value: JsonValue.Object) : ProbeShape

    companion object {
        fun decode(value: JsonValue?, path: BridgePath): ProbeShape {
            val fields = BridgeDecode.Fields(value, path)
            return when (val tag = fields.tag("kind")) {
                "dot" -> Dot
                "label" -> Label(fields.string("text"), fields.int("size", default = 3))
                "group" -> Group(fields.field("items", BridgeDecode.list(::decode)), fields.optional("meta", BridgeDecode.map(::decode)))
                else -> Unknown(tag, fields.json)
            }
        }

        fun encode(value: ProbeShape, path: BridgePath): JsonValue = when (value) {
            Dot -> BridgeEncode.Members(path).string("kind", "dot").json
            is Label -> BridgeEncode.Members(path).string("kind", "label").string("text", value.text).int("size", value.size).json
            is Group -> BridgeEncode.Members(path).string("kind", "group").field("items", value.items, BridgeEncode.list(::encode))
                .optional("meta", value.meta, BridgeEncode.map(::encode)).json
            is Unknown -> BridgeEncode.unknownVariant(value.tag, value.value, "kind", path)
        }
    }
}

/** A [ProbeShape] read from `{"v": json}` as a page's message is read, and written back at `result`. */
private fun union(json: String): String {
    val read = BridgeIncoming.read("{\"v\":$json}")
    val message = read.message ?: return "reader err ${read.error?.code} ${read.error?.message}"
    return try {
        "ok " + ProbeShape.encode(ProbeShape.decode(message["v"], BridgePath("params").field("v")), BridgePath("result")).jsonText
    } catch (error: BridgeError) {
        "err ${error.code} ${error.message}"
    }
}

private fun encode(kind: String, input: String): String = try {
    val path = BridgePath("result").field("v")
    val double = java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(if (kind == "int") "0" else input))
    "ok " + when (kind) {
        "int" -> BridgeEncode.int(input.toLong(), path)
        "double" -> BridgeEncode.double(double, path)
        "list-double" -> BridgeEncode.list(listOf(0.5, double), path, BridgeEncode::double)
        "map-double" -> BridgeEncode.map(mapOf("a" to 1.5, "é" to double), path, BridgeEncode::double)
        "json-double" -> BridgeEncode.json(JsonValue.Object(mapOf("k" to JsonValue.Array(listOf(JsonValue.Integer(1), JsonValue.Real(double))))), path)
        else -> error("unknown encoder $kind")
    }.jsonText
} catch (error: BridgeError) {
    "err ${error.code} ${error.message}"
}

fun main() {
    val out = StringBuilder()
    generateSequence(::readLine).forEach { line ->
        val (kind, input) = line.split('\t')
        out.append(hex(answer(kind, unhex(input)))).append('\n')
    }
    print(out)
}
