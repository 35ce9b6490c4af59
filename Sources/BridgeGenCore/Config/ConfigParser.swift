/// One pass over the config's YAML tree: the keys every target shares (the wire's transport
/// and channel, the origin policy, console forwarding), and each target's section through its
/// `ConfigSection`, with the keys a section took over from the top level read there too.
struct ConfigParser {
    var reader: ConfigValueReader
    private let sections: [any ConfigSection]
    private var config = GeneratorConfig()

    init(collector: DiagnosticCollector, sections: [any ConfigSection]) {
        self.reader = ConfigValueReader(collector: collector)
        self.sections = sections
    }

    private static let sharedKeys = ["bridgegen", "transport", "callbackChannel", "origin", "console"]
    private static let consoleKeys = ["forward", "maxMessageLength", "maxMessagesPerSecond"]
    private static let originKeys = ["trustedSchemes", "trustedHosts", "mainFrameOnly"]

    /// The keys valid in the config's mapping at `path` (`[]`, `["origin"]`, a section's key), nil
    /// where there is no mapping of known keys.
    static func keys(at path: [String], sections: [any ConfigSection]) -> [String]? {
        switch path {
        case []: return sharedKeys + sections.map(\.key)
        case ["console"]: return consoleKeys
        case ["origin"]: return originKeys
        default: return path.count == 1 ? sections.first { $0.key == path[0] }?.keys : nil
        }
    }

    mutating func parse(_ root: YAMLNode) -> GeneratorConfig {
        let keys = Self.sharedKeys + sections.map(\.key) + sections.flatMap(\.movedKeys)
        guard let pairs = reader.entries(of: root, keys: keys, what: "the top level of the config") else { return config }
        var channelKey: SourceLocation?
        var moved: [(section: any ConfigSection, pair: (key: YAMLNode, value: YAMLNode))] = []
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            reader.located(key, at: pair.key.location)
            if key == "callbackChannel" { channelKey = pair.key.location }
            if let section = sections.first(where: { $0.key == key }) {
                read(section, pair.value)
            } else if let section = sections.first(where: { $0.movedKeys.contains(key) }) {
                moved.append((section, (pair.key, pair.value)))
            } else {
                shared(key, pair.value)
            }
        }
        // After the sections, so that the key in its section wins wherever the file writes it.
        for (section, pair) in moved { readMoved(pair.key, pair.value, into: section) }
        if case .mapping(let all) = root.kind, !all.contains(where: { $0.key.scalar == "bridgegen" }) {
            reader.report(SchemaMessages.missingVersion(at: root.location))
        }
        if let channelKey, config.transport == .reply {
            reader.report(ConfigMessages.unusedChannel(at: channelKey))
        }
        return config
    }

    /// A key every target shares.
    private mutating func shared(_ key: String, _ value: YAMLNode) {
        switch key {
        case "bridgegen":
            guard let version = reader.string(value, "'bridgegen'") else { return }
            if version != "1" { reader.report(SchemaMessages.unsupportedVersion(version, at: value.location)) }
        case "transport":
            guard let text = reader.string(value, "'transport'") else { return }
            if let transport = GeneratorConfig.Transport(rawValue: text) {
                config.transport = transport
            } else {
                reader.report(ConfigMessages.invalidTransport(text, at: value.location))
            }
        case "callbackChannel":
            guard let text = reader.string(value, "'callbackChannel'") else { return }
            if ConfigRules.isValidChannelName(text) {
                config.callbackChannel = text
            } else {
                reader.report(ConfigMessages.invalidChannel(text, at: value.location))
            }
        case "console":
            consoleSection(value)
        case "origin":
            originSection(value)
        default: break
        }
    }

    /// A target's section: its shape and keys checked here, each key read by the target.
    private mutating func read(_ section: any ConfigSection, _ value: YAMLNode) {
        for inner in reader.entries(of: value, keys: section.keys, what: "'\(section.key)'") ?? [] {
            let key = inner.key.scalar ?? ""
            reader.located(section.key + "." + key, at: inner.key.location)
            section.read(key, inner.value, into: &config, reader: &reader)
        }
    }

    /// A key `section` took over from the top level: read as the section's, with a warning that
    /// says where it goes now (and that the section's own wins, when both are set).
    private mutating func readMoved(_ key: YAMLNode, _ value: YAMLNode, into section: any ConfigSection) {
        let name = key.scalar ?? ""
        let newKey = section.key + "." + name
        if reader.locations[newKey] != nil {
            reader.report(ConfigMessages.movedKey(name, to: newKey, ignored: true, at: key.location))
            return
        }
        reader.report(ConfigMessages.movedKey(name, to: newKey, ignored: false, at: key.location))
        reader.located(newKey, at: key.location)
        section.read(name, value, into: &config, reader: &reader)
    }

    /// The `console:` section.
    private mutating func consoleSection(_ value: YAMLNode) {
        for inner in reader.entries(of: value, keys: Self.consoleKeys, what: "'console'") ?? [] {
            reader.located("console." + (inner.key.scalar ?? ""), at: inner.key.location)
            switch inner.key.scalar ?? "" {
            case "forward":
                guard let text = reader.string(inner.value, "'console.forward'") else { continue }
                if let forward = GeneratorConfig.ConsoleForwarding(rawValue: text) {
                    config.consoleForwarding = forward
                } else {
                    reader.report(ConfigMessages.invalidConsoleForwarding(text, at: inner.value.location))
                }
            case "maxMessageLength":
                reader.count(inner.value, "console.maxMessageLength", ConfigRules.consoleMessageLengthRange, unit: "UTF-16 code units")
                    .map { config.consoleMaxMessageLength = $0 }
            case "maxMessagesPerSecond":
                reader.count(inner.value, "console.maxMessagesPerSecond", ConfigRules.consoleMessagesPerSecondRange, unit: "messages")
                    .map { config.consoleMaxMessagesPerSecond = $0 }
            default: break
            }
        }
    }

    /// The `origin:` section.
    private mutating func originSection(_ value: YAMLNode) {
        for inner in reader.entries(of: value, keys: Self.originKeys, what: "'origin'") ?? [] {
            reader.located("origin." + (inner.key.scalar ?? ""), at: inner.key.location)
            switch inner.key.scalar ?? "" {
            case "trustedSchemes": config.trustedSchemes = schemes(inner.value)
            case "trustedHosts": config.trustedHosts = hosts(inner.value)
            case "mainFrameOnly": reader.boolean(inner.value, "origin.mainFrameOnly").map { config.mainFrameOnly = $0 }
            default: break
            }
        }
    }

    private mutating func schemes(_ node: YAMLNode) -> [String] {
        var result: [String] = []
        for item in reader.list(node, "'origin.trustedSchemes'", of: "URL schemes") {
            guard let text = reader.string(item, "a trusted scheme") else { continue }
            if let problem = ConfigRules.schemeProblem(text) {
                reader.report(ConfigMessages.invalidScheme(text, problem, at: item.location))
            } else {
                result.append(text)
            }
        }
        return result
    }

    private mutating func hosts(_ node: YAMLNode) -> [String] {
        var result: [String] = []
        for item in reader.list(node, "'origin.trustedHosts'", of: "host names") {
            guard let text = reader.string(item, "a trusted host") else { continue }
            if let problem = ConfigRules.hostProblem(text) {
                reader.report(ConfigMessages.invalidHost(text, problem.problem, suggestion: problem.suggestion, at: item.location))
            } else {
                result.append(text)
            }
        }
        return result
    }
}
