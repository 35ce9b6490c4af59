// Console forwarding's WebKit glue in a generated program, against the WebKit stand-in
// (ConsoleGlueTests): what BridgeConsoleGlue.install adds to a content controller, that it
// adds it once, and that a message on `bridgegenConsole` reaches BridgeLog.console only from
// a trusted frame. Built with -D DEBUG: `console.forward: debug` forwards in debug builds.
import Foundation
import WebKit

var console: [String] = []
var reports: [String] = []
BridgeLog.console = { level, message in console.append("\(level.rawValue)|\(message)") }
BridgeLog.sink = { reports.append($0) }

check("config.forwards-in-debug", BridgeConfiguration.forwardsConsole)
let controller = WKUserContentController()
BridgeConsoleGlue.install(on: controller)
let scripts = controller.userScripts
check("install.one-script", scripts.count == 1, "\(scripts.count)")
if let script = scripts.first {
    check("install.script-source", script.source == BridgeConsole.userScriptSource()
        && script.source.hasSuffix("})\n(\(BridgeConfiguration.consoleMaxMessageLength), \(BridgeConfiguration.consoleMaxMessagesPerSecond));\n"))
    check("install.document-start", script.injectionTime == .atDocumentStart)
    check("install.all-frames", !script.isForMainFrameOnly)
    check("install.page-world", script.testWorld === WKContentWorld.page)
}
let forwarder = controller.testHandler(named: "bridgegenConsole", world: .page) as? BridgeConsoleForwarder
check("install.handler", forwarder != nil)

BridgeConsoleGlue.install(on: controller)
check("install.once", controller.userScripts.count == 1)
controller.removeAllUserScripts()
BridgeConsoleGlue.install(on: controller) // the handler is still there: replaced, not added twice (which traps)
check("install.after-scripts-removed", controller.userScripts.count == 1 && controller.testHandler(named: "bridgegenConsole") != nil)

let other = WKUserContentController()
other.addUserScript(WKUserScript(source: "// bridgegen console forwarding v1 (another schema set's)", injectionTime: .atDocumentStart, forMainFrameOnly: false))
BridgeConsoleGlue.install(on: other)
check("install.another-sets-script-counts", other.userScripts.count == 1 && other.testHandler(named: "bridgegenConsole") == nil)

// WebKit delivers messages only with a web view.
let consoleHost = WKWebView(configuration: WKWebViewConfiguration())
@MainActor func post(_ body: Any, scheme: String, host: String = "", mainFrame: Bool = true) {
    let frame = WKFrameInfo(testMainFrame: mainFrame, origin: WKSecurityOrigin(testProtocol: scheme, host: host), webView: consoleHost)
    let handler = controller.testHandler(named: "bridgegenConsole") as? BridgeConsoleForwarder
    handler?.userContentController(controller, didReceive: WKScriptMessage(testBody: body, name: "bridgegenConsole", frameInfo: frame, world: .page))
}
let trusted = BridgeConfiguration.trustedSchemes.sorted().first ?? "app"
post(["level": "warn", "message": "hi\nthere"] as [String: Any], scheme: trusted)
post(["level": "error", "message": String(repeating: "x", count: BridgeConfiguration.consoleMaxMessageLength + 5)] as [String: Any], scheme: trusted)
post(["level": "log", "message": "from evil"] as [String: Any], scheme: "https", host: "evil.example")
post(["level": "shout", "message": "m"] as [String: Any], scheme: trusted)
check("receive.trusted", console.first == "warn|hi\nthere", "\(console)")
check("receive.cut", console.count == 2 && console[1] == "error|" + String(repeating: "x", count: BridgeConfiguration.consoleMaxMessageLength), "\(console.count)")
check("receive.untrusted-refused", reports.first?.hasPrefix("bridgegen: refused a console message from \"https://evil.example\"") == true, "\(reports)")
check("receive.bad-level-refused", reports.dropFirst().first == "bridgegen: refused a console message: level is not one of log, info, warn, error", "\(reports)")
check("sink.default-line", BridgeLog.consoleLine(.info, "a\nb") == "[H5] info: a\\nb")

// The generated install wires it: the first module installed on a controller brings the script
// and handler, later modules and a second install attempt add nothing, and the channels and
// markers are still the module's own.
let handlers = TestHandlers()
let webView = WKWebView(configuration: WKWebViewConfiguration())
let viewController = webView.configuration.userContentController
@MainActor func consoleScripts(_ controller: WKUserContentController) -> Int {
    controller.userScripts.filter { BridgeConsole.isConsoleScript($0.source) }.count
}
do {
    _ = try SampleBridge.install(handlers, on: webView)
    check("wired.first-install-adds-script", consoleScripts(viewController) == 1)
    check("wired.first-install-adds-handler", viewController.testHandler(named: "bridgegenConsole", world: .page) is BridgeConsoleForwarder)
    _ = try UserBridge.install(handlers, on: webView)
    check("wired.second-module-adds-nothing", consoleScripts(viewController) == 1)
    _ = try? SampleBridge.install(handlers, on: webView)
    check("wired.refused-install-adds-nothing", consoleScripts(viewController) == 1)
    check("wired.markers-kept", viewController.userScripts.filter { $0.source.hasPrefix("// bridgegen channel marker v1 ") }.count
        == (BridgeConfiguration.transport == .reply ? 2 : 1))
} catch {
    check("wired.install", false, "\(error)")
}
print(failures == 0 ? "done" : "failed")
