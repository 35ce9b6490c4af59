@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

final class TypeExpressionTests: XCTestCase {
    func testGrammar() {
        XCTAssertEqual(TypeExpression.parse("string"), .primitive("string"))
        XCTAssertEqual(TypeExpression.parse("list<map<sample.Item>?>?"),
                       .optional(.list(.optional(.map(.named(module: "sample", name: "Item"))))))
        XCTAssertEqual(TypeExpression.parse(" list < int > ? "), .optional(.list(.primitive("int"))))
        XCTAssertNil(TypeExpression.parse("list<>"))
        XCTAssertNil(TypeExpression.parse("int??"))
        XCTAssertNil(TypeExpression.parse("a.b.c"))
        XCTAssertNil(TypeExpression.parse(""))
    }

    func testErrorOffsetsPointIntoTheText() {
        guard case .failure(let e) = TypeExpression.parseReportingErrors("map<string") else { return XCTFail() }
        XCTAssertEqual(e.offset, 10)
    }

    func testTypeRefRoundTripsThroughItsSpelling() throws {
        let ref = TypeRef.optional(.list(.map(.named(module: "user", name: "UserInfo"))))
        XCTAssertEqual(ref.idlSpelling, "list<map<user.UserInfo>>?")
        let data = try JSONEncoder().encode(ref)
        XCTAssertEqual(try JSONDecoder().decode(TypeRef.self, from: data), ref)
    }
}

final class NamingTests: XCTestCase {
    func testLowerCamel() {
        XCTAssertEqual(IDLNames.lowerCamel("get-user-info"), "getUserInfo")
        XCTAssertEqual(IDLNames.lowerCamel("vip_level"), "vipLevel")
        XCTAssertEqual(IDLNames.lowerCamel("deviceInfo"), "deviceInfo")
        XCTAssertEqual(IDLNames.lowerCamel("ios-app-prepay"), "iosAppPrepay")
    }

    func testNameRules() {
        XCTAssert(IDLNames.isValidMemberName("get-user-info"))
        XCTAssertFalse(IDLNames.isValidMemberName("get--user"))
        XCTAssertFalse(IDLNames.isValidMemberName("_private"))
        XCTAssertFalse(IDLNames.isValidMemberName("naïve"))
        XCTAssert(IDLNames.isValidTypeName("DeviceInfo"))
        XCTAssertFalse(IDLNames.isValidTypeName("Device_Info"))
        XCTAssert(IDLNames.isValidModuleName("sample2"))
        XCTAssertFalse(IDLNames.isValidModuleName("my-module"))
        XCTAssert(IDLNames.isValidWireName("app.close/v2"))
        XCTAssertFalse(IDLNames.isValidWireName("$hello"))
    }

    func testDidYouMean() {
        XCTAssertEqual(DidYouMean.suggestion(for: "tyeps", in: ["types", "methods"]), "types")
        XCTAssertEqual(DidYouMean.suggestion(for: "methds", in: ["types", "methods"]), "methods")
        XCTAssertNil(DidYouMean.suggestion(for: "zzz", in: ["types", "methods"]))
        XCTAssertEqual(DidYouMean.editDistance("sned", "send"), 1)
    }
}

final class PrinterTests: XCTestCase {
    func testScopedIndentationAndComments() {
        var p = CodePrinter()
        p.comment(["Line one.", "", "Line three."], prefix: "/// ")
        p.block("struct A {") { p in
            p.line("var x: Int")
            p.blankLine()
            p.blankLine()
            p.block("func f() {") { p in p.line("return") }
        }
        p.line()
        XCTAssertEqual(p.text, "/// Line one.\n///\n/// Line three.\nstruct A {\n    var x: Int\n\n    func f() {\n        return\n    }\n}\n")
    }
}

