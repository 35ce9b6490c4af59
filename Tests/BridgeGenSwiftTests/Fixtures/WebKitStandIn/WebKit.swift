// A compile-only stand-in for WebKit, so generated glue builds and runs on Linux.
// The declarations the glue uses match Apple's SDK as its documentation renders them (current SDK shapes:
// @MainActor classes and protocols, @MainActor @Sendable completion handlers). Initializers
// and `test...` members exist only here, for tests to create and inspect objects.
// Availability is written as the SDK marks it (`WK_API_AVAILABLE(macos(11.0), ios(14.0))` is
// `@available(iOS 14.0, macOS 11.0, *)`); on Linux it checks nothing, on Apple platforms the
// generated code must satisfy it with its deployment target (docs/SWIFT.md, "Minimum OS").
import Foundation
#if canImport(FoundationNetworking)
// On Apple platforms URLRequest and HTTPURLResponse are Foundation's, which `import WebKit` brings.
@_exported import FoundationNetworking
#endif

@MainActor public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

@available(iOS 14.0, macOS 11.0, *)
@MainActor public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}

@MainActor public class WKSecurityOrigin: NSObject {
    public let `protocol`: String
    public let host: String
    public let port: Int
    public init(testProtocol: String, host: String, port: Int = 0) {
        self.protocol = testProtocol
        self.host = host
        self.port = port
    }
}

@MainActor public class WKFrameInfo: NSObject {
    public let isMainFrame: Bool
    public let request: URLRequest
    public let securityOrigin: WKSecurityOrigin
    public weak var webView: WKWebView?
    public init(testMainFrame: Bool, origin: WKSecurityOrigin, webView: WKWebView?) {
        isMainFrame = testMainFrame
        securityOrigin = origin
        self.webView = webView
        var components = URLComponents()
        // An opaque origin (a data: or sandboxed document) has an empty protocol; its frame's
        // request is not an origin's URL, so an about: one stands for it.
        components.scheme = origin.protocol.isEmpty ? "about" : origin.protocol
        components.host = origin.protocol.isEmpty ? nil : origin.host
        request = URLRequest(url: components.url ?? URL(fileURLWithPath: "/"))
    }
}

@available(iOS 14.0, macOS 11.0, *)
@MainActor public class WKContentWorld: NSObject {
    public let name: String?
    private init(name: String?) { self.name = name }
    private static var named: [String: WKContentWorld] = [:]
    private static let pageWorld = WKContentWorld(name: nil)
    private static let clientWorld = WKContentWorld(name: nil)
    public class var page: WKContentWorld { pageWorld }
    public class var defaultClient: WKContentWorld { clientWorld }
    public class func world(name: String) -> WKContentWorld {
        if let world = named[name] { return world }
        let world = WKContentWorld(name: name)
        named[name] = world
        return world
    }
}

@MainActor public class WKScriptMessage: NSObject {
    public let body: Any
    public let frameInfo: WKFrameInfo
    public let name: String
    public weak var webView: WKWebView?
    @available(iOS 14.0, macOS 11.0, *)
    public var world: WKContentWorld { testWorld }
    private let testWorld: WKContentWorld
    /// A message as WebKit delivers it: always with its web view (the frame's), which WebKit
    /// requires before it delivers one, a SwiftUI `WebPage`'s private backing view included.
    public init(testBody: Any, name: String, frameInfo: WKFrameInfo, world: WKContentWorld) {
        precondition(frameInfo.webView != nil, "WebKit delivers no script message without a web view")
        body = testBody
        self.name = name
        self.frameInfo = frameInfo
        webView = frameInfo.webView
        testWorld = world
    }
}

public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0, atDocumentEnd = 1
}

@MainActor public class WKUserScript: NSObject {
    public let source: String
    public let injectionTime: WKUserScriptInjectionTime
    public let isForMainFrameOnly: Bool
    /// The world the script runs in (WebKit keeps it, without a getter).
    public let testWorld: WKContentWorld
    public convenience init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.init(source: source, injectionTime: injectionTime, forMainFrameOnly: forMainFrameOnly, in: .page)
    }
    @available(iOS 14.0, macOS 11.0, *)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) {
        self.source = source
        self.injectionTime = injectionTime
        isForMainFrameOnly = forMainFrameOnly
        testWorld = contentWorld
    }
}

@MainActor public class WKUserContentController: NSObject {
    public private(set) var userScripts: [WKUserScript] = []
    /// Registered handlers by world and name (WebKit retains them strongly).
    public private(set) var testHandlers: [String: NSObject] = [:] {
        // WebKit's handler delegates retain their controller: while a handler is registered,
        // the controller outlives its web view (WKUserContentController.mm).
        didSet { handlersKeepAlive = testHandlers.isEmpty ? nil : self }
    }
    private var handlersKeepAlive: WKUserContentController?

