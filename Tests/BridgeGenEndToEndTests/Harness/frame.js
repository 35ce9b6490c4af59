// The iframe of conformance.js's frame cases (mode 'frames', WebKitGTK): its own instance of
// the compiled generated client, which posts through this frame's `window.webkit` (so the engine
// attributes its messages to this subframe) and is answered in this frame. The main page calls
// it through `frameClient`; nothing here reports to the harness itself.
import * as client from './client/index.js';

window.frameClient = client;
