import BridgeGenCore

/// The diagnostics of one domain: what the Swift target refuses (`SwiftTarget.validate`): names the generated Swift cannot carry.
enum SwiftMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    enum ID: String, MessageIDs {
        static let domain = "swift"

        /// A Swift type named like a module's Swift namespace.
        case swiftTypeShadowsNamespace = "swift-type-shadows-namespace"
        /// A Swift type named like a generated support type.
        case swiftTypeShadowsSupport = "swift-type-shadows-support"
        /// A page method named like a member of the generated Swift page caller (`withTimeout`).
        case swiftReservedPageMethod = "swift-reserved-page-method"
    }

    /// A type named like the Swift namespace (`Sample`) of a module (`sample`).
    static func swiftTypeShadowsNamespace(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.swiftTypeShadowsNamespace.diagnostic("type '\(name)' would shadow the Swift namespace of module '\(name.lowercased())'; rename the type", at: at)
    }

    /// A type named like a type of the generated Swift support file.
    static func swiftTypeShadowsSupport(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.swiftTypeShadowsSupport.diagnostic("type '\(name)' would shadow the generated Swift support type of the same name; rename the type", at: at)
    }

    /// A page method named like a member the generated Swift page caller (`SamplePage`) declares itself.
    static func swiftReservedPageMethod(_ name: String, caller: String, at: SourceLocation) -> Diagnostic {
        ID.swiftReservedPageMethod.diagnostic("page method '\(name)' would clash with '\(name)' of the generated Swift page caller '\(caller)'; rename it (the page keeps its name with 'wire: \(name)')",
             at: at)
    }
}
