// Reads cases from stdin, one per line (`kind<TAB>hex of the UTF-8 input`), and prints each
// answer of the Kotlin runtime as hex of its UTF-8 text, for RuntimeDifferentialTests to
// compare with the Swift runtime's answer to the same case.

import bridgegen.BridgeEnvelope
import bridgegen.BridgeError
import bridgegen.BridgePath
import bridgegen.JsonValue

private fun unhex(text: String): String =
    String(ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }, Charsets.UTF_8)

private fun hex(text: String): String = text.toByteArray(Charsets.UTF_8).joinToString("") { "%02x".format(it) }

private fun answer(kind: String, input: String): String = when (kind) {
    "double" -> JsonValue.Real(java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(input))).jsonText
    "text" -> JsonValue.Text(input).jsonText
    "keys" -> JsonValue.Object(input.split('\uF8FF').withIndex().associate { it.value to JsonValue.Integer(it.index.toLong()) }).jsonText
    "member" -> BridgePath("params").member(input).index(2).key(input).toString()
    "envelope" -> input.split('\uF8FF').let { BridgeEnvelope.failure(BridgeError(it[0].toInt(), it[1])).jsonText }
    else -> error("unknown case kind $kind")
}

fun main() {
    val out = StringBuilder()
    generateSequence(::readLine).forEach { line ->
        val (kind, input) = line.split('\t')
        out.append(hex(answer(kind, unhex(input)))).append('\n')
    }
    print(out)
}
