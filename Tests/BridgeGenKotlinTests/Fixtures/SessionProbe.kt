// Drives a BridgeSession through a script of page messages with a module written as the
// generator writes one, and prints every frame posted and every log line, for KotlinSessionTests.

package session

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield

interface ProbeHandler {
    fun ping(note: String)
    suspend fun echo(text: String, times: Long): String
    suspend fun slow(): Long
    suspend fun fail(kind: String): Boolean
}

class ProbeDispatcher(handler: ProbeHandler, mainFrame: Set<String> = emptySet()) : BridgeDispatcher<ProbeHandler>(handler) {
    override val moduleName: String = "probe"
    override val capabilities: BridgeCapabilities = BridgeCapabilities(listOf("ping", "echo", "slow", "fail"), listOf("tick"), emptyList(), "0123456789abcdef")
    override val mainFrameMethods: Set<String> = mainFrame

    override fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession) {
        when (type) {
            "ping" -> {
                val note = params.string("note")
                val handler = requireHandler()
                reply.succeed(JsonValue.Null)
                handler.ping(note)
            }
            "echo" -> {
                val text = params.string("text")
                val times = params.int("times", default = 1L)
                request(reply, session, BridgeEncode::string) { it.echo(text, times) }
            }
            "slow" -> request(reply, session, BridgeEncode::int) { it.slow() }
            "fail" -> {
                val kind = params.string("kind")
                request(reply, session, BridgeEncode::bool) { it.fail(kind) }
            }
            else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type")
        }
    }
}

/** The module's application errors, as the generator writes them (`sealed class SampleError`). */
sealed class ProbeError(override val code: Int) : BridgeApplicationError() {
    data class Busy(
        val retryAfterSeconds: Double? = null,
        val attempts: Long = 0L,
        override val message: String = "Busy.",
    ) : ProbeError(1002) {
        override fun encodeData(path: BridgePath): JsonValue = BridgeEncode.Members(path)
            .optional("retryAfterSeconds", retryAfterSeconds, BridgeEncode::double)
            .int("attempts", attempts)
            .json
    }

    data class Gone(override val message: String = "Gone.") : ProbeError(1003)
}

class Probe : ProbeHandler {
    var gate = CompletableDeferred<Long>()
    override fun ping(note: String) = println("handler: ping $note")
    override suspend fun echo(text: String, times: Long): String = text.repeat(times.toInt())
    override suspend fun slow(): Long = gate.await()
    override suspend fun fail(kind: String): Boolean = when (kind) {
        "bridge" -> throw BridgeError(1001, "The key is empty.")
        "internal" -> throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "secret detail")
        "typed" -> throw ProbeError.Busy(retryAfterSeconds = 2.5, attempts = 3, message = "saving")
        "typed, no data" -> throw ProbeError.Gone()
        "typed, unencodable" -> throw ProbeError.Busy(retryAfterSeconds = Double.NaN)
        else -> throw IllegalStateException("boom")
    }
}

