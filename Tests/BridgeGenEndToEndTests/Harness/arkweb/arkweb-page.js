// The page half of the ArkWeb stand-in in Chromium (chromium_arkweb.py serves it as the first
// script of every document, the way ArkWeb injects its proxies before any page script): the
// `window.<name>` objects of the registrations the page's load took, in every frame, and the
// main frame's document-start scripts. A call posts `{doc, name, method, args}` to the relay's
// binding; page functions among the arguments stay here, named by id, for ArkTS to call later
// through `window.__arkwebFns`. Every method returns `undefined` at once: the relay carries
// async methods only (a binding cannot block the page, so sync methods are node-only).
//
//   __bgArkWebInstall(docId, registrations, startScripts)   (registrations: [{name, names}])
(function (root) {
    'use strict';

    function install(docId, registrations, startScripts) {
        const post = root.__arkwebPost;
        const fns = new Map();
        let nextFn = 0;
        Object.defineProperty(root, '__arkwebDocId', { value: docId });
        Object.defineProperty(root, '__arkwebFns', { value: fns });
        const encode = (value) => {
            if (typeof value === 'function') {
                nextFn += 1;
                fns.set(nextFn, value);
                return { __arkwebFn: nextFn };
            }
            if (Array.isArray(value)) return value.map(encode);
            if (value !== null && typeof value === 'object') {
                const out = {};
                Object.keys(value).forEach((key) => { out[key] = encode(value[key]); });
                return out;
            }
            return value === undefined ? null : value;
        };
        registrations.forEach((registration) => {
            const proxy = {};
            registration.names.forEach((method) => {
                proxy[method] = function () {
                    post(JSON.stringify({ doc: docId, name: registration.name, method, args: Array.from(arguments).map(encode) }));
                    return undefined;
                };
            });
            root[registration.name] = proxy;
        });
        if (root === root.top) startScripts.forEach((script) => (0, eval)(script));
    }

    root.__bgArkWebInstall = install;
})(globalThis);
