// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/JavaScript/wvjb-shim.js. Do not edit:
// edit that file and run the script; the tests fail while this file is stale.

package bridgegen

/** The text of `Runtime/JavaScript/wvjb-shim.js`, exactly. */
internal object BridgeLegacyScript {
    const val SOURCE: String =
        "// bridgegen WebViewJavascriptBridge shim v1 (Runtime/JavaScript/wvjb-shim.js, docs/ANDROID.md \"Legacy pages\")\n" +
        "// A document-start script of the Android glue for the callback transport, added with the\n" +
        "// message listener's own origin rules, so only frames that get the listener's object get it.\n" +
        "// Pages written for seed 001's protocol call WebViewJavascriptBridge.callHandler(channel,\n" +
        "// payload, callback), the JsBridge surface Android shells have offered them. This carries each\n" +
        "// call over the listener's object as a callback-transport message with a callbackName of its\n" +
        "// own and hands the callback the envelope's JSON text exactly as native wrote it. This file is\n" +
        "// one function expression of the object's and the channel's names; the Kotlin runtime\n" +
        "// (BridgeAndroid) calls it with string literals, so no other text reaches the script. It takes\n" +
        "// the builtins it needs before any page script runs.\n" +
        "(function (objectName, channel) {\n" +
        "    'use strict';\n" +
        "    var g = globalThis;\n" +
        "    var object = g[objectName];\n" +
        "    // A frame with no object has no bridge; a second copy of the script leaves the first in place.\n" +
        "    if (!object || typeof object.postMessage !== 'function' || g.WebViewJavascriptBridge) return;\n" +
        "    var post = object.postMessage;\n" +
        "    var stringify = JSON.stringify;\n" +
        "    var toStr = String;\n" +
        "    var slice = String.prototype.slice;\n" +
        "    var indexOf = String.prototype.indexOf;\n" +
        "    var charAt = String.prototype.charAt;\n" +
        "    var setTimer = g.setTimeout;\n" +
        "    var MapCtor = Map;\n" +
        "    var mapGet = Map.prototype.get;\n" +
        "    var mapSet = Map.prototype.set;\n" +
        "    var mapDelete = Map.prototype['delete'];\n" +
        "    // Distinct from the generated client's __bg_cb_ names, whose answers come through the same object.\n" +
        "    var PREFIX = '__bg_wvjb_';\n" +
        "    // The answer frame as native writes it: {\"answer\":\"<callbackName>\",\"envelope\":<envelope>}.\n" +
        "    var ANSWER = '{\"answer\":\"' + PREFIX;\n" +
        "    var ENVELOPE = '\",\"envelope\":';\n" +
        "    var pending = new MapCtor();\n" +
        "    var next = 0;\n" +
        "    var initialized = false;\n" +
        "\n" +
        "    function isSpace(c) {\n" +
        "        return c === ' ' || c === '\\t' || c === '\\n' || c === '\\r';\n" +
        "    }\n" +
        "\n" +
        "    // The page's payload text with the callbackName spliced in front of its first key, so native\n" +
        "    // reads the page's own text (integers beyond 2^53, duplicate keys and all) and refuses what\n" +
        "    // is not an object exactly as it refuses any message, answering this call's callback.\n" +
        "    function messageText(payload, name) {\n" +
        "        var text = typeof payload === 'string' ? payload : payload === undefined || payload === null ? '{}' : stringify(payload);\n" +
        "        if (typeof text !== 'string') text = '{}';\n" +
        "        if (name === undefined) return text;\n" +
        "        var head = '{\"callbackName\":\"' + name + '\"';\n" +
        "        var i = 0;\n" +
        "        while (i < text.length && isSpace(charAt.call(text, i))) i += 1;\n" +
        "        if (charAt.call(text, i) !== '{') return head + ',' + text;\n" +
        "        var j = i + 1;\n" +
        "        while (j < text.length && isSpace(charAt.call(text, j))) j += 1;\n" +
        "        return head + (charAt.call(text, j) === '}' ? '' : ',') + slice.call(text, i + 1);\n" +
        "    }\n" +
        "\n" +
        "    function onMessage(event) {\n" +
        "        var text = event ? event.data : undefined;\n" +
        "        if (typeof text !== 'string' || slice.call(text, 0, ANSWER.length) !== ANSWER) return;\n" +
        "        var end = indexOf.call(text, '\"', ANSWER.length);\n" +
        "        if (end < 0 || slice.call(text, end, end + ENVELOPE.length) !== ENVELOPE || charAt.call(text, text.length - 1) !== '}') return;\n" +
        "        var name = PREFIX + slice.call(text, ANSWER.length, end);\n" +
        "        var callback = mapGet.call(pending, name);\n" +
        "        if (callback === undefined) return;\n" +
        "        mapDelete.call(pending, name);\n" +
        "        callback(slice.call(text, end + ENVELOPE.length, text.length - 1));\n" +
        "    }\n" +
        "\n" +
        "    if (typeof object.addEventListener === 'function') {\n" +
        "        object.addEventListener('message', onMessage);\n" +
        "    } else {\n" +
        "        var previous = object.onmessage;\n" +
        "        object.onmessage = function (event) {\n" +
        "            onMessage(event);\n" +
        "            if (typeof previous === 'function') previous.call(this, event);\n" +
        "        };\n" +
        "    }\n" +
        "\n" +
        "    function callHandler(handlerName, data, responseCallback) {\n" +
        "        if (typeof data === 'function' && responseCallback === undefined) {\n" +
        "            responseCallback = data;\n" +
        "            data = undefined;\n" +
        "        }\n" +
        "        var callback = typeof responseCallback === 'function' ? responseCallback : undefined;\n" +
        "        if (handlerName !== channel) {\n" +
        "            // Native has one handler, the channel: say so at once rather than never answer.\n" +
        "            var message = 'no native handler is named ' + stringify(toStr(handlerName)) + ': this app answers ' + stringify(channel);\n" +
        "            if (callback) setTimer(function () { callback(stringify({ errcode: -1, errmsg: message, data: null })); }, 0);\n" +
        "            return;\n" +
        "        }\n" +
        "        var name;\n" +
        "        if (callback) {\n" +
        "            next += 1;\n" +
        "            name = PREFIX + next;\n" +
        "        }\n" +
        "        var text = messageText(data, name);\n" +
        "        if (name !== undefined) mapSet.call(pending, name, callback);\n" +
        "        try {\n" +
        "            post.call(object, text);\n" +
        "        } catch (error) {\n" +
        "            if (name !== undefined) mapDelete.call(pending, name);\n" +
        "            throw error;\n" +
        "        }\n" +
        "    }\n" +
        "\n" +
        "    // Native -> page calls go through the generated client's page methods (docs/WIRE.md, \"Page\n" +
        "    // calls\"), so registerHandler's handlers and init's default handler are accepted and never called.\n" +
        "    var bridge = {\n" +
        "        init: function () {\n" +
        "            if (initialized) throw new Error('WebViewJavascriptBridge.init called twice');\n" +
        "            initialized = true;\n" +
        "        },\n" +
        "        callHandler: callHandler,\n" +
        "        registerHandler: function () {},\n" +
        "        send: function (data, responseCallback) {\n" +
        "            callHandler(channel, data, responseCallback);\n" +
        "        },\n" +
        "    };\n" +
        "    g.WebViewJavascriptBridge = bridge;\n" +
        "\n" +
        "    // JsBridge announced itself when the page had loaded; pages that wait for the event rather\n" +
        "    // than test for the object get it then, and the functions queued in WVJBCallbacks run.\n" +
        "    function ready() {\n" +
        "        var doc = g.document;\n" +
        "        if (doc && typeof doc.createEvent === 'function') {\n" +
        "            var event = doc.createEvent('Events');\n" +
        "            event.initEvent('WebViewJavascriptBridgeReady');\n" +
        "            event.bridge = bridge;\n" +
        "            doc.dispatchEvent(event);\n" +
        "        }\n" +
        "        var queued = g.WVJBCallbacks;\n" +
        "        g.WVJBCallbacks = undefined;\n" +
        "        if (!queued || typeof queued.length !== 'number') return;\n" +
        "        for (var k = 0; k < queued.length; k += 1) {\n" +
        "            var fn = queued[k];\n" +
        "            if (typeof fn !== 'function') continue;\n" +
        "            try {\n" +
        "                fn(bridge);\n" +
        "            } catch (error) {\n" +
        "                setTimer(function () { throw error; }, 0);\n" +
        "            }\n" +
        "        }\n" +
        "    }\n" +
        "    if (typeof g.addEventListener === 'function') g.addEventListener('load', ready, { once: true });\n" +
        "})\n"
}
