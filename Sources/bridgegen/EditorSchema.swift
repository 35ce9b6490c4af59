/// What `bridgegen schema` prints: docs/bridgegen.schema.json, the JSON Schema editors validate
/// `*.bridge.yaml` with (docs/EDITORS.md), so a team without a clone gets the one that matches
/// its binary. SwiftPM compiles the file in at build time (`.embedInCode` in Package.swift,
/// through the symlink Sources/bridgegen/bridgegen.schema.json); a test compares the bytes.
enum EditorSchema {
    static var text: String { String(decoding: PackageResources.bridgegen_schema_json, as: UTF8.self) }
}
