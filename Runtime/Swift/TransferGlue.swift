// bridgegen's Swift runtime: the WebKit side of the bytes transfer path: the scheme handler
// pages fetch large `bytes` values through (Transfers.swift holds what it serves).
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

#if canImport(WebKit)
import WebKit

/// Serves `bridgegen-bytes://transfer/` to the pages of the web views created from the
/// configuration it is registered on, so that `bytes` values of 64 KiB and more cross outside
/// the messages, without base64, up to `maxLength` (docs/WIRE.md, "Bytes at platform speed").
/// A web view whose configuration lacks it sends every value inline, as before.
@MainActor public final class BridgeTransferScheme: NSObject, WKURLSchemeHandler {
    let maxLength: Int
    let inlineBelow: Int
    /// The tasks WebKit has not stopped and this handler has not finished. Calling a stopped
    /// task raises an Objective-C exception, which would end the app: every call checks here,
    /// on the main thread, where WebKit stops tasks.
    private var tasks: [ObjectIdentifier: any WKURLSchemeTask] = [:]

    private init(maxLength: Int, inlineBelow: Int) {
        self.maxLength = maxLength
        self.inlineBelow = inlineBelow
    }

    /// Registers the scheme on `configuration`. Call it before creating the web view: WebKit
    /// copies the configuration into the web view, and a handler set on `webView.configuration`
    /// afterwards has no effect. Returns false, changing nothing, when the configuration has a
    /// handler for the scheme already (another schema set of the app registered it).
    @discardableResult
    public static func register(
        on configuration: WKWebViewConfiguration, maxLength: Int = 256 << 20, inlineBelow: Int = 64 << 10
    ) -> Bool {
        let scheme = BridgeTransfers.defaultScheme
        guard configuration.urlSchemeHandler(forURLScheme: scheme) == nil else { return false }
        configuration.setURLSchemeHandler(BridgeTransferScheme(maxLength: maxLength, inlineBelow: inlineBelow), forURLScheme: scheme)
        return true
    }

    /// The store a session of `webView` keeps its values in, when the web view has this scheme.
    static func transfers(for webView: WKWebView) -> BridgeTransfers? {
        guard let handler = webView.configuration.urlSchemeHandler(forURLScheme: BridgeTransfers.defaultScheme) as? BridgeTransferScheme else {
            return nil
        }
        return BridgeTransfers(maxLength: handler.maxLength, inlineBelow: handler.inlineBelow)
    }

    public func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let id = ObjectIdentifier(urlSchemeTask)
        tasks[id] = urlSchemeTask
        let request = urlSchemeTask.request
        let origin = request.value(forHTTPHeaderField: "Origin")
        guard let session = BridgeGlue.transferSession(of: webView) else {
            return respond(id, .text(404, "no bridge module is installed on this web view"), origin: nil)
        }
        let allowed = origin.flatMap { BridgeTransfers.origin(header: $0) }.map { session.policy.allows($0) } == true ? origin : nil
        let path = request.url?.path ?? ""
        switch (request.httpMethod ?? "GET", path) {
        case ("OPTIONS", _):
            respond(id, BridgeTransferResponse(status: 204, body: Data()), origin: allowed)
        case ("POST", "/upload"):
            upload(id, request, session: session, origin: origin, allowed: allowed)
        case ("GET", _) where path.count > 1:
            respond(id, session.fetchTransfer(String(path.dropFirst()), origin: origin), origin: allowed)
        default:
            respond(id, .text(405, "expected GET of a value or POST to upload"), origin: allowed)
        }
    }

    public func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        tasks[ObjectIdentifier(urlSchemeTask)] = nil
    }

    /// Reads a POST's body into an upload. WebKit gives a fetch's one-piece body (an
    /// `ArrayBuffer`, a typed array) as `httpBody`, anything else as `httpBodyStream`, which is
    /// read off the main thread in chunks of 1 MiB.
    private func upload(_ id: ObjectIdentifier, _ request: URLRequest, session: BridgeSession, origin: String?, allowed: String?) {
        let declared = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) } ?? request.httpBody?.count
        switch session.beginUpload(origin: origin, declaredLength: declared) {
        case .refused(let response):
            respond(id, response, origin: allowed)
        case .reading(let upload):
            if let body = request.httpBody { upload.append(body) }
            guard request.httpBody == nil, let stream = request.httpBodyStream else {
                return respond(id, session.finishUpload(upload), origin: allowed)
            }
            let body = BridgeBodyStream(stream)
            DispatchQueue.global(qos: .userInitiated).async {
                let complete = body.read(into: upload)
                Task { @MainActor [weak self, weak session] in
                    // A stopped task's page is not waiting: nothing it sent is kept.
                    guard let self, let session, self.tasks[id] != nil else { return }
                    self.respond(id, complete ? session.finishUpload(upload) : .text(400, "the request body could not be read"), origin: allowed)
                }
            }
        }
    }

    /// Answers a task WebKit has not stopped: the response, the body in chunks of 1 MiB, finish.
    private func respond(_ id: ObjectIdentifier, _ response: BridgeTransferResponse, origin: String?) {
        guard let task = tasks.removeValue(forKey: id), let url = task.request.url else { return }
        var headers = response.headers(origin: origin)
        if response.status == 204 {
            headers["Access-Control-Allow-Methods"] = "GET, POST"
            headers["Access-Control-Allow-Headers"] = "Content-Type"
        }
        guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: headers) else { return }
        task.didReceive(http)
        let chunk = 1 << 20
        var offset = 0
        while offset < response.body.count {
            task.didReceive(response.body.subdata(in: offset..<min(offset + chunk, response.body.count)))
            offset += chunk
        }
        task.didFinish()
    }
}

/// A request's body stream, read on one background thread at a time.
private final class BridgeBodyStream: @unchecked Sendable {
    private let stream: InputStream

    init(_ stream: InputStream) {
        self.stream = stream
    }

    /// Reads the whole body into `upload` (which stops keeping it past its limit); false when
    /// the stream failed.
    func read(into upload: BridgeUpload) -> Bool {
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { return false }
            if count == 0 || !upload.append(Data(buffer[0..<count])) { return true }
        }
    }
}
#endif
