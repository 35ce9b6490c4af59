import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession off Apple's platforms, where the example is type-checked
#endif
#if canImport(UIKit)
import UIKit
#endif

/// The app's side of the `sample` module (Schemas/sample.bridge.yaml): the generated
/// `SampleHandler` protocol is all it knows of the bridge. Values arrive typed and validated;
/// throwing `Sample.Errors` rejects the page's Promise with that code.
@MainActor
final class SampleService: SampleHandler {
    /// Where share sheets are presented from; set by the view controller.
    var present: ((_ items: [Any]) -> Void)?
    private var store: [String: String] = [:]
    private var blobs: [String: Data] = [:]
    private static let storeLimit = 1_000

    func share(text: String, url: String?) {
        var items: [Any] = [text]
        if let url, let link = URL(string: url) { items.append(link) }
        present?(items)
    }

    func haptic(style: Sample.HapticStyle) {
        #if canImport(UIKit) && os(iOS)
        let feedback: UIImpactFeedbackGenerator.FeedbackStyle
        switch style {
        case .light: feedback = .light
        case .medium: feedback = .medium
        case .heavy, .rigid: feedback = .heavy
        }
        UIImpactFeedbackGenerator(style: feedback).impactOccurred()
        #endif
    }

    /// Presents what it can share and answers at once; a variant this build does not know
    /// (`.unknown`, from a newer page) is left out, as a share sheet would leave out a type it cannot show.
    func shareItems(items: [Sample.ShareItem]) async throws -> Sample.ShareOutcome {
        var shared: [Any] = []
        for item in items {
            switch item {
            case .text(let text): shared.append(text.body)
            case .link(let link): if let url = URL(string: link.url) { shared.append(url) }
            case .image(let image): shared.append(image.data)
            case .screenshot, .unknown: continue
            }
        }
        guard !shared.isEmpty, let present else { return .cancelled }
        present(shared)
        return .shared(Sample.ShareOutcome.Shared())
    }

    func deviceInfo() async throws -> Sample.DeviceInfo {
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
        #if canImport(UIKit) && os(iOS)
        let device = UIDevice.current
        return Sample.DeviceInfo(model: device.model, system: "\(device.systemName) \(device.systemVersion)",
                                 appVersion: version,
                                 darkMode: UITraitCollection.current.userInterfaceStyle == .dark)
        #else
        return Sample.DeviceInfo(model: "Simulator", system: ProcessInfo.processInfo.operatingSystemVersionString, appVersion: version)
        #endif
    }

    func getItem(key: String) async throws -> String? {
        try Self.validate(key)
        return store[key]
    }

    func setItem(key: String, value: String) async throws -> Bool {
        try Self.validate(key)
        if store[key] == nil && store.count >= Self.storeLimit { throw SampleError.storageFull() }
        store[key] = value
        return true
    }

    func setBlob(key: String, contents: Data) async throws -> Bool {
        try Self.validate(key)
        if blobs[key] == nil && blobs.count >= Self.storeLimit { throw SampleError.storageFull() }
        blobs[key] = contents
        return true
    }

    func getBlob(key: String) async throws -> Data? {
        try Self.validate(key)
        return blobs[key]
    }

    /// Fetches the file, then sends it in chunks: the page shows progress as they arrive, and
    /// leaving its loop cancels this Task (`yield` throws `CancellationError`, and so does the
    /// fetch). A real app would stream the response; the chunks are what the page sees either way.
    func download(url: String, chunkSize: Int, stream: BridgeStream<Sample.DownloadChunk>) async throws -> Int {
        guard let address = URL(string: url), address.scheme == "https", chunkSize > 0 else {
            throw SampleError.downloadFailed(received: 0, message: "only https URLs and a positive chunk size")
        }
        let data: Data
        do {
            data = try await URLSession.shared.data(from: address).0
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SampleError.downloadFailed(received: 0, message: error.localizedDescription)
        }
        var offset = 0
        while offset < data.count {
            let end = min(offset + chunkSize, data.count)
            try await stream.yield(Sample.DownloadChunk(offset: offset, data: data.subdata(in: offset..<end), total: data.count))
            offset = end
        }
        return data.count
    }

    private static func validate(_ key: String) throws {
        if key.isEmpty || key.count > 256 { throw SampleError.invalidKey() }
    }
}
