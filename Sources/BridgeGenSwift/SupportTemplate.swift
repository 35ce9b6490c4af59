/// The fixed runtime support text of `BridgeGenSupport.swift`: everything that does not vary
/// with the schema. `@@ACCESS@@ ` stands for the configured access level (`public `,
/// `package ` or nothing for internal). Varying code (the configuration constants) goes
/// through the printer in `SupportGenerator`.
enum SupportTemplate {
    /// The runtime without WebKit, in output order.
    static var core: String { [values, decoding, scripts, session].joined(separator: "\n") }

    /// The origin policy and the session: routing, answering, events.
    static let session = #"""
// MARK: - Origins

/// The frame a message came from, as the origin policy sees it.
@@ACCESS@@ struct BridgeOrigin: Sendable, Equatable {
    @@ACCESS@@ var scheme: String
    @@ACCESS@@ var host: String
    @@ACCESS@@ var port: Int
    @@ACCESS@@ var isMainFrame: Bool

    @@ACCESS@@ init(scheme: String, host: String, port: Int = 0, isMainFrame: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isMainFrame = isMainFrame
    }
}

/// Which frames may talk to the bridge: bundled content (`file`, custom schemes) and https
/// pages of trusted hosts (`example.com`, or `*.example.com` for its subdomains), main frame
/// only unless `mainFrameOnly` is false. Checked before a message is parsed: of a refused
/// message only the callback name is read (callback transport), to answer `untrustedOrigin`.
@@ACCESS@@ struct BridgeOriginPolicy: Sendable, Equatable {
    @@ACCESS@@ var trustedSchemes: Set<String>
    @@ACCESS@@ var trustedHosts: Set<String>
    @@ACCESS@@ var mainFrameOnly: Bool

    @@ACCESS@@ init(trustedSchemes: Set<String>, trustedHosts: Set<String>, mainFrameOnly: Bool) {
        self.trustedSchemes = Set(trustedSchemes.map { $0.lowercased() })
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
        self.mainFrameOnly = mainFrameOnly
    }

    /// The policy from the generator configuration.
    @@ACCESS@@ static var `default`: BridgeOriginPolicy {
        BridgeOriginPolicy(trustedSchemes: BridgeConfiguration.trustedSchemes,
                           trustedHosts: BridgeConfiguration.trustedHosts,
                           mainFrameOnly: BridgeConfiguration.mainFrameOnly)
    }

    /// Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log.
    func refusal(_ origin: BridgeOrigin) -> String {
        let from = JSONValue.string("\(origin.scheme)://\(origin.host)").jsonText
        if mainFrameOnly && !origin.isMainFrame {
            return "\(from), a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"
        }
        if origin.scheme.lowercased() == "https" && !origin.host.isEmpty {
            return "\(from): add \(JSONValue.string(origin.host.lowercased()).jsonText) to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"
        }
        return "\(from): add \(JSONValue.string(origin.scheme.lowercased()).jsonText) to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"
    }

    @@ACCESS@@ func allows(_ origin: BridgeOrigin) -> Bool {
        if mainFrameOnly && !origin.isMainFrame { return false }
        let scheme = origin.scheme.lowercased()
        if trustedSchemes.contains(scheme) { return true }
        guard scheme == "https" else { return false }
        let host = origin.host.lowercased()
        if host.isEmpty { return false }
        if trustedHosts.contains(host) { return true }
        return trustedHosts.contains { pattern in
            pattern.hasPrefix("*.") && host.hasSuffix(String(pattern.dropFirst(1))) && host.count > pattern.count - 1
        }
    }
}

// MARK: - Dispatch

/// The transport all modules of this schema set use.
@@ACCESS@@ enum BridgeTransport: Sendable, Equatable {
    /// One reply handler per module channel; `replyHandler(envelope, nil)` answers.
    case reply
    /// One shared plain handler; requests are answered with `window[callbackName](json)`.
    case callback(channel: String)
}

/// Answers one request exactly once: later calls are ignored.
@MainActor @@ACCESS@@ final class BridgeReply {
    private var deliver: (@MainActor (BridgeEnvelope) -> Void)?

    @@ACCESS@@ init(_ deliver: @escaping @MainActor (BridgeEnvelope) -> Void) {
        self.deliver = deliver
    }

    /// Whether the answer was given.
    @@ACCESS@@ var isAnswered: Bool { deliver == nil }

    @@ACCESS@@ func answer(_ envelope: BridgeEnvelope) {
        guard let deliver = deliver else { return }
        self.deliver = nil
        deliver(envelope)
    }

    @@ACCESS@@ func succeed(_ data: JSONValue) { answer(.success(data)) }

    @@ACCESS@@ func fail(_ error: any Error) {
        let bridgeError = BridgeError.reaching(from: error)
        if !(error is BridgeError) {
            BridgeLog.report("handler failed: \(String(describing: error))")
        } else if bridgeError.code == BridgeErrorCode.internalError.rawValue {
            BridgeLog.report("internal error: \(bridgeError.message)")
            answer(.failure(BridgeError(.internalError, "internal error")))
            return
        }
        answer(.failure(bridgeError))
    }
}

/// A module's generated dispatcher, as a session routes to it.
@MainActor @@ACCESS@@ protocol BridgeModule: AnyObject {
    /// The module name: its reply-transport channel and its events' first argument.
    var moduleName: String { get }
    /// Whether a method has this wire name.
    func handles(_ type: String) -> Bool
    /// Decodes `data`, calls the handler and answers through `reply` exactly once.
    func dispatch(type: String, data: Any?, reply: BridgeReply)
}

/// The WebKit-free heart of the bridge for one content controller and content world:
/// routes messages to module dispatchers, answers them in the configured transport,
/// applies the origin policy, and queues events until the page's client says `$hello`.
@MainActor @@ACCESS@@ final class BridgeSession {
    /// Evaluates a script in the page; `completion(true)` when it evaluated to `true`.
    @@ACCESS@@ typealias Evaluate = @MainActor (_ script: String, _ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void

    /// Most events a module keeps while its client is not ready; the oldest is dropped beyond.
    @@ACCESS@@ static let queueLimit = 256

    @@ACCESS@@ let transport: BridgeTransport
    @@ACCESS@@ var policy: BridgeOriginPolicy
    private let evaluate: Evaluate
    private var modules: [String: any BridgeModule] = [:]
    private var queues: [String: EventQueue] = [:]
    private var openReplies = 0
    private var deliveriesInFlight = 0
    private var generation = 0

    private struct QueuedEvent {
        var id: Int
        var script: String
    }

    private struct EventQueue {
        var ready = false
        var delivering: Int?
        var events: [QueuedEvent] = []
    }

    private var nextEventID = 0

    @@ACCESS@@ init(transport: BridgeTransport = BridgeConfiguration.transport,
                    policy: BridgeOriginPolicy = .default,
                    evaluate: @escaping Evaluate) {
        self.transport = transport
        self.policy = policy
        self.evaluate = evaluate
    }

    /// The channel names this session needs registered: one per module (reply) or the shared one.
    @@ACCESS@@ var channels: [String] {
        switch transport {
        case .reply: return modules.keys.sorted()
        case .callback(let channel): return modules.isEmpty ? [] : [channel]
        }
    }

    @@ACCESS@@ func isInstalled(_ moduleName: String) -> Bool { modules[moduleName] != nil }

    /// Adds a module; returns false (and changes nothing) when one with its name is installed.
    @discardableResult
    @@ACCESS@@ func install(_ module: any BridgeModule) -> Bool {
        guard modules[module.moduleName] == nil else { return false }
        modules[module.moduleName] = module
        return true
    }

    /// Removes a module; its queued events are kept for a later install.
    @@ACCESS@@ func uninstall(_ moduleName: String) {
        modules[moduleName] = nil
    }

    /// Whether no request is waiting for its handler and no event delivery is in flight.
    @@ACCESS@@ var isIdle: Bool { openReplies == 0 && deliveriesInFlight == 0 }

    /// Handles one message. `reply` is WebKit's reply handler (reply transport; called exactly
    /// once) or nil (callback transport, where `answer` evaluates the answer script in the
    /// sending frame).
    @@ACCESS@@ func receive(channel: String, body: Any, origin: BridgeOrigin,
                            reply: (@MainActor (BridgeEnvelope) -> Void)?,
                            answer: @escaping @MainActor (String) -> Void) {
        let trusted = policy.allows(origin)
        if !trusted {
            BridgeLog.report("refused a message on '\(channel)' from \(policy.refusal(origin))")
        }
        switch transport {
        case .reply:
            let replyOnce = track(BridgeReply { envelope in reply?(envelope) })
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(BridgeIncoming(body, parse: true).object, channel: channel, reply: replyOnce)
        case .callback:
            // An untrusted frame's message is not parsed; only its callback name is read, so
            // that it is answered untrustedOrigin instead of waiting forever.
            let incoming = BridgeIncoming(body, parse: trusted)
            var callbackName: String?
            switch incoming.callbackName {
            case .absent:
                break
            case .valid(let name):
                callbackName = name
            case .invalid(let reason):
                BridgeLog.report("refused a message with an invalid callbackName (\(reason)): nothing is evaluated")
                return
            }
            let replyOnce = track(BridgeReply { envelope in
                guard let name = callbackName else {
                    if envelope.errcode != 0 { BridgeLog.report("unanswerable failure \(envelope.errcode): \(envelope.errmsg)") }
                    return
                }
                answer(Self.answerScript(callbackName: name, envelope: envelope))
            })
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(incoming.object, channel: nil, reply: replyOnce)
        }
    }

    /// The answer script, or an `internalError` answer when the envelope's JSON is larger
    /// than `BridgeLimits.maxScriptJSONBytes` (written only up to that limit).
    private static func answerScript(callbackName: String, envelope: BridgeEnvelope) -> String {
        if let json = envelope.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) {
            return BridgeJavaScript.answerScript(callbackName: callbackName, json: json)
        }
        BridgeLog.report("internal error: an answer is larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
        return BridgeJavaScript.answerScript(callbackName: callbackName, envelope: .failure(BridgeError(.internalError, "internal error")))
    }

    /// Routes a parsed message: `$hello` to the handshake, anything else to the module that
    /// owns its wire name, on `channel` (reply transport) or on the shared channel (nil),
    /// where the checker made wire names unique across modules.
    private func dispatch(_ parsed: Result<[String: Any], BridgeError>, channel: String?, reply: BridgeReply) {
        let message: [String: Any]
        let type: String
        do {
            message = try parsed.get()
            type = try Self.messageType(message)
        } catch {
            reply.fail(error)
            return
        }
        if type == "$hello" {
            hello(message["data"], channel: channel, reply: reply)
            return
        }
        let candidates: [any BridgeModule]
        if let channel {
            guard let module = modules[channel] else {
                reply.fail(BridgeError(.handlerUnavailable, "no handler is installed for '\(channel)'"))
                return
            }
            candidates = [module]
        } else {
            candidates = Array(modules.values)
        }
        guard let module = candidates.first(where: { $0.handles(type) }) else {
            reply.fail(BridgeError(.unknownMethod, "unknown method: \(type)"))
            return
        }
        module.dispatch(type: type, data: message["data"], reply: reply)
    }

    private func track(_ reply: BridgeReply) -> BridgeReply {
        openReplies += 1
        return BridgeReply { [weak self] envelope in
            self?.openReplies -= 1
            reply.answer(envelope)
        }
    }

    static func messageType(_ object: [String: Any]) throws -> String {
        guard let typeValue = object["type"], let type = try? BridgeDecode.string(typeValue, "type") else {
            throw BridgeError(.invalidMessage, "the message has no string 'type'")
        }
        return type
    }

    // MARK: Events

    private func hello(_ data: Any?, channel: String?, reply: BridgeReply) {
        let module: String
        do {
            let params = try BridgeDecode.params(data)
            if let channel = channel {
                module = try BridgeDecode.optional(params["module"], "params.module") { try BridgeDecode.string($0, $1) } ?? channel
                guard module == channel else {
                    throw BridgeError(.invalidParams, "params.module: expected \(JSONValue.string(channel).jsonText), got \(JSONValue.string(module).jsonText)")
                }
            } else {
                module = try BridgeDecode.string(params["module"], "params.module")
            }
        } catch {
            reply.fail(error)
            return
        }
        queues[module, default: EventQueue()].ready = true
        reply.succeed(.object(["protocol": .int(1)]))
        pump(module)
    }

    /// Delivers an event now if the module's client is ready, else queues it.
    @@ACCESS@@ func emit(module: String, event: String, payload: JSONValue) {
        guard let json = payload.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
            BridgeLog.report("dropped a '\(module)' event '\(event)': its payload is larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
            return
        }
        var queue = queues[module, default: EventQueue()]
        nextEventID += 1
        queue.events.append(QueuedEvent(id: nextEventID, script: BridgeJavaScript.eventScript(module: module, event: event, json: json)))
        if queue.events.count > Self.queueLimit {
            let dropIndex = queue.delivering == queue.events.first?.id ? 1 : 0
            queue.events.remove(at: dropIndex)
            BridgeLog.report("dropped the oldest queued '\(module)' event: more than \(Self.queueLimit) waiting")
        }
        queues[module] = queue
        pump(module)
    }

    /// Call when the web content process terminated: every module queues until its next `$hello`.
    @@ACCESS@@ func webContentProcessDidTerminate() {
        generation += 1
        deliveriesInFlight = 0
        for name in queues.keys {
            queues[name]?.ready = false
            queues[name]?.delivering = nil
        }
    }

    /// Events waiting for a module's client.
    @@ACCESS@@ func queuedEventCount(_ module: String) -> Int { queues[module]?.events.count ?? 0 }

    private func pump(_ module: String) {
        guard let queue = queues[module], queue.ready, queue.delivering == nil, let next = queue.events.first else { return }
        queues[module]?.delivering = next.id
        deliveriesInFlight += 1
        let generation = self.generation
        evaluate(next.script) { [weak self] delivered in
            guard let self = self, self.generation == generation else { return }
            self.deliveriesInFlight -= 1
            self.queues[module]?.delivering = nil
            if delivered {
                self.queues[module]?.events.removeAll { $0.id == next.id }
            } else {
                self.queues[module]?.ready = false
            }
            self.pump(module)
        }
    }
}
"""#

    /// The WebKit glue shared by all modules, compiled only where WebKit exists.
    static let glue = #"""
#if canImport(WebKit)
import WebKit

extension BridgeOrigin {
    /// The origin of a frame that posted a message.
    @MainActor @@ACCESS@@ init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

/// Why an install was refused.
@@ACCESS@@ enum BridgeInstallError: Error, Equatable, Sendable {
    /// The module is already installed in this content world of this content controller.
    case alreadyInstalled(module: String)
}

/// Forwards reply-transport messages to a session. The session holds the module
/// dispatchers, which hold the app's handlers weakly: WebKit retains this object, not the app's.
@MainActor final class BridgeReplyForwarder: NSObject, WKScriptMessageHandlerWithReply {
    let session: BridgeSession

    init(session: BridgeSession) {
        self.session = session
    }

#if compiler(>=6.0)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#else
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#endif

    private func forward(_ message: WKScriptMessage, reply: @escaping @MainActor (BridgeEnvelope) -> Void) {
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(message.frameInfo),
                        reply: reply, answer: { _ in })
    }
}

/// Forwards callback-transport messages to a session; answers are evaluated in the sending frame.
@MainActor final class BridgeMessageForwarder: NSObject, WKScriptMessageHandler {
    let session: BridgeSession
    let world: WKContentWorld

    init(session: BridgeSession, world: WKContentWorld) {
        self.session = session
        self.world = world
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let world = self.world
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(frame),
                        reply: nil) { [weak webView = message.webView] script in
            webView?.evaluateJavaScript(script, in: frame, in: world) { _ in }
        }
    }
}

/// Installs modules on web views: one session per content controller and content world,
/// each channel registered once.
@MainActor @@ACCESS@@ enum BridgeGlue {
    private final class Entry {
        weak var controller: WKUserContentController?
        weak var webView: WKWebView?
        let world: WKContentWorld
        let session: BridgeSession

        init(controller: WKUserContentController, webView: WKWebView, world: WKContentWorld, session: BridgeSession) {
            self.controller = controller
            self.webView = webView
            self.world = world
            self.session = session
        }
    }

    private static var entries: [Entry] = []

    /// The configured content world (`BridgeConfiguration.contentWorldName`, else `.page`).
    @@ACCESS@@ static var defaultWorld: WKContentWorld {
        if let name = BridgeConfiguration.contentWorldName { return WKContentWorld.world(name: name) }
        return WKContentWorld.page
    }

    /// The session of a web view's content controller in a world, if any module is installed there.
    @@ACCESS@@ static func session(of webView: WKWebView, world: WKContentWorld? = nil) -> BridgeSession? {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        return entries.first { $0.controller === controller && $0.world === world }?.session
    }

    /// Installs a module's dispatcher. Throws when the module is already installed there;
    /// never registers a channel name twice.
    @@ACCESS@@ static func install(_ module: any BridgeModule, on webView: WKWebView, world: WKContentWorld?,
                                   policy: BridgeOriginPolicy) throws -> BridgeSession {
        entries.removeAll { $0.controller == nil }
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        let entry: Entry
        if let existing = entries.first(where: { $0.controller === controller && $0.world === world }) {
            entry = existing
        } else {
            let session = BridgeSession(transport: BridgeConfiguration.transport, policy: policy) { [weak webView] script, completion in
                guard let webView = webView else {
                    completion(false)
                    return
                }
                webView.evaluateJavaScript(script, in: nil, in: world) { result in
                    switch result {
                    case .success(let value): completion((value as? Bool) == true)
                    case .failure: completion(false)
                    }
                }
            }
            entry = Entry(controller: controller, webView: webView, world: world, session: session)
            entries.append(entry)
        }
        let session = entry.session
        guard !session.isInstalled(module.moduleName) else {
            throw BridgeInstallError.alreadyInstalled(module: module.moduleName)
        }
        let channelsBefore = Set(session.channels)
        session.install(module)
        for channel in session.channels where !channelsBefore.contains(channel) {
            switch session.transport {
            case .reply:
                controller.addScriptMessageHandler(BridgeReplyForwarder(session: session), contentWorld: world, name: channel)
            case .callback:
                controller.add(BridgeMessageForwarder(session: session, world: world), contentWorld: world, name: channel)
            }
        }
        return session
    }

    /// Removes a module; the shared callback channel goes when its last module does.
    @@ACCESS@@ static func uninstall(_ moduleName: String, from webView: WKWebView, world: WKContentWorld?) {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        guard let entry = entries.first(where: { $0.controller === controller && $0.world === world }),
              entry.session.isInstalled(moduleName) else { return }
        let channelsBefore = entry.session.channels
        entry.session.uninstall(moduleName)
        let channelsAfter = Set(entry.session.channels)
        for channel in channelsBefore where !channelsAfter.contains(channel) {
            controller.removeScriptMessageHandler(forName: channel, contentWorld: world)
        }
    }

    /// Call from `webViewWebContentProcessDidTerminate(_:)`: every module of the web view goes
    /// back to queueing events until its client says `$hello` again.
    @@ACCESS@@ static func webContentProcessDidTerminate(_ webView: WKWebView) {
        let controller = webView.configuration.userContentController
        for entry in entries where entry.controller === controller {
            entry.session.webContentProcessDidTerminate()
        }
    }
}
#endif
"""#
}
