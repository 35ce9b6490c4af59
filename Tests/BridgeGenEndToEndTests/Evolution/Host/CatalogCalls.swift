// The `catalog` handlers both app versions share (OldApp.swift, NewApp.swift): compiled into
// each evolution host, against that version's generated `Catalog` types.
import Foundation

@MainActor class CatalogCalls {
    /// Handler calls since the last `drainCalls()`: `{"module","method","params"}`.
    var calls: [JSONValue] = []

    func drainCalls() -> [JSONValue] {
        defer { calls = [] }
        return calls
    }

    func record(_ method: String, _ params: [String: JSONValue]) {
        calls.append(.object(["module": .string("catalog"), "method": .string(method), "params": .object(params)]))
    }

    /// `sku` "missing" rejects with `notFound` (3001); any other SKU is found.
    func getProduct(sku: String) async throws -> Catalog.Product {
        record("getProduct", ["sku": .string(sku)])
        if sku == "missing" { throw CatalogError.notFound() }
        return Catalog.Product(sku: sku, title: "Product \(sku)", price: 9.5)
    }

    /// What an app understood of an unknown variant: its tag and the `skus` the object carried.
    func describeUnknown(tag: String, value: [String: JSONValue]) -> String {
        var skus: [String] = []
        if case .array(let items)? = value["skus"] {
            for case .string(let sku) in items { skus.append(sku) }
        }
        return "unknown:\(tag):" + skus.joined(separator: ",")
    }

    func track(sku: String) {
        record("track", ["sku": .string(sku)])
    }
}
