// The native side of the legacy-page test (Fixtures/wvjb.mjs): BridgeAndroid installed with the
// callback transport on the androidx.webkit stand-in, the probe module (SessionProbe.kt) behind
// it, three frames: the app's main frame, a trusted host's iframe (refused natively: the policy
// is main frame only) and a foreign iframe (no rule matches it). JSON lines on stdout: first
// {"scripts":{"<frame>":[the document-start scripts it runs]},"objects":{"<frame>":whether it has
// the object}}; then for each stdin line
// {"frame":"main","post":"<text>"}, the frame posts the text on window.__bridgegen_uniBridgeCall,
// the looper and the handlers run, and the host writes {"received":[{"frame","data"}],"logs":[...]}.

package session

import android.content.Context
import android.webkit.WebView
import androidx.webkit.StandIn
import androidx.webkit.StandInFrame
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield

fun main() = runBlocking {
    val logs = ArrayList<String>()
    val webView = WebView(Context())
    val policy = BridgeOriginPolicy(setOf("app"), setOf("www.example.com"), mainFrameOnly = true)
    BridgeAndroid.install(webView, listOf(ProbeDispatcher(Probe())), this, policy, "uniBridgeCall") { logs.add(it) }
    val frames = linkedMapOf(
        "main" to StandInFrame(webView, "app://bundle", isMainFrame = true),
        "iframe" to StandInFrame(webView, "https://www.example.com", isMainFrame = false),
        "foreign" to StandInFrame(webView, "https://evil.com", isMainFrame = false),
    )
    val scripts = frames.mapValues { (_, frame) -> JsonValue.Array(frame.scripts.map { JsonValue.Text(it) }) }
    val objects = frames.mapValues { (_, frame) -> JsonValue.Bool(frame.has(BridgeAndroid.OBJECT_PREFIX + "uniBridgeCall")) }
    println(JsonValue.Object(mapOf("scripts" to JsonValue.Object(scripts), "objects" to JsonValue.Object(objects))).jsonText)
    val seen = frames.mapValues { 0 }.toMutableMap()
    while (true) {
        val line = readLine() ?: break
        val command = BridgeIncoming.read(line).message ?: error("not a JSON object: $line")
        val name = (command["frame"] as JsonValue.Text).value
        val frame = frames[name] ?: error("no frame $name")
        frame.postMessage(BridgeAndroid.OBJECT_PREFIX + "uniBridgeCall", (command["post"] as JsonValue.Text).value)
        // The looper delivers the message, the handler runs in this scope, its answer goes through the proxy.
        repeat(20) {
            StandIn.runTasks(webView)
            yield()
        }
        val received = ArrayList<JsonValue>()
        for ((key, each) in frames) {
            for (entry in each.received.drop(seen.getValue(key))) {
                received.add(JsonValue.Object(mapOf("frame" to JsonValue.Text(key), "data" to JsonValue.Text(entry.substringAfter(": ")))))
            }
            seen[key] = each.received.size
        }
        println(JsonValue.Object(mapOf("received" to JsonValue.Array(received), "logs" to JsonValue.Array(logs.map { JsonValue.Text(it) }))).jsonText)
        logs.clear()
    }
}
