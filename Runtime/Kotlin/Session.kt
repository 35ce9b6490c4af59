// bridgegen's Kotlin runtime: the origin policy and the session: routing, answering, events.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlin.coroutines.ContinuationInterceptor

/** The frame a message came from, as the origin policy sees it (androidx.webkit's `sourceOrigin` and `isMainFrame`). */
public data class BridgeOrigin(val scheme: String, val host: String, val port: Int, val isMainFrame: Boolean)

/**
 * Which frames may talk to the bridge: bundled content (custom schemes) and https pages of
 * trusted hosts (`example.com`, or `*.example.com` for its subdomains), main frame only unless
 * [mainFrameOnly] is false: the Swift runtime's policy, checked again natively for every message.
 */
public class BridgeOriginPolicy(trustedSchemes: Set<String>, trustedHosts: Set<String>, public val mainFrameOnly: Boolean) {
    public val trustedSchemes: Set<String> = trustedSchemes.mapTo(HashSet()) { it.lowercase() }
    public val trustedHosts: Set<String> = trustedHosts.mapTo(HashSet()) { it.lowercase() }

    public fun allows(origin: BridgeOrigin): Boolean {
        if (mainFrameOnly && !origin.isMainFrame) return false
        val scheme = origin.scheme.lowercase()
        if (scheme in trustedSchemes) return true
        if (scheme != "https") return false
        val host = origin.host.lowercase()
        if (host.isEmpty()) return false
        if (host in trustedHosts) return true
        return trustedHosts.any { it.startsWith("*.") && host.endsWith(it.substring(1)) && host.length > it.length - 1 }
    }

    /** Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log. */
    public fun refusal(origin: BridgeOrigin): String {
        val from = JsonValue.Text("${origin.scheme}://${origin.host}").jsonText
        if (mainFrameOnly && !origin.isMainFrame) {
            return "$from, a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"
        }
        val scheme = origin.scheme.lowercase()
        if (scheme == "https" && origin.host.isNotEmpty()) {
            return "$from: add ${JsonValue.Text(origin.host.lowercase()).jsonText} to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"
        }
        // The config refuses these as trusted schemes: no key can admit them.
        if (scheme == "http") return "$from: http pages are never trusted: serve the page over https"
        if (scheme in OPAQUE_SCHEMES || (origin.host.isEmpty() && scheme == "https")) {
            return "$from, an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host"
        }
        return "$from: add ${JsonValue.Text(scheme).jsonText} to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"
    }

    private companion object {
        /** Schemes whose documents have an opaque origin, which no trusted scheme can name. */
        val OPAQUE_SCHEMES: Set<String> = setOf("", "about", "data", "blob", "javascript")
    }
}

/** What a module of this app offers the page, answered to its client's `$hello` (docs/WIRE.md, "Capabilities"). */
public class BridgeCapabilities(methods: List<String>, events: List<String>, pageMethods: List<String>, public val fingerprint: String) {
    // Sorted by UTF-16 code units, as JavaScript sorts (Kotlin's String order).
    public val methods: List<String> = methods.sorted()
    public val events: List<String> = events.sorted()
    public val pageMethods: List<String> = pageMethods.sorted()
    internal val methodNames: Set<String> = methods.toHashSet()

    /** The `capabilities` member of the `$hello` answer. */
    public val json: JsonValue
        get() = JsonValue.Object(
            mapOf(
                "methods" to JsonValue.Array(methods.map { JsonValue.Text(it) }),
                "events" to JsonValue.Array(events.map { JsonValue.Text(it) }),
                "pageMethods" to JsonValue.Array(pageMethods.map { JsonValue.Text(it) }),
                "fingerprint" to JsonValue.Text(fingerprint),
                // This runtime acts on `$cancel` (docs/WIRE.md, "Cancelling a request") and a stream's `$window`.
                "cancel" to JsonValue.Bool(true),
                "window" to JsonValue.Bool(true),
            ),
        )

    public companion object {
        /** For a module the session does not have: known to be absent. */
        public val absentJson: JsonValue = JsonValue.Object(
            mapOf(
                "methods" to JsonValue.Array(emptyList()), "events" to JsonValue.Array(emptyList()),
                "pageMethods" to JsonValue.Array(emptyList()), "fingerprint" to JsonValue.Null, "cancel" to JsonValue.Bool(true),
                "window" to JsonValue.Bool(true),
            ),
        )
    }
}

