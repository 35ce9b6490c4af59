import BridgeGenCore
@testable import BridgeGenKotlin
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// The Kotlin target's output, compiled: Generated/Kotlin, the files generated for Schemas/, the
/// stress fixtures and the hostile schema (every code point class in docs, defaults, wire
/// values and deprecation messages), each set in its own package, in one kotlinc run with
/// warnings as errors; then values decoded from untrusted text and encoded back by the
/// generated codecs, with the Swift runtime's messages and paths for what they refuse.
final class KotlinModelTests: XCTestCase {
    static func model(_ inputs: [SchemaInput]) throws -> SchemaSet {
        let result = Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none)
        guard let schema = result.schema else {
            throw NSError(domain: "schema", code: 1, userInfo: [NSLocalizedDescriptionKey: DiagnosticRenderer.text(result.diagnostics)])
        }
        return schema
    }

    static func files(_ schema: SchemaSet, package: String, visibility: KotlinSettings.Visibility = .public) -> [GeneratedFile] {
        var config = GeneratorConfig()
        config[KotlinSettings.self] = KotlinSettings(package: package, visibility: visibility)
        var files: [GeneratedFile] = []
        for part in KotlinTarget().parts(schema, config: config) { part.emit { files.append($0) } }
        return files
    }

    /// Schemas/ (package `schemas`, public), the stress fixtures (`stress`, internal) and the
    /// hostile schema (`hostile`), generated and compiled with the probes in one kotlinc run
    /// (later calls find it cached: same inputs).
    /// Error data of every shape (Fixtures/ErrorProbe.kt): a keyword, a list of a struct, an
    /// enum with a default, `any`, a map, `path` (the encoder's parameter), a deprecated field;
    /// an error without data; a doc whose second line is not the message. Streams that only
    /// compile: no parameters and no result (`watch`), and a defaulted parameter, enum items, a
    /// result and errors (`tail`). Deprecations that only compile, which the generated code uses
    /// without a warning (`KotlinSourceTests` reads where it suppresses them): a deprecated
    /// send, request and stream that the dispatcher calls, an event, a page method, a type, an
    /// enum entry as the default of a field, a list, a parameter, a page method's parameter and
    /// error data, and deprecated fields that an encoder and a `bytes` class's `equals` read;
    /// and the names `session` and `caller` for an event's and a page method's parameters. A
    /// deprecated union with deprecated variants and fields, whose variant classes hide `Item`,
    /// `Kind`, `String` and `JsonValue` inside it, and one whose classes hide `Suppress`,
    /// `Deprecated`, `Any`, `Boolean` and `Int` (the generated code qualifies those there).
    static let errorSchema = """
        bridgegen: 1
        module: shop
        types:
          Item:
            fields:
              sku: string
              count:
                type: int
                default: 1
          Kind:
            cases:
              small: Small.
              large: Large.
              tiny:
                doc: Tiny.
                deprecated: Use small.
          Blob:
            fields:
              data: bytes
              kind:
                type: Kind
                default: tiny
              kinds:
                type: list<Kind>
                default: [small, tiny]
              old:
                type: string?
                deprecated: Not sent since 2.0.
              legacy: Legacy?
          Legacy:
            doc: What `fetch` answered.
            deprecated: Use Blob.
            fields:
              name: string
          Change:
            doc: A change to the cart.
            deprecated: Use Blob.
            variants:
              item:
                doc: Its class hides the struct `Item` in the interface.
                fields:
                  item: Item
                  kind:
                    type: Kind
                    default: tiny
              string:
                fields:
                  text: string
                  tags: map<list<string>>?
              kind:
                deprecated: Use item.
                fields:
                  value: Kind
                  blob:
                    type: bytes
                    deprecated: Unused.
              cleared:
                deprecated: Nothing to clear.
              jsonValue:
                fields:
                  raw: any
                  next: Change?
          Hiding:
            doc: Variants whose classes hide what the generated code names.
            variants:
              suppress:
                deprecated: Gone.
                fields:
                  data: bytes
                  old:
                    type: int?
                    deprecated: Unused.
              deprecated:
                fields:
                  flag: bool
              any: null
              boolean: null
              int: null
        errors:
          outOfStock:
            code: 1
            doc: |
              Not enough left.
              The second line is not the message.
            data:
              in:
                type: string
                doc: A keyword as a field.
              available: int
              items: list<Item>?
              kind:
                type: Kind
                default: large
              extra: any?
              limits: map<double>?
              path: string?
              old:
                type: bool?
                deprecated: Not sent since 2.0.
          gone: 2
          conflict:
            code: 5
            data:
              change: Change
              hiding: list<Hiding>?
          limited:
            code: 4
            data:
              kind:
                type: Kind
                default: tiny
              old:
                type: bytes?
                deprecated: true
        methods:
          watch:
            kind: stream
            yields: list<Item>?
          tail:
            kind: stream
            params:
              from: int
              kind:
                type: Kind
                default: small
            yields:
              type: Kind
              doc: The next kind.
            returns: map<double>?
            errors: [outOfStock, gone]
          ping:
            kind: send
            deprecated: 'Use "tail" ($1 a call) instead.'
            params:
              kind:
                type: Kind
                default: tiny
          fetch:
            kind: request
            deprecated: true
            params:
              blob: Blob
              old:
                type: string?
                doc: Ignored.
                deprecated: Never read.
            returns: Legacy
            errors: [limited]
          follow:
            kind: stream
            deprecated: Use tail.
            yields: Blob
          change:
            kind: request
            params:
              change: Change
            returns: list<Change>?
        events:
          stale:
            deprecated: No more.
            payload:
              session: string
              blob: Blob
              kinds: list<Kind>?
        pageMethods:
          preview:
            params:
              changes: map<Change>
            returns: Change
            errors: [conflict]
          reserve:
            params:
              sku: string
            returns: bool
            errors: [outOfStock, gone, limited]
          release:
            deprecated: Use reserve.
            params:
              caller: string
              kind:
                type: Kind
                default: tiny
            returns: map<list<Kind>>?

        """

    static func compiledSets() throws -> URL {
        var generator = HostileStrings()
        let hostile = HostileSchema(generator: &generator)
        let sets: [(String, KotlinSettings.Visibility, [SchemaInput])] = [
            ("schemas", .public, SchemaDiscovery.inputs(for: [TestPaths.schemas.path]).inputs),
            ("stress", .internal, SchemaDiscovery.inputs(for: [TestPaths.path("Tests/BridgeGenSwiftTests/Fixtures/Stress")]).inputs),
            ("hostile", .public, [SchemaInput(path: HostileStrings.fileName, text: hostile.yaml)]),
            ("errors", .public, [SchemaInput(path: "shop.bridge.yaml", text: errorSchema)]),
        ]
        let root = KotlinToolchain.classes("models").deletingLastPathComponent().appendingPathComponent("models-sources")
        try? FileManager.default.removeItem(at: root)
        var paths: [String] = []
        for (package, visibility, inputs) in sets {
            XCTAssertFalse(inputs.isEmpty, package)
            for file in Self.files(try Self.model(inputs), package: package, visibility: visibility) {
                // Generated text holds no raw line terminator but `\n` and nothing invisible.
                let bad = file.contents.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && UntrustedText.needsEscape($0) }
                XCTAssertTrue(bad.isEmpty, "\(package)/\(file.relativePath) holds raw \(bad.map { UntrustedText.hex($0, width: 4) })")
                let url = root.appendingPathComponent(package).appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
        }
        // The golden itself, as an app compiles it (package bridgegen), and the docs' Kotlin examples against it.
        let golden = TestPaths.generated.appendingPathComponent("Kotlin")
        paths += try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".kt") }.sorted().map { golden.appendingPathComponent($0).path }
        let examples = root.appendingPathComponent("docs/DocsExamples.kt")
        try FileManager.default.createDirectory(at: examples.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try DocsKotlinExamples.program(modules: ["sample", "user"]).text.utf8).write(to: examples)
        paths.append(examples.path)
        paths += KotlinToolchain.standIn
        let docsStandIns = TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/DocsStandIns")
        paths += try FileManager.default.contentsOfDirectory(atPath: docsStandIns).filter { $0.hasSuffix(".kt") }.sorted().map { docsStandIns + "/" + $0 }
        paths += ["ModelProbe.kt", "BytesProbe.kt", "DispatchProbe.kt", "PageCallerProbe.kt", "AndroidHost.kt", "ErrorProbe.kt"].map { TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/" + $0) }
        let classes = KotlinToolchain.classes("models")
        try KotlinToolchain.compile(paths, into: classes)
        return classes
    }

    func testGeneratedModelsAndCodecsCompileAndRoundTrip() throws {
        let classes = try Self.compiledSets()

        let cases: [(String, String)] = [
            ("PrepayOrder {\"product_id\":\"p1\"}", #"ok {"metadata":{},"product_id":"p1","quantity":1}"#),
            ("PrepayOrder {\"product_id\":\"p1\",\"quantity\":null,\"metadata\":{\"b\":[1.5,null],\"a\":2.0}}",
             #"ok {"metadata":{"a":2,"b":[1.5,null]},"product_id":"p1","quantity":1}"#),
            ("PrepayOrder {\"quantity\":2}", "err -3 params.v.product_id: missing required string"),
            ("PrepayOrder {\"product_id\":\"p\",\"quantity\":2.5}", "err -3 params.v.quantity: expected int, got a non-integral number"),
            ("PrepayOrder [1]", "err -3 params.v: expected object, got array"),
            ("DeviceInfo {\"model\":\"m\",\"system\":\"s\",\"appVersion\":\"1\",\"safeAreaInsets\":{\"top\":1,\"left\":0,\"bottom\":2.5,\"right\":0}}",
             #"ok {"appVersion":"1","darkMode":false,"model":"m","safeAreaInsets":{"bottom":2.5,"left":0.0,"right":0.0,"top":1.0},"system":"s"}"#),
            ("DeviceInfo {\"model\":\"m\",\"system\":\"s\",\"appVersion\":\"1\",\"safeAreaInsets\":{\"top\":\"1\"}}",
             "err -3 params.v.safeAreaInsets.top: expected double, got string"),
            ("HapticStyle \"heavy\"", #"ok "heavy""#),
            ("HapticStyle \"Heavy\"", #"err -3 params.v: expected one of "light", "medium", "heavy", "rigid", got "Heavy""#),
            ("HapticStyle 3", #"err -3 params.v: expected one of "light", "medium", "heavy", "rigid", got int"#),
            // Unions (docs/WIRE.md, "Unions"): known variants with the struct rules, unknown ones kept whole.
            (#"ShareItem {"kind":"link","title":"T","url":"https://a.b"}"#, #"ok {"kind":"link","title":"T","url":"https://a.b"}"#),
            (#"ShareItem {"kind":"link","url":"u","title":null,"extra":1}"#, #"ok {"kind":"link","url":"u"}"#),
            (#"ShareItem {"body":"hi","kind":"text"}"#, #"ok {"body":"hi","kind":"text"}"#),
            (#"ShareItem {"kind":"image","data":"AAE="}"#, #"ok {"data":"AAE=","kind":"image","mime":"image/png"}"#),
            (#"ShareItem {"kind":"screenshot"}"#, #"ok {"kind":"screenshot"}"#),
            (#"ShareItem {"kind":"link","url":5}"#, "err -3 params.v.url: expected string, got int"),
            (#"ShareItem {"kind":"image","data":"AAE"}"#,
             "err -3 params.v.data: expected bytes (base64), got a string that is not base64: its length 3 is not a multiple of 4"),
            (#"ShareItem "text""#, "err -3 params.v: expected object, got string"),
            (#"ShareItem {"body":"x"}"#, "err -3 params.v.kind: missing required string"),
            (#"ShareItem {"kind":null,"body":"x"}"#, "err -3 params.v.kind: missing required string"),
            (#"ShareItem {"kind":3}"#, "err -3 params.v.kind: expected string, got int"),
            (#"ShareItem {"url":"u","kind":"video","n":[1,{"b":null,"a":2.5}]}"#, #"ok {"kind":"video","n":[1,{"a":2.5,"b":null}],"url":"u"}"#),
            (#"ShareItem {"kind":"Text","body":"x"}"#, #"ok {"body":"x","kind":"Text"}"#),
            (#"ShareOutcome {"type":"shared","activity":null}"#, #"ok {"type":"shared"}"#),
            (#"ShareOutcome {"type":"cancelled"}"#, #"ok {"type":"cancelled"}"#),
            (#"NavigationAction {"action":"sequence","steps":[{"action":"push","path":"/a","query":{"q":"1"}},{"action":"open-url","url":"u"},{"action":"back"},{"action":"sequence","steps":[{"to":"x","action":"teleport"}]}]}"#,
             #"ok {"action":"sequence","steps":[{"action":"push","path":"/a","query":{"q":"1"}},{"action":"open-url","url":"u"},{"action":"back"},{"action":"sequence","steps":[{"action":"teleport","to":"x"}]}]}"#),
            (#"NavigationAction {"action":"sequence","steps":[{"action":"back"},{"action":"sequence","steps":[{"action":"push"}]}]}"#,
             "err -3 params.v.steps[1].steps[0].path: missing required string"),
            (#"NavigationAction {"action":"openUrl","url":"u"}"#, #"ok {"action":"openUrl","url":"u"}"#),
            (#"list<ShareItem> [{"kind":"text","body":"a"},{"kind":"gif"}]"#, #"ok [{"body":"a","kind":"text"},{"kind":"gif"}]"#),
            (#"list<ShareItem> [{"kind":"gif"},{"kind":"text"}]"#, "err -3 params.v[1].body: missing required string"),
            (#"map<ShareItem>? {"b":{"kind":"screenshot"},"a":{"kind":"link","url":"x"}}"#, #"ok {"a":{"kind":"link","url":"x"},"b":{"kind":"screenshot"}}"#),
            (#"map<ShareItem>? {"a":{"kind":[]}}"#, #"err -3 params.v["a"].kind: expected string, got array"#),
            ("map<ShareItem>? null", "ok null"),
        ]
        let input = cases.map { $0.0 + "\n" }.joined()
        let run = try KotlinToolchain.run("schemas.ModelProbeKt", classes: classes, input: input)
        XCTAssertEqual(run.status, 0, run.output)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(lines.count, cases.count, run.output)
        for ((input, expected), line) in zip(cases, lines) {
            XCTAssertEqual(line, expected, input)
        }
    }

    /// Typed errors: every error's data encoded for the page and read back from a page's
    /// rejection is the same value (data classes compare by data and message); null or absent
    /// data reads as no fields, and a required field then fails with its path; data that cannot
    /// be encoded throws `internalError` naming its path.
    func testTypedErrorsRoundTripTheirData() throws {
        let run = try KotlinToolchain.run("errors.ErrorProbeKt", classes: try Self.compiledSets(), input: "")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.stdout, #"""
            1 {"errcode":1,"errmsg":"Not enough left.","data":{"available":2,"extra":{"k":[1,null]},"in":"aisle 3","items":[{"count":1,"sku":"a"},{"count":3,"sku":"b"}],"kind":"large","limits":{"a":0.0,"z":1.5},"path":"/a"}}
              read back equal: true, same hash: true
            1 {"errcode":1,"errmsg":"none \"left\" $x","data":{"available":0,"in":"","kind":"small"}}
              read back equal: true, same hash: true
            2 {"errcode":2,"errmsg":"gone","data":null}
              read back equal: true, same hash: true
            5 {"errcode":5,"errmsg":"conflict","data":{"change":{"n":[2,null],"type":"merged"},"hiding":[{"type":"int"},{"flag":true,"type":"deprecated"}]}}
              read back equal: true, same hash: true
            null data: error -3 data.in: missing required string
            no available: error -3 data.available: missing required int
            a wrong item: error -3 data.items[0].sku: missing required string
            a conflict's change without its tag: error -3 data.change.type: missing required string
            gone with data: Gone(message=m)
            undeclared: null
            unencodable: error -6 data.available: int 1152921504606846976 is outside +-(2^53-1)

            """#)
    }

    /// Data classes holding `bytes` override `equals` and `hashCode` to compare content
    /// (`BridgeContent`): a `ByteArray` alone compares by identity.
    func testDataClassesHoldingBytesCompareByContent() throws {
        let classes = try Self.compiledSets()
        let run = try KotlinToolchain.run("stress.BytesProbeKt", classes: classes, input: "")
        XCTAssertEqual(run.status, 0, run.output)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 14, run.output)
        for line in lines { XCTAssertTrue(line.hasSuffix(" true"), line) }
    }

    /// The Kotlin side of every example of Generated/Docs compiles against Generated/Kotlin,
    /// warnings as errors (in `compiledSets`' one kotlinc run): a handler per method of Schemas/
    /// (the classes implement the interfaces whole), every event sent and every page method
    /// called; and docs/ANDROID.md's install and page-call examples (Fixtures/DocsStandIns: an
    /// Activity, its lifecycle scope, WebView settings, WebViewAssetLoader, Log and BuildConfig,
    /// which the glue's stand-in leaves out; the WebViewClient the install overrides is the stand-in's).
    func testTheDocsKotlinExamplesCompile() throws {
        _ = try Self.compiledSets()
        let program = try DocsKotlinExamples.program(modules: ["sample", "user"])
        XCTAssertEqual(program.handlers, 15, "one handler example per method of Schemas/")
        XCTAssertEqual(program.events, 4, program.text)
        XCTAssertEqual(program.pageCalls, 5, program.text)
    }

    /// The generated TypeScript client, compiled by tsc, against the generated Kotlin on a JVM
    /// (Fixtures/android-jvm.mjs and AndroidHost.kt: BridgeAndroid on the SDK stand-in, the
    /// set's dispatchers, the Swift test host's handlers), in both transports: requests, errors,
    /// hostile strings, refusals with the Swift codes and paths, sends, capabilities and the
    /// fingerprint, events queued before the hello, page calls and their failures, uninstall;
    /// in the callback transport a seed-001 page through the shim as well.
    func testTheGeneratedClientTalksToTheGeneratedKotlinOnAJVM() throws {
        let classes = try Self.compiledSets()
        for (transport, expected) in [(GeneratorConfig.Transport.reply, 13), (.callback, 14)] {
            let client = try Self.compiledClient(transport)
            let run = try runProcess("node", [TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/android-jvm.mjs"), transport.rawValue, client.path, classes.path,
                                              KotlinToolchain.script], timeout: 300, mergeStderr: true)
            for line in run.output.split(separator: "\n") where line.hasPrefix("android-jvm-") || line.hasPrefix("latency-") { print(line) }
            XCTAssertEqual(run.status, 0, run.output)
            XCTAssertTrue(run.output.contains("android-jvm-\(transport.rawValue): \(expected) passed, 0 failed"), run.output)
        }
    }

    /// The generated TypeScript for Schemas/ in `transport`, compiled by tsc with the flags the client is held to; its folder.
    static func compiledClient(_ transport: GeneratorConfig.Transport) throws -> URL {
        _ = try requireTool("tsc")
        let flags = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--isolatedModules", "--target", "ES2020",
                     "--module", "ES2020", "--moduleResolution", "node", "--lib", "ES2020,DOM"]
        let source = try temporaryFolder("android-ts-\(transport.rawValue)")
        let files = TargetRegistry.web.files(try checkedSchema(), config: GeneratorConfig(transport: transport))
        for file in files { try Data(file.contents.utf8).write(to: source.appendingPathComponent(file.relativePath)) }
        let client = try temporaryFolder("android-js-\(transport.rawValue)")
        let tsc = try runProcess("tsc", flags + ["--outDir", client.path] + files.map { source.appendingPathComponent($0.relativePath).path }, mergeStderr: true)
        guard tsc.status == 0 else { throw TestFailure("tsc rejected the generated client:\n\(tsc.output)") }
        try Data(#"{"type":"module"}"#.utf8).write(to: client.appendingPathComponent("package.json"))
        return client
    }

    /// The generated `SamplePage` through a session whose scripted page answers at once: the
    /// arguments each call evaluates (params by wire name, the global path, the positional
    /// arguments, all as literals) and what the caller makes of each answer; then the set's
    /// generated `BridgeAndroid.install(webView, scope, sampleHandler =, userHandler =)` on the
    /// stand-in with `BridgeConfiguration`'s transport and policy.
    func testGeneratedPageCallersCallThePage() throws {
        let run = try KotlinToolchain.run("schemas.PageCallerProbeKt", classes: try Self.compiledSets(), input: "")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.stdout, #"""
            evaluate "sample","1","sample","getCartCount","{\"userId\":\"u\\\"1\"}","[\"app\",\"getCartCount\"]","[\"u\\\"1\"]"
            getCartCount: 3
            evaluate "sample","2","sample","getCartCount","{\"userId\":\"u2\"}","[\"app\",\"getCartCount\"]","[\"u2\"]"
            getCartCount, a string: error -13 result: expected int, got string
            evaluate "sample","3","sample","showMessage","{\"message\":\"hi \u003c/script\u003e\"}","[\"sample\",\"showSwiftUIMessage\"]","[\"hi \u003c/script\u003e\"]"
            showMessage: kotlin.Unit
            evaluate "sample","4","sample","showMessage","{\"message\":\"again\"}","[\"sample\",\"showSwiftUIMessage\"]","[\"again\"]"
            showMessage, not implemented: error -10 the page defines no function sample.showSwiftUIMessage
            a short deadline, no client: error -8 the page did not answer 'sample.getCartCount' within 0 s
            calls 0
            -- a map of unions (no global: the client says hello first): an unknown variant kept, null, a bad field and a tag not a string -13
            evaluate "sample","5","sample","shareDrafts","{}"
            shareDrafts: {a=Unknown(tag=hologram, value=Object(members={depth=Integer(value=3), kind=Text(value=hologram)})), b=Screenshot}
            evaluate "sample","6","sample","shareDrafts","{}"
            shareDrafts: null
            evaluate "sample","7","sample","shareDrafts","{}"
            shareDrafts: error -13 result["b"].body: missing required string
            evaluate "sample","8","sample","shareDrafts","{}"
            shareDrafts: error -13 result["a"].kind: expected string, got int
            -- a declared error, typed: its data decoded (null or absent for all-optional data), data that does not decode -13
            evaluate "user","9","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: Busy(retryAfterSeconds=2.5, message=saving), retry after 2.5, code 2004
            evaluate "user","10","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: Busy(retryAfterSeconds=null, message=the page is saving), retry after null, code 2004
            evaluate "user","11","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: Busy(retryAfterSeconds=null, message=saving), retry after null, code 2004
            evaluate "user","12","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: error -13 the data of the page's error 2004 does not decode: data.retryAfterSeconds: expected double, got string
            evaluate "user","13","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: error -13 the data of the page's error 2004 does not decode: data: expected object, got array
            evaluate "user","14","user","confirmLeave","{\"reason\":\"back\"}"
            confirmLeave: error -12 the page rejected with the undeclared code 2001: not this method's
            equal true true, unequal false false, copy Busy(retryAfterSeconds=null, message=saving)
            -- the set's install, with bridgegen.yaml's settings
            listeners [__bridgegen_sample, __bridgegen_user], modules [sample, user]
            rules [app://], channel null
            __bridgegen_user: {"answer":"c3","envelope":{"errcode":2002,"errmsg":"The App Store refused the purchase","data":{"retryable":true,"storeCode":2}}}
            __bridgegen_user: {"answer":"c4","envelope":{"errcode":2003,"errmsg":"In-app purchases are disabled on this device (Screen Time restrictions).","data":null}}
            __bridgegen_sample: {"answer":"c1","envelope":{"errcode":0,"errmsg":"ok","data":true}}
            __bridgegen_sample: {"answer":"c2","envelope":{"errcode":0,"errmsg":"ok","data":"v"}}

            """#)
    }
}
