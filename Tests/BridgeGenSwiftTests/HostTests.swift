import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Drives the test host (Fixtures/Host) with JSON lines as pages post them, both transports,
/// and runs the callback-transport JavaScript it produces in node.
final class HostTests: XCTestCase {
    static let hostile = "q\"uote back\\slash \u{2028} \u{2029} </script><!-- 😀 \u{0} '&<> \u{7F} é"

    private func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    private func envelope(_ answer: [String: Any]) -> [String: Any] { answer["reply"] as? [String: Any] ?? [:] }

    func testReplyTransportDispatch() throws {
        let answers = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "channel": "sample", "body": ["type": "setItem", "data": ["key": "k", "value": Self.hostile]]]),
            try line(["id": 2, "channel": "sample", "body": ["type": "getItem", "data": ["key": "k"]]]),
            try line(["id": 3, "channel": "sample", "body": ["type": "getItem", "data": ["key": 3]]]),
            try line(["id": 4, "channel": "user", "body": ["type": "get-user-info"]]),
            try line(["id": 5, "channel": "user", "body": ["type": "log-event", "data": ["name": "logout"]]]),
            try line(["id": 6, "channel": "user", "body": ["type": "get-user-info"]]),
            try line(["id": 7, "channel": "user", "body": ["type": "ios-app-prepay", "data": ["order": ["product_id": "fail"]]]]),
            try line(["id": 8, "channel": "sample", "body": ["type": "deviceInfo"], "origin": ["scheme": "https", "host": "evil.example"]]),
            try line(["id": 9, "channel": "sample", "body": "not an object"]),
            try line(["id": 10, "channel": "sample", "body": ["type": "setItem", "data": ["key": "insets", "value": "nan"]]]),
            try line(["id": 11, "channel": "sample", "body": ["type": "deviceInfo"]]),
            try line(["id": 12, "channel": "sample", "body": ["type": "haptic"]]),
        ])
        XCTAssertEqual(answers.count, 12)
        XCTAssertEqual(envelope(answers[0])["errcode"] as? Int, 0)
        XCTAssertEqual(envelope(answers[1])["data"] as? String, Self.hostile)
        XCTAssertEqual(envelope(answers[2])["errmsg"] as? String, "params.key: expected string, got int")
        XCTAssertEqual((envelope(answers[3])["data"] as? [String: Any])?["vip_level"] as? Int, 3)
        XCTAssertEqual(envelope(answers[4])["errcode"] as? Int, 0)
        XCTAssertEqual(envelope(answers[5])["errcode"] as? Int, 2001)
        XCTAssertEqual(envelope(answers[6])["errcode"] as? Int, 2001, "logged out: notLoggedIn comes first")
        XCTAssertEqual(envelope(answers[7])["errcode"] as? Int, -4)
        XCTAssertEqual((answers[7]["calls"] as? [Any])?.count, 0, "no handler ran for an untrusted origin")
        XCTAssertEqual(envelope(answers[8])["errcode"] as? Int, -2)
        XCTAssertEqual(envelope(answers[10])["errcode"] as? Int, -6, "an unencodable result is an internal error")
        XCTAssertEqual(envelope(answers[10])["errmsg"] as? String, "internal error")
        let haptic = (answers[11]["calls"] as? [[String: Any]])?.first?["params"] as? [String: Any]
        XCTAssertEqual(haptic?["style"] as? String, "medium", "the schema default applies")
    }

    /// A line that parks a request (`getItem("slow")` waits for the page to cancel it) and the
    /// line that cancels it each settle within a few dozen turns of the main actor: the host reads
    /// how many requests are parked on every turn, not once before the request parked (which
    /// made such a line spin its 100,000 turns, seconds of CI time). A negative or non-ASCII
    /// count in a test URL is an unknown URL, not a trap.
    func testParkingAndCancellingLinesSettleAtOnce() throws {
        let answers = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "channel": "sample", "body": ["type": "getItem", "data": ["key": "slow"], "id": "r1"]]),
            try line(["id": 2, "channel": "sample", "body": ["type": "getItem", "data": ["key": "slow"], "id": "r2"]]),
            try line(["id": 3, "channel": "sample", "body": ["type": "$cancel", "data": ["id": "r1"]]]),
            try line(["id": 4, "channel": "sample", "body": ["type": "$cancel", "data": ["id": "r2"]]]),
            try line(["id": 5, "channel": "sample", "body": ["type": "download", "data": ["url": "test://items/-1", "chunkSize": 1], "id": "d1"]]),
            try line(["id": 6, "channel": "sample", "body": ["type": "download", "data": ["url": "test://items/\u{663}", "chunkSize": 1], "id": "d2"]]),
            try line(["id": 7, "channel": "sample", "body": ["type": "download", "data": ["url": "test://items/+2", "chunkSize": 1], "id": "d3"]]),
        ], timeout: 120)
        let byID = Dictionary(answers.map { (($0["id"] as? Int) ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byID.keys.sorted(), [1, 2, 3, 4, 5, 6, 7])
        for id in 1...4 {
            let rounds = byID[id]?["settleRounds"] as? Int ?? 100_000
            XCTAssertLessThan(rounds, 1_000, "line \(id) settled in \(rounds) turns")
        }
        XCTAssertEqual(envelope(byID[1] ?? [:])["errcode"] as? Int, -9, "the parked request is answered when cancelled")
        XCTAssertEqual(envelope(byID[2] ?? [:])["errcode"] as? Int, -9)
        XCTAssertEqual(envelope(byID[3] ?? [:])["errcode"] as? Int, 0)
        for id in [5, 6] {
            XCTAssertEqual(envelope(byID[id] ?? [:])["errmsg"] as? String, "unknown test URL", "line \(id)")
        }
        XCTAssertEqual(envelope(byID[7] ?? [:])["data"] as? Int, 2, "Int.init reads a sign")
    }

    /// An event whose payload JSON exceeds `BridgeLimits.maxScriptJSONBytes` (64 MiB) is not
    /// turned into a script: it is dropped and logged; one just under the limit is delivered.
    func testOversizedEventIsDroppedAndLogged() throws {
        let limit = 64 << 20
        let wrapper = #"{"failure":{"code":1,"message":"m","retryable":true,"url":""}}"#.utf8.count
        let answers = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "channel": "sample", "body": ["type": "$hello", "data": ["module": "sample"]]]),
            try line(["id": 2, "shaped": true, "repeat": ["text": "a", "count": limit - wrapper + 1],
                      "emit": ["module": "sample", "event": "loadError", "payload": ["failure": ["url": "@repeat", "code": 1, "message": "m"]]]]),
            try line(["id": 3, "shaped": true, "repeat": ["text": "a", "count": limit - wrapper],
                      "emit": ["module": "sample", "event": "loadError", "payload": ["failure": ["url": "@repeat", "code": 1, "message": "m"]]]]),
        ])
        XCTAssertEqual(answers[1]["logs"] as? [String], [
            "bridgegen: dropped a 'sample' event 'loadError': its payload is larger than 67108864 bytes of JSON (BridgeLimits.maxScriptJSONBytes)",
        ])
        XCTAssertEqual((answers[1]["scripts"] as? [String])?.count, 0)
        XCTAssertEqual((answers[1]["queued"] as? [String: Int])?["sample"], 0, "not queued either")
        XCTAssertEqual((answers[2]["scripts"] as? [String])?.count, 1, "exactly at the limit: delivered")
        XCTAssertEqual(answers[2]["logs"] as? [String], [])
    }

    func testEventsQueueUntilHello() throws {
        let answers = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "emit": ["module": "sample", "event": "resume", "payload": ["backgroundSeconds": 12.5]]]),
            try line(["id": 2, "emit": ["module": "user", "event": "login-changed", "payload": ["user": NSNull()]]]),
            try line(["id": 3, "channel": "sample", "body": ["type": "$hello", "data": ["module": "sample", "protocol": 1]]]),
            try line(["id": 4, "hub": false]),
            try line(["id": 5, "emit": ["module": "sample", "event": "resume", "payload": ["backgroundSeconds": 1]]]),
            try line(["id": 6, "hub": true]),
            try line(["id": 7, "channel": "sample", "body": ["type": "$hello"]]),
        ])
        XCTAssertEqual((answers[0]["scripts"] as? [String])?.count, 0)
        XCTAssertEqual((answers[1]["queued"] as? [String: Int])?["user"], 1)
        XCTAssertEqual(answers[2]["scripts"] as? [String], [
            #"(function(){var h=window.__bridgegen;if(!h||typeof h.deliver!=="function"){return false;}h.deliver("sample","resume","{\"backgroundSeconds\":12.5}");return true;})();"#,
        ])
        XCTAssertEqual((envelope(answers[2])["data"] as? [String: Any])?["protocol"] as? Int, 1)
        XCTAssertEqual((answers[4]["queued"] as? [String: Int])?["sample"], 1, "an undelivered event stays queued")
        XCTAssertEqual((answers[6]["scripts"] as? [String])?.count, 1, "delivered after the next hello")
        XCTAssertEqual((answers[6]["queued"] as? [String: Int])?["user"], 1, "user's client never said hello")
    }

    /// The generated app answers `$hello` with the capabilities of the module named, as the
    /// checked schema has them: wire names sorted by UTF-16 code units, `WireFingerprint.of`.
    /// Reply: the envelope; callback: the answer script for a hello with a `callbackName`,
    /// none without one, and empty lists with a null fingerprint for a module it lacks.
    func testHelloAnswersTheGeneratedCapabilitiesInBothTransports() throws {
        let schema = try checkedSchema()
        func capabilities(_ name: String) throws -> String {
            let module = try XCTUnwrap(schema.modules.first { $0.name == name })
            func list(_ names: [String]) -> String {
                "[" + names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            }
            return #"{"cancel":true,"events":\#(list(module.events.map(\.wireName))),"fingerprint":"\#(WireFingerprint.of(module, in: schema))","#
                + #""methods":\#(list(module.methods.map(\.wireName))),"pageMethods":\#(list(module.pageMethods.map(\.wireName))),"window":true}"#
        }
        let sample = try capabilities("sample"), user = try capabilities("user")
        XCTAssertTrue(sample.hasPrefix(#"{"cancel":true,"events":["loadError","navigate","resume"],"fingerprint":""#), sample)
        XCTAssertTrue(sample.hasSuffix(#""methods":["deviceInfo","download","getBlob","getItem","haptic","setBlob","setItem","share","shareItems"],"#
                                       + #""pageMethods":["getCartCount","shareDrafts","showMessage"],"window":true}"#), sample)

        let reply = try SwiftTestSupport.runHost(.reply, [
            try line(["id": 1, "channel": "sample", "body": ["type": "$hello", "data": ["module": "sample", "protocol": 1]]]),
            try line(["id": 2, "channel": "user", "body": ["type": "$hello", "data": ["module": "user", "protocol": 1]]]),
        ])
        let envelopes = try reply.map { String(decoding: try JSONSerialization.data(withJSONObject: envelope($0), options: [.sortedKeys]), as: UTF8.self) }
        XCTAssertEqual(envelopes, [
            #"{"data":{"capabilities":\#(sample),"protocol":1},"errcode":0,"errmsg":"ok"}"#,
            #"{"data":{"capabilities":\#(user),"protocol":1},"errcode":0,"errmsg":"ok"}"#,
        ])

        let callback = try SwiftTestSupport.runHost(.callback, [
            try line(["id": 1, "channel": "uniBridgeCall", "body": #"{"type":"$hello","data":{"module":"user","protocol":1},"callbackName":"cb_1"}"#]),
            try line(["id": 2, "channel": "uniBridgeCall", "body": #"{"type":"$hello","data":{"module":"sample","protocol":1}}"#]),
            try line(["id": 3, "channel": "uniBridgeCall", "body": #"{"type":"$hello","data":{"module":"billing","protocol":1},"callbackName":"cb_3"}"#]),
        ])
        func script(_ name: String, _ data: String) -> String {
            let json = #"{"errcode":0,"errmsg":"ok","data":\#(data)}"#
            let literal = json.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return #"(function(){var f=window["\#(name)"];if(typeof f==="function"){f("\#(literal)");}})();"#
        }
        XCTAssertEqual(callback.map { $0["scripts"] as? [String] ?? ["?"] }, [
            [script("cb_1", #"{"capabilities":\#(user),"protocol":1}"#)],
            [],
            [script("cb_3", #"{"capabilities":{"cancel":true,"events":[],"fingerprint":null,"methods":[],"pageMethods":[],"window":true},"protocol":1}"#)],
        ])
    }

    func testCallbackTransportScriptsRunInNode() throws {
        guard let node = which("node") else { throw XCTSkip("node not on PATH") }
        let hostileNames = ["alert(1)", "x\"];globalThis.pwned=true;//", "a-b", "constructor.constructor('globalThis.pwned=true')()"]
        var lines = [
            try line(["id": 1, "channel": "uniBridgeCall", "body": try line(["type": "setItem", "data": ["key": "k", "value": Self.hostile], "callbackName": "cb_set"])]),
            try line(["id": 2, "channel": "uniBridgeCall", "body": try line(["type": "getItem", "data": ["key": "k"], "callbackName": "$cb_get"])]),
            try line(["id": 3, "channel": "uniBridgeCall", "body": try line(["type": "$hello", "data": ["module": "sample"]])]),
            try line(["id": 4, "emit": ["module": "sample", "event": "loadError", "payload": ["failure": ["url": Self.hostile, "code": -1009, "message": "offline"]]]]),
            try line(["id": 5, "channel": "uniBridgeCall", "body": try line(["type": "nope", "callbackName": "cb_unknown"])]),
        ]
        for (index, name) in hostileNames.enumerated() {
            lines.append(try line(["id": 10 + index, "channel": "uniBridgeCall",
                                   "body": try line(["type": "setItem", "data": ["key": "h", "value": "x"], "callbackName": name])]))
        }
        let answers = try SwiftTestSupport.runHost(.callback, lines)
        let scripts = answers.flatMap { $0["scripts"] as? [String] ?? [] }
        XCTAssertEqual(scripts.count, 8, "\(scripts)")
        for script in scripts {
            XCTAssertTrue(script.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "not printable ASCII: \(script)")
            XCTAssertFalse(script.contains("</script"))
        }
        for answer in answers[5...] {
            // Any string is a callback name: it only reaches the script as an escaped literal.
            XCTAssertEqual((answer["scripts"] as? [String])?.count, 1)
            XCTAssertEqual((answer["calls"] as? [Any])?.count, 1)
        }
        let harness = """
        const vm = require('vm');
        const scripts = JSON.parse(require('fs').readFileSync(0, 'utf8'));
        const received = [];
        const window = { pwned: false };
        for (const name of ['cb_set', '$cb_get', 'cb_unknown', ...\(String(decoding: try JSONSerialization.data(withJSONObject: hostileNames), as: UTF8.self))]) {
            window[name] = (text) => received.push([name, text]);
        }
        window.__bridgegen = { deliver: (m, e, p) => { received.push([m, e, p]); } };
        const context = vm.createContext({ window, globalThis: {} });
        const results = scripts.map((s) => vm.runInContext(s, context));
        process.stdout.write(JSON.stringify({ received, results, pwned: window.pwned === true || context.globalThis.pwned === true }));
        """
        let script = try temporaryFolder("node").appendingPathComponent("harness.js")
        try harness.write(to: script, atomically: true, encoding: .utf8)
        let input = String(decoding: try JSONSerialization.data(withJSONObject: scripts), as: UTF8.self)
        let run = try runProcess(node, [script.path], input: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["pwned"] as? Bool, false)
        let received = try XCTUnwrap(result["received"] as? [[String]])
        XCTAssertEqual(received.count, 8)
        XCTAssertEqual(received[4...].map { $0[0] }, hostileNames, "each hostile name called exactly its own callback")
        XCTAssertEqual(received[0][0], "cb_set")
        XCTAssertEqual(received[0][1], #"{"errcode":0,"errmsg":"ok","data":true}"#)
        XCTAssertEqual(received[1][0], "$cb_get")
        let get = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(received[1][1].utf8)) as? [String: Any])
        XCTAssertEqual(get["data"] as? String, Self.hostile, "the payload arrives byte-exact")
        XCTAssertEqual(Array(received[2][0...1]), ["sample", "loadError"])
        let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(received[2][2].utf8)) as? [String: Any])
        XCTAssertEqual((payload["failure"] as? [String: Any])?["url"] as? String, Self.hostile)
        XCTAssertEqual((payload["failure"] as? [String: Any])?["retryable"] as? Bool, true)
        XCTAssertEqual(received[3][0], "cb_unknown")
        XCTAssertEqual(received[3][1], #"{"errcode":-1,"errmsg":"unknown method: nope","data":null}"#)
        XCTAssertEqual((result["results"] as? [Any])?.compactMap { $0 as? Bool }, [true], "the event script evaluates to true")
    }

    /// Property test: strings from every code point class (C0, DEL, C1, U+2028/9, bidi, non-BMP,
    /// quotes, backslashes, `</script>`, `<!--`, `${`, ...) cross the callback answer script (as
    /// the callback name and inside the envelope) and the event script byte-exact, evaluated by
    /// real node; every script is printable ASCII. Seeded; `BRIDGEGEN_FUZZ_ITERATIONS=N` runs N strings.
    func testScriptsCarryEveryCodePointClassThroughNode() throws {
        guard let node = which("node") else { throw XCTSkip("node not on PATH") }
        let seed: UInt64 = 0x0015_5C21_9701
        let count = ProcessInfo.processInfo.environment["BRIDGEGEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 150
        var random = SeededRandom(seed: seed)
        var values: [String] = []
        var names: [String] = []
        var lines = [try line(["id": 0, "channel": "uniBridgeCall", "body": #"{"type":"$hello","data":{"module":"sample"}}"#])]
        for index in 0..<count {
            let value = index % 3 == 0 ? HostileText.everyClass(&random) : HostileText.string(&random, maxPieces: 24)
            var name = HostileText.string(&random, maxPieces: 10)
            while name.utf16.count > 256 { name.removeLast() }
            values.append(value)
            names.append(name)
            let key = "p\(index)"
            for (type, data) in [("setItem", ["key": key, "value": value]), ("getItem", ["key": key])] {
                // (The host's own corelibs JSON parser would drop a raw U+FEFF; Darwin's keeps it.)
                let body = HostileText.escapingBOM(try line(["type": type, "data": data, "callbackName": name]))
                lines.append(try line(["id": lines.count, "channel": "uniBridgeCall", "body": body]))
            }
            lines.append(try line(["id": lines.count, "emit": ["module": "sample", "event": "loadError",
                                                              "payload": ["failure": ["url": value, "code": index, "message": name]]]]))
        }
        let answers = try SwiftTestSupport.runHost(.callback, lines.map(HostileText.escapingBOM))
        let scripts = answers.flatMap { $0["scripts"] as? [String] ?? [] }
        XCTAssertEqual(scripts.count, 3 * count, "seed 0x\(String(seed, radix: 16))")
        for script in scripts {
            XCTAssertTrue(script.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "not printable ASCII (seed 0x\(String(seed, radix: 16))): \(script.prefix(200))")
            XCTAssertFalse(script.contains("</") || script.contains("<!--"), "\(script.prefix(200))")
        }
        let harness = """
        const vm = require('vm');
        const { scripts, values, names } = JSON.parse(require('fs').readFileSync(0, 'utf8'));
        const ascii = (s) => JSON.stringify(s).replace(/[\\u007f-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
        const received = [];
        const window = Object.create(null);
        names.forEach((name) => { window[name] = (text) => received.push(['answer', name, text]); });
        window.__bridgegen = { deliver: (m, e, p) => received.push(['event', m, e, p]) };
        const context = vm.createContext({ window });
        for (const script of scripts) vm.runInContext(script, context);
        const problems = [];
        values.forEach((value, i) => {
            const [set, get, event] = received.slice(3 * i, 3 * i + 3);
            const want = (cond, what) => { if (!cond) problems.push(`string ${i} ${what}: ${ascii(value)} name ${ascii(names[i])} got ${ascii([set, get, event])}`); };
            want(set && set[0] === 'answer' && set[1] === names[i] && set[2] === '{"errcode":0,"errmsg":"ok","data":true}', 'setItem answer');
            want(get && get[0] === 'answer' && get[1] === names[i] && JSON.parse(get[2]).data === value, 'getItem answer');
            const payload = event && event[0] === 'event' && event[1] === 'sample' && event[2] === 'loadError' ? JSON.parse(event[3]) : null;
            want(payload && payload.failure.url === value && payload.failure.message === names[i] && payload.failure.code === i, 'event');
        });
        process.stdout.write(JSON.stringify({ count: received.length, problems: problems.slice(0, 5) }));
        """
        let file = try temporaryFolder("node-classes").appendingPathComponent("harness.js")
        try harness.write(to: file, atomically: true, encoding: .utf8)
        let input = String(decoding: try JSONSerialization.data(withJSONObject: ["scripts": scripts, "values": values, "names": names]), as: UTF8.self)
        let run = try runProcess(node, [file.path], input: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        XCTAssertEqual(result["count"] as? Int, 3 * count, "seed 0x\(String(seed, radix: 16))")
        XCTAssertEqual(result["problems"] as? [String], [], "seed 0x\(String(seed, radix: 16))")
    }
}
