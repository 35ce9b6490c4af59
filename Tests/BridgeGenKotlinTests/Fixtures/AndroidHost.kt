// A JVM host around the Kotlin generated for Schemas/ (package schemas): the set's dispatchers
// with the deterministic TestHandlers (DispatchProbe.kt; the Swift test host's behaviour),
// installed by BridgeAndroid on the androidx.webkit stand-in, one frame (by default the main
// frame of app://bundle). Fixtures/android-jvm.mjs and the conformance harness
// (Tests/BridgeGenEndToEndTests/Harness: roundtrip.mjs, webkit_android.py, chromium_android.py) run the generated TypeScript
// client against it. The Swift test host's protocol (Tests/BridgeGenSwiftTests/Fixtures/Host/
// README.md) where Android has the same thing; what reaches the page is Android's.
//
// JSON lines in:
//   {"id":1,"install":"reply"|"callback","origin":"app://bundle","mainFrame":true,"console":true,"trustedHost":"h"}
//       a fresh WebView with the bridge (and console forwarding; the policy trusting https://h
//       too), one frame navigated to origin
//   {"id":2,"post":{"object":"__bridgegen_sample","text":"..."}}   the page posts on an object
//   {"id":2,"post":{"object":"...","binaryFile":"/tmp/f","length":n}}   ... an ArrayBuffer, whose bytes the
//       harness wrote to the file (read, then deleted); "binaryLength":n instead posts n pattern
//       bytes; "subframe":true posts from a subframe of the same origin (which the policy refuses)
//   {"id":12,"transfers":{"max":n,"inline":n,"arrayBuffer":true}|false}   the install again, with
//       the bytes path (docs/WIRE.md, "Bytes at platform speed (Android)"), the WebView having
//       WEB_MESSAGE_ARRAY_BUFFER or not; false: without
//   {"id":3,"emit":{"module","event","payload"}}                  the typed event senders
//   {"id":4,"callPage":{"module","method","params","timeoutMs","cancelAfterMs"}}   the generated page callers
//   {"id":5,"callPages":[<callPage>, ...]}                         all at once; "outcomes" in order
//   {"id":6,"calls":true}          the handler calls and log lines since the last time (drained)
//   {"id":7,"terminate":true}      BridgeAndroid.renderProcessGone (also "renderProcessGone")
//   {"id":8,"reset":true}          empties the handlers' store and logs the user in again
//   {"id":9,"stats":true}          "lateAnswers": page answers that came after their call ended;
//                                  "evaluated": the scripts evaluateJavascript ran since the install;
//                                  "transfers": {"entries","heldBytes"}, the binary frames held
//   {"id":11,"module":"sample","installed":false}   the app takes a module out of the session (the listener stays), or back
//   {"id":10,"uninstall":true}
// Out: {"id":N,"queued":{...},...} when a command is done and what it started has settled (a
// page call when it ends, with "outcome"); between them what the page gets, in order:
// {"frame":{"object","data"}} through the frame's reply proxy (a binary frame:
// {"frame":{"object","binaryFile","length"}}, the bytes in a file the harness deletes) and
// {"evaluate":script} from evaluateJavascript.

package schemas

import android.content.Context
import android.webkit.WebView
import androidx.webkit.StandIn
import androidx.webkit.StandInFrame
import androidx.webkit.WebViewFeature
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.async
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield
import kotlin.system.exitProcess
import kotlin.time.Duration.Companion.milliseconds

private class Host(val scope: CoroutineScope) {
    val handlers = TestHandlers()
    val logs = ArrayList<String>()
    var lateAnswers = 0
    var webView: WebView? = null
    var frame: StandInFrame? = null
    var session: BridgeSession? = null
    var framesSeen = 0
    var bytesSeen = 0
    var evaluatedSeen = 0
    /** The last install's arguments, which `transfers` installs again with. */
    var installed: List<Any?> = emptyList()
    var transfers: BridgeTransfers? = null
    var subframe: StandInFrame? = null

    fun write(fields: Map<String, JsonValue>) = println(JsonValue.Object(fields).jsonText)

    /** What an app's log does with the bridge's lines (it adds its tag); late page answers are counted as the Swift host counts them. */
    fun log(line: String) {
        if (line.startsWith("ignored a late page-call answer")) lateAnswers += 1
        logs.add("bridgegen: $line")
    }

