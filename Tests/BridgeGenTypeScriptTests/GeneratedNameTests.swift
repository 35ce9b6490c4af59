import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// Schema names equal to what the generated TypeScript declares or JavaScript gives a meaning
/// (issue 15, findings 5 and 10): carried when the language can spell them, refused (located)
/// when it cannot.
final class GeneratedNameTests: XCTestCase {
    /// The stress schema shared with the Swift tests: methods `new` and wire names
    /// `__proto__` / `constructor`, events and fields named like generated locals.
    static let hygiene = TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/Stress/hygiene.bridge.yaml")

    func testMethodNewAndWireNameProtoTypeCheckAndTheMockAnswersThem() throws {
        try requireTool("tsc")
        try requireTool("node")
        let text = try String(contentsOf: Self.hygiene, encoding: .utf8)
        let files = TestSupport.generate(try checkedSchema(texts: ["hygiene.bridge.yaml": text]))
        XCTAssertTrue(files["hygiene.ts"]?.contains("    'new'(options?: $runtime.RequestOptions): Promise<number>;") == true)
        let out = try temporaryFolder("names-build")
        try TestSupport.typeCheck(files, name: "names", outDir: out)
        try Data(#"{"type":"module"}"#.utf8).write(to: out.appendingPathComponent("package.json"))
        let script = """
            globalThis.window = globalThis;
            const { installMock } = await import('./mock.js');
            const { hygiene } = await import('./hygiene.js');
            const { toWire } = await import('./runtime.js');
            const mock = installMock({ hygiene: { new: () => 7, proto: () => 42, ctor: () => undefined } });
            const results = [await hygiene.new(), await hygiene.proto({ item: 1 })];
            hygiene.ctor();
            await new Promise((resolve) => setTimeout(resolve, 20));
            const wire = JSON.stringify(toWire(JSON.parse('{"__proto__": {"a": 1}, "b": 2}')));
            console.log(JSON.stringify({ results, calls: mock.calls.map((c) => c.method), wire }));
            """
        try Data(script.utf8).write(to: out.appendingPathComponent("names.mjs"))
        let result = try runProcess("node", ["names.mjs"], in: out, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       #"{"results":[7,42],"calls":["new","__proto__","constructor"],"wire":"{\"__proto__\":{\"a\":1},\"b\":2}"}"#)
    }

    func testModulesNamedLikeTheFixedOutputFilesAreRefused() throws {
        let texts = ["runtime", "index", "mock", "fine"].reduce(into: [String: String]()) { texts, name in
            texts["\(name).bridge.yaml"] = "bridgegen: 1\nmodule: \(name)\n"
        }
        let found = TargetRegistry.web.validate(try checkedSchema(texts: texts), config: GeneratorConfig())
        XCTAssertEqual(DiagnosticRenderer.text(found), """
            index.bridge.yaml:2:9: error: module name 'index' is reserved in the TypeScript output: the module's file would be 'index.ts', which is the generated index of all modules; choose another name [module-output-collision]
            mock.bridge.yaml:2:9: error: module name 'mock' is reserved in the TypeScript output: the module's file would be 'mock.ts', which is the generated mock; choose another name [module-output-collision]
            runtime.bridge.yaml:2:9: error: module name 'runtime' is reserved in the TypeScript output: the module's file would be 'runtime.ts', which is the generated runtime; choose another name [module-output-collision]

            """)
    }
}
