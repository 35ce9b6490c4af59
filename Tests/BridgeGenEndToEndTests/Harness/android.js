// The Android side of the conformance harness, in the page (node, Chromium or WebKitGTK): the
// objects androidx.webkit injects (`window.__bridgegen_<channel>`), as Chromium's
// components/js_injection makes them: postMessage takes a string or an ArrayBuffer (copied: the
// page's stays usable; a Uint8Array, another view, a SharedArrayBuffer or anything else throws),
// native sees each in a later task, in the order posted; the reply proxy's frames reach the object
// as a plain `{data}` object, `onmessage` first, then the 'message' listeners, asynchronously. On
// injected.js's counting and link to the JVM host (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt).
// A classic script, run after injected.js:
//
//   const android = __bgInstallAndroid({ global, objects, link });
//   android.control(cmd)  ->  conformance.js's env.control (and bytes.js's: `dropNextBinaryFrame`)
//
// ArrayBuffers cross only in Chromium (chromium_android.py): the page POSTs a copy to
// https://bridgegen-standin.test/frame/<object>, which the harness routes to the host, and the host's
// binary frames come back through `__bgAndroidBinary(object, url, length)`, which pulls them with
// GETs the harness answers. Both in parts of at most 16 MiB: playwright's driver reads each CDP
// message as one string, and a request of 100 MiB, base64 in it, is over node's string limit. A binary post waits for the binding calls before it (`__bgHarness` barrier),
// and posts after it wait for it: what native sees keeps the page's order, as one Mojo pipe does.
(function (root) {
    'use strict';

    const STANDIN = 'https://bridgegen-standin.test/';
    const PART = 16 * 1024 * 1024;

    function isArrayBuffer(value) {
        return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
    }

    /** The page's posts in order while an ArrayBuffer is on its way; strings alone go at once (injected.js may hold one). */
    const order = { tail: Promise.resolve(), binaries: 0 };
    /** What the next binary frames from native do: dropped (bytes.js's lost-frame case) while `drop` > 0. */
    const incoming = { drop: 0 };
    const objectsByName = new Map();

    function sendBinary(name, buffer, global) {
        order.binaries += 1;
        order.tail = order.tail.then(async () => {
            // The string posts before it reached the harness first (its binding calls run in order).
            if (typeof global.__bgHarness === 'function') await global.__bgHarness({ cmd: 'barrier' });
            for (let offset = 0; offset === 0 || offset < buffer.byteLength; offset += PART) {
                const part = buffer.slice(offset, offset + PART);
                const url = `${STANDIN}frame/${encodeURIComponent(name)}?offset=${offset}&total=${buffer.byteLength}`;
                const response = await fetch(url, { method: 'POST', body: part });
                if (response.status !== 204) throw new Error(`the harness refused a binary frame: ${response.status}`);
            }
        }).catch((error) => console.error('[android.js] a binary frame was lost:', error)).finally(() => {
            order.binaries -= 1;
        });
    }

    /** One object: its frames go to onmessage, then its 'message' listeners, whatever post they answer. */
    function define(name, posted, deliverers, global) {
        const listeners = [];
        const object = {
            onmessage: null,
            postMessage(message) {
                if (isArrayBuffer(message)) {
                    sendBinary(name, message.slice(0), global);
                    return;
                }
                if (typeof message !== 'string') {
                    throw new TypeError("Failed to execute 'postMessage': the message must be a string or an ArrayBuffer");
                }
                if (order.binaries === 0) {
                    void posted(name, message);
                } else {
                    order.tail = order.tail.then(() => posted(name, message));
                }
            },
            addEventListener(type, fn) { if (type === 'message' && !listeners.includes(fn)) listeners.push(fn); },
            removeEventListener(type, fn) { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); },
        };
        const deliver = (data) => {
            const event = { data };
            if (typeof object.onmessage === 'function') object.onmessage(event);
            for (const fn of listeners.slice()) fn.call(object, event);
        };
        deliverers.set(name, deliver);
        objectsByName.set(name, deliver);
        return object;
    }

    Object.defineProperty(root, '__bgAndroidBinary', {
        /** A binary frame of the host: pulled from the harness, then handed to the object in a later task (its order kept). */
        value: async (name, url, length) => {
            const bytes = new Uint8Array(length);
            for (let offset = 0; offset < length; offset += PART) {
                bytes.set(new Uint8Array(await (await fetch(`${url}?offset=${offset}`)).arrayBuffer()), offset);
            }
            const buffer = bytes.buffer;
            const deliver = objectsByName.get(name);
            if (incoming.drop > 0) {
                incoming.drop -= 1;
                return;
            }
            if (deliver) setTimeout(() => deliver(buffer), 0);
        },
        configurable: true,
    });

    Object.defineProperty(root, '__bgInstallAndroid', {
        value: ({ global, objects, link }) => {
            const page = root.__bgInstallInjected({ global, objects, link, define: (name, posted, deliverers) => define(name, posted, deliverers, global) });
            const control = page.control;
            page.control = (cmd) => {
                if (cmd.cmd !== 'dropNextBinaryFrame') return control(cmd);
                incoming.drop += 1;
                return Promise.resolve(true);
            };
            return page;
        },
        configurable: true,
    });
})(globalThis);