fun main() = runBlocking {
    val policy = BridgeOriginPolicy(setOf("app"), setOf("*.example.com"), mainFrameOnly = true)
    val session = BridgeSession(null, policy, this) { println("log: $it") }
    val handler = Probe()
    session.install(ProbeDispatcher(handler))
    val main = BridgeOrigin("https", "www.example.com", 443, isMainFrame = true)
    val frameA = BridgeFrame { println("A: $it") }
    val frameB = BridgeFrame { println("B: $it") }
    fun send(text: String, origin: BridgeOrigin = main, frame: BridgeFrame = frameA, channel: String = "probe") {
        println("> $text")
        session.receive(channel, text, origin, frame)
    }
    session.emit("probe", "tick", JsonValue.Object(mapOf("n" to JsonValue.Integer(1))))
    send("""{"type":"${'$'}hello","data":{"module":"probe"},"callbackName":"cb1"}""")
    session.emit("probe", "tick", JsonValue.Object(mapOf("n" to JsonValue.Integer(2))))
    send("""{"type":"echo","data":{"text":"ab"},"callbackName":"cb2"}""")
    send("""{"type":"echo","data":{"text":"ab","times":3},"callbackName":"cb3"}""")
    send("""{"type":"ping","data":{"note":"no answer for a send"}}""")
    send("""{"type":"nope","callbackName":"cb4"}""")
    send("""{"type":"echo","data":{"text":1},"callbackName":"cb5"}""")
    send("""{"type":"echo","callbackName":"cb6","data":{"text":"x"},"callbackName":"cb6b"}""")
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb7"}""", origin = main.copy(isMainFrame = false), frame = frameB)
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb8"}""", origin = BridgeOrigin("https", "evil.com", 443, true), frame = frameB)
    // Origins no key can admit: the log says what to do instead.
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb8h"}""", origin = BridgeOrigin("http", "shop.example", 80, true), frame = frameB)
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb8o"}""", origin = BridgeOrigin("about", "", 0, true), frame = frameB)
    // Any string of at most 256 characters names a callback (it is only ever a JSON string); a longer one is refused unanswered.
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"a name with spaces"}""")
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"${"n".repeat(257)}"}""")
    send("""not json""")
    send("""{"type":"fail","data":{"kind":"bridge"},"callbackName":"cb9"}""")
    send("""{"type":"fail","data":{"kind":"internal"},"callbackName":"cb10"}""")
    send("""{"type":"fail","data":{"kind":"other"},"callbackName":"cb11"}""")
    // Application errors carry their data; one whose data cannot be encoded is the app's bug.
    send("""{"type":"fail","data":{"kind":"typed"},"callbackName":"cb11a"}""")
    send("""{"type":"fail","data":{"kind":"typed, no data"},"callbackName":"cb11b"}""")
    send("""{"type":"fail","data":{"kind":"typed, unencodable"},"callbackName":"cb11c"}""")
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb12"}""", channel = "other")
    send("""{"type":"slow","callbackName":"cb13"}""")
    println("running ${session.runningRequestCount}")
    handler.gate.complete(42)
    yield()
    println("running ${session.runningRequestCount}")
    handler.gate = CompletableDeferred()
    send("""{"type":"slow","callbackName":"cb14"}""")
    session.renderProcessGone()
    println("running ${session.runningRequestCount}")
    handler.gate.complete(7)
    yield()
    // `$cancel` names a running request by its id: its coroutine is cancelled, it is answered -9
    // once, and its late result is dropped; an id naming nothing is nothing to do.
    handler.gate = CompletableDeferred()
    send("""{"type":"slow","callbackName":"cb20","id":"cb20"}""")
    send("""{"type":"${'$'}cancel","data":{"id":"nothing"}}""")
    println("running ${session.runningRequestCount}")
    send("""{"type":"${'$'}cancel","data":{"id":"cb20"},"callbackName":"cb21"}""")
    println("running ${session.runningRequestCount}")
    handler.gate.complete(9)
    yield()
    session.emit("probe", "tick", JsonValue.Object(mapOf("n" to JsonValue.Integer(3))))
    send("""{"type":"${'$'}hello","data":{"module":"probe"},"callbackName":"cb15"}""", frame = frameB)
    send("""{"type":"${'$'}hello","data":{"module":"other"},"callbackName":"cb16"}""")
    handler.gate = CompletableDeferred()
    send("""{"type":"slow","callbackName":"cb17"}""")
    session.uninstall("probe")
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb18"}""")
    // The dispatcher holds its handler weakly: once the app drops it, requests find it gone.
    fun installDropped(): java.lang.ref.WeakReference<Probe> {
        val dropped = Probe()
        session.install(ProbeDispatcher(dropped))
        return java.lang.ref.WeakReference(dropped)
    }
    val weak = installDropped()
    repeat(100) { if (weak.get() != null) { System.gc(); Thread.sleep(10) } }
    println("collected ${weak.get() == null}")
    send("""{"type":"echo","data":{"text":"x"},"callbackName":"cb19"}""")
    accessMainFrame(this)
    streams(this)
}

