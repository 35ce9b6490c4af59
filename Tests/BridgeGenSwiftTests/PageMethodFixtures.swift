import BridgeGenCore
import Foundation

/// Page methods added to a checked schema set by hand, for the Swift emitter's tests while
/// Schemas/ and the stress schemas declare none: every shape a page method takes (a global
/// function, no result, a struct, a list, an optional, declared errors, defaults, keywords as
/// names, deprecation, a wire name). Modules that already declare page methods are left as they are.
enum PageMethodFixtures {
    static func adding(to schema: SchemaSet) -> SchemaSet {
        var modules = schema.modules
        for index in modules.indices where modules[index].pageMethods.isEmpty {
            let module = modules[index]
            let location = module.location
            func field(_ name: String, _ type: TypeRef, default value: Literal? = nil, doc: String? = nil) -> Field {
                Field(wireName: name, identifier: name, doc: doc, type: type, defaultValue: value, deprecated: nil, location: location)
            }
            func page(_ name: String, wire: String? = nil, doc: String? = nil, params: [Field] = [], returns: TypeRef? = nil,
                      errors: [String] = [], global: [String]? = nil, deprecated: Deprecation? = nil) -> PageMethod {
                PageMethod(name: name, identifier: name, wireName: wire ?? name, doc: doc, params: params, returns: returns,
                           returnsDoc: returns == nil ? nil : "What the page answers.", errors: errors, global: global,
                           deprecated: deprecated, location: location)
            }
            let firstStruct = module.types.first { if case .structure = $0 { return true } else { return false } }
            var methods = [
                page("getCartCount", doc: "Number of items in the page's cart.",
                     params: [field("userId", .string, doc: "The signed-in user.")], returns: .int, global: ["app", "getCartCount"]),
                page("showMessage", doc: "Shows a message.\nResolves once the page displayed it.", params: [field("message", .string)]),
                page("pageState", wire: "page-state", params: [field("limit", .int, default: .int(10)), field("default", .optional(.string)),
                                                               field("ratio", .double), field("flag", .bool)],
                     returns: .map(.list(.optional(.any)))),
                page("legacyPing", params: [field("in", .string)], returns: .optional(.string), global: ["window2", "legacy", "ping"],
                     deprecated: Deprecation(message: "Use \"showMessage\".")),
            ]
            if let firstStruct {
                let type = TypeRef.named(module: module.name, name: firstStruct.name)
                methods.append(page("currentItem", params: [field("items", .list(type))], returns: type))
            }
            if !module.errors.isEmpty {
                methods.append(page("confirmLeave", doc: "Whether the user may leave.", params: [field("reason", .string)],
                                    returns: .bool, errors: module.errors.prefix(2).map(\.name)))
            }
            modules[index].pageMethods = methods
        }
        return SchemaSet(modules: modules)
    }
}
