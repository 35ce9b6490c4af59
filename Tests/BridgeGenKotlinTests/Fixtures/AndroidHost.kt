// A JVM host around the Kotlin generated for Schemas/ (package schemas): the set's dispatchers
// with the deterministic TestHandlers (DispatchProbe.kt; the Swift test host's behaviour),
// installed by BridgeAndroid on the androidx.webkit stand-in, one main frame of origin
// app://bundle. Fixtures/android-jvm.mjs runs the generated TypeScript client against it.
//
// JSON lines. In: {"id":1,"install":"reply"|"callback"}, {"id":2,"post":{"object":"__bridgegen_sample","text":"..."}},
// {"id":3,"emit":{"module","event","payload"}}, {"id":4,"callPage":{"module","method","params","timeoutMs"}},
// {"id":5,"calls":true}, {"id":6,"uninstall":true}, {"id":7,"renderProcessGone":true}.
// Out: {"id":N,...} when a command is done (install: the objects and the document-start scripts of the frame) (a page call when it ends, with "outcome"), and between
// them what the page gets: {"frame":{"object","data"}} through the frame's reply proxy and
// {"evaluate":script} from evaluateJavascript, in order.

package schemas

import android.content.Context
import android.webkit.WebView
import androidx.webkit.StandIn
import androidx.webkit.StandInFrame
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlin.time.Duration.Companion.milliseconds

private class Host(val scope: CoroutineScope) {
    val handlers = TestHandlers()
    val logs = ArrayList<String>()
    var webView: WebView? = null
    var frame: StandInFrame? = null
    var session: BridgeSession? = null
    var framesSeen = 0
    var evaluatedSeen = 0

    fun write(fields: Map<String, JsonValue>) = println(JsonValue.Object(fields).jsonText)

    /** Runs the view's looper and writes what reached the page since the last time. */
    fun pump() {
        val view = webView ?: return
        StandIn.runTasks(view)
        val page = frame ?: return
        while (framesSeen < page.received.size) {
            val entry = page.received[framesSeen++]
            write(mapOf("frame" to JsonValue.Object(mapOf("object" to JsonValue.Text(entry.substringBefore(": ")), "data" to JsonValue.Text(entry.substringAfter(": "))))))
        }
        val evaluated = StandIn.evaluated(view)
        while (evaluatedSeen < evaluated.size) write(mapOf("evaluate" to JsonValue.Text(evaluated[evaluatedSeen++])))
    }

    fun install(transport: String): JsonValue {
        uninstall()
        val view = WebView(Context())
        val channel = if (transport == "callback") "uniBridgeCall" else null
        session = BridgeAndroid.install(view, listOf(SampleDispatcher(handlers), UserDispatcher(handlers)), scope, BridgeConfiguration.policy, channel) { logs.add(it) }
        webView = view
        frame = StandInFrame(view, "app://bundle", isMainFrame = true)
        framesSeen = 0
        evaluatedSeen = 0
        return JsonValue.Array(StandIn.listenerNames(view).map { JsonValue.Text(it) })
    }

    fun uninstall() {
        webView?.let { BridgeAndroid.uninstall(it) }
        webView = null
        frame = null
        session = null
    }

    fun callPage(id: JsonValue, call: Map<String, JsonValue>) {
        val session = this.session ?: return write(mapOf("id" to id, "error" to JsonValue.Text("not installed")))
        val module = (call["module"] as JsonValue.Text).value
        val method = (call["method"] as JsonValue.Text).value
        val params = (call["params"] as? JsonValue.Object)?.members ?: emptyMap()
        val timeout = ((call["timeoutMs"] as? JsonValue.Integer)?.value ?: 2000L).milliseconds
        fun text(name: String) = (params[name] as? JsonValue.Text)?.value ?: ""
        scope.launch {
            val outcome = try {
                val value: JsonValue = when ("$module.$method") {
                    "user.getFormState" -> UserCodec.encodeFormState(UserPage(session, timeout).getFormState(text("formId")), BridgePath("result"))
                    "user.confirmLeave" -> JsonValue.Bool(UserPage(session, timeout).confirmLeave(text("reason")))
                    "sample.getCartCount" -> JsonValue.Integer(SamplePage(session, timeout).getCartCount(text("userId")))
                    "sample.showMessage" -> JsonValue.Null.also { SamplePage(session, timeout).showMessage(text("message")) }
                    else -> throw BridgeError(BridgeErrorCode.INTERNAL_ERROR, "the host has no call $module.$method")
                }
                JsonValue.Object(mapOf("value" to value))
            } catch (error: BridgeError) {
                JsonValue.Object(mapOf("error" to JsonValue.Object(mapOf("code" to JsonValue.Integer(error.code.toLong()), "message" to JsonValue.Text(error.message)))))
            }
            pump()
            write(mapOf("id" to id, "outcome" to outcome))
        }
    }

    fun handle(command: Map<String, JsonValue>) {
        val id = command["id"] ?: JsonValue.Null
        var answer: Map<String, JsonValue> = mapOf("id" to id)
        when {
            command["install"] is JsonValue.Text -> {
                val objects = install((command["install"] as JsonValue.Text).value)
                val scripts = JsonValue.Array(frame?.scripts.orEmpty().map { JsonValue.Text(it) })
                answer = answer + ("objects" to objects) + ("scripts" to scripts)
            }
            command["post"] is JsonValue.Object -> {
                val post = (command["post"] as JsonValue.Object).members
                frame?.postMessage((post["object"] as JsonValue.Text).value, (post["text"] as JsonValue.Text).value)
            }
            command["emit"] is JsonValue.Object -> {
                val emit = (command["emit"] as JsonValue.Object).members
                session?.emit((emit["module"] as JsonValue.Text).value, (emit["event"] as JsonValue.Text).value, emit["payload"] ?: JsonValue.Object(emptyMap()))
            }
            command["callPage"] is JsonValue.Object -> return callPage(id, (command["callPage"] as JsonValue.Object).members)
            command["calls"] != null -> {
                answer = answer + ("calls" to JsonValue.Array(handlers.calls.toList())) + ("logs" to JsonValue.Array(logs.map { JsonValue.Text(it) }))
                handlers.calls.clear()
                logs.clear()
            }
            command["renderProcessGone"] != null -> webView?.let { BridgeAndroid.renderProcessGone(it) }
            command["uninstall"] != null -> uninstall()
            else -> answer = answer + ("error" to JsonValue.Text("unknown command"))
        }
        pump()
        write(answer)
    }
}

fun main() = runBlocking {
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
}
