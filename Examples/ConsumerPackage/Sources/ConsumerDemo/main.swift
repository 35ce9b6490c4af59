import GreeterFeature

// Runs the generated dispatch core without WebKit: a session, the greeter module, one request.
@MainActor
func demo() async {
    let greeter = AppGreeter()
    let session = BridgeSession(evaluate: { _, completion in completion(true) })
    session.install(GreeterDispatcher(handler: greeter))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        session.receive(channel: "greeter", body: ["type": "greet", "data": ["name": "Ada", "excited": true]],
                        origin: BridgeOrigin(scheme: "app", host: "", isMainFrame: true),
                        reply: { envelope in
                            print(envelope)
                            done.resume()
                        },
                        answer: { _ in })
    }
}

await demo()
