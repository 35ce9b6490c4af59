/// The diagnostics of one domain: what any target may refuse in its `validate`, in words the
/// refusing target gives.
public enum TargetMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "target"

        /// A module whose output file would be one the target always writes.
        case moduleOutputCollision = "module-output-collision"
    }

    /// A module whose output file `file` would be one the target always writes: `output` names
    /// the target's output ("TypeScript"), `fixedFile` says which file that is.
    public static func moduleNameIsOutputFile(_ module: String, file: String, output: String, fixedFile: String,
                                              at location: SourceLocation) -> Diagnostic {
        Diagnostic(Message(ID.moduleOutputCollision,
                           "module name '\(module)' is reserved in the \(output) output: the module's file would be '\(file)', which is \(fixedFile); choose another name"),
                   at: location)
    }
}
