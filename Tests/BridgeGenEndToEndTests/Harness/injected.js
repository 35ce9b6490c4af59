// The page side of the conformance harness for the shells that inject objects into the page
// (Android: android.js; HarmonyOS's ArkWeb: arkts.js), in the page (node, Chromium or WebKitGTK):
// what the page posts on the objects (native sees it in a later task), the frames native sends
// back (delivered asynchronously, the way the shell's objects deliver them), the scripts native
// evaluates (the page's global scope, in a task of its own, not awaited), and the harness's
// control requests of conformance.js, counted here from what crosses the objects. Behind it, a
// link to the native host (Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt on a JVM, or
// Harness/arkts/ArkTSHost.ts under node): `post(object, text, deliver, order)` (fire-and-forget; `order`:
// ArkWeb's `{sender, seq}` when the page passed them) and
// `command(fields)` (its output line). The engine's harness feeds the host's `frame` and
// `evaluate` lines to `frame` and `evaluate`, in order, before the output line of the command
// they came during.
//
// A classic script, so a browser harness can run it as a document-start script, before any
// page code, as the real objects exist from the start; it defines one global function, which
// the shell's script calls with its way of defining an object:
//
//   const page = __bgInstallInjected({ global, objects, link, define });
//   define(name, posted, deliverers) -> the object; posted(name, text, deliver, order) counts and sends
//   a post; deliverers maps a frame's route (the object's name, or the page function's number
//   a post carried) to what hands the frame to the page
//   page.control(cmd)  ->  conformance.js's env.control
(function (root) {
    'use strict';

    /** docs/WIRE.md: any string of at most 256 UTF-16 units is a callback name. */
    const isCallbackName = (name) => typeof name === 'string' && name.length <= 256;
    const MALFORMED_CALLBACK = /"callbackName"\s*:\s*"([^"]*)"/;
    /** Where a page call's constant body ends and its argument literals begin (docs/WIRE.md, "Android"). */
    const PAGE_CALL_ARGUMENTS = '.catch(function(){});})(';
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    function installInjected({ global, objects, link, define }) {
        const stats = { messages: 0, requests: 0, answers: 0, duplicates: 0, hellos: [], lastCallbackNames: [], unsafeScripts: [] };
        const pageCalls = { calls: 0, answers: 0, errors: 0 };
        const requested = new Map();
        const drained = { calls: [], logs: [] };
        let holdMs = 0;
        let events = null;
        const deliverers = new Map();

        /** What the page posted, counted as the iOS harness counts it, then to native (held when asked). */
        async function posted(name, text, deliver, order) {
            stats.messages += 1;
            let message;
            try {
                message = JSON.parse(text);
            } catch {
                message = undefined;
            }
            const isObject = message !== null && typeof message === 'object' && !Array.isArray(message);
            if (isObject && message.type === '$hello') stats.hellos.push(message.data?.module);
            if (isObject && message.type === '$answer') pageCalls.answers += 1;
            let callbackName = isObject ? message.callbackName : undefined;
            if (message === undefined) callbackName = MALFORMED_CALLBACK.exec(text)?.[1];
            if (!name.endsWith('_bridgegenConsole') && isCallbackName(callbackName)) {
                stats.requests += 1;
                const seen = requested.get(callbackName) ?? { asked: 0, answered: 0 };
                seen.asked += 1;
                requested.set(callbackName, seen);
                stats.lastCallbackNames = stats.lastCallbackNames.concat([callbackName]).slice(-20);
            }
            if (holdMs > 0) {
                const ms = holdMs;
                holdMs = 0;
                await new Promise((resolve) => setTimeout(resolve, ms));
            }
            link.post(name, text, deliver, order);
        }

        for (const name of objects) {
            const object = define(name, posted, deliverers);
            Object.defineProperty(global, name, { value: object, configurable: true, writable: false, enumerable: false });
        }

        async function command(fields) {
            if (events === null) events = [];
            const mine = events;
            const output = await link.command(fields);
            // The frames of the command were handed over before its output line: let them reach the page first.
            await tick();
            if (events === mine) events = null;
            output.events = mine;
            return output;
        }

        async function drain() {
            const output = await link.command({ calls: true });
            drained.calls.push(...output.calls);
            drained.logs.push(...output.logs);
        }

        return {
            /** A frame native sent on `name`; `route` names the page function it goes to (ArkWeb). */
            frame(name, data, route) {
                let frame;
                try {
                    frame = JSON.parse(data);
                } catch {
                    frame = undefined;
                }
                if (frame && typeof frame.answer === 'string') {
                    stats.answers += 1;
                    const seen = requested.get(frame.answer) ?? { asked: 0, answered: 0 };
                    seen.answered += 1;
                    if (seen.answered > seen.asked) stats.duplicates += 1;
                    requested.set(frame.answer, seen);
                }
                if (frame && frame.event && events !== null) events.push(data);
                const deliver = deliverers.get(route ?? name);
                if (deliver) setTimeout(() => deliver(data), 0);
            },

            /** A script of evaluateJavascript. */
            evaluate(script) {
                pageCalls.calls += 1;
                // docs/WIRE.md: a page call is a constant body applied to literals, and the literals
                // (every value native splices in) are pure printable ASCII without < > & '.
                const at = script.lastIndexOf(PAGE_CALL_ARGUMENTS);
                const literals = at < 0 ? script : script.slice(at + PAGE_CALL_ARGUMENTS.length);
                if (at < 0 || !/^[\x20-\x7e]*$/.test(literals) || /[<>&']/.test(literals)) stats.unsafeScripts.push(script.slice(0, 200));
                setTimeout(() => (0, eval)(script), 0);
            },

            /** The page loses the objects (a desktop browser: conformance.js's 'bare' mode). */
            removeObjects() {
                for (const name of objects) delete global[name];
            },

            command,

            async control(cmd) {
                switch (cmd.cmd) {
                    case 'host': return command(cmd.line);
                    case 'calls': await drain(); return drained.calls.splice(0);
                    case 'logs': await drain(); return drained.logs.splice(0);
                    case 'hold': holdMs = cmd.ms; return true;
                    case 'stats': {
                        let unanswered = 0;
                        for (const seen of requested.values()) unanswered += Math.max(0, seen.asked - seen.answered);
                        return structuredClone({ ...stats, unanswered, pageCalls: { ...pageCalls } });
                    }
                    default: throw new Error('unknown control ' + cmd.cmd);
                }
            },
        };
    }

    Object.defineProperty(root, '__bgInstallInjected', { value: installInjected, configurable: true });
})(globalThis);
