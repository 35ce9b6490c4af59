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

/// The shared `catalog` handlers (CatalogCalls.swift) and the two whose kind ../new changes.
@MainActor final class EvolutionHandlers: CatalogCalls, CatalogHandler {
    /// A send here; the new page's request of it resolves with null (the send's early answer).
    func refresh() {
        record("refresh", [:])
    }

    /// The old schema's `Promotion` has no `bundle`: a new page's bundle arrives as `.unknown`.
    func applyPromotion(promotion: Catalog.Promotion) async throws -> String {
        record("applyPromotion", [:])
        switch promotion {
        case .percentOff(let off): return "percentOff:\(Int(off.percent))"
        case .freeShipping: return "freeShipping"
        case .unknown(let tag, let value): return describeUnknown(tag: tag, value: value)
        }
    }

    /// A request here; the new page sends it, so this answer is dropped.
    func rate(sku: String) async throws -> Bool {
        record("rate", ["sku": .string(sku)])
        return true
    }
}

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
