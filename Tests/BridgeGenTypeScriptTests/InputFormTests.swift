import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import XCTest

/// Received and sent forms: a struct whose fields have defaults gets an `Input` twin, used
/// wherever the page sends it (params, directly or nested); results and payloads keep the
/// received form, where native always fills defaults in. `once` joins the client members.
final class InputFormTests: XCTestCase {
    private let schemas = [
        "base.bridge.yaml": """
            bridgegen: 1
            module: base
            types:
              Plain:
                fields:
                  a: string
              Tuned:
                fields:
                  level:
                    type: int
                    default: 1
              Holder:
                fields:
                  items: list<Tuned?>
                  plain: Plain
            methods:
              put:
                kind: request
                params:
                  holder: Holder
                  byName: map<Tuned>
                  plain: Plain
                returns: Holder
            events:
              changed:
                payload:
                  holder: Holder
            """,
        "other.bridge.yaml": """
            bridgegen: 1
            module: other
            imports: [base]
            methods:
              send-it:
                kind: send
                params:
                  tuned: base.Tuned?
            """,
    ]

    private func generate() throws -> [String: String] {
        TestSupport.generate(try checkedSchema(texts: schemas))
    }

    func testOnlyStructsThatDifferGetAnInputTwinAndParamsUseIt() throws {
        let files = try generate()
        let base = try XCTUnwrap(files["base.ts"])
        XCTAssertTrue(base.contains("export interface Tuned {\n    /** @defaultValue `1` */\n    level: number;\n}\n"), base)
        XCTAssertTrue(base.contains("export interface TunedInput {\n    /** @defaultValue `1` */\n    level?: number;\n}\n"), base)
        // Holder differs only through the struct it holds.
        XCTAssertTrue(base.contains("export interface Holder {\n    items: (Tuned | null)[];\n    plain: Plain;\n}\n"), base)
        XCTAssertTrue(base.contains("export interface HolderInput {\n    items: (TunedInput | null)[];\n    plain: Plain;\n}\n"), base)
        XCTAssertFalse(base.contains("PlainInput"), base)
        XCTAssertTrue(base.contains("export interface PutParams {\n    holder: HolderInput;\n    byName: { [key: string]: TunedInput };\n    plain: Plain;\n}\n"), base)
        XCTAssertTrue(base.contains("put(params: PutParams, options?: $runtime.RequestOptions): Promise<Holder>;"), base)
        XCTAssertTrue(base.contains("export interface ChangedPayload {\n    holder: Holder;\n}\n"), base)
        let other = try XCTUnwrap(files["other.ts"])
        XCTAssertTrue(other.contains("    tuned?: base.TunedInput | null;\n"), other)
        let mock = try XCTUnwrap(files["mock.ts"])
        XCTAssertTrue(mock.contains("put?(params: base.PutParams): base.Holder | Promise<base.Holder>;"), mock)
    }

    func testBothFormsTypeCheckAndAReceivedDefaultIsNotOptional() throws {
        try requireTool("tsc")
        var files = try generate()
        files["page.ts"] = """
            import { base, other } from './index.js';

            export async function page(): Promise<number> {
                const signal = new AbortController().signal;
                const holder = await base.put({ holder: { items: [{}, null], plain: { a: 'x' } }, byName: { k: {} }, plain: { a: 'y' } }, { signal });
                other.sendIt({ tuned: {} });
                const first = holder.items[0];
                // level is a number, never undefined, in what the page receives.
                const level: number = first ? first.level : 0;
                return level + (await base.once('changed', { signal })).holder.plain.a.length;
            }
            """
        try TestSupport.typeCheck(files, name: "input-forms")
        files["page.ts"] = """
            import { base } from './index.js';
            import type { Base } from './index.js';

            export async function page(): Promise<void> {
                await base.put({ holder: { items: [], plain: { a: 'x' } }, byName: {}, plain: { a: 'y' } });
            }
            const received: Base.Tuned = {};
            """
        let folder = try temporaryFolder("input-forms-misuse")
        try write(files, to: folder)
        let inputs = files.keys.sorted().map { folder.appendingPathComponent($0).path }
        let result = try runProcess("tsc", TestSupport.tscFlags + ["--noEmit"] + inputs, mergeStderr: true)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("page.ts(7,7): error TS2741: Property 'level' is missing in type '{}' but required in type 'Tuned'."), result.output)
    }

    func testInputTwinNamesAndOnceAreReserved() throws {
        let schema = try checkedSchema(texts: ["bad.bridge.yaml": """
            bridgegen: 1
            module: bad
            types:
              Tuned:
                fields:
                  level:
                    type: int
                    default: 1
              TunedInput:
                fields:
                  a: string
              PlainInput:
                fields:
                  a: string
            methods:
              once:
                kind: send
            """])
        let found = TargetRegistry.web.validate(schema, config: GeneratorConfig())
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(found.map { $0.location?.line }, [9, 16], rendered)
        XCTAssertEqual(found.map(\.message), [
            "type name 'TunedInput' is reserved in the TypeScript client: it is the input form of type 'Tuned'; rename the type",
            "method name 'once' is reserved in the TypeScript client (a member of every generated module client); choose another name (the wire name can stay: add 'wire: once')",
        ], rendered)
        XCTAssertEqual(found.first?.notes.first?.location?.line, 4)
    }
}
