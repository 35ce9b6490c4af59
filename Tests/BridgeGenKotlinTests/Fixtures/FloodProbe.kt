// Messages that once ended the app's process, through a BridgeSession on a JVM with a phone's
// heap (KotlinSessionTests runs it with -Xmx256m, or 64m): each is answered, then a small request
// shows the session still serves. Prints every answer frame and log line, for KotlinSessionTests.
// usage: FloodProbeKt flood | exhausted | overflow

package session

import kotlinx.coroutines.runBlocking

/**
 * A module whose decoder fails as only the JVM can: `deep` recurses without end (a stack
 * overflow in a decoder), `hog` holds more than the heap (an OutOfMemoryError while decoding).
 */
class ExhaustingDispatcher : BridgeModule {
    override val moduleName: String = "exhausting"
    override val capabilities: BridgeCapabilities = BridgeCapabilities(listOf("deep", "hog", "fine"), emptyList(), emptyList(), "0123456789abcdef")

    private fun descend(depth: Long): Long = descend(depth + 1) + 1

    override fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession) {
        if (type == "deep") descend(0)
        if (type == "hog") {
            val held = ArrayList<LongArray>()
            while (true) held.add(LongArray(1 shl 20))
        }
        reply.succeed(JsonValue.Text("fine"))
    }
}

/** `[{},{},...]`: `count` empty objects, 3 bytes each, under `key` of a `fine` request named `cb1`. */
fun flood(key: String, count: Int): String {
    val text = StringBuilder(count * 3 + 64).append("{\"type\":\"fine\",\"callbackName\":\"cb1\",\"").append(key).append("\":[")
    for (i in 0 until count) text.append(if (i == 0) "{}" else ",{}")
    return text.append("]}").toString()
}

fun main(args: Array<String>) = runBlocking {
    val session = BridgeSession("uniBridgeCall", BridgeOriginPolicy(setOf("app"), emptySet(), true), this) { println("log: $it") }
    session.install(ExhaustingDispatcher())
    val origin = BridgeOrigin("app", "", 0, isMainFrame = true)
    fun send(text: String) = session.receive("uniBridgeCall", text, origin) { frame -> println("frame: $frame") }
    when (args.firstOrNull()) {
        // The 16.5 MB message of 5.5 million empty objects, under a key the module ignores.
        "flood" -> send(flood("ignored", 5_500_000))
        "exhausted" -> send("{\"type\":\"hog\",\"callbackName\":\"cb1\"}")
        "overflow" -> send("{\"type\":\"deep\",\"callbackName\":\"cb1\"}")
        else -> error("usage: flood | exhausted | overflow")
    }
    send("{\"type\":\"fine\",\"callbackName\":\"cb2\"}")
    println("alive")
}
