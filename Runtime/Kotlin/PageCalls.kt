// bridgegen's Kotlin runtime: native -> page calls: the constant function bodies, a call's life
// in the session (hello, timeout, reload, navigation, termination) and the caller.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.withTimeoutOrNull
import kotlin.time.Duration

/**
 * The functions the glue evaluates in the page (docs/WIRE.md, "Android"): the Swift runtime's
 * bodies, unchanged, inside a function of string parameters that posts the envelope text back
 * as a `$answer` message on the channel `c` with the token `t`. They are constants: every value
 * (channel, token, module, method, params; for `global:` methods the path and the positional
 * arguments) is a string literal of [BridgeJavaScript.stringLiteral], read with `JSON.parse`.
 */
public object BridgePageScripts {
    private val clientBody: String = """
        try {
          var h = globalThis.__bridgegen;
          if (!h || typeof h.call !== "function") {
            return JSON.stringify({errcode: -11, errmsg: "the page's bridge client is not loaded"});
          }
          return await h.call(m, n, JSON.parse(p));
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
    """.trimIndent()

    private val globalBody: String = """
        try {
          var h = globalThis.__bridgegen;
          if (h && typeof h.implemented === "function" && typeof h.call === "function" && h.implemented(m, n) === true) {
            return await h.call(m, n, JSON.parse(p));
          }
          var path = JSON.parse(g), parent = globalThis, f = globalThis;
          for (var i = 0; i < path.length; i++) {
            if (f === null || (typeof f !== "object" && typeof f !== "function")) {
              f = undefined;
              break;
            }
            parent = f;
            f = f[path[i]];
          }
          if (typeof f !== "function") {
            return JSON.stringify({errcode: -10, errmsg: "the page defines no function " + path.join(".")});
          }
          var v = await f.apply(parent, JSON.parse(a));
          return JSON.stringify({errcode: 0, errmsg: "ok", data: v === undefined ? null : v});
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
    """.trimIndent()

    /** Calls the module's client implementation through the page's hub; no hub: -11. */
    public val client: String = posting(clientBody, global = false)

    /** Calls a `global:` method: through the hub when the client implements it, else the global function. */
    public val global: String = posting(globalBody, global = true)

    private fun posting(body: String, global: Boolean): String =
        "function(c,t,m,n,p" + (if (global) ",g,a" else "") + "){var o=window[\"__bridgegen_\"+c];(async function(){\n" + body +
            "\n})().then(function(x){o.postMessage(JSON.stringify({type:\"\$answer\",data:{token:t,envelope:x}}));}).catch(function(){});}"

    /** The script the glue evaluates: `body` applied to `arguments`, each a string literal. */
    public fun script(body: String, arguments: List<String>): String =
        "(" + body + ")(" + arguments.joinToString(",") { BridgeJavaScript.stringLiteral(it) } + ");"
}

/** What one page call sends and accepts (the generated page callers fill it in). */
public class BridgePageRequest(
    public val module: String,
    /** The page method's wire name. */
    public val method: String,
    /** The params object, keyed by wire names, defaults applied. */
    public val params: JsonValue,
    /** `global:` methods: the global function's path (a leading `window.` dropped). */
    public val global: List<String>? = null,
    /** `global:` methods: the params' wire names in declaration order, the positional arguments. */
    public val order: List<String> = emptyList(),
    /** The whole call's deadline: the wait for the client's `$hello` and the call. */
    public val timeout: Duration,
    /** The application codes (>= 1) the page may reject with: the method's declared errors. */
    public val declaredCodes: Set<Int> = emptySet(),
)

/**
 * A session's page calls in flight. Every call and the page's answers run on the session's
 * thread (the main thread): a caller on another dispatcher is moved there.
 */
