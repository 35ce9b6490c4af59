#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `bridgegen.yaml`, the per-schema-set choices that shape generated code but not the
/// schema, into a `GeneratorConfig`. The same YAML stage as schemas (libyaml, located nodes),
/// then one pass that reports every problem with its place, like the schema parser does.
/// Every key is documented in docs/CONFIG.md.
public enum ConfigReader {
    /// The file name the CLI looks for beside the schemas and the build plugin looks for in a target.
    public static let fileName = "bridgegen.yaml"

    /// Reads a config file from disk; an unreadable file is one error located at the file.
    public static func read(file path: String) -> (config: GeneratorConfig?, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [DiagnosticCatalog.unreadableConfig(path)])
        }
        return read([UInt8](data), path: path)
    }

    /// Parses and validates config text. Returns the config only when there were no errors;
    /// keys not given keep `GeneratorConfig()`'s defaults.
    public static func read(_ bytes: [UInt8], path: String) -> (config: GeneratorConfig?, diagnostics: [Diagnostic]) {
        let result = readLocated(bytes, path: path)
        return (result.config, result.diagnostics)
    }

    /// `read`, and where each key was set, by dotted key (`transport`, `callbackChannel`,
    /// `contentWorld`, `origin.trustedHosts`, `swift.access`, ...): the key's location, so
    /// `bridgegen diff` can point at the setting that changed. Keys left at their default have none.
    public static func readLocated(_ bytes: [UInt8], path: String)
        -> (config: GeneratorConfig?, locations: [String: SourceLocation], diagnostics: [Diagnostic]) {
        let (root, readProblems) = YAMLReader.read(bytes, path: path)
        // An empty config needs other words than an empty schema; the rest are the same.
        var collector = DiagnosticCollector()
        collector.report(contentsOf: readProblems.map { problem in
            problem.id == DiagnosticID.emptyFile.rawValue
                ? DiagnosticCatalog.emptyConfig(at: problem.location ?? SourceLocation(path: path, line: 1, column: 1))
                : problem
        })
        guard let root else { return (nil, [:], collector.sorted) }
        var parser = ConfigParser(collector: collector)
        let config = parser.parse(root)
        let result = parser.collector
        return (result.hasErrors ? nil : config, parser.locations, result.sorted)
    }

    /// Config files the CLI uses when `--config` is not given: `bridgegen.yaml` inside each
    /// folder given and beside each schema file given, the ones that exist, deduplicated and sorted.
    public static func locate(beside paths: [String]) -> [String] {
        var found: [String: String] = [:]
        for path in paths {
            guard let isDirectory = FileStatus.isDirectory(path) else { continue }
            // Plain string work keeps the path as the user wrote it (for messages); NSString's
            // deletingLastPathComponent traps on some short relative paths on Linux.
            var folder = path
            if !isDirectory {
                folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
            }
            let candidate = folder.isEmpty ? fileName : (folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName)
            guard FileStatus.isDirectory(candidate) == false else { continue }
            let key = URL(fileURLWithPath: candidate).standardizedFileURL.resolvingSymlinksInPath().path
            found[key] = found[key] ?? candidate
        }
        return found.values.sorted()
    }
}

/// One pass over the config's YAML tree.
private struct ConfigParser {
    var collector: DiagnosticCollector
    /// Where each key was set, by dotted key.
    private(set) var locations: [String: SourceLocation] = [:]
    private var config = GeneratorConfig()

    init(collector: DiagnosticCollector) { self.collector = collector }

    private static let topKeys = ["bridgegen", "transport", "callbackChannel", "contentWorld", "swift", "origin", "typescript",
                                  "console"]
    private static let swiftKeys = ["access", "pageCallTimeoutMs"]
    private static let consoleKeys = ["forward", "maxMessageLength", "maxMessagesPerSecond"]
    private static let originKeys = ["trustedSchemes", "trustedHosts", "mainFrameOnly"]
    private static let typeScriptKeys = ["requestTimeoutMs", "readyTimeoutMs"]