    private func key(_ world: WKContentWorld, _ name: String) -> String { "\(ObjectIdentifier(world).hashValue)/\(name)" }
    private func register(_ handler: NSObject, _ world: WKContentWorld, _ name: String) {
        // Like WebKit, whose NSInvalidArgumentException ends the app: a taken (world, name) traps.
        guard testHandlers[key(world, name)] == nil else {
            fatalError("NSInvalidArgumentException: Attempt to add script message handler with name '\(name)' when one already exists.")
        }
        testHandlers[key(world, name)] = handler
    }

    public func testHandler(named name: String, world: WKContentWorld = .page) -> NSObject? { testHandlers[key(world, name)] }

    public func addUserScript(_ userScript: WKUserScript) { userScripts.append(userScript) }
    public func removeAllUserScripts() { userScripts = [] }
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        add(scriptMessageHandler, contentWorld: .page, name: name)
    }
    @available(iOS 14.0, macOS 11.0, *)
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        if let object = scriptMessageHandler as? NSObject { register(object, world, name) }
    }
    @available(iOS 14.0, macOS 11.0, *)
    public func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply,
                                        contentWorld: WKContentWorld, name: String) {
        if let object = scriptMessageHandlerWithReply as? NSObject { register(object, contentWorld, name) }
    }
    public func removeScriptMessageHandler(forName name: String) { testHandlers[key(.page, name)] = nil }
    @available(iOS 14.0, macOS 11.0, *)
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        testHandlers[key(contentWorld, name)] = nil
    }
    @available(iOS 14.0, macOS 11.0, *)
    public func removeAllScriptMessageHandlers(from contentWorld: WKContentWorld) {
        let prefix = "\(ObjectIdentifier(contentWorld).hashValue)/"
        testHandlers = testHandlers.filter { !$0.key.hasPrefix(prefix) }
    }
    @available(iOS 14.0, macOS 11.0, *)
    public func removeAllScriptMessageHandlers() { testHandlers = [:] }
}

@MainActor public class WKWebViewConfiguration: NSObject {
    public var userContentController = WKUserContentController()
    private var testSchemeHandlers: [String: any WKURLSchemeHandler] = [:]

    public override init() {}

    /// WebKit raises NSInvalidArgumentException (which Swift cannot catch: the app ends) for a
    /// scheme WebKit handles itself, an invalid one, or one that has a handler already.
    @available(iOS 11.0, macOS 10.13, *)
    public func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String) {
        let scheme = urlScheme.lowercased()
        precondition(!WKWebView.handlesURLScheme(scheme), "'\(urlScheme)' is a URL scheme that WKWebView handles natively")
        precondition(testSchemeHandlers[scheme] == nil, "URL scheme '\(urlScheme)' already has a registered URL scheme handler")
        testSchemeHandlers[scheme] = urlSchemeHandler
    }

    @available(iOS 11.0, macOS 10.13, *)
    public func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)? {
        testSchemeHandlers[urlScheme.lowercased()]
    }

    /// What WebKit's copy keeps: the same content controller, the scheme handlers.
    func testCopy() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.userContentController = userContentController
        copy.testSchemeHandlers = testSchemeHandlers
        return copy
    }
}

/// Loads the resources of a custom URL scheme for a web view.
@MainActor public protocol WKURLSchemeHandler: NSObjectProtocol {
    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)
    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}

/// One load of a custom-scheme resource. WebKit raises NSInternalInconsistencyException (an
/// app-ending crash from Swift) for a call after the task was stopped or completed, data
/// before a response, or a second response: the stand-in traps the same way.
@MainActor public protocol WKURLSchemeTask: NSObjectProtocol {
    var request: URLRequest { get }
    func didReceive(_ response: URLResponse)
    func didReceive(_ data: Data)
    func didFinish()
    func didFailWithError(_ error: any Error)
}

/// A task the tests start: it records what the handler answered and traps on misuse as WebKit raises.
@MainActor public final class WKTestURLSchemeTask: NSObject, WKURLSchemeTask {
    public let request: URLRequest
    public private(set) var testResponse: HTTPURLResponse?
    public private(set) var testBody = Data()
    public private(set) var testFinished = false
    public private(set) var testStopped = false

    public init(testRequest: URLRequest) {
        request = testRequest
    }

    private func check(_ what: String) {
        precondition(!testStopped, "This task has already been stopped (\(what))")
        precondition(!testFinished, "[WKURLSchemeTask taskDidCompleteWithError:] has already been called for this task (\(what))")
    }