internal class BridgePageCalls(private val session: BridgeSession) {
    /**
     * One call: it sleeps in [await] until a hello, the page's answer or a failure of the whole
     * call wakes it. An answer that comes before it sleeps (an evaluator that runs the script at
     * once) is kept for it.
     */
    private class Call(val module: String, val waitsForHello: Boolean) {
        var waitingForHello = false
        var failure: BridgeError? = null
        private var wake: CompletableDeferred<JsonValue?>? = null
        private var early: Answered? = null

        suspend fun await(): JsonValue? {
            failure?.let { throw it }
            early?.let {
                early = null
                return it.data
            }
            val deferred = CompletableDeferred<JsonValue?>()
            wake = deferred
            try {
                return deferred.await()
            } finally {
                wake = null
            }
        }

        fun wakeUp(value: JsonValue?) {
            val wake = this.wake
            if (wake != null) wake.complete(value) else early = Answered(value)
        }

        fun fail(error: BridgeError) {
            if (failure != null) return
            failure = error
            wake?.completeExceptionally(error)
        }
    }

    private val calls = LinkedHashSet<Call>()
    /** The calls whose body is out in the page, by token: each waits for its `$answer`. */
    private val out = HashMap<String, Call>()
    private var tokens = 0L
    /** How many times each module's client said `$hello`: a call that finds the hub gone goes again at once when one came meanwhile. */
    private val hellos = HashMap<String, Int>()

    val count: Int get() = calls.size

