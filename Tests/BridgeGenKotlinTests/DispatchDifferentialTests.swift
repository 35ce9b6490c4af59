@testable import BridgeRuntime
import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generated Kotlin dispatchers answer every message as the generated Swift ones do. The
/// same message texts (every method of Schemas/ with valid parameters, and each parameter, at
/// every depth, left out or replaced by a value of every other kind; broken messages) go to the
/// Swift test host (callback transport, Tests/BridgeGenSwiftTests/Fixtures/Host) and to the
/// Kotlin session with the generated Kotlin dispatchers and the same deterministic handlers
/// (Fixtures/DispatchProbe.kt): the envelopes answered and the handler calls made, with their
/// decoded arguments, must be equal for each.
final class DispatchDifferentialTests: XCTestCase {
    static let wrongValues = ["null", "1", "-1.5", "\"s\"", "true", "[]", "{}", "9007199254740993", "\"\\u0000😀\"", "[1,[2]]",
                              "{\"a\":{}}", "0", "\"medium\""]

    static let methods: [(type: String, data: String)] = [
        ("share", #"{"text":"hi","url":"https://x.example"}"#),
        ("haptic", #"{"style":"heavy"}"#),
        ("deviceInfo", "{}"),
        ("setItem", #"{"key":"k","value":"v"}"#),
        ("getItem", #"{"key":"k"}"#),
        ("setItem", #"{"key":"full","value":"v"}"#),
        ("getItem", #"{"key":""}"#),
        ("getItem", #"{"key":"crash"}"#),
        ("setItem", #"{"key":"insets","value":"nan"}"#),
        ("deviceInfo", "{}"),
        ("close-page", "{}"),
        ("log-event", #"{"name":"open","parameters":{"a":1,"b":[true,null],"c":{"d":"e"}}}"#),
        ("get-user-info", "{}"),
        ("ios-app-prepay", #"{"order":{"product_id":"p1","quantity":2,"metadata":{"z":1,"a":"x"}}}"#),
        ("ios-app-prepay", #"{"order":{"product_id":"pending"}}"#),
        // An application error with data: the envelope's `data` as Swift's `UserError` encodes it.
        ("ios-app-prepay", #"{"order":{"product_id":"fail"}}"#),
        ("report-device", #"{"device":{"model":"m","system":"s","appVersion":"1","darkMode":true,"safeAreaInsets":{"top":1,"left":2,"bottom":3,"right":4}},"style":"light"}"#),
        ("get-token", "{}"),
        ("log-event", #"{"name":"logout","parameters":{}}"#),
        ("get-user-info", "{}"),
        ("get-token", "{}"),
        ("log-event", #"{"name":"login","parameters":{}}"#),
        // Unions (docs/WIRE.md, "Unions"): a list of every variant and an unknown one, each member
        // of each item left out or replaced in turn (`variants` goes into lists); no items; a tag
        // canonically equivalent to `link` (U+212A KELVIN SIGN), which is no variant's.
        ("shareItems", #"{"items":[{"kind":"text","body":"hi"},{"kind":"link","url":"https://a.b","title":"T"},{"kind":"image","data":"AAE=","mime":"image/gif"},{"kind":"screenshot"},{"kind":"video","src":"v","sizes":[1,{"b":null,"a":2.5}]}]}"#),
        ("shareItems", #"{"items":[]}"#),
        ("shareItems", #"{"items":[{"kind":"lin\u212a","url":"u"},{"kind":"link","url":"u","title":null},{"kind":"image","data":"AAE="}]}"#),
        ("shareItems", #"{"items":["text",null,{"kind":"text","body":"b"}]}"#),
        // A stream without an `id` (these messages carry none): refused -2 after its parameters decode.
        ("download", #"{"url":"test://items/2","chunkSize":4}"#),
    ]

    /// The message texts: each method as is, then each value at every path left out or replaced.
    func messages() throws -> [String] {
        var texts: [String] = []
        var counter = 0
        func message(_ type: String, _ data: String?) -> String {
            counter += 1
            return "{\"type\":" + JSONValue.string(type).jsonText + (data.map { ",\"data\":" + $0 } ?? "") + ",\"callbackName\":\"cb\(counter)\"}"
        }
        for (type, data) in Self.methods {
            texts.append(message(type, data))
            let value = try JSONSerialization.jsonObject(with: Data(data.utf8), options: [.fragmentsAllowed])
            for variant in Self.variants(of: value) { texts.append(message(type, variant)) }
        }
        for data in ["null", "[]", "\"x\"", "1"] { texts.append(message("share", data)) }
        texts.append(message("share", nil))
        texts += ["{}", "[]", "not json", "{\"type\":1,\"callbackName\":\"n1\"}", "{\"type\":\"nope\",\"callbackName\":\"n2\"}",
                  "{\"type\":\"share\",\"data\":{\"text\":\"a\",\"text\":\"b\"},\"callbackName\":\"n3\"}",
                  "{\"type\":\"share\",\"data\":{\"text\":\"a\",\"é\":1,\"e\u{301}\":2},\"callbackName\":\"n4\"}",
                  "{\"type\":\"log-event\",\"data\":{\"name\":\"deep\",\"parameters\":{\"a\":" + String(repeating: "[", count: 130)
                      + String(repeating: "]", count: 130) + "}},\"callbackName\":\"n5\"}",
                  "{\"type\":\"$hello\",\"data\":{\"module\":\"sample\"},\"callbackName\":\"h1\"}",
                  "{\"type\":\"$hello\",\"data\":{\"module\":\"nobody\"},\"callbackName\":\"h2\"}",
                  "{\"type\":\"$hello\",\"callbackName\":\"h3\"}",
                  "{\"type\":\"share\",\"data\":{\"text\":\"x\"},\"callbackName\":\"" + String(repeating: "n", count: 257) + "\"}",
                  "{\"type\":\"get-token\",\"callbackName\":7}"]
        texts += Self.windowMessages()
        texts += Self.transferMessages()
        texts += Self.edgeMessages()
        return texts
    }

    /// A message's `$bytes` (the bytes transfer path's token list) to a host without the path,
    /// as Android always is: answered in Swift's order of checks, after routing (docs/WIRE.md,
    /// "Bytes at platform speed (iOS)"). Each answer is asserted in `assertTransferAnswers`.
    static func transferMessages() -> [String] {
        func message(_ type: String, _ data: String, _ bytes: String?, _ name: String) -> String {
            "{\"type\":\"\(type)\",\"data\":\(data)" + (bytes.map { ",\"$bytes\":" + $0 } ?? "") + ",\"callbackName\":\"\(name)\"}"
        }
        let tokens = { (count: Int) in "[" + Array(repeating: "\"AAAAAAAAAAAAAAAAAAAAAA\"", count: count).joined(separator: ",") + "]" }
        let blob = "{\"key\":\"t\",\"contents\":\"AAE=\"}", reference = "{\"key\":\"t\",\"contents\":{\"$bytes\":0}}"
        return [
            message("setBlob", blob, "\"x\"", "t1"), message("setBlob", blob, "[1]", "t2"), message("setBlob", blob, tokens(1025), "t3"),
            message("setBlob", blob, tokens(1), "t4"), message("setBlob", blob, tokens(2), "t5"), message("setBlob", blob, "[]", "t6"),
            message("setBlob", reference, nil, "t7"), message("setBlob", reference, "[]", "t8"), message("setBlob", reference, tokens(1), "t9"),
            message("$hello", "{\"module\":\"sample\"}", "\"x\"", "t10"), message("nope", "{}", tokens(1), "t11"),
            message("getBlob", "{\"key\":\"t\"}", "[]", "t12"),
        ]
    }

    /// The Swift host's answers to `transferMessages` (which Kotlin's must equal) are the contract's.
    static func assertTransferAnswers(_ answers: [String]) {
        let shape = #"{"answers":[{"data":null,"errcode":-2,"errmsg":"$bytes: expected an array of at most 1024 transfer tokens"}],"calls":[]}"#
        let token = #"{"answers":[{"data":null,"errcode":-3,"errmsg":"$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)"}],"calls":[]}"#
        let object = #"{"answers":[{"data":null,"errcode":-3,"errmsg":"params.contents: expected bytes (base64), got object"}],"calls":[]}"#
        XCTAssertEqual(answers.count, 12)
        guard answers.count == 12 else { return }
        XCTAssertEqual(Array(answers[0..<5]) + Array(answers[6..<9]), [shape, shape, shape, token, token, object, object, token])
        XCTAssertTrue(answers[5].hasPrefix(#"{"answers":[{"data":true,"errcode":0,"#), answers[5])
        XCTAssertTrue(answers[9].contains(#""capabilities":"#) && answers[9].contains(#""errcode":0"#), answers[9])
        XCTAssertTrue(answers[10].contains("unknown method: nope"), answers[10])
        XCTAssertTrue(answers[11].contains(#""data":"AAE=""#), "the blob the empty list's message stored: \(answers[11])")
    }

    /// A stream request's `$window` through the generated dispatchers (docs/WIRE.md, "Streams"):
    /// an integer from 1 to 1024 opens a window the stream's items fit (one item in a window of 1),
    /// anything else is refused -2 after the parameters decode and before the handler runs; a
    /// method that is not a stream ignores it. Each answer is asserted in `assertWindowAnswers`.
    static func windowMessages() -> [String] {
        func message(_ type: String, _ data: String, _ window: String, _ name: String) -> String {
            "{\"type\":\"\(type)\",\"data\":\(data),\"callbackName\":\"\(name)\",\"id\":\"\(name)\",\"$window\":\(window)}"
        }
        let one = "{\"url\":\"test://items/1\",\"chunkSize\":1}", three = "{\"url\":\"test://items/3\",\"chunkSize\":1}"
        return [message("download", one, "1", "w1"), message("download", three, "1024", "w2"), message("download", three, "16", "w3")]
            + ["0", "1025", "1.5", "\"3\"", "true", "null", "[]"].enumerated().map { message("download", three, $1, "w\($0 + 4)") }
            + [message("download", "{\"url\":1}", "0", "w11"), message("getItem", "{\"key\":\"k\"}", "0", "w12"),
               message("setItem", "{\"key\":\"w\",\"value\":\"v\"}", "\"x\"", "w13")]
    }

    /// The Swift host's answers to `windowMessages` (which Kotlin's must equal) are the contract's.
    static func assertWindowAnswers(_ answers: [String]) {
        let refused = #"{"answers":[{"data":null,"errcode":-2,"errmsg":"$window: expected an integer from 1 to 1024"}],"calls":[]}"#
        XCTAssertEqual(answers.count, 13)
        guard answers.count == 13 else { return }
        XCTAssertTrue(answers[0].contains(#""data":1,"errcode":0"#), answers[0])
        XCTAssertTrue(answers[1].contains(#""data":3,"errcode":0"#) && answers[2].contains(#""data":3,"errcode":0"#), answers[1] + answers[2])
        XCTAssertEqual(Array(answers[3..<10]), Array(repeating: refused, count: 7))
        XCTAssertTrue(answers[10].contains("params.url: expected string, got int"), "the parameters first: \(answers[10])")
        XCTAssertTrue(answers[11].contains(#""errcode":0"#) && answers[12].contains(#""data":true,"errcode":0"#), answers[11] + answers[12])
    }

    /// Where the runtimes and their test hosts once disagreed: a `$answer` (never answered), base64
    /// lengths and positions (UTF-16 units), the value limit (at it and one past it), a negative and
    /// a non-ASCII count in a test URL, metadata keys in Swift's order, and a key stored in one
    /// normalization and read in the other (the same key to Swift's dictionary).
    static func edgeMessages() -> [String] {
        func message(_ type: String, _ data: String, _ name: String) -> String {
            "{\"type\":\"\(type)\",\"data\":\(data),\"callbackName\":\"\(name)\",\"id\":\"\(name)\"}"
        }
        // The message object, type, data, name, parameters, x, callbackName and id: 8 values.
        let zeros = { (count: Int) in Array(repeating: "0", count: count).joined(separator: ",") }
        return [
            "{\"type\":\"$answer\",\"callbackName\":\"z1\"}",
            message("$answer", "{\"token\":\"7\",\"envelope\":\"{}\"}", "z2"),
            message("setBlob", "{\"key\":\"k\",\"contents\":\"😀AAA\"}", "b1"),
            message("setBlob", "{\"key\":\"k\",\"contents\":\"AAAA😀==\"}", "b2"),
            message("setBlob", "{\"key\":\"k\",\"contents\":\"AAé\"}", "b3"),
            message("log-event", "{\"name\":\"n\",\"parameters\":{\"x\":[" + zeros(BridgeLimits.maxValues - 8) + "]}}", "v1"),
            message("log-event", "{\"name\":\"n\",\"parameters\":{\"x\":[" + zeros(BridgeLimits.maxValues - 7) + "]}}", "v2"),
            message("download", "{\"url\":\"test://items/-1\",\"chunkSize\":1}", "d1"),
            message("download", "{\"url\":\"test://items/\u{663}\",\"chunkSize\":1}", "d2"),
            message("download", "{\"url\":\"test://items/+2\",\"chunkSize\":1}", "d3"),
            message("ios-app-prepay", "{\"order\":{\"product_id\":\"p\",\"metadata\":{\"\u{E000}\":1,\"😀\":2,\"a\":3,\"Z\":4,\"e\u{301}x\":5,\"éa\":6}}}", "m1"),
            message("setItem", "{\"key\":\"caf\u{E9}\",\"value\":\"v\"}", "s1"),
            message("getItem", "{\"key\":\"cafe\u{301}\"}", "s2"),
            message("download", "{\"url\":\"test://bytes/5\",\"chunkSize\":2}", "d4"),
            message("download", "{\"url\":\"test://bytes/5\",\"chunkSize\":0}", "d5"),
        ]
    }

    /// `value` with each member at every depth left out, and replaced by each wrong value; in a
    /// list, each element's variants in its place (a list of unions or structs).
    static func variants(of value: Any) -> [String] {
        if let array = value as? [Any] {
            return array.indices.flatMap { index in
                variants(of: array[index]).map { inner in
                    "[" + array.indices.map { $0 == index ? inner : text(array[$0]) }.joined(separator: ",") + "]"
                }
            }
        }
        guard let object = value as? [String: Any] else { return [] }
        var out: [String] = []
        for key in object.keys.sorted() {
            var without = object
            without.removeValue(forKey: key)
            out.append(text(without))
            for wrong in wrongValues {
                var replaced = object
                replaced[key] = try? JSONSerialization.jsonObject(with: Data(wrong.utf8), options: [.fragmentsAllowed])
                out.append(text(replaced))
            }
            for inner in variants(of: object[key] as Any) {
                out.append(text(object).replacingOccurrences(of: "\"\(key)\":" + text(object[key] as Any), with: "\"\(key)\":" + inner))
            }
        }
        return out
    }

    static func text(_ value: Any) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])) ?? Data(), as: UTF8.self)
    }

    /// JSON text as the Swift runtime writes it (keys sorted, its number format): both sides compared in one form.
    static func normalized(_ json: Any) -> String {
        (try? BridgeDecode.json(json, "v"))?.jsonText ?? "unreadable"
    }

    func testKotlinDispatchersAnswerAsSwiftDispatchers() throws {
        let texts = try messages()
        XCTAssertGreaterThan(texts.count, 500)

        // Swift: the test host, callback transport.
        let host = try Self.swiftHost()
        var input = ""
        for (index, text) in texts.enumerated() {
            input += Self.text(["id": index, "channel": "uniBridgeCall", "body": text]) + "\n"
        }
        let swiftRun = try runProcess(URL(fileURLWithPath: host), [], input: input, timeout: 300)
        XCTAssertEqual(swiftRun.status, 0, swiftRun.output)
        var swift: [String] = []
        for line in swiftRun.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            let scripts = object["scripts"] as? [String] ?? []
            let answers = scripts.compactMap(Self.envelope(inAnswerScript:))
            let calls = object["calls"] as? [Any] ?? []
            swift.append("{\"answers\":[" + answers.joined(separator: ",") + "],\"calls\":" + Self.normalized(calls) + "}")
        }

        // Kotlin: the generated dispatchers behind the session.
        let classes = try KotlinModelTests.compiledSets()
        let hex = texts.map { $0.utf8.map { String(format: "%02x", $0) }.joined() + "\n" }.joined()
        let kotlinRun = try KotlinToolchain.run("schemas.DispatchProbeKt", classes: classes, input: hex)
        XCTAssertEqual(kotlinRun.status, 0, kotlinRun.output)
        let kotlin = kotlinRun.stdout.split(separator: "\n").map { line in
            Self.normalized((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as Any)
        }
        let swiftNormalized = swift.map { Self.normalized((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as Any) }

        XCTAssertEqual(kotlin.count, texts.count)
        XCTAssertEqual(swiftNormalized.count, texts.count)
        var differences: [String] = []
        for (index, text) in texts.enumerated() where index < min(kotlin.count, swiftNormalized.count) && kotlin[index] != swiftNormalized[index] {
            differences.append("\(text)\n  swift:  \(swiftNormalized[index])\n  kotlin: \(kotlin[index])")
        }
        XCTAssertTrue(differences.isEmpty, "\(differences.count) of \(texts.count) messages differ:\n" + differences.prefix(15).joined(separator: "\n"))
        // The edges answered as docs/WIRE.md says, not only alike.
        let edges = Array(swiftNormalized.suffix(Self.edgeMessages().count))
        if edges.count == 15 {
            XCTAssertTrue(edges[0].hasPrefix("{\"answers\":[]") && edges[1].hasPrefix("{\"answers\":[]"), "a $answer is not answered: \(edges[0])")
            XCTAssertTrue(edges[2].contains("character 0 is not in the base64 alphabet"), edges[2])
            XCTAssertTrue(edges[3].contains("character 4 is not in the base64 alphabet"), edges[3])
            XCTAssertTrue(edges[5].contains("\"errcode\":0"), "at the value limit: read")
            XCTAssertTrue(edges[6].contains("the message holds more than \(BridgeLimits.maxValues) values"), edges[6])
            XCTAssertTrue(edges[7].contains("unknown test URL") && edges[8].contains("unknown test URL"), edges[7] + edges[8])
            XCTAssertTrue(edges[9].contains("\"data\":2,"), edges[9])
            XCTAssertTrue(edges[12].contains("\"data\":\"v\""), "the key in another normalization finds the value: \(edges[12])")
            XCTAssertTrue(edges[13].contains("\"data\":5,"), "test://bytes/5 in chunks of 2: \(edges[13])")
            XCTAssertTrue(edges[14].contains("chunkSize must be positive"), edges[14])
        }
        let transfers = swiftNormalized.count == texts.count ? swiftNormalized.suffix(Self.edgeMessages().count + Self.transferMessages().count)
            .prefix(Self.transferMessages().count) : []
        Self.assertTransferAnswers(Array(transfers))
        let windows = swiftNormalized.count == texts.count ? swiftNormalized.suffix(Self.edgeMessages().count + Self.transferMessages().count
            + Self.windowMessages().count).prefix(Self.windowMessages().count) : []
        Self.assertWindowAnswers(Array(windows))
        // Not all refusals: the handlers were reached and answered.
        XCTAssertGreaterThan(kotlin.filter { $0.contains("\"errcode\":0") }.count, 20)
    }

    /// The envelope a callback answer script hands the page (`f("<JSON>")`), normalized.
    static func envelope(inAnswerScript script: String) -> String? {
        guard script.hasPrefix("(function(){var f=window["), let open = script.range(of: "{f("),
              let close = script.range(of: ");}})();", options: .backwards) else { return nil }
        let literal = String(script[open.upperBound..<close.lowerBound])
        guard let json = try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed]) as? String,
              let envelope = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return "unreadable script" }
        return normalized(envelope)
    }

    /// The Swift test host for the callback transport, built once per run from the generated Swift.
    static func swiftHost() throws -> String {
        let folder = TestPaths.repository.appendingPathComponent(".build/kotlin-cache/swift-host")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var config = GeneratorConfig(transport: .callback)
        config[SwiftSettings.self] = SwiftSettings()
        let inputs = SchemaDiscovery.inputs(for: [TestPaths.schemas.path]).inputs
        guard let schema = Pipeline.check(inputs, config: config, reserved: .none).schema else {
            throw NSError(domain: "host", code: 1, userInfo: [NSLocalizedDescriptionKey: "Schemas/ did not check"])
        }
        var sources: [String] = []
        for file in Pipeline.generate(schema, targets: [SwiftTarget()], config: config).files["swift"] ?? [] {
            let url = folder.appendingPathComponent(file.relativePath)
            try Data(file.contents.utf8).write(to: url)
            sources.append(url.path)
        }
        let hostFolder = TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/Host")
        let hostSources = try FileManager.default.contentsOfDirectory(atPath: hostFolder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { hostFolder.appendingPathComponent($0).path }
        let output = folder.appendingPathComponent("host").path
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-swift-version", "6"] + sources + hostSources + ["-o", output],
                                    timeout: 600, mergeStderr: true)
        guard result.status == 0 else {
            throw NSError(domain: "host", code: 2, userInfo: [NSLocalizedDescriptionKey: result.output])
        }
        return output
    }
}
