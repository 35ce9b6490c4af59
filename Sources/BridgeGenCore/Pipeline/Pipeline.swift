/// The compiler-shaped front end, one named stage per boundary type:
///
///     [SchemaInput] --read--> [YAMLNode] --parse--> [ModuleSyntax] --check--> SchemaSet --validate/emit--> [GeneratedFile]
///
/// The stages `BridgeGenDriver` runs (and tests call directly). Every stage reports all it finds; emission
/// happens only when no stage reported an error.
public enum Pipeline {
    /// What a run produced: the checked model when there were no errors, and every diagnostic, sorted.
    public struct Result: Sendable {
        public var schema: SchemaSet?
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Stages 1-3: read, parse and check every file, refusing the module and type names that
    /// `reserved` holds (`ReservedWords.of(targets)`: every target's).
    /// Takes the inputs (`consuming`) so that their bytes are freed once parsed, before the
    /// checked model is built beside the syntax: that is when a run's memory peaks.
    public static func check(_ inputs: consuming [SchemaInput], config: GeneratorConfig, reserved: ReservedWords) -> Result {
        checkKeepingSyntax(inputs, config: config, reserved: reserved).result
    }

    /// `check`, also returning the syntax of every file that could be read as a schema (the
    /// language server indexes names from it, so each file is parsed once per change).
    public static func checkKeepingSyntax(_ inputs: consuming [SchemaInput], config: GeneratorConfig, reserved: ReservedWords)
        -> (result: Result, syntax: [ModuleSyntax]) {
        // Files are read and parsed independently, so that work is spread over the cores; the
        // results keep the input order, and diagnostics are sorted anyway: output is the same.
        let files = ParallelMap.map(inputs) { readAndParse($0, reserved: reserved) }
        inputs = []
        var collector = DiagnosticCollector()
        var syntax: [ModuleSyntax] = []
        for file in files {
            collector.report(contentsOf: file.diagnostics)
            if let module = file.syntax { syntax.append(module) }
        }
        let (schema, checkProblems) = TypeChecker.check(syntax, config: config, reserved: reserved)
        collector.report(contentsOf: checkProblems)
        return (Result(schema: collector.hasErrors ? nil : schema, diagnostics: collector.sorted), syntax)
    }

    /// Stages 1-2 for one file: its syntax (nil when it could not be read as a schema) and problems.
    package static func readAndParse(_ input: SchemaInput, reserved: ReservedWords) -> (syntax: ModuleSyntax?, diagnostics: [Diagnostic]) {
        let (root, readProblems) = YAMLReader.read(input.bytes, path: input.path)
        guard let root else { return (nil, readProblems) }
        guard case .mapping = root.kind else {
            return (nil, readProblems + [SchemaMessages.expectedKind("a mapping with 'bridgegen', 'module', ...",
                                                                         for: "the top level of a schema", got: root)])
        }
        let (module, parseProblems) = SyntaxParser.parse(root, path: input.path, reserved: reserved)
        return (module, readProblems + parseProblems)
    }

    /// Stages 4-5 for the given targets: their validation of a checked model, then emission.
    /// Returns files per target name, or diagnostics and no files when any target refuses the model.
    public static func generate(_ schema: SchemaSet, targets: [any BridgeTarget], config: GeneratorConfig)
        -> (files: [String: [GeneratedFile]], diagnostics: [Diagnostic]) {
        let problems = validate(schema, targets: targets, config: config)
        if problems.contains(where: { $0.severity == .error }) { return ([:], problems) }
        var files: [String: [GeneratedFile]] = [:]
        for target in targets {
            files[target.name] = target.files(schema, config: config)
        }
        return (files, problems)
    }

    /// Stage 4 alone: every given target's own checks of a checked model, sorted.
    public static func validate(_ schema: SchemaSet, targets: [any BridgeTarget], config: GeneratorConfig) -> [Diagnostic] {
        var collector = DiagnosticCollector()
        for target in targets {
            collector.report(contentsOf: target.validate(schema, config: config))
        }
        return collector.sorted
    }
}
