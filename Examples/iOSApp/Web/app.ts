// The bundled page's script. `bridge/` is the generated TypeScript client:
//   bridgegen generate ../../Schemas --ts-out bridge
// Compile with `tsc -p .` (tsconfig.json) into app.js, which index.html loads as a module.
import { sample, BridgeError, BridgeErrorCode, Sample } from './bridge/index.js';

const log = (line: string): void => {
    const output = document.getElementById('log');
    if (output) output.textContent += line + '\n';
};

async function main(): Promise<void> {
    if (!sample.inApp) {
        log('Not in the app: the generated mock can stand in while developing in a browser.');
        return;
    }
    await sample.ready();

    // Events: subscribing makes the client say hello, after which queued events arrive in order.
    sample.on('resume', ({ backgroundSeconds }) => log(`back after ${backgroundSeconds.toFixed(0)} s`));
    sample.on('loadError', ({ failure }) => log(`load failed: ${failure.url} (${failure.code})`));

    const info: Sample.DeviceInfo = await sample.deviceInfo();
    log(`${info.model}, ${info.system}, app ${info.appVersion}${info.darkMode ? ', dark' : ''}`);

    await sample.setItem({ key: 'greeting', value: 'hello' });
    log(`stored: ${await sample.getItem({ key: 'greeting' })}`);
    try {
        await sample.getItem({ key: '' });
    } catch (error) {
        if (error instanceof BridgeError && error.code === Sample.SampleErrors.invalidKey) {
            log('an empty key is refused, as the schema says');
        } else if (error instanceof BridgeError && error.code === BridgeErrorCode.untrustedOrigin) {
            log('this page is not trusted by the app');
        } else {
            throw error;
        }
    }

    document.getElementById('share')?.addEventListener('click', () => {
        sample.share({ text: 'Look at this', url: location.href });
        sample.haptic({ style: 'light' });
    });
}

main().catch((error: unknown) => log(`error: ${String(error)}`));
