import BridgeGenCore
import BridgeGenMarkdown
import BridgeGenSwift
import BridgeGenTypeScript

/// Every target bridgegen knows, in the order `--help` lists them and reasons are joined
/// ("reserved in Swift and TypeScript"). Adding a target is adding its module to Package.swift
/// and its value here: the CLI, both plugins and every stage find it through this list.
public enum TargetRegistry {
    public static let all: [any BridgeTarget] = sides + [docs]

    /// The targets that generate a side of the bridge: the native apps' and the page's.
    /// `KotlinTarget` (issue 24) joins once it generates a whole Android side: until then its
    /// module is built and tested on its own, and the CLI offers no `--kotlin-out`.
    static let sides: [any BridgeTarget] = [SwiftTarget(), TypeScriptTarget()]

    /// The docs, with every side's examples.
    public static let docs = MarkdownTarget(examplesOf: sides)

    /// The target whose output option is `option` (`--swift-out`).
    public static func target(forOutputOption option: String) -> (any BridgeTarget)? {
        all.first { $0.outputOption == option }
    }

    /// Every id the targets report, for the list in docs/DIAGNOSTICS.md.
    public static var messageIDs: [MessageID] { all.flatMap(\.messageIDs) }
}
