import BridgeGenCore

/// The diagnostics of one domain: what the Kotlin target refuses (`KotlinTarget.validate`, `kotlin:` of the config).
enum KotlinMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    enum ID: String, MessageIDs {
        static let domain = "kotlin"

        /// A `kotlin.package` that is not a dotted Kotlin package name.
        case kotlinPackage = "kotlin-package"
        /// A Kotlin type named like a module's Kotlin namespace object or a generated support type.
        case kotlinTypeShadowsSupport = "kotlin-type-shadows-support"
        /// A page method named like a member of the generated Kotlin page caller.
        case kotlinReservedPageMethod = "kotlin-reserved-page-method"
        /// An error whose Kotlin class would shadow a type its code names, or whose data field clashes with `Throwable`'s.
        case kotlinReservedError = "kotlin-reserved-error"
    }

    static func kotlinPackage(_ value: String, _ problem: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinPackage.diagnostic("invalid Kotlin package '\(value)': \(problem)", at: at)
    }

    static func kotlinTypeShadowsNamespace(_ name: String, module: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinTypeShadowsSupport.diagnostic("type '\(name)' would shadow the Kotlin object of module '\(module)'; rename the type", at: at)
    }

    static func kotlinTypeShadowsSupport(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinTypeShadowsSupport.diagnostic("type '\(name)' would shadow the generated Kotlin declaration of the same name; rename the type", at: at)
    }

    static func kotlinReservedPageMethod(_ name: String, caller: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinReservedPageMethod.diagnostic("page method '\(name)' would clash with '\(name)' of the generated Kotlin page caller '\(caller)'; rename it (the page keeps its name with 'wire: \(name)')",
             at: at)
    }

    static func kotlinErrorShadows(_ name: String, className: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinReservedError.diagnostic("error '\(name)' would be the Kotlin class '\(className)', which shadows the declaration of that name the generated code uses; rename the error",
             at: at)
    }

    static func kotlinErrorDataClashes(_ field: String, error: String, className: String, at: SourceLocation) -> Diagnostic {
        ID.kotlinReservedError.diagnostic("data field '\(field)' of error '\(error)' would clash with '\(field)' of Throwable in the generated Kotlin class '\(className)'; rename the field",
             at: at)
    }
}