    public func didReceive(_ response: URLResponse) {
        check("didReceiveResponse")
        precondition(testBody.isEmpty, "[WKURLSchemeTask taskDidReceiveData:] has already been called for this task")
        testResponse = response as? HTTPURLResponse
    }

    public func didReceive(_ data: Data) {
        check("didReceiveData")
        precondition(testResponse != nil, "No response has been sent for this task")
        testBody.append(data)
    }

    public func didFinish() {
        check("didFinish")
        precondition(testResponse != nil, "No response has been sent for this task")
        testFinished = true
    }

    public func didFailWithError(_ error: any Error) {
        check("didFailWithError")
        testFinished = true
    }

    /// WebKit stops a task when the page aborts the fetch, navigates or goes.
    public func testStop(_ handler: any WKURLSchemeHandler, webView: WKWebView) {
        guard !testFinished, !testStopped else { return }
        handler.webView(webView, stop: self)
        testStopped = true
    }
}

@MainActor public class WKWebView: NSObject {
    /// A copy, as WebKit returns: changing it changes nothing but the shared content controller.
    public var configuration: WKWebViewConfiguration { testConfiguration.testCopy() }
    private let testConfiguration: WKWebViewConfiguration
    @available(iOS 16.4, macOS 13.3, *)
    public var isInspectable: Bool {
        get { testInspectable }
        set { testInspectable = newValue }
    }
    private var testInspectable = false
    /// Scripts evaluated, in order, and the world they ran in.
    public private(set) var testScripts: [(script: String, world: String?)] = []
    /// What the next scripts evaluate to (`true`: the page's event hub took the event).
    public var testScriptResult: Any = true

    public init(configuration: WKWebViewConfiguration) {
        // WebKit keeps a copy: a scheme handler set on `configuration` afterwards has no effect.
        testConfiguration = configuration.testCopy()
    }

    /// Whether WebKit loads the scheme itself (no handler may be set for it).
    @available(iOS 11.0, macOS 10.13, *)
    public class func handlesURLScheme(_ urlScheme: String) -> Bool {
        ["file", "applewebdata", "https", "about", "data", "wss", "javascript", "blob", "http", "ws", "ftp", "webkit-fake-url"]
            .contains(urlScheme.lowercased())
    }

    public func evaluateJavaScript(_ javaScriptString: String,
                                   completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {
        testScripts.append((javaScriptString, nil))
        let result = testScriptResult as? Bool
        Task { @MainActor in completionHandler?(result, nil) }
    }

    @available(iOS 14.0, macOS 11.0, *)
    public func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
                                   completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {
        testScripts.append((javaScript, contentWorld.name))
        let result = testScriptResult as? Bool ?? false
        Task { @MainActor in completionHandler?(.success(result)) }
    }

    @available(iOS 15.0, macOS 12.0, *)
    public func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil,
                                   contentWorld: WKContentWorld) async throws -> Any? {
        testScripts.append((javaScript, contentWorld.name))
        return testScriptResult
    }

    /// Function bodies called, in order, with their arguments and world.
    public private(set) var testCalls: [WKTestCall] = []
    /// Plays the page for `callAsyncJavaScript`: what a call resolves with (nil: `undefined`)
    /// or throws (a `WKTestCallFailure`, anything else being a throw in the page); the call
    /// completes as WebKit's does. Unset: the call never completes.
    public var testCallHandler: (@MainActor (WKTestCall) async throws -> Any?)?

    @available(iOS 14.0, macOS 11.0, *)
    public func callAsyncJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
                                    in contentWorld: WKContentWorld,
                                    completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return }
        Task { @MainActor in
            do {
                // `undefined` is nil boxed in `Any`, not NSNull (WebKit's completion form); any
                // other value is the object itself, not wrapped in an Optional.
                if let value = try await handler(call) {
                    completionHandler?(.success(value))
                } else {
                    completionHandler?(.success(Optional<Any>.none as Any))
                }
            } catch {
                completionHandler?(.failure(WKTestCallFailure.webKitError(error)))
            }
        }
    }

    @available(iOS 15.0, macOS 12.0, *)
    public func callAsyncJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
                                    contentWorld: WKContentWorld) async throws -> Any? {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return nil }
        do {
            return try await handler(call)
        } catch {
            throw WKTestCallFailure.webKitError(error)
        }
    }
}

