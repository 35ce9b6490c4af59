// The generated Kotlin dispatchers of Schemas/ behind a BridgeSession (callback transport),
// with the Swift test host's deterministic handlers (Tests/BridgeGenSwiftTests/Fixtures/Host/
// TestHandlers.swift, ported): reads message texts (hex of UTF-8, one per line) and prints for
// each the envelopes answered and the handler calls made, as JSON, for DispatchDifferentialTests.

package schemas

import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield

class SecretInternalDetail : Exception("a detail the page must not see")

/**
 * A map keyed as a Swift `Dictionary<String, _>` is: keys that are canonically equivalent
 * (`"\u00e9"`, `"e\u0301"`) are one key. Kept under the key's NFC form.
 */
class SwiftKeyedMap<V> {
    private val entries = HashMap<String, V>()
    private fun canonical(key: String): String = java.text.Normalizer.normalize(key, java.text.Normalizer.Form.NFC)
    operator fun get(key: String): V? = entries[canonical(key)]
    operator fun set(key: String, value: V) {
        entries[canonical(key)] = value
    }
    fun clear() = entries.clear()
}

/** The Swift handlers' order of keys (`JSONValue.sortedKeys`): by Unicode scalars, not by UTF-16 units. */
val scalarOrder: Comparator<String> = Comparator { a, b -> java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()) }

/** Swift's `Int(text)`: an optional `+` or `-`, then ASCII digits only (Kotlin's `toLongOrNull` also reads `٣`). */
fun swiftInt(text: String): Long? {
    val digits = if (text.startsWith("+") || text.startsWith("-")) text.substring(1) else text
    if (digits.isEmpty() || digits.any { it !in '0'..'9' }) return null
    return text.removePrefix("+").toLongOrNull()
}

class TestHandlers : SampleHandler, UserHandler {
    private val store = SwiftKeyedMap<String>()
    private val blobs = SwiftKeyedMap<ByteArray>()
    private var loggedIn = true
    val calls = ArrayList<JsonValue>()
    /** Requests waiting in `getItem("slow")` or a `test://hold/N` download for the page to cancel them: a host does not wait for those to settle. */
    var parked = 0
        private set

    /** Empties the store and logs the user in again (the hosts' `reset`). */
    fun reset() {
        store.clear()
        blobs.clear()
        loggedIn = true
    }

    private fun record(module: String, method: String, params: Map<String, JsonValue>) {
        calls.add(JsonValue.Object(mapOf("module" to JsonValue.Text(module), "method" to JsonValue.Text(method), "params" to JsonValue.Object(params))))
    }

    private fun optional(value: String?): JsonValue = value?.let { JsonValue.Text(it) } ?: JsonValue.Null

    /**
     * Waits for the page to give up: `$cancel` cancels the handler's coroutine, and its delay throws,
     * recorded as `<method>.cancelled` with whether the coroutine's job was cancelled.
     */
    private suspend fun parkUntilCancelled(method: String) {
        parked += 1
        try {
            kotlinx.coroutines.delay(20_000)
        } catch (cancelled: kotlinx.coroutines.CancellationException) {
            record("sample", "$method.cancelled", mapOf("isCancelled" to JsonValue.Bool(kotlinx.coroutines.currentCoroutineContext()[kotlinx.coroutines.Job]?.isCancelled == true)))
            throw cancelled
        } finally {
            parked -= 1
        }
    }

    override fun share(text: String, url: String?) = record("sample", "share", mapOf("text" to JsonValue.Text(text), "url" to optional(url)))

    override fun haptic(style: Sample.HapticStyle) = record("sample", "haptic", mapOf("style" to JsonValue.Text(style.wire)))

    override suspend fun deviceInfo(): Sample.DeviceInfo {
        record("sample", "deviceInfo", emptyMap())
        yield()
        val top = if (store["insets"] == "nan") Double.NaN else 47.0
        return Sample.DeviceInfo("TestPhone", "TestOS 1.0", "1.0.0", false, Sample.Insets(top, 0.0, 34.0, 0.0))
    }

