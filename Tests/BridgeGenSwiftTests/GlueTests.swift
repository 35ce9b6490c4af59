import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Builds Fixtures/GlueProgram with the generated code for Schemas/ against the WebKit
/// stand-in and runs it: install/double install, WebKit-shaped bodies for every error path,
/// origin refusal (and the log line naming a refused page and the key that would admit it), concurrency, weak release, events and the `$hello` handshake (its
/// capabilities installed, uninstalled and installed again), bodies at
/// and beyond `BridgeLimits` (nesting, size, normalization-equal keys) on a 1 MB stack, and page
/// calls through the stand-in's `callAsyncJavaScript` and SwiftUI's `WebPage`.
final class GlueTests: XCTestCase {
    private func runProgram(_ transport: GeneratorConfig.Transport) throws -> [String] {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let files = try write(SwiftTestSupport.generate([TestPaths.schemas], config: GeneratorConfig(transport: transport)),
                              to: temporaryFolder("glue-\(transport)"))
        let output = try temporaryFolder("glue-bin-\(transport)").appendingPathComponent("glue").path
        let fixtures = SwiftTestSupport.fixtures
        let build = try SwiftTestSupport.swiftc(["-swift-version", "6"] + SwiftTestSupport.linkStandIn(standIn) + files
            + SwiftTestSupport.hostLibrary + [SwiftTestSupport.programChecks, fixtures.appendingPathComponent("GlueProgram/main.swift").path, "-o", output])
        XCTAssertEqual(build.status, 0, SwiftTestSupport.problems(build))
        // On a 1 MB stack, the size of iOS's main thread: no body may overflow it.
        let run = try runProcess("/bin/sh", ["-c", "ulimit -s 1024 && exec \"$0\"", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("FAIL") { XCTFail(line) }
        XCTAssertEqual(lines.last, "done")
        return lines
    }

    private func assertChecks(_ lines: [String], _ names: [String]) {
        for name in names {
            XCTAssertTrue(lines.contains("ok \(name)"), "missing check \(name)")
        }
    }

    /// The page-call and WebPage checks both transports run.
    private let pageChecks = ["page.global-result", "page.global-arguments-are-strings", "page.global-params-as-json", "page.global-in-page-world",
                              "page.body-has-no-value", "page.body-constant", "page.waits-for-hello", "page.client-after-hello",
                              "page.client-arguments", "page.client-in-configured-world", "page.declared-error",
                              "page.webkit-rejected-is-page-error", "page.webkit-rejected-client-is-page-error", "page.webkit-unreachable-is-a-navigation",
                              "page.webkit-unreachable-client-is-a-navigation", "page.webkit-invalid-frame-is-page-not-loaded", "page.webkit-process-terminated",
                              "page.webkit-invalidated-is-page-not-loaded", "page.webkit-unsupported-result-is-invalid-result", "page.webkit-message-cut",
                              "page.undefined-is-invalid-result", "page.null-is-invalid-result",
                              "page.wrong-type-is-invalid-result", "page.not-implemented", "page.undeclared-code", "page.timeout",
                              "page.process-terminated", "page.cancelled", "page.concurrent-200-matched", "page.client-in-named-world",
                              "page.global-in-page-world-from-named", "page.other-world-not-installed", "page.web-view-gone", "page.not-installed",
                              "webpage.no-page-before-attach", "webpage.events-after-attach", "webpage.event-queued-before-hello",
                              "webpage.event-through-callJavaScript", "webpage.page-call", "webpage.global-void-call", "webpage.client-call",
                              "webpage.webkit-rejected", "webpage.webkit-unreachable", "webpage.webkit-invalid-frame", "webpage.webkit-process-terminated",
                              "webpage.answer-not-through-callJavaScript", "webpage.frame-info", "webpage.terminate-resets-hello", "webpage.uninstall",
                              "streams.items-in-order-in-the-session-world", "streams.answer-after-the-items", "streams.handler-ran-to-its-end",
                              "streams.unread-item-stops-the-handler"]

    /// A page the policy refuses, named once in the log with the key that would admit it (both transports).
    private let pageOriginChecks = ["origin.page-named-once-with-key", "origin.page-refusals-still-logged",
                                    "origin.page-subframes-and-trusted-pages-not-named", "origin.page-advice-per-scheme"]

    func testReplyTransport() throws {
        let lines = try runProgram(.reply)
        assertChecks(lines, ["limits.depth-125", "limits.depth-126", "limits.depth-1000", "limits.depth-100000", "limits.depth-at-limit-decoded", "limits.json-value-at-depth-limit",
                             "limits.normalization-equal-keys", "limits.normalization-equal-keys-nested", "limits.normalization-equal-keys-top", "limits.too-large",
                             "limits.large-accepted", "decode.double-from-unsigned-integer", "install.double-refused", "install.no-duplicate-registration", "install.reply-channels",
                             "request.get-exact", "request.application-error", "request.internal-error-hides-details",
                             "request.unknown-method", "decode.missing", "decode.null-required", "decode.wrong-type",
                             "decode.data-not-object", "decode.nested-path", "decode.non-integral", "decode.unsafe-int",
                             "decode.bool-for-int", "decode.unknown-enum", "decode.bool-2", "decode.non-finite",
                             "decode.integral-double-and-unknown-keys", "decode.bool-as-1-and-default",
                             "message.array", "message.string", "message.number", "message.no-type", "message.type-not-string",
                             "origin.untrusted-refused", "origin.subframe-refused", "origin.policy-rules", "access.subframe-refused-before-decoding",
                             "access.refusal-logged", "access.main-frame-decodes", "access.main-frame-accepted", "access.trusted-method-from-subframe",
                             "concurrency.replies-matched-once", "weak.handler-released", "weak.handler-unavailable-answer",
                             "events.queued-before-hello", "events.hello-answer", "events.delivered-in-order",
                             "events.page-gone-requeues", "events.redelivered-after-hello", "events.terminate-queues",
                             "events.queue-limit", "uninstall.removes-channel", "uninstall.reinstall",
                             "capabilities.hello-answer", "capabilities.sorted", "capabilities.reinstalled", "webpage.reply-answer"] + pageChecks + pageOriginChecks)
    }

    func testCallbackTransport() throws {
        let lines = try runProgram(.callback)
        assertChecks(lines, ["limits.depth-125", "limits.depth-126", "limits.depth-1000", "limits.depth-100000", "limits.depth-at-limit-decoded", "limits.json-value-at-depth-limit",
                             "limits.normalization-equal-keys", "limits.normalization-equal-keys-nested", "limits.too-large",
                             "limits.large-accepted", "decode.double-from-unsigned-integer", "install.double-refused", "install.callback-channel-once", "request.get-exact",
                             "request.application-error", "decode.nested-path", "message.type-not-string",
                             "message.garbage-no-script", "message.object-body-accepted", "callback.send-no-answer",
                             "callback.send-with-name-answered-ok", "callback.name-refusals-logged", "origin.untrusted-answered",
                             "origin.untrusted-logged-with-key", "origin.untrusted-object-answered", "origin.untrusted-send-silent", "access.subframe-refused-before-decoding",
                             "access.refusal-logged", "access.main-frame-decodes", "access.main-frame-accepted", "access.trusted-method-from-subframe", "concurrency.answers-matched-once", "weak.handler-unavailable-answer",
                             "events.delivered-in-order", "events.redelivered-after-hello",
                             "uninstall.keeps-shared-channel", "uninstall.last-removes-shared-channel",
                             "capabilities.hello-answer", "capabilities.sorted", "capabilities.uninstalled-absent", "capabilities.reinstalled",
                             "webpage.callback-answer-through-backing-web-view"] + pageChecks + pageOriginChecks)
        XCTAssertEqual(lines.filter { $0.hasPrefix("ok callback.any-name-answered") }.count, 7)
        XCTAssertEqual(lines.filter { $0.hasPrefix("ok callback.name-refused") }.count, 3)
    }
}
