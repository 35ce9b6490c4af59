// Loaded after native queued events (the web content process "terminated", then events were
// sent before this page existed). Importing the client says nothing; each module says $hello
// on its first use, here an on() registered a while after the page loaded (as a lazily loaded
// component would), and native must then deliver the queued events to it, in order.
import { sample, user } from './client/index.js';

const got = [];
setTimeout(() => {
    sample.on('resume', (p) => got.push(['resume', p.backgroundSeconds]));
    user.on('loginChanged', (p) => got.push(['loginChanged', p.user ? p.user.name : null]));
}, 100);
// The harness's channel (entry.js): WebKit's test-only handler, or a Chromium harness's binding.
const control = window.__bgHarness ?? ((cmd) => window.webkit.messageHandlers.e2eControl.postMessage(cmd));
const transport = new URLSearchParams(location.search).get('transport');
const reloaded = performance.getEntriesByType('navigation').some((entry) => entry.type === 'reload');
const name = reloaded
    ? `${transport}/queued: after a reload the client says $hello again and gets the events queued meanwhile, in order`
    : `${transport}/queued: events sent before the page loaded are delivered after its $hello, in order`;

(async () => {
    for (let i = 0; i < 300 && got.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    const expected = [['resume', 1], ['resume', 2], ['resume', 3], ['loginChanged', 'Queued \u2028</script>']];
    const sorted = got.filter((e) => e[0] === 'resume').concat(got.filter((e) => e[0] !== 'resume'));
    const ok = JSON.stringify(sorted) === JSON.stringify(expected);
    const line = ok ? `ok ${name}` : `FAIL ${name}\n    expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`;
    await control({ cmd: 'print', text: line });
    await control({ cmd: 'done', result: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, lines: [line] } });
})();
