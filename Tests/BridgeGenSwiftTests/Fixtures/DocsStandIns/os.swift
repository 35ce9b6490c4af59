// A compile-only stand-in for the `Logger` API of Apple's os module that docs/SWIFT.md's
// console example uses, so it type-checks on Linux (DocsPageSwiftTests). It logs nothing.

public struct OSLogPrivacy: Sendable {
    public static let `public` = OSLogPrivacy()
    public static let `private` = OSLogPrivacy()
}

public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ value: String, privacy: OSLogPrivacy = .private) {}
    }

    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}

public struct Logger: Sendable {
    public init(subsystem: String, category: String) {}
    public func error(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
}