final class CheckerTests: XCTestCase {
    func testTheRepositorySchemasAreClean() throws {
        let inputs = SchemaDiscovery.inputs(for: [TestPaths.schemas.path])
        XCTAssertEqual(inputs.diagnostics, [])
        XCTAssertEqual(inputs.inputs.count, 2)
        for transport in GeneratorConfig.Transport.allCases {
            let result = Pipeline.check(inputs.inputs, config: GeneratorConfig(transport: transport), reserved: .none)
            XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics), "", "transport \(transport)")
            XCTAssertNotNil(result.schema)
        }
    }

    func testTheModelKeepsWireNamesIdentifiersAndDefaults() throws {
        let inputs = SchemaDiscovery.inputs(for: [TestPaths.schemas.path]).inputs
        let schema = try XCTUnwrap(Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none).schema)
        XCTAssertEqual(schema.modules.map(\.name), ["sample", "user"])
        let user = try XCTUnwrap(schema.module(named: "user"))
        let getUserInfo = try XCTUnwrap(user.methods.first { $0.name == "get-user-info" })
        XCTAssertEqual(getUserInfo.identifier, "getUserInfo")
        XCTAssertEqual(getUserInfo.wireName, "get-user-info")
        XCTAssertEqual(getUserInfo.kind, .request)
        XCTAssertEqual(getUserInfo.returns, .named(module: "user", name: "UserInfo"))
        XCTAssertEqual(getUserInfo.errors, ["notLoggedIn"])
        let report = try XCTUnwrap(user.methods.first { $0.identifier == "reportDevice" })
        XCTAssertEqual(report.wireName, "report-device")
        XCTAssertEqual(report.params.map(\.type), [.named(module: "sample", name: "DeviceInfo"), .optional(.named(module: "sample", name: "HapticStyle"))])
        guard case .structure(let info)? = schema.declaration(module: "user", name: "UserInfo") else { return XCTFail() }
        let vip = try XCTUnwrap(info.fields.first { $0.wireName == "vip_level" })
        XCTAssertEqual(vip.identifier, "vipLevel")
        XCTAssertEqual(vip.defaultValue, .int(0))
        XCTAssertFalse(vip.isRequiredOnWire)
        XCTAssertEqual(info.fields.first { $0.wireName == "tags" }?.defaultValue, .list([]))
        XCTAssertNotNil(info.fields.first { $0.wireName == "token" }?.deprecated)
        guard case .enumeration(let status)? = schema.declaration(module: "user", name: "PurchaseStatus") else { return XCTFail() }
        XCTAssertEqual(status.cases.map(\.wireValue), ["purchased", "pending", "canceled"])
        let sample = try XCTUnwrap(schema.module(named: "sample"))
        let haptic = try XCTUnwrap(sample.methods.first { $0.name == "haptic" })
        XCTAssertEqual(haptic.params.first?.defaultValue, .enumCase("medium"))
        XCTAssertEqual(sample.imports, [])
        XCTAssertEqual(user.imports, ["sample"])
    }

    func testAnyDefaultsKeepTheirJSONShape() throws {
        let result = check("""
            bridgegen: 1
            module: sample
            types:
              Config:
                fields:
                  extra:
                    type: any
                    default: {a: [1, 2.5, true, null, "x"], b: {}}
            """)
        let schema = try XCTUnwrap(result.schema, DiagnosticRenderer.text(result.diagnostics))
        guard case .structure(let s)? = schema.declaration(module: "sample", name: "Config") else { return XCTFail() }
        XCTAssertEqual(s.fields[0].defaultValue, .map([
            .init(key: "a", value: .list([.int(1), .double(2.5), .bool(true), .null, .string("x")])),
            .init(key: "b", value: .map([])),
        ]))
    }

    func testNothingIsReturnedWhenAnyErrorExists() {
        let result = check("bridgegen: 1\nmodule: sample\nmethods:\n  a: {kind: send}\n  b: {kind: bogus}\n")
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.diagnostics.map(\.id), ["invalid-kind"])
    }

    func testDiagnosticsAreSortedByFileAndPosition() {
        let result = Pipeline.check([
            SchemaInput(path: "b/user.bridge.yaml", text: "bridgegen: 1\nmodule: user\nbogus: 1\n"),
            SchemaInput(path: "a/sample.bridge.yaml", text: "bridgegen: 1\nmodule: sample\nzz: 1\nyy: 2\n"),
        ], config: GeneratorConfig(), reserved: .none)
        XCTAssertEqual(result.diagnostics.compactMap(\.location).map(\.description),
                       ["a/sample.bridge.yaml:3:1", "a/sample.bridge.yaml:4:1", "b/user.bridge.yaml:3:1"])
    }

    func testJSONDiagnosticsCarryIdAndPosition() throws {
        let result = check("bridgegen: 1\nmodule: sample\nmethods:\n  a: {kind: sned}\n")
        let json = DiagnosticRenderer.json(result.diagnostics)
        let decoded = try JSONDecoder().decode([Diagnostic].self, from: Data(json.utf8))
        XCTAssertEqual(decoded, result.diagnostics)
        XCTAssert(json.contains("\"id\" : \"invalid-kind\""), json)
        XCTAssert(json.contains("\"line\" : 4"), json)
        XCTAssertEqual(DiagnosticRenderer.json([]), "[]\n")
    }

    func testMemberKeywordsAreAcceptedForEmittersToEscape() {
        let result = check("""
            bridgegen: 1
            module: sample
            types:
              Item:
                fields: {default: string, class: int, self: bool, type: string?}
            methods:
              switch: {kind: send, params: {in: Item}}
            """)
        XCTAssertEqual(result.diagnostics, [])
    }

    func testLargeScopesStillFindCollisionsAndDuplicates() {
        // Past 32 names the checker's and parser's name tables switch to hashing.
        let fields = (0..<40).map { "      f\($0): int" }.joined(separator: "\n")
        let result = check("bridgegen: 1\nmodule: sample\ntypes:\n  Big:\n    fields:\n\(fields)\n      f_39: int\n      f0: string\n")
        XCTAssertEqual(result.diagnostics.map(\.id), ["case-collision", "duplicate-name"])
        XCTAssertEqual(result.diagnostics.map { $0.location?.line }, [46, 47])
        XCTAssertEqual(result.diagnostics.first?.notes.first?.location?.line, 45)
        XCTAssertEqual(result.diagnostics.last?.notes.first?.location?.line, 6)
    }

    func testFilesReadInParallelGiveTheSameResultAsOneByOne() throws {
        // Enough files for the parallel path; some broken in different stages.
        var inputs: [SchemaInput] = []
        for i in 0..<16 {
            var text = "bridgegen: 1\nmodule: m\(i)\nmethods:\n  call\(i): {kind: request, returns: string}\n"
            if i % 5 == 1 { text += "bogus\(i): 1\n" }
            if i % 5 == 2 { text += "events: [\n" }
            if i % 5 == 3 { text = "- not a mapping\n" }
            inputs.append(SchemaInput(path: "m\(i).bridge.yaml", text: text))
        }
        let sequential = inputs.map { Pipeline.readAndParse($0, reserved: .none) }
        var expected = DiagnosticCollector()
        sequential.forEach { expected.report(contentsOf: $0.diagnostics) }
        let (_, checkProblems) = TypeChecker.check(sequential.compactMap(\.syntax), config: GeneratorConfig(), reserved: .none)
        expected.report(contentsOf: checkProblems)
        XCTAssertEqual(expected.sorted.count, 9, DiagnosticRenderer.text(expected.sorted))
        for _ in 0..<5 {
            XCTAssertEqual(Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none).diagnostics, expected.sorted)
        }
    }
}


