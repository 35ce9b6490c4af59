// The ArkTS runtime as the glue suites run it: Runtime/ArkTS's .ets files copied as .ts beside
// GlueModule.ts and compiled by tsc --strict to CommonJS in a temporary folder, with `@kit.ArkWeb`
// and `@kit.BasicServicesKit` resolved to kit/ (the stand-in's controller at run time).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const repository = path.resolve(__dirname, '../../../..');
const TSC_FLAGS = ['--strict', '--target', 'es2020', '--module', 'commonjs', '--lib', 'es2021',
    '--noImplicitOverride', '--noUnusedLocals', '--noImplicitReturns'];

/** A `node_modules/<name>` package of kit/'s declarations, and of its script (or none) at run time. */
function kit(folder, name, declarations, script) {
    const dir = path.join(folder, 'node_modules', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(__dirname, 'kit', declarations), path.join(dir, 'index.d.ts'));
    fs.writeFileSync(path.join(dir, 'index.js'), script === undefined ? "'use strict';\n"
        : `'use strict';\nmodule.exports = require(${JSON.stringify(path.join(__dirname, 'kit', script))});\n`);
}

/**
 * The compiled modules (`glue`, `session`, `values`, `module`) and the folder to remove, or
 * `{ skipped }` when tsc cannot run; throws with tsc's output when it refuses the runtime.
 */
function buildGlue(runtime = path.join(repository, 'Runtime/ArkTS')) {
    const runtimeDir = path.resolve(runtime);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'arkweb-glue-'));
    const src = path.join(folder, 'src');
    fs.mkdirSync(src);
    const inputs = [];
    for (const file of fs.readdirSync(runtimeDir).filter((name) => name.endsWith('.ets')).sort()) {
        fs.copyFileSync(path.join(runtimeDir, file), path.join(src, file.replace(/\.ets$/, '.ts')));
        inputs.push(path.join('src', file.replace(/\.ets$/, '.ts')));
    }
    fs.copyFileSync(path.join(__dirname, 'GlueModule.ts'), path.join(src, 'GlueModule.ts'));
    fs.copyFileSync(path.join(__dirname, 'kit/globals.d.ts'), path.join(src, 'globals.d.ts'));
    inputs.push('src/GlueModule.ts', 'src/globals.d.ts');
    kit(folder, '@kit.ArkWeb', 'ArkWeb.d.ts', 'ArkWeb.js');
    kit(folder, '@kit.BasicServicesKit', 'BasicServicesKit.d.ts');
    kit(folder, '@ohos.security.cryptoFramework', 'cryptoFramework.d.ts', 'cryptoFramework.js');
    const compiled = spawnSync('tsc', [...TSC_FLAGS, '--outDir', 'out', ...inputs], { cwd: folder, encoding: 'utf8' });
    if (compiled.error) return { skipped: `tsc cannot run (${compiled.error.code})` };
    if (compiled.status !== 0) throw new Error(`tsc refused the runtime:\n${compiled.stdout}${compiled.stderr}`);
    const load = (name) => require(path.join(folder, 'out', name));
    return { folder, glue: load('ArkWeb.js'), session: load('Session.js'), values: load('Values.js'), module: load('GlueModule.js'),
        transfers: load('Transfers.js'), arkwebTransfers: load('ArkWebTransfers.js') };
}

module.exports = { buildGlue, repository };
