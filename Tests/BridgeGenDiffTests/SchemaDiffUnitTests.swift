@testable import BridgeGenCore
@testable import BridgeGenDiff
import BridgeGenTargets
import BridgeGenTestSupport
import Foundation
import XCTest

/// The flow analysis on its own, the identity property of `SchemaDiff.compare`, and the
/// config locations `SchemaVersion.load` records.
final class SchemaDiffUnitTests: XCTestCase {
    private func version(_ texts: [String: String], config: String? = nil) throws -> SchemaVersion {
        let inputs = texts.keys.sorted().map { SchemaInput(path: $0, text: texts[$0]!) }
        let (version, diagnostics) = SchemaVersion.load(inputs, config: config.map { (path: "bridgegen.yaml", bytes: Array($0.utf8)) }, targets: [])
        guard let version else { throw TestFailure(DiagnosticRenderer.text(diagnostics)) }
        return version
    }

    private static let leaf = """
        bridgegen: 1
        module: base
        types:
          Leaf:
            fields:
              value: string
          Unused:
            fields:
              value: string
        """

    func testAFlowReachesThroughThreeLevelsOfNestingAndAnImport() throws {
        let app = """
            bridgegen: 1
            module: app
            imports: [base]
            types:
              Outer:
                fields:
                  mid: list<Mid>?
              Mid:
                fields:
                  inner: map<base.Leaf>
              Note:
                fields:
                  leaf: base.Leaf?
            methods:
              put:
                kind: send
                params:
                  outer: Outer
            events:
              noted:
                payload:
                  note: Note
            """
        let flow = DataFlow(try version(["base.bridge.yaml": Self.leaf, "app.bridge.yaml": app]).schema)
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Outer")], .sendParams)
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Mid")], .sendParams)
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Note")], .payloads)
        XCTAssertEqual(flow[TypeKey(module: "base", name: "Leaf")], [.sendParams, .payloads])
        XCTAssertTrue(flow[TypeKey(module: "base", name: "Leaf")].reachesNative && flow[TypeKey(module: "base", name: "Leaf")].reachesPage)
        XCTAssertEqual(flow[TypeKey(module: "base", name: "Unused")], [])
    }

    private static let tree = """
        bridgegen: 1
        module: tree
        types:
          Node:
            fields:
              name: string
              children: list<Node>
              byName: map<Node>
              owner: Owner?
          Owner:
            fields:
              nodes: list<Node>
        methods:
          root:
            kind: request
            returns: Node
        pageMethods:
          show:
            params:
              owner: Owner
        """

    func testAFlowThroughRecursiveTypesEnds() throws {
        let flow = DataFlow(try version(["tree.bridge.yaml": Self.tree]).schema)
        XCTAssertEqual(flow[TypeKey(module: "tree", name: "Node")], [.results, .pageParams])
        XCTAssertEqual(flow[TypeKey(module: "tree", name: "Owner")], [.results, .pageParams])
    }