    /** Runs the view's looper and writes what reached the page since the last time. */
    fun pump() {
        val view = webView ?: return
        StandIn.runTasks(view)
        val page = frame ?: return
        while (framesSeen < page.received.size) {
            val entry = page.received[framesSeen]
            // Written out, it is not kept (as the WebView keeps no frame it delivered): a stream's items would pile up here.
            page.received[framesSeen++] = ""
            val name = JsonValue.Text(entry.substringBefore(": "))
            // A binary frame (`<n bytes>`, never JSON) goes through a file: the harness has no way to carry bytes in a line.
            if (BINARY.matches(entry.substringAfter(": "))) {
                val bytes = page.receivedBytes[bytesSeen]
                // Handed on, as the WebView hands its copy to the renderer: kept, a long run would hold every frame.
                page.receivedBytes[bytesSeen++] = ByteArray(0)
                val file = java.io.File.createTempFile("bridgegen-frame-", ".bin").apply { writeBytes(bytes) }
                write(mapOf("frame" to JsonValue.Object(mapOf("object" to name, "binaryFile" to JsonValue.Text(file.path), "length" to JsonValue.Integer(bytes.size.toLong())))))
                continue
            }
            write(mapOf("frame" to JsonValue.Object(mapOf("object" to name, "data" to JsonValue.Text(entry.substringAfter(": "))))))
        }
        val evaluated = StandIn.evaluated(view)
        while (evaluatedSeen < evaluated.size) write(mapOf("evaluate" to JsonValue.Text(evaluated[evaluatedSeen++])))
    }

    /** Yields until the session has been idle for a few rounds: what a line started (handlers, answers) has finished. */
    suspend fun settle() {
        var quiet = 0
        repeat(100_000) {
            pump()
            yield()
            if ((session?.runningRequestCount ?: 0) - handlers.parked <= 0) {
                if (++quiet > 20) return
            } else {
                quiet = 0
            }
        }
    }

    fun install(transport: String, origin: String, isMainFrame: Boolean, console: Boolean, trustedHost: String?): Map<String, JsonValue> {
        uninstall()
        val view = WebView(Context())
        val channel = if (transport == "callback") "uniBridgeCall" else null
        val forwarding = BridgeConsole(BridgeConfiguration.CONSOLE_MAX_MESSAGE_LENGTH, BridgeConfiguration.CONSOLE_MAX_MESSAGES_PER_SECOND) { level, message ->
            logs.add(BridgeConsole.line(level, message))
        }
        // An app serving its page through WebViewAssetLoader trusts that host as well.
        val configured = BridgeConfiguration.policy
        val policy = if (trustedHost == null) configured
            else BridgeOriginPolicy(configured.trustedSchemes, configured.trustedHosts + trustedHost, configured.mainFrameOnly)
        session = BridgeAndroid.install(view, listOf(SampleDispatcher(handlers), UserDispatcher(handlers)), scope, policy, channel,
            forwarding.takeIf { console }, transfers = transfers, log = ::log)
        webView = view
        val page = StandInFrame(view, origin, isMainFrame)
        frame = page
        subframe = StandInFrame(view, origin, isMainFrame = false)
        installed = listOf(transport, origin, isMainFrame, console, trustedHost)
        framesSeen = 0
        bytesSeen = 0
        evaluatedSeen = 0
        return mapOf(
            "objects" to JsonValue.Array(StandIn.listenerNames(view).filter { page.has(it) }.map { JsonValue.Text(it) }),
            "scripts" to JsonValue.Array(page.scripts.map { JsonValue.Text(it) }),
        )
    }

