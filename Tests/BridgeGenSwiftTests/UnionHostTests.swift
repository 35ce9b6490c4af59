import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Unions through the generated dispatcher and event sender of Schemas/ in the test host
/// (Fixtures/Host): `shareItems(items: list<ShareItem>) -> ShareOutcome` and the event `navigate`
/// (a recursive `NavigationAction`), as a page posts and receives them.
final class UnionHostTests: XCTestCase {
    private func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    private func shareItems(_ id: Int, _ items: Any) throws -> String {
        try line(["id": id, "channel": "sample", "body": ["type": "shareItems", "data": ["items": items]]])
    }

    private func envelope(_ answer: [String: Any]) -> [String: Any] { answer["reply"] as? [String: Any] ?? [:] }

    func testShareItemsDecodesEveryVariantAndAnswersTheOutcome() throws {
        let link: [String: Any] = ["kind": "link", "url": "https://a.b", "title": NSNull()]
        let image: [String: Any] = ["kind": "image", "data": "AAE="]
        let video: [String: Any] = ["kind": "video", "src": ["x": 1]]
        let answers = try SwiftTestSupport.runHost(.reply, [
            try shareItems(1, [["kind": "text", "body": "hi"], link, image, ["kind": "screenshot"], video]),
            try shareItems(2, []),
        ])
        XCTAssertEqual(envelope(answers[0])["errcode"] as? Int, 0, "\(answers[0])")
        XCTAssertEqual(envelope(answers[0])["data"] as? [String: String], ["type": "shared", "activity": "text,link,image,screenshot,unknown:video"])
        // What the handler received, re-encoded: defaults applied, nil optionals left out, the unknown object as it came.
        let calls = answers[0]["calls"] as? [[String: Any]]
        let items = try (calls?.first?["params"] as? [String: Any])?["items"].map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        XCTAssertEqual(items.map { String(decoding: $0, as: UTF8.self) },
                       #"[{"body":"hi","kind":"text"},{"kind":"link","url":"https:\/\/a.b"},{"data":"AAE=","kind":"image","mime":"image\/png"},"#
                       + #"{"kind":"screenshot"},{"kind":"video","src":{"x":1}}]"#)
        XCTAssertEqual(envelope(answers[1])["data"] as? [String: String], ["type": "cancelled"])
    }

    func testABadItemIsInvalidParamsWithItsPath() throws {
        let text: [String: Any] = ["kind": "text", "body": "hi"]
        let answers = try SwiftTestSupport.runHost(.reply, [
            try shareItems(1, [text, ["kind": "link", "url": 5]]),
            try shareItems(2, ["link"]),
            try shareItems(3, [text, ["url": "u"]]),
            try shareItems(4, [["kind": NSNull(), "body": "b"]]),
            try shareItems(5, [text, text, ["kind": 7]]),
            try shareItems(6, [["kind": "image", "data": "AAE"]]),
            try shareItems(7, [["kind": "text"]]),
        ])
        let messages = answers.map { envelope($0)["errmsg"] as? String }
        XCTAssertEqual(answers.map { envelope($0)["errcode"] as? Int }, Array(repeating: -3, count: 7))
        XCTAssertEqual(messages, [
            "params.items[1].url: expected string, got int",
            "params.items[0]: expected object, got string",
            "params.items[1].kind: missing required string",
            "params.items[0].kind: missing required string",
            "params.items[2].kind: expected string, got int",
            "params.items[0].data: expected bytes (base64), got a string that is not base64: its length 3 is not a multiple of 4",
            "params.items[0].body: missing required string",
        ])
        XCTAssertTrue(answers.allSatisfy { ($0["calls"] as? [Any])?.isEmpty == true }, "no handler ran")
    }

    /// A union adds a nesting level and values as a struct does, and an unknown variant's object
    /// is inside the message like any value: the limits (docs/WIRE.md, "Limits") hold through it.
    func testMessageLimitsHoldThroughUnions() throws {
        // message (1) > data (2) > items (3) > the item (4) > x: 124 levels more reach 128.
        func deep(_ id: Int, _ depth: Int) throws -> String {
            try line(["id": id, "channel": "sample", "shaped": true, "nest": ["depth": depth, "kind": "array"],
                      "body": ["type": "shareItems", "data": ["items": [["kind": "video", "x": "@nest"]]]]])
        }
        // 4 values (body, type, data, items) and 2 an item: 49,998 items are 100,000 values.
        let screenshot = ["kind": "screenshot"]
        let answers = try SwiftTestSupport.runHost(.reply, [
            try deep(1, 124), try deep(2, 125),
            try shareItems(3, Array(repeating: screenshot, count: 49_998)), try shareItems(4, Array(repeating: screenshot, count: 49_999)),
        ], timeout: 120)
        XCTAssertEqual(envelope(answers[0])["data"] as? [String: String], ["type": "shared", "activity": "unknown:video"])
        XCTAssertEqual(envelope(answers[1])["errcode"] as? Int, -2)
        XCTAssertEqual(envelope(answers[1])["errmsg"] as? String, "the message nests deeper than 128 levels")
        XCTAssertEqual(envelope(answers[2])["errcode"] as? Int, 0)
        XCTAssertEqual(envelope(answers[3])["errmsg"] as? String, "the message holds more than 100000 values")
        XCTAssertEqual((answers[3]["calls"] as? [Any])?.count, 0)
    }

    /// The event sender encodes every variant, a `sequence` of `sequence`s and an unknown one as it came.
    func testNavigateEncodesRecursiveAndUnknownActions() throws {
        let action: [String: Any] = ["action": "sequence", "steps": [
            ["action": "push", "path": "/a", "query": ["q": "1"]],
            ["action": "sequence", "steps": [["action": "open-url", "url": "https://x.y"], ["action": "back"]]],
            ["action": "reload", "hard": true],
        ]]
        let answers = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "channel": "sample", "body": ["type": "$hello", "data": ["module": "sample", "protocol": 1]]]),
            try line(["id": 2, "emit": ["module": "sample", "event": "navigate", "payload": ["action": action]]]),
            try line(["id": 3, "emit": ["module": "sample", "event": "navigate", "payload": ["action": ["action": "push"]]]]),
        ])
        let payload = #"{"action":{"action":"sequence","steps":[{"action":"push","path":"/a","query":{"q":"1"}},{"action":"sequence","steps":[{"action":"open-url","url":"https://x.y"},{"action":"back"}]},{"action":"reload","hard":true}]}}"#
        let script = (answers[1]["scripts"] as? [String])?.first ?? ""
        XCTAssertTrue(script.contains("h.deliver(\"sample\",\"navigate\"," + HostileText.jsonLiteral(payload) + ")"), script)
        XCTAssertEqual(answers[2]["error"] as? String, "payload.action.path: missing required string")
    }

    /// `sample.shareDrafts() -> map<ShareItem>?` through the generated page caller: the host asks
    /// the page (this test) and reports the typed result re-encoded. A page's answer that does not
    /// decode fails the call with -13, the code of every page-call decoding failure, with its path.
    func testShareDraftsDecodesThePageAnswer() throws {
        let answers: [String] = [
            #"{"errcode":0,"errmsg":"ok","data":{"a":{"kind":"link","url":"u"},"b":{"kind":"poll","q":[1]},"c":{"kind":"screenshot"}}}"#,
            #"{"errcode":0,"errmsg":"ok","data":null}"#,
            #"{"errcode":0,"errmsg":"ok","data":{"a":{"kind":"text","body":"b"},"z":{"kind":false}}}"#,
        ]
        var outcomes: [String] = []
        for answer in answers {
            let outcome = try callPage(["module": "sample", "method": "shareDrafts", "timeoutMs": 10_000], answering: answer)
            outcomes.append(String(decoding: try JSONSerialization.data(withJSONObject: outcome, options: [.sortedKeys]), as: UTF8.self))
        }
        XCTAssertEqual(outcomes, [
            #"{"value":{"a":{"kind":"link","url":"u"},"b":{"kind":"poll","q":[1]},"c":{"kind":"screenshot"}}}"#,
            #"{"value":null}"#,
            #"{"error":{"code":-13,"message":"result[\"z\"].kind: expected string, got bool"}}"#,
        ])
    }

    /// Runs the host (reply transport) for one `callPage` command, answering its page call with
    /// `answer` (the envelope text the page's function resolves with); returns the `outcome`.
    private func callPage(_ call: [String: Any], answering answer: String) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SwiftTestSupport.host(.reply))
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        func send(_ object: [String: Any]) throws {
            input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: object) + Data("\n".utf8))
        }
        var buffer = Data()
        func next() throws -> [String: Any] {
            while true {
                if let end = buffer.firstIndex(of: 0x0A) {
                    let line = buffer[..<end]
                    buffer = Data(buffer[(end + 1)...])
                    return try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw NSError(domain: "host", code: 1, userInfo: [NSLocalizedDescriptionKey: "the host ended"]) }
                buffer += chunk
            }
        }
        // Page calls wait for the module's `$hello`, as a page's client sends it on load.
        try send(["id": 1, "channel": "sample", "body": ["type": "$hello", "data": ["module": "sample", "protocol": 1]]])
        _ = try next()
        try send(["id": 2, "callPage": call])
        var line = try next()
        let pageCall = line["pageCall"] as? [String: Any]
        XCTAssertNotNil(pageCall, "\(line)")
        try send(["pageAnswer": ["token": pageCall?["token"] ?? 0, "value": answer]])
        line = try next()
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
        return line["outcome"] ?? NSNull()
    }
}
