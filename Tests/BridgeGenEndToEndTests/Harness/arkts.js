// The HarmonyOS side of the conformance harness, in the page (node or Chromium): the objects
// ArkWeb injects for the ArkTS glue's `registerJavaScriptProxy` (`window.__bridgegen_ohos_<channel>`,
// one method in the async list: `postMessage(text, deliver, sender, seq)` returns undefined at once and
// reaches native in a later task, in no promised order; `deliver`, a page function, becomes an
// ArkTS function that calls it back asynchronously with the frames native sends; the console's
// `__bridgegen_bridgegenConsole`, whose method the glue puts in the sync list, reaches native at
// once, in the page's order), on
// injected.js's counting and link to the ArkTS host (Harness/arkts/ArkTSHost.ts). Each post
// carries the number of the page function it passed; the host's frame lines name it, so a frame
// reaches exactly the function of the post it answers (events: the one kept from `$hello`).
// A classic script, run after injected.js:
//
//   const arkts = __bgInstallArkTS({ global, objects, link });
//   arkts.control(cmd)  ->  conformance.js's env.control
(function (root) {
    'use strict';

    /** ArkWeb's ordering: the async calls queued in one task reach native in reverse (nothing is promised). */
    function reordering(send) {
        let batch = [];
        return (call) => {
            batch.push(call);
            if (batch.length > 1) return;
            setTimeout(() => {
                const calls = batch.reverse();
                batch = [];
                for (const queued of calls) send(queued);
            }, 0);
        };
    }

    // One queue for the page's objects, as the engine has one for its proxies.
    const queue = reordering(({ posted, name, text, route, order }) => void posted(name, text, route, order));

    /** The object whose method the glue registers as synchronous (Runtime/ArkTS/ArkWeb.ets). */
    const SYNCHRONOUS = '__bridgegen_bridgegenConsole';

    function define(name, posted, deliverers) {
        let functions = 0;
        const proxy = {
            postMessage(text, deliver, sender, seq) {
                let route;
                if (typeof deliver === 'function') {
                    functions += 1;
                    route = `${name}#${functions}`;
                    deliverers.set(route, (data) => deliver(data));
                }
                // Values cross as ArkWeb converts them: a string whole, null as undefined.
                const order = typeof sender === 'string' || typeof seq === 'number' ? { sender, seq } : undefined;
                const call = { posted, name, text: text === null ? undefined : text, route, order };
                if (name === SYNCHRONOUS) posted(call.name, call.text, call.route);
                else queue(call);
                return undefined;
            },
        };
        return proxy;
    }

    Object.defineProperty(root, '__bgInstallArkTS', {
        value: ({ global, objects, link }) => root.__bgInstallInjected({ global, objects, link, define }),
        configurable: true,
    });
})(globalThis);
