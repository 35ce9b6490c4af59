// bridgegen's Swift runtime: the origin policy and the session: routing, answering, events.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

// MARK: - Origins

/// The frame a message came from, as the origin policy sees it.
struct BridgeOrigin: Sendable, Equatable {
    var scheme: String
    var host: String
    var port: Int
    var isMainFrame: Bool

    init(scheme: String, host: String, port: Int = 0, isMainFrame: Bool) {
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
public struct BridgeOriginPolicy: Sendable, Equatable {
    public var trustedSchemes: Set<String>
    public var trustedHosts: Set<String>
    public var mainFrameOnly: Bool

    public init(trustedSchemes: Set<String>, trustedHosts: Set<String>, mainFrameOnly: Bool) {
        self.trustedSchemes = Set(trustedSchemes.map { $0.lowercased() })
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
        self.mainFrameOnly = mainFrameOnly
    }

    /// The policy from the generator configuration.
    public static var `default`: BridgeOriginPolicy {
        BridgeOriginPolicy(trustedSchemes: BridgeConfiguration.trustedSchemes,
                           trustedHosts: BridgeConfiguration.trustedHosts,
                           mainFrameOnly: BridgeConfiguration.mainFrameOnly)
    }

    /// Schemes whose documents have an opaque origin, which no trusted scheme can name.
    static let opaqueSchemes: Set<String> = ["", "about", "data", "blob", "javascript"]

    /// Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log.
    func refusal(_ origin: BridgeOrigin) -> String {
        let from = JSONValue.string("\(origin.scheme)://\(origin.host)").jsonText
        if mainFrameOnly && !origin.isMainFrame {
            return "\(from), a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"
        }
        let scheme = origin.scheme.lowercased()
        if scheme == "https" && !origin.host.isEmpty {
            return "\(from): add \(JSONValue.string(origin.host.lowercased()).jsonText) to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"
        }
        // The config refuses these as trusted schemes: no key can admit them.
        if scheme == "http" { return "\(from): http pages are never trusted: serve the page over https" }
        if Self.opaqueSchemes.contains(scheme) || origin.host.isEmpty && scheme == "https" {
            return "\(from), an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host"
        }
        return "\(from): add \(JSONValue.string(scheme).jsonText) to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"
    }

    func allows(_ origin: BridgeOrigin) -> Bool {
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
enum BridgeTransport: Sendable, Equatable {
    /// One reply handler per module channel; `replyHandler(envelope, nil)` answers.
    case reply
    /// One shared plain handler; requests are answered with `window[callbackName](json)`.
    case callback(channel: String)
}

/// Answers one request exactly once: later calls are ignored.
@MainActor final class BridgeReply {
    private var deliver: (@MainActor (BridgeEnvelope) -> Void)?
    /// Called once, when the reply is answered or dropped (the session counts open replies).
    var settled: (@MainActor () -> Void)?
    /// The session and module whose request this is: `run` registers its Task there, so
    /// that uninstalling the module, the page's process ending or the session going cancels it.
    weak var session: BridgeSession?
    var module = ""
    /// The frame that sent the request: the handler's `BridgeCaller.current`.
    var caller: BridgeCaller?
    /// The request's `id`, which a `$cancel` names and a stream's items carry; nil when the page sent none.
    var cancelID: String?
    /// Evaluates a stream item's script in the frame that sent the request and returns what it
    /// evaluated to (`true`: a stream of the page took it); nil where no frame can be reached.
    var deliverItem: (@MainActor (String) async -> Bool)?
    /// Where the result's large `bytes` values go, when the page fetches them (Transfers.swift).
    var outgoing: BridgeAttachments.Outgoing?
    /// The message's `$window`, as it came: read only when a stream method starts (`openWindow`).
    var requestedWindow: Any?
    /// A stream's window, when its request asked for one (Streams.swift).
    var window: BridgeStreamWindow?

    init(_ deliver: @escaping @MainActor (BridgeEnvelope) -> Void) {
        self.deliver = deliver
    }

    /// Whether the answer was given (or dropped).
    var isAnswered: Bool { deliver == nil }

    func answer(_ envelope: BridgeEnvelope) {
        guard let deliver = deliver else { return }
        self.deliver = nil
        deliver(envelope)
        settle()
    }

    /// Settles the reply without answering: the page that asked is gone.
    func drop() {
        guard deliver != nil else { return }
        deliver = nil
        settle()
    }

    private func settle() {
        // A stream waiting for the page's `$read` stops: its request ended.
        window?.wake()
        let settled = self.settled
        self.settled = nil
        settled?()
    }

    func succeed(_ data: JSONValue) { answer(.success(data)) }

    /// Answers with a result whose large values the encoder set aside: each is offered to the
    /// frame that asked, and the envelope lists their tokens (`$bytes`).
    private func succeedOffering(_ data: JSONValue) {
        let values = outgoing?.collected ?? []
        guard !values.isEmpty else { return succeed(data) }
        guard let session, let transfers = session.transfers, let origin = caller.map(BridgeOrigin.init) else {
            return fail(BridgeError(.internalError, "result: the bytes transfer path went away"))
        }
        var tickets: [BridgeTransferTicket] = []
        for value in values {
            guard let token = transfers.offer(value, to: origin) else {
                BridgeLog.report("internal error: a result's bytes would hold more than \(transfers.maxHeldBytes) bytes for the page (BridgeTransfers.maxHeldBytes)")
                return answer(.failure(BridgeError(.internalError, "internal error")))
            }
            tickets.append(BridgeTransferTicket(token: token, length: value.count))
        }
        var envelope = BridgeEnvelope.success(data)
        envelope.transfers = tickets
        answer(envelope)
    }

    func fail(_ error: any Error) {
        let bridgeError = BridgeError.reaching(from: error)
        if !(error is BridgeError || error is any BridgeApplicationError) {
            BridgeLog.report("handler failed: \(String(describing: error))")
        } else if error is BridgeError, bridgeError.code == BridgeErrorCode.internalError.rawValue {
            // An application error whose data could not be encoded was reported by `reaching`.
            BridgeLog.report("internal error: \(bridgeError.message)")
            answer(.failure(BridgeError(.internalError, "internal error")))
            return
        }
        answer(.failure(bridgeError))
    }

    /// Runs a request's handler in a Task and answers with what it returns or throws. The
    /// session cancels the Task when the module is uninstalled, the web content process
    /// terminates or the session goes (its message handlers were removed); a cancelled
    /// request's late result is never delivered.
    func run(_ operation: @escaping @MainActor () async throws -> JSONValue) {
        let task = Task { @MainActor in
            let result: Result<JSONValue, any Error>
            do {
                // The message's uploads are the handler's arguments now: not kept for its whole run.
                result = .success(try await BridgeAttachments.$incoming.withValue(nil) { try await operation() })
            } catch {
                result = .failure(error)
            }
            self.session?.finished(self)
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let data): self.succeedOffering(data)
            case .failure(let error): self.fail(error)
            }
        }
        session?.started(self, task: task)
    }
}

/// The Tasks of a session's running requests. It cancels them when it goes, which is when its
/// session goes: WebKit released the message handlers that held the session.
final class BridgeRequestTasks {
    var tasks: [ObjectIdentifier: Task<Void, Never>] = [:]

    deinit {
        for task in tasks.values { task.cancel() }
    }
}

/// A module's generated dispatcher, as a session routes to it.
@MainActor protocol BridgeModule: AnyObject {
    /// The module name: its reply-transport channel and its events' first argument.
    var moduleName: String { get }
    /// Whether a method has this wire name.
    func handles(_ type: String) -> Bool
    /// What the module offers the page, answered to its client's `$hello`.
    var capabilities: BridgeCapabilities { get }
    /// Decodes `data`, calls the handler and answers through `reply` exactly once.
    func dispatch(type: String, data: Any?, reply: BridgeReply)
}

/// A generated module dispatcher: it names its module's glue and its weakly held handler and
/// switches on the wire names; the glue gives it its name and capabilities, and the rest of
/// `BridgeModule` and the answering of requests come from here.
@MainActor protocol BridgeDispatcher: BridgeModule {
    /// The module's glue (`SampleBridge`): its name and its capabilities.
    associatedtype Glue: BridgeModuleGlue
    associatedtype Handler
    /// The handler; nil once it is gone (dispatchers hold it weakly).
    var handler: Handler? { get }
    /// Calls the handler of the method `type` with the arguments read from `params` and answers
    /// through `reply`; throws a decoding failure (with its path), an unknown method or a gone
    /// handler before anything runs, and the caller answers it.
    func dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply) throws
}

extension BridgeDispatcher {
    var moduleName: String { Glue.parts.module }

