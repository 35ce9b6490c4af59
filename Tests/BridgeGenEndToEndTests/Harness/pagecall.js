// The page of the harness's page-call phase (webkit_harness.py): imports the compiled client,
// waits ?delay ms (a page whose client comes late), then implements user.getFormState, whose
// answer names the load of the page (window.name survives a reload), so the harness sees which
// document answered. implement() is the client's first use: it says $hello, which releases
// native's waiting calls.
const params = new URLSearchParams(location.search);
const load = Number(window.name || 0) + 1;
window.name = String(load);
const client = await import('./client/index.js');
await new Promise((resolve) => setTimeout(resolve, Number(params.get('delay') || 0)));
client.user.implement({ getFormState: ({ formId }) => ({ formId, title: `load ${load}`, dirty: false, fields: [] }) });
document.getElementById('status').textContent = 'implemented';
