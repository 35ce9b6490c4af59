import BridgeGenCore
@testable import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generated page caller (`CartPage`), its glue and its configuration, as exact text; the
/// Swift target's check of page method names. (CompileTests and GlueTests compile and run it.)
final class PageCallerTests: XCTestCase {
    private let yaml = """
    bridgegen: 1
    module: cart
    errors:
      busy:
        code: 7
        doc: The page is busy.
    """

    /// The `cart` module with two page methods: a legacy global with a result, and a client
    /// method with a default, a keyword-named param, declared errors and a deprecation.
    private func schema(pageMethodName: String = "confirmLeave") throws -> SchemaSet {
        let result = Pipeline.check([SchemaInput(path: "cart.bridge.yaml", text: yaml)], config: GeneratorConfig(), reserved: .none)
        var schema = try XCTUnwrap(result.schema, "\(result.diagnostics)")
        let location = SourceLocation(path: "cart.bridge.yaml", line: 9, column: 3)
        func field(_ name: String, _ type: TypeRef, default value: Literal? = nil, doc: String? = nil) -> Field {
            Field(wireName: name, identifier: name, doc: doc, type: type, defaultValue: value, deprecated: nil, location: location)
        }
        schema.modules[0].pageMethods = [
            PageMethod(name: "getCartCount", identifier: "getCartCount", wireName: "getCartCount", doc: "Items in the page's cart.",
                       params: [field("userId", .string, doc: "The signed-in user.")], returns: .int, returnsDoc: "How many.",
                       errors: [], global: ["app", "getCartCount"], deprecated: nil, location: location),
            PageMethod(name: pageMethodName, identifier: pageMethodName, wireName: "confirm-leave", doc: nil,
                       params: [field("in", .string), field("tries", .int, default: .int(3))], returns: nil, returnsDoc: nil,
                       errors: ["busy"], global: nil, deprecated: Deprecation(message: "Ask \"later\"."), location: location),
        ]
        return schema
    }

    private func cartFile(_ schema: SchemaSet, config: GeneratorConfig = GeneratorConfig()) -> String {
        SwiftTarget().files(schema, config: config).first { $0.relativePath == "CartBridge.swift" }?.contents ?? ""
    }

