// bridgegen WebViewJavascriptBridge shim v1 (Runtime/JavaScript/wvjb-shim.js, docs/ANDROID.md "Legacy pages")
// A document-start script of the Android glue for the callback transport, added with the
// message listener's own origin rules, so only frames that get the listener's object get it.
// Pages written for seed 001's protocol call WebViewJavascriptBridge.callHandler(channel,
// payload, callback), the JsBridge surface Android shells have offered them. This carries each
// call over the listener's object as a callback-transport message with a callbackName of its
// own and hands the callback the envelope's JSON text exactly as native wrote it. This file is
// one function expression of the object's and the channel's names; the Kotlin runtime
// (BridgeAndroid) calls it with string literals, so no other text reaches the script. It takes
// the builtins it needs before any page script runs. The ArkTS runtime (BridgeArkWeb) adds a
// third argument, "deliver": its object answers through a page function passed with each post
// (postMessage(text, deliver)) and dispatches no message events.
(function (objectName, channel, port) {
    'use strict';
    var g = globalThis;
    var object = g[objectName];
    // A frame with no object has no bridge; a second copy of the script leaves the first in place.
    if (!object || typeof object.postMessage !== 'function' || g.WebViewJavascriptBridge) return;
    var post = object.postMessage;
    var stringify = JSON.stringify;
    var toStr = String;
    var slice = String.prototype.slice;
    var indexOf = String.prototype.indexOf;
    var charAt = String.prototype.charAt;
    var setTimer = g.setTimeout;
    var MapCtor = Map;
    var mapGet = Map.prototype.get;
    var mapSet = Map.prototype.set;
    var mapDelete = Map.prototype['delete'];
    // Distinct from the generated client's __bg_cb_ names, whose answers come through the same object.
    var PREFIX = '__bg_wvjb_';
    // The answer frame as native writes it: {"answer":"<callbackName>","envelope":<envelope>}.
    var ANSWER = '{"answer":"' + PREFIX;
    var ENVELOPE = '","envelope":';
    var pending = new MapCtor();
    var next = 0;
    var initialized = false;

    function isSpace(c) {
        return c === ' ' || c === '\t' || c === '\n' || c === '\r';
    }

    // The page's payload text with the callbackName spliced in front of its first key, so native
    // reads the page's own text (integers beyond 2^53, duplicate keys and all) and refuses what
    // is not an object exactly as it refuses any message, answering this call's callback.
    function messageText(payload, name) {
        var text = typeof payload === 'string' ? payload : payload === undefined || payload === null ? '{}' : stringify(payload);
        if (typeof text !== 'string') text = '{}';
        if (name === undefined) return text;
        var head = '{"callbackName":"' + name + '"';
        var i = 0;
        while (i < text.length && isSpace(charAt.call(text, i))) i += 1;
        if (charAt.call(text, i) !== '{') return head + ',' + text;
        var j = i + 1;
        while (j < text.length && isSpace(charAt.call(text, j))) j += 1;
        return head + (charAt.call(text, j) === '}' ? '' : ',') + slice.call(text, i + 1);
    }

    function onMessage(event) {
        var text = event ? event.data : undefined;
        if (typeof text !== 'string' || slice.call(text, 0, ANSWER.length) !== ANSWER) return;
        var end = indexOf.call(text, '"', ANSWER.length);
        if (end < 0 || slice.call(text, end, end + ENVELOPE.length) !== ENVELOPE || charAt.call(text, text.length - 1) !== '}') return;
        var name = PREFIX + slice.call(text, ANSWER.length, end);
        var callback = mapGet.call(pending, name);
        if (callback === undefined) return;
        mapDelete.call(pending, name);
        callback(slice.call(text, end + ENVELOPE.length, text.length - 1));
    }

    var deliver;
    if (port === 'deliver') {
        // Answers come as the frames a message event carries elsewhere: nothing to listen to.
        deliver = function (frame) { onMessage({ data: frame }); };
    } else if (typeof object.addEventListener === 'function') {
        object.addEventListener('message', onMessage);
    } else {
        var previous = object.onmessage;
        object.onmessage = function (event) {
            onMessage(event);
            if (typeof previous === 'function') previous.call(this, event);
        };
    }

    function callHandler(handlerName, data, responseCallback) {
        if (typeof data === 'function' && responseCallback === undefined) {
            responseCallback = data;
            data = undefined;
        }
        var callback = typeof responseCallback === 'function' ? responseCallback : undefined;
        if (handlerName !== channel) {
            // Native has one handler, the channel: say so at once rather than never answer.
            var message = 'no native handler is named ' + stringify(toStr(handlerName)) + ': this app answers ' + stringify(channel);
            if (callback) setTimer(function () { callback(stringify({ errcode: -1, errmsg: message, data: null })); }, 0);
            return;
        }
        var name;
        if (callback) {
            next += 1;
            name = PREFIX + next;
        }
        var text = messageText(data, name);
        if (name !== undefined) mapSet.call(pending, name, callback);
        try {
            if (deliver !== undefined) post.call(object, text, deliver);
            else post.call(object, text);
        } catch (error) {
            if (name !== undefined) mapDelete.call(pending, name);
            throw error;
        }
    }

    // Native -> page calls go through the generated client's page methods (docs/WIRE.md, "Page
    // calls"), so registerHandler's handlers and init's default handler are accepted and never called.
    var bridge = {
        init: function () {
            if (initialized) throw new Error('WebViewJavascriptBridge.init called twice');
            initialized = true;
        },
        callHandler: callHandler,
        registerHandler: function () {},
        send: function (data, responseCallback) {
            callHandler(channel, data, responseCallback);
        },
    };
    g.WebViewJavascriptBridge = bridge;

    // JsBridge announced itself when the page had loaded; pages that wait for the event rather
    // than test for the object get it then, and the functions queued in WVJBCallbacks run.
    function ready() {
        var doc = g.document;
        if (doc && typeof doc.createEvent === 'function') {
            var event = doc.createEvent('Events');
            event.initEvent('WebViewJavascriptBridgeReady');
            event.bridge = bridge;
            doc.dispatchEvent(event);
        }
        var queued = g.WVJBCallbacks;
        g.WVJBCallbacks = undefined;
        if (!queued || typeof queued.length !== 'number') return;
        for (var k = 0; k < queued.length; k += 1) {
            var fn = queued[k];
            if (typeof fn !== 'function') continue;
            try {
                fn(bridge);
            } catch (error) {
                setTimer(function () { throw error; }, 0);
            }
        }
    }
    if (typeof g.addEventListener === 'function') g.addEventListener('load', ready, { once: true });
})
