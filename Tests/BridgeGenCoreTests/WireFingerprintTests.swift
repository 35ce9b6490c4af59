import BridgeGenCore
import Foundation
import BridgeGenTestSupport
import XCTest

/// `WireFingerprint` changes exactly when what travels changes: the page compares the app's
/// fingerprint with its own to learn whether both were generated from the same wire contract.
final class WireFingerprintTests: XCTestCase {
    private let base = """
        bridgegen: 1
        module: shop
        doc: The shop.
        types:
          Item:
            doc: One item.
            fields:
              id: int
              tags: {type: list<string>, default: []}
              kind: {type: Kind, default: plain}
              next: list<Item>
          Kind:
            cases: {plain: ~, fancy: ~}
        errors:
          soldOut: {code: 1}
        methods:
          getItem:
            kind: request
            params: {id: int}
            returns: Item
            errors: [soldOut]
          ping: {kind: send}
        events:
          changed: {payload: {item: Item}}
        pageMethods:
          cartCount: {returns: int, params: {a: int, b: string}}

        """

    private func fingerprint(_ text: String) throws -> String {
        let schema = try checkedSchema(texts: ["shop.bridge.yaml": text])
        return WireFingerprint.of(try XCTUnwrap(schema.module(named: "shop")), in: schema)
    }

    /// Replaces `old` (which must occur) in the base schema.
    private func variant(_ old: String, _ new: String) throws -> String {
        XCTAssertTrue(base.contains(old), "the base schema has no '\(old)'")
        return try fingerprint(base.replacingOccurrences(of: old, with: new))
    }

    func testFormIsSixteenLowercaseHexDigits() throws {
        let value = try fingerprint(base)
        XCTAssertEqual(value.count, 16)
        XCTAssertTrue(value.allSatisfy { "0123456789abcdef".contains($0) }, value)
        XCTAssertEqual(value, try fingerprint(base), "the fingerprint is deterministic")
    }

    /// The emitters share one computation per module of a schema set; a module that is not the
    /// set's own (an edited copy under the same name) is computed, never answered from that cache.
    func testTheCacheAnswersOnlyForTheSchemaSetsOwnModule() throws {
        let schema = try checkedSchema(texts: ["shop.bridge.yaml": base])
        let module = try XCTUnwrap(schema.module(named: "shop"))
        let first = WireFingerprint.of(module, in: schema)
        XCTAssertEqual(WireFingerprint.of(module, in: schema), first)
        var edited = module
        edited.methods[0].wireName = "get-item"
        XCTAssertNotEqual(WireFingerprint.of(edited, in: schema), first)
        XCTAssertEqual(WireFingerprint.of(edited, in: schema), try variant("  getItem:\n    kind: request", "  getItem:\n    wire: get-item\n    kind: request"))
        XCTAssertEqual(WireFingerprint.of(module, in: schema), first)

        // A set changed in place forgets what it cached; a copy made before keeps its own.
        var changed = schema
        changed.modules[0] = edited
        XCTAssertEqual(WireFingerprint.of(try XCTUnwrap(changed.module(named: "shop")), in: changed), WireFingerprint.of(edited, in: schema))
        XCTAssertEqual(WireFingerprint.of(module, in: schema), first)
    }

