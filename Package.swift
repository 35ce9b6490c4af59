// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bridgegen",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .executable(name: "bridgegen", targets: ["bridgegen"]),
        .library(name: "BridgeGenCore", targets: ["BridgeGenCore"]),
    ],
    targets: [
        // libyaml from the system (apt: libyaml-dev, brew: libyaml); the only C dependency.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Front end: YAML reading, IDL syntax, type checker, checked model, diagnostics,
        // and the printer / output writer the emitters share.
        .target(name: "BridgeGenCore", dependencies: ["CYAML"]),
        // One emitter per target language, each its own module over the checked model.
        .target(name: "BridgeGenSwift", dependencies: ["BridgeGenCore"]),
        .target(name: "BridgeGenTypeScript", dependencies: ["BridgeGenCore"]),
        .target(name: "BridgeGenMarkdown", dependencies: ["BridgeGenCore"]),
        // Thin CLI.
        .executableTarget(
            name: "bridgegen",
            dependencies: ["BridgeGenCore", "BridgeGenSwift", "BridgeGenTypeScript", "BridgeGenMarkdown"]
        ),
        .testTarget(
            name: "BridgeGenCoreTests",
            dependencies: ["BridgeGenCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "BridgeGenSwiftTests", dependencies: ["BridgeGenSwift"]),
        .testTarget(name: "BridgeGenTypeScriptTests", dependencies: ["BridgeGenTypeScript"]),
        .testTarget(name: "BridgeGenMarkdownTests", dependencies: ["BridgeGenMarkdown"]),
    ],
    swiftLanguageModes: [.v6]
)
