// Reads `Type json` lines from stdin; decodes each with the generated codec of Schemas/ at
// `params.v` and prints the value encoded back at `result`, or the error, for KotlinModelTests.

package schemas

private fun roundTrip(type: String, value: JsonValue?): JsonValue {
    val path = BridgePath("params").field("v")
    val back = BridgePath("result")
    return when (type) {
        "PrepayOrder" -> UserCodec.encodePrepayOrder(UserCodec.decodePrepayOrder(value, path), back)
        "DeviceInfo" -> SampleCodec.encodeDeviceInfo(SampleCodec.decodeDeviceInfo(value, path), back)
        "HapticStyle" -> SampleCodec.encodeHapticStyle(SampleCodec.decodeHapticStyle(value, path), back)
        "ShareItem" -> SampleCodec.encodeShareItem(SampleCodec.decodeShareItem(value, path), back)
        "ShareOutcome" -> SampleCodec.encodeShareOutcome(SampleCodec.decodeShareOutcome(value, path), back)
        "NavigationAction" -> SampleCodec.encodeNavigationAction(SampleCodec.decodeNavigationAction(value, path), back)
        "list<ShareItem>" -> BridgeEncode.list(BridgeDecode.list(value, path, SampleCodec::decodeShareItem), back, SampleCodec::encodeShareItem)
        "map<ShareItem>?" ->
            BridgeEncode.optional(BridgeDecode.optional(value, path, BridgeDecode.map(SampleCodec::decodeShareItem)), back, BridgeEncode.map(SampleCodec::encodeShareItem))
        else -> error("no case for $type")
    }
}

fun main() {
    generateSequence(::readLine).forEach { line ->
        val type = line.substringBefore(' ')
        val value = BridgeIncoming.read("{\"v\":" + line.substringAfter(' ') + "}").message?.get("v")
        println(
            try {
                "ok " + roundTrip(type, value).jsonText
            } catch (error: BridgeError) {
                "err ${error.code} ${error.message}"
            }
        )
    }
}
