// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/JavaScript/console-forward.js. Do not edit:
// edit that file and run the script; the tests fail while this file is stale.

package bridgegen

/** The text of `Runtime/JavaScript/console-forward.js`, exactly. */
internal object BridgeConsoleScript {
    const val SOURCE: String =
        "// bridgegen console forwarding v1 (Runtime/JavaScript/console-forward.js, docs/WIRE.md \"Console forwarding\")\n" +
        "// A document-start user script in the page's content world, main frame and subframes. It\n" +
        "// forwards console.log/info/warn/error, uncaught errors and unhandled rejections to the plain\n" +
        "// message handler `bridgegenConsole` as {level, message} (on Android, the injected object\n" +
        "// `__bridgegen_bridgegenConsole`, as JSON text). This file is one function expression\n" +
        "// of the two limits; the Swift and Kotlin runtimes (BridgeConsole) call it with the\n" +
        "// configured numbers, so no other text reaches the script. It never throws into the page: it\n" +
        "// takes the builtins it needs before any page script runs, and guards every read of a page value.\n" +
        "(function (maxMessageLength, maxMessagesPerSecond) {\n" +
        "    'use strict';\n" +
        "    var g = globalThis;\n" +
        "    var reflectApply = Reflect.apply;\n" +
        "    var stringify = JSON.stringify;\n" +
        "    var toStr = String;\n" +
        "    var objectKeys = Object.keys;\n" +
        "    var isArray = Array.isArray;\n" +
        "    var defineProperty = Object.defineProperty;\n" +
        "    var objectToString = Object.prototype.toString;\n" +
        "    var slice = String.prototype.slice;\n" +
        "    var indexOf = String.prototype.indexOf;\n" +
        "    var charCodeAt = String.prototype.charCodeAt;\n" +
        "    var symbolToString = Symbol.prototype.toString;\n" +
        "    var functionToString = Function.prototype.toString;\n" +
        "    var ErrorCtor = Error;\n" +
        "    var WeakSetCtor = WeakSet;\n" +
        "    var weakAdd = WeakSet.prototype.add;\n" +
        "    var weakHas = WeakSet.prototype.has;\n" +
        "    var now = Date.now;\n" +
        "    var setTimer = g.setTimeout;\n" +
        "    var addListener = g.addEventListener;\n" +
        "    var LEVELS = ['log', 'info', 'warn', 'error'];\n" +
        "    // Containers deeper than this, or items beyond this many, are summarised: a message is\n" +
        "    // for reading, and the length cap ends the text anyway.\n" +
        "    var MAX_DEPTH = 4;\n" +
        "    var MAX_ITEMS = 100;\n" +
        "    var WINDOW_MS = 1000;\n" +
        "\n" +
        "    function call(fn, self, args) {\n" +
        "        return reflectApply(fn, self, args);\n" +
        "    }\n" +
        "\n" +
        "    // -- the channel (taken lazily: a frame may get it after this script ran) --------------\n" +
        "\n" +
        "    // WebKit's message handler takes the object; Android's injected object (docs/WIRE.md,\n" +
        "    // \"Android\") takes JSON text, written here from two strings so no page toJSON runs.\n" +
        "    var handler = null;\n" +
        "    var post = null;\n" +
        "    var asText = false;\n" +
        "    function channel() {\n" +
        "        try {\n" +
        "            var h = g.webkit.messageHandlers.bridgegenConsole;\n" +
        "            if (typeof h.postMessage === 'function') {\n" +
        "                handler = h;\n" +
        "                post = h.postMessage;\n" +
        "                return;\n" +
        "            }\n" +
        "        } catch (e) {\n" +
        "            // not WebKit\n" +
        "        }\n" +
        "        try {\n" +
        "            var o = g.__bridgegen_bridgegenConsole;\n" +
        "            if (o && typeof o.postMessage === 'function') {\n" +
        "                handler = o;\n" +
        "                post = o.postMessage;\n" +
        "                asText = true;\n" +
        "            }\n" +
        "        } catch (e) {\n" +
        "            // no channel yet\n" +
        "        }\n" +
        "    }\n" +
        "    function send(level, message) {\n" +
        "        if (post === null) {\n" +
        "            channel();\n" +
        "            if (post === null) return;\n" +
        "        }\n" +
        "        try {\n" +
        "            call(post, handler, [asText ? '{\"level\":' + stringify(level) + ',\"message\":' + stringify(message) + '}' : { level: level, message: message }]);\n" +
        "        } catch (e) {\n" +
        "            // The handler went away (the app removed it): nothing to report to.\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    // -- limits ---------------------------------------------------------------------------\n" +
        "\n" +
        "    /** At most maxMessageLength UTF-16 units, never half of a surrogate pair. */\n" +
        "    function cut(text) {\n" +
        "        if (text.length <= maxMessageLength) return text;\n" +
        "        var end = maxMessageLength;\n" +
        "        var unit = call(charCodeAt, text, [end - 1]);\n" +
        "        if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;\n" +
        "        return call(slice, text, [0, end]);\n" +
        "    }\n" +
        "\n" +
        "    var windowStart = -Infinity;\n" +
        "    var sentInWindow = 0;\n" +
        "    var dropped = 0;\n" +
        "    var reportPending = false;\n" +
        "\n" +
        "    function startWindowIfDue() {\n" +
        "        var t = now();\n" +
        "        if (t - windowStart < WINDOW_MS) return;\n" +
        "        windowStart = t;\n" +
        "        sentInWindow = 0;\n" +
        "        if (dropped > 0) {\n" +
        "            // The report counts as one of the new second's messages.\n" +
        "            var count = dropped;\n" +
        "            dropped = 0;\n" +
        "            sentInWindow = 1;\n" +
        "            send('warn', count + ' console messages dropped');\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    function reportLater() {\n" +
        "        if (reportPending || typeof setTimer !== 'function') return;\n" +
        "        reportPending = true;\n" +
        "        try {\n" +
        "            call(setTimer, g, [function () {\n" +
        "                reportPending = false;\n" +
        "                try {\n" +
        "                    startWindowIfDue();\n" +
        "                    if (dropped > 0) reportLater();\n" +
        "                } catch (e) {\n" +
        "                    // never into the page\n" +
        "                }\n" +
        "            }, WINDOW_MS - (now() - windowStart) + 1]);\n" +
        "        } catch (e) {\n" +
        "            reportPending = false;\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    function deliver(level, text) {\n" +
        "        startWindowIfDue();\n" +
        "        if (sentInWindow >= maxMessagesPerSecond) {\n" +
        "            dropped += 1;\n" +
        "            reportLater();\n" +
        "            return;\n" +
        "        }\n" +
        "        sentInWindow += 1;\n" +
        "        send(level, cut(text));\n" +
        "    }\n" +
        "\n" +
        "    // -- formatting -------------------------------------------------------------------------\n" +
        "\n" +
        "    // `seen` is the chain of containers being formatted (a linked list: no array writes a page's\n" +
        "    // Array.prototype setters could see), for cycles.\n" +
        "\n" +
        "    /** Text built up to a budget: one unit past the cap, so the cut is the only cut. */\n" +
        "    function Out() {\n" +
        "        this.text = '';\n" +
        "        this.room = maxMessageLength + 1;\n" +
        "    }\n" +
        "    Out.prototype.add = function (s) {\n" +
        "        if (this.room <= 0) return;\n" +
        "        if (s.length > this.room) s = call(slice, s, [0, this.room]);\n" +
        "        this.text += s;\n" +
        "        this.room -= s.length;\n" +
        "    };\n" +
        "\n" +
        "    function attempt(read, fallback) {\n" +
        "        try {\n" +
        "            return read();\n" +
        "        } catch (e) {\n" +
        "            return fallback;\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    function quote(out, s) {\n" +
        "        out.add(stringify(s.length > out.room ? call(slice, s, [0, out.room]) : s));\n" +
        "    }\n" +
        "\n" +
        "    function tagOf(v) {\n" +
        "        // Reads Symbol.toStringTag, which a page may make throw.\n" +
        "        var tag = attempt(function () { return call(objectToString, v, []); }, '[object Object]');\n" +
        "        return call(slice, tag, [8, -1]);\n" +
        "    }\n" +
        "\n" +
        "    function errorText(v) {\n" +
        "        var name = attempt(function () { return v.name; }, undefined);\n" +
        "        var message = attempt(function () { return v.message; }, undefined);\n" +
        "        var stack = attempt(function () { return v.stack; }, undefined);\n" +
        "        var head = (typeof name === 'string' ? name : 'Error') + (typeof message === 'string' && message !== '' ? ': ' + message : '');\n" +
        "        if (typeof stack !== 'string' || stack === '') return head;\n" +
        "        // V8 starts the stack with the head; JavaScriptCore lists the frames only.\n" +
        "        return call(slice, stack, [0, head.length]) === head ? stack : head + '\\n' + stack;\n" +
        "    }\n" +
        "\n" +
        "    function isError(v, tag) {\n" +
        "        return tag === 'Error' || attempt(function () { return v instanceof ErrorCtor; }, false);\n" +
        "    }\n" +
        "\n" +
        "    function format(out, v, depth, seen, top) {\n" +
        "        if (out.room <= 0) return;\n" +
        "        var type = typeof v;\n" +
        "        if (type === 'string') {\n" +
        "            if (top) out.add(v);\n" +
        "            else quote(out, v);\n" +
        "            return;\n" +
        "        }\n" +
        "        if (type === 'number' || type === 'boolean' || type === 'undefined') {\n" +
        "            out.add(toStr(v));\n" +
        "            return;\n" +
        "        }\n" +
        "        if (type === 'bigint') {\n" +
        "            out.add(toStr(v) + 'n');\n" +
        "            return;\n" +
        "        }\n" +
        "        if (type === 'symbol') {\n" +
        "            out.add(attempt(function () { return call(symbolToString, v, []); }, 'Symbol()'));\n" +
        "            return;\n" +
        "        }\n" +
        "        if (v === null) {\n" +
        "            out.add('null');\n" +
        "            return;\n" +
        "        }\n" +
        "        if (type === 'function') {\n" +
        "            var name = attempt(function () { return v.name; }, '');\n" +
        "            out.add(typeof name === 'string' && name !== '' ? '[Function ' + name + ']' : '[Function]');\n" +
        "            return;\n" +
        "        }\n" +
        "        for (var link = seen; link !== null; link = link.next) {\n" +
        "            if (link.value === v) {\n" +
        "                out.add('[Circular]');\n" +
        "                return;\n" +
        "            }\n" +
        "        }\n" +
        "        var tag = tagOf(v);\n" +
        "        if (isError(v, tag)) {\n" +
        "            out.add(errorText(v));\n" +
        "            return;\n" +
        "        }\n" +
        "        var array = attempt(function () { return isArray(v); }, false);\n" +
        "        if (depth >= MAX_DEPTH) {\n" +
        "            out.add(array ? '[Array]' : '[' + tag + ']');\n" +
        "            return;\n" +
        "        }\n" +
        "        var keys = array ? null : attempt(function () { return objectKeys(v); }, null);\n" +
        "        var count = array ? attempt(function () { return v.length; }, 0) : keys === null ? 0 : keys.length;\n" +
        "        if (typeof count !== 'number' || !(count >= 0)) count = 0;\n" +
        "        if (!array && keys === null) {\n" +
        "            out.add('[' + tag + ']');\n" +
        "            return;\n" +
        "        }\n" +
        "        if (!array && tag !== 'Object') out.add(tag + ' ');\n" +
        "        out.add(array ? '[' : '{');\n" +
        "        var inner = { value: v, next: seen };\n" +
        "        var shown = count < MAX_ITEMS ? count : MAX_ITEMS;\n" +
        "        for (var j = 0; j < shown && out.room > 0; j++) {\n" +
        "            if (j > 0) out.add(',');\n" +
        "            var key = array ? j : keys[j];\n" +
        "            if (!array) {\n" +
        "                quote(out, key);\n" +
        "                out.add(':');\n" +
        "            }\n" +
        "            var item = attempt(function () { return v[key]; }, attempt);\n" +
        "            if (item === attempt) out.add('[getter threw]');\n" +
        "            else format(out, item, depth + 1, inner, false);\n" +
        "        }\n" +
        "        if (count > shown) out.add(',\\u2026' + (count - shown) + ' more');\n" +
        "        out.add(array ? ']' : '}');\n" +
        "    }\n" +
        "\n" +
        "    function formatAll(args) {\n" +
        "        var out = new Out();\n" +
        "        for (var i = 0; i < args.length && out.room > 0; i++) {\n" +
        "            if (i > 0) out.add(' ');\n" +
        "            format(out, args[i], 0, null, true);\n" +
        "        }\n" +
        "        return out.text;\n" +
        "    }\n" +
        "\n" +
        "    // A console call made while formatting (a getter that logs) is not forwarded again.\n" +
        "    var busy = false;\n" +
        "    function forward(level, makeText) {\n" +
        "        if (busy) return;\n" +
        "        busy = true;\n" +
        "        try {\n" +
        "            deliver(level, makeText());\n" +
        "        } catch (e) {\n" +
        "            // never into the page\n" +
        "        } finally {\n" +
        "            busy = false;\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    // -- console ----------------------------------------------------------------------------\n" +
        "\n" +
        "    // Each level becomes an accessor: reading it gives a forwarding wrapper around the current\n" +
        "    // implementation, assigning it replaces the implementation (so a page's own console.log\n" +
        "    // is forwarded too). A console object assigned to `console` later is wrapped the same way.\n" +
        "    var wrapped = new WeakSetCtor();\n" +
        "    function wrapConsole(target) {\n" +
        "        if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return;\n" +
        "        try {\n" +
        "            if (call(weakHas, wrapped, [target])) return;\n" +
        "            call(weakAdd, wrapped, [target]);\n" +
        "        } catch (e) {\n" +
        "            return;\n" +
        "        }\n" +
        "        for (var i = 0; i < LEVELS.length; i++) wrapLevel(target, LEVELS[i]);\n" +
        "    }\n" +
        "\n" +
        "    function wrapLevel(target, level) {\n" +
        "        try {\n" +
        "            var impl = target[level];\n" +
        "            var wrapper = function () {\n" +
        "                var args = arguments;\n" +
        "                forward(level, function () { return formatAll(args); });\n" +
        "                return call(impl, this, args);\n" +
        "            };\n" +
        "            defineProperty(target, level, {\n" +
        "                configurable: true,\n" +
        "                enumerable: true,\n" +
        "                get: function () { return typeof impl === 'function' ? wrapper : impl; },\n" +
        "                set: function (value) { impl = value; },\n" +
        "            });\n" +
        "        } catch (e) {\n" +
        "            // A frozen console, or a getter that throws: left as it is.\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    try {\n" +
        "        var current = g.console;\n" +
        "        wrapConsole(current);\n" +
        "        defineProperty(g, 'console', {\n" +
        "            configurable: true,\n" +
        "            enumerable: false,\n" +
        "            get: function () { return current; },\n" +
        "            set: function (value) {\n" +
        "                current = value;\n" +
        "                wrapConsole(value);\n" +
        "            },\n" +
        "        });\n" +
        "    } catch (e) {\n" +
        "        // The global's console cannot be redefined here: its methods stay wrapped.\n" +
        "    }\n" +
        "\n" +
        "    // -- uncaught errors and unhandled rejections ------------------------------------------------\n" +
        "\n" +
        "    function listen(type, describe) {\n" +
        "        try {\n" +
        "            call(addListener, g, [type, function (event) {\n" +
        "                forward('error', function () { return describe(event); });\n" +
        "            }]);\n" +
        "        } catch (e) {\n" +
        "            // no event target here\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    function one(v) {\n" +
        "        var out = new Out();\n" +
        "        format(out, v, 0, null, true);\n" +
        "        return out.text;\n" +
        "    }\n" +
        "\n" +
        "    listen('error', function (event) {\n" +
        "        var error = attempt(function () { return event.error; }, undefined);\n" +
        "        var text = error !== undefined && error !== null ? one(error) : one(attempt(function () { return event.message; }, ''));\n" +
        "        var file = attempt(function () { return event.filename; }, '');\n" +
        "        var line = attempt(function () { return event.lineno; }, 0);\n" +
        "        var column = attempt(function () { return event.colno; }, 0);\n" +
        "        var where = typeof file === 'string' && file !== ''\n" +
        "            ? ' (' + file + ':' + (typeof line === 'number' ? line : 0) + ':' + (typeof column === 'number' ? column : 0) + ')'\n" +
        "            : '';\n" +
        "        // The location goes after the first line, before a stack.\n" +
        "        var end = call(indexOf, text, ['\\n']);\n" +
        "        return end < 0 ? 'Uncaught ' + text + where\n" +
        "            : 'Uncaught ' + call(slice, text, [0, end]) + where + call(slice, text, [end]);\n" +
        "    });\n" +
        "    listen('unhandledrejection', function (event) {\n" +
        "        return 'Unhandled rejection: ' + one(attempt(function () { return event.reason; }, undefined));\n" +
        "    });\n" +
        "})\n"
}
