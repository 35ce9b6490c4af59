import BridgeGenArkTS
import BridgeGenCore
import BridgeGenKotlin
import BridgeGenMarkdown
import BridgeGenSwift
import BridgeGenTypeScript

/// Every target bridgegen knows, in the order `--help` lists them and reasons are joined
/// ("reserved in Swift and TypeScript"). Adding a target is adding its module to Package.swift
/// and its value here: the CLI, both plugins and every stage find it through this list.
public enum TargetRegistry {
    public static let all: [any BridgeTarget] = composed(natives: natives)

    /// The targets that generate a native app's side, each for its shell, in the order the page
    /// looks for the shells (the first it finds wins).
    public static let natives: [any BridgeTarget] = [SwiftTarget(), KotlinTarget(), ArkTSTarget()]

    /// The web client, which finds whichever of the natives' shells it runs in.
    public static let web = TypeScriptTarget(shells: natives.compactMap(\.shell))

    /// The docs, with every side's examples.
    public static let docs = MarkdownTarget(examplesOf: natives + [web])

    /// The whole list for `natives`: they, the web client that finds their shells, and the docs
    /// that show every side. `all` is this for the natives above; a test composes its own.
    public static func composed(natives: [any BridgeTarget]) -> [any BridgeTarget] {
        let web = TypeScriptTarget(shells: natives.compactMap(\.shell))
        return natives + [web, MarkdownTarget(examplesOf: natives + [web])]
    }

    /// The target whose output option is `option` (`--swift-out`).
    public static func target(forOutputOption option: String) -> (any BridgeTarget)? {
        all.first { $0.outputOption == option }
    }

    /// Every id the targets report, for the list in docs/DIAGNOSTICS.md.
    public static var messageIDs: [MessageID] { all.flatMap(\.messageIDs) }
}