    private func section(_ text: String, from start: String, to end: String) -> String {
        guard let lower = text.range(of: start), let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return "" }
        return String(text[lower.lowerBound..<upper.lowerBound])
    }

    func testThePageCallerEncodesParamsAndDecodesTheResultThroughTheRuntimeCaller() throws {
        let text = cartFile(try schema())
        XCTAssertEqual(section(text, from: "// MARK: - Page calls", to: "// MARK: - Dispatch"), #"""
        // MARK: - Page calls

        /// The page's side of the `cart` module: functions the page implements (or, for legacy
        /// pages, defines as globals) and native awaits. Get one with `CartBridge.page(for:)`.
        /// Failures are the page's declared application errors (`CartError`) or `BridgeError`s
        /// with the bridge's page-call codes (`BridgeErrorCode`, docs/WIRE.md "Page calls").
        @MainActor public struct CartPage: BridgePageCalling {
            private let _caller: BridgePageCaller

            /// A caller through `session` (held weakly); every call's deadline is `timeout` seconds.
            init(session: BridgeSession?, timeout: Double = BridgeConfiguration.pageCallTimeoutSeconds) {
                _caller = BridgePageCaller(module: "cart", session: session, timeout: timeout)
            }

            private init(_caller: BridgePageCaller) {
                self._caller = _caller
            }

            /// The same caller with another deadline per call, in seconds: the wait for the page's
            /// client to say `$hello` and the call together (`timeout` when it runs out).
            public func withTimeout(_ seconds: Double) -> CartPage {
                var _caller = self._caller
                _caller.timeout = seconds
                return CartPage(_caller: _caller)
            }

            /// Items in the page's cart.
            ///
            /// - Parameter userId: The signed-in user.
            /// - Returns: How many.
            /// - Note: Calls the page's global function `app.getCartCount` unless its client implements it.
            public func getCartCount(userId: String) async throws -> Int {
                let _params = BridgeEncode.Members("params").string("userId", userId)
                return try await _caller.call(
                    "getCartCount",
                    params: _params.json,
                    global: ["app", "getCartCount"],
                    order: ["userId"],
                    decode: BridgeDecode.int
                )
            }

            /// - Throws: `CartError.busy` (7) from the page, or a bridge code (`BridgeErrorCode`).
            @available(*, deprecated, message: "Ask \"later\".")
            public func confirmLeave(`in` _in: String, tries: Int = 3) async throws {
                let _params = try BridgeEncode.Members("params").string("in", _in).int("tries", tries)
                try await _caller.call(
                    "confirm-leave",
                    params: _params.json,
                    errors: [7],
                    typed: CartError.decoded(from:),
                    decode: BridgeDecode.ignored
                )
            }
        }


        """#)
        // The page's rejection becomes the module's error through a static function, named for its call site above.
        XCTAssertTrue(text.contains("""
                static func decoded(from error: BridgeError) throws -> CartError? {
                    switch error.code {
                    case 7:
                        return .busy(message: error.message)
                    default:
                        return nil
                    }
                }
            """), text)
        XCTAssertFalse(text.contains("init?("), text)
        // `page(for:)` (web view and `WebPage`) is the runtime's `BridgeModuleGlue` extension
        // for a `BridgePageCalling` page; the glue says how to make the caller.
        XCTAssertTrue(text.contains("""
                public static let parts = BridgeModuleParts<any CartHandler, CartEvents, CartPage>(
                    module: "cart",
                    dispatcher: { CartDispatcher(handler: $0) },
                    events: { CartEvents(session: $0) },
                    page: { CartPage(session: $0) }
                )
            """), text)
        XCTAssertFalse(text.contains("func page(for"), text)
    }

    func testAModuleWithoutPageMethodsHasNoPageCaller() throws {
        var schema = try schema()
        schema.modules[0].pageMethods = []
        let text = cartFile(schema)
        XCTAssertFalse(text.contains("CartPage"), text)
        XCTAssertFalse(text.contains("MARK: - Page calls"), text)
        // No page caller to make: `Page` is `BridgeNoPage`, which has no `page(for:)`.
        XCTAssertTrue(text.contains("""
                public static let parts = BridgeModuleParts<any CartHandler, CartEvents, BridgeNoPage>(
                    module: "cart",
                    dispatcher: { CartDispatcher(handler: $0) },
                    events: { CartEvents(session: $0) }
                )
            """), text)
    }

    func testAPageMethodNamedLikeTheCallersOwnMemberIsRefused() throws {
        let diagnostics = SwiftTarget().validate(try schema(pageMethodName: "withTimeout"), config: GeneratorConfig())
        XCTAssertEqual(diagnostics.map { "\($0.location.map { "\($0)" } ?? ""): \($0.severity): \($0.message) [\($0.id)]" }, [
            "cart.bridge.yaml:9:3: error: page method 'withTimeout' would clash with 'withTimeout' of the generated Swift page caller 'CartPage'; rename it (the page keeps its name with 'wire: withTimeout') [swift-reserved-page-method]",
        ])
        XCTAssertEqual(SwiftTarget().validate(try schema(), config: GeneratorConfig()), [])
    }

    func testTheConfigurationCarriesThePageCallTimeoutAndTheConsoleSettings() throws {
        func support(_ config: GeneratorConfig) throws -> String {
            SwiftTarget().files(try schema(), config: config).first { $0.relativePath == "BridgeGenSupport.swift" }?.contents ?? ""
        }
        let defaults = try support(GeneratorConfig())
        XCTAssertTrue(defaults.contains("""
                static let pageCallTimeoutSeconds: Double = 10.0
                /// Whether the page's console reaches `BridgeLog` (`console.forward`).
                static let forwardsConsole: Bool = {
                    #if DEBUG
                    return true
                    #else
                    return false
                    #endif
                }()
                /// Longest forwarded console message, in UTF-16 units (`console.maxMessageLength`).
                static let consoleMaxMessageLength = 2000
                /// Most console messages forwarded per second (`console.maxMessagesPerSecond`).
                static let consoleMaxMessagesPerSecond = 50
            }
            """), defaults)
        let always = try support(GeneratorConfig(consoleForwarding: .always, consoleMaxMessageLength: 80, consoleMaxMessagesPerSecond: 5)
                                    .with(SwiftSettings(pageCallTimeoutMs: 2_500)))
        for line in ["static let pageCallTimeoutSeconds: Double = 2.5", "static let forwardsConsole = true",
                     "static let consoleMaxMessageLength = 80", "static let consoleMaxMessagesPerSecond = 5"] {
            XCTAssertTrue(always.contains(line), line)
        }
        XCTAssertTrue(try support(GeneratorConfig(consoleForwarding: .never)).contains("static let forwardsConsole = false"))
    }
}