    mutating func parse(_ root: YAMLNode) -> GeneratorConfig {
        guard let pairs = entries(of: root, keys: Self.topKeys, what: "the top level of the config") else { return config }
        var channelKey: SourceLocation?
        for pair in pairs {
            let value = pair.value
            locations[pair.key.scalar ?? ""] = pair.key.location
            switch pair.key.scalar ?? "" {
            case "bridgegen":
                guard let version = string(value, "'bridgegen'") else { continue }
                if version != "1" { report(DiagnosticCatalog.unsupportedVersion(version, at: value.location)) }
            case "transport":
                guard let text = string(value, "'transport'") else { continue }
                if let transport = GeneratorConfig.Transport(rawValue: text) {
                    config.transport = transport
                } else {
                    report(DiagnosticCatalog.invalidTransport(text, at: value.location))
                }
            case "callbackChannel":
                guard let text = string(value, "'callbackChannel'") else { continue }
                channelKey = pair.key.location
                if ConfigRules.isValidChannelName(text) {
                    config.callbackChannel = text
                } else {
                    report(DiagnosticCatalog.invalidChannel(text, at: value.location))
                }
            case "contentWorld":
                guard let text = string(value, "'contentWorld'") else { continue }
                if !ConfigRules.isValidContentWorld(text) {
                    report(DiagnosticCatalog.invalidContentWorld(text, at: value.location))
                } else {
                    config.contentWorld = text == "page" ? nil : text
                }
            case "swift":
                swiftSection(value)
            case "console":
                consoleSection(value)
            case "origin":
                originSection(value)
            case "typescript":
                typeScriptSection(value)
            default: break
            }
        }
        if case .mapping(let all) = root.kind, !all.contains(where: { $0.key.scalar == "bridgegen" }) {
            report(DiagnosticCatalog.missingVersion(at: root.location))
        }
        if let channelKey, config.transport == .reply {
            report(DiagnosticCatalog.unusedChannel(at: channelKey))
        }
        return config
    }

    /// The `swift:` section.
    private mutating func swiftSection(_ value: YAMLNode) {
        for inner in entries(of: value, keys: Self.swiftKeys, what: "'swift'") ?? [] {
            locations["swift." + (inner.key.scalar ?? "")] = inner.key.location
            if inner.key.scalar == "pageCallTimeoutMs" {
                milliseconds(inner.value, "swift.pageCallTimeoutMs").map { config.pageCallTimeoutMs = $0 }
                continue
            }
            guard let text = string(inner.value, "'swift.access'") else { continue }
            if let access = GeneratorConfig.SwiftAccess(rawValue: text) {
                config.swiftAccess = access
            } else {
                report(DiagnosticCatalog.invalidAccess(text, at: inner.value.location))
            }
        }
    }

    /// The `console:` section.
    private mutating func consoleSection(_ value: YAMLNode) {
        for inner in entries(of: value, keys: Self.consoleKeys, what: "'console'") ?? [] {
            locations["console." + (inner.key.scalar ?? "")] = inner.key.location
            switch inner.key.scalar ?? "" {
            case "forward":
                guard let text = string(inner.value, "'console.forward'") else { continue }
                if let forward = GeneratorConfig.ConsoleForwarding(rawValue: text) {
                    config.consoleForwarding = forward
                } else {
                    report(DiagnosticCatalog.invalidConsoleForwarding(text, at: inner.value.location))
                }
            case "maxMessageLength":
                count(inner.value, "console.maxMessageLength", ConfigRules.consoleMessageLengthRange, unit: "UTF-16 code units")
                    .map { config.consoleMaxMessageLength = $0 }
            case "maxMessagesPerSecond":
                count(inner.value, "console.maxMessagesPerSecond", ConfigRules.consoleMessagesPerSecondRange, unit: "messages")
                    .map { config.consoleMaxMessagesPerSecond = $0 }
            default: break
            }
        }
    }

    /// The `origin:` section.
    private mutating func originSection(_ value: YAMLNode) {
        for inner in entries(of: value, keys: Self.originKeys, what: "'origin'") ?? [] {
            locations["origin." + (inner.key.scalar ?? "")] = inner.key.location
            switch inner.key.scalar ?? "" {
            case "trustedSchemes": config.trustedSchemes = schemes(inner.value)
            case "trustedHosts": config.trustedHosts = hosts(inner.value)
            case "mainFrameOnly": boolean(inner.value, "origin.mainFrameOnly").map { config.mainFrameOnly = $0 }
            default: break
            }
        }
    }

    /// The `typescript:` section.
    private mutating func typeScriptSection(_ value: YAMLNode) {
        for inner in entries(of: value, keys: Self.typeScriptKeys, what: "'typescript'") ?? [] {
            locations["typescript." + (inner.key.scalar ?? "")] = inner.key.location
            let key = inner.key.scalar ?? ""
            guard let ms = milliseconds(inner.value, "typescript.\(key)") else { continue }
            if key == "requestTimeoutMs" { config.requestTimeoutMs = ms } else { config.readyTimeoutMs = ms }
        }
    }

