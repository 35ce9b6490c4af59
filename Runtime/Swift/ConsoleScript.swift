// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/JavaScript/console-forward.js. Do not edit:
// edit that file and run the script; the tests fail while this file is stale.

/// The text of `Runtime/JavaScript/console-forward.js`, exactly.
enum BridgeConsoleScript {
    static let source = #"""
// bridgegen console forwarding v1 (Runtime/JavaScript/console-forward.js, docs/WIRE.md "Console forwarding")
// A document-start user script in the page's content world, main frame and subframes. It
// forwards console.log/info/warn/error, uncaught errors and unhandled rejections to the plain
// message handler `bridgegenConsole` as {level, message} (on Android, the injected object
// `__bridgegen_bridgegenConsole`, as JSON text). This file is one function expression
// of the two limits; the Swift and Kotlin runtimes (BridgeConsole) call it with the
// configured numbers, so no other text reaches the script. It never throws into the page: it
// takes the builtins it needs before any page script runs, and guards every read of a page value.
(function (maxMessageLength, maxMessagesPerSecond) {
    'use strict';
    var g = globalThis;
    var reflectApply = Reflect.apply;
    var stringify = JSON.stringify;
    var toStr = String;
    var objectKeys = Object.keys;
    var isArray = Array.isArray;
    var defineProperty = Object.defineProperty;
    var objectToString = Object.prototype.toString;
    var slice = String.prototype.slice;
    var indexOf = String.prototype.indexOf;
    var charCodeAt = String.prototype.charCodeAt;
    var symbolToString = Symbol.prototype.toString;
    var functionToString = Function.prototype.toString;
    var ErrorCtor = Error;
    var WeakSetCtor = WeakSet;
    var weakAdd = WeakSet.prototype.add;
    var weakHas = WeakSet.prototype.has;
    var now = Date.now;
    var setTimer = g.setTimeout;
    var addListener = g.addEventListener;
    var LEVELS = ['log', 'info', 'warn', 'error'];
    // Containers deeper than this, or items beyond this many, are summarised: a message is
    // for reading, and the length cap ends the text anyway.
    var MAX_DEPTH = 4;
    var MAX_ITEMS = 100;
    var WINDOW_MS = 1000;

    function call(fn, self, args) {
        return reflectApply(fn, self, args);
    }

    // -- the channel (taken lazily: a frame may get it after this script ran) --------------

    // WebKit's message handler takes the object; Android's injected object (docs/WIRE.md,
    // "Android") takes JSON text, written here from two strings so no page toJSON runs.
    var handler = null;
    var post = null;
    var asText = false;
    function channel() {
        try {
            var h = g.webkit.messageHandlers.bridgegenConsole;
            if (typeof h.postMessage === 'function') {
                handler = h;
                post = h.postMessage;
                return;
            }
        } catch (e) {
            // not WebKit
        }
        try {
            var o = g.__bridgegen_bridgegenConsole;
            if (o && typeof o.postMessage === 'function') {
                handler = o;
                post = o.postMessage;
                asText = true;
            }
        } catch (e) {
            // no channel yet
        }
    }
    function send(level, message) {
        if (post === null) {
            channel();
            if (post === null) return;
        }
        try {
            call(post, handler, [asText ? '{"level":' + stringify(level) + ',"message":' + stringify(message) + '}' : { level: level, message: message }]);
        } catch (e) {
            // The handler went away (the app removed it): nothing to report to.
        }
    }

    // -- limits ---------------------------------------------------------------------------

    /** At most maxMessageLength UTF-16 units, never half of a surrogate pair. */
    function cut(text) {
        if (text.length <= maxMessageLength) return text;
        var end = maxMessageLength;
        var unit = call(charCodeAt, text, [end - 1]);
        if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;
        return call(slice, text, [0, end]);
    }

    var windowStart = -Infinity;
    var sentInWindow = 0;
    var dropped = 0;
    var reportPending = false;

    function startWindowIfDue() {
        var t = now();
        if (t - windowStart < WINDOW_MS) return;
        windowStart = t;
        sentInWindow = 0;
        if (dropped > 0) {
            // The report counts as one of the new second's messages.
            var count = dropped;
            dropped = 0;
            sentInWindow = 1;
            send('warn', count + ' console messages dropped');
        }
    }

    function reportLater() {
        if (reportPending || typeof setTimer !== 'function') return;
        reportPending = true;
        try {
            call(setTimer, g, [function () {
                reportPending = false;
                try {
                    startWindowIfDue();
                    if (dropped > 0) reportLater();
                } catch (e) {
                    // never into the page
                }
            }, WINDOW_MS - (now() - windowStart) + 1]);
        } catch (e) {
            reportPending = false;
        }
    }

    function deliver(level, text) {
        startWindowIfDue();
        if (sentInWindow >= maxMessagesPerSecond) {
            dropped += 1;
            reportLater();
            return;
        }
        sentInWindow += 1;
        send(level, cut(text));
    }

    // -- formatting -------------------------------------------------------------------------

    // `seen` is the chain of containers being formatted (a linked list: no array writes a page's
    // Array.prototype setters could see), for cycles.

    /** Text built up to a budget: one unit past the cap, so the cut is the only cut. */
    function Out() {
        this.text = '';
        this.room = maxMessageLength + 1;
    }
    Out.prototype.add = function (s) {
        if (this.room <= 0) return;
        if (s.length > this.room) s = call(slice, s, [0, this.room]);
        this.text += s;
        this.room -= s.length;
    };

    function attempt(read, fallback) {
        try {
            return read();
        } catch (e) {
            return fallback;
        }
    }

    function quote(out, s) {
        out.add(stringify(s.length > out.room ? call(slice, s, [0, out.room]) : s));
    }

    function tagOf(v) {
        // Reads Symbol.toStringTag, which a page may make throw.
        var tag = attempt(function () { return call(objectToString, v, []); }, '[object Object]');
        return call(slice, tag, [8, -1]);
    }

    function errorText(v) {
        var name = attempt(function () { return v.name; }, undefined);
        var message = attempt(function () { return v.message; }, undefined);
        var stack = attempt(function () { return v.stack; }, undefined);
        var head = (typeof name === 'string' ? name : 'Error') + (typeof message === 'string' && message !== '' ? ': ' + message : '');
        if (typeof stack !== 'string' || stack === '') return head;
        // V8 starts the stack with the head; JavaScriptCore lists the frames only.
        return call(slice, stack, [0, head.length]) === head ? stack : head + '\n' + stack;
    }

    function isError(v, tag) {
        return tag === 'Error' || attempt(function () { return v instanceof ErrorCtor; }, false);
    }

    function format(out, v, depth, seen, top) {
        if (out.room <= 0) return;
        var type = typeof v;
        if (type === 'string') {
            if (top) out.add(v);
            else quote(out, v);
            return;
        }
        if (type === 'number' || type === 'boolean' || type === 'undefined') {
            out.add(toStr(v));
            return;
        }
        if (type === 'bigint') {
            out.add(toStr(v) + 'n');
            return;
        }
        if (type === 'symbol') {
            out.add(attempt(function () { return call(symbolToString, v, []); }, 'Symbol()'));
            return;
        }
        if (v === null) {
            out.add('null');
            return;
        }
        if (type === 'function') {
            var name = attempt(function () { return v.name; }, '');
            out.add(typeof name === 'string' && name !== '' ? '[Function ' + name + ']' : '[Function]');
            return;
        }
        for (var link = seen; link !== null; link = link.next) {
            if (link.value === v) {
                out.add('[Circular]');
                return;
            }
        }
        var tag = tagOf(v);
        if (isError(v, tag)) {
            out.add(errorText(v));
            return;
        }
        var array = attempt(function () { return isArray(v); }, false);
        if (depth >= MAX_DEPTH) {
            out.add(array ? '[Array]' : '[' + tag + ']');
            return;
        }
        var keys = array ? null : attempt(function () { return objectKeys(v); }, null);
        var count = array ? attempt(function () { return v.length; }, 0) : keys === null ? 0 : keys.length;
        if (typeof count !== 'number' || !(count >= 0)) count = 0;
        if (!array && keys === null) {
            out.add('[' + tag + ']');
            return;
        }
        if (!array && tag !== 'Object') out.add(tag + ' ');
        out.add(array ? '[' : '{');
        var inner = { value: v, next: seen };
        var shown = count < MAX_ITEMS ? count : MAX_ITEMS;
        for (var j = 0; j < shown && out.room > 0; j++) {
            if (j > 0) out.add(',');
            var key = array ? j : keys[j];
            if (!array) {
                quote(out, key);
                out.add(':');
            }
            var item = attempt(function () { return v[key]; }, attempt);
            if (item === attempt) out.add('[getter threw]');
            else format(out, item, depth + 1, inner, false);
        }
        if (count > shown) out.add(',\u2026' + (count - shown) + ' more');
        out.add(array ? ']' : '}');
    }

    function formatAll(args) {
        var out = new Out();
        for (var i = 0; i < args.length && out.room > 0; i++) {
            if (i > 0) out.add(' ');
            format(out, args[i], 0, null, true);
        }
        return out.text;
    }

    // A console call made while formatting (a getter that logs) is not forwarded again.
    var busy = false;
    function forward(level, makeText) {
        if (busy) return;
        busy = true;
        try {
            deliver(level, makeText());
        } catch (e) {
            // never into the page
        } finally {
            busy = false;
        }
    }

    // -- console ----------------------------------------------------------------------------

    // Each level becomes an accessor: reading it gives a forwarding wrapper around the current
    // implementation, assigning it replaces the implementation (so a page's own console.log
    // is forwarded too). A console object assigned to `console` later is wrapped the same way.
    var wrapped = new WeakSetCtor();
    function wrapConsole(target) {
        if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return;
        try {
            if (call(weakHas, wrapped, [target])) return;
            call(weakAdd, wrapped, [target]);
        } catch (e) {
            return;
        }
        for (var i = 0; i < LEVELS.length; i++) wrapLevel(target, LEVELS[i]);
    }

    function wrapLevel(target, level) {
        try {
            var impl = target[level];
            var wrapper = function () {
                var args = arguments;
                forward(level, function () { return formatAll(args); });
                return call(impl, this, args);
            };
            defineProperty(target, level, {
                configurable: true,
                enumerable: true,
                get: function () { return typeof impl === 'function' ? wrapper : impl; },
                set: function (value) { impl = value; },
            });
        } catch (e) {
            // A frozen console, or a getter that throws: left as it is.
        }
    }

    try {
        var current = g.console;
        wrapConsole(current);
        defineProperty(g, 'console', {
            configurable: true,
            enumerable: false,
            get: function () { return current; },
            set: function (value) {
                current = value;
                wrapConsole(value);
            },
        });
    } catch (e) {
        // The global's console cannot be redefined here: its methods stay wrapped.
    }

    // -- uncaught errors and unhandled rejections ------------------------------------------------

    function listen(type, describe) {
        try {
            call(addListener, g, [type, function (event) {
                forward('error', function () { return describe(event); });
            }]);
        } catch (e) {
            // no event target here
        }
    }

    function one(v) {
        var out = new Out();
        format(out, v, 0, null, true);
        return out.text;
    }

    listen('error', function (event) {
        var error = attempt(function () { return event.error; }, undefined);
        var text = error !== undefined && error !== null ? one(error) : one(attempt(function () { return event.message; }, ''));
        var file = attempt(function () { return event.filename; }, '');
        var line = attempt(function () { return event.lineno; }, 0);
        var column = attempt(function () { return event.colno; }, 0);
        var where = typeof file === 'string' && file !== ''
            ? ' (' + file + ':' + (typeof line === 'number' ? line : 0) + ':' + (typeof column === 'number' ? column : 0) + ')'
            : '';
        // The location goes after the first line, before a stack.
        var end = call(indexOf, text, ['\n']);
        return end < 0 ? 'Uncaught ' + text + where
            : 'Uncaught ' + call(slice, text, [0, end]) + where + call(slice, text, [end]);
    });
    listen('unhandledrejection', function (event) {
        return 'Unhandled rejection: ' + one(attempt(function () { return event.reason; }, undefined));
    });
})

"""#
}