    /// `all` (every module's, with the set's declarations in one table: what the targets print)
    /// gives each module exactly what `of` gives it: for Schemas/ (a type of another module, enum
    /// and struct defaults), the stress set (types of other modules, bytes, page methods) and the
    /// shop above.
    func testAllGivesEachModuleWhatOfGivesIt() throws {
        let sets = [try checkedSchema(), try checkedSchema([TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/Stress")]),
                    try checkedSchema(texts: ["shop.bridge.yaml": base])]
        for schema in sets {
            let all = WireFingerprint.all(in: schema)
            XCTAssertEqual(all.count, schema.modules.count)
            for module in schema.modules {
                XCTAssertEqual(all[module.name], WireFingerprint.of(module, in: schema), module.name)
            }
        }
        XCTAssertEqual(Set(sets[0].modules.map(\.name)), ["sample", "user"])
        XCTAssertGreaterThan(sets[1].modules.count, 5)
    }

    /// Modules stay sorted by name however the set is built or changed: `module(named:)`
    /// searches them by halves.
    func testModulesStaySortedAndAreFoundByName() throws {
        var schema = try checkedSchema(texts: ["shop.bridge.yaml": base,
                                               "alpha.bridge.yaml": "bridgegen: 1\nmodule: alpha\n",
                                               "zeta.bridge.yaml": "bridgegen: 1\nmodule: zeta\n"])
        XCTAssertEqual(schema.modules.map(\.name), ["alpha", "shop", "zeta"])
        var renamed = try XCTUnwrap(schema.module(named: "zeta"))
        renamed.name = "beta"
        schema.modules.append(renamed)
        XCTAssertEqual(schema.modules.map(\.name), ["alpha", "beta", "shop", "zeta"])
        for name in ["alpha", "beta", "shop", "zeta"] { XCTAssertEqual(schema.module(named: name)?.name, name) }
        for name in ["", "a", "gamma", "zz"] { XCTAssertNil(schema.module(named: name)) }
        let decoded = try JSONDecoder().decode(SchemaSet.self, from: JSONEncoder().encode(SchemaSet(modules: schema.modules.reversed())))
        XCTAssertEqual(decoded, schema)
    }

    func testWhatDoesNotTravelKeepsTheFingerprint() throws {
        let original = try fingerprint(base)
        // Each entry: replacements applied together.
        let same: [[(String, String)]] = [
            [("doc: The shop.", "doc: Another text.")],
            [("doc: One item.", "deprecated: true")],
            // A type renamed everywhere: type names never travel.
            [("  Item:\n", "  Article:\n"), ("returns: Item", "returns: Article"), ("item: Item", "item: Article"),
             ("next: list<Item>", "next: list<Article>")],
            [("  Kind:\n", "  Flavour:\n"), ("type: Kind", "type: Flavour")],
            // Fields and cases reordered.
            [("  id: int\n      tags: {type: list<string>, default: []}", "  tags: {type: list<string>, default: []}\n      id: int")],
            [("cases: {plain: ~, fancy: ~}", "cases: {fancy: ~, plain: ~}")],
            // The key renamed while the wire name stays.
            [("  getItem:\n", "  fetchItem:\n    wire: getItem\n")],
            // The params of a client page method are keyed by name: their order does not travel.
            [("params: {a: int, b: string}", "params: {b: string, a: int}")],
            [("doc: The shop.", "doc: The shop.\nx-owner: web")],
        ]
        for replacements in same {
            var text = base
            for (old, new) in replacements {
                XCTAssertTrue(text.contains(old), "the base schema has no '\(old)'")
                text = text.replacingOccurrences(of: old, with: new)
            }
            XCTAssertEqual(try fingerprint(text), original, "\(replacements) changed the fingerprint")
        }
    }

    func testEveryWireChangeChangesTheFingerprint() throws {
        let original = try fingerprint(base)
        let changes: [(String, String)] = [
            ("  id: int\n      tags", "  id: double\n      tags"),                 // a field's type
            ("default: plain", "default: fancy"),                                 // a default (the decoder applies it)
            ("default: []", "default: [a]"),
            ("next: list<Item>", "next: list<Item>\n      note: string?"),                  // an optional field added
            ("cases: {plain: ~, fancy: ~}", "cases: {plain: ~, fancy: ~, odd: ~}"),              // an enum case
            ("cases: {plain: ~, fancy: ~}", "cases: {plain: ~, fancy: {wire: FANCY}}"),   // an enum wire value
            ("soldOut: {code: 1}", "soldOut: {code: 2}"),                         // an error code
            ("ping: {kind: send}", "ping: {kind: request}"),                      // a kind
            ("  getItem:\n", "  getItem:\n    wire: get-item\n"),                 // a wire name
            ("changed: {payload: {item: Item}}", "changed: {payload: {item: Item, at: int}}"),
            ("cartCount: {returns: int", "cartCount: {returns: double"),
            ("b: string}}", "b: bytes}}"),                                       // string -> bytes: both JSON strings
            ("b: string}}", "b: bytes?}}"),
            ("cartCount: {returns: int", "cartCount: {global: app.cartCount, returns: int"),
            // The page's client names each code: renaming an error changes what the page reads.
            ("soldOut", "outOfStock"),
            ("soldOut: {code: 1}", "soldOut: {code: 1}\n  gone: {code: 2}"),
        ]
        var seen: Set<String> = [original]
        for (old, new) in changes {
            let value = try variant(old, new)
            XCTAssertNotEqual(value, original, "'\(old)' -> '\(new)' kept the fingerprint")
            seen.insert(value)
        }
        XCTAssertEqual(seen.count, changes.count + 1, "two different changes gave the same fingerprint")
    }

    /// Codes swapped between two errors, and the params of a `global:` page method reordered
    /// (the app passes them as positional arguments).
    func testSwappedCodesAndReorderedPositionalParamsChangeTheFingerprint() throws {
        let two = base.replacingOccurrences(of: "soldOut: {code: 1}", with: "soldOut: {code: 1}\n  gone: {code: 2}")
            .replacingOccurrences(of: "cartCount: {returns: int", with: "cartCount: {global: app.count, returns: int")
        let original = try fingerprint(two)
        let swapped = two.replacingOccurrences(of: "soldOut: {code: 1}\n  gone: {code: 2}", with: "soldOut: {code: 2}\n  gone: {code: 1}")
        XCTAssertNotEqual(try fingerprint(swapped), original)
        let reordered = two.replacingOccurrences(of: "params: {a: int, b: string}", with: "params: {b: string, a: int}")
        XCTAssertNotEqual(try fingerprint(reordered), original)
    }

    /// Recursive types end in a back reference, and a type reached along many paths is
    /// expanded once: a chain of 40 structs, each with two fields of the next, is 2^40 paths.
    func testRecursiveAndDiamondShapedTypesFinish() throws {
        var text = "bridgegen: 1\nmodule: deep\ntypes:\n"
        for index in 0..<40 {
            text += "  T\(index):\n    fields:\n      a: T\(index + 1)\n      b: T\(index + 1)\n      loop: list<T\(index)>\n"
        }
        text += "  T40:\n    fields:\n      leaf: int\n      back: list<T0>\nmethods:\n  get: {kind: request, returns: T0}\n"
        let schema = try checkedSchema(texts: ["deep.bridge.yaml": text])
        let value = WireFingerprint.of(try XCTUnwrap(schema.module(named: "deep")), in: schema)
        XCTAssertEqual(value.count, 16)
    }
}
