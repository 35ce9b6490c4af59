// The test page's entry: imports the compiled generated client the way an app's page does,
// then runs the conformance cases (or the benchmark, or the bytes cases of ?mode=bytes) and
// reports to the harness over its own channel: WebKit's test-only `e2eControl` reply handler, or
// the binding a Chromium harness defines as `window.__bgHarness`. With ?platform=android (or arkts) the page is in an emulated
// Android WebView (HarmonyOS ArkWeb): injected.js and android.js (arkts.js), run by the harness at
// document start as `window.__bgInjected`, count the bridge's side of the control requests (host
// lines, calls, logs, stats).
const params = new URLSearchParams(location.search);
const mode = params.get('mode') || 'main';
const transport = params.get('transport');
const platform = params.get('platform') || 'ios';
const engine = params.get('engine') || 'webkit';
const harness = window.__bgHarness ?? ((cmd) => window.webkit.messageHandlers.e2eControl.postMessage(cmd));
// The harness's own controls; in an emulated shell the others are the bridge's (injected.js).
const HARNESS_CONTROLS = new Set(['print', 'done', 'hostMemory', 'webMemory', 'liveItems']);
const control = platform === 'ios' ? harness
    : (cmd) => (HARNESS_CONTROLS.has(cmd.cmd) ? harness(cmd) : window.__bgInjected.control(cmd));

async function main() {
    if (mode === 'bytes') {
        // bytes.js: the host's transfer store is set for the phase before the client says `$hello`
        // (at its first request); the result names the phases, each a page load of its own.
        const bytes = await import('./bytes.js');
        const platformPhases = bytes.phasesFor(platform);
        const phases = Object.keys(platformPhases);
        const phase = params.get('phase') || phases[0];
        await control({ cmd: 'host', line: { transfers: platformPhases[phase].transfers } });
        const client = await import('./client/index.js');
        // A harness whose host advertises another base URL says so (bytesUrl), with the page's origin.
        const bytesUrl = params.get('bytesUrl') ?? undefined;
        const origin = bytesUrl === undefined ? undefined : window.location.origin;
        const result = await bytes.run({ engine, platform, transport, phase, client, fetch: window.fetch.bind(window), control, bytesUrl,
            origin,
            log: (line) => control({ cmd: 'print', text: line }) });
        await control({ cmd: 'done', result: { ...result, phases } });
        return;
    }
    const client = await import('./client/index.js');
    if (mode === 'bytes-bench') {
        const { bytesBench } = await import('./bytes-bench.js');
        const result = await bytesBench({ client, control, fast: params.get('transfers') === 'on', repeat: Number(params.get('repeat') || 3),
            streamMiB: Number(params.get('stream') ?? 1024) });
        await control({ cmd: 'done', result });
        return;
    }
    if (mode === 'bench') {
        const { bench } = await import('./bench.js');
        const result = await bench({ client, control, n: Number(params.get('n') || 1000) });
        await control({ cmd: 'done', result });
        return;
    }
    const { run } = await import('./conformance.js');
    const result = await run({ engine, platform, transport, mode, client, control, log: (line) => control({ cmd: 'print', text: line }) });
    document.getElementById('status').textContent = `${result.passed} passed, ${result.failed} failed`;
    await control({ cmd: 'done', result });
}

main().catch((error) => control({ cmd: 'done', result: { passed: 0, failed: 1, lines: [`FAIL ${transport}/${mode}: the page crashed: ${(error && error.stack) || error}`] } }));
