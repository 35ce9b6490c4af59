// The generated page callers of Schemas/ (SamplePage) and of the stress set (PagesPage) against
// a scripted page that answers each evaluated script at once with the next envelope of a list:
// prints what each call evaluated and what it returned or threw; then the set's generated
// install on the androidx.webkit stand-in, for KotlinModelTests.

package schemas

import kotlinx.coroutines.runBlocking

fun main() = runBlocking {
    val session = BridgeSession(null, BridgeOriginPolicy(setOf("app"), emptySet(), mainFrameOnly = true), this) { println("log: $it") }
    val handlers = TestHandlers()
    session.install(SampleDispatcher(handlers))
    val main = BridgeOrigin("app", "", -1, isMainFrame = true)
    val answers = ArrayDeque(
        listOf(
            """{"errcode":0,"errmsg":"ok","data":3}""",
            """{"errcode":0,"errmsg":"ok","data":"3"}""",
            """{"errcode":0,"errmsg":"ok","data":null}""",
            """{"errcode":-10,"errmsg":"the page defines no function sample.showSwiftUIMessage"}""",
            """{"errcode":0,"errmsg":"ok","data":{"b":{"kind":"screenshot"},"a":{"kind":"hologram","depth":3}}}""",
            """{"errcode":0,"errmsg":"ok","data":null}""",
            """{"errcode":0,"errmsg":"ok","data":{"a":{"kind":"link","url":"u"},"b":{"kind":"text"}}}""",
            """{"errcode":0,"errmsg":"ok","data":{"a":{"kind":7}}}""",
        ),
    )
    session.evaluator = { script ->
        val arguments = script.substring(script.lastIndexOf("})(") + 3).removeSuffix(");")
        println("evaluate $arguments")
        val (channel, token) = arguments.split(",").take(2).map { it.trim('"') }
        val data = JsonValue.Object(mapOf("token" to JsonValue.Text(token), "envelope" to JsonValue.Text(answers.removeFirst()))).jsonText
        session.receive(channel, """{"type":"${'$'}answer","data":$data}""", main, BridgeFrame {})
    }
    val page = SamplePage(session)
    suspend fun report(label: String, call: suspend () -> Any?) {
        try {
            println("$label: ${call()}")
        } catch (error: BridgeError) {
            println("$label: error ${error.code} ${error.message}")
        }
    }
    report("getCartCount") { page.getCartCount("u\"1") }
    report("getCartCount, a string") { page.getCartCount("u2") }
    report("showMessage") { page.showMessage("hi </script>") }
    report("showMessage, not implemented") { page.showMessage("again") }
    report("a short deadline, no client") { SamplePage(session, kotlin.time.Duration.ZERO).getCartCount("u3") }
    println("calls ${session.pageCallCount}")

    println("-- a map of unions (no global: the client says hello first): an unknown variant kept, null, a bad field and a tag not a string -13")
    session.receive("sample", """{"type":"${'$'}hello","data":{"module":"sample"},"callbackName":"h0"}""", main, BridgeFrame {})
    repeat(4) { report("shareDrafts") { page.shareDrafts() } }

    println("-- a declared error, typed: its data decoded (null or absent for all-optional data), data that does not decode -13")
    session.install(UserDispatcher(handlers))
    session.receive("user", """{"type":"${'$'}hello","data":{"module":"user"},"callbackName":"h"}""", main, BridgeFrame {})
    answers += listOf(
        """{"errcode":2004,"errmsg":"saving","data":{"retryAfterSeconds":2.5}}""",
        """{"errcode":2004,"errmsg":"the page is saving"}""",
        """{"errcode":2004,"errmsg":"saving","data":null}""",
        """{"errcode":2004,"errmsg":"saving","data":{"retryAfterSeconds":"soon"}}""",
        """{"errcode":2004,"errmsg":"saving","data":[1]}""",
        """{"errcode":2001,"errmsg":"not this method's"}""",
    )
    val userPage = UserPage(session)
    repeat(answers.size) {
        try {
            println("confirmLeave: ${userPage.confirmLeave("back")}")
        } catch (error: UserError.Busy) {
            println("confirmLeave: $error, retry after ${error.retryAfterSeconds}, code ${error.code}")
        } catch (error: BridgeError) {
            println("confirmLeave: error ${error.code} ${error.message}")
        }
    }
    // Values: equal by data and message, whatever the stack trace.
    val busy = UserError.Busy(retryAfterSeconds = 2.5, message = "saving")
    println("equal ${busy == UserError.Busy(2.5, "saving")} ${busy.hashCode() == UserError.Busy(2.5, "saving").hashCode()}, " +
        "unequal ${busy == UserError.Busy(2.5)} ${busy == UserError.Busy(1.0, "saving")}, copy ${busy.copy(retryAfterSeconds = null)}")

    println("-- the set's install, with bridgegen.yaml's settings")
    val webView = android.webkit.WebView(android.content.Context())
    val installed = BridgeAndroid.install(webView, this, sampleHandler = handlers, userHandler = handlers)
    println("listeners ${androidx.webkit.StandIn.listenerNames(webView)}, modules ${installed.moduleNames}")
    println("rules ${BridgeAndroid.originRules(BridgeConfiguration.policy)}, channel ${BridgeConfiguration.callbackChannel}")
    val frame = androidx.webkit.StandInFrame(webView, "app://bundle", isMainFrame = true)
    frame.postMessage("__bridgegen_sample", """{"type":"setItem","data":{"key":"k","value":"v"},"callbackName":"c1"}""")
    frame.postMessage("__bridgegen_sample", """{"type":"getItem","data":{"key":"k"},"callbackName":"c2"}""")
    // A handler's application error reaches the page with its data (answered first: the store's handlers yield).
    frame.postMessage("__bridgegen_user", """{"type":"ios-app-prepay","data":{"order":{"product_id":"fail"}},"callbackName":"c3"}""")
    frame.postMessage("__bridgegen_user", """{"type":"ios-app-prepay","data":{"order":{"product_id":"disabled"}},"callbackName":"c4"}""")
    androidx.webkit.StandIn.runTasks(webView)
    repeat(5) { kotlinx.coroutines.yield() }
    for (line in frame.received) println(line)
}
