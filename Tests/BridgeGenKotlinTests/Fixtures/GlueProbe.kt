// BridgeAndroid (the generated BridgeGenAndroid.kt) on the androidx.webkit stand-in: install
// refusals, the origin rules, frames that do and do not get the objects, answers through each
// frame's reply proxy, page calls through evaluateJavascript, the renderer going, uninstall,
// console forwarding, the log line for pages no origin rule admits (through the app's
// WebViewClient.onPageStarted, as docs/ANDROID.md wires it), and nothing keeping a WebView
// alive. Prints what happens, for KotlinSessionTests.

package session

import android.content.Context
import android.graphics.Bitmap
import android.net.Uri
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.webkit.StandIn
import androidx.webkit.StandInFrame
import androidx.webkit.WebViewFeature
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield
import kotlin.time.Duration.Companion.seconds

fun attempt(label: String, action: () -> Any?) {
    try {
        println("$label: ${action()}")
    } catch (error: Exception) {
        println("$label: ${error::class.simpleName}: ${error.message}")
    }
}

fun main() = runBlocking {
    val log = { line: String -> println("log: $line") }
    val policy = BridgeOriginPolicy(setOf("app", "file"), setOf("www.example.com", "*.cdn.example.com"), mainFrameOnly = true)
    val handler = Probe()
    val webView = WebView(Context())

    println("-- install refusals")
    println("rules: ${BridgeAndroid.originRules(policy)}")
    StandIn.features.remove(WebViewFeature.WEB_MESSAGE_LISTENER)
    attempt("no WEB_MESSAGE_LISTENER") { BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler)), this, policy, null, log = log) }
    StandIn.features.add(WebViewFeature.WEB_MESSAGE_LISTENER)
    attempt("only file") { BridgeAndroid.originRules(BridgeOriginPolicy(setOf("file"), emptySet(), true)) }
    attempt("https as a scheme") { BridgeAndroid.originRules(BridgeOriginPolicy(setOf("https"), emptySet(), true)) }
    attempt("nothing") { BridgeAndroid.originRules(BridgeOriginPolicy(emptySet(), emptySet(), true)) }
    attempt("a malformed host") { BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler)), this, BridgeOriginPolicy(emptySet(), setOf("a/b"), true), null, log = log) }
    attempt("two modules named alike") { BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler), ProbeDispatcher(handler)), this, policy, null, log = log) }
    println("listeners after a refusal: ${StandIn.listenerNames(webView)}")
    val scope = this
    var threadError: String? = null
    val other = Thread {
        try {
            BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler)), scope, policy, null, log = log)
        } catch (error: RuntimeException) {
            threadError = error.message?.substringAfter("All WebView methods")
        }
    }
    other.start()
    other.join()
    println("from another thread: All WebView methods$threadError")
    println("listeners: ${StandIn.listenerNames(webView)}")

    println("-- install, reply transport")
    val session = BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler)), this, policy, null, log = log)
    println("listeners: ${StandIn.listenerNames(webView)}")
    println("session found: ${BridgeAndroid.session(webView) === session}")
    attempt("twice") { BridgeAndroid.install(webView, listOf(ProbeDispatcher(handler)), this, policy, null, log = log) }
    val frames = listOf(
        StandInFrame(webView, "app://bundle", isMainFrame = true),
        StandInFrame(webView, "https://www.example.com", isMainFrame = false),
        StandInFrame(webView, "https://img.cdn.example.com", isMainFrame = false),
        StandInFrame(webView, "https://cdn.example.com", isMainFrame = false),
        StandInFrame(webView, "https://www.example.com:8443", isMainFrame = false),
        StandInFrame(webView, "https://evil.com", isMainFrame = false),
        StandInFrame(webView, "null", isMainFrame = false),
    )
    for (frame in frames) println("${frame.origin} gets __bridgegen_probe: ${frame.has("__bridgegen_probe")}")
    val main = frames[0]
    val iframe = frames[1]
    session.emit("probe", "tick", JsonValue.Object(mapOf("n" to JsonValue.Integer(1))))
    main.postMessage("__bridgegen_probe", """{"type":"${'$'}hello","data":{"module":"probe"},"callbackName":"h1"}""")
    main.postMessage("__bridgegen_probe", """{"type":"echo","data":{"text":"ab","times":2},"callbackName":"c1"}""")
    iframe.postMessage("__bridgegen_probe", """{"type":"echo","data":{"text":"x"},"callbackName":"c2"}""")
    main.postArrayBuffer("__bridgegen_probe", byteArrayOf(1, 2, 3))
    println("before the looper runs: ${main.received.size} received")
    StandIn.runTasks(webView)
    // A second client in the same frame (its proxy is the same): the frame still gets each event once.
    main.postMessage("__bridgegen_probe", """{"type":"${'$'}hello","data":{"module":"probe"},"callbackName":"h2"}""")
    StandIn.runTasks(webView)
    session.emit("probe", "tick", JsonValue.Object(mapOf("n" to JsonValue.Integer(2))))
    for (frame in frames.take(2)) for (line in frame.received) println("${frame.origin} received $line")

    println("-- page calls through evaluateJavascript")
    val caller = BridgePageCaller("probe", session, 5.seconds)
    var job = launch {
        try {
            println("count: ${caller.call("count", JsonValue.Object(emptyMap()), decode = BridgeDecode::int)}")
        } catch (error: BridgeError) {
            println("count: $error")
        }
    }
    yield()
    val script = StandIn.evaluated(webView).last()
    println("evaluated: ${script.substring(script.lastIndexOf("})(") + 2)}")
    main.postMessage("__bridgegen_probe", """{"type":"${'$'}answer","data":{"token":"1","envelope":"{\"errcode\":0,\"errmsg\":\"ok\",\"data\":12}"}}""")
    StandIn.runTasks(webView)
    job.join()
    job = launch {
        try {
            caller.call("count", JsonValue.Object(emptyMap()), decode = BridgeDecode::int)
        } catch (error: BridgeError) {
            println("count, renderer gone: $error")
        }
    }
    yield()
    BridgeAndroid.renderProcessGone(webView)
    job.join()

    println("-- uninstall")
    main.postMessage("__bridgegen_probe", """{"type":"echo","data":{"text":"late"},"callbackName":"c3"}""")
    BridgeAndroid.uninstall(webView)
    StandIn.runTasks(webView)
    println("listeners: ${StandIn.listenerNames(webView)}, session: ${BridgeAndroid.session(webView)}, main received ${main.received.size}")
    attempt("a page call after uninstall") { runBlocking { caller.call("count", JsonValue.Object(emptyMap()), decode = BridgeDecode::int) } }

    println("-- callback transport")
    val legacy = WebView(Context())
    StandIn.features.remove(WebViewFeature.DOCUMENT_START_SCRIPT)
    attempt("no DOCUMENT_START_SCRIPT") { BridgeAndroid.install(legacy, listOf(ProbeDispatcher(handler)), this, policy, "uniBridgeCall", log = log) }
    println("listeners after the refusal: ${StandIn.listenerNames(legacy)}")
    StandIn.features.add(WebViewFeature.DOCUMENT_START_SCRIPT)
    BridgeAndroid.install(legacy, listOf(ProbeDispatcher(handler)), this, policy, "uniBridgeCall", log = log)
    println("listeners: ${StandIn.listenerNames(legacy)}")
    val page = StandInFrame(legacy, "app://bundle", isMainFrame = true)
    val foreign = StandInFrame(legacy, "https://evil.com", isMainFrame = false)
    val shim = BridgeAndroid.legacyScript("uniBridgeCall")
    println("the page runs the shim: ${page.scripts == listOf(shim)}, a foreign frame runs: ${foreign.scripts}")
    println("the shim is called with: ${shim.substring(shim.lastIndexOf("})") + 2).trim()}")
    page.postMessage("__bridgegen_uniBridgeCall", """{"type":"echo","data":{"text":"cb"},"callbackName":"c4"}""")
    StandIn.runTasks(legacy)
    println("received ${page.received}")
    BridgeAndroid.uninstall(legacy)
    page.navigate()
    println("after uninstall and a navigation, the page runs: ${page.scripts}")

    println("-- console forwarding")
    val lines = ArrayList<String>()
    val console = BridgeConsole(maxMessageLength = 12, maxMessagesPerSecond = 50) { level, message -> lines.add(BridgeConsole.line(level, message)) }
    val quiet = WebView(Context())
    StandIn.features.remove(WebViewFeature.DOCUMENT_START_SCRIPT)
    BridgeAndroid.install(quiet, listOf(ProbeDispatcher(handler)), this, policy, null, console, log = log)
    println("without DOCUMENT_START_SCRIPT the install goes on: listeners ${StandIn.listenerNames(quiet)}")
    StandIn.features.add(WebViewFeature.DOCUMENT_START_SCRIPT)
    BridgeAndroid.uninstall(quiet)
    val chatty = WebView(Context())
    BridgeAndroid.install(chatty, listOf(ProbeDispatcher(handler)), this, policy, null, console, log = log)
    println("listeners: ${StandIn.listenerNames(chatty)}")
    val top = StandInFrame(chatty, "app://bundle", isMainFrame = true)
    val sub = StandInFrame(chatty, "app://bundle", isMainFrame = false)
    val evil = StandInFrame(chatty, "https://evil.com", isMainFrame = false)
    println("the main frame runs the console script: ${top.scripts == listOf(console.script)}; a foreign frame runs ${evil.scripts}, has the object: ${evil.has("__bridgegen_bridgegenConsole")}")
    top.postMessage("__bridgegen_bridgegenConsole", """{"level":"warn","message":"two\nlines and more"}""")
    top.postMessage("__bridgegen_bridgegenConsole", """{"level":"shout","message":"m"}""")
    top.postMessage("__bridgegen_bridgegenConsole", "[1]")
    sub.postMessage("__bridgegen_bridgegenConsole", """{"level":"log","message":"from a subframe"}""")
    StandIn.runTasks(chatty)
    println("console lines: $lines")
    BridgeAndroid.uninstall(chatty)
    top.navigate()
    println("after uninstall: listeners ${StandIn.listenerNames(chatty)}, the page runs ${top.scripts}")

    println("-- pages no origin rule admits (debug builds)")
    // docs/ANDROID.md's wiring: the app's WebViewClient hands onPageStarted's url to the glue.
    val forward = object : WebViewClient() {
        override fun onPageStarted(view: WebView, url: String, favicon: Bitmap?) = BridgeAndroid.pageStarted(view, url)
    }
    fun loads(webView: WebView, urls: List<String>) {
        for (url in urls) {
            webView.loadUrl(url)
            StandIn.runTasks(webView)
            // What the WebView itself does with the rules: the frame the URL loads gets the object or not.
            val uri = Uri.parse(url)
            val origin = if (uri.host.isNullOrEmpty()) "null" else "${uri.scheme}://${uri.host}" + (if (uri.port == -1) "" else ":${uri.port}")
            println("loaded $url: ${StandInFrame(webView, origin, isMainFrame = true).has(StandIn.listenerNames(webView).first())}")
        }
    }
    // The default policy (app and file schemes, no host) and a page served by WebViewAssetLoader.
    val defaults = WebView(Context())
    BridgeAndroid.install(defaults, listOf(ProbeDispatcher(handler)), this, BridgeOriginPolicy(setOf("app", "file"), emptySet(), true), null, debugBuild = true, log = log)
    defaults.setWebViewClient(forward)
    loads(defaults, listOf("https://appassets.androidplatform.net/assets/index.html", "app://bundle/index.html", "about:blank",
        "file:///android_asset/index.html", "http://10.0.2.2:8080/index.html", "myapp://home", "data:text/html,<p>hi</p>"))
    // docs/ANDROID.md's configuration (origin.trustedHosts: [appassets.androidplatform.net]) admits its page.
    val documented = WebView(Context())
    BridgeAndroid.install(documented, listOf(ProbeDispatcher(handler)), this, BridgeOriginPolicy(setOf("file", "app"), setOf("appassets.androidplatform.net"), true), null,
        debugBuild = true, log = log)
    documented.setWebViewClient(forward)
    loads(documented, listOf("https://appassets.androidplatform.net/assets/index.html"))
    val hosts = WebView(Context())
    BridgeAndroid.install(hosts, listOf(ProbeDispatcher(handler)), this, policy, "uniBridgeCall", debugBuild = true, log = log)
    hosts.setWebViewClient(forward)
    loads(hosts, listOf("https://www.example.com/a", "https://WWW.Example.COM/b", "https://img.cdn.example.com/", "https://cdn.example.com/",
        "https://www.example.com:8443/", "https://evil.com:8443/", "https://www.example.com:443/c", "https://evil.com/login?token=secret#top", "https://user@evil.com/"))
    val release = WebView(Context())
    BridgeAndroid.install(release, listOf(ProbeDispatcher(handler)), this, policy, null, log = log)
    release.setWebViewClient(forward)
    loads(release, listOf("https://evil.com/"))
    println("a release build logs nothing about it")
    val late = WebView(Context())
    late.loadUrl("app://bundle/index.html")
    BridgeAndroid.install(late, listOf(ProbeDispatcher(handler)), this, policy, null, debugBuild = true, log = log)
    for (webView in listOf(defaults, documented, hosts, release, late)) BridgeAndroid.uninstall(webView)

    println("-- nothing keeps a WebView alive")
    fun installOnDropped(): java.lang.ref.WeakReference<WebView> {
        val dropped = WebView(Context())
        val droppedSession = BridgeAndroid.install(dropped, listOf(ProbeDispatcher(handler)), this, policy, null, log = log)
        StandInFrame(dropped, "app://bundle", isMainFrame = true)
            .postMessage("__bridgegen_probe", """{"type":"${'$'}hello","data":{"module":"probe"},"callbackName":"h"}""")
        StandIn.runTasks(dropped)
        droppedSession.emit("probe", "tick", JsonValue.Null)
        return java.lang.ref.WeakReference(dropped)
    }
    val weak = installOnDropped()
    repeat(100) { if (weak.get() != null) { System.gc(); Thread.sleep(10) } }
    println("collected: ${weak.get() == null}")
}