/** `access: mainFrame` on echo and ping under a policy that trusts iframes: a subframe is refused -4 before decoding. */
fun accessMainFrame(scope: kotlinx.coroutines.CoroutineScope) {
    println("-- access: mainFrame")
    val session = BridgeSession(null, BridgeOriginPolicy(setOf("app"), setOf("*.example.com"), mainFrameOnly = false), scope) { println("log: $it") }
    session.install(ProbeDispatcher(Probe(), mainFrame = setOf("echo", "ping")))
    val main = BridgeOrigin("https", "www.example.com", 443, isMainFrame = true)
    val sub = main.copy(isMainFrame = false)
    val frame = BridgeFrame { println("F: $it") }
    fun send(text: String, origin: BridgeOrigin) {
        println("> ${if (origin.isMainFrame) "main" else "subframe"} $text")
        session.receive("probe", text, origin, frame)
    }
    send("""{"type":"echo","data":{"text":1},"callbackName":"a1"}""", sub)
    send("""{"type":"echo","data":{"text":1},"callbackName":"a2"}""", main)
    send("""{"type":"echo","data":{"text":"ok"},"callbackName":"a3"}""", main)
    send("""{"type":"ping","data":{"note":"from a subframe"}}""", sub)
    send("""{"type":"fail","data":{"kind":"bridge"},"callbackName":"a4"}""", sub)
}

/** A stream method as the generator writes one: `count` yields 1 to `upTo`, then ends as `then` says. */
interface Counter {
    suspend fun count(upTo: Long, then: String, stream: BridgeStream<JsonValue>): String
}

class CounterDispatcher(handler: Counter) : BridgeDispatcher<Counter>(handler) {
    override val moduleName: String = "probe"
    override val capabilities: BridgeCapabilities = BridgeCapabilities(listOf("count"), emptyList(), emptyList(), "0123456789abcdef")

    override fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession) {
        when (type) {
            "count" -> {
                val upTo = params.int("upTo")
                val then = params.string("then", default = "end")
                stream(reply, session, BridgeEncode::json, BridgeEncode::string) { handler, stream -> handler.count(upTo, then, stream) }
            }
            else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type")
        }
    }
}

class CountingProbe : Counter {
    override suspend fun count(upTo: Long, then: String, stream: BridgeStream<JsonValue>): String {
        for (n in 1..upTo) {
            try {
                stream.emit(JsonValue.Integer(n))
            } catch (cancelled: CancellationException) {
                println("handler: emit of $n cancelled (isCancelled=${kotlinx.coroutines.currentCoroutineContext()[kotlinx.coroutines.Job]?.isCancelled})")
                throw cancelled
            }
        }
        when (then) {
            "fail" -> throw ProbeError.Busy(attempts = upTo, message = "failed after $upTo")
            "unencodable" -> stream.emit(JsonValue.Real(Double.NaN))
            "huge" -> stream.emit(JsonValue.Text("x".repeat(BridgeLimits.MAX_STREAM_ITEM_BYTES - 1)))
            "hold" -> try {
                CompletableDeferred<Unit>().await()
            } catch (cancelled: CancellationException) {
                println("handler: count cancelled after $upTo (isCancelled=${kotlinx.coroutines.currentCoroutineContext()[kotlinx.coroutines.Job]?.isCancelled})")
                throw cancelled
            }
        }
        return "counted $upTo"
    }
}

