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
        // `swift package generate-bridge`: every side and the docs into a folder (`bridgegen generate --out`).
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
        .target(name: "BridgeGenCore", dependencies: ["CYAML", "BridgeGenPlatform"]),
        // What the platform provides or lacks, in one place: Foundation (FoundationEssentials
        // where it exists), the C library, and what FoundationEssentials has not (child
        // processes, threads, SHA-256, path joining). Every other module imports this one.
        .target(name: "BridgeGenPlatform"),
        // `bridgegen diff`: two versions of a schema set compared and classified by who breaks
        // (Evolution), old versions read from git (Git).
        .target(name: "BridgeGenDiff", dependencies: ["BridgeGenCore", "BridgeGenPlatform"]),
        // The crash-safe output writer: plan, journaled commit, recovery, up-to-date stamp.
        .target(name: "BridgeGenOutput", dependencies: ["BridgeGenCore", "BridgeGenPlatform"]),
        // One run (config, recovery, check, every target's checks, plan, commit) and `diff`.
        .target(name: "BridgeGenDriver", dependencies: ["BridgeGenCore", "BridgeGenDiff", "BridgeGenOutput", "BridgeGenPlatform"]),
        // One module per target (`BridgeTarget`), each over the checked model alone.
        // Each carries its runtime (Runtime/Swift, Runtime/TypeScript) as EmbeddedRuntime.swift,
        // written by Scripts/embed-runtime.sh (RuntimeEmbedder) and checked fresh by the tests.
        .target(name: "BridgeGenSwift", dependencies: ["BridgeGenCore"]),
        .target(name: "BridgeGenTypeScript", dependencies: ["BridgeGenCore", "BridgeGenPlatform"]),
        // The Android side; its runtime (Runtime/Kotlin) is not a Swift target: it is
        // read by RuntimeEmbedder and compiled by kotlinc in the tests.
        .target(name: "BridgeGenKotlin", dependencies: ["BridgeGenCore"]),
        // The HarmonyOS NEXT side (ArkTS on ArkWeb); its runtime (Runtime/ArkTS) is read by
        // RuntimeEmbedder and type-checked with the generated code by the ArkTS checker in the tests.
        .target(name: "BridgeGenArkTS", dependencies: ["BridgeGenCore"]),
        // The runtimes are real code: the Swift runtime is a module built and unit-tested as
        // itself (its WebKit glue against the test stand-in); the TypeScript runtime is
        // type-checked by tsc in the tests. Neither is a product: generated code carries its
        // own copy. See Runtime/README.md.
        .target(name: "BridgeRuntime", path: "Runtime/Swift", exclude: ["embedding.json"]),
        .executableTarget(name: "RuntimeEmbedder", dependencies: ["BridgeGenCore"]),
        // The docs: each side's examples come from its target (`BridgeTarget.examples`).
        .target(name: "BridgeGenMarkdown", dependencies: ["BridgeGenCore"]),
        // The one list of targets (`TargetRegistry.all`): a new target is its module, one line
        // there, and its module added to this target's dependencies.
        .target(name: "BridgeGenTargets", dependencies: ["BridgeGenCore", "BridgeGenSwift", "BridgeGenKotlin", "BridgeGenArkTS", "BridgeGenTypeScript", "BridgeGenMarkdown"]),
        // `bridgegen lsp`: the Language Server Protocol over stdio, on the front end; targets'
        // checks are handed in by the CLI, so it names no target.
        .target(name: "BridgeGenLSP", dependencies: ["BridgeGenCore", "BridgeGenPlatform"]),
        // Thin CLI. `bridgegen schema` prints docs/bridgegen.schema.json, compiled in through
        // the symlink beside the sources (no resource bundle to ship with the binary).
        .executableTarget(
            name: "bridgegen",
            dependencies: ["BridgeGenCore", "BridgeGenDiff", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenPlatform", "BridgeGenTargets", "BridgeGenLSP"],
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
                                description: "Write every side of the bridge and its docs into a folder"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated bridge (every side and the docs) into the output folder; to check it without writing (CI), use swift package check-bridge, which needs no permission")]
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
        // The platform's replacements against the full Foundation, which test targets link.
        .testTarget(name: "BridgeGenPlatformTests", dependencies: ["BridgeGenPlatform", "BridgeGenTestSupport"]),
        // `diff` on the evolution fixtures (one schema change each, its expected report, read with
        // the registry's targets as the CLI reads them) and on git.
        .testTarget(name: "BridgeGenDiffTests", dependencies: ["BridgeGenDiff", "BridgeGenTargets", "BridgeGenTestSupport"], exclude: ["Fixtures"]),
        // The embedder on runtime folders of its own (each target's Runtime/<Target>/embedding.json).
        .testTarget(name: "RuntimeEmbedderTests", dependencies: ["RuntimeEmbedder", "BridgeGenTestSupport"]),
        // The writer on a real file system: a kill at every commit step, recovery, line counts.
        .testTarget(name: "BridgeGenOutputTests", dependencies: ["BridgeGenOutput", "BridgeGenTestSupport"]),
        // Whole runs in process: stages, the up-to-date stamp, `diff`'s --fail-on.
        .testTarget(name: "BridgeGenDriverTests", dependencies: ["BridgeGenDriver", "BridgeGenDiff", "BridgeGenOutput", "BridgeGenTestSupport"]),
        // ConsoleScript/ holds the node test of the console page script (run by ConsoleScriptTests).
        .testTarget(name: "BridgeRuntimeTests", dependencies: ["BridgeRuntime", "BridgeGenTestSupport"], exclude: ["ConsoleScript"]),
        .testTarget(name: "BridgeGenSwiftTests", dependencies: ["BridgeGenSwift", "BridgeGenTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BridgeGenTypeScriptTests", dependencies: ["BridgeGenTypeScript", "BridgeGenTargets", "BridgeGenTestSupport", "BridgeRuntime"], exclude: ["node"]),
        // The Kotlin target and runtime (Runtime/Kotlin): the runtime and generated code are
        // compiled by a real Kotlin 2 compiler (Scripts/kotlin.py) and checked against the Swift runtime.
        .testTarget(name: "BridgeGenKotlinTests", dependencies: ["BridgeGenKotlin", "BridgeGenSwift", "BridgeGenTargets", "BridgeGenTypeScript", "BridgeGenTestSupport", "BridgeRuntime", "bridgegen"],
                    exclude: ["Fixtures"]),
        // The ArkTS target: goldens, and the generated code through the ArkTS checker (../shared/arkts).
        .testTarget(name: "BridgeGenArkTSTests", dependencies: ["BridgeGenArkTS", "BridgeGenTestSupport"]),
        // LSP/ holds the pytest-lsp suite and the Neovim smoke test, run against the built binary.
        .testTarget(name: "BridgeGenLSPTests", dependencies: ["BridgeGenLSP", "BridgeGenTestSupport", "bridgegen"], exclude: ["LSP"]),
        .testTarget(name: "BridgeGenMarkdownTests", dependencies: ["BridgeGenMarkdown", "BridgeGenTargets", "BridgeGenTestSupport"]),
        // Generated client <-> generated dispatcher through node and a real WebKitGTK page (docs/E2E.md).
        .testTarget(name: "BridgeGenEndToEndTests", dependencies: ["bridgegen", "BridgeGenTestSupport"], exclude: ["Harness", "Evolution"]),
        // The house's rules, over the sources: the neutral modules name no target, no function is
        // over 80 lines, every diagnostic id is documented, no hand-written list of targets, and a
        // target written in the tests plugs in through `BridgeTarget` and `ShellDescription` alone.
        .testTarget(
            name: "BridgeGenArchitectureTests",
            dependencies: ["bridgegen", "RuntimeEmbedder", "BridgeGenCore", "BridgeGenDiff", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenTargets",
                           "BridgeGenSwift", "BridgeGenKotlin", "BridgeGenTypeScript", "BridgeGenMarkdown", "BridgeGenTestSupport"]
        ),
        // The release: Scripts/release.sh's tarball and artifact bundle, their docs and sizes, the
        // web team's one-line install, and a consumer of the prebuilt plugins.
        .testTarget(name: "BridgeGenReleaseTests", dependencies: ["bridgegen", "BridgeGenTestSupport"]),
        // Runs the built `bridgegen` binary on temp folders, and builds Examples/ConsumerPackage.
        .testTarget(
            name: "BridgeGenCLITests",
            dependencies: ["bridgegen", "RuntimeEmbedder", "BridgeGenCore", "BridgeGenDiff", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenTargets", "BridgeGenSwift",
                           "BridgeGenKotlin", "BridgeGenTypeScript", "BridgeGenMarkdown",
                           "BridgeGenTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
