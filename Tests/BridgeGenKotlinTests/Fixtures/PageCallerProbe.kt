// The generated page callers of Schemas/ (SamplePage) and of the stress set (PagesPage) against
// a scripted page that answers each evaluated script at once with the next envelope of a list:
// prints what each call evaluated and what it returned or threw, for KotlinModelTests.

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
        ),
    )
    session.evaluator = { script ->
        val arguments = script.substring(script.lastIndexOf("})(") + 3).removeSuffix(");")
        println("evaluate $arguments")
        val token = arguments.split(",")[1].trim('"')
        val data = JsonValue.Object(mapOf("token" to JsonValue.Text(token), "envelope" to JsonValue.Text(answers.removeFirst()))).jsonText
        session.receive("sample", """{"type":"${'$'}answer","data":$data}""", main, BridgeFrame {})
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
}
