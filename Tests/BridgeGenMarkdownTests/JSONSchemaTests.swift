import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import Testing

/// docs/bridgegen.schema.json (what editors validate and complete with) agrees with the
/// parser: every valid schema validates, and every structural error the parser reports
/// (unknown key, wrong node kind, missing key, a type body that is not exactly one of
/// `fields`, `cases` and `variants`) is rejected by the JSON Schema too.
@Suite struct JSONSchemaTests {
    static let schemaPath = TestPaths.path("docs/bridgegen.schema.json")
    static let install = "apt-get install python3-jsonschema python3-yaml (Debian) or pip install jsonschema PyYAML"
    static let fixtures = TestPaths.path("Tests/BridgeGenCoreTests/Fixtures/invalid")

    /// Diagnostic ids the syntax stage reports about the document's shape.
    static let structuralIDs: Set<String> = ["unknown-key", "missing-key", "wrong-node-kind", "type-body"]

    struct Validation {
        var metaschemaErrors: [String]
        var files: [String: (loaded: Bool, errors: [String])]
    }

    private func validate(_ paths: [String]) throws -> Validation {
        let python = try Python.interpreter(with: ["jsonschema", "yaml"], install: Self.install)
        let output = try Python.runJSON(python, script: JSONSchemaScript.source, arguments: [Self.schemaPath] + paths)
        var files: [String: (Bool, [String])] = [:]
        for (path, value) in output["files"] as? [String: [String: Any]] ?? [:] {
            files[path] = (value["loaded"] as? Bool ?? false, value["errors"] as? [String] ?? [])
        }
        return Validation(metaschemaErrors: output["metaschemaErrors"] as? [String] ?? ["missing"], files: files)
    }

    /// Writes snippets as `<name>/sample.bridge.yaml` files and returns their paths by name.
    private func write(_ snippets: [String: String], in folder: URL) throws -> [String: String] {
        var paths: [String: String] = [:]
        for (name, text) in snippets {
            let file = GeneratedFile(relativePath: name + "/sample.bridge.yaml", contents: text)
            try BridgeGenTestSupport.write([file], to: folder)
            paths[name] = folder.appendingPathComponent(file.relativePath).path
        }
        return paths
    }

    // MARK: - The repository's schemas and fixtures

    @Test func theJSONSchemaIsAValidDraft07Schema() throws {
        let result = try validate([])
        #expect(result.metaschemaErrors.isEmpty, "\(result.metaschemaErrors)")
        let text = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        #expect(text.contains("\"$schema\": \"http://json-schema.org/draft-07/schema#\""))
    }

    @Test func everySchemaInTheRepositoryValidates() throws {
        let inputs = SchemaDiscovery.inputs(for: [TestPaths.path("Schemas")]).inputs.map(\.path)
        #expect(inputs.count >= 2)
        // They really are valid for bridgegen too.
        #expect(Pipeline.check(SchemaDiscovery.inputs(for: inputs).inputs, config: GeneratorConfig(), reserved: .none).schema != nil)
        let result = try validate(inputs)
        for path in inputs {
            let file = try #require(result.files[path])
            #expect(file.loaded && file.errors.isEmpty, "\(path): \(file.errors)")
        }
    }