    // MARK: - Values

    private mutating func schemes(_ node: YAMLNode) -> [String] {
        var result: [String] = []
        for item in list(node, "'origin.trustedSchemes'", of: "URL schemes") {
            guard let text = string(item, "a trusted scheme") else { continue }
            if let problem = ConfigRules.schemeProblem(text) {
                report(DiagnosticCatalog.invalidScheme(text, problem, at: item.location))
            } else {
                result.append(text)
            }
        }
        return result
    }

    private mutating func hosts(_ node: YAMLNode) -> [String] {
        var result: [String] = []
        for item in list(node, "'origin.trustedHosts'", of: "host names") {
            guard let text = string(item, "a trusted host") else { continue }
            if let problem = ConfigRules.hostProblem(text) {
                report(DiagnosticCatalog.invalidHost(text, problem.problem, suggestion: problem.suggestion, at: item.location))
            } else {
                result.append(text)
            }
        }
        return result
    }

    /// The items of a list, reporting duplicate scalars; a non-list is reported and yields nothing.
    private mutating func list(_ node: YAMLNode, _ what: String, of noun: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            report(DiagnosticCatalog.expectedKind("a list of \(noun)", for: what, got: node))
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var kept: [YAMLNode] = []
        for item in items {
            if let text = item.scalar, let first = seen[text] {
                report(DiagnosticCatalog.duplicate("list item", text, at: item.location, first: first))
                continue
            }
            if let text = item.scalar { seen[text] = item.location }
            kept.append(item)
        }
        return kept
    }

    private mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard case .scalar(let value, _) = node.kind, !node.isNull, node.kindDescription == "a string" || what == "'bridgegen'" else {
            report(DiagnosticCatalog.expectedKind("a string", for: what, got: node))
            return nil
        }
        return value
    }

    private mutating func boolean(_ node: YAMLNode, _ key: String) -> Bool? {
        if case .scalar(let value, true) = node.kind {
            if ["true", "True", "TRUE"].contains(value) { return true }
            if ["false", "False", "FALSE"].contains(value) { return false }
        }
        report(DiagnosticCatalog.expectedBoolean(key, got: node))
        return nil
    }

    private mutating func milliseconds(_ node: YAMLNode, _ key: String) -> Int? {
        guard let text = Self.integerText(node) else {
            report(DiagnosticCatalog.expectedInteger(key, got: node))
            return nil
        }
        guard let value = Int(text), (1...2_147_483_647).contains(value) else {
            report(DiagnosticCatalog.timeoutRange(key, text, at: node.location))
            return nil
        }
        return value
    }

    /// An integer in `range` (not a number of milliseconds).
    private mutating func count(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int>, unit: String) -> Int? {
        guard let text = Self.integerText(node) else {
            report(DiagnosticCatalog.expectedCount(key, got: node))
            return nil
        }
        guard let value = Int(text), range.contains(value) else {
            report(DiagnosticCatalog.countRange(key, text, range, unit: unit, at: node.location))
            return nil
        }
        return value
    }

    /// The text of a plain scalar of ASCII digits with an optional '-', else nil.
    private static func integerText(_ node: YAMLNode) -> String? {
        guard case .scalar(let text, true) = node.kind, !text.isEmpty,
              text.allSatisfy({ $0.isASCII && $0.isNumber }) || (text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) && text.count > 1)
        else { return nil }
        return text
    }

    /// The pairs of a mapping whose keys are known: unknown keys reported with a did-you-mean,
    /// `x-` keys ignored, duplicates reported. The same rules as the schema parser's.
    private mutating func entries(of node: YAMLNode, keys: [String], what: String) -> [YAMLPair]? {
        guard case .mapping(let pairs) = node.kind else {
            report(DiagnosticCatalog.expectedKind("a mapping", for: what, got: node))
            return nil
        }
        var seen: [String: SourceLocation] = [:]
        var kept: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar, !key.hasPrefix("x-") else { continue }
            if let first = seen[key] {
                report(DiagnosticCatalog.duplicate("key", key, at: pair.key.location, first: first))
                continue
            }
            seen[key] = pair.key.location
            guard keys.contains(key) else {
                report(DiagnosticCatalog.unknownKey(key, in: what, known: keys, at: pair.key.location))
                continue
            }
            kept.append(pair)
        }
        return kept
    }

    private mutating func report(_ diagnostic: Diagnostic) { collector.report(diagnostic) }
}
