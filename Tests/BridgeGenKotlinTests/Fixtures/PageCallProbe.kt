// Drives page calls through a BridgeSession whose evaluator is a scripted page (it records the
// arguments of each evaluated script; the page's answers are `$answer` messages), and prints
// every outcome and log line, for KotlinSessionTests. `bodies` on stdin prints the two bodies.

package session

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.yield
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

class PageProbe(private val session: BridgeSession, private val scope: CoroutineScope) {
    val main = BridgeOrigin("app", "", -1, isMainFrame = true)
    private val frame = BridgeFrame { println("frame: $it") }
    var evaluatedOn: Thread? = null

    init {
        session.evaluator = { script ->
            evaluatedOn = Thread.currentThread()
            val body = if (script.startsWith("(" + BridgePageScripts.client + ")")) BridgePageScripts.client else BridgePageScripts.global
            val kind = if (body == BridgePageScripts.client) "client" else "global"
            println("evaluate $kind" + script.removePrefix("(" + body + ")"))
        }
    }

    fun hello(module: String = "probe") {
        session.receive(module, """{"type":"${'$'}hello","data":{"module":"$module"},"callbackName":"h"}""", main, BridgeFrame {})
    }

    fun answer(token: String, envelope: String, origin: BridgeOrigin = main) {
        val data = JsonValue.Object(mapOf("token" to JsonValue.Text(token), "envelope" to JsonValue.Text(envelope))).jsonText
        session.receive("probe", """{"type":"${'$'}answer","data":$data}""", origin, frame)
    }

    fun answerRaw(data: String) {
        session.receive("probe", """{"type":"${'$'}answer","data":$data}""", main, frame)
    }

    /** Starts a call and prints its outcome when it ends. */
    fun <T> call(label: String, caller: BridgePageCaller, method: String = "count", global: List<String>? = null,
                 errors: Set<Int> = emptySet(), decode: (JsonValue?, BridgePath) -> T): Job =
        scope.launch {
            try {
                val params = BridgeEncode.Members(BridgePath("params")).string("userId", "u<1>").json
                val result = caller.call(method, params, global, listOf("userId"), errors, decode = decode)
                println("$label: $result")
            } catch (error: BridgeError) {
                println("$label: error ${error.code} ${error.message}")
            } catch (cancelled: kotlinx.coroutines.CancellationException) {
                println("$label: cancelled")
                throw cancelled
            }
        }
}

suspend fun settle() = repeat(5) { yield() }

fun main() = runBlocking {
    when (readLine()) {
        "bodies" -> {
            println(BridgePageScripts.client)
            println("----")
            println(BridgePageScripts.global)
        }
        "outcomes" -> outcomes()
        else -> script()
    }
}

/** Each stdin line is a page's answer (JSON text of the envelope value): what a call of an int method with the error 2001 makes of it. */
fun outcomes() {
    while (true) {
        val line = readLine() ?: break
        val answer = StrictJsonReader(Utf8.encode(line)).readDocument()
        val outcome = BridgePageCalls.outcome(answer, setOf(2001)).mapCatching { data ->
            try {
                BridgeDecode.int(data, BridgePath("result"))
            } catch (error: BridgeError) {
                throw BridgeError(BridgeErrorCode.INVALID_RESULT, error.message)
            }
        }
        val error = outcome.exceptionOrNull() as? BridgeError
        println(if (error == null) "ok ${outcome.getOrNull()}" else "error ${error.code} ${JsonValue.Text(error.message).jsonText}")
    }
}

