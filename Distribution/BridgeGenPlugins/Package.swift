// swift-tools-version:6.0
// The bridgegen plugins with the prebuilt CLI (docs/DISTRIBUTION.md): an app depends on this
// package instead of the bridgegen repository, so its builds compile neither bridgegen nor
// libyaml, and its developers need neither libyaml nor pkg-config.
//
// The plugin sources are the repository's own (Plugins/, through symlinks here), so both routes
// run the same plugin code. Scripts/make-artifactbundle.sh writes a ready copy of this package
// next to the bundle (symlinks resolved): with the bundle's zip beside the manifest as below, or
// with `--release-url URL`, the published form:
//     .binaryTarget(name: "bridgegen",
//                   url: "<URL>/bridgegen.artifactbundle.zip",
//                   checksum: "<swift package compute-checksum of that zip>"),
import PackageDescription

let package = Package(
    name: "BridgeGenPlugins",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        // Generates the Swift side on every build of a target that lists it (docs/PLUGIN.md).
        .plugin(name: "BridgeGenPlugin", targets: ["BridgeGenPlugin"]),
        // `swift package generate-bridge`: every side and the docs into a folder (`bridgegen generate --out`).
        .plugin(name: "GenerateBridgeCommand", targets: ["GenerateBridgeCommand"]),
        // `swift package check-bridge`: fails when that folder is stale; needs no permission (CI).
        .plugin(name: "CheckBridgeCommand", targets: ["CheckBridgeCommand"]),
    ],
    targets: [
        // The `bridgegen` executable, one variant per platform triple (Scripts/release.sh).
        .binaryTarget(name: "bridgegen", path: "bridgegen.artifactbundle.zip"),
        // Declared as in the repository's Package.swift; only the tool's origin differs.
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
    ]
)
