// A compile-only stand-in for WebKit, so generated glue builds and runs on Linux.
// The declarations the glue uses match /work/shared/WEBKIT_API.md (current SDK shapes:
// @MainActor classes and protocols, @MainActor @Sendable completion handlers). Initializers
// and `test...` members exist only here, for tests to create and inspect objects.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@MainActor public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

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
        components.scheme = origin.protocol
        components.host = origin.host
        request = URLRequest(url: components.url ?? URL(fileURLWithPath: "/"))
    }
}

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
    public let world: WKContentWorld
    public init(testBody: Any, name: String, frameInfo: WKFrameInfo, world: WKContentWorld) {
        body = testBody
        self.name = name
        self.frameInfo = frameInfo
        webView = frameInfo.webView
        self.world = world
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
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        if let object = scriptMessageHandler as? NSObject { register(object, world, name) }
    }
    public func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply,
                                        contentWorld: WKContentWorld, name: String) {
        if let object = scriptMessageHandlerWithReply as? NSObject { register(object, contentWorld, name) }
    }
    public func removeScriptMessageHandler(forName name: String) { testHandlers[key(.page, name)] = nil }
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        testHandlers[key(contentWorld, name)] = nil
    }
    public func removeAllScriptMessageHandlers(from contentWorld: WKContentWorld) {
        let prefix = "\(ObjectIdentifier(contentWorld).hashValue)/"
        testHandlers = testHandlers.filter { !$0.key.hasPrefix(prefix) }
    }
    public func removeAllScriptMessageHandlers() { testHandlers = [:] }
}

@MainActor public class WKWebViewConfiguration: NSObject {
    public var userContentController = WKUserContentController()
}

@MainActor public class WKWebView: NSObject {
    public let configuration: WKWebViewConfiguration
    public var isInspectable = false
    /// Scripts evaluated, in order, and the world they ran in.
    public private(set) var testScripts: [(script: String, world: String?)] = []
    /// What the next scripts evaluate to (`true`: the page's event hub took the event).
    public var testScriptResult: Any = true

    public init(configuration: WKWebViewConfiguration) {
        self.configuration = configuration
    }

    public func evaluateJavaScript(_ javaScriptString: String,
                                   completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {
        testScripts.append((javaScriptString, nil))
        let result = testScriptResult as? Bool
        Task { @MainActor in completionHandler?(result, nil) }
    }

    public func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
                                   completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {
        testScripts.append((javaScript, contentWorld.name))
        let result = testScriptResult as? Bool ?? false
        Task { @MainActor in completionHandler?(.success(result)) }
    }

    public func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil,
                                   contentWorld: WKContentWorld) async throws -> Any? {
        testScripts.append((javaScript, contentWorld.name))
        return testScriptResult
    }

    /// Function bodies called, in order, with their arguments and world.
    public private(set) var testCalls: [WKTestCall] = []
    /// Plays the page for `callAsyncJavaScript`: what a call resolves with (nil: `undefined`)
    /// or throws; `completionHandler` is called with it. Unset: the call never completes.
    public var testCallHandler: (@MainActor (WKTestCall) async throws -> Any?)?

    public func callAsyncJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
                                    in contentWorld: WKContentWorld,
                                    completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return }
        Task { @MainActor in
            do {
                let value = try await handler(call)
                completionHandler?(.success(value ?? NSNull()))
            } catch {
                completionHandler?(.failure(error))
            }
        }
    }

    public func callAsyncJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
                                    contentWorld: WKContentWorld) async throws -> Any? {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return nil }
        return try await handler(call)
    }
}

/// One `callAsyncJavaScript` / `callJavaScript` call, as the stand-ins record it.
@MainActor public struct WKTestCall {
    public let body: String
    public let arguments: [String: Any]
    public let world: WKContentWorld?
}

/// WebKit for SwiftUI's page (iOS 26, macOS 26): script message handlers live on its
/// configuration's `userContentController`, and calls go through `callJavaScript`.
@available(iOS 26.0, macOS 26.0, *)
@MainActor public final class WebPage {
    public struct Configuration {
        @MainActor public var userContentController: WKUserContentController
        @MainActor public init() {
            userContentController = WKUserContentController()
        }
    }

    @MainActor public struct FrameInfo {}

    /// Function bodies called, in order, with their arguments and world.
    public private(set) var testCalls: [WKTestCall] = []
    /// Plays the page for `callJavaScript`. Unset: calls resolve with nil.
    public var testCallHandler: (@MainActor (WKTestCall) async throws -> Any?)?

    public convenience init(configuration: WebPage.Configuration = Configuration()) {
        self.init(testConfiguration: configuration)
    }

    private init(testConfiguration: WebPage.Configuration) {}

    @discardableResult
    public final func callJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WebPage.FrameInfo? = nil,
                                     contentWorld: WKContentWorld? = nil) async throws -> sending Any? {
        let call = WKTestCall(body: functionBody, arguments: arguments, world: contentWorld)
        testCalls.append(call)
        guard let handler = testCallHandler else { return nil }
        return try await handler(call)
    }
}