    /** The host contract: no items is `cancelled`; else `shared`, each item by its wire value (`unknown:<tag>`), joined by `,`. */
    override suspend fun shareItems(items: List<Sample.ShareItem>): Sample.ShareOutcome {
        // As the Swift host records them: items it cannot encode back (an unknown one holding an
        // integer beyond 2^53) fail the call, where the other handlers record null.
        record("sample", "shareItems", mapOf("items" to BridgeEncode.list(items, BridgePath("items"), SampleCodec::encodeShareItem)))
        yield()
        if (items.isEmpty()) return Sample.ShareOutcome.Cancelled
        // Exhaustive without `else`: a variant added to the schema fails this compile.
        return Sample.ShareOutcome.Shared(items.joinToString(",") { item ->
            when (item) {
                is Sample.ShareItem.Text -> "text"
                is Sample.ShareItem.Link -> "link"
                is Sample.ShareItem.Image -> "image"
                Sample.ShareItem.Screenshot -> "screenshot"
                is Sample.ShareItem.Unknown -> "unknown:" + item.tag
            }
        })
    }

    override suspend fun getItem(key: String): String? {
        record("sample", "getItem", mapOf("key" to JsonValue.Text(key)))
        if (key.isEmpty()) throw SampleError.InvalidKey(message = "key must not be empty")
        if (key == "crash") throw SecretInternalDetail()
        if (key == "slow") {
            parkUntilCancelled("getItem")
            record("sample", "getItem.finished", emptyMap())
            return "finished"
        }
        yield()
        // The frame that asked, read after a suspension: the request's coroutine carries it.
        if (key == "whoIsCalling") return BridgeCaller.current?.toString() ?: "nobody"
        return store[key]
    }

    override suspend fun setItem(key: String, value: String): Boolean {
        record("sample", "setItem", mapOf("key" to JsonValue.Text(key), "value" to JsonValue.Text(value)))
        if (key.isEmpty()) throw SampleError.InvalidKey(message = "key must not be empty")
        if (key == "full") throw SampleError.StorageFull()
        if (key == "crash") throw SecretInternalDetail()
        yield()
        store[key] = value
        return true
    }

    /** Records the length, and the bytes themselves when they are few (what native decoded, byte for byte). */
    override suspend fun setBlob(key: String, contents: ByteArray): Boolean {
        val length = mapOf("key" to JsonValue.Text(key), "length" to JsonValue.Integer(contents.size.toLong()))
        val bytes = if (contents.size <= 1_024) mapOf("bytes" to JsonValue.Array(contents.map { JsonValue.Integer(it.toLong() and 0xFF) })) else emptyMap()
        record("sample", "setBlob", length + bytes)
        if (key.isEmpty()) throw SampleError.InvalidKey("key must not be empty")
        yield()
        blobs[key] = contents
        return true
    }

    override suspend fun getBlob(key: String): ByteArray? {
        record("sample", "getBlob", mapOf("key" to JsonValue.Text(key)))
        if (key.isEmpty()) throw SampleError.InvalidKey("key must not be empty")
        return blobs[key]
    }

    /**
     * `test://items/N`: N one-byte chunks (byte i % 256 at offset i), then N.
     * `test://fail/N`: N chunks, then `DownloadFailed(received = N)`.
     * `test://hold/N`: N chunks, then waits for the page to stop reading (parked, like `getItem("slow")`).
     * `test://bytes/N`: N bytes (byte i is i % 251) in chunks of `chunkSize`, then N.
     * N is read as Swift's `Int.init` reads it ([swiftInt]); a negative N is an unknown URL.
     */
    override suspend fun download(url: String, chunkSize: Long, stream: BridgeStream<Sample.DownloadChunk>): Long {
        record("sample", "download", mapOf("url" to JsonValue.Text(url), "chunkSize" to JsonValue.Integer(chunkSize)))
        // As Swift's `split(separator:)`: empty parts are left out.
        val parts = url.split("/").filter { it.isNotEmpty() }
        val count = parts.getOrNull(2)?.let(::swiftInt)
        if (!url.startsWith("test://") || parts.size != 3 || count == null || count < 0) throw SampleError.DownloadFailed(received = 0, message = "unknown test URL")
        if (parts[1] == "bytes") return downloadBytes(count, chunkSize, stream)
        for (offset in 0 until count) stream.emit(Sample.DownloadChunk(offset, byteArrayOf((offset % 256).toByte()), count))
        when (parts[1]) {
            "fail" -> throw SampleError.DownloadFailed(received = count)
            "hold" -> {
                parkUntilCancelled("download")
                return count
            }
            else -> {
                record("sample", "download.finished", mapOf("items" to JsonValue.Integer(count)))
                return count
            }
        }
    }

