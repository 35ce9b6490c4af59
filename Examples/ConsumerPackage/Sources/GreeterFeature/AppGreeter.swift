import Foundation

/// The app's side of the `greeter` module: implements the protocol bridgegen generated from
/// `Schemas/greeter.bridge.yaml` (the file is regenerated on every build, never committed).
@MainActor
public final class AppGreeter: GreeterHandler {
    public private(set) var lines: [String] = []
    public private(set) var greetings = 0
    /// Set after install; sends the module's events to the page.
    public var events: GreeterEvents?

    public init() {}

    public func log(line: String) {
        lines.append(line)
    }

    public func greet(name: String, excited: Bool) async throws -> String {
        guard !name.isEmpty else { throw GreeterError.emptyName() }
        greetings += 1
        events?.greeted(name: name)
        return "Hello, \(name)" + (excited ? "!" : ".")
    }

    public func count() async throws -> Int {
        greetings
    }
}
