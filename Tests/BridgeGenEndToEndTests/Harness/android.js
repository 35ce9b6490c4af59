// The Android side of the conformance harness, in the page (node, Chromium or WebKitGTK): the
// objects androidx.webkit injects (`window.__bridgegen_<channel>`: postMessage takes a string,
// native sees it in a later task; the reply proxy's frames reach 'message' listeners and
// onmessage asynchronously), on injected.js's counting and link to the JVM host
// (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt). A classic script, run after injected.js:
//
//   const android = __bgInstallAndroid({ global, objects, link });
//   android.control(cmd)  ->  conformance.js's env.control
(function (root) {
    'use strict';

    /** One object: its frames go to its 'message' listeners and onmessage, whatever post they answer. */
    function define(name, posted, deliverers) {
        const listeners = [];
        const object = {
            onmessage: null,
            postMessage(text) {
                if (typeof text !== 'string') throw new TypeError('postMessage takes a string (or an ArrayBuffer)');
                void posted(name, text);
            },
            addEventListener(type, fn) { if (type === 'message' && !listeners.includes(fn)) listeners.push(fn); },
            removeEventListener(type, fn) { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); },
        };
        deliverers.set(name, (data) => {
            const event = typeof MessageEvent === 'function' ? new MessageEvent('message', { data }) : { type: 'message', data };
            for (const fn of listeners.slice()) fn.call(object, event);
            if (typeof object.onmessage === 'function') object.onmessage(event);
        });
        return object;
    }

    Object.defineProperty(root, '__bgInstallAndroid', {
        value: ({ global, objects, link }) => root.__bgInstallInjected({ global, objects, link, define }),
        configurable: true,
    });
})(globalThis);
