import Foundation

/// Runs the generated dispatch core without WebKit: a session, the greeter module, one
/// request. It lives in the feature module because the session is internal to the generated
/// code (an app reaches it only through `GreeterBridge.install` on a web view).
@MainActor
public func greeterDemo() async -> String {
    let greeter = AppGreeter()
    let session = BridgeSession(evaluate: { _, completion in completion(true) })
    session.install(GreeterDispatcher(handler: greeter))
    return await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
        session.receive(channel: "greeter", body: ["type": "greet", "data": ["name": "Ada", "excited": true]],
                        origin: BridgeOrigin(scheme: "app", host: "", isMainFrame: true),
                        reply: { envelope in done.resume(returning: envelope.jsonText) },
                        answer: { _ in })
    }
}