    @Test func invalidFixturesWithStructuralErrorsAreRejected() throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: Self.fixtures) else {
            Issue.record("no invalid fixtures at \(Self.fixtures)")
            return
        }
        var structural: [String: [String]] = [:]
        for name in try fm.contentsOfDirectory(atPath: Self.fixtures).sorted() {
            let folder = Self.fixtures + "/" + name
            let expected = try String(contentsOfFile: folder + "/expected.txt", encoding: .utf8)
            let ids = Self.diagnosticIDs(in: expected)
            guard !ids.isDisjoint(with: Self.structuralIDs) else { continue }
            let schemas = try fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bridge.yaml") }.sorted()
            structural[name] = schemas.map { folder + "/" + $0 }
        }
        // The fixture set had 8 structural cases when this test was written; fewer means it lost coverage.
        #expect(structural.count >= 8, "structural fixtures: \(structural.keys.sorted())")
        let result = try validate(structural.values.flatMap { $0 })
        for (name, paths) in structural.sorted(by: { $0.key < $1.key }) {
            // The fixture's expected output names the file with the structural error; some
            // fixtures have several files, so the fixture is rejected when any of them is.
            let rejected = paths.contains { path in
                guard let file = result.files[path] else { return false }
                return !file.loaded || !file.errors.isEmpty
            }
            #expect(rejected, "fixture \(name) has a structural error but passes the JSON Schema")
        }
    }

    /// `[unknown-key]` at the end of each error line of an expected.txt.
    static func diagnosticIDs(in expected: String) -> Set<String> {
        var ids = Set<String>()
        for line in expected.split(separator: "\n") where line.contains(": error: ") && line.hasSuffix("]") {
            if let open = line.lastIndex(of: "[") {
                ids.insert(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
            }
        }
        return ids
    }

    // MARK: - Snippets: both judges, same verdict

    static let header = "bridgegen: 1\nmodule: sample\n"

    /// Each is a structural error for the parser and must fail the JSON Schema.
    static let structuralSnippets: [String: String] = [
        "unknown-top-level-key": header + "methds: {}\n",
        "unknown-method-key": header + "methods:\n  share:\n    kind: send\n    parms: {}\n",
        "unknown-field-key": header + "types:\n  A:\n    fields:\n      x:\n        type: int\n        defualt: 1\n",
        "unknown-case-key": header + "types:\n  E:\n    cases:\n      a:\n        wir: A\n",
        "unknown-error-key": header + "errors:\n  busy:\n    code: 1\n    message: x\n",
        "unknown-event-key": header + "events:\n  resume:\n    payloads: {}\n",
        "unknown-returns-key": header + "methods:\n  get:\n    kind: request\n    returns:\n      type: int\n      docs: x\n",
        "unknown-type-key": header + "types:\n  A:\n    field: {}\n",
        "missing-bridgegen": "module: sample\n",
        "missing-module": "bridgegen: 1\n",
        "missing-kind": header + "methods:\n  share:\n    doc: x\n",
        "missing-field-type": header + "types:\n  A:\n    fields:\n      x:\n        doc: no type\n",
        "missing-returns-type": header + "methods:\n  get:\n    kind: request\n    returns:\n      doc: x\n",
        "missing-error-code": header + "errors:\n  busy:\n    doc: x\n",
        "imports-not-a-list": header + "imports: user\n",
        "methods-a-list": header + "methods: [share]\n",
        "method-a-string": header + "methods:\n  share: send\n",
        "params-a-list": header + "methods:\n  share:\n    kind: send\n    params: [text]\n",
        "errors-not-a-list": header + "errors:\n  busy:\n    code: 1\nmethods:\n  get:\n    kind: request\n    errors: busy\n",
        "doc-a-list": header + "doc: [a, b]\n",
        "deprecated-a-mapping": header + "methods:\n  share:\n    kind: send\n    deprecated: {since: 2}\n",
        "type-a-list": header + "types:\n  A:\n    fields:\n      x: [int]\n",
        "type-a-mapping": header + "types:\n  A:\n    fields:\n      x:\n        type: {a: b}\n",
        "field-null": header + "types:\n  A:\n    fields:\n      x:\n",
        "cases-null": header + "types:\n  E:\n    cases:\n",
        "types-null": header + "types:\n",
        "fields-and-cases": header + "types:\n  A:\n    fields: {x: int}\n    cases: {a: }\n",
        "neither-fields-nor-cases": header + "types:\n  A:\n    doc: empty\n",
        "unknown-variant-key": header + "types:\n  U:\n    variants:\n      a:\n        feilds: {x: int}\n",
        "variants-a-list": header + "types:\n  U:\n    variants: [a, b]\n",
        "variants-null": header + "types:\n  U:\n    variants:\n",
        "variant-a-list": header + "types:\n  U:\n    variants:\n      a: [x]\n",
        "variant-fields-inline": header + "types:\n  U:\n    variants:\n      link: {url: string}\n",
        "variant-field-null": header + "types:\n  U:\n    variants:\n      a:\n        fields:\n          x:\n",
        "fields-and-variants": header + "types:\n  A:\n    fields: {x: int}\n    variants: {a: }\n",
        "cases-and-variants": header + "types:\n  A:\n    cases: {x: }\n    variants: {a: }\n",
        "tag-without-variants": header + "types:\n  A:\n    tag: kind\n    fields: {x: int}\n",
        "tag-alone": header + "types:\n  A:\n    tag: kind\n",
        "tag-a-mapping": header + "types:\n  U:\n    tag: {a: b}\n    variants: {a: }\n",
        "top-level-a-list": "- bridgegen\n- module\n",
    ]

    @Test func structuralErrorsAreStructuralForBothTheParserAndTheJSONSchema() throws {
        let folder = try temporaryFolder("docs")
        let paths = try write(Self.structuralSnippets, in: folder)
        let result = try validate(paths.values.sorted())
        for (name, path) in paths.sorted(by: { $0.key < $1.key }) {
            let diagnostics = Pipeline.check([SchemaInput(path: "sample.bridge.yaml", text: Self.structuralSnippets[name]!)], config: GeneratorConfig(), reserved: .none).diagnostics
            let ids = Set(diagnostics.filter { $0.severity == .error }.map(\.id))
            let structural = !ids.isDisjoint(with: Self.structuralIDs) || diagnostics.contains {
                $0.id == "invalid-type" && $0.message.hasPrefix("expected a type")
            }
            #expect(structural, "\(name): the parser reports \(diagnostics.map(\.message))")
            let file = try #require(result.files[path])
            #expect(file.loaded, "\(name): \(file.errors)")
            #expect(!file.errors.isEmpty, "\(name) passes the JSON Schema but the parser rejects it")
        }
    }

    /// Every shape the parser accepts, each in a schema that checks without errors.
    static let validSnippets: [String: String] = [
        "all-shapes": """
            # yaml-language-server: $schema=../docs/bridgegen.schema.json
            bridgegen: 1
            module: sample
            doc: Every shape the IDL allows.
            x-owner: web team
            types:
              Point:
                doc: A point.
                deprecated: true
                x-note: extension keys are ignored
                fields:
                  x: double
                  y:
                    type: double
                    default: 0
                    deprecated: Use x.
                  label:
                    type: string?
                    doc: Optional label.
              Empty:
                fields:
              Mode:
                cases:
                  plain:
                  short: A doc string.
                  long:
                    doc: A mapping.
                    wire: LONG
                    deprecated: false
                  mapped:
                    wire: 2
              Share:
                doc: A union.
                deprecated: Use Point.
                tag: kind
                x-note: extension keys are ignored
                variants:
                  bare:
                  short: A doc string.
                  long:
                    doc: A mapping.
                    wire: LONG
                    deprecated: false
                    x-note: extension keys are ignored
                    fields:
                      url: string
                      title:
                        type: string?
                        doc: Shown beside it.
                      next: Share?
                  empty:
                    fields:
                  numbered:
                    wire: 2
              Node:
                variants:
                  leaf: {fields: {value: int}}
                  pair: {fields: {left: Node, right: Node}}
            errors:
              busy:
                code: 7
                doc: Busy.
            methods:
              ping:
                kind: send
              shareAll:
                kind: request
                params:
                  items: list<Share>
                returns: map<Node>?
              move:
                kind: send
                wire: app.move
                params:
                  to: Point
                  mode:
                    type: Mode
                    default: plain
              noParams:
                kind: send
                params:
              get:
                kind: request
                returns:
                  type: map<list<Point?>>
                  doc: Points by name.
                errors: [busy]
                deprecated: Use move.
              plain:
                kind: request
                returns: Point?
              nothing:
                kind: request
                wire: "2024"
            events:
              bare:
              tick:
                wire: on-tick
                doc: A tick.
                payload:
                  at: int
              empty:
                payload:
            pageMethods:
              refresh:
              count:
                doc: A count.
                wire: app.count
                params:
                  of: Mode
                returns: int
                global: window.app.$count_2
              confirm:
                params:
                  reason:
                    type: string
                    default: back
                returns:
                  type: bool
                  doc: Whether.
                errors: [busy]
                deprecated: Use count.
                x-note: extension keys are ignored
            """,
    ]

    @Test func everyShapeTheParserAcceptsValidates() throws {
        let folder = try temporaryFolder("docs")
        let paths = try write(Self.validSnippets, in: folder)
        let result = try validate(paths.values.sorted())
        for (name, path) in paths {
            let check = Pipeline.check([SchemaInput(path: "sample.bridge.yaml", text: Self.validSnippets[name]!)], config: GeneratorConfig(), reserved: .none)
            #expect(!check.hasErrors, "\(name): \(check.diagnostics.map { "\($0)" })")
            let file = try #require(result.files[path])
            #expect(file.loaded && file.errors.isEmpty, "\(name): \(file.errors)")
        }
    }

    // MARK: - Key sets

    /// The keys each mapping allows (`SchemaKeys`, the parser's lists) match the JSON Schema's
    /// properties, so adding a key to one without the other fails here.
    @Test func keySetsMatchTheParser() throws {
        let parserKeys: [String: Set<String>] = [
            "moduleKeys": Set(SchemaKeys.module), "typeKeys": Set(SchemaKeys.type), "fieldKeys": Set(SchemaKeys.field),
            "caseKeys": Set(SchemaKeys.enumCase), "variantKeys": Set(SchemaKeys.unionVariant), "errorKeys": Set(SchemaKeys.error), "methodKeys": Set(SchemaKeys.method),
            "returnsKeys": Set(SchemaKeys.returns), "eventKeys": Set(SchemaKeys.event), "pageMethodKeys": Set(SchemaKeys.pageMethod),
        ]
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])

        func properties(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        func anyOfObject(_ definition: String) -> Any? {
            ((definitions[definition] as? [String: Any])?["anyOf"] as? [Any])?.first {
                ($0 as? [String: Any])?["type"] as? String == "object"
            }
        }
        let method = definitions["method"] as? [String: Any]
        let returns = ((method?["properties"] as? [String: Any])?["returns"] as? [String: Any])?["anyOf"] as? [Any]
        let schemaKeys: [String: Set<String>] = [
            "moduleKeys": properties(schema),
            "typeKeys": properties(definitions["type"]),
            "fieldKeys": properties(anyOfObject("field")),
            "caseKeys": properties(anyOfObject("case")),
            "variantKeys": properties(anyOfObject("variant")),
            "errorKeys": properties(anyOfObject("error")),
            "methodKeys": properties(method),
            "returnsKeys": properties(returns?.first { ($0 as? [String: Any])?["type"] as? String == "object" }),
            "eventKeys": properties(definitions["event"]),
            "pageMethodKeys": properties(definitions["pageMethod"]),
        ]
        #expect(Set(parserKeys.keys) == Set(schemaKeys.keys), "SchemaKeys: \(parserKeys.keys.sorted())")
        for (list, keys) in parserKeys.sorted(by: { $0.key < $1.key }) {
            #expect(schemaKeys[list] == keys, "\(list): parser \(keys.sorted()), JSON Schema \(schemaKeys[list]?.sorted() ?? [])")
        }
    }
}
