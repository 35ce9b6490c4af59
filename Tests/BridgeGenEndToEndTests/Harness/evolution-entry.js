// The evolution page's entry: imports the new page's compiled client as an app's page does,
// runs one phase of evolution.js and reports to the harness over the test-only `e2eControl`.
const control = (cmd) => window.webkit.messageHandlers.e2eControl.postMessage(cmd);
const params = new URLSearchParams(location.search);
const phase = params.get('phase');
const transport = params.get('transport');

async function main() {
    const client = await import('./client/index.js');
    const { run } = await import('./evolution.js');
    const result = await run({ engine: 'webkit', transport, phase, client, control, log: (line) => control({ cmd: 'print', text: line }) });
    document.getElementById('status').textContent = `${result.passed} passed, ${result.failed} failed`;
    await control({ cmd: 'done', result });
}

main().catch((error) => control({ cmd: 'done', result: { passed: 0, failed: 1, lines: [`FAIL ${transport}/${phase}: the page crashed: ${(error && error.stack) || error}`] } }));
