import BridgeGenCore

/// The diagnostics of one domain: what the ArkTS target refuses (`ArkTSTarget.validate`).
enum ArkTSMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    enum ID: String, MessageIDs {
        static let domain = "arkts"

        /// Two declarations of one module's ArkTS file, or one and a name the file imports, would have one name.
        case arktsNameCollision = "arkts-name-collision"
        /// A field named like a member ArkTS or the generated class already has.
        case arktsReservedMember = "arkts-reserved-member"
        /// A page method named like a member of the generated ArkTS page caller.
        case arktsReservedPageMethod = "arkts-reserved-page-method"
    }

    static func nameCollision(_ name: String, what: String, other: String, at: SourceLocation) -> Diagnostic {
        ID.arktsNameCollision.diagnostic("\(what) would be the ArkTS declaration '\(name)', which is already \(other) in the generated file; rename it",
                                         at: at)
    }

    static func reservedPageMethod(_ name: String, caller: String, at: SourceLocation) -> Diagnostic {
        ID.arktsReservedPageMethod.diagnostic("page method '\(name)' would clash with '\(name)' of the generated ArkTS page caller '\(caller)'; rename it (the page keeps its name with 'wire: \(name)')",
                                              at: at)
    }

    static func reservedMember(_ name: String, what: String, owner: String, at: SourceLocation) -> Diagnostic {
        ID.arktsReservedMember.diagnostic("\(what) '\(name)' would clash with '\(name)' of the generated ArkTS class '\(owner)'; rename it", at: at)
    }
}