    var capabilities: BridgeCapabilities { Glue.capabilities }

    func handles(_ type: String) -> Bool { Glue.capabilities.methodNames.contains(type) }

    func dispatch(type: String, data: Any?, reply: BridgeReply) {
        // `access: mainFrame`: checked before decoding, so a subframe learns nothing about the params.
        if Glue.mainFrameMethods.contains(type), reply.caller?.isMainFrame != true {
            BridgeLog.report("refused '\(moduleName)' method '\(type)' from \(reply.caller.map(String.init(describing:)) ?? "an unknown frame"): it takes calls from the main frame only")
            reply.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
            return
        }
        // A send's handler runs inside; a request's Task, started inside, inherits the value.
        BridgeCaller.$current.withValue(reply.caller) {
            do {
                try dispatch(type: type, params: BridgeDecode.Fields(params: data), reply: reply)
            } catch {
                reply.fail(error)
            }
        }
    }

    /// The handler, or a `handlerUnavailable` error when it is gone.
    func requireHandler() throws -> Handler {
        guard let handler else {
            throw BridgeError(.handlerUnavailable, "the '\(moduleName)' handler is gone")
        }
        return handler
    }

    /// Answers a request with the result of `call` encoded by `encode` at `result`. The handler
    /// is checked first; `BridgeReply.run` runs `call` in a Task that uninstalling the module cancels.
    func request<T>(_ reply: BridgeReply, _ encode: @escaping (T, BridgePath) throws -> JSONValue,
                    _ call: @escaping @MainActor (Handler) async throws -> T) throws {
        let handler = try requireHandler()
        reply.run { try encode(await call(handler), "result") }
    }

