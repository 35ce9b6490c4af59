// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bridgegen",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .executable(name: "bridgegen", targets: ["bridgegen"]),
        .library(name: "BridgeGenCore", targets: ["BridgeGenCore"]),
        // Generates the Swift side on every build of a target that lists it (docs/PLUGIN.md).
        .plugin(name: "BridgeGenPlugin", targets: ["BridgeGenPlugin"]),
        // `swift package generate-bridge`: Swift, TypeScript and Markdown into a folder.
        .plugin(name: "GenerateBridgeCommand", targets: ["GenerateBridgeCommand"]),
        // `swift package check-bridge`: fails when that folder is stale; needs no permission (CI).
        .plugin(name: "CheckBridgeCommand", targets: ["CheckBridgeCommand"]),
    ],
    targets: [
        // libyaml from the system (apt: libyaml-dev, brew: libyaml); the only C dependency.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Front end: YAML reading, IDL syntax, type checker, checked model, diagnostics,
        // and what the targets share (the printer, `GeneratedFile`, the `BridgeTarget` protocol).
        .target(name: "BridgeGenCore", dependencies: ["CYAML"]),
        // The crash-safe output writer: plan, journaled commit, recovery, up-to-date stamp.
        .target(name: "BridgeGenOutput", dependencies: ["BridgeGenCore"]),
        // One run (config, recovery, check, every target's checks, plan, commit) and `diff`.
        .target(name: "BridgeGenDriver", dependencies: ["BridgeGenCore", "BridgeGenOutput"]),
        // One module per target (`BridgeTarget`), each over the checked model alone.
        // Each carries its runtime (Runtime/Swift, Runtime/TypeScript) as EmbeddedRuntime.swift,
        // written by Scripts/embed-runtime.sh (RuntimeEmbedder) and checked fresh by the tests.
        .target(name: "BridgeGenSwift", dependencies: ["BridgeGenCore"]),
        .target(name: "BridgeGenTypeScript", dependencies: ["BridgeGenCore"]),
        // The Android side (issue 24); its runtime (Runtime/Kotlin) is not a Swift target: it is
        // read by RuntimeEmbedder and compiled by kotlinc in the tests.
        .target(name: "BridgeGenKotlin", dependencies: ["BridgeGenCore"]),
        // The runtimes are real code: the Swift runtime is a module built and unit-tested as
        // itself (its WebKit glue against the test stand-in); the TypeScript runtime is
        // type-checked by tsc in the tests. Neither is a product: generated code carries its
        // own copy. See Runtime/README.md.
        .target(name: "BridgeRuntime", path: "Runtime/Swift"),
        .executableTarget(name: "RuntimeEmbedder"),
        // The docs: each side's examples come from its target (`BridgeTarget.examples`).
        .target(name: "BridgeGenMarkdown", dependencies: ["BridgeGenCore"]),
        // The one list of targets (`TargetRegistry.all`): a new target is its module, one line
        // there, and its module added to this target's dependencies.
        .target(name: "BridgeGenTargets", dependencies: ["BridgeGenCore", "BridgeGenSwift", "BridgeGenKotlin", "BridgeGenTypeScript", "BridgeGenMarkdown"]),
        // `bridgegen lsp`: the Language Server Protocol over stdio, on the front end; targets'
        // checks are handed in by the CLI, so it names no target.
        .target(name: "BridgeGenLSP", dependencies: ["BridgeGenCore"]),
        // Thin CLI. `bridgegen schema` prints docs/bridgegen.schema.json, compiled in through
        // the symlink beside the sources (no resource bundle to ship with the binary).
        .executableTarget(
            name: "bridgegen",
            dependencies: ["BridgeGenCore", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenTargets", "BridgeGenLSP"],
            resources: [.embedInCode("bridgegen.schema.json")]
        ),
        // Thin plugins: find inputs, name outputs, run the CLI. They share
        // Plugins/PluginsShared through symlinks (plugins cannot depend on libraries).
        .plugin(
            name: "BridgeGenPlugin",
            capability: .buildTool(),
            dependencies: ["bridgegen"]
        ),
        .plugin(
            name: "GenerateBridgeCommand",
            capability: .command(
                intent: .custom(verb: "generate-bridge",
                                description: "Write the Swift, TypeScript and Markdown of the bridge into a folder"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated bridge (Swift, TypeScript, Markdown) into the output folder; to check it without writing (CI), use swift package check-bridge, which needs no permission")]
            ),
            dependencies: ["bridgegen"]
        ),
        .plugin(
            name: "CheckBridgeCommand",
            capability: .command(
                intent: .custom(verb: "check-bridge",
                                description: "Fail when the bridge generate-bridge writes is missing or stale; writes nothing")
            ),
            dependencies: ["bridgegen"]
        ),
        // What every test target shares (process runner, temp folders, the golden comparison
        // and its update switch, seeded generators); not a product.
        .target(name: "BridgeGenTestSupport", dependencies: ["BridgeGenCore"], path: "Tests/BridgeGenTestSupport"),
        // Test fixtures (schemas, generated-code programs, node tests) are read from the source
        // tree through #filePath, never compiled into the test targets.
        .testTarget(name: "BridgeGenCoreTests", dependencies: ["BridgeGenCore", "BridgeGenTestSupport"], exclude: ["Fixtures"]),
        // The writer on a real file system: a kill at every commit step, recovery, line counts.
        .testTarget(name: "BridgeGenOutputTests", dependencies: ["BridgeGenOutput", "BridgeGenTestSupport"]),
        // Whole runs in process: stages, the up-to-date stamp, `diff`'s --fail-on.
        .testTarget(name: "BridgeGenDriverTests", dependencies: ["BridgeGenDriver", "BridgeGenOutput", "BridgeGenTestSupport"]),
        // ConsoleScript/ holds the node test of the console page script (run by ConsoleScriptTests).
        .testTarget(name: "BridgeRuntimeTests", dependencies: ["BridgeRuntime", "BridgeGenTestSupport"], exclude: ["ConsoleScript"]),
        .testTarget(name: "BridgeGenSwiftTests", dependencies: ["BridgeGenSwift", "BridgeGenTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BridgeGenTypeScriptTests", dependencies: ["BridgeGenTypeScript", "BridgeGenTestSupport", "BridgeRuntime"], exclude: ["node"]),
        // The Kotlin target and runtime (Runtime/Kotlin, issue 24): the runtime and generated code are
        // compiled by a real Kotlin 2 compiler (Scripts/kotlin.py) and checked against the Swift runtime.
        .testTarget(name: "BridgeGenKotlinTests", dependencies: ["BridgeGenKotlin", "BridgeGenSwift", "BridgeGenTypeScript", "BridgeGenTestSupport", "BridgeRuntime", "bridgegen"],
                    exclude: ["Fixtures"]),
        // LSP/ holds the pytest-lsp suite and the Neovim smoke test, run against the built binary.
        .testTarget(name: "BridgeGenLSPTests", dependencies: ["BridgeGenLSP", "BridgeGenTestSupport", "bridgegen"], exclude: ["LSP"]),
        .testTarget(name: "BridgeGenMarkdownTests", dependencies: ["BridgeGenMarkdown", "BridgeGenTargets", "BridgeGenTestSupport"]),
        // Generated client <-> generated dispatcher through node and a real WebKitGTK page (docs/E2E.md).
        .testTarget(name: "BridgeGenEndToEndTests", dependencies: ["bridgegen", "BridgeGenTestSupport"], exclude: ["Harness", "Evolution"]),
        // Runs the built `bridgegen` binary on temp folders, and builds Examples/ConsumerPackage.
        .testTarget(
            name: "BridgeGenCLITests",
            dependencies: ["bridgegen", "BridgeGenCore", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenTargets", "BridgeGenSwift",
                           "BridgeGenKotlin", "BridgeGenTypeScript", "BridgeGenMarkdown",
                           "BridgeGenTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
