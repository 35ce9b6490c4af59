import BridgeGenCore

/// The checked model of what still checks in a set with errors: its modules less those whose
/// file has an error and those that import one left out (directly or not), checked again
/// alone with the set's config and every target's checks, and again without the files of
/// any error that check finds, until one has none. Hover shows the generated lines of a
/// declaration from it while someone types in another file.
enum PartialModel {
    static func of(_ check: SchemaSetCheck, _ context: CheckContext) -> SchemaSet? {
        if let schema = check.schema { return schema }
        let broken = Set(check.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.path })
        var kept = check.syntax.filter { !broken.contains($0.path) }
        while true {
            kept = importing(only: kept)
            guard !kept.isEmpty else { return nil }
            var (model, errors) = TypeChecker.check(kept, config: check.config, reserved: context.reserved)
            errors = errors.filter { $0.severity == .error }
            if errors.isEmpty {
                errors = context.targets.flatMap { $0.validate(model, config: check.config) }.filter { $0.severity == .error }
                if errors.isEmpty { return model }
            }
            let paths = Set(errors.compactMap { $0.location?.path })
            let before = kept.count
            kept.removeAll { paths.contains($0.path) }
            // An error of no module left is not one leaving a module out helps with.
            guard kept.count < before, errors.allSatisfy({ $0.location != nil }) else { return nil }
        }
    }

    /// `modules` less those that import a module not among them, until none does.
    private static func importing(only modules: [ModuleSyntax]) -> [ModuleSyntax] {
        var kept = modules
        while true {
            let names = Set(kept.compactMap { $0.name?.value })
            let next = kept.filter { module in module.imports.allSatisfy { names.contains($0.value) } }
            if next.count == kept.count { return kept }
            kept = next
        }
    }
}
