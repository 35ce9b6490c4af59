// Deterministic handlers for the modules of Schemas/ (sample, user), shared by the test host
// and the glue test program. Every handler call is recorded (with its decoded arguments
// re-encoded as JSON) so tests can see exactly what the dispatcher decoded.
import Foundation

enum TestFailure: Error {
    /// A non-bridge error: must reach the page as internalError without this text.
    case secretInternalDetail
}

@MainActor final class TestHandlers: SampleHandler, UserHandler {
    var store: [String: String] = [:]
    var blobs: [String: Data] = [:]
    var loggedIn = true
    /// Handler calls since the last `drainCalls()`: `{"module","method","params"}`.
    private(set) var calls: [JSONValue] = []
    /// Requests waiting in `getItem("slow")` for the page to cancel them: the host does not wait for those.
    private(set) var parked = 0

    func drainCalls() -> [JSONValue] {
        defer { calls = [] }
        return calls
    }

    private func record(_ module: String, _ method: String, _ params: [String: JSONValue]) {
        calls.append(.object(["module": .string(module), "method": .string(method), "params": .object(params)]))
    }

    private func optional(_ value: String?) -> JSONValue { value.map { JSONValue.string($0) } ?? .null }

    /// Waits for the page to give up: `$cancel` cancels the handler's Task, and its sleep throws,
    /// recorded as `<method>.cancelled` with whether the Task was cancelled.
    private func parkUntilCancelled(_ method: String) async throws {
        parked += 1
        defer { parked -= 1 }
        do {
            try await Task.sleep(nanoseconds: 20_000_000_000)
        } catch {
            record("sample", "\(method).cancelled", ["isCancelled": .bool(Task.isCancelled && error is CancellationError)])
            throw error
        }
    }

    // MARK: sample

    func share(text: String, url: String?) {
        record("sample", "share", ["text": .string(text), "url": optional(url)])
    }

    func haptic(style: Sample.HapticStyle) {
        record("sample", "haptic", ["style": .string(style.rawValue)])
    }

    func deviceInfo() async throws -> Sample.DeviceInfo {
        record("sample", "deviceInfo", [:])
        await Task.yield()
        // `setItem("insets", "nan")` makes the result unencodable (internalError).
        let top = store["insets"] == "nan" ? Double.nan : 47
        return Sample.DeviceInfo(model: "TestPhone", system: "TestOS 1.0", appVersion: "1.0.0", darkMode: false,
                                 safeAreaInsets: Sample.Insets(top: top, left: 0, bottom: 34, right: 0))
    }

    /// No items: `cancelled`; else `shared` with the items described in order (a known variant by
    /// its wire value, an unknown one as `unknown:<tag>`), joined by `,`.
    func shareItems(items: [Sample.ShareItem]) async throws -> Sample.ShareOutcome {
        record("sample", "shareItems", ["items": try BridgeEncode.list(items, "items", HostCodecs.encodeShareItem)])
        guard !items.isEmpty else { return .cancelled }
        let described = items.map { item in
            switch item {
            case .text: return "text"
            case .link: return "link"
            case .image: return "image"
            case .screenshot: return "screenshot"
            case .unknown(let tag, _): return "unknown:" + tag
            }
        }
        return .shared(Sample.ShareOutcome.Shared(activity: described.joined(separator: ",")))
    }

    func getItem(key: String) async throws -> String? {
        record("sample", "getItem", ["key": .string(key)])
        if key.isEmpty { throw SampleError.invalidKey(message: "key must not be empty") }
        if key == "crash" { throw TestFailure.secretInternalDetail }
        if key == "slow" {
            try await parkUntilCancelled("getItem")
            record("sample", "getItem.finished", [:])
            return "finished"
        }
        await Task.yield()
        // The frame that asked, read after a suspension: the request's Task carries it.
        if key == "whoIsCalling" { return BridgeCaller.current?.description ?? "nobody" }
        return store[key]
    }

    func setItem(key: String, value: String) async throws -> Bool {
        record("sample", "setItem", ["key": .string(key), "value": .string(value)])
        if key.isEmpty { throw SampleError.invalidKey(message: "key must not be empty") }
        if key == "full" { throw SampleError.storageFull() }
        if key == "crash" { throw TestFailure.secretInternalDetail }
        await Task.yield()
        store[key] = value
        return true
    }

    /// Records the length, and the bytes themselves when they are few (what native decoded, byte for byte).
    func setBlob(key: String, contents: Data) async throws -> Bool {
        var recorded: [String: JSONValue] = ["key": .string(key), "length": .int(contents.count)]
        if contents.count <= 1_024 { recorded["bytes"] = .array(contents.map { .int(Int($0)) }) }
        record("sample", "setBlob", recorded)
        if key.isEmpty { throw SampleError.invalidKey(message: "key must not be empty") }
        await Task.yield()
        blobs[key] = contents
        return true
    }

    func getBlob(key: String) async throws -> Data? {
        record("sample", "getBlob", ["key": .string(key)])
        if key.isEmpty { throw SampleError.invalidKey(message: "key must not be empty") }
        return blobs[key]
    }

