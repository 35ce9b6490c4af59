/// Reads the values of `bridgegen.yaml` with the rules every section shares: the types a key
/// takes, the ranges of numbers, known keys with did-you-mean, duplicates. It collects every
/// problem, located, and where each key was set. The core's sections and every target's
/// section (`ConfigSection`) read through it, so a target's keys get the same diagnostics.
public struct ConfigValueReader {
    public private(set) var collector: DiagnosticCollector
    /// Where each key was set, by dotted key (`swift.access`).
    public private(set) var locations: [String: SourceLocation] = [:]

    init(collector: DiagnosticCollector) { self.collector = collector }

    public mutating func report(_ diagnostic: Diagnostic) { collector.report(diagnostic) }

    /// Records where the dotted `key` was set.
    public mutating func located(_ key: String, at location: SourceLocation) { locations[key] = location }

    /// A value that is of the right type but not one the key accepts: `message` says which it accepts.
    public mutating func invalidValue(_ message: String, at location: SourceLocation) {
        report(ConfigMessages.invalidValue(message, at: location))
    }

    public mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard case .scalar(let value, _) = node.kind, !node.isNull, node.kindDescription == "a string" || what == "'bridgegen'" else {
            report(SchemaMessages.expectedKind("a string", for: what, got: node))
            return nil
        }
        return value
    }

    public mutating func boolean(_ node: YAMLNode, _ key: String) -> Bool? {
        if case .scalar(let value, true) = node.kind {
            if ["true", "True", "TRUE"].contains(value) { return true }
            if ["false", "False", "FALSE"].contains(value) { return false }
        }
        report(ConfigMessages.expectedBoolean(key, got: node))
        return nil
    }

    /// A number of milliseconds: 1 to 2147483647, the range of JavaScript's setTimeout.
    public mutating func milliseconds(_ node: YAMLNode, _ key: String) -> Int? {
        guard let text = Self.integerText(node) else {
            report(ConfigMessages.expectedInteger(key, got: node))
            return nil
        }
        guard let value = Int(text), (1...2_147_483_647).contains(value) else {
            report(ConfigMessages.timeoutRange(key, text, at: node.location))
            return nil
        }
        return value
    }

    /// An integer in `range` (not a number of milliseconds).
    public mutating func count(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int>, unit: String) -> Int? {
        guard let text = Self.integerText(node) else {
            report(ConfigMessages.expectedCount(key, got: node))
            return nil
        }
        guard let value = Int(text), range.contains(value) else {
            report(ConfigMessages.countRange(key, text, range, unit: unit, at: node.location))
            return nil
        }
        return value
    }

    /// The items of a list, reporting duplicate scalars; a non-list is reported and yields nothing.
    public mutating func list(_ node: YAMLNode, _ what: String, of noun: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            report(SchemaMessages.expectedKind("a list of \(noun)", for: what, got: node))
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var kept: [YAMLNode] = []
        for item in items {
            if let text = item.scalar, let first = seen[text] {
                report(SchemaMessages.duplicate("list item", text, at: item.location, first: first))
                continue
            }
            if let text = item.scalar { seen[text] = item.location }
            kept.append(item)
        }
        return kept
    }

    /// The pairs of a mapping whose keys are known: unknown keys reported with a did-you-mean,
    /// `x-` keys ignored, duplicates reported. The same rules as the schema parser's.
    public mutating func entries(of node: YAMLNode, keys: [String], what: String) -> [YAMLPair]? {
        guard case .mapping(let pairs) = node.kind else {
            report(SchemaMessages.expectedKind("a mapping", for: what, got: node))
            return nil
        }
        var seen: [String: SourceLocation] = [:]
        var kept: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar, !key.hasPrefix("x-") else { continue }
            if let first = seen[key] {
                report(SchemaMessages.duplicate("key", key, at: pair.key.location, first: first))
                continue
            }
            seen[key] = pair.key.location
            guard keys.contains(key) else {
                report(SchemaMessages.unknownKey(key, in: what, known: keys, at: pair.key.location))
                continue
            }
            kept.append(pair)
        }
        return kept
    }

    /// The text of a plain scalar of ASCII digits with an optional '-', else nil.
    private static func integerText(_ node: YAMLNode) -> String? {
        guard case .scalar(let text, true) = node.kind, !text.isEmpty else { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? text : nil
    }
}

/// A target's section of `bridgegen.yaml` (`swift:`, `typescript:`): its keys and how each is
/// read into the target's `TargetSettings`. The config reader checks the section's shape and
/// its keys (unknown, duplicate, `x-`) and hands each known key to `read`.
public protocol ConfigSection: Sendable {
    /// The section's key at the top level of the config.
    var key: String { get }
    /// Its keys, in the order docs/CONFIG.md gives them (the did-you-mean picks among them).
    var keys: [String] { get }
    /// Reads `value`, set for `key` of this section, into `config`, reporting problems to `reader`.
    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader)
    /// Keys of this section that earlier releases read at the top level of the config
    /// (`contentWorld`, now `swift.contentWorld`): still read there, as this section's key, with
    /// a warning saying where it goes now, for one release.
    var movedKeys: [String] { get }
    /// The kinds of change `changes(from:to:)` reports (docs/DIAGNOSTICS.md lists each).
    var changeKinds: [ConfigChange.Kind] { get }
    /// What changing this section's settings from `old` to `new` breaks, for `bridgegen diff`.
    func changes(from old: GeneratorConfig, to new: GeneratorConfig) -> [ConfigChange]
}

extension ConfigSection {
    public var movedKeys: [String] { [] }
    public var changeKinds: [ConfigChange.Kind] { [] }
    public func changes(from old: GeneratorConfig, to new: GeneratorConfig) -> [ConfigChange] { [] }
}
