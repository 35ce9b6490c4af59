// bridgegen's Swift runtime: native -> page calls: the constant function bodies, a call's life
// in the session (hello, timeout, cancellation, reload, termination) and the caller.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

// MARK: - Function bodies

/// The function bodies native calls in the page (docs/WIRE.md, "Page calls"). They are
/// constants: no schema text and no value is ever part of them. The module, the method and
/// the params travel as the string arguments `m`, `n`, `p` (and `g`, `a` for global
/// functions), read with `JSON.parse`, which evaluates nothing. Each body answers with the
/// envelope `{errcode, errmsg, data}` as JSON text and never throws.
enum BridgePageScripts {
    /// Calls the module's client implementation through the hub (`window.__bridgegen`), in the
    /// configured content world. No hub: -11 (the page is not loaded, or it reloaded).
    static let client = #"""
        try {
          var h = globalThis.__bridgegen;
          if (!h || typeof h.call !== "function") {
            return JSON.stringify({errcode: -11, errmsg: "the page's bridge client is not loaded"});
          }
          return await h.call(m, n, JSON.parse(p));
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
        """#

    /// Calls a `global:` method, in the `.page` world where pages define their globals: through
    /// the hub when the page's client implements it (a page that adopted the client wins), else
    /// the global function at the path `g` with the positional arguments `a`, `this` being its
    /// parent object. No such function: -10; a throw: -12.
    static let global = #"""
        try {
          var h = globalThis.__bridgegen;
          if (h && typeof h.implemented === "function" && typeof h.call === "function" && h.implemented(m, n) === true) {
            return await h.call(m, n, JSON.parse(p));
          }
          var path = JSON.parse(g), parent = globalThis, f = globalThis;
          for (var i = 0; i < path.length; i++) {
            if (f === null || (typeof f !== "object" && typeof f !== "function")) {
              f = undefined;
              break;
            }
            parent = f;
            f = f[path[i]];
          }
          if (typeof f !== "function") {
            return JSON.stringify({errcode: -10, errmsg: "the page defines no function " + path.join(".")});
          }
          var v = await f.apply(parent, JSON.parse(a));
          return JSON.stringify({errcode: 0, errmsg: "ok", data: v === undefined ? null : v});
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
        """#
}

// MARK: - Calls in flight

/// The envelope's `data` as the page sent it, parsed from JSON text (Foundation values,
/// never mutated), handed from the call's driver to its caller on the main actor.
struct BridgePageData: @unchecked Sendable {
    let value: Any?

    init(value: Any?) {
        self.value = value
    }

    /// A `callAsyncJavaScript` completion's value: WebKit delivers JavaScript `undefined` as
    /// `.success(Optional<Any>.none as Any)`, a nil inside `Any` that `if let` does not see.
    init(completionValue: Any) {
        value = Self.unboxed(completionValue)
    }

    private static func unboxed(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unboxed($0.value) }
    }
}

/// A page call's outcome, given exactly once: by the page's answer, the timer, the calling
/// Task's cancellation (from any thread, hence the lock), the web content process ending, or
/// the session going. Later outcomes are ignored.
final class BridgePageOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<BridgePageData, any Error>?
    private var result: Result<BridgePageData, BridgeError>?

    /// Whether the outcome was given.
    var isSettled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    /// Resumes `continuation` with the outcome, now or when it is given.
    func wait(_ continuation: CheckedContinuation<BridgePageData, any Error>) {
        lock.lock()
        if let result {
            lock.unlock()
            continuation.resume(with: result.mapError { $0 as any Error })
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Gives the outcome; false when it was given before.
    @discardableResult
    func settle(_ outcome: Result<BridgePageData, BridgeError>) -> Bool {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return false
        }
        result = outcome
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: outcome.mapError { $0 as any Error })
        return true
    }
}

/// One page call in flight. Mutated on the main actor only (by its session and its Tasks),
/// and by its session's call table as that goes; unchecked so that the main-actor Tasks can
/// hand it to `withCheckedContinuation`, and so that the table can end it in its `deinit`.
final class BridgePendingPageCall: @unchecked Sendable {
    let module: String
    /// Whether the call waits for the module's `$hello` (client methods; not `global:` ones).
    let waitsForHello: Bool
    let outcome = BridgePageOutcome()
    /// Set while the call waits for `$hello`: resumed by the hello, or when the call ends.
    var helloWaiter: CheckedContinuation<Void, Never>?
    var timer: Task<Void, Never>?
    var driver: Task<Void, Never>?

    init(module: String, waitsForHello: Bool) {
        self.module = module
        self.waitsForHello = waitsForHello
    }

    var isWaitingForHello: Bool { helloWaiter != nil }

    /// Stops the call's Tasks once its outcome is given.
    func end() {
        timer?.cancel()
        driver?.cancel()
        helloWaiter?.resume()
        helloWaiter = nil
    }
}

/// A session's page calls in flight. When the session goes (the web view or the page and its
/// message handlers went), the calls still waiting fail with `pageNotLoaded` at once.
final class BridgePageCalls {
    var nextID = 0
    var calls: [Int: BridgePendingPageCall] = [:]
    /// How many times each module's client said `$hello`: a call that finds the hub gone
    /// retries at once when a hello came in meanwhile (the reloaded page's client is ready).
    var hellos: [String: Int] = [:]

    deinit {
        for call in calls.values {
            call.outcome.settle(.failure(BridgeError(.pageNotLoaded, "the web view or page is gone")))
            call.end()
        }
    }
}

// MARK: - The session's side

extension BridgeSession {
    /// What a page call sends: the module, the page method's wire name, the params object
    /// (written by the generated encoders, defaults applied) and, for `global:` methods, the
    /// global path and the params' wire names in declaration order (the positional arguments).
    struct PageCallRequest {
        var module: String
        var method: String
        var params: JSONValue
        var global: [String]?
        var order: [String] = []
        /// The whole call's deadline, in seconds: the wait for `$hello` and the call.
        var timeout: Double
        /// The application codes (>= 1) the page may reject with: the method's declared errors.
        var declaredCodes: Set<Int> = []
    }

    /// Starts a page call; its handle's `value()` is the `data` of the page's answer, or throws
    /// a `BridgeError` with the codes of docs/WIRE.md. A client method waits for the module's
    /// `$hello`; if the page answers that its client is gone (it reloaded), it waits for the
    /// next `$hello` and calls once more, all within `timeout`. Nothing here holds the session
    /// while the call waits, so a session that goes fails its calls (`pageNotLoaded`).
    func startPageCall(_ request: PageCallRequest) throws -> BridgePageCallHandle {
        guard let params = request.params.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
            throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
        }
        var arguments = ["m": request.module, "n": request.method, "p": String(decoding: params, as: UTF8.self)]
        if let global = request.global {
            guard case .object(let members) = request.params else {
                throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are not an object")
            }
            arguments["g"] = JSONValue.array(global.map(JSONValue.string)).jsonText
            let positional = JSONValue.array(request.order.map { members[$0] ?? .null })
            guard let text = positional.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
                throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
            }
            arguments["a"] = String(decoding: text, as: UTF8.self)
        }
        let call = BridgePendingPageCall(module: request.module, waitsForHello: request.global == nil)
        pageCalls.nextID += 1
        let id = pageCalls.nextID
        pageCalls.calls[id] = call
        let name = "'\(request.module).\(request.method)'"
        let seconds = Self.secondsText(request.timeout)
        if let nanoseconds = Self.nanoseconds(request.timeout) {
            call.timer = Task { @MainActor [weak call] in
                try? await Task.sleep(nanoseconds: nanoseconds)
                guard !Task.isCancelled, let call else { return }
                call.outcome.settle(.failure(call.isWaitingForHello
                    ? BridgeError(.pageNotLoaded, "the page's '\(call.module)' client did not say $hello within \(seconds) s")
                    : BridgeError(.timeout, "the page did not answer \(name) within \(seconds) s")))
            }
        }
        let body = request.global == nil ? BridgePageScripts.client : BridgePageScripts.global
        let declared = request.declaredCodes
        let isGlobal = request.global != nil
        call.driver = Task { @MainActor [weak self, weak call] in
            var reloaded = false
            while let call, !call.outcome.isSettled {
                if call.waitsForHello, !(self?.isClientReady(call.module) ?? false) {
                    guard self != nil else { return }
                    await withCheckedContinuation { call.helloWaiter = $0 }
                    continue
                }
                guard let function = self?.callFunction else {
                    call.outcome.settle(.failure(BridgeError(.pageNotLoaded, "no web view or page is attached to the bridge")))
                    return
                }
                let hellosBefore = self?.pageCalls.hellos[call.module]
                let answer: Result<Any?, any Error>
                do {
                    answer = .success(try await function(body, arguments, isGlobal))
                } catch {
                    answer = .failure(error)
                }
                guard !call.outcome.isSettled else { return }
                let outcome = Self.pageOutcome(answer, declaredCodes: declared)
                if case .success = answer, case .failure(let error) = outcome, error.code == BridgeErrorCode.pageNotLoaded.rawValue,
                   call.waitsForHello, !reloaded, let self {
                    // The page answered that the hub is gone: it reloaded after its client said
                    // hello. The body ran no page code, so the call waits for the next hello and
                    // goes again. (A -11 the glue throws, the page gone, is the answer.)
                    reloaded = true
                    if self.pageCalls.hellos[call.module] == hellosBefore { self.clientGone(call.module) }
                    continue
                }
                call.outcome.settle(outcome)
            }
        }
        return BridgePageCallHandle(session: self, id: id, call: call)
    }

    /// Resumes the calls waiting for the module's `$hello`.
    func resumePageCalls(waitingFor module: String) {
        pageCalls.hellos[module, default: 0] += 1
        for call in pageCalls.calls.values where call.module == module {
            call.helloWaiter?.resume()
            call.helloWaiter = nil
        }
    }

    /// Fails every call in flight with `error`.
    func failPageCalls(_ error: BridgeError) {
        for call in pageCalls.calls.values {
            call.outcome.settle(.failure(error))
            call.end()
        }
    }

    /// Page calls in flight.
    var pageCallCount: Int { pageCalls.calls.count }

    /// What a page's answer means: the envelope's `data`, or the error of docs/WIRE.md. The
    /// answer is untrusted input: JSON text, checked against `BridgeLimits` like a message
    /// before it is parsed; application codes pass only when the method declares them.
    static func pageOutcome(_ answer: Result<Any?, any Error>, declaredCodes: Set<Int>) -> Result<BridgePageData, BridgeError> {
        let value: Any?
        switch answer {
        case .failure(let error as BridgeError):
            return .failure(BridgeError(code: error.code, message: cut(error.message)))
        case .failure(let error):
            return .failure(BridgePageFailure(error).bridgeError)
        case .success(let answered):
            value = answered
        }
        guard let value, case .string = BridgeDecode.shape(value) else {
            return .failure(BridgeError(.invalidResult, "the page's answer is not envelope JSON text, got \(BridgeDecode.describe(value))"))
        }
        let envelope: [String: Any]
        let code: Int
        let message: String
        do {
            envelope = try BridgeIncoming(value, parse: true, data: "result").object.get()
            code = try BridgeDecode.int(envelope["errcode"], "errcode")
            message = try BridgeDecode.optional(envelope["errmsg"], "errmsg", BridgeDecode.string) ?? ""
        } catch let error as BridgeError {
            return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope: \(error.message)"))
        } catch {
            return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope"))
        }
        switch code {
        case 0:
            return .success(BridgePageData(value: envelope["data"]))
        case BridgeErrorCode.notImplemented.rawValue, BridgeErrorCode.pageNotLoaded.rawValue, BridgeErrorCode.pageError.rawValue:
            return .failure(BridgeError(code: code, message: cut(message)))
        case let code where code >= 1 && declaredCodes.contains(code):
            // The data is decoded by the module's typed error (`BridgePageCaller.call`).
            guard let data = try? BridgeDecode.json(envelope["data"] ?? NSNull(), "data") else {
                return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope: its data is not JSON"))
            }
            return .failure(BridgeError(code: code, message: cut(message), data: data))
        default:
            return .failure(BridgeError(.pageError, cut("the page rejected with the undeclared code \(code): \(message)")))
        }
    }

    /// `text` cut to `BridgeLimits.maxPageMessageLength` UTF-16 units (never inside a character's surrogate pair).
    static func cut(_ text: String) -> String {
        guard text.utf16.count > BridgeLimits.maxPageMessageLength else { return text }
        var units = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            units += scalar.utf16.count
            guard units <= BridgeLimits.maxPageMessageLength else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// A timeout in nanoseconds for `Task.sleep`: at least 0; nil (no timer) when it is
    /// infinite or beyond what `UInt64` nanoseconds hold (about 584 years).
    static func nanoseconds(_ seconds: Double) -> UInt64? {
        guard !seconds.isNaN, seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        guard nanoseconds < 18_000_000_000_000_000_000 else { return nil }
        return UInt64(nanoseconds)
    }

    /// Seconds as error messages write them: `10`, `0.25`.
    static func secondsText(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return seconds.isNaN ? "0" : String(seconds) }
        if seconds.rounded() == seconds, seconds < 1e15 { return String(Int(seconds)) }
        return String(seconds)
    }
}

/// A started page call: its outcome, awaited without holding the session.
@MainActor struct BridgePageCallHandle {
    weak var session: BridgeSession?
    let id: Int
    let call: BridgePendingPageCall

    /// The answer's `data`; `aborted` at once when the calling Task is cancelled. Ends the call.
    func value() async throws -> BridgePageData {
        defer {
            session?.pageCalls.calls[id] = nil
            call.end()
        }
        let outcome = call.outcome
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(continuation)
            }
        } onCancel: {
            outcome.settle(.failure(BridgeError(.aborted, "the calling Task was cancelled")))
        }
    }
}

// MARK: - WebKit's failures

/// A failure of `callAsyncJavaScript` / `WebPage.callJavaScript`, read as a bridge code. WebKit
/// fails with an `NSError` in `WKErrorDomain`; only its domain, code and texts are kept (they are
/// Sendable, the error need not be). Codes are compared as raw values: they are fixed by the
/// `WKErrorCode` NS_ENUM, and naming them would tie this WebKit-free core to WebKit.
struct BridgePageFailure: Error, Sendable {
    /// `WKError.Code` raw values (WKError.h).
    enum WebKitCode {
        static let webContentProcessTerminated = 2
        static let webViewInvalidated = 3
        static let javaScriptExceptionOccurred = 4
        static let javaScriptResultTypeIsUnsupported = 5
        static let javaScriptInvalidFrameTarget = 12
    }

    /// The `userInfo` key of the thrown or rejected value's text (`_WKJavaScriptExceptionMessageErrorKey`).
    static let exceptionMessageKey = "WKJavaScriptExceptionMessage"
    /// WebKit's text when the function's Promise was collected unsettled: the page went away
    /// (ScriptController.cpp). WebKit reports it as a JavaScript exception (code 4), so the text
    /// is all that tells it from a rejection; Apple's docs call it `javaScriptAsyncFunctionResultUnreachable`.
    static let unreachableMessage = "Completion handler for function call is no longer reachable"

    var domain: String
    var code: Int
    /// `WKJavaScriptExceptionMessage`, else the localized description.
    var text: String

    init(_ error: any Error) {
        let error = error as NSError
        domain = error.domain
        code = error.code
        text = error.userInfo[Self.exceptionMessageKey] as? String ?? error.localizedDescription
    }

    /// The bridge's code for WebKit's cause (docs/WIRE.md, "Page calls"): a navigation during the
    /// call is `pageError` (as on Android), the frame or web view gone `pageNotLoaded`, the process
    /// gone `processTerminated`, an answer WebKit cannot carry
    /// `invalidResult`; a throw or rejection (the constant bodies catch everything, so it is a
    /// hostile or broken page) and anything else `pageError`.
    @MainActor var bridgeError: BridgeError {
        let text = BridgeSession.cut(self.text)
        guard domain == "WKErrorDomain" else {
            return BridgeError(.pageError, BridgeSession.cut("WebKit failed the call: \(domain) \(code): \(text)"))
        }
        switch code {
        case WebKitCode.javaScriptExceptionOccurred where self.text == Self.unreachableMessage:
            // The same code and words as the Android side's navigation during a call.
            return BridgeError(.pageError, "the page navigated away during the call")
        case WebKitCode.javaScriptExceptionOccurred:
            return BridgeError(.pageError, BridgeSession.cut("the page threw or rejected: \(text)"))
        case WebKitCode.javaScriptInvalidFrameTarget:
            return BridgeError(.pageNotLoaded, "the frame called is gone (WebKit: \(text))")
        case WebKitCode.webViewInvalidated:
            return BridgeError(.pageNotLoaded, "the web view was invalidated (WebKit: \(text))")
        case WebKitCode.webContentProcessTerminated:
            return BridgeError(.processTerminated, "the web content process terminated during the call")
        case WebKitCode.javaScriptResultTypeIsUnsupported:
            return BridgeError(.invalidResult, "the page's answer is of a type WebKit cannot return (WebKit: \(text))")
        default:
            return BridgeError(.pageError, BridgeSession.cut("WebKit failed the call: WKErrorDomain \(code): \(text)"))
        }
    }
}

// MARK: - The caller

/// What generated page callers (`SamplePage`) call through: the module, the session (held
/// weakly: the web view's or page's message handlers own it) and the timeout of each call.
@MainActor struct BridgePageCaller {
    let module: String
    weak var session: BridgeSession?
    var timeout: Double

    init(module: String, session: BridgeSession?, timeout: Double) {
        self.module = module
        self.session = session
        self.timeout = timeout
    }

    /// Calls the page method `method` (its wire name) with `params` (an object) and decodes the
    /// answer's `data` with `decode` at the path `result`; a decoding failure is `invalidResult`.
    /// `global` and `order`: the global function's path and the params' wire names in order.
    /// `errors`: the codes the method declares, which `typed` (the module's typed error)
    /// decodes; data that does not decode is `invalidResult`, as a result's would be.
    func call<T>(_ method: String, params: JSONValue, global: [String]? = nil, order: [String] = [],
                 errors: Set<Int> = [], typed: ((BridgeError) throws -> (any BridgeApplicationError)?)? = nil,
                 decode: (Any?, BridgePath) throws -> T) async throws -> T {
        // The session is held only while the call starts (see `startPageCall`).
        let request = BridgeSession.PageCallRequest(module: module, method: method, params: params, global: global,
                                                    order: order, timeout: timeout, declaredCodes: errors)
        guard let handle = try session?.startPageCall(request) else {
            throw BridgeError(.pageNotLoaded, "the '\(module)' module is not installed on this web view or page, or they are gone")
        }
        let data: BridgePageData
        do {
            data = try await handle.value()
        } catch let error as BridgeError where error.code >= 1 && errors.contains(error.code) {
            guard let typed else { throw error }
            let applicationError: (any BridgeApplicationError)?
            do {
                applicationError = try typed(error)
            } catch let failure as BridgeError {
                throw BridgeError(.invalidResult, "the data of the page's error \(error.code) does not decode: \(failure.message)")
            }
            throw applicationError ?? error
        }
        do {
            return try decode(data.value, "result")
        } catch let error as BridgeError {
            throw BridgeError(.invalidResult, error.message)
        }
    }
}
