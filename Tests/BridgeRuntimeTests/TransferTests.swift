import Foundation
import XCTest
@testable import BridgeRuntime

/// A module with the two shapes of `bytes` in a request: `put` decodes `params.contents` and
/// answers its length, `get` answers `result` with the bytes `params.size` asks for (every value
/// in turn), the way generated dispatchers decode and encode.
@MainActor private final class BlobModule: BridgeModule {
    let moduleName = "blob"
    let capabilities = BridgeCapabilities(methods: ["put", "get", "note"], events: [], pageMethods: [], fingerprint: "0000000000000000")
    private(set) var received: [Data] = []
    private(set) var notes: [JSONValue] = []

    func handles(_ type: String) -> Bool { capabilities.methods.contains(type) }

    func dispatch(type: String, data: Any?, reply: BridgeReply) {
        do {
            if type == "note" {
                // An `any` param.
                let note = try BridgeDecode.json(try BridgeDecode.params(data)["value"], "params.value")
                notes.append(note)
                return reply.run { .null }
            }
            let params = try BridgeDecode.Fields(params: data)
            if type == "put" {
                let contents = try params.bytes("contents")
                received.append(contents)
                reply.run { .int(contents.count) }
            } else {
                let size = try params.int("size")
                reply.run { BridgeEncode.bytes(Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }), "result") }
            }
        } catch {
            reply.fail(error)
        }
    }
}

/// Large `bytes` outside the message (Transfers.swift): uploads taken once by a message of their
/// origin, results offered to the asking origin and fetched once, limits before memory, expiry,
/// and everything inline where the path is not installed or the page's origin cannot use it.
@MainActor final class TransferTests: XCTestCase {
    private let page = BridgeOrigin(scheme: "app", host: "e2e", isMainFrame: true)
    private var replies: [BridgeEnvelope] = []
    private var now: UInt64 = 1_000_000_000

    private func makeSession(maxLength: Int = 1 << 20, inlineBelow: Int = 16, maxHeld: Int? = nil) -> (BridgeSession, BlobModule) {
        let session = BridgeSession(transport: .reply, policy: .default) { _, completion in completion(true) }
        session.transfers = BridgeTransfers(scheme: "bridgegen-bytes", maxLength: maxLength, inlineBelow: inlineBelow,
                                            maxHeldBytes: maxHeld, lifetime: 60, clock: { [unowned self] in self.now })
        let module = BlobModule()
        session.install(module)
        return (session, module)
    }

    private func send(_ body: [String: Any], to session: BridgeSession, from origin: BridgeOrigin? = nil) async -> BridgeEnvelope? {
        let before = replies.count
        session.receive(channel: "blob", body: body, origin: origin ?? page,
                        reply: { [weak self] envelope in self?.replies.append(envelope) }, answer: { _ in })
        for _ in 0..<1000 where replies.count == before { await Task.yield() }
        return replies.count > before ? replies.last : nil
    }

    private func upload(_ data: Data, to session: BridgeSession, origin: String? = "app://e2e", chunk: Int = 7) -> BridgeTransferResponse {
        guard case .reading(let upload) = session.beginUpload(origin: origin, declaredLength: data.count) else {
            if case .refused(let response) = session.beginUpload(origin: origin, declaredLength: data.count) { return response }
            return .text(0, "")
        }
        var offset = 0
        while offset < data.count {
            upload.append(data[offset..<min(offset + chunk, data.count)])
            offset += chunk
        }
        return session.finishUpload(upload)
    }

