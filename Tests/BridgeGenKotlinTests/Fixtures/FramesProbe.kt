// The bytes path on Android (docs/WIRE.md, "Bytes at platform speed (Android)") through
// BridgeAndroid on the androidx.webkit stand-in: the capability (only with transfers, the
// WebView's WEB_MESSAGE_ARRAY_BUFFER and a tuple origin), values matched to their message by
// order and length, results posted as binary frames before their answer only to a client that
// lists its values, and every stray and failure case: a frame no message names, a message naming
// more than came, a length mismatch, an untrusted frame, a value over the limit, the held bound,
// navigation, the renderer going, uninstall, expiry. Prints what happens, for KotlinSessionTests.

package session

import android.content.Context
import android.webkit.WebView
import androidx.webkit.StandIn
import androidx.webkit.StandInFrame
import androidx.webkit.WebViewFeature
import kotlinx.coroutines.runBlocking

/** A module as the generator writes one, with `bytes` in params and results and an `any`. */
class BlobsDispatcher(handler: BlobsHandler) : BridgeDispatcher<BlobsHandler>(handler) {
    override val moduleName: String = "blobs"
    override val capabilities: BridgeCapabilities = BridgeCapabilities(listOf("put", "get", "note"), emptyList(), emptyList(), "0123456789abcdef")

    override fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession) {
        when (type) {
            "put" -> {
                val key = params.string("key")
                val contents = params.bytes("contents")
                request(reply, session, BridgeEncode::int) { it.put(key, contents) }
            }
            "get" -> {
                val key = params.string("key")
                request(reply, session, BridgeEncode.optional(BridgeEncode::bytes)) { it.get(key) }
            }
            "note" -> {
                val value = params.field("value", BridgeDecode::json)
                request(reply, session, BridgeEncode::json) { value }
            }
            else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type")
        }
    }
}

class BlobsHandler {
    val stored = HashMap<String, ByteArray>()

    fun put(key: String, contents: ByteArray): Long {
        stored[key] = contents
        return contents.size.toLong()
    }

    fun get(key: String): ByteArray? = stored[key]
}

private fun bytes(size: Int, seed: Int): ByteArray = ByteArray(size) { (it * 31 + seed).toByte() }

private const val OBJECT = "__bridgegen_blobs"

private fun message(type: String, data: String, name: String?, list: String?): String =
    "{\"type\":\"$type\",\"data\":$data" + (name?.let { ",\"callbackName\":\"$it\"" } ?: "") + (list?.let { ",\"\$bytes\":$it" } ?: "") + "}"

