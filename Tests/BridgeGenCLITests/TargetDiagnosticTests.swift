import Foundation
import XCTest
import BridgeGenTestSupport

/// Every target's own checks run on `check` and on every `generate`, whatever it writes, each
/// problem with its own id, printed exactly in the text and JSON formats by the real binary.
final class TargetDiagnosticTests: XCTestCase {
    /// Runs `bridgegen check` on `schema` (written as `<module>.bridge.yaml`) in text and in JSON
    /// and asserts exit 1 with exactly one error: `line:column: message [id]`.
    private func assertRefused(module: String, _ schema: String, line: Int, column: Int, id: String, message: String,
                               notes: [(line: Int, column: Int, message: String)] = [], file: StaticString = #filePath, at: UInt = #line) throws {
        let folder = try temporaryFolder(self)
        let name = "\(module).bridge.yaml"
        try schema.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let text = try bridgegen(["check", name, "--no-config"], in: folder)
        XCTAssertEqual(text.status, 1, text.stderr, file: file, line: at)
        // Each line is followed by the schema line it names and a caret under the column.
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false)
        func snippet(_ line: Int, _ column: Int) -> String { "\(lines[line - 1])\n\(String(repeating: " ", count: column - 1))^\n" }
        let noteLines = notes.map { "\(name):\($0.line):\($0.column): note: \($0.message)\n" + snippet($0.line, $0.column) }.joined()
        XCTAssertEqual(text.stderr, "\(name):\(line):\(column): error: \(message) [\(id)]\n\(snippet(line, column))\(noteLines)1 error, 0 warnings generated.\n",
                       file: file, line: at)