    private func text(_ response: BridgeTransferResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    func testHelloOffersThePathToAPageWithAnOriginAndNotToAFilePage() async throws {
        let (session, _) = makeSession()
        let hello = await send(["type": "$hello", "data": ["module": "blob"]], to: session)
        guard case .object(let data)? = hello?.data, case .object(let capabilities)? = data["capabilities"] else {
            return XCTFail("no capabilities: \(String(describing: hello))")
        }
        XCTAssertEqual(capabilities["bytes"], .object(["url": .string("bridgegen-bytes://transfer/"), "inline": .int(16), "max": .int(1 << 20)]))
        let file = await send(["type": "$hello", "data": ["module": "blob"]], to: session,
                              from: BridgeOrigin(scheme: "file", host: "", isMainFrame: true))
        guard case .object(let fileData)? = file?.data, case .object(let fileCapabilities)? = fileData["capabilities"] else {
            return XCTFail("no capabilities")
        }
        XCTAssertNil(fileCapabilities["bytes"], "a file page's fetches say Origin: null")
        var policy = BridgeOriginPolicy.default
        policy.trustedHosts = ["app.example"]
        session.policy = policy
        let secure = await send(["type": "$hello", "data": ["module": "blob"]], to: session,
                                from: BridgeOrigin(scheme: "https", host: "app.example", isMainFrame: true))
        guard case .object(let secureData)? = secure?.data, case .object(let secureCapabilities)? = secureData["capabilities"] else {
            return XCTFail("no capabilities: \(String(describing: secure))")
        }
        XCTAssertNil(secureCapabilities["bytes"], "WebKit blocks an https page's fetch of a custom scheme as mixed content")
    }

    func testAnUploadIsTakenOnceByAMessageOfItsOrigin() async throws {
        let (session, module) = makeSession()
        let all = Data((0...255).map { UInt8($0) })
        let response = upload(all, to: session)
        XCTAssertEqual(response.status, 200)
        let token = text(response)
        XCTAssertEqual(token.count, 22)
        XCTAssertTrue(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, token)
        XCTAssertEqual(session.transfers?.heldBytes, 256)

        // Another origin's message cannot take it, and the attempt does not spend it.
        let foreign = await send(["type": "put", "data": ["contents": ["$bytes": 0]], "$bytes": [token]], to: session,
                                 from: BridgeOrigin(scheme: "app", host: "other", isMainFrame: true))
        XCTAssertEqual(foreign?.errcode, BridgeErrorCode.invalidParams.rawValue)
        XCTAssertEqual(foreign?.errmsg, "$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)")

        let put = await send(["type": "put", "data": ["contents": ["$bytes": 0]], "$bytes": [token]], to: session)
        XCTAssertEqual(put, .success(.int(256)))
        XCTAssertEqual(module.received, [all])
        XCTAssertEqual(session.transfers?.heldBytes, 0)
        XCTAssertEqual(session.transfers?.count, 0)

        let again = await send(["type": "put", "data": ["contents": ["$bytes": 0]], "$bytes": [token]], to: session)
        XCTAssertEqual(again?.errcode, BridgeErrorCode.invalidParams.rawValue, "a token is used once")
    }

    func testAReferenceInAnAnyValueArrivesAsTheBase64ItWouldHaveBeen() async throws {
        let (session, module) = makeSession()
        let token = text(upload(Data([1, 2, 3]), to: session))
        let note = await send(["type": "note", "data": ["value": ["photo": ["$bytes": 0], "other": ["$bytes": 0, "x": 1]]], "$bytes": [token]],
                              to: session)
        XCTAssertEqual(note, .success(.null))
        XCTAssertEqual(module.notes, [.object(["photo": .string("AQID"), "other": .object(["$bytes": .int(0), "x": .int(1)])])])
        _ = await send(["type": "note", "data": ["value": ["$bytes": 0]]], to: session)
        XCTAssertEqual(module.notes.last, .object(["$bytes": .int(0)]), "without a list, an object as any other")
    }

    func testReferencesAreOnlyReadWhereTheMessageListsValues() async throws {
        let (session, _) = makeSession()
        let noList = await send(["type": "put", "data": ["contents": ["$bytes": 0]]], to: session)
        XCTAssertEqual(noList?.errmsg, "params.contents: expected bytes (base64), got object")
        let token = text(upload(Data([1, 2, 3]), to: session))
        let outOfRange = await send(["type": "put", "data": ["contents": ["$bytes": 1]], "$bytes": [token]], to: session)
        XCTAssertEqual(outOfRange?.errmsg, "params.contents: expected bytes (base64), got object")
        for list in [["x"] as Any, "x", [1], Array(repeating: "x", count: 1025)] as [Any] {
            let bad = await send(["type": "put", "data": ["contents": "AAAA"], "$bytes": list], to: session)
            XCTAssertEqual(bad?.errcode, list is [String] && (list as! [String]).count == 1 ? BridgeErrorCode.invalidParams.rawValue
                           : BridgeErrorCode.invalidMessage.rawValue, "\(list)")
        }
        let inline = await send(["type": "put", "data": ["contents": "AQID"]], to: session)
        XCTAssertEqual(inline, .success(.int(3)), "base64 still works beside the path")
    }

    func testALargeResultIsOfferedToTheAskingOriginAndFetchedOnce() async throws {
        let (session, _) = makeSession()
        let answer = await send(["type": "get", "data": ["size": 1000]], to: session)
        guard let answer, answer.errcode == 0, answer.transfers.count == 1 else { return XCTFail("\(String(describing: answer))") }
        XCTAssertEqual(answer.data, .object(["$bytes": .int(0)]))
        XCTAssertEqual(answer.transfers[0].length, 1000)
        XCTAssertEqual(String(decoding: answer.jsonBytes()!, as: UTF8.self),
                       #"{"errcode":0,"errmsg":"ok","data":{"$bytes":0},"$bytes":[{"length":1000,"token":"\#(answer.transfers[0].token)"}]}"#)
        let token = answer.transfers[0].token

        XCTAssertEqual(session.fetchTransfer(token, origin: "app://other").status, 403)
        XCTAssertEqual(session.fetchTransfer(token, origin: nil).status, 403)
        let fetched = session.fetchTransfer(token, origin: "app://e2e")
        XCTAssertEqual(fetched.status, 200)
        XCTAssertEqual(fetched.body, Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) }))
        XCTAssertEqual(fetched.headers(origin: "app://e2e")["Content-Length"], "1000")
        XCTAssertEqual(fetched.headers(origin: "app://e2e")["Access-Control-Allow-Origin"], "app://e2e")
        XCTAssertEqual(session.fetchTransfer(token, origin: "app://e2e").status, 404, "a URL is used once")
        XCTAssertEqual(session.transfers?.heldBytes, 0)