/// The core refuses only the names the targets it is given reserve (`ReservedWords`), with
/// their reasons joined in the targets' order.
final class ReservedWordsTests: XCTestCase {
    func testReasonsOfSeveralTargetsAreJoinedInOrderAndDeduplicated() {
        var first = ReservedWords(.module, ["class", "func"], reason: "A")
        first.reserve(.type, ["Shared"], reason: "the shared runtime")
        var second = ReservedWords(.module, ["class", "interface"], reason: "B")
        second.reserve(.type, ["Shared"], reason: "the shared runtime")
        let third = ReservedWords(.module, ["class"], reason: "C")
        let merged = ReservedWords.merged([first, second, third])
        XCTAssertEqual(merged.reason("class", at: .module), "A, B and C")
        XCTAssertEqual(merged.reason("func", at: .module), "A")
        XCTAssertEqual(merged.reason("interface", at: .module), "B")
        XCTAssertEqual(merged.reason("Shared", at: .type), "the shared runtime")
        XCTAssertNil(merged.reason("Shared", at: .module), "positions are separate")
        XCTAssertNil(merged.reason("class", at: .type))
    }

    func testACheckRefusesOnlyWhatTheGivenWordsReserve() {
        let schema = [SchemaInput(path: "thing.bridge.yaml", text: "bridgegen: 1\nmodule: thing\ntypes:\n  Widget:\n    fields: {a: int}\n")]
        XCTAssertNotNil(Pipeline.check(schema, config: GeneratorConfig(), reserved: .none).schema)
        var words = ReservedWords(.module, ["thing"], reason: "Some Language")
        words.reserve(.type, ["Widget"], reason: "Some Language")
        let refused = Pipeline.check(schema, config: GeneratorConfig(), reserved: words)
        XCTAssertEqual(refused.diagnostics.map(\.message), ["module name 'thing' is reserved in Some Language; choose another name"])
        let typeOnly = Pipeline.check(schema, config: GeneratorConfig(), reserved: ReservedWords(.type, ["Widget"], reason: "Other"))
        XCTAssertEqual(typeOnly.diagnostics.map(\.message), ["type name 'Widget' is reserved in Other; choose another name"])
    }

    /// A file name that is a reserved word implies no module name to suggest.
    func testAMissingModuleKeySuggestsTheFileNameOnlyWhenItIsNotReserved() {
        let input = [SchemaInput(path: "thing.bridge.yaml", text: "bridgegen: 1\ndoc: x\n")]
        let free = Pipeline.check(input, config: GeneratorConfig(), reserved: .none).diagnostics.map(\.message)
        let reserved = Pipeline.check(input, config: GeneratorConfig(), reserved: ReservedWords(.module, ["thing"], reason: "X")).diagnostics.map(\.message)
        XCTAssertTrue(free.contains { $0.contains("module: thing") }, "\(free)")
        XCTAssertFalse(reserved.contains { $0.contains("module: thing") }, "\(reserved)")
    }
}