    /** One chunk at a time, made after the one before was emitted, as Swift's `downloadBytes`. */
    private suspend fun downloadBytes(total: Long, chunkSize: Long, stream: BridgeStream<Sample.DownloadChunk>): Long {
        if (chunkSize <= 0) throw SampleError.DownloadFailed(received = 0, message = "chunkSize must be positive")
        var offset = 0L
        while (offset < total) {
            val length = minOf(chunkSize, total - offset)
            stream.emit(Sample.DownloadChunk(offset, ByteArray(length.toInt()) { ((offset + it) % 251).toByte() }, total))
            offset += length
        }
        return total
    }

    override fun closePage() = record("user", "closePage", emptyMap())

    override fun logEvent(name: String, parameters: Map<String, JsonValue>) {
        val recorded = mapOf("name" to JsonValue.Text(name), "parameters" to JsonValue.Object(parameters))
        val caller = if (name == "whoIsCalling") mapOf("caller" to JsonValue.Text(BridgeCaller.current?.toString() ?: "nobody")) else emptyMap()
        record("user", "logEvent", recorded + caller)
        if (name == "logout") loggedIn = false
        if (name == "login") loggedIn = true
    }

    override suspend fun getUserInfo(): User.UserInfo {
        record("user", "getUserInfo", emptyMap())
        if (!loggedIn) throw UserError.NotLoggedIn()
        return User.UserInfo(42, "Alice", null, 3, listOf("beta", "vip"))
    }

    override suspend fun iosAppPrepay(order: User.PrepayOrder): User.PrepayResult {
        // As the Swift handlers record it (`try?`): an order that cannot be encoded back (an `any` beyond 2^53) is null.
        record("user", "iosAppPrepay", mapOf("order" to encodedOrNull { UserCodec.encodePrepayOrder(order, BridgePath("order")) }))
        if (!loggedIn) throw UserError.NotLoggedIn()
        return when (order.productId) {
            "fail" -> throw UserError.PurchaseFailed(storeCode = 2, retryable = true, message = "The App Store refused the purchase")
            "disabled" -> throw UserError.PurchasesDisabled()
            "pending" -> User.PrepayResult(User.PurchaseStatus.Pending)
            "cancel" -> User.PrepayResult(User.PurchaseStatus.Cancelled)
            else -> User.PrepayResult(
                User.PurchaseStatus.Purchased, "tx-${order.productId}-${order.quantity}",
                mapOf(order.productId to order.metadata.keys.sortedWith(scalarOrder)),
            )
        }
    }

    override fun reportDevice(device: Sample.DeviceInfo, style: Sample.HapticStyle?) =
        record("user", "reportDevice", mapOf("device" to encodedOrNull { SampleCodec.encodeDeviceInfo(device, BridgePath("device")) }, "style" to optional(style?.wire)))

    private fun encodedOrNull(encode: () -> JsonValue): JsonValue = try {
        encode()
    } catch (error: BridgeError) {
        JsonValue.Null
    }

    @Deprecated("Deprecated in the schema; still served to the pages that call it.")
    override suspend fun getToken(): String? {
        record("user", "getToken", emptyMap())
        return if (loggedIn) "token-abc" else null
    }
}

private fun unhex(text: String): String =
    String(ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }, Charsets.UTF_8)

fun main() = runBlocking {
    val handlers = TestHandlers()
    val session = BridgeSession("uniBridgeCall", BridgeOriginPolicy(setOf("file", "app"), emptySet(), true), this)
    session.install(SampleDispatcher(handlers))
    session.install(UserDispatcher(handlers))
    val origin = BridgeOrigin("file", "", 0, isMainFrame = true)
    val out = StringBuilder()
    generateSequence(::readLine).forEach { line ->
        val answers = ArrayList<JsonValue>()
        session.receive("uniBridgeCall", unhex(line), origin) { frame ->
            val posted = BridgeIncoming.read(frame).message
            // A stream's items: the Swift host's item scripts are not answers either.
            if (posted?.containsKey("item") != true) answers.add(posted?.get("envelope") ?: JsonValue.Text("unreadable frame"))
        }
        while (session.runningRequestCount > 0) yield()
        val calls = ArrayList(handlers.calls)
        handlers.calls.clear()
        out.append(JsonValue.Object(mapOf("answers" to JsonValue.Array(answers), "calls" to JsonValue.Array(calls))).jsonText).append('\n')
    }
    print(out)
}
