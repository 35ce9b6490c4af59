import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// Unions as pages write against them, under the flags docs/TYPESCRIPT.md promises: `switch` on
/// the tag narrows every variant, and an exhaustive switch compiles only when it handles the
/// variants the client does not know (`case null`).
final class UnionCompileTests: XCTestCase {
    /// The switch every test below varies: a `ShareItem` described by variant.
    private static func describe(handlingUnknown: Bool) -> String {
        """
        import { Sample } from './index.js';

        export function describe(item: Sample.ShareItem): string {
            switch (item.kind) {
                case 'text': return item.body;
                case 'link': return item.url + (item.title ?? '');
                case 'image': return `${item.data.byteLength} bytes of ${item.mime}`;
                case 'screenshot': return 'a screenshot';
                \(handlingUnknown ? "case null: return `unknown:${item.unknown.tag}`;" : "")
                default: {
                    const unhandled: never = item;
                    return unhandled;
                }
            }
        }
        """
    }

    func testAnExhaustiveSwitchMustHandleUnknownVariants() throws {
        try requireTool("tsc")
        let generated = TestSupport.generate(try checkedSchema())
        var handled = generated
        handled["page.ts"] = Self.describe(handlingUnknown: true)
        try TestSupport.typeCheck(handled, name: "union-exhaustive")

        var forgotten = generated
        forgotten["page.ts"] = Self.describe(handlingUnknown: false)
        let source = try temporaryFolder("union-forgotten")
        let inputs = try write(forgotten, to: source)
        let result = try runProcess("tsc", TestSupport.tscFlags + ["--noEmit"] + inputs, mergeStderr: true)
        XCTAssertNotEqual(result.status, 0, "a switch without `case null` compiled")
        let errors = result.output.split(separator: "\n").filter { $0.contains("error TS") }
        XCTAssertEqual(errors.count, 1, result.output)
        XCTAssertTrue(errors.first?.contains("page.ts(") == true, result.output)
        XCTAssertTrue(errors.first?.contains("Type 'ShareItemUnknown' is not assignable to type 'never'.") == true, result.output)
    }

    /// Variant types by name, the sent and received forms, unknown values passed back, recursion;
    /// and the uses that must not compile.
    func testVariantsAreTypedAsSentAndAsReceived() throws {
        try requireTool("tsc")
        var files = TestSupport.generate(try checkedSchema())
        files["page.ts"] = """
            import { sample, Sample } from './index.js';
            import { installMock } from './mock.js';

            export async function page(): Promise<string> {
                const link: Sample.ShareItemLink = { kind: 'link', url: 'https://a.b' };
                const image: Sample.ShareItemImageInput = { kind: 'image', data: new Uint8Array(4) };   // mime defaults
                const outcome: Sample.ShareOutcome = await sample.shareItems({ items: [link, image, { kind: 'screenshot' }] });
                const activity = outcome.type === 'shared' ? outcome.activity ?? 'somewhere' : 'nowhere';
                const steps: string[] = [];
                sample.on('navigate', ({ action }) => {
                    if (action.action === 'sequence') steps.push(...action.steps.map((step) => step.action ?? step.unknown.tag));
                    if (action.action === null) void sample.shareItems({ items: [] });
                });
                sample.implement({
                    shareDrafts: () => ({ first: link, second: image }),
                });
                installMock({ sample: { shareItems: ({ items }) => items.length === 0 ? { type: 'cancelled' } : { type: 'shared', activity: null } } });
                const drafts: { [key: string]: Sample.ShareItem } = {};
                const received: Sample.ShareItem | undefined = drafts['first'];
                if (received !== undefined) await sample.shareItems({ items: [received] });   // a received item, unknown or not, goes back out
                return activity + steps.join();
            }
            """
        try TestSupport.typeCheck(files, name: "union-page")

        let misuses = [
            "sample.shareItems({ items: [{ kind: 'video', url: 'x' }] });",                 // not a variant
            "sample.shareItems({ items: [{ kind: 'text' }] });",                             // a variant's required field
            "sample.shareItems({ items: [{ kind: 'link', body: 'x' }] });",                  // another variant's field
            "sample.shareItems({ items: [{ url: 'x' }] });",                                 // the tag is required
            "const i: Sample.ShareItemImage = { kind: 'image', data: new Uint8Array(0) };",  // received form: mime filled in
            "const o = await sample.shareItems({ items: [] }); o.activity;",                 // not narrowed
            "sample.on('navigate', ({ action }) => action.path);",                           // not narrowed
            "const u: Sample.ShareItemUnknown = { kind: 'text', unknown: { tag: 'x', object: {} } };", // the unknown branch's tag is null
            "installMock({ sample: { shareItems: () => ({ type: 'shared', activity: 1 }) } });", // mock results are typed
        ]
        try TestSupport.assertEachMisuseRefused(misuses, generated: TestSupport.generate(try checkedSchema()), imports: ["sample", "Sample"], name: "union-misuse")
    }
}
