import BridgeGenCore

/// `BridgeGenSupport.swift`, emitted once per schema set: the configuration constants, then
/// the runtime (Runtime/Swift, embedded by Scripts/embed-runtime.sh) with the configured
/// access level in place of each `public` it declares.
struct SupportGenerator {
    let context: SwiftContext

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let config = context.config
        // The configuration is internal whatever the access: apps read none of it.
        p.line("import Foundation")
        p.blankLine()
        p.line("/// The generator configuration this code was generated with.")
        p.block("enum BridgeConfiguration {") { p in
            p.line("/// The transport of every module (`reply` or `callback`).")
            switch config.transport {
            case .reply: p.line("static let transport: BridgeTransport = .reply")
            case .callback:
                p.line("static let transport: BridgeTransport = .callback(channel: \(SwiftNamer.stringLiteral(config.callbackChannel)))")
            }
            p.line("/// Schemes of bundled content, always trusted.")
            p.line("static let trustedSchemes: Set<String> = \(Self.set(config.trustedSchemes))")
            p.line("/// https hosts trusted by default (`*.example.com` matches subdomains).")
            p.line("static let trustedHosts: Set<String> = \(Self.set(config.trustedHosts))")
            p.line("/// Whether messages from subframes are refused.")
            p.line("static let mainFrameOnly = \(config.mainFrameOnly)")
            p.line("/// The content world modules are installed into; nil means `.page`.")
            p.line("static let contentWorldName: String? = \(config[SwiftSettings.self].contentWorld.map(SwiftNamer.stringLiteral) ?? "nil")")
            p.line("/// Version of docs/WIRE.md this code implements (`$hello`'s `protocol`).")
            p.line("static let protocolVersion = 1")
            p.line("/// Default deadline of a page call, in seconds (`swift.pageCallTimeoutMs`).")
            p.line("static let pageCallTimeoutSeconds: Double = \(String(Double(config.pageCallTimeoutMs) / 1000))")
            p.line("/// Whether the page's console reaches `BridgeLog` (`console.forward`).")
            switch config.consoleForwarding {
            case .debug:
                p.line("static let forwardsConsole: Bool = {")
                p.indented { p in
                    p.line("#if DEBUG")
                    p.line("return true")
                    p.line("#else")
                    p.line("return false")
                    p.line("#endif")
                }
                p.line("}()")
            case .always: p.line("static let forwardsConsole = true")
            case .never: p.line("static let forwardsConsole = false")
            }
            p.line("/// Longest forwarded console message, in UTF-16 units (`console.maxMessageLength`).")
            p.line("static let consoleMaxMessageLength = \(config.consoleMaxMessageLength)")
            p.line("/// Most console messages forwarded per second (`console.maxMessagesPerSecond`).")
            p.line("static let consoleMaxMessagesPerSecond = \(config.consoleMaxMessagesPerSecond)")
        }
        p.blankLine()
        for name in Self.runtimeFiles {
            p.blankLine()
            if let constant = Self.scriptConstants[name] {
                p.lines(Self.scriptConstant(EmbeddedRuntime.files.file(name), named: constant))
            } else {
                p.lines(EmbeddedRuntime.files.file(name).text(access: a))
            }
        }
    }

    /// The runtime's files in output order: the WebKit-free core, then the glue; a page script
    /// (Runtime/JavaScript) where the runtime reads it as a constant.
    static let runtimeFiles = ["Values.swift", "Decoding.swift", "Scripts.swift", "Capabilities.swift", "Session.swift", "Streams.swift", "Caller.swift", "PageCalls.swift",
                               "Transfers.swift",
                               "console-forward.js", "Console.swift", "PageOrigins.swift", "Glue.swift", "ModuleGlue.swift", "ConsoleGlue.swift",
                               "TransferGlue.swift"]

    /// The constant each page script becomes: `BridgeConsoleScript.source` (Runtime/Swift/Standalone
    /// stands in for it when the runtime is built as itself).
    static let scriptConstants = ["console-forward.js": "BridgeConsoleScript"]

    /// `script` as `enum NAME { static let source }`: its exact text in a multi-line raw literal,
    /// readable in a diff, with one more `#` than any run of `#` after a `"` or `\` in the text,
    /// so nothing in it ends the literal or starts an escape. The runtime's own text, not the schema's.
    static func scriptConstant(_ script: RuntimeSource, named name: String) -> String {
        var longest = 0, run = -1  // -1: not after `"` or `\`
        for byte in script.body.utf8 {
            if byte == UInt8(ascii: "#"), run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 0 : -1
            }
        }
        let delimiter = String(repeating: "#", count: longest + 1)
        return """
            /// The text of `Runtime/JavaScript/\(script.name)`, exactly.
            enum \(name) {
                static let source = \(delimiter)\"\"\"
            \(script.body)
            \"\"\"\(delimiter)
            }
            """
    }

    static func set(_ values: [String]) -> String {
        let sorted = Set(values).sorted()
        return sorted.isEmpty ? "[]" : "[" + sorted.map(SwiftNamer.stringLiteral).joined(separator: ", ") + "]"
    }
}
