// bridgegen's Swift runtime: console forwarding, native side: the levels, the log sink, the
// user script's text with its limits, and the receiver that checks what the page posted.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

// MARK: - Console forwarding

/// The level of a console message the page forwarded (docs/WIRE.md, "Console forwarding"):
/// `console.log`, `.info`, `.warn` and `.error`; uncaught errors and unhandled rejections
/// arrive as `.error`, the page's "N console messages dropped" as `.warn`.
public enum BridgeConsoleLevel: String, Sendable, CaseIterable {
    case log, info, warn, error
}

extension BridgeLog {
    /// Where forwarded console messages go. The default prints `BridgeLog.consoleLine(level,
    /// message)`, `[H5] <level>: <message>`; set it to send them to your own `Logger`.
    @MainActor public static var console: @MainActor (BridgeConsoleLevel, String) -> Void = { level, message in
        print(BridgeLog.consoleLine(level, message))
    }

    /// `[H5] <level>: <message>` as one line: the message is the page's text, so its line
    /// breaks and other control characters are written as escapes (`\n`, `\u{1B}`) and cannot
    /// start a line that looks like another log entry.
    public nonisolated static func consoleLine(_ level: BridgeConsoleLevel, _ message: String) -> String {
        var line = "[H5] \(level.rawValue): "
        for scalar in message.unicodeScalars {
            switch scalar.value {
            case 0x0A: line += "\\n"
            case 0x0D: line += "\\r"
            case 0x09: line.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}

/// The console-forwarding user script and its message handler's name.
enum BridgeConsole {
    /// The plain message handler the script posts `{level, message}` to.
    static let channel = "bridgegenConsole"

    /// The script (Runtime/JavaScript/console-forward.js, a function expression of the two
    /// limits) called with the limits: numbers are the only text added to it.
    static func userScriptSource(maxMessageLength: Int = BridgeConfiguration.consoleMaxMessageLength,
                                 maxMessagesPerSecond: Int = BridgeConfiguration.consoleMaxMessagesPerSecond) -> String {
        BridgeConsoleScript.source + "(\(maxMessageLength), \(maxMessagesPerSecond));\n"
    }

    /// Whether a user script's source is bridgegen's console script (of any schema set of the
    /// app): its first line names it.
    static func isConsoleScript(_ source: String) -> Bool {
        source.hasPrefix("// bridgegen console forwarding v1 ")
    }
}

/// The native end of console forwarding. What arrives on `bridgegenConsole` is untrusted: any
/// frame may post anything there. Each message is checked against the origin policy, must be
/// `{level, message}` with a known level and a string message, is cut to the length limit again
/// and counted against a rate limit, and only then reaches `BridgeLog.console`.
@MainActor final class BridgeConsoleReceiver {
    /// The native rate limit is this many times the page's: the script's one-second windows and
    /// native's are not aligned, so one native second can hold two of the script's.
    static let rateFactor = 2

    let policy: BridgeOriginPolicy
    let maxMessageLength: Int
    let maxMessagesPerSecond: Int
    private let clock: () -> Double
    private var windowStart = -Double.infinity
    private var inWindow = 0
    private var dropped = 0

    /// `clock` gives seconds (any origin); tests pass their own.
    init(policy: BridgeOriginPolicy = .default,
         maxMessageLength: Int = BridgeConfiguration.consoleMaxMessageLength,
         maxMessagesPerSecond: Int = BridgeConfiguration.consoleMaxMessagesPerSecond,
         clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.policy = policy
        self.maxMessageLength = maxMessageLength
        self.maxMessagesPerSecond = maxMessagesPerSecond
        self.clock = clock
    }

    /// One message the page posted on `bridgegenConsole`.
    func receive(_ body: Any?, origin: BridgeOrigin) {
        let now = clock()
        if now - windowStart >= 1 {
            if dropped > 0 {
                BridgeLog.report("dropped \(dropped) console messages: more than \(maxMessagesPerSecond * Self.rateFactor) a second")
            }
            windowStart = now
            inWindow = 0
            dropped = 0
        }
        guard inWindow < maxMessagesPerSecond * Self.rateFactor else {
            dropped += 1
            return
        }
        inWindow += 1
        guard policy.allows(origin) else {
            BridgeLog.report("refused a console message from \(policy.refusal(origin))")
            return
        }
        guard let object = body as? [String: Any] else {
            BridgeLog.report("refused a console message: the body is not an object")
            return
        }
        guard let name = object["level"] as? String, let level = BridgeConsoleLevel(rawValue: name) else {
            BridgeLog.report("refused a console message: level is not one of log, info, warn, error")
            return
        }
        guard let message = object["message"] as? String else {
            BridgeLog.report("refused a console message: message is not a string")
            return
        }
        BridgeLog.console(level, Self.cut(message, to: maxMessageLength))
    }

    /// At most `limit` UTF-16 units, whole scalars only.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        var units = 0
        var end = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            let width = text.unicodeScalars[index].utf16.count
            if units + width > limit { break }
            units += width
            end = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[..<end])
    }
}