/** A frame's way back: androidx.webkit's `JavaScriptReplyProxy` (one per frame), or a test's. */
public fun interface BridgeFrame {
    /** Posts one frame of JSON text to the page (fire-and-forget). */
    public fun post(text: String)

    /** Posts one binary frame (an ArrayBuffer `event.data`); only frames of a session with [BridgeSession.transfers] get one. */
    public fun post(bytes: ByteArray): Unit = throw UnsupportedOperationException("this frame takes no binary frames")
}

/** Answers one request exactly once: later calls are ignored. */
public class BridgeReply internal constructor(private var deliver: ((BridgeEnvelope) -> Unit)?, internal val log: (String) -> Unit) {
    /** The running handler's coroutine, cancelled when the module goes or the page's process ends. */
    internal var job: kotlinx.coroutines.Job? = null
    internal var module: String = ""
    /** The frame that sent the request: the handler's [BridgeCaller.current]. */
    internal var caller: BridgeCaller? = null
    /** The request's `id`, which a `$cancel` names and a stream's items carry; null when the page sent none. */
    internal var cancelId: String? = null
    /** The frame that sent the request, which a stream's items are posted through. */
    internal var frame: BridgeFrame? = null
    /** A stream's request: its items can be read only by the page that sent it. */
    internal var isStream: Boolean = false
    /** Where the result's large `bytes` values go when the page takes binary frames (Transfers.kt); null: inline. */
    internal var outgoing: BridgeAttachments.Outgoing? = null
    /** The message's `$window`, as it came: read only when a stream method starts ([openWindow]). */
    internal var requestedWindow: JsonValue? = null
    /** A stream's window, when its request asked for one (Streams.kt). */
    internal var window: BridgeStreamWindow? = null

    /** Encodes the result with `encode`, its large values set aside for binary frames where [outgoing] says. */
    internal fun encodeResult(encode: () -> JsonValue): JsonValue = BridgeAttachments.outgoing.bound(outgoing, encode)

    public val isAnswered: Boolean get() = deliver == null

    public fun answer(envelope: BridgeEnvelope) {
        val deliver = this.deliver ?: return
        this.deliver = null
        deliver(envelope)
        // A stream waiting for the page's `$read` stops: its request ended.
        window?.wake()
    }

    /** Settles the reply without answering: the page that asked is gone. */
    internal fun drop() {
        deliver = null
        window?.wake()
    }

    public fun succeed(data: JsonValue): Unit = answer(BridgeEnvelope.success(data))

    /**
     * A bridge error reaches the page intact, an application error with its data; an internal
     * error, an application error whose data cannot be encoded and any other exception as
     * `internal error`, logged.
     */
    public fun fail(error: Throwable) {
        val reaching = when (error) {
            is BridgeError -> error
            is BridgeApplicationError -> try {
                error.bridgeError()
            } catch (failure: Exception) {
                log("the data of $error could not be encoded: $failure")
                return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
            }
            else -> {
                log("handler failed: $error")
                return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
            }
        }
        if (reaching.code == BridgeErrorCode.INTERNAL_ERROR.code) {
            log("internal error: ${reaching.message}")
            return answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
        }
        answer(BridgeEnvelope.failure(reaching))
    }
}

/** A module's generated dispatcher, as a session routes to it. */
public interface BridgeModule {
    public val moduleName: String
    public val capabilities: BridgeCapabilities

    public fun handles(type: String): Boolean = type in capabilities.methodNames

    /**
     * The wire names of the methods declared `access: mainFrame`: their messages from a
     * subframe are refused `untrustedOrigin` before anything is decoded.
     */
    public val mainFrameMethods: Set<String> get() = emptySet()

    /** Decodes `data`, calls the handler and answers through `reply` exactly once. */
    public fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession)
}

/**
 * A generated dispatcher: it holds its handler weakly and switches on the wire names; decoding
 * failures, an unknown method and a gone handler are answered before anything runs.
 */
public abstract class BridgeDispatcher<H : Any>(handler: H) : BridgeModule {
    private val handler = java.lang.ref.WeakReference(handler)