/// What a page (or WebKit) does instead of answering a `callAsyncJavaScript` / `callJavaScript`,
/// for a `testCallHandler` to throw. The stand-in fails the call with the `NSError` WebKit
/// builds for it: `WKErrorDomain`, the `WKErrorCode` raw value, WebKit's description, and for
/// JavaScript exceptions the text under `WKJavaScriptExceptionMessage` (WKWebView.mm,
/// ScriptController.cpp). The SDK's `WKError.Code` has no case for a rejected or unreachable
/// result, whatever the method's documentation names: WebKit reports both as code 4.
public enum WKTestCallFailure: Error {
    /// The function threw, or its Promise rejected, with a value whose text is given.
    case rejected(String)
    /// The Promise was collected unsettled: the page went away before answering.
    case unreachable
    /// The frame called is gone (`javaScriptInvalidFrameTarget`, 12).
    case invalidFrameTarget
    /// The web content process terminated (`webContentProcessTerminated`, 2).
    case processTerminated
    /// The web view was invalidated (`webViewInvalidated`, 3).
    case webViewInvalidated
    /// The result has no Foundation counterpart (`javaScriptResultTypeIsUnsupported`, 5).
    case resultTypeIsUnsupported

    /// The `NSError` WebKit fails a call with; any other error is a throw in the page.
    static func webKitError(_ error: any Error) -> NSError {
        let failure = error as? WKTestCallFailure ?? .rejected(String(describing: error))
        func make(_ code: Int, _ description: String, exception: String? = nil) -> NSError {
            var info: [String: Any] = [NSLocalizedDescriptionKey: description]
            if let exception {
                info["WKJavaScriptExceptionMessage"] = exception
                info["WKJavaScriptExceptionLineNumber"] = NSNumber(value: 0)
                info["WKJavaScriptExceptionColumnNumber"] = NSNumber(value: 0)
            }
            return NSError(domain: "WKErrorDomain", code: code, userInfo: info)
        }
        switch failure {
        case .rejected(let text): return make(4, "A JavaScript exception occurred", exception: text)
        case .unreachable:
            return make(4, "A JavaScript exception occurred", exception: "Completion handler for function call is no longer reachable")
        case .invalidFrameTarget: return make(12, "JavaScript execution targeted an invalid frame")
        case .processTerminated: return make(2, "The Web Content process was terminated")
        case .webViewInvalidated: return make(3, "The WKWebView was invalidated")
        case .resultTypeIsUnsupported: return make(5, "JavaScript execution returned a result of an unsupported type")
        }
    }
}

/// One `callAsyncJavaScript` / `callJavaScript` call, as the stand-ins record it.
@MainActor public struct WKTestCall {
    public let body: String
    public let arguments: [String: Any]
    public let world: WKContentWorld?
}

/// WebKit for SwiftUI's page (iOS 26, macOS 26): script message handlers live on its
/// configuration's `userContentController`, and calls go through `callJavaScript`. Like
/// WebKit's, it has a private backing `WKWebView` built from that configuration: script
/// messages from the page carry it (`testWebView`, for tests to post messages with).
@available(iOS 26.0, macOS 26.0, *)
@MainActor public final class WebPage {
    public struct Configuration {
        @MainActor public var userContentController: WKUserContentController
        @MainActor public init() {
            userContentController = WKUserContentController()
        }
    }

    @MainActor public struct FrameInfo {
        public let isMainFrame: Bool
        public let request: URLRequest
        public let securityOrigin: WKSecurityOrigin

        public init(testFrame frame: WKFrameInfo) {
            isMainFrame = frame.isMainFrame
            request = frame.request
            securityOrigin = frame.securityOrigin
        }
    }

    /// Function bodies called, in order, with their arguments and world.
    public private(set) var testCalls: [WKTestCall] = []
    /// Plays the page for `callJavaScript`, as `WKWebView.testCallHandler` does for
    /// `callAsyncJavaScript` (failures as WebKit's `NSError`s). Unset: calls resolve with nil.
    public var testCallHandler: (@MainActor (WKTestCall) async throws -> Any?)?
    /// The private backing web view (WebKit's is not public): its content controller is the
    /// configuration's, and it evaluates the scripts answered to the page's messages.
    public let testWebView: WKWebView

    public convenience init(configuration: WebPage.Configuration = Configuration()) {
        self.init(testConfiguration: configuration)
    }

    private init(testConfiguration: WebPage.Configuration) {
        let configuration = WKWebViewConfiguration()
        configuration.userContentController = testConfiguration.userContentController
        testWebView = WKWebView(configuration: configuration)
    }

    /// The main frame's info, as a message from the page carries it.
    public func testMainFrame(origin: WKSecurityOrigin) -> WKFrameInfo {
        WKFrameInfo(testMainFrame: true, origin: origin, webView: testWebView)
    }

    @discardableResult
    public final func callJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WebPage.FrameInfo? = nil,
                                     contentWorld: WKContentWorld? = nil) async throws -> sending Any? {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return nil }
        do {
            return try await handler(call)
        } catch {
            throw WKTestCallFailure.webKitError(error)
        }
    }
}