    /// `test://items/N`: N one-byte chunks (byte i % 256 at offset i), then N.
    /// `test://fail/N`: N chunks, then `downloadFailed(received: N)`.
    /// `test://hold/N`: N chunks, then waits for the page to stop reading (parked, like `getItem("slow")`).
    /// `test://bytes/N`: N bytes (byte i is i % 251) in chunks of `chunkSize`, then N.
    /// The URL is read scalar by scalar (a `/` followed by a combining mark still separates) and N
    /// is ASCII digits with an optional sign, as `Int.init` reads them; a negative N is an unknown URL.
    func download(url: String, chunkSize: Int, stream: BridgeStream<Sample.DownloadChunk>) async throws -> Int {
        record("sample", "download", ["url": .string(url), "chunkSize": .int(chunkSize)])
        let parts = url.unicodeScalars.split(separator: "/").map(String.init)
        guard url.unicodeScalars.starts(with: "test://".unicodeScalars), parts.count == 3, let count = Int(parts[2]), count >= 0 else {
            throw SampleError.downloadFailed(received: 0, message: "unknown test URL")
        }
        if parts[1] == "bytes" { return try await downloadBytes(total: count, chunkSize: chunkSize, stream: stream) }
        for offset in 0..<count {
            do {
                try await stream.yield(Sample.DownloadChunk(offset: offset, data: Data([UInt8(offset % 256)]), total: count))
            } catch let error where parts[1] == "hold" {
                // A `live` item's yield returns once the page has evaluated it, and a page may leave
                // its loop inside that evaluation: the cancellation then reaches the last yield.
                record("sample", "download.cancelled", ["isCancelled": .bool(Task.isCancelled && error is CancellationError)])
                throw error
            }
        }
        switch parts[1] {
        case "fail":
            throw SampleError.downloadFailed(received: count)
        case "hold":
            try await parkUntilCancelled("download")
            return count
        default:
            record("sample", "download.finished", ["items": .int(count)])
            return count
        }
    }

    /// `test://bytes/<total>`: `total` bytes in chunks of `chunkSize`, byte `i` being `i % 251`
    /// (a prime, so that no chunk repeats the one before), each chunk made only when `yield` has
    /// returned: what the host holds is one chunk, however large `total` is.
    private func downloadBytes(total: Int, chunkSize: Int, stream: BridgeStream<Sample.DownloadChunk>) async throws -> Int {
        guard chunkSize > 0 else { throw SampleError.downloadFailed(received: 0, message: "chunkSize must be positive") }
        var offset = 0
        while offset < total {
            let length = min(chunkSize, total - offset)
            let data = Data((offset..<offset + length).lazy.map { UInt8($0 % 251) })
            try await stream.yield(Sample.DownloadChunk(offset: offset, data: data, total: total))
            offset += length
        }
        return total
    }

    // MARK: user

    func closePage() {
        record("user", "closePage", [:])
    }

    func logEvent(name: String, parameters: [String: JSONValue]) {
        var recorded: [String: JSONValue] = ["name": .string(name), "parameters": .object(parameters)]
        if name == "whoIsCalling" { recorded["caller"] = .string(BridgeCaller.current?.description ?? "nobody") }
        record("user", "logEvent", recorded)
        if name == "logout" { loggedIn = false }
        if name == "login" { loggedIn = true }
    }

    func getUserInfo() async throws -> User.UserInfo {
        record("user", "getUserInfo", [:])
        guard loggedIn else { throw UserError.notLoggedIn() }
        return User.UserInfo(id: 42, name: "Alice", avatar: nil, vipLevel: 3, tags: ["beta", "vip"])
    }

    func iosAppPrepay(order: User.PrepayOrder) async throws -> User.PrepayResult {
        record("user", "iosAppPrepay", ["order": (try? HostCodecs.encodePrepayOrder(order, "order")) ?? .null])
        guard loggedIn else { throw UserError.notLoggedIn() }
        switch order.productId {
        case "fail": throw UserError.purchaseFailed(storeCode: 2, retryable: true, message: "The App Store refused the purchase")
        case "disabled": throw UserError.purchasesDisabled()
        case "pending": return User.PrepayResult(status: .pending)
        case "cancel": return User.PrepayResult(status: .cancelled)
        default:
            return User.PrepayResult(status: .purchased, transactionId: "tx-\(order.productId)-\(order.quantity)",
                                     receipts: [order.productId: JSONValue.sortedKeys(order.metadata.keys)])
        }
    }

    func reportDevice(device: Sample.DeviceInfo, style: Sample.HapticStyle?) {
        record("user", "reportDevice", ["device": (try? SampleCodec.encodeDeviceInfo(device, "device")) ?? .null,
                                        "style": style.map { JSONValue.string($0.rawValue) } ?? .null])
    }

    func getToken() async throws -> String? {
        record("user", "getToken", [:])
        return loggedIn ? "token-abc" : nil
    }
}