        let json = try bridgegen(["check", name, "--no-config", "--diagnostics-format", "json"], in: folder)
        XCTAssertEqual(json.status, 1, file: file, line: at)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [[String: Any]], json.stderr, file: file, line: at)
        let expected: [[String: Any]] = [[
            "id": id, "severity": "error", "message": message,
            "location": ["path": name, "line": line, "column": column],
            "notes": notes.map { ["message": $0.message, "location": ["path": name, "line": $0.line, "column": $0.column]] },
        ]]
        XCTAssertEqual(parsed as NSArray, expected as NSArray, json.stderr, file: file, line: at)
    }

    func testAMethodNamedOnFailsCheckAndASwiftOnlyGenerateWithTheTypeScriptReason() throws {
        let schema = "bridgegen: 1\nmodule: sample\nmethods:\n  on:\n    kind: send\n"
        let message = "method name 'on' is reserved in the TypeScript client (a member of every generated module client); choose another name (the wire name can stay: add 'wire: on')"
        try assertRefused(module: "sample", schema, line: 4, column: 3, id: "ts-reserved-method", message: message)

        // The native team's build refuses it too: no target's build is green while another's fails.
        let folder = try temporaryFolder(self)
        try schema.write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let generate = try bridgegen(["generate", "sample.bridge.yaml", "--no-config", "--swift-out", "out"], in: folder)
        XCTAssertEqual(generate.status, 1)
        XCTAssertEqual(generate.stderr, "sample.bridge.yaml:4:3: error: \(message) [ts-reserved-method]\n  on:\n  ^\n1 error, 0 warnings generated.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written")
    }

    /// Each target reserves its own words (`BridgeTarget.reservedWords`); `check` refuses a
    /// module or type name any of them reserves, with every target's reason.
    func testAModuleNameReservedByBothTargetsIsRefusedWithBothReasons() throws {
        try assertRefused(module: "class", "bridgegen: 1\nmodule: class\n", line: 2, column: 9, id: "reserved-name",
                          message: "module name 'class' is reserved in Swift and TypeScript; choose another name")
    }

    func testATypeNameReservedByOneTargetIsRefusedWithItsReason() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\ntypes:\n  Partial:\n    fields: {id: int}\n", line: 4, column: 3,
                          id: "reserved-name", message: "type name 'Partial' is reserved in TypeScript; choose another name")
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\ntypes:\n  Codable:\n    fields: {id: int}\n", line: 4, column: 3,
                          id: "reserved-name", message: "type name 'Codable' is reserved in Swift; choose another name")
    }

    func testAGlobalTheWebClientUsesCannotNameAModule() throws {
        try assertRefused(module: "window", "bridgegen: 1\nmodule: window\n", line: 2, column: 9, id: "reserved-name",
                          message: "module name 'window' is reserved in the generated web client (a global it uses); choose another name")
    }

    func testAnEventNamedLikeAnObjectMemberIsRefused() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\nevents:\n  constructor: {}\n", line: 4, column: 3, id: "ts-reserved-event",
                          message: "event name 'constructor' is reserved in JavaScript (a member of every object); choose another name (the wire name can stay: add 'wire: constructor')")
    }

    func testATypeNamedLikeAGeneratedTypeScriptDeclarationIsRefused() throws {
        let schema = "bridgegen: 1\nmodule: sample\ntypes:\n  SetItemParams:\n    fields:\n      a: string\nmethods:\n  setItem:\n    kind: send\n    params:\n      key: string\n"
        try assertRefused(module: "sample", schema, line: 4, column: 3, id: "ts-generated-type-clash",
                          message: "type name 'SetItemParams' is reserved in the TypeScript client: it is the parameters of method 'setItem'; rename the type",
                          notes: [(8, 3, "'SetItemParams' comes from here")])
    }

    func testAModuleNamedLikeAMockDeclarationIsRefused() throws {
        try assertRefused(module: "bridge", "bridgegen: 1\nmodule: bridge\n", line: 2, column: 9, id: "ts-mock-name-clash",
                          message: "module name 'bridge' is reserved in the TypeScript client (mock.ts declares 'BridgeMock' itself); choose another name")
    }

    func testAModuleNamedLikeARuntimeExportIsRefused() throws {
        try assertRefused(module: "config", "bridgegen: 1\nmodule: config\n", line: 2, column: 9, id: "ts-index-export-clash",
                          message: "module name 'config' is reserved in the TypeScript client (index.ts exports 'Config' from the runtime); choose another name")
    }

    /// Both native targets nest a module's types in a namespace named for it: each refuses the type, with its own id.
    func testATypeNamedLikeAModulesNamespaceIsRefusedByEachNativeTarget() throws {
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: other\n".write(to: folder.appendingPathComponent("other.bridge.yaml"), atomically: true, encoding: .utf8)
        try "bridgegen: 1\nmodule: sample\ntypes:\n  Other:\n    fields:\n      a: string\n"
            .write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let kotlin = "type 'Other' would shadow the Kotlin object of module 'other'; rename the type"
        let swift = "type 'Other' would shadow the Swift namespace of module 'other'; rename the type"
        let text = try bridgegen(["check", ".", "--no-config"], in: folder)
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stderr, "./sample.bridge.yaml:4:3: error: \(kotlin) [kotlin-type-shadows-support]\n  Other:\n  ^\n"
                       + "./sample.bridge.yaml:4:3: error: \(swift) [swift-type-shadows-namespace]\n  Other:\n  ^\n2 errors, 0 warnings generated.\n")
        let json = try bridgegen(["check", ".", "--no-config", "--diagnostics-format", "json"], in: folder)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [[String: Any]], json.stderr)
        let location: [String: Any] = ["path": "./sample.bridge.yaml", "line": 4, "column": 3]
        let expected: [[String: Any]] = [
            ["id": "kotlin-type-shadows-support", "severity": "error", "message": kotlin, "notes": [[String: Any]](), "location": location],
            ["id": "swift-type-shadows-namespace", "severity": "error", "message": swift, "notes": [[String: Any]](), "location": location],
        ]
        XCTAssertEqual(parsed as NSArray, expected as NSArray, json.stderr)
    }

    func testATypeNamedLikeASwiftSupportTypeIsRefused() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\ntypes:\n  BridgeGlue:\n    fields:\n      a: string\n", line: 4, column: 3,
                          id: "swift-type-shadows-support",
                          message: "type 'BridgeGlue' would shadow the generated Swift support type of the same name; rename the type")
    }

    /// Every page caller has `withTimeout`: each target refuses the page method, with its own id.
    func testAPageMethodNamedLikeThePageCallersMemberIsRefusedByEachNativeTarget() throws {
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: sample\npageMethods:\n  withTimeout:\n    params:\n      seconds: double\n"
            .write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let text = try bridgegen(["check", "sample.bridge.yaml", "--no-config"], in: folder)
        XCTAssertEqual(text.status, 1)
        let snippet = "  withTimeout:\n  ^\n"
        XCTAssertEqual(text.stderr, """
            sample.bridge.yaml:4:3: error: page method 'withTimeout' would clash with 'withTimeout' of the generated ArkTS page caller 'SamplePage'; rename it (the page keeps its name with 'wire: withTimeout') [arkts-reserved-page-method]
            \(snippet)sample.bridge.yaml:4:3: error: page method 'withTimeout' would clash with 'withTimeout' of the generated Kotlin page caller 'SamplePage'; rename it (the page keeps its name with 'wire: withTimeout') [kotlin-reserved-page-method]
            \(snippet)sample.bridge.yaml:4:3: error: page method 'withTimeout' would clash with 'withTimeout' of the generated Swift page caller 'SamplePage'; rename it (the page keeps its name with 'wire: withTimeout') [swift-reserved-page-method]
            \(snippet)3 errors, 0 warnings generated.

            """)
    }

    func testATypeNamedLikeAGeneratedKotlinDeclarationIsRefused() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\ntypes:\n  BridgeAndroid:\n    fields:\n      a: string\n", line: 4, column: 3,
                          id: "kotlin-type-shadows-support",
                          message: "type 'BridgeAndroid' would shadow the generated Kotlin declaration of the same name; rename the type")
        // The ArkTS file declares a `SampleDispatcher` too.
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: sample\ntypes:\n  SampleDispatcher:\n    fields:\n      a: string\n"
            .write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let text = try bridgegen(["check", "sample.bridge.yaml", "--no-config"], in: folder)
        XCTAssertEqual(text.status, 1)
        let snippet = "  SampleDispatcher:\n  ^\n"
        XCTAssertEqual(text.stderr, """
            sample.bridge.yaml:4:3: error: type 'SampleDispatcher' would be the ArkTS declaration 'SampleDispatcher', which is already a class the generator writes in the generated file; rename it [arkts-name-collision]
            \(snippet)sample.bridge.yaml:4:3: error: type 'SampleDispatcher' would shadow the generated Kotlin declaration of the same name; rename the type [kotlin-type-shadows-support]
            \(snippet)2 errors, 0 warnings generated.

            """)
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\ntypes:\n  Long:\n    fields:\n      a: string\n", line: 4, column: 3,
                          id: "reserved-name", message: "type name 'Long' is reserved in Kotlin; choose another name")
    }

    func testAPageMethodNamedLikeAKotlinPageCallerMemberIsRefused() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\npageMethods:\n  hashCode:\n    returns: int\n",
                          line: 4, column: 3, id: "kotlin-reserved-page-method",
                          message: "page method 'hashCode' would clash with 'hashCode' of the generated Kotlin page caller 'SamplePage'; rename it (the page keeps its name with 'wire: hashCode')")
    }

    /// An error's Kotlin class is nested in `SampleError`, whose code names `String` and the
    /// modules' objects unqualified; its data are properties of a `Throwable`.
    func testAnErrorTheKotlinErrorClassCannotHoldIsRefused() throws {
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\nerrors:\n  string: 1\n", line: 4, column: 3, id: "kotlin-reserved-error",
                          message: "error 'string' would be the Kotlin class 'SampleError.String', which shadows the declaration of that name the generated code uses; rename the error")
        try assertRefused(module: "sample", "bridgegen: 1\nmodule: sample\nerrors:\n  busy:\n    code: 1\n    data:\n      cause: string\n",
                          line: 7, column: 7, id: "kotlin-reserved-error",
                          message: "data field 'cause' of error 'busy' would clash with 'cause' of Throwable in the generated Kotlin class 'SampleError.Busy'; rename the field")
    }

    func testOutputDiagnosticsAppearInJSON() throws {
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: sample\n".write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/.bridgegen-staging-4194305-deadbeef"), withIntermediateDirectories: true)
        let check = try bridgegen(["generate", "sample.bridge.yaml", "--no-config", "--docs-out", "out", "--check", "--diagnostics-format", "json"], in: folder)
        XCTAssertEqual(check.status, 1)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stderr.utf8)) as? [[String: Any]], check.stderr)
        // Sorted by path: the manifest, the staging folder, README.md, sample.md.
        XCTAssertEqual(parsed.map { $0["id"] as? String }, ["output-missing", "staging-left-over", "output-missing", "output-missing"], check.stderr)
        XCTAssertEqual(parsed[1] as NSDictionary, [
            "id": "staging-left-over", "severity": "error", "notes": [[String: Any]](),
            "message": "staging folder left by an interrupted run; run the same command without --check to remove it",
            "location": ["path": "out/.bridgegen-staging-4194305-deadbeef"],
        ] as NSDictionary, check.stderr)
    }
}
