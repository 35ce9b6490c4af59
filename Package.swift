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
        .executableTarget(name: "bridgegen", dependencies: ["BridgeGenCore"]),
        .testTarget(
            name: "BridgeGenCoreTests",
            dependencies: ["BridgeGenCore"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
