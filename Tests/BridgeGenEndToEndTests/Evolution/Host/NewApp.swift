// The app built from ../new/catalog.bridge.yaml (the same schema as the new page): its
// handlers, events and page calls, for the evolution host (main.swift). OldApp.swift is the
// app built from ../old.
import Foundation

enum EvolutionApp {
    /// Which schema this host was generated from (the `version` command answers it).
    static let version = "new"
}

/// The new app has `catalog` and the module new in this version, `wishlist`.
@MainActor func installModules(_ session: BridgeSession, _ handlers: EvolutionHandlers) {
    session.install(CatalogDispatcher(handler: handlers))
    session.install(WishlistDispatcher(handler: handlers))
}

/// The shared `catalog` handlers (CatalogCalls.swift) and this version's additions.
@MainActor final class EvolutionHandlers: CatalogCalls, CatalogHandler, WishlistHandler {
    private var wishlist: Set<String> = []

    /// Resolves with the wishlist's size; `sku` "missing" rejects with `notFound` (3001).
    func addToWishlist(sku: String) async throws -> Int {
        record("addToWishlist", ["sku": .string(sku)])
        if sku == "missing" { throw CatalogError.notFound() }
        wishlist.insert(sku)
        return wishlist.count
    }

    func shareProduct(sku: String) {
        record("shareProduct", ["sku": .string(sku)])
    }

    func applyPromotion(promotion: Catalog.Promotion) async throws -> String {
        record("applyPromotion", [:])
        switch promotion {
        case .percentOff(let off): return "percentOff:\(Int(off.percent))"
        case .freeShipping: return "freeShipping"
        case .bundle(let bundle): return "bundle:" + bundle.skus.joined(separator: ",")
        case .unknown(let tag, let value): return describeUnknown(tag: tag, value: value)
        }
    }

    /// A request here (a send in ../old): resolves with the number of products.
    func refresh() async throws -> Int {
        record("refresh", [:])
        return 12
    }

    /// A send here (a request in ../old).
    func rate(sku: String) {
        record("rate", ["sku": .string(sku)])
    }

    // MARK: wishlist

    func count() async throws -> Int {
        calls.append(.object(["module": .string("wishlist"), "method": .string("count"), "params": .object([:])]))
        return wishlist.count
    }

    func clear() {
        calls.append(.object(["module": .string("wishlist"), "method": .string("clear"), "params": .object([:])]))
        wishlist = []
    }
}

/// `{"emit":{"event":"price-dropped","payload":{...}}}`: the events of this schema, by wire name.
@MainActor func emitEvent(_ event: String, _ payload: [String: Any]) throws {
    let events = CatalogEvents(session: session)
    switch event {
    case "cart-changed":
        events.cartChanged(count: try BridgeDecode.int(payload["count"], "payload.count"))
    case "price-dropped":
        events.priceDropped(sku: try BridgeDecode.string(payload["sku"], "payload.sku"),
                            price: try BridgeDecode.double(payload["price"], "payload.price"))
    default:
        throw BridgeError(.unknownMethod, "the new app has no event \(event)")
    }
}

/// `{"callPage":{"method":"getScrollPosition"}}`: the page methods of this schema through the generated API.
@MainActor func callPageMethod(_ method: String, timeout: Double) async throws -> JSONValue {
    let page = CatalogPage(session: session).withTimeout(timeout)
    switch method {
    case "getSelection":
        return (try await page.getSelection()).map { JSONValue.string($0) } ?? .null
    case "getScrollPosition":
        return .double(try await page.getScrollPosition())
    default:
        throw BridgeError(.unknownMethod, "the new app has no page method \(method)")
    }
}
