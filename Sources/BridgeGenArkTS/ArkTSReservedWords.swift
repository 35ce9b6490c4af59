import BridgeGenCore

/// The type names the generated ArkTS cannot use, and the names a module's file holds.
enum ArkTSReservedWords {
    /// Standard types and values the generated files name unqualified (fields' types, the
    /// runtime's code, `Promise`): a schema type of that name would hide them in its module's file.
    static let typeNames = ["Array", "ArrayBuffer", "BigInt", "Boolean", "DataView", "Error", "Function", "Infinity", "Iterable",
                            "JSON", "Map", "Math", "NaN", "Number", "Object", "Promise", "Record", "RegExp", "Set", "String",
                            "Symbol", "Uint8Array", "WeakMap", "WeakSet"]

    static let all = ReservedWords(.type, typeNames, reason: "ArkTS")

    /// The runtime's names that generated code imports from the support file: the embedded runtime's exports.
    static let supportNames: Set<String> = ArkTSSupportGenerator.exportedNames.union(["BridgeConfiguration"])

    /// Every name `module`'s file declares at its top level, in order, each with what declares it.
    static func declared(_ module: Module) -> [(name: String, what: String, location: SourceLocation)] {
        var names: [(String, String, SourceLocation)] = []
        for declaration in module.types {
            switch declaration {
            case .structure(let s):
                names.append((s.name, "type '\(s.name)'", s.location))
                if !s.fields.isEmpty { names.append((ArkTSNamer.initName(s.name), "the initializer of type '\(s.name)'", s.location)) }
            case .enumeration(let e): names.append((e.name, "type '\(e.name)'", e.location))
            case .union(let u):
                for name in ArkTSUnionGenerator.names(u) { names.append((name, "a class of union '\(u.name)'", u.location)) }
            }
        }
        for error in module.errors {
            names.append((ArkTSErrorGenerator.className(error), "error '\(error.name)'", error.location))
            if !error.data.isEmpty { names.append((ArkTSErrorGenerator.dataName(error), "the data of error '\(error.name)'", error.location)) }
        }
        return names
    }

    /// The module's own classes: codec, handler, events, page caller, dispatcher and error base.
    static func moduleNames(_ module: String) -> [String] {
        [ArkTSNamer.codec(module), ArkTSHandlerGenerator.name(module), ArkTSEventsGenerator.name(module),
         ArkTSPageGenerator.name(module), ArkTSDispatchGenerator.name(module), ArkTSErrorGenerator.name(module),
         ArkTSInstallGenerator.name(module), "webview"]
    }

    /// Members every error class has from `Error` and `BridgeApplicationError` that a data
    /// field would replace (`cause`, typed `unknown`, may be narrowed); `code` and `message`
    /// are refused for every target.
    static let errorMembers: Set<String> = ["name", "stack", "bridgeError", "encodeData", "toString", "constructor"]

    /// The member of the generated page caller a page method would clash with.
    static let pageCallerMembers: Set<String> = ["withTimeout"]
}