    suspend fun call(request: BridgePageRequest): JsonValue? {
        val name = "'${request.module}.${request.method}'"
        val arguments = mutableListOf(request.module, request.method, scriptJson(request.params, name))
        if (request.global != null) {
            val members = (request.params as? JsonValue.Object)?.members
                ?: throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "the params of $name are not an object")
            arguments.add(JsonValue.Array(request.global.map { JsonValue.Text(it) }).jsonText)
            arguments.add(scriptJson(JsonValue.Array(request.order.map { members[it] ?: JsonValue.Null }), name))
        }
        val body = if (request.global == null) BridgePageScripts.client else BridgePageScripts.global
        val call = Call(request.module, waitsForHello = request.global == null)
        call.waitingForHello = call.waitsForHello && !session.isClientReady(call.module)
        calls.add(call)
        try {
            // A holder, since a call's answer may itself be null (no `data`).
            val answered = withTimeoutOrNull(request.timeout) { Answered(drive(call, request, body, arguments)) }
            if (answered != null) return answered.data
            val seconds = secondsText(request.timeout)
            throw if (call.waitingForHello) {
                BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the page's '${request.module}' client did not say \$hello within $seconds s")
            } else {
                BridgeError(BridgeErrorCode.TIMEOUT, "the page did not answer $name within $seconds s")
            }
        } finally {
            // `drive` takes its token out of `out` however it ends.
            calls.remove(call)
        }
    }

    private class Answered(val data: JsonValue?)

    private suspend fun drive(call: Call, request: BridgePageRequest, body: String, arguments: List<String>): JsonValue? {
        var reloaded = false
        while (true) {
            if (call.waitsForHello && !session.isClientReady(call.module)) {
                // Left set when the deadline cancels the wait: the timeout's message reads it.
                call.waitingForHello = true
                call.await()
                call.waitingForHello = false
                continue
            }
            call.failure?.let { throw it }
            val evaluate = session.evaluator
                ?: throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "no web view is attached to the bridge")
            val hellosBefore = hellos[call.module]
            val token = (++tokens).toString()
            val channel = session.callbackChannel ?: call.module
            out[token] = call
            val envelope = try {
                try {
                    evaluate(BridgePageScripts.script(body, listOf(channel, token) + arguments))
                } catch (error: BridgeError) {
                    throw error
                } catch (error: Exception) {
                    throw BridgeError(BridgeErrorCode.PAGE_ERROR, cut("the WebView failed the call: $error"))
                }
                call.await()
            } finally {
                out.remove(token)
            }
            val outcome = outcome(envelope, request.declaredCodes)
            val failure = outcome.exceptionOrNull() as? BridgeError
            if (failure?.code == BridgeErrorCode.PAGE_NOT_LOADED.code && call.waitsForHello && !reloaded) {
                // The page answered that its hub is gone: it reloaded after its client said
                // hello. The body ran no page code, so the call waits for the next hello and goes again.
                reloaded = true
                if (hellos[call.module] == hellosBefore) session.clientGone(call.module)
                continue
            }
            return outcome.getOrThrow()
        }
    }

    /** A module's client said `$hello`: the calls waiting for it go. */
    fun helloArrived(module: String) {
        hellos[module] = (hellos[module] ?: 0) + 1
        for (call in calls) if (call.module == module && call.waitingForHello) call.wakeUp(null)
    }

    /**
     * A `$answer` message's `data`: the token of a call out and its envelope text. Taken from
     * the main frame only (where the glue evaluated the body); an unknown token (a late answer,
     * a call that timed out) is logged and ignored.
     */
    fun answer(data: JsonValue?, isMainFrame: Boolean, log: (String) -> Unit) {
        if (!isMainFrame) return log("ignored a page-call answer from a subframe: page calls run in the main frame")
        val members = (data as? JsonValue.Object)?.members ?: return log("ignored a page-call answer without a token")
        val token = (members["token"] as? JsonValue.Text)?.value ?: return log("ignored a page-call answer without a token")
        val call = out.remove(token) ?: return log("ignored a late page-call answer: its call had ended (timeout, cancellation)")
        call.wakeUp(members["envelope"] ?: JsonValue.Null)
    }

    /** Fails the calls in flight (of `module`, or all) with `error`. */
    fun fail(error: BridgeError, module: String? = null) {
        for (call in calls.toList()) if (module == null || call.module == module) call.fail(error)
    }

    /** The page navigated: the calls out in the old page get no answer; the calls waiting for a hello keep waiting. */
    fun pageStarted() {
        for (call in out.values.toSet()) call.fail(BridgeError(BridgeErrorCode.PAGE_ERROR, "the page navigated away during the call"))
    }

    /** `value` as JSON text for a script, or `internalError` naming the limit. */
    private fun scriptJson(value: JsonValue, name: String): String {
        val text = value.jsonText
        if (Utf8.encode(text).size > BridgeLimits.MAX_SCRIPT_JSON_BYTES) {
            throw BridgeError(BridgeErrorCode.INTERNAL_ERROR,
                "the params of $name are larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)")
        }
        return text
    }

    companion object {
        /**
         * What a page's answer means: the envelope's `data`, or the error of docs/WIRE.md. The
         * answer is untrusted input: JSON text, checked against [BridgeLimits] like a message
         * before it is parsed; application codes pass only when the method declares them.
         */
        fun outcome(answer: JsonValue?, declaredCodes: Set<Int>): Result<JsonValue?> {
            val text = (answer as? JsonValue.Text)?.value ?: return Result.failure(
                BridgeError(BridgeErrorCode.INVALID_RESULT, "the page's answer is not envelope JSON text, got ${BridgeDecode.describe(answer)}"))
            val code: Int
            val message: String
            val envelope: Map<String, JsonValue>
            try {
                val incoming = BridgeIncoming.read(text, parse = true, data = "result")
                envelope = incoming.message ?: throw incoming.error ?: BridgeIncoming.notJson
                code = BridgeDecode.int(envelope["errcode"], BridgePath("errcode")).toInt()
                message = BridgeDecode.optional(envelope["errmsg"], BridgePath("errmsg"), BridgeDecode::string) ?: ""
            } catch (error: BridgeError) {
                return Result.failure(BridgeError(BridgeErrorCode.INVALID_RESULT, "the page's answer is not a valid envelope: ${error.message}"))
            }
            return when {
                code == 0 -> Result.success(envelope["data"])
                code == BridgeErrorCode.NOT_IMPLEMENTED.code || code == BridgeErrorCode.PAGE_NOT_LOADED.code || code == BridgeErrorCode.PAGE_ERROR.code ->
                    Result.failure(BridgeError(code, cut(message)))
                // The data is decoded by the module's typed error (`BridgePageCaller.call`).
                code >= 1 && code in declaredCodes -> Result.failure(BridgeError(code, cut(message), envelope["data"] ?: JsonValue.Null))
                else -> Result.failure(BridgeError(BridgeErrorCode.PAGE_ERROR, cut("the page rejected with the undeclared code $code: $message")))
            }
        }

        /** `text` cut to [BridgeLimits.MAX_PAGE_MESSAGE_LENGTH] UTF-16 units, never inside a surrogate pair. */
        fun cut(text: String): String {
            if (text.length <= BridgeLimits.MAX_PAGE_MESSAGE_LENGTH) return text
            var end = BridgeLimits.MAX_PAGE_MESSAGE_LENGTH
            if (Character.isHighSurrogate(text[end - 1]) && Character.isLowSurrogate(text[end])) end -= 1
            return text.substring(0, end)
        }

        /** Seconds as error messages write them, as the Swift runtime does: `10`, `0.25`. */
        fun secondsText(timeout: Duration): String {
            if (timeout.isInfinite()) return if (timeout.isPositive()) "inf" else "-inf"
            val seconds = timeout.inWholeNanoseconds / 1e9
            if (seconds < 0) return JsonWriter.swiftDouble(seconds)
            if (Math.rint(seconds) == seconds && seconds < 1e15) return seconds.toLong().toString()
            return JsonWriter.swiftDouble(seconds)
        }
    }
}

