// bridgegen's Kotlin runtime: console forwarding, native side: the levels, the line format, the
// document-start script with its limits, and the receiver that checks what the page posted.
// Embedded into every generated BridgeGenSupport.kt (not this header, the package line and the
// imports, which the generated file declares once);
// a top-level `public` becomes the configured visibility. See Runtime/README.md.

package bridgegen

/** The level of a console message the page forwarded (docs/WIRE.md, "Console forwarding"). */
public enum class BridgeConsoleLevel(public val wireName: String) {
    LOG("log"), INFO("info"), WARN("warn"), ERROR("error");

    public companion object {
        /** The level of a wire name, or null. */
        public fun of(wireName: String): BridgeConsoleLevel? = entries.firstOrNull { it.wireName == wireName }
    }
}

/** `console.forward` of bridgegen.yaml: in debug builds only (the app says which it is), always, or never. */
public enum class BridgeConsoleForward {
    DEBUG, ALWAYS, NEVER;

    /** Whether a build forwards the console; `debugBuild` is the app's `BuildConfig.DEBUG`. */
    public fun forwards(debugBuild: Boolean): Boolean = when (this) {
        DEBUG -> debugBuild
        ALWAYS -> true
        NEVER -> false
    }
}

/**
 * Console forwarding for one WebView (docs/ANDROID.md, "Console"): the page's console script,
 * the limits it and the receiver apply, and where the checked messages go (`sink`, by default
 * the install's log as [line]s).
 */
public class BridgeConsole(
    public val maxMessageLength: Int,
    public val maxMessagesPerSecond: Int,
    public val sink: (BridgeConsoleLevel, String) -> Unit,
) {
    /** The document-start script (Runtime/JavaScript/console-forward.js) called with the limits: numbers are the only text added to it. */
    public val script: String get() = BridgeConsoleScript.SOURCE + "($maxMessageLength, $maxMessagesPerSecond);\n"

    public companion object {
        /** The channel the script posts `{level, message}` to, as `window.__bridgegen_bridgegenConsole`. */
        public const val CHANNEL: String = "bridgegenConsole"

        /**
         * `[H5] <level>: <message>` as one line: the message is the page's text, so its line
         * breaks and other control characters are written as escapes (`\n`, `\u{1B}`) and cannot
         * start a line that looks like another log entry.
         */
        public fun line(level: BridgeConsoleLevel, message: String): String {
            val out = StringBuilder("[H5] ").append(level.wireName).append(": ")
            var index = 0
            while (index < message.length) {
                val scalar = message.codePointAt(index)
                index += Character.charCount(scalar)
                when {
                    scalar == 0x0A -> out.append("\\n")
                    scalar == 0x0D -> out.append("\\r")
                    scalar == 0x09 -> out.append('\t')
                    scalar < 0x20 || scalar in 0x7F until 0xA0 || scalar == 0x2028 || scalar == 0x2029 ->
                        out.append("\\u{").append(Integer.toHexString(scalar).uppercase()).append('}')
                    else -> out.appendCodePoint(scalar)
                }
            }
            return out.toString()
        }

        /** At most `limit` UTF-16 units, never half of a surrogate pair. */
        public fun cut(text: String, limit: Int): String {
            if (text.length <= limit) return text
            val end = if (limit > 0 && Character.isHighSurrogate(text[limit - 1])) limit - 1 else limit
            return text.substring(0, end)
        }
    }
}

/**
 * The native end of console forwarding. What arrives on `bridgegenConsole` is untrusted: any
 * frame the origin rules admit may post anything there. Each message is counted against a rate
 * limit, checked against the origin policy, must be `{level, message}` JSON text with a known
 * level and a string message, is cut to the length limit again, and only then reaches the sink.
 * The Swift receiver's checks and log lines.
 */
public class BridgeConsoleReceiver(
    private val console: BridgeConsole,
    private val policy: BridgeOriginPolicy,
    private val log: (String) -> Unit,
    private val clockNanos: () -> Long = System::nanoTime,
) {
    private var windowStart: Long? = null
    private var inWindow = 0
    private var dropped = 0

    /** One message the page posted on `bridgegenConsole`. */
    public fun receive(text: String, origin: BridgeOrigin) {
        val now = clockNanos()
        val start = windowStart
        if (start == null || now - start >= 1_000_000_000L) {
            if (dropped > 0) log("dropped $dropped console messages: more than ${limit()} a second")
            windowStart = now
            inWindow = 0
            dropped = 0
        }
        if (inWindow >= limit()) {
            dropped += 1
            return
        }
        inWindow += 1
        if (!policy.allows(origin)) return log("refused a console message from ${policy.refusal(origin)}")
        val body = BridgeIncoming.read(text).message ?: return log("refused a console message: the body is not an object")
        val level = (body["level"] as? JsonValue.Text)?.let { BridgeConsoleLevel.of(it.value) }
            ?: return log("refused a console message: level is not one of log, info, warn, error")
        val message = (body["message"] as? JsonValue.Text)?.value
            ?: return log("refused a console message: message is not a string")
        console.sink(level, BridgeConsole.cut(message, console.maxMessageLength))
    }

    // The script's one-second windows and native's are not aligned, so one native second can hold two of the script's.
    private fun limit() = console.maxMessagesPerSecond * RATE_FACTOR

    private companion object {
        const val RATE_FACTOR = 2
    }
}