/** Streams: items in order then the answer, through the sending frame; errors after items; cancelled by `$cancel` and by navigation; refused without an id. */
suspend fun streams(scope: CoroutineScope) {
    println("-- streams")
    val session = BridgeSession(null, BridgeOriginPolicy(setOf("app"), emptySet(), mainFrameOnly = true), scope) { println("log: $it") }
    session.install(CounterDispatcher(CountingProbe()))
    val main = BridgeOrigin("app", "bundle", 0, isMainFrame = true)
    val frameA = BridgeFrame { println("A: $it") }
    val frameB = BridgeFrame { println("B: $it") }
    // Each `emit` yields the thread after posting (a `$cancel` may come in between): let the handler run on.
    suspend fun settle() = repeat(20) { yield() }
    suspend fun send(text: String, frame: BridgeFrame = frameA) {
        println("> $text")
        session.receive("probe", text, main, frame)
        settle()
    }
    send("""{"type":"count","data":{"upTo":3},"callbackName":"s1","id":"s1"}""")
    send("""{"type":"count","data":{"upTo":2},"callbackName":"s2","id":"s2"}""", frame = frameB)
    send("""{"type":"count","data":{"upTo":0},"callbackName":"s3","id":"s3"}""")
    // An error after items: the page reads the items, then the failure.
    send("""{"type":"count","data":{"upTo":2,"then":"fail"},"callbackName":"s4","id":"s4"}""")
    // Without an id its items could not be addressed: refused before the handler runs.
    send("""{"type":"count","data":{"upTo":2},"callbackName":"s5"}""")
    send("""{"type":"count","data":{"upTo":2},"callbackName":"s6","id":7}""")
    send("""{"type":"count","data":{"upTo":2},"callbackName":"s7","id":"${"n".repeat(257)}"}""")
    send("""{"type":"count","data":{"upTo":"2"},"callbackName":"s8"}""")
    // An item that cannot be encoded, or is larger than the limit, fails its emit with -6 (logged).
    send("""{"type":"count","data":{"upTo":1,"then":"unencodable"},"callbackName":"s9","id":"s9"}""")
    send("""{"type":"count","data":{"upTo":1,"then":"huge"},"callbackName":"s10","id":"s10"}""")
    // `$cancel` cancels a running stream's coroutine; it is answered -9 once.
    send("""{"type":"count","data":{"upTo":2,"then":"hold"},"callbackName":"s11","id":"s11"}""")
    println("running ${session.runningRequestCount}")
    send("""{"type":"${'$'}cancel","data":{"id":"s11"}}""")
    println("running ${session.runningRequestCount}")
    // A navigation: the old page's streams cannot be read any more, and no `$cancel` comes.
    send("""{"type":"count","data":{"upTo":1,"then":"hold"},"callbackName":"s12","id":"s12"}""")
    send("""{"type":"count","data":{"upTo":1,"then":"hold"},"callbackName":"s13","id":"s13"}""", frame = frameB)
    println("> pageStarted")
    session.pageStarted()
    settle()
    println("running ${session.runningRequestCount}")
    windowed(session, main)
    paced(session, main)
}

/**
 * A stream's window (`$window`): with 2, two items go out, then one more per `$read` count
 * increase; a lower count changes nothing, a count above the items sent counts as them; `$cancel`
 * ends an emit waiting for room (-9). Refused -2 before the handler runs when malformed.
 */
suspend fun windowed(session: BridgeSession, origin: BridgeOrigin) {
    println("-- windows")
    val frame = BridgeFrame { println("W: $it") }
    suspend fun send(text: String) {
        println("> $text")
        session.receive("probe", text, origin, frame)
        repeat(20) { yield() }
    }
    fun read(count: Int) = """{"type":"${'$'}read","data":{"id":"w1","count":$count}}"""
    send("""{"type":"count","data":{"upTo":10},"callbackName":"w1","id":"w1","${'$'}window":2}""")
    for (count in listOf(1, 2, 1, 100, 4, 6)) send(read(count))
    send("""{"type":"${'$'}read","data":{"id":"w1","count":7},"callbackName":"r1"}""")
    send("""{"type":"${'$'}read","data":{"id":"w1","count":-1},"callbackName":"r2"}""")
    println("running ${session.runningRequestCount}")
    send("""{"type":"${'$'}cancel","data":{"id":"w1"}}""")
    println("running ${session.runningRequestCount}")
    send("""{"type":"count","data":{"upTo":3},"callbackName":"w2","id":"w2","${'$'}window":1024}""")
    send("""{"type":"count","data":{"upTo":3},"callbackName":"w3","id":"w3","${'$'}window":0}""")
    send("""{"type":"count","data":{"upTo":"3"},"callbackName":"w4","id":"w4","${'$'}window":0}""")
}

/** 1,001 items: a window's share goes out at once, the last waits for the next one-second window; nothing is dropped. */
suspend fun paced(session: BridgeSession, origin: BridgeOrigin) {
    val posted = ArrayList<Long>()
    val counting = BridgeFrame { if (it.startsWith("{\"item\"")) posted.add(System.nanoTime()) }
    val limit = BridgeLimits.MAX_STREAM_ITEMS_PER_SECOND
    println("> count ${limit + 1} items")
    session.receive("probe", """{"type":"count","data":{"upTo":${limit + 1}},"callbackName":"p1","id":"p1"}""", origin, counting)
    while (session.runningRequestCount > 0) kotlinx.coroutines.delay(10)
    val first = (posted[limit - 1] - posted[0]) / 1_000_000
    val wait = (posted[limit] - posted[0]) / 1_000_000
    println("posted ${posted.size}; the first $limit within ${if (first < 500) "half a second" else "$first ms"}, the next after at least 900 ms (the next window): ${wait >= 900}")
}