fun main() = runBlocking {
    val log = { line: String -> println("log: $line") }
    val policy = BridgeOriginPolicy(setOf("app"), setOf("www.example.com"), mainFrameOnly = true)
    val handler = BlobsHandler()
    var now = 0L

    println("-- WEB_MESSAGE_ARRAY_BUFFER missing: no capability, values inline")
    StandIn.features.remove(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)
    val old = WebView(Context())
    BridgeAndroid.install(old, listOf(BlobsDispatcher(handler)), this, policy, null, log = log, transfers = BridgeTransfers())
    val oldPage = StandInFrame(old, "https://www.example.com", isMainFrame = true)
    oldPage.postMessage(OBJECT, message("\$hello", "{}", "h0", null))
    StandIn.runTasks(old)
    println("received ${oldPage.received}")
    StandIn.features.add(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)

    println("-- install with transfers")
    val webView = WebView(Context())
    val transfers = BridgeTransfers(maxLength = 1 shl 20, inlineBelow = 1024, clock = { now })
    val session = BridgeAndroid.install(webView, listOf(BlobsDispatcher(handler)), this, policy, null, log = log, transfers = transfers)
    val main = StandInFrame(webView, "https://www.example.com", isMainFrame = true)
    val sub = StandInFrame(webView, "app://bundle", isMainFrame = false)
    main.postMessage(OBJECT, message("\$hello", "{}", "h1", null))
    StandIn.runTasks(webView)
    println("received ${main.received}")
    println("session transfers: ${session.transfers === transfers}, limits: ${transfers.maxLength} ${transfers.inlineBelow} ${transfers.maxHeldBytes}")

    println("-- page -> native: two values, then their message")
    val a = bytes(5000, 1)
    val b = bytes(0, 2)
    main.postArrayBuffer(OBJECT, a)
    main.postArrayBuffer(OBJECT, b)
    main.postMessage(OBJECT, message("put", "{\"key\":\"a\",\"contents\":{\"\$bytes\":0}}", "c1", "[{\"length\":5000},{\"length\":0}]"))
    StandIn.runTasks(webView)
    println("stored a: ${handler.stored["a"]?.contentEquals(a)}, held ${transfers.heldBytes} bytes in ${transfers.count}")
    main.postArrayBuffer(OBJECT, a)
    main.postMessage(OBJECT, message("note", "{\"value\":{\"x\":{\"\$bytes\":0}}}", "c2", "[{\"length\":5000}]"))
    StandIn.runTasks(webView)
    println("an any value's: ${main.received.last().length} chars, base64 of a: ${main.received.last().contains(java.util.Base64.getEncoder().encodeToString(a))}")
    main.postMessage(OBJECT, message("put", "{\"key\":\"i\",\"contents\":\"AAEC\"}", null, "[]"))
    StandIn.runTasks(webView)
    println("a send with an empty list, inline value: ${handler.stored["i"]?.toList()}")

    println("-- native -> page: binary frames before the answer, only for a client that lists its values")
    main.received.clear()
    main.receivedBytes.clear()
    handler.stored["small"] = bytes(10, 3)
    main.postMessage(OBJECT, message("get", "{\"key\":\"a\"}", "g1", "[]"))
    main.postMessage(OBJECT, message("get", "{\"key\":\"small\"}", "g2", "[]"))
    main.postMessage(OBJECT, message("get", "{\"key\":\"a\"}", "g3", null))
    StandIn.runTasks(webView)
    for (line in main.received) println("received ${if (line.length > 160) line.substring(0, 160) + "... (${line.length} chars)" else line}")
    println("the frame is a's bytes: ${main.receivedBytes.single().contentEquals(a)}")

    println("-- stray and failures")
    main.received.clear()
    main.postArrayBuffer(OBJECT, bytes(2000, 4))
    main.postMessage(OBJECT, message("get", "{\"key\":\"small\"}", "s1", null))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s2", "[{\"length\":2000}]"))
    main.postArrayBuffer(OBJECT, bytes(2000, 5))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s3", "[{\"length\":2001}]"))
    main.postArrayBuffer(OBJECT, bytes(2000, 5))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":1}}", "s4", "[{\"length\":2000}]"))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s5", "[\"token\"]"))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s6", "[{\"length\":-1}]"))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s7", "[" + List(1025) { "{\"length\":0}" }.joinToString(",") + "]"))
    StandIn.runTasks(webView)
    sub.postArrayBuffer(OBJECT, bytes(2000, 6))
    StandIn.runTasks(webView)
    main.postArrayBuffer(OBJECT, bytes((1 shl 20) + 1, 7))
    main.postArrayBuffer(OBJECT, bytes(3000, 8))
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s8", "[{\"length\":1048577},{\"length\":3000}]"))
    StandIn.runTasks(webView)
    for (size in listOf(1 shl 20, 1 shl 20, 1)) main.postArrayBuffer(OBJECT, bytes(size, 9))
    StandIn.runTasks(webView)
    println("held ${transfers.heldBytes} bytes in ${transfers.count}")
    main.postMessage(OBJECT, message("put", "{\"key\":\"b\",\"contents\":{\"\$bytes\":0}}", "s9", "[{\"length\":1048576},{\"length\":1048576},{\"length\":1}]"))
    StandIn.runTasks(webView)
    for (line in main.received) println("received $line")
    println("b stored: ${handler.stored.containsKey("b")}, held ${transfers.heldBytes} bytes in ${transfers.count}")

    println("-- expiry, navigation, the renderer, uninstall")
    main.received.clear()
    main.postArrayBuffer(OBJECT, bytes(2000, 10))
    StandIn.runTasks(webView)
    now += 60_001
    main.postArrayBuffer(OBJECT, bytes(100, 11))
    StandIn.runTasks(webView)
    println("after 60 s: held ${transfers.heldBytes} bytes in ${transfers.count}")
    BridgeAndroid.pageStarted(webView)
    println("after a navigation: held ${transfers.heldBytes} bytes in ${transfers.count}")
    main.postArrayBuffer(OBJECT, bytes(100, 12))
    StandIn.runTasks(webView)
    BridgeAndroid.renderProcessGone(webView)
    println("after the renderer went: held ${transfers.heldBytes} bytes in ${transfers.count}")
    main.postArrayBuffer(OBJECT, bytes(100, 13))
    StandIn.runTasks(webView)
    BridgeAndroid.uninstall(webView)
    println("after uninstall: held ${transfers.heldBytes} bytes in ${transfers.count}, session transfers ${session.transfers}")

    println("-- the capability: a custom scheme's frame gets it, a file frame (no host) does not")
    val opaque = WebView(Context())
    val star = BridgeOriginPolicy(setOf("app", "file"), emptySet(), mainFrameOnly = false)
    BridgeAndroid.install(opaque, listOf(BlobsDispatcher(handler)), this, star, null, log = log, transfers = BridgeTransfers())
    val custom = StandInFrame(opaque, "app://bundle", isMainFrame = true)
    custom.postMessage(OBJECT, message("\$hello", "{}", "h2", null))
    StandIn.runTasks(opaque)
    println("app://bundle received ${custom.received}")
    val direct = BridgeSession(null, star, this, log)
    direct.install(BlobsDispatcher(handler))
    direct.transfers = BridgeTransfers()
    direct.receive("blobs", message("\$hello", "{}", "h3", null), BridgeOrigin("file", "", -1, true)) { println("a file frame received $it") }
}