/**
 * What generated page callers (`SamplePage`) call through: the module, the session (held
 * weakly, so a caller kept by a view model keeps no WebView alive) and each call's deadline.
 */
public class BridgePageCaller private constructor(
    private val module: String,
    private val session: java.lang.ref.WeakReference<BridgeSession>,
    public val timeout: Duration,
) {
    public constructor(module: String, session: BridgeSession, timeout: Duration) : this(module, java.lang.ref.WeakReference(session), timeout)

    /** The same caller with another deadline per call. */
    public fun withTimeout(timeout: Duration): BridgePageCaller = BridgePageCaller(module, session, timeout)

    /**
     * Calls the page method `method` (its wire name) with `params` (an object) and decodes the
     * answer's `data` with `decode` at the path `result`; a decoding failure is `invalidResult`.
     * `errors`: the codes the method declares, which `typed` (the module's codec) turns into the
     * module's typed error; data that does not decode is `invalidResult`, as a result's would be.
     * Cancelling the calling coroutine ends the call at once (the page's late answer is ignored).
     */
    public suspend fun <T> call(
        method: String,
        params: JsonValue,
        global: List<String>? = null,
        order: List<String> = emptyList(),
        errors: Set<Int> = emptySet(),
        typed: ((BridgeError) -> BridgeApplicationError?)? = null,
        decode: (JsonValue?, BridgePath) -> T,
    ): T {
        val session = this.session.get()
            ?: throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '$module' module's WebView is gone")
        val data = try {
            session.callPage(BridgePageRequest(module, method, params, global, order, timeout, errors))
        } catch (error: BridgeError) {
            if (typed == null || error.code < 1 || error.code !in errors) throw error
            val applicationError = try {
                typed(error)
            } catch (failure: BridgeError) {
                throw BridgeError(BridgeErrorCode.INVALID_RESULT, "the data of the page's error ${error.code} does not decode: ${failure.message}")
            }
            throw applicationError ?: error
        }
        try {
            return decode(data, BridgePath("result"))
        } catch (error: BridgeError) {
            throw BridgeError(BridgeErrorCode.INVALID_RESULT, error.message)
        }
    }
}