    /**
     * An event through the generated senders, as an app sends one: the payload decoded by the
     * generated codecs first (defaults applied, as the Swift host does), under its Swift name or its wire name.
     */
    fun emit(emit: Map<String, JsonValue>) {
        val session = this.session ?: return
        val payload = BridgeDecode.Fields(emit["payload"] ?: JsonValue.Object(emptyMap()), BridgePath("payload"))
        when ((emit["module"] as? JsonValue.Text)?.value + "." + (emit["event"] as? JsonValue.Text)?.value) {
            "sample.resume" -> SampleEvents(session).resume(payload.double("backgroundSeconds"))
            "sample.loadError" -> SampleEvents(session).loadError(payload.field("failure", SampleCodec::decodeLoadFailure))
            "sample.navigate" -> SampleEvents(session).navigate(payload.field("action", SampleCodec::decodeNavigationAction))
            "user.loginChanged", "user.login-changed" -> UserEvents(session).loginChanged(payload.optional("user", UserCodec::decodeUserInfo))
            else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "no event ${emit["event"]} in module ${emit["module"]}")
        }
    }

    /** The app takes a module out of the session (its listener stays) or puts it back. */
    fun installModule(name: String, installed: Boolean) {
        val session = this.session ?: return
        if (!installed) return session.uninstall(name)
        session.install(if (name == "sample") SampleDispatcher(handlers) else UserDispatcher(handlers))
    }

    /** The install again (before the page's `$hello`), with the bytes path as `spec` says, or without. */
    fun installTransfers(spec: JsonValue?): Map<String, JsonValue> {
        val fields = (spec as? JsonValue.Object)?.members
        transfers = fields?.let {
            BridgeTransfers(maxLength = ((it["max"] as? JsonValue.Integer)?.value ?: (64L shl 20)).toInt(),
                inlineBelow = ((it["inline"] as? JsonValue.Integer)?.value ?: (64L shl 10)).toInt())
        }
        if (fields?.get("arrayBuffer") == JsonValue.Bool(false)) StandIn.features.remove(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)
        else StandIn.features.add(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)
        val (transport, origin, isMainFrame, console, trustedHost) = installed
        return install(transport as String, origin as String, isMainFrame as Boolean, console as Boolean, trustedHost as String?)
    }

    /** An ArrayBuffer the page posts: the bytes of the harness's file (deleted once read), or `binaryLength` pattern bytes. */
    fun postBinary(post: Map<String, JsonValue>) {
        val bytes = (post["binaryFile"] as? JsonValue.Text)?.value?.let { path ->
            java.io.File(path).let { file -> file.readBytes().also { file.delete() } }
        } ?: ByteArray(((post["binaryLength"] as? JsonValue.Integer)?.value ?: 0L).toInt()) { it.toByte() }
        val from = if (post["subframe"] == JsonValue.Bool(true)) subframe else frame
        from?.postArrayBuffer((post["object"] as JsonValue.Text).value, bytes)
    }

    fun uninstall() {
        webView?.let { BridgeAndroid.uninstall(it) }
        webView = null
        frame = null
        session = null
    }

    fun failure(code: Int, message: String) =
        JsonValue.Object(mapOf("error" to JsonValue.Object(mapOf("code" to JsonValue.Integer(code.toLong()), "message" to JsonValue.Text(message)))))

    /** One page call through the generated callers, as an app makes it: `{"value"}` or `{"error":{"code","message"}}`. */
    suspend fun callPage(call: Map<String, JsonValue>): JsonValue {
        val session = this.session ?: return failure(BridgeErrorCode.PAGE_NOT_LOADED.code, "not installed")
        val module = (call["module"] as? JsonValue.Text)?.value
        val method = (call["method"] as? JsonValue.Text)?.value
        val params = (call["params"] as? JsonValue.Object)?.members ?: emptyMap()
        val timeout = ((call["timeoutMs"] as? JsonValue.Integer)?.value ?: BridgeConfiguration.PAGE_CALL_TIMEOUT_MS.toLong()).milliseconds
        fun text(name: String) = (params[name] as? JsonValue.Text)?.value ?: ""
        // A supervisor between the call and the host: a call that fails ends only itself.
        val running = scope.async(SupervisorJob(scope.coroutineContext[Job])) {
            when ("$module.$method") {
                "user.getFormState" -> UserCodec.encodeFormState(UserPage(session, timeout).getFormState(text("formId")), BridgePath("result"))
                "user.confirmLeave" -> JsonValue.Bool(UserPage(session, timeout).confirmLeave(text("reason")))
                "sample.getCartCount" -> JsonValue.Integer(SamplePage(session, timeout).getCartCount(text("userId")))
                "sample.showMessage" -> JsonValue.Null.also { SamplePage(session, timeout).showMessage(text("message")) }
                "sample.shareDrafts" -> SamplePage(session, timeout).shareDrafts()
                    ?.let { BridgeEncode.map(it, BridgePath("result"), SampleCodec::encodeShareItem) } ?: JsonValue.Null
                else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "no page method $method in module $module")
            }
        }
        (call["cancelAfterMs"] as? JsonValue.Integer)?.let { after ->
            scope.launch {
                delay(after.value)
                running.cancel()
            }
        }
        return try {
            JsonValue.Object(mapOf("value" to running.await()))
        } catch (error: BridgeError) {
            failure(error.code, error.message)
        } catch (error: UserError.Busy) {
            // Caught by class, as an app does: the page's data arrives typed (as the Swift host reports it).
            JsonValue.Object(mapOf("error" to JsonValue.Object(mapOf(
                "code" to JsonValue.Integer(error.code.toLong()), "message" to JsonValue.Text(error.message),
                "caught" to JsonValue.Text("UserError.busy"),
                "retryAfterSeconds" to (error.retryAfterSeconds?.let { JsonValue.Real(it) } ?: JsonValue.Null),
            ))))
        } catch (error: BridgeApplicationError) {
            failure(error.code, error.message)
        } catch (cancelled: CancellationException) {
            // The calling coroutine was cancelled: iOS's cancelled Task (docs/WIRE.md, "Android").
            failure(BridgeErrorCode.ABORTED.code, "the call was cancelled")
        }
    }

    /** A command that answers when its page calls end: other lines (the page's posts) are read meanwhile. */
    fun later(id: JsonValue, body: suspend () -> Map<String, JsonValue>) {
        scope.launch {
            val fields = body()
            settle()
            write(mapOf("id" to id) + fields + ("queued" to queued()))
        }
    }

    fun queued(): JsonValue = JsonValue.Object(listOf("sample", "user").associateWith { JsonValue.Integer((session?.queuedEventCount(it) ?: 0).toLong()) })

    suspend fun handle(command: Map<String, JsonValue>) {
        val id = command["id"] ?: JsonValue.Null
        var answer: Map<String, JsonValue> = mapOf("id" to id)
        when {
            command["install"] is JsonValue.Text -> {
                val origin = (command["origin"] as? JsonValue.Text)?.value ?: "app://bundle"
                val isMainFrame = (command["mainFrame"] as? JsonValue.Bool)?.value ?: true
                val trustedHost = (command["trustedHost"] as? JsonValue.Text)?.value
                answer = answer + install((command["install"] as JsonValue.Text).value, origin, isMainFrame, command["console"] == JsonValue.Bool(true), trustedHost)
            }
            command["post"] is JsonValue.Object -> {
                val post = (command["post"] as JsonValue.Object).members
                if (post["text"] is JsonValue.Text) frame?.postMessage((post["object"] as JsonValue.Text).value, (post["text"] as JsonValue.Text).value)
                else postBinary(post)
            }
            command.containsKey("transfers") -> answer = answer + installTransfers(command["transfers"])
            command["emit"] is JsonValue.Object -> try {
                emit((command["emit"] as JsonValue.Object).members)
            } catch (error: BridgeError) {
                answer = answer + ("error" to JsonValue.Text(error.message))
            }
            command["callPage"] is JsonValue.Object -> return later(id) { mapOf("outcome" to callPage((command["callPage"] as JsonValue.Object).members)) }
            command["callPages"] is JsonValue.Array -> return later(id) {
                val calls = (command["callPages"] as JsonValue.Array).values.map { spec -> scope.async { callPage((spec as? JsonValue.Object)?.members ?: emptyMap()) } }
                mapOf("outcomes" to JsonValue.Array(calls.map { it.await() }))
            }
            command["calls"] != null -> {
                answer = answer + ("calls" to JsonValue.Array(handlers.calls.toList())) + ("logs" to JsonValue.Array(logs.map { JsonValue.Text(it) }))
                handlers.calls.clear()
                logs.clear()
            }
            command["terminate"] != null || command["renderProcessGone"] != null -> webView?.let { BridgeAndroid.renderProcessGone(it) }
            command["reset"] != null -> handlers.reset()
            command["module"] is JsonValue.Text -> installModule((command["module"] as JsonValue.Text).value, command["installed"] == JsonValue.Bool(true))
            command["stats"] != null -> answer = answer + ("lateAnswers" to JsonValue.Integer(lateAnswers.toLong())) +
                ("evaluated" to JsonValue.Integer(evaluatedSeen.toLong())) +
                ("transfers" to JsonValue.Object(mapOf("entries" to JsonValue.Integer((transfers?.count ?: 0).toLong()), "heldBytes" to JsonValue.Integer(transfers?.heldBytes ?: 0))))
            command["uninstall"] != null -> uninstall()
            else -> answer = answer + ("error" to JsonValue.Text("unknown command"))
        }
        settle()
        write(answer + ("queued" to queued()))
    }
}

/** How the stand-in's frame names a binary frame it received. */
private val BINARY = Regex("<[0-9]+ bytes>")

fun main() = runBlocking<Unit> {
    val lines = Channel<String>(Channel.UNLIMITED)
    // stdin on a thread of its own, so the looper, handlers and timers run while the host waits.
    Thread {
        while (true) lines.trySend(readLine() ?: break)
        lines.close()
    }.apply { isDaemon = true }.start()
    val host = Host(this)
    val pump = launch {
        while (true) {
            host.pump()
            delay(1)
        }
    }
    for (line in lines) {
        val command = BridgeIncoming.read(line).message
        if (command == null) host.write(mapOf("error" to JsonValue.Text("not a JSON object: " + line.take(200)))) else host.handle(command)
    }
    host.uninstall()
    pump.cancel()
    // The input ended: what still waits (a held handler, a page call's deadline) ends with the
    // process, so a harness that is done never leaves a JVM behind.
    System.out.flush()
    exitProcess(0)
}