    /** Calls the handler of the method `type` with the arguments read from `params`; throws what it cannot start. */
    protected abstract fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession)

    override fun dispatch(type: String, data: JsonValue?, reply: BridgeReply, session: BridgeSession) {
        // `access: mainFrame`: checked before decoding, so a subframe learns nothing about the params.
        if (type in mainFrameMethods && reply.caller?.isMainFrame != true) {
            reply.log("refused '$moduleName' method '$type' from ${reply.caller ?: "an unknown frame"}: it takes calls from the main frame only")
            return reply.fail(BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, "untrusted origin"))
        }
        // A send's handler runs inside; a request's coroutine carries the caller itself.
        BridgeCaller.during(reply.caller) {
            try {
                dispatch(type, BridgeDecode.Fields.params(data), reply, session)
            } catch (error: Throwable) {
                reply.fail(error)
            }
        }
    }

    /** The handler, or a `handlerUnavailable` error when it is gone. */
    protected fun requireHandler(): H =
        handler.get() ?: throw BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "the '$moduleName' handler is gone")

    /** Answers a request with what `call` returns, encoded at `result`, run in the session's scope. */
    protected fun <T> request(reply: BridgeReply, session: BridgeSession, encode: (T, BridgePath) -> JsonValue, call: suspend (H) -> T) {
        val handler = requireHandler()
        session.run(reply) {
            val value = call(handler)
            reply.encodeResult { encode(value, BridgePath("result")) }
        }
    }

    /**
     * Answers a stream: `call` gets the handler and a [BridgeStream] whose items `items` encodes
     * at `item`; what it returns is the final answer, encoded at `result`. A stream request
     * without an `id` cannot be sent its items and is refused `invalidMessage`.
     */
    protected fun <Item, T> stream(
        reply: BridgeReply,
        session: BridgeSession,
        items: (Item, BridgePath) -> JsonValue,
        result: (T, BridgePath) -> JsonValue,
        call: suspend (H, BridgeStream<Item>) -> T,
    ) {
        val id = reply.cancelId
            ?: throw BridgeError(BridgeErrorCode.INVALID_MESSAGE, "a stream request needs a string 'id' of at most ${BridgeLimits.MAX_CALLBACK_NAME_LENGTH} UTF-16 units")
        reply.openWindow()
        val handler = requireHandler()
        reply.isStream = true
        val stream = BridgeStream(reply, session, id, items)
        session.run(reply) {
            val value = call(handler, stream)
            reply.encodeResult { result(value, BridgePath("result")) }
        }
    }
}

/**
 * The platform-free heart of the Android bridge for one WebView: routes messages to module
 * dispatchers, answers them as answer frames through the sending frame, applies the origin
 * policy, and sends events to the frames whose client said `$hello`. Call it on the main
 * thread; handlers run in [scope] (the app's, for example a lifecycle scope).
 */
