import BridgeGenCore
import BridgeGenTestSupport

/// A checked module with page methods, built by hand, for the TypeScript target's page-method
/// tests: module `shop` (importing `sample`), beside the modules of `Schemas/`. It covers a
/// legacy `global:` method, a void method with a defaulted param, a declared error with a wire
/// name, a struct result whose sent form differs (`sample.DeviceInfoInput`), a list of a local
/// struct with a default, and deprecation.
enum PageMethodFixture {
    /// `Schemas/` plus module `shop` and the stress module `blobs` (IDL `bytes` in every position:
    /// event payloads, page-method params and results, structs that reach each other).
    static func schema() throws -> SchemaSet {
        let blobs = TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/Stress/blobs.bridge.yaml")
        return SchemaSet(modules: try checkedSchema().modules + [shop] + checkedSchema([blobs]).modules)
    }

    static let file = "shop.bridge.yaml"

    private static func at(_ line: Int, _ column: Int = 3) -> SourceLocation {
        SourceLocation(path: file, line: line, column: column)
    }

    private static func field(_ name: String, _ type: TypeRef, doc: String? = nil, default value: Literal? = nil, line: Int) -> Field {
        Field(wireName: name, identifier: name, doc: doc, type: type, defaultValue: value, deprecated: nil, location: at(line, 7))
    }

    static var shop: Module {
        let cartLine = StructDeclaration(name: "CartLine", doc: "One line of the page's cart.", deprecated: nil, fields: [
            field("sku", .string, line: 6),
            field("quantity", .int, doc: "How many; the page may leave it out.", default: .int(1), line: 7),
        ], location: at(4))
        let pageMethods = [
            PageMethod(name: "getCartCount", identifier: "getCartCount", wireName: "getCartCount",
                       doc: "Number of items in the page's cart.", params: [field("userId", .string, line: 15)],
                       returns: .int, returnsDoc: nil, errors: [], global: ["app", "getCartCount"], deprecated: nil, location: at(12)),
            PageMethod(name: "showMessage", identifier: "showMessage", wireName: "showMessage",
                       doc: "Shows a message on the page.",
                       params: [field("message", .string, line: 20),
                                field("durationMs", .int, doc: "How long the message stays, in milliseconds.", default: .int(1500), line: 21)],
                       returns: nil, returnsDoc: nil, errors: [], global: nil, deprecated: nil, location: at(18)),
            PageMethod(name: "confirmLeave", identifier: "confirmLeave", wireName: "confirm-leave", doc: nil,
                       params: [field("reason", .optional(.string), line: 27)],
                       returns: .bool, returnsDoc: "Whether the page lets the app leave.", errors: ["busy"], global: nil,
                       deprecated: nil, location: at(25)),
            PageMethod(name: "cartLines", identifier: "cartLines", wireName: "cartLines", doc: "The lines of the cart.",
                       params: [], returns: .list(.named(module: "shop", name: "CartLine")), returnsDoc: nil,
                       errors: ["busy", "outOfStock"], global: nil, deprecated: nil, location: at(31)),
            PageMethod(name: "currentDevice", identifier: "currentDevice", wireName: "currentDevice",
                       doc: "The device profile the page rendered for.",
                       params: [field("line", .optional(.named(module: "shop", name: "CartLine")), line: 37)],
                       returns: .named(module: "sample", name: "DeviceInfo"), returnsDoc: nil, errors: [], global: nil,
                       deprecated: Deprecation(message: "Use `sample.deviceInfo`."), location: at(35)),
        ]
        return Module(name: "shop", doc: "The page's shopping cart, which native asks about.", sourcePath: file,
                      imports: ["sample"], types: [.structure(cartLine)],
                      errors: [ErrorCode(name: "busy", identifier: "busy", code: 3001, doc: "The page is busy.", location: at(42)),
                               ErrorCode(name: "outOfStock", identifier: "outOfStock", code: 3002, doc: nil, location: at(44))],
                      methods: [], events: [], pageMethods: pageMethods, location: SourceLocation(path: file, line: 1, column: 1))
    }
}
