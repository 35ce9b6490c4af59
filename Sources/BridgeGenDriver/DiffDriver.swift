import BridgeGenCore
import BridgeGenDiff
import BridgeGenPlatform

/// The path from a `DiffRequest` to a `DiffResult`:
///
///     read OLD (disk or git) and NEW (disk), each with its own bridgegen.yaml
///       -> load and check each (SchemaVersion.load) -> stop if either has errors
///       -> SchemaDiff.compare -> downgrade the classes --fail-on leaves out
///
/// Prints nothing: every finding is a diagnostic in the result.
public enum DiffDriver {
    /// One side as read, before it is checked.
    struct Side: Sendable {
        /// How messages name it: `the old version (Schemas at origin/main)`.
        var name: String
        var inputs: [SchemaInput]
        var config: (path: String, bytes: [UInt8])?
        /// Problems reading it (errors stop the diff; notes and warnings are printed with it).
        var problems: [Diagnostic]
    }

    /// Reads, checks and compares both versions. Throws only for a problem with the request
    /// itself (several config files beside one version's schemas: exit 2).
    public static func run(_ request: DiffRequest) throws(BridgeGenUsageError) -> DiffResult {
        let newSide = try readDisk(request.new, name: "the new version")
        let oldSide: Side
        switch request.old {
        case .paths(let paths):
            oldSide = try readDisk(paths, name: "the old version")
        case .gitRef(let ref):
            oldSide = try readGit(request.new, at: ref)
        }
        // Both versions' files as read (old ones from git named `REF:path`), for snippets.
        var sources: [String: [UInt8]] = [:]
        for side in [oldSide, newSide] {
            for input in side.inputs { sources[input.path] = input.bytes }
            if let config = side.config { sources[config.path] = config.bytes }
        }
        var outside = Set<String>()
        if case .gitRef = request.old { outside = Set(oldSide.inputs.map(\.path) + (oldSide.config.map { [$0.path] } ?? [])) }

        // Both sides are checked, so every error of both is reported in one run; on two
        // threads (each spreads its files over the cores too), so one's type check overlaps
        // the other's.
        let loaded = ParallelMap.map([oldSide, newSide], minimumItems: 2) { load($0, targets: request.targets) }
        let (old, oldProblems) = loaded[0], (new, newProblems) = loaded[1]
        guard let old, let new else {
            // The problems first, sorted; then which version they stop, as the conclusion.
            var diagnostics = (oldProblems + newProblems).sorted()
            if old == nil { diagnostics.append(DiffMessages.versionDoesNotCheck(oldSide.name)) }
            if new == nil { diagnostics.append(DiffMessages.versionDoesNotCheck(newSide.name)) }
            return DiffResult(diagnostics: diagnostics, compared: false, filesOutsideCheckout: outside, exitStatus: 1, sources: sources)
        }
        // A version that checks is not re-reported (that is `check`'s job); only what reading
        // it said (a path added since REF, a folder without schemas) is kept.
        var diagnostics = oldSide.problems + newSide.problems
        for change in SchemaDiff.compare(old: old, new: new) {
            diagnostics.append(downgraded(change, failOn: request.failOn))
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return DiffResult(diagnostics: diagnostics.sorted(), compared: true, filesOutsideCheckout: outside, exitStatus: failed ? 1 : 0,
                          sources: diagnostics.isEmpty ? [:] : sources)
    }

    /// A breaking change of a class `failOn` leaves out, as a warning; anything else as it is.
    static func downgraded(_ diagnostic: Diagnostic, failOn: Set<CompatibilityClass>) -> Diagnostic {
        guard diagnostic.severity == .error, let kind = CompatibilityClass(diagnosticID: diagnostic.id), !failOn.contains(kind) else {
            return diagnostic
        }
        var copy = diagnostic
        copy.severity = .warning
        return copy
    }

    /// The checked version, or nil and every problem of the side (reading and checking).
    static func load(_ side: Side, targets: [any BridgeTarget]) -> (SchemaVersion?, [Diagnostic]) {
        let (version, diagnostics) = SchemaVersion.load(side.inputs, config: side.config, targets: targets)
        let problems = side.problems + diagnostics
        guard let version, !side.problems.contains(where: { $0.severity == .error }) else { return (nil, problems) }
        return (version, problems)
    }

    /// Files and folders on disk, with the `bridgegen.yaml` `check` would use.
    static func readDisk(_ paths: [String], name: String) throws(BridgeGenUsageError) -> Side {
        let (inputs, problems) = SchemaDiscovery.inputs(for: paths)
        var side = Side(name: "\(name) (\(paths.joined(separator: ", ")))", inputs: inputs, config: nil, problems: problems)
        let configs = ConfigReader.locate(beside: paths)
        if configs.count > 1 {
            throw BridgeGenUsageError(description: "found several config files for \(name) (\(configs.joined(separator: ", "))); diff reads the one bridgegen.yaml beside each version's schemas")
        }
        if let path = configs.first {
            if let data = FileManager.default.contents(atPath: path) {
                side.config = (path, [UInt8](data))
            } else {
                side.problems.append(InputMessages.unreadableConfig(path))
            }
        }
        return side
    }

    /// The same paths at commit `ref`, read with git.
    static func readGit(_ paths: [String], at ref: String) throws(BridgeGenUsageError) -> Side {
        let tree = GitTree.read(paths, at: ref)
        if tree.configs.count > 1 {
            throw BridgeGenUsageError(description: "found several config files at \(ref) (\(tree.configs.map(\.path).joined(separator: ", "))); diff reads the one bridgegen.yaml beside each version's schemas")
        }
        return Side(name: "the old version (\(paths.joined(separator: ", ")) at \(ref))", inputs: tree.inputs,
                    config: tree.configs.first.map { ($0.path, $0.bytes) }, problems: tree.diagnostics)
    }
}
