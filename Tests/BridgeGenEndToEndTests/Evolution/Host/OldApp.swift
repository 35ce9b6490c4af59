// The app built from ../old/catalog.bridge.yaml: its handlers, its events and its page calls,
// for the evolution host (main.swift). NewApp.swift is the same for ../new; each host is
// compiled with one of the two.
import Foundation

enum EvolutionApp {
    /// Which schema this host was generated from (the `version` command answers it).
    static let version = "old"
}

/// The old app has one module, `catalog`.
@MainActor func installModules(_ session: BridgeSession, _ handlers: EvolutionHandlers) {
    session.install(CatalogDispatcher(handler: handlers))
}

/// The old app's handlers are the shared `catalog` ones (CatalogCalls.swift).
@MainActor final class EvolutionHandlers: CatalogCalls, CatalogHandler {}

/// `{"emit":{"event":"cart-changed","payload":{...}}}`: the events of this schema, by wire name.
@MainActor func emitEvent(_ event: String, _ payload: [String: Any]) throws {
    switch event {
    case "cart-changed":
        CatalogEvents(session: session).cartChanged(count: try BridgeDecode.int(payload["count"], "payload.count"))
    default:
        throw BridgeError(.unknownMethod, "the old app has no event \(event)")
    }
}

/// `{"callPage":{"method":"getSelection"}}`: the page methods of this schema through the generated API.
@MainActor func callPageMethod(_ method: String, timeout: Double) async throws -> JSONValue {
    let page = CatalogPage(session: session).withTimeout(timeout)
    switch method {
    case "getSelection":
        return (try await page.getSelection()).map { JSONValue.string($0) } ?? .null
    default:
        throw BridgeError(.unknownMethod, "the old app has no page method \(method)")
    }
}