        let small = await send(["type": "get", "data": ["size": 15]], to: session)
        XCTAssertEqual(small?.data, .string(BridgeBase64.encode(Data(0..<15))), "below inlineBelow: base64")
        XCTAssertEqual(small?.transfers, [])
    }

    func testWithoutThePathOrForAFilePageEverythingIsInline() async throws {
        let (session, _) = makeSession()
        let file = BridgeOrigin(scheme: "file", host: "", isMainFrame: true)
        let answer = await send(["type": "get", "data": ["size": 100]], to: session, from: file)
        XCTAssertEqual(answer?.data, .string(BridgeBase64.encode(Data(0..<100))))
        // An https page is not offered the path (its client would not fetch): inline too.
        session.policy.trustedHosts = ["app.example"]
        let secure = await send(["type": "get", "data": ["size": 100]], to: session,
                                from: BridgeOrigin(scheme: "https", host: "app.example", isMainFrame: true))
        XCTAssertEqual(secure?.data, .string(BridgeBase64.encode(Data(0..<100))))
        XCTAssertEqual(secure?.transfers, [])
        XCTAssertEqual(session.transfers?.count, 0)
        session.transfers = nil
        let plain = await send(["type": "get", "data": ["size": 100]], to: session)
        XCTAssertEqual(plain?.transfers, [])
        XCTAssertEqual(upload(Data([1]), to: session).status, 404)
    }

    func testLimitsAreEnforcedBeforeMemoryIsCommitted() {
        let (session, _) = makeSession(maxLength: 100, maxHeld: 150)
        // Declared too long: refused before a byte is read.
        guard case .refused(let declared) = session.beginUpload(origin: "app://e2e", declaredLength: 101) else { return XCTFail() }
        XCTAssertEqual(declared.status, 413)
        // Undeclared and too long: refused as it reads, what was read is freed.
        guard case .reading(let reading) = session.beginUpload(origin: "app://e2e", declaredLength: nil) else { return XCTFail() }
        XCTAssertTrue(reading.append(Data(count: 60)))
        XCTAssertFalse(reading.append(Data(count: 41)))
        XCTAssertTrue(reading.isOverLimit)
        XCTAssertEqual(reading.data.count, 0)
        XCTAssertEqual(session.finishUpload(reading).status, 413)
        // Held bytes are bounded across values.
        XCTAssertEqual(upload(Data(count: 100), to: session).status, 200)
        XCTAssertEqual(upload(Data(count: 60), to: session).status, 507)
        XCTAssertEqual(session.transfers?.heldBytes, 100)
        // Origins that cannot use the path.
        for origin in [nil, "null", "https://evil.example", "app:/x", "app://e2e:99999"] as [String?] {
            XCTAssertEqual(upload(Data([1]), to: session, origin: origin).status, 403, String(describing: origin))
        }
    }

    func testUnclaimedValuesExpire() {
        let (session, _) = makeSession()
        let token = text(upload(Data(count: 50), to: session))
        now += 59_000_000_000
        XCTAssertEqual(session.transfers?.heldBytes, 50)
        now += 2_000_000_000
        XCTAssertEqual(upload(Data(count: 1), to: session).status, 200)
        XCTAssertEqual(session.transfers?.heldBytes, 1, "the expired value was swept")
        XCTAssertNil(session.transfers?.take(upload: token, for: page))
    }

    func testOriginHeadersParseAsFetchWritesThem() {
        XCTAssertEqual(BridgeTransfers.key(header: "https://Example.com:8443"), "https://example.com:8443")
        XCTAssertEqual(BridgeTransfers.key(header: "app://e2e"), "app://e2e")
        XCTAssertEqual(BridgeTransfers.key(header: "https://[::1]:8080"), "https://[::1]:8080")
        XCTAssertEqual(BridgeTransfers.key(header: "https://[::1]"), "https://[::1]")
        for bad in ["null", "", "https://", "https://a/b", "file://", "https://a:0", "https://a:x"] {
            XCTAssertNil(BridgeTransfers.key(header: bad), bad)
        }
        XCTAssertEqual(BridgeTransfers.key(BridgeOrigin(scheme: "https", host: "a.example", port: 8443, isMainFrame: false)), "https://a.example:8443")
    }
}