public class BridgeSession(
    /** The shared channel of the callback transport, or null: one channel per module. */
    public val callbackChannel: String?,
    public val policy: BridgeOriginPolicy,
    private val scope: kotlinx.coroutines.CoroutineScope,
    private val log: (String) -> Unit = {},
) {
    private val modules = LinkedHashMap<String, BridgeModule>()
    private val running = LinkedHashSet<BridgeReply>()
    private val ready = HashMap<String, LinkedHashSet<BridgeFrame>>()
    private val queued = HashMap<String, ArrayDeque<String>>()
    private val pageCalls = BridgePageCalls(this)

    /**
     * How the glue runs a script in the page's main frame (`WebView.evaluateJavascript(script, null)`):
     * page calls fail with `pageNotLoaded` while it is null.
     */
    public var evaluator: ((String) -> Unit)? = null

    /**
     * The binary frames waiting for their messages, when the glue offers the page the bytes
     * path (docs/WIRE.md, "Bytes at platform speed (Android)"); null: every value inline.
     */
    public var transfers: BridgeTransfers? = null

    /** The channel names the glue registers: one per module, or the shared one. */
    public val channels: List<String>
        get() = if (callbackChannel == null) modules.keys.sorted() else if (modules.isEmpty()) emptyList() else listOf(callbackChannel)

    /** The names of the modules installed, in the order they were installed. */
    public val moduleNames: List<String> get() = modules.keys.toList()

    /** Adds a module; false (and nothing changes) when one with its name is installed. */
    public fun install(module: BridgeModule): Boolean {
        if (modules.containsKey(module.moduleName)) return false
        modules[module.moduleName] = module
        return true
    }

    /** Removes a module: its running requests are cancelled and answered `handlerUnavailable`. */
    public fun uninstall(moduleName: String) {
        if (modules.remove(moduleName) == null) return
        pageCalls.fail(BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '$moduleName' module was uninstalled during the call"), moduleName)
        cancelRequests(moduleName, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "the '$moduleName' module was uninstalled before answering")))
    }

    public val runningRequestCount: Int get() = running.size

    /**
     * Handles one message's text from a frame: read with the Swift runtime's checks, refused
     * (`untrustedOrigin`) when the policy refuses its frame, answered through `frame` when it
     * names a `callbackName` (a send names none and is not answered).
     */
    public fun receive(channel: String, text: String, origin: BridgeOrigin, frame: BridgeFrame) {
        try {
            handle(channel, text, origin, frame)
        } catch (error: OutOfMemoryError) {
            exhausted(error, channel, text, frame)
        } catch (error: StackOverflowError) {
            exhausted(error, channel, text, frame)
        } finally {
            receiving = null
        }
    }

    /** The reply of the message being handled, once made: what [exhausted] answers. */
    private var receiving: BridgeReply? = null

    /**
     * The limits bound what reading a message builds, but a heap the app has nearly filled, or
     * a handler's own decoding, can still throw past them: thrown out of the listener, that
     * would end the app's process. The message is answered `internalError` (-6) instead, its
     * callback name read again from the text by the scan alone, and logged.
     */
    private fun exhausted(error: Throwable, channel: String, text: String, frame: BridgeFrame) {
        log("internal error: a message on '$channel' exhausted the runtime (${error.javaClass.simpleName}); it is answered -6")
        val reply = receiving ?: try {
            (BridgeIncoming.read(text, parse = false).callbackName as? BridgeIncoming.CallbackName.Valid)?.let { replyTo(it.name, frame) }
        } catch (again: OutOfMemoryError) {
            null
        }
        reply?.answer(BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")))
    }

    /**
     * One binary frame from a frame (an ArrayBuffer message): kept for the message the page posts
     * after it, dropped (and logged) when the policy refuses its frame or no bytes path is installed.
     */
    public fun receive(channel: String, bytes: ByteArray, origin: BridgeOrigin, frame: BridgeFrame) {
        val transfers = transfers
        when {
            !policy.allows(origin) -> log("dropped a binary frame on '$channel' from ${policy.refusal(origin)}")
            transfers == null -> log("dropped a binary frame on '$channel': the bytes path is not installed (the bridge's messages are JSON text)")
            else -> transfers.receive(frame, bytes, log)
        }
    }

    /**
     * A reply posted as an answer frame through `frame`; a message without a callback name (null)
     * is not answered. A result's large values go first, each a binary frame, in the same
     * (main-thread) turn, so nothing can come between them and their answer on the frame's proxy.
     */
    private fun replyTo(callbackName: String?, frame: BridgeFrame): BridgeReply {
        lateinit var reply: BridgeReply
        reply = BridgeReply({ envelope ->
            if (callbackName == null) {
                if (envelope.errcode != 0) log("unanswerable failure ${envelope.errcode}: ${envelope.errmsg}")
            } else {
                val binaries = if (envelope.errcode == 0) reply.outgoing?.values.orEmpty() else emptyList()
                val json = envelopeJson(envelope.copy(binaryLengths = binaries.map { it.size }))
                // An answer too large to post becomes an internal error, which names no binary frame.
                if (json != null) for (value in binaries) frame.post(value)
                frame.post(answerFrame(callbackName, json))
            }
        }, log)
        return reply
    }

    private fun handle(channel: String, text: String, origin: BridgeOrigin, frame: BridgeFrame) {
        val trusted = policy.allows(origin)
        if (!trusted) log("refused a message on '$channel' from ${policy.refusal(origin)}")
        val incoming = BridgeIncoming.read(text, parse = trusted)
        // The frame's waiting values are this message's, or stray: taken (or dropped) whatever the message turns out to be.
        val uploads = runCatching { transfers?.take(frame, incoming.message?.get("\$bytes"), log) }
        val callbackName = when (val name = incoming.callbackName) {
            BridgeIncoming.CallbackName.Absent -> null
            is BridgeIncoming.CallbackName.Valid -> name.name
            is BridgeIncoming.CallbackName.Invalid -> {
                log("refused a message with an invalid callbackName (${name.reason}): nothing is posted")
                return
            }
        }
        val reply = replyTo(callbackName, frame)
        receiving = reply
        if (!trusted) return reply.fail(BridgeError(BridgeErrorCode.UNTRUSTED_ORIGIN, "untrusted origin"))
        val message = incoming.message ?: return reply.fail(incoming.error ?: BridgeError(BridgeErrorCode.INVALID_MESSAGE, "invalid message"))
        val type = (message["type"] as? JsonValue.Text)?.value
            ?: return reply.fail(BridgeError(BridgeErrorCode.INVALID_MESSAGE, "the message has no string 'type'"))
        val ownChannel = if (callbackChannel == null) channel else null
        if (type == "\$hello") return hello(message["data"], ownChannel, reply, frame, origin)
        if (type == "\$answer") return pageCalls.answer(message["data"], origin.isMainFrame, log)
        if (type == "\$cancel") return cancel(message["data"], ownChannel, reply)
        if (type == "\$read") return read(message["data"], ownChannel, reply)
        val candidates = if (ownChannel != null) {
            listOf(modules[ownChannel] ?: return reply.fail(BridgeError(BridgeErrorCode.HANDLER_UNAVAILABLE, "no handler is installed for '$ownChannel'")))
        } else {
            modules.values.toList()
        }
        val module = candidates.firstOrNull { it.handles(type) }
            ?: return reply.fail(BridgeError(BridgeErrorCode.UNKNOWN_METHOD, "unknown method: $type"))
        reply.module = module.moduleName
        reply.caller = BridgeCaller(origin)
        // The bound of a callback name; any other `id` is ignored, and the request runs to completion.
        reply.cancelId = (BridgeIncoming.callbackName(message["id"]) as? BridgeIncoming.CallbackName.Valid)?.name
        reply.frame = frame
        reply.requestedWindow = message["\$window"]
        if (transfers == null) transfersRefusal(message["\$bytes"])?.let { return reply.fail(it) }
        val values = uploads.getOrElse { return reply.fail(it) }
        // Only a client that lists its values (`$bytes`, empty or not) reads binary frames: an older one gets base64.
        val transfers = transfers
        if (transfers != null && message["\$bytes"] is JsonValue.Array) reply.outgoing = BridgeAttachments.Outgoing(transfers.inlineBelow, transfers.maxLength)
        BridgeAttachments.incoming.bound(values) { module.dispatch(type, message["data"], reply, this) }
    }

    /**
     * A message's `$bytes` without [transfers]: tokens of values uploaded through iOS's transfer
     * scheme, which this runtime does not offer (no `bytes` capability), so a list names no transfer. Refused
     * as the Swift runtime refuses it without a transfer store: the list's shape, then its first
     * token; no list, or an empty one, is nothing to refuse.
     */
    private fun transfersRefusal(tokens: JsonValue?): BridgeError? = when {
        tokens == null -> null
        tokens !is JsonValue.Array || tokens.values.size > MAX_TRANSFER_TOKENS || tokens.values.any { it !is JsonValue.Text } ->
            BridgeError(BridgeErrorCode.INVALID_MESSAGE, "\$bytes: expected an array of at most $MAX_TRANSFER_TOKENS transfer tokens")
        tokens.values.isEmpty() -> null
        else -> BridgeError(
            BridgeErrorCode.INVALID_PARAMS,
            "\$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)",
        )
    }

    /**
     * `$cancel` `{id}`: the page gave up on the request it sent with that id (of this channel's
     * module, with a channel per module). Its coroutine is cancelled, it is answered `aborted`
     * and its late result is dropped; an id naming nothing running is nothing to do.
     */
    private fun cancel(data: JsonValue?, channel: String?, reply: BridgeReply) {
        val id = try {
            BridgeDecode.string(BridgeDecode.params(data)["id"], BridgePath("params").field("id"))
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        runningRequest(id, channel)?.let { request ->
            endRequest(request, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.ABORTED, "the page cancelled the request")))
        }
        reply.succeed(JsonValue.Null)
    }

    /**
     * `$read` `{id, count}`: the page's loop has taken `count` items of the stream it requested
     * with that id (found as `$cancel` finds it), so an [BridgeStream.emit] waiting for room in
     * its window goes on. Counts are cumulative: a lower one than before changes nothing. Always succeeds.
     */
    private fun read(data: JsonValue?, channel: String?, reply: BridgeReply) {
        val params = BridgePath("params")
        val (id, count) = try {
            val members = BridgeDecode.params(data)
            BridgeDecode.string(members["id"], params.field("id")) to BridgeStreamWindow.count(members["count"], params.field("count"))
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        runningRequest(id, channel)?.window?.read(count)
        reply.succeed(JsonValue.Null)
    }

    /** The running request the page sent with [id] (of [channel]'s module, with a channel per module). */
    private fun runningRequest(id: String, channel: String?): BridgeReply? =
        running.firstOrNull { it.cancelId == id && (channel == null || it.module == channel) }

    /** Runs a request's handler in the session's scope and answers with what it returns or throws; a cancelled request answers nothing more. */
    public fun run(reply: BridgeReply, operation: suspend () -> JsonValue) {
        running.add(reply)
        reply.job = scope.launch(BridgeCaller.element(reply.caller), start = kotlinx.coroutines.CoroutineStart.UNDISPATCHED) {
            val result = try {
                Result.success(operation())
            } catch (cancelled: kotlinx.coroutines.CancellationException) {
                running.remove(reply)
                throw cancelled
            } catch (error: Throwable) {
                Result.failure(error)
            }
            running.remove(reply)
            result.fold({ reply.succeed(it) }, { reply.fail(it) })
        }
    }

    private fun cancelRequests(module: String?, envelope: BridgeEnvelope?) {
        for (reply in running.filter { module == null || it.module == module }) endRequest(reply, envelope)
    }

    /** Cancels one running request's coroutine and answers it with [envelope], or drops its answer. */
    private fun endRequest(reply: BridgeReply, envelope: BridgeEnvelope?) {
        running.remove(reply)
        reply.job?.cancel()
        if (envelope != null) reply.answer(envelope) else reply.drop()
    }

    /** The client of `params.module` in `frame` is ready: its events flow there. */
    private fun hello(data: JsonValue?, channel: String?, reply: BridgeReply, frame: BridgeFrame, origin: BridgeOrigin) {
        val module = try {
            val params = BridgeDecode.params(data)
            if (channel != null) {
                val named = BridgeDecode.optional(params["module"], BridgePath("params").field("module"), BridgeDecode::string) ?: channel
                if (named != channel) {
                    throw BridgeError(BridgeErrorCode.INVALID_PARAMS, "params.module: expected ${JsonValue.Text(channel).jsonText}, got ${JsonValue.Text(named).jsonText}")
                }
                named
            } else {
                BridgeDecode.string(params["module"], BridgePath("params").field("module"))
            }
        } catch (error: Throwable) {
            return reply.fail(error)
        }
        ready.getOrPut(module) { LinkedHashSet() }.add(frame)
        pageCalls.helloArrived(module)
        var capabilities = modules[module]?.capabilities?.json ?: BridgeCapabilities.absentJson
        val transfers = transfers
        if (transfers != null && modules.containsKey(module) && hasTupleOrigin(origin)) {
            capabilities = JsonValue.Object((capabilities as JsonValue.Object).members + ("bytes" to transfers.capability))
        }
        reply.succeed(JsonValue.Object(mapOf("protocol" to JsonValue.Integer(1), "capabilities" to capabilities)))
        val waiting = queued.remove(module) ?: return
        for (event in waiting) frame.post(event)
    }

    /** Posts an event frame to every frame whose client is ready, or queues it (at most [QUEUE_LIMIT], the oldest dropped). */
    public fun emit(module: String, event: String, payload: JsonValue) {
        val text = "{\"event\":" + JsonValue.Object(mapOf("module" to JsonValue.Text(module), "name" to JsonValue.Text(event), "payload" to payload)).jsonText + "}"
        if (Utf8.encode(text).size > BridgeLimits.MAX_SCRIPT_JSON_BYTES + 64) {
            return log("dropped a '$module' event '$event': its payload is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON")
        }
        val frames = ready[module]
        if (!frames.isNullOrEmpty()) {
            for (frame in frames) frame.post(text)
            return
        }
        val queue = queued.getOrPut(module) { ArrayDeque() }
        queue.addLast(text)
        if (queue.size > QUEUE_LIMIT) {
            queue.removeFirst()
            log("dropped the oldest queued '$module' event: more than $QUEUE_LIMIT waiting")
        }
    }

    /** An event whose payload `encode` writes; one that cannot be encoded (a non-finite double, say) is logged, not sent. */
    public fun emit(module: String, event: String, encode: () -> JsonValue) {
        val payload = try {
            encode()
        } catch (error: BridgeError) {
            return log("event '$event' not sent: ${error.message}")
        }
        emit(module, event, payload)
    }

    /**
     * The page navigated: its clients are gone until they say `$hello` again; events queue. Its
     * streams (its subframes' too, which went with it) can no longer be read: they are
     * cancelled as when the page stops reading one, since no `$cancel` will come.
     */
    public fun pageStarted() {
        ready.clear()
        transfers?.clear()
        pageCalls.pageStarted()
        for (reply in running.filter { it.isStream }) {
            endRequest(reply, BridgeEnvelope.failure(BridgeError(BridgeErrorCode.ABORTED, "the page is not reading the stream")))
        }
    }

    /** The renderer process is gone: running requests are cancelled and their answers dropped (the page that asked is gone). */
    public fun renderProcessGone() {
        cancelRequests(null, null)
        pageCalls.fail(BridgeError(BridgeErrorCode.PROCESS_TERMINATED, "the web content process terminated during the call"))
        ready.clear()
        transfers?.clear()
    }

    /** A frame whose origin has a scheme and a host: a file or opaque frame ("null") is not offered the bytes path. */
    private fun hasTupleOrigin(origin: BridgeOrigin): Boolean = origin.scheme.isNotEmpty() && origin.host.isNotEmpty()

    /**
     * Calls a page method (docs/WIRE.md, "Page calls"): waits for the module's client to say
     * `$hello` (client methods), evaluates the body in the main frame and awaits its `$answer`,
     * all within the request's timeout; the answer's `data`, or a [BridgeError]. Runs on the
     * session's dispatcher (the scope's) whatever the caller's.
     */
    public suspend fun callPage(request: BridgePageRequest): JsonValue? = onSessionThread { startPageCall(request) }

    /** Runs `block` on the session's dispatcher (the scope's), where its state may be touched, whatever the caller's. */
    internal suspend fun <T> onSessionThread(block: suspend () -> T): T {
        val dispatcher = scope.coroutineContext[ContinuationInterceptor]
        return if (dispatcher == null) block() else withContext(dispatcher) { block() }
    }

    private suspend fun startPageCall(request: BridgePageRequest): JsonValue? {
        if (!modules.containsKey(request.module)) {
            throw BridgeError(BridgeErrorCode.PAGE_NOT_LOADED, "the '${request.module}' module is not installed on this WebView")
        }
        return pageCalls.call(request)
    }

    public val pageCallCount: Int get() = pageCalls.count

    /** How many of `module`'s events wait for its client's `$hello`. */
    public fun queuedEventCount(module: String): Int = queued[module]?.size ?: 0

    internal fun isClientReady(module: String): Boolean = !ready[module].isNullOrEmpty()

    /** The module's client is gone (the page reloaded): its events queue until the next `$hello`. */
    internal fun clientGone(module: String) {
        ready.remove(module)
    }

    /** The envelope's JSON text; null (logged) when it is too large to post. */
    private fun envelopeJson(envelope: BridgeEnvelope): String? {
        val json = envelope.jsonText
        if (Utf8.encode(json).size <= BridgeLimits.MAX_SCRIPT_JSON_BYTES) return json
        log("internal error: an answer is larger than ${BridgeLimits.MAX_SCRIPT_JSON_BYTES} bytes of JSON (BridgeLimits.MAX_SCRIPT_JSON_BYTES)")
        return null
    }

    /** The answer frame of `json`, or of an internal error where it is null. */
    private fun answerFrame(callbackName: String, json: String?): String =
        "{\"answer\":" + JsonValue.Text(callbackName).jsonText + ",\"envelope\":" +
            (json ?: BridgeEnvelope.failure(BridgeError(BridgeErrorCode.INTERNAL_ERROR, "internal error")).jsonText) + "}"

    public companion object {
        /** Most events a module keeps while no client is ready. */
        public const val QUEUE_LIMIT: Int = 256

        /** Most transfer tokens one message's `$bytes` may list (the Swift runtime's `BridgeAttachments.maxPerMessage`). */
        private const val MAX_TRANSFER_TOKENS: Int = 1024
    }
}