    func testARecursiveTypeIsComparedOnce() throws {
        let old = try version(["tree.bridge.yaml": Self.tree])
        let new = try version(["tree.bridge.yaml": Self.tree.replacingOccurrences(of: "      name: string\n", with: "      name: string\n      size: int\n")])
        let diagnostics = SchemaDiff.compare(old: old, new: new)
        XCTAssertEqual(diagnostics.map(\.id), ["breaking.old-apps.required-field-added"])
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(path: "tree.bridge.yaml", line: 7, column: 7))
    }

    // MARK: - Unions

    private static let unions = """
        bridgegen: 1
        module: app
        types:
          Shape:
            tag: kind
            variants:
              dot: null
              box:
                fields:
                  corner: Point
                  tint: Tint?
              path:
                fields:
                  points: list<Point>
          Point:
            fields:
              x: double
          Tint:
            cases:
              red: Red.
          Hidden:
            variants:
              only:
                fields:
                  point: Point
        events:
          drawn:
            payload:
              shape: Shape
        pageMethods:
          pick:
            returns: map<Shape>?
        """

    func testAFlowReachesThroughAUnionsVariantFields() throws {
        let flow = DataFlow(try version(["app.bridge.yaml": Self.unions]).schema)
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Shape")], [.payloads, .pageResults])
        // Only a variant's fields reach these: the struct and the enum travel with the union.
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Point")], [.payloads, .pageResults])
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Tint")], [.payloads, .pageResults])
        XCTAssertEqual(flow[TypeKey(module: "app", name: "Hidden")], [])
        // So a change of a struct reached only through a variant is judged both ways.
        let old = try version(["app.bridge.yaml": Self.unions])
        let new = try version(["app.bridge.yaml": Self.unions.replacingOccurrences(of: "      x: double\n", with: "      x: double\n      y: double\n")])
        XCTAssertEqual(SchemaDiff.compare(old: old, new: new).map(\.id), ["breaking.both.required-field-added"])
    }

    /// The cross-check `SchemaDiffGoldenTests` makes for every case, on the ways a union can keep
    /// or change its wire shape: equal fingerprints report nothing but notes, and a union whose
    /// fingerprint changes is reported.
    func testAUnionsFingerprintChangesExactlyWhenItsWireShapeDoes() throws {
        let old = try version(["app.bridge.yaml": Self.unions])
        func compared(_ edits: [(String, String)]) throws -> (sameFingerprint: Bool, ids: [String]) {
            var text = Self.unions
            for (from, to) in edits {
                XCTAssertTrue(text.contains(from), from)
                text = text.replacingOccurrences(of: from, with: to)
            }
            let new = try version(["app.bridge.yaml": text])
            let module = { (v: SchemaVersion) in WireFingerprint.of(v.schema.modules[0], in: v.schema) }
            return (module(old) == module(new), SchemaDiff.compare(old: old, new: new).map(\.id))
        }
        // Same wire: a variant renamed with its value pinned, variants reordered, a deprecation.
        let renamed = try compared([("      box:\n", "      square:\n        wire: box\n")])
        XCTAssertTrue(renamed.sameFingerprint)
        XCTAssertEqual(renamed.ids, [])
        let reordered = try compared([("      dot: null\n", ""), ("          points: list<Point>\n", "          points: list<Point>\n      dot: null\n")])
        XCTAssertTrue(reordered.sameFingerprint)
        XCTAssertEqual(reordered.ids, [])
        let deprecated = try compared([("      dot: null\n", "      dot: {deprecated: true}\n")])
        XCTAssertTrue(deprecated.sameFingerprint)
        XCTAssertEqual(deprecated.ids, ["compatible.deprecated"])
        // Another wire: each is reported.
        let cases: [([(String, String)], [String])] = [
            ([("    tag: kind\n", "")], ["breaking.both.union-tag-changed"]),
            ([("      dot: null\n", "      dot: null\n      ring: null\n")], ["compatible.union-variant-added"]),
            ([("      dot: null\n", "")], ["breaking.both.union-variant-removed"]),
            ([("      dot: null\n", "      dot: {wire: spot}\n")], ["breaking.both.union-variant-value-changed"]),
            ([("          tint: Tint?\n", "          tint: Tint\n")], ["breaking.both.field-made-required"]),
            ([("      red: Red.\n", "      red: Red.\n      blue: Blue.\n")], ["breaking.both.enum-case-added"]),
        ]
        for (edits, ids) in cases {
            let result = try compared(edits)
            XCTAssertFalse(result.sameFingerprint, "\(edits)")
            XCTAssertEqual(result.ids, ids, "\(edits)")
        }
    }

    // MARK: - compare(v, v)

    private func shippedSchemas() throws -> (inputs: [SchemaInput], config: (path: String, bytes: [UInt8])) {
        let discovered = SchemaDiscovery.inputs(for: [TestPaths.schemas.path])
        XCTAssertEqual(discovered.diagnostics, [])
        let configPath = TestPaths.schemas.appendingPathComponent(ConfigReader.fileName).path
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: configPath))
        return (discovered.inputs, (configPath, Self.withoutTargetSections([UInt8](bytes))))
    }

    /// The config without the targets' sections (`swift:`, `kotlin:`, ...: every section a registered
    /// target reads): the core reads only
    /// the keys every target shares, and those are what a diff compares; the targets' sections
    /// are read in the CLI's tests, where the targets are.
    static func withoutTargetSections(_ bytes: [UInt8]) -> [UInt8] {
        let targetSections = TargetRegistry.all.compactMap { $0.configSection.map { $0.key + ":" } }
        var kept: [Substring] = []
        var skipping = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != " ", first != "#" { skipping = targetSections.contains { line.hasPrefix($0) } }
            if !skipping { kept.append(line) }
        }
        return Array(kept.joined(separator: "\n").utf8)
    }

    func testEverySchemaComparedWithItselfReportsNothing() throws {
        let (inputs, config) = try shippedSchemas()
        XCTAssertGreaterThanOrEqual(inputs.count, 2)
        let loaded = SchemaVersion.load(inputs, config: config, targets: [])
        let version = try XCTUnwrap(loaded.version, DiagnosticRenderer.text(loaded.diagnostics))
        XCTAssertEqual(SchemaDiff.compare(old: version, new: version), [])
        for input in inputs {
            // Each file alone too, where it checks alone (user imports sample).
            guard let alone = SchemaVersion.load([input], config: nil, targets: []).version else { continue }
            XCTAssertEqual(SchemaDiff.compare(old: alone, new: alone), [], input.path)
        }
    }

    func testAReformattedAndReorderedCopyReportsNothing() throws {
        let (inputs, config) = try shippedSchemas()
        let copies = inputs.map { SchemaInput(path: $0.path, text: Self.reformatted(String(decoding: $0.bytes, as: UTF8.self))) }
        XCTAssertNotEqual(copies.map(\.bytes), inputs.map(\.bytes))
        let original = try XCTUnwrap(SchemaVersion.load(inputs, config: config, targets: []).version)
        let loaded = SchemaVersion.load(copies, config: config, targets: [])
        let copy = try XCTUnwrap(loaded.version, DiagnosticRenderer.text(loaded.diagnostics))
        XCTAssertNotEqual(copy.schema, original.schema, "the copy declares things in another order")
        XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: original, new: copy)), "")
        XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: copy, new: original)), "")
    }

    /// Indentation doubled, a comment after each top-level block, and the entries of every
    /// mapping at the first two levels in reverse order: the same schema to a YAML reader.
    static func reformatted(_ text: String) -> String {
        let lines = text.components(separatedBy: "\n").map { line -> String in
            let indent = line.prefix { $0 == " " }.count
            return String(repeating: " ", count: indent * 2) + line.dropFirst(indent)
        }
        func blocks(_ lines: ArraySlice<String>, indent: Int) -> [[String]] {
            var result: [[String]] = []
            for line in lines {
                let starts = line.prefix { $0 == " " }.count == indent && line.count > indent
                    && !line.dropFirst(indent).hasPrefix("#") && !line.dropFirst(indent).hasPrefix("-")
                if starts || result.isEmpty { result.append([line]) } else { result[result.count - 1].append(line) }
            }
            return result
        }
        var out: [String] = []
        for block in blocks(lines[...], indent: 0).reversed() {
            guard let head = block.first else { continue }
            let inner = blocks(block.dropFirst(), indent: 4)
            // Leading lines before the first entry (a comment, a scalar's continuation) stay first.
            let nested = inner.count > 1 && (inner.first?.first.map { $0.hasPrefix("    ") && !$0.hasPrefix("     ") } ?? false)
            out.append(head)
            out += nested ? inner.reversed().flatMap { $0 } : Array(block.dropFirst())
            out.append("# (reformatted)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Config locations

    func testConfigKeysAreLocated() throws {
        let text = "bridgegen: 1\ntransport: callback\ncallbackChannel: shopBridge\norigin:\n  trustedHosts: [a.example]\n  mainFrameOnly: false\nx-note: ignored\n"
        let result = ConfigReader.readLocated(Array(text.utf8), path: "c.yaml", sections: [])
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.locations["transport"], SourceLocation(path: "c.yaml", line: 2, column: 1))
        XCTAssertEqual(result.locations["callbackChannel"], SourceLocation(path: "c.yaml", line: 3, column: 1))
        XCTAssertEqual(result.locations["origin.trustedHosts"], SourceLocation(path: "c.yaml", line: 5, column: 3))
        XCTAssertEqual(result.locations["origin.mainFrameOnly"], SourceLocation(path: "c.yaml", line: 6, column: 3))
        XCTAssertNil(result.locations["contentWorld"])
        XCTAssertNil(result.locations["x-note"])
        // The old entry point still answers the same config.
        XCTAssertEqual(ConfigReader.read(Array(text.utf8), path: "c.yaml", sections: []).config, result.config)
        let loaded = try version(["a.bridge.yaml": "bridgegen: 1\nmodule: a\n"], config: text)
        XCTAssertEqual(loaded.configLocations.mapValues(\.line), result.locations.mapValues(\.line))
        XCTAssertEqual(loaded.configPath, "bridgegen.yaml")
    }

    func testAVersionThatDoesNotCheckIsNotLoaded() {
        let (version, diagnostics) = SchemaVersion.load([SchemaInput(path: "a.bridge.yaml", text: "bridgegen: 1\nmodule: a\nmethods:\n  m:\n    kind: maybe\n")],
                                                        config: (path: "bridgegen.yaml", bytes: Array("bridgegen: 1\ntransport: pigeon\n".utf8)), targets: [])
        XCTAssertNil(version)
        XCTAssertEqual(diagnostics.map(\.id), ["invalid-kind", "config-value"])
    }
    // MARK: - Empty versions

    private static let pinger = ["a.bridge.yaml": "bridgegen: 1\nmodule: a\nmethods:\n  ping:\n    kind: send\n"]
    private static let callback = "bridgegen: 1\ntransport: callback\ncallbackChannel: shopBridge\norigin:\n  mainFrameOnly: false\n"

    /// A version without modules shipped no app and no page: its config, written or defaulted,
    /// breaks nobody, on either side of the comparison. One with modules and no config file
    /// shipped the defaults, so leaving them is still a change.
    func testAVersionWithoutModulesHasNoConfigThatCanBreak() throws {
        let ids = { (old: SchemaVersion, new: SchemaVersion) in SchemaDiff.compare(old: old, new: new).map(\.id) }
        let empty = try version([:]), emptyWithConfig = try version([:], config: Self.callback)
        let shipped = try version(Self.pinger), shippedCallback = try version(Self.pinger, config: Self.callback)
        // The schema repository's first pull request, with or without a config at the base.
        XCTAssertEqual(ids(empty, shippedCallback), [])
        XCTAssertEqual(ids(emptyWithConfig, shipped), [])
        // Everything removed: the module is gone, and that alone is the finding.
        XCTAssertEqual(ids(shippedCallback, empty), ["breaking.old-pages.module-removed"])
        XCTAssertEqual(ids(shipped, emptyWithConfig), ["breaking.old-pages.module-removed"])
        // A schema file of types only declares a module: that version is not empty.
        let typesOnly = try version(["a.bridge.yaml": "bridgegen: 1\nmodule: a\ntypes:\n  T:\n    fields:\n      v: string\n"])
        XCTAssertEqual(Set(ids(typesOnly, shippedCallback)), ["compatible.method-added", "breaking.both.transport-changed"])
        // The defaults a version without config shipped are compared like a written config.
        XCTAssertEqual(Set(ids(shipped, shippedCallback)), ["breaking.both.transport-changed"])
        XCTAssertEqual(Set(ids(shippedCallback, shipped)), ["breaking.both.transport-changed", "breaking.old-pages.origin-narrowed"])
    }
}
