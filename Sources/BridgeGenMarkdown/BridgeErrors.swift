import BridgeGenCore

/// The protocol's own error codes (docs/WIRE.md, "Error codes"), and which of them a
/// request can meet when the page uses the generated client.
struct BridgeError {
    var code: Int
    var name: String
    var meaning: String

    static let unknownMethod = BridgeError(code: -1, name: "unknownMethod",
        meaning: "The app does not know this method: it was built from an older schema than the page.")
    static let invalidMessage = BridgeError(code: -2, name: "invalidMessage",
        meaning: "The body is not an object (or JSON object string), or `type` is missing. Only hand-written pages can cause it.")
    static let invalidParams = BridgeError(code: -3, name: "invalidParams",
        meaning: "The parameters do not match the schema; `errmsg` names the path, e.g. `params.items[2].id: expected int, got string`.")
    static let untrustedOrigin = BridgeError(code: -4, name: "untrustedOrigin",
        meaning: "The app's origin policy refused the frame that sent the message.")
    static let handlerUnavailable = BridgeError(code: -5, name: "handlerUnavailable",
        meaning: "The native handler is not installed or was released.")
    static let internalError = BridgeError(code: -6, name: "internalError",
        meaning: "The handler failed with an error that is not one of the module's errors, or its result could not be encoded.")
    static let notInApp = BridgeError(code: -7, name: "notInApp",
        meaning: "Page side: there is no native handler (the page runs in a desktop browser).")
    static let timeout = BridgeError(code: -8, name: "timeout",
        meaning: "No answer arrived in time: a request of the callback transport on the page, or a page call in the app (its whole deadline, waiting for the page's client included).")
    static let aborted = BridgeError(code: -9, name: "aborted",
        meaning: "The caller gave up: an `AbortSignal` on the page, or a page call the app cancelled (the page's function keeps running, its answer is ignored).")
    static let notImplemented = BridgeError(code: -10, name: "notImplemented",
        meaning: "App side: the page's client is loaded but registered no implementation of the page method (and, for a method with a global function, the page defines no such function).")
    static let pageNotLoaded = BridgeError(code: -11, name: "pageNotLoaded",
        meaning: "App side: no page to call: the web view is gone or not attached, or the module's client did not say hello within the timeout.")
    static let pageError = BridgeError(code: -12, name: "pageError",
        meaning: "App side: the page's function threw something that is not one of the page method's errors, returned a value JSON cannot carry, or the web view failed the call; the message carries the page's text.")
    static let invalidResult = BridgeError(code: -13, name: "invalidResult",
        meaning: "App side: the page's answer does not match the schema; the message names the path, e.g. `result.items[2].id: expected int, got string`.")
    static let processTerminated = BridgeError(code: -14, name: "processTerminated",
        meaning: "App side: the web content process terminated during the page call.")

    static let streamOverflow = BridgeError(code: -15, name: "streamOverflow",
        meaning: "Page side: a stream's unread items exceeded its buffer (`bufferSize`, 1,024 by default); the stream ends and the app's handler is stopped.")

    static let transferFailed = BridgeError(code: -16, name: "transferFailed",
        meaning: "Page side: a large `bytes` value could not cross the app's bytes transfer path: the app refused it (over its limit, another origin, a used or expired URL), or the transfer failed or was cut off.")

    static let all: [BridgeError] = [
        unknownMethod, invalidMessage, invalidParams, untrustedOrigin,
        handlerUnavailable, internalError, notInApp, timeout,
        aborted, notImplemented, pageNotLoaded, pageError, invalidResult, processTerminated, streamOverflow, transferFailed,
    ]

    /// The bridge errors a page call can fail with in the app, in code order. A global
    /// function's page never says hello, so its call does not wait, but a web view that is
    /// gone still fails it with `pageNotLoaded`.
    static let applyingToPageCalls: [BridgeError] = [
        timeout, aborted, notImplemented, pageNotLoaded, pageError, invalidResult, processTerminated,
    ]

    /// The bridge errors a request of this shape can reject with, in code order (-1 first).
    /// `invalidMessage` is left out: the generated client never sends a malformed message.
    /// `invalidParams` needs parameters to get wrong; `timeout` exists only in the callback
    /// transport, where the client times requests out itself.
    static func applying(to method: Method, config: GeneratorConfig) -> [BridgeError] {
        applying(hasParams: !method.params.isEmpty, config: config) + (method.kind == .stream ? [streamOverflow] : [])
    }

    /// The bridge errors of a request with or without parameters (see `applying(to:config:)`).
    static func applying(hasParams: Bool, config: GeneratorConfig) -> [BridgeError] {
        var result: [BridgeError] = [unknownMethod]
        if hasParams { result.append(invalidParams) }
        result += [untrustedOrigin, handlerUnavailable, internalError, notInApp]
        if config.transport == .callback { result.append(timeout) }
        return result
    }
}
