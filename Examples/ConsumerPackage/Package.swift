// swift-tools-version:6.0
// A consumer of bridgegen: one target applies the build-tool plugin and implements the
// generated handler protocol. Its schemas come from a shared schema repo through a symlink
// (SharedSchemas stands in for the git submodule), as docs/PLUGIN.md describes.
import PackageDescription

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        .package(name: "bridgegen", path: "../.."),
    ],
    targets: [
        .target(
            name: "GreeterFeature",
            plugins: [.plugin(name: "BridgeGenPlugin", package: "bridgegen")]
        ),
        .executableTarget(name: "ConsumerDemo", dependencies: ["GreeterFeature"]),
    ]
)
