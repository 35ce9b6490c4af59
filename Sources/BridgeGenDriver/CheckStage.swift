import BridgeGenCore

/// Stages 4 and 5: the schemas checked into one model, then every target's own checks of it.
enum CheckStage {
    /// The checked model and the config, or nil when either has errors. A config with errors
    /// still lets the schemas be checked: every error of a run is reported.
    static func check(_ request: BridgeGenRequest, _ inputs: ReadStage, into report: inout RunReport) -> (SchemaSet, GeneratorConfig)? {
        let config = inputs.config(request, into: &report)
        report.report(inputs.problems)
        let checked = Pipeline.check(inputs.schemas, config: config, reserved: ReservedWords.of(request.targets))
        report.report(checked.diagnostics)
        guard let schema = checked.schema, !report.hasErrors else { return nil }
        return (schema, config)
    }

    /// Every target bridgegen knows validates, not only those written: a name one target refuses
    /// fails every run. False on errors.
    static func validate(_ schema: SchemaSet, _ config: GeneratorConfig, _ request: BridgeGenRequest,
                         into report: inout RunReport) -> Bool {
        var targets = request.targets
        for output in request.outputs where !targets.contains(where: { $0.name == output.target.name }) {
            targets.append(output.target)
        }
        report.report(Pipeline.validate(schema, targets: targets, config: config))
        return !report.hasErrors
    }
}