suspend fun script() = coroutineScope {
    val policy = BridgeOriginPolicy(setOf("app"), emptySet(), mainFrameOnly = true)
    val session = BridgeSession(null, policy, this) { println("log: $it") }
    val probe = PageProbe(session, this)
    session.install(ProbeDispatcher(Probe()))
    val caller = BridgePageCaller("probe", session, 5.seconds)
    val errors = setOf(2001)

    println("-- a client method waits for the hello, then goes")
    var job = probe.call("count", caller, decode = BridgeDecode::int)
    settle()
    println("calls ${session.pageCallCount}")
    probe.hello()
    settle()
    probe.answer("1", """{"errcode":0,"errmsg":"ok","data":3}""")
    job.join()
    println("calls ${session.pageCallCount}")

    println("-- what the page answers")
    val answers = listOf(
        """{"errcode":0,"errmsg":"ok","data":"three"}""",
        """{"errcode":"0"}""",
        """[0]""",
        """{"errcode":0,"data":{"a\u0301":1,"á":2}}""",
        """{"errcode":2001,"errmsg":"busy"}""",
        """{"errcode":1003,"errmsg":"other"}""",
        """{"errcode":-10,"errmsg":"nothing implements probe.count"}""",
        """{"errcode":-3,"errmsg":"a bridge code the page may not answer"}""",
        """{"errcode":-12,"errmsg":"${"x".repeat(999)}😀tail"}""",
        """{"errcode":0,"errmsg":"ok"}""",
        "not json",
    )
    for ((index, text) in answers.withIndex()) {
        job = probe.call("answer ${index + 1}", caller, errors = errors, decode = BridgeDecode::int)
        settle()
        probe.answer((index + 2).toString(), text)
        job.join()
    }
    job = probe.call("optional", caller, decode = { v, p -> BridgeDecode.optional(v, p, BridgeDecode::int) })
    settle()
    probe.answer("13", """{"errcode":0,"errmsg":"ok"}""")
    job.join()
    job = probe.call("not text", caller, decode = BridgeDecode::int)
    settle()
    probe.answerRaw("""{"token":"14","envelope":5}""")
    job.join()

    println("-- answers that are not taken")
    job = probe.call("guarded", caller, decode = BridgeDecode::int)
    settle()
    probe.answer("15", """{"errcode":0,"errmsg":"ok","data":1}""", origin = probe.main.copy(isMainFrame = false))
    probe.answerRaw("""{"envelope":"{}"}""")
    probe.answer("999", """{"errcode":0,"errmsg":"ok","data":1}""")
    probe.answer("15", """{"errcode":0,"errmsg":"ok","data":2}""")
    job.join()

    println("-- reload: the hub is gone, the call waits for the next hello and goes again")
    job = probe.call("reload", caller, decode = BridgeDecode::int)
    settle()
    probe.answer("16", """{"errcode":-11,"errmsg":"the page's bridge client is not loaded"}""")
    settle()
    println("calls ${session.pageCallCount}")
    probe.hello()
    settle()
    probe.answer("17", """{"errcode":0,"errmsg":"ok","data":4}""")
    job.join()
    job = probe.call("reload twice", caller, decode = BridgeDecode::int)
    settle()
    probe.answer("18", """{"errcode":-11,"errmsg":"the page's bridge client is not loaded"}""")
    settle()
    probe.hello()
    settle()
    probe.answer("19", """{"errcode":-11,"errmsg":"still not loaded"}""")
    job.join()

    println("-- timeouts, one deadline for the whole call")
    job = probe.call("after hello", caller.withTimeout(30.milliseconds), decode = BridgeDecode::int)
    job.join()
    probe.answer("20", """{"errcode":0,"errmsg":"ok","data":1}""")
    job = probe.call("zero", caller.withTimeout(Duration.ZERO), decode = BridgeDecode::int)
    job.join()
    session.pageStarted()
    job = probe.call("no hello", caller.withTimeout(250.milliseconds), decode = BridgeDecode::int)
    job.join()
    job = probe.call("no hello, zero", caller.withTimeout(Duration.ZERO), decode = BridgeDecode::int)
    job.join()

    println("-- global methods do not wait for a hello")
    job = probe.call("global", caller, method = "show", global = listOf("app", "show"), decode = { _, _ -> "ignored" })
    settle()
    probe.answer("21", """{"errcode":0,"errmsg":"ok","data":null}""")
    job.join()

    println("-- cancellation, navigation, termination, uninstall")
    probe.hello()
    job = probe.call("cancelled", caller, decode = BridgeDecode::int)
    settle()
    job.cancel()
    job.join()
    probe.answer("22", """{"errcode":0,"errmsg":"ok","data":1}""")
    println("calls ${session.pageCallCount}")
    job = probe.call("navigated", caller, decode = BridgeDecode::int)
    settle()
    session.pageStarted()
    job.join()
    val waiting = probe.call("terminated, waiting", caller, decode = BridgeDecode::int)
    probe.hello("other")
    session.install(OtherDispatcher(Probe()))
    val out = probe.call("terminated, out", BridgePageCaller("other", session, 5.seconds), decode = BridgeDecode::int)
    settle()
    session.renderProcessGone()
    waiting.join()
    out.join()
    job = probe.call("uninstalled", caller, decode = BridgeDecode::int)
    settle()
    session.uninstall("probe")
    job.join()
    job = probe.call("not installed", caller, decode = BridgeDecode::int)
    job.join()

    println("-- the session's thread, whatever the caller's")
    session.install(ProbeDispatcher(Probe()))
    probe.hello()
    val sessionThread = Thread.currentThread()
    probe.evaluatedOn = null
    job = launch(Dispatchers.Default) {
        val result = caller.call("count", JsonValue.Object(emptyMap()), decode = BridgeDecode::int)
        println("from Default: $result")
    }
    while (probe.evaluatedOn == null) delay(5)
    println("evaluated on the session's thread: ${probe.evaluatedOn === sessionThread}")
    probe.answer("25", """{"errcode":0,"errmsg":"ok","data":9}""")
    job.join()
    session.evaluator = null
    job = probe.call("no web view", caller, decode = BridgeDecode::int)
    job.join()

    println("-- evaluators that throw, params a global cannot spread")
    session.evaluator = { throw IllegalStateException("the WebView was destroyed") }
    job = probe.call("throwing evaluator", caller, decode = BridgeDecode::int)
    job.join()
    session.evaluator = { throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the WebView is gone") }
    job = probe.call("gone WebView", caller, decode = BridgeDecode::int)
    job.join()
    job = launch {
        try {
            caller.call("show", JsonValue.Array(emptyList()), global = listOf("app", "show"), decode = { _, _ -> })
        } catch (error: BridgeError) {
            println("global with array params: error ${error.code} ${error.message}")
        }
    }
    job.join()

    println("-- a subframe's answer, when subframes are trusted")
    val open = BridgeSession(null, BridgeOriginPolicy(setOf("app"), emptySet(), mainFrameOnly = false), this) { println("log: $it") }
    val openProbe = PageProbe(open, this)
    open.install(ProbeDispatcher(Probe()))
    openProbe.hello()
    job = openProbe.call("subframe answer", BridgePageCaller("probe", open, 5.seconds), decode = BridgeDecode::int)
    settle()
    openProbe.answer("1", """{"errcode":0,"errmsg":"ok","data":1}""", origin = openProbe.main.copy(isMainFrame = false))
    openProbe.answer("1", """{"errcode":0,"errmsg":"ok","data":2}""")
    job.join()
}

class OtherDispatcher(handler: ProbeHandler) : BridgeDispatcher<ProbeHandler>(handler) {
    override val moduleName: String = "other"
    override val capabilities: BridgeCapabilities = BridgeCapabilities(emptyList(), emptyList(), listOf("count"), "fedcba9876543210")

    override fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession) {
        throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type")
    }
}
