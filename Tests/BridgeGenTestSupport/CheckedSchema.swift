import BridgeGenCore
import Foundation

/// The checked model of the schemas under `paths` (default `Schemas/`), or a `TestFailure`
/// naming every diagnostic (discovery's and the checker's).
public func checkedSchema(_ paths: [URL] = [TestPaths.schemas], config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
    let discovered = SchemaDiscovery.inputs(for: paths.map(\.path))
    return try checkedSchema(discovered.inputs, config: config, discoveryDiagnostics: discovered.diagnostics)
}

/// The checked model of in-memory schema texts keyed by file name (`sample.bridge.yaml`).
public func checkedSchema(texts: [String: String], config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
    try checkedSchema(texts.keys.sorted().map { SchemaInput(path: $0, text: texts[$0]!) }, config: config)
}

private func checkedSchema(_ inputs: [SchemaInput], config: GeneratorConfig,
                           discoveryDiagnostics: [Diagnostic] = []) throws -> SchemaSet {
    // Reserved names are the targets' (checked in their own tests and the CLI's): a model
    // for a generator test only needs the shared rules.
    let result = Pipeline.check(inputs, config: config, reserved: .none)
    guard let schema = result.schema else {
        throw TestFailure("the schemas do not check:\n" + DiagnosticRenderer.text(discoveryDiagnostics + result.diagnostics))
    }
    return schema
}