    /// `request` for a method with parameters: `arguments`, decoded before the handler is
    /// looked at, are handed to `call`, so the closure of each method captures nothing, which
    /// is less code for the compiler to make (docs/PERFORMANCE.md, "Compiling the generated Swift").
    func request<A, T>(_ reply: BridgeReply, _ encode: @escaping (T, BridgePath) throws -> JSONValue, _ arguments: A,
                       _ call: @escaping @MainActor (Handler, A) async throws -> T) throws {
        let handler = try requireHandler()
        reply.run { try encode(await call(handler, arguments), "result") }
    }
}

/// The WebKit-free heart of the bridge for one content controller and content world:
/// routes messages to module dispatchers, answers them in the configured transport,
/// applies the origin policy, and queues events until the page's client says `$hello`.
@MainActor final class BridgeSession {
    /// Evaluates a script in the page; `completion(true)` when it evaluated to `true`.
    typealias Evaluate = @MainActor (_ script: String, _ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void
    /// Calls a constant function body in the page with string arguments and returns what it
    /// resolved with (`callAsyncJavaScript`, `WebPage.callJavaScript`); `pageWorld` runs it in
    /// the `.page` world instead of the session's. Throws `pageNotLoaded` when the page is gone.
    typealias CallFunction = @MainActor (_ body: String, _ arguments: [String: String], _ pageWorld: Bool) async throws -> Any?

    /// Most events a module keeps while its client is not ready; the oldest is dropped beyond.
    static let queueLimit = 256

    let transport: BridgeTransport
    var policy: BridgeOriginPolicy
    /// How events reach the page; nil until a page is attached (SwiftUI's `WebPage` is
    /// created after its configuration, where modules are installed): events wait queued.
    var evaluate: Evaluate? {
        didSet { for module in queues.keys.sorted() { pump(module) } }
    }
    /// How page calls reach the page; nil until a page is attached (calls fail `pageNotLoaded`).
    var callFunction: CallFunction?
    /// The page calls in flight (PageCalls.swift).
    let pageCalls = BridgePageCalls()
    /// Where large `bytes` values wait to cross outside the messages (Transfers.swift); nil
    /// where the web view has no transfer scheme: every value then travels inline.
    var transfers: BridgeTransfers?
    private var modules: [String: any BridgeModule] = [:]
    private var queues: [String: EventQueue] = [:]
    private var openReplies = 0
    /// Requests whose handler runs in a Task (each reply knows its module).
    private var running: [ObjectIdentifier: BridgeReply] = [:]
    private let tasks = BridgeRequestTasks()
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

    init(transport: BridgeTransport = BridgeConfiguration.transport,
                    policy: BridgeOriginPolicy = .default,
                    evaluate: Evaluate?, callFunction: CallFunction? = nil) {
        self.transport = transport
        self.policy = policy
        self.evaluate = evaluate
        self.callFunction = callFunction
    }

    /// The channel names this session needs registered: one per module (reply) or the shared one.
    var channels: [String] {
        switch transport {
        case .reply: return modules.keys.sorted()
        case .callback(let channel): return modules.isEmpty ? [] : [channel]
        }
    }

    func isInstalled(_ moduleName: String) -> Bool { modules[moduleName] != nil }

    /// Adds a module; returns false (and changes nothing) when one with its name is installed.
    @discardableResult
    func install(_ module: any BridgeModule) -> Bool {
        guard modules[module.moduleName] == nil else { return false }
        modules[module.moduleName] = module
        return true
    }

    /// The channel names installing `module` would add: its own (reply), or the shared one
    /// when it is the first module (callback); none when a module of its name is installed.
    func channelsAdded(by module: any BridgeModule) -> [String] {
        guard modules[module.moduleName] == nil else { return [] }
        switch transport {
        case .reply: return [module.moduleName]
        case .callback(let channel): return modules.isEmpty ? [channel] : []
        }
    }

    /// Removes a module: its running requests are cancelled and answered `handlerUnavailable`
    /// (a late result is not delivered); its queued events are kept for a later install.
    func uninstall(_ moduleName: String) {
        guard modules.removeValue(forKey: moduleName) != nil else { return }
        cancelRequests(of: moduleName, answering: .failure(BridgeError(
            .handlerUnavailable, "the '\(moduleName)' module was uninstalled before answering")))
    }

    /// Whether no request is waiting for its handler and no event delivery is in flight.
    var isIdle: Bool { openReplies == 0 && deliveriesInFlight == 0 }

    /// Handles one message. `reply` is WebKit's reply handler (reply transport; called exactly
    /// once) or nil (callback transport, where `answer` evaluates the answer script in the
    /// sending frame).
    /// `deliverItem` evaluates a stream item's script in the sending frame (`BridgeStream`).
    func receive(channel: String, body: Any, origin: BridgeOrigin,
                            reply: (@MainActor (BridgeEnvelope) -> Void)?,
                            answer: @escaping @MainActor (String) -> Void,
                            deliverItem: (@MainActor (String) async -> Bool)? = nil) {
        let trusted = policy.allows(origin)
        if !trusted {
            BridgeLog.report("refused a message on '\(channel)' from \(policy.refusal(origin))")
        }
        switch transport {
        case .reply:
            let replyOnce = track(BridgeReply { envelope in reply?(envelope) })
            replyOnce.deliverItem = deliverItem
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(BridgeIncoming(body, parse: true).object, channel: channel, origin: origin, reply: replyOnce)
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
            replyOnce.deliverItem = deliverItem
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(incoming.object, channel: nil, origin: origin, reply: replyOnce)
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
    private func dispatch(_ parsed: Result<[String: Any], BridgeError>, channel: String?, origin: BridgeOrigin, reply: BridgeReply) {
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
            hello(message["data"], channel: channel, origin: origin, reply: reply)
            return
        }
        if type == "$cancel" {
            cancel(message["data"], channel: channel, reply: reply)
            return
        }
        if type == "$read" {
            read(message["data"], channel: channel, reply: reply)
            return
        }
        if type == "$answer" && transport != .reply {
            // Android's page calls answer with this message; iOS's never do. Like Android's, it
            // is never answered, whatever it carries (docs/WIRE.md, "Android").
            BridgeLog.report("ignored a $answer message: page calls on iOS are answered by callAsyncJavaScript")
            reply.drop()
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
        reply.session = self
        reply.module = module.moduleName
        reply.caller = BridgeCaller(origin)
        // The bound of a callback name; any other `id` is ignored, and the request runs to completion.
        if case .valid(let id) = BridgeIncoming.callbackName(message["id"]) { reply.cancelID = id }
        reply.outgoing = transfers?.outgoing(for: origin)
        reply.requestedWindow = message["$window"]
        var uploads: [Data]?
        if let list = message["$bytes"] {
            do {
                uploads = try takeUploads(list, origin: origin)
            } catch {
                reply.fail(error)
                return
            }
        }
        // The handler's Task, started inside, inherits where its result's large values go.
        BridgeAttachments.$incoming.withValue(uploads) {
            BridgeAttachments.$outgoing.withValue(reply.outgoing) {
                module.dispatch(type: type, data: message["data"], reply: reply)
            }
        }
    }

    /// `$cancel` `{id}`: the page aborted the request it sent with that `id` (on this channel, in
    /// the reply transport). Its handler's Task is cancelled (`Task.isCancelled`,
    /// `CancellationError`), it is answered `aborted` (WebKit's reply handler must be called
    /// once; the page has rejected already and ignores it) and its late result is dropped. A
    /// request that already ended is nothing to cancel: `$cancel` always succeeds.
    private func cancel(_ data: Any?, channel: String?, reply: BridgeReply) {
        let id: String
        do {
            id = try BridgeDecode.string(try BridgeDecode.params(data)["id"], "params.id")
        } catch {
            reply.fail(error)
            return
        }
        if let key = runningRequest(id, channel: channel)?.key {
            endRequest(key, answering: .failure(BridgeError(.aborted, "the page cancelled the request")))
        }
        reply.succeed(.null)
    }

    /// `$read` `{id, count}`: the page's loop has taken `count` items of the stream it requested
    /// with that `id` (found as `$cancel` finds it), so a `yield` waiting for room in its window
    /// goes on. Counts are cumulative: a lower one than before changes nothing. Always succeeds.
    private func read(_ data: Any?, channel: String?, reply: BridgeReply) {
        let id: String
        let count: Int
        do {
            let params = try BridgeDecode.params(data)
            id = try BridgeDecode.string(params["id"], "params.id")
            count = try BridgeStreamWindow.count(params["count"], "params.count")
        } catch {
            reply.fail(error)
            return
        }
        runningRequest(id, channel: channel)?.value.window?.read(count)
        reply.succeed(.null)
    }

    /// The running request the page sent with `id` (on `channel`'s module, in the reply transport).
    private func runningRequest(_ id: String, channel: String?) -> (key: ObjectIdentifier, value: BridgeReply)? {
        running.first { $0.value.cancelID == id && (channel == nil || $0.value.module == channel) }
    }

    /// The page no longer reads a stream (no stream of the page took its item): its handler's
    /// Task is cancelled and the request answered `aborted`, which the page ignores.
    func stopStream(_ reply: BridgeReply) {
        endRequest(ObjectIdentifier(reply), answering: .failure(BridgeError(.aborted, "the page is not reading the stream")))
    }

    private func track(_ reply: BridgeReply) -> BridgeReply {
        openReplies += 1
        reply.settled = { [weak self] in self?.openReplies -= 1 }
        return reply
    }

    func started(_ reply: BridgeReply, task: Task<Void, Never>) {
        running[ObjectIdentifier(reply)] = reply
        tasks.tasks[ObjectIdentifier(reply)] = task
    }

    func finished(_ reply: BridgeReply) {
        running[ObjectIdentifier(reply)] = nil
        tasks.tasks[ObjectIdentifier(reply)] = nil
    }

    /// Cancels the running requests of one module (nil: of all), answering each with
    /// `envelope`, or dropping its answer when there is none.
    private func cancelRequests(of module: String?, answering envelope: BridgeEnvelope?) {
        for (id, reply) in running where module == nil || reply.module == module {
            endRequest(id, answering: envelope)
        }
    }

    /// Cancels one running request's Task and answers it with `envelope`, or drops its answer.
    private func endRequest(_ id: ObjectIdentifier, answering envelope: BridgeEnvelope?) {
        guard let reply = running.removeValue(forKey: id) else { return }
        tasks.tasks.removeValue(forKey: id)?.cancel()
        if let envelope {
            reply.answer(envelope)
        } else {
            reply.drop()
        }
    }

    /// Requests whose handler is still running.
    var runningRequestCount: Int { running.count }

    static func messageType(_ object: [String: Any]) throws -> String {
        guard let typeValue = object["type"], let type = try? BridgeDecode.string(typeValue, "type") else {
            throw BridgeError(.invalidMessage, "the message has no string 'type'")
        }
        return type
    }

    // MARK: Events

    /// The client of `params.module` is ready: its events flow and its page calls go out. The
    /// answer carries the module's capabilities as installed now; a module the session does
    /// not have gets empty lists and a null fingerprint (the page knows it is absent). In the
    /// callback transport only a hello with a `callbackName` hears the answer.
    private func hello(_ data: Any?, channel: String?, origin: BridgeOrigin, reply: BridgeReply) {
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
        var capabilities = modules[module]?.capabilities.json ?? BridgeCapabilities.absentJSON
        if modules[module] != nil, case .object(var members) = capabilities, let bytes = transfers?.capability(for: origin) {
            members["bytes"] = bytes
            capabilities = .object(members)
        }
        reply.succeed(.object(["protocol": .int(1), "capabilities": capabilities]))
        pump(module)
        resumePageCalls(waitingFor: module)
    }

    /// Delivers an event now if the module's client is ready, else queues it.
    func emit(module: String, event: String, payload: JSONValue) {
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

    /// Call when the web content process terminated: every module queues until its next
    /// `$hello`, and running requests are cancelled and their answers dropped: the page that
    /// asked is gone, and a callback answer would reach the reloaded page, whose client
    /// reuses callback names.
    func webContentProcessDidTerminate() {
        cancelRequests(of: nil, answering: nil)
        transfers?.removeAll()
        failPageCalls(BridgeError(.processTerminated, "the web content process terminated during the call"))
        generation += 1
        deliveriesInFlight = 0
        for name in queues.keys {
            queues[name]?.ready = false
            queues[name]?.delivering = nil
        }
    }

    /// Whether the module's client said `$hello` and has not gone since (events are delivered).
    func isClientReady(_ module: String) -> Bool { queues[module]?.ready ?? false }

    /// The module's client is gone (a page call found no hub: the page reloaded): events queue
    /// and page calls wait until it says `$hello` again.
    func clientGone(_ module: String) {
        queues[module]?.ready = false
    }

    /// Events waiting for a module's client.
    func queuedEventCount(_ module: String) -> Int { queues[module]?.events.count ?? 0 }

    private func pump(_ module: String) {
        guard let evaluate, let queue = queues[module], queue.ready, queue.delivering == nil,
              let next = queue.events.first else { return }
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
