// The ArkTS runtime's ArkWeb glue (Runtime/ArkTS/ArkWeb.ets) on the ArkWeb stand-in (arkweb.js,
// engine.js): the runtime's .ets files copied as .ts and compiled by tsc --strict against the
// kit declarations in kit/ (the real SDK declarations are checked by ../shared/arkts/check.sh),
// with GlueModule.ts, a hand-written module as the generator writes them; then each case drives
// pages, frames and the renderer and asserts what the page and the app see.
//
//   node arkweb-glue.test.js [RUNTIME_DIR]   prints one line per case and `arkweb-glue: N passed, M failed`
//                                            (exit 77 with `arkweb-glue: skipped ...` without tsc)
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { Web, WebviewController, RenderExitReason } = require('./arkweb.js');
const { ArkWebEngine } = require('./engine.js');

const repository = path.resolve(__dirname, '../../../..');
const runtimeDir = path.resolve(process.argv[2] || path.join(repository, 'Runtime/ArkTS'));
const TSC_FLAGS = ['--strict', '--target', 'es2020', '--module', 'commonjs', '--lib', 'es2020',
    '--noImplicitOverride', '--noUnusedLocals', '--noImplicitReturns'];

/** The runtime compiled to CommonJS in a temporary folder, `@kit.*` resolved to kit/. */
function build() {
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
    const kit = (name, declarations, script) => {
        const dir = path.join(folder, 'node_modules', name);
        fs.mkdirSync(dir, { recursive: true });
        fs.copyFileSync(path.join(__dirname, 'kit', declarations), path.join(dir, 'index.d.ts'));
        fs.writeFileSync(path.join(dir, 'index.js'), script === undefined ? "'use strict';\n"
            : `'use strict';\nmodule.exports = require(${JSON.stringify(path.join(__dirname, 'kit', script))});\n`);
    };
    kit('@kit.ArkWeb', 'ArkWeb.d.ts', 'ArkWeb.js');
    kit('@kit.BasicServicesKit', 'BasicServicesKit.d.ts');
    const compiled = spawnSync('tsc', [...TSC_FLAGS, '--outDir', 'out', ...inputs], { cwd: folder, encoding: 'utf8' });
    if (compiled.error) return { skipped: `tsc cannot run (${compiled.error.code})` };
    if (compiled.status !== 0) throw new Error(`tsc refused the runtime:\n${compiled.stdout}${compiled.stderr}`);
    const load = (name) => require(path.join(folder, 'out', name));
    return { folder, glue: load('ArkWeb.js'), session: load('Session.js'), module: load('GlueModule.js') };
}

const built = build();
if (built.skipped) {
    console.log(`arkweb-glue: skipped: ${built.skipped}`);
    process.exit(77);
}
const { BridgeArkWeb, BridgeArkWebPermission, BridgeArkWebScripts, BridgeInstallError } = built.glue;
const { BridgeOriginPolicy } = built.session;

const APP = 'resource://rawfile/index.html';
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
const policy = ({ schemes = [], hosts = [], mainFrameOnly = true, bundled = ['resource://rawfile'] } = {}) =>
    new BridgeOriginPolicy(schemes, hosts, mainFrameOnly, bundled);
const rules = (p) => JSON.parse(BridgeArkWebPermission.json(p)).javascriptProxyPermission.urlPermissionList;
const rule = (scheme, host, port = '') => ({ scheme, host, port, path: '' });
const thrown = (fn) => {
    try {
        fn();
    } catch (error) {
        return error;
    }
    throw new assert.AssertionError({ message: 'expected a throw' });
};

const cases = {
    'the permission JSON for each origin-policy shape'() {
        assert.strictEqual(BridgeArkWebPermission.json(policy({ hosts: ['example.com'], bundled: [] })),
            '{"javascriptProxyPermission":{"urlPermissionList":[{"scheme":"https","host":"example.com","port":"","path":""}]}}');
        // $rawfile pages may report resource://RAWFILE: both spellings, until a device says which.
        assert.deepStrictEqual(rules(policy()), [rule('resource', 'rawfile'), rule('resource', 'RAWFILE')]);
        assert.deepStrictEqual(rules(policy({ hosts: ['Example.COM', '*.cdn.example.com', 'api.example.com'] })),
            [rule('https', 'example.com'), rule('https', 'api.example.com'), rule('resource', 'rawfile'), rule('resource', 'RAWFILE')]);
        assert.deepStrictEqual(rules(policy({ schemes: ['app'], bundled: ['app://bundle:8080', 'app://bundle:8080/'] })),
            [rule('app', 'bundle', '8080')]);
    },
    'a policy the permission list cannot hold throws BridgeInstallError saying why'() {
        const wildcard = thrown(() => BridgeArkWebPermission.json(policy({ hosts: ['*.cdn.example.com'], bundled: [] })));
        assert.ok(wildcard instanceof BridgeInstallError, String(wildcard));
        assert.match(wildcard.message, /permission list empty.*wildcard host "\*\.cdn\.example\.com" cannot be expressed.*arkts\.trustedHosts/);
        assert.match(thrown(() => rules(policy({ schemes: ['file'], bundled: [] }))).message,
            /empty.*file scheme cannot be expressed.*arkts\.bundledOrigins/);
        assert.match(thrown(() => rules(policy({ schemes: ['app'], bundled: [] }))).message,
            /scheme 'app' cannot be expressed.*app:\/\/host.*arkts\.bundledOrigins/);
        assert.match(thrown(() => rules(policy({ bundled: [] }))).message, /trusts no host and no bundled origin/);
        assert.match(thrown(() => rules(policy({ schemes: ['https'], hosts: ['example.com'] }))).message, /cannot hold 'https'/);
        assert.match(thrown(() => rules(policy({ hosts: ['exa mple.com'] }))).message, /"exa mple\.com", which is no host name/);
        for (const bad of ['resource:rawfile', 'resource://', 'app://bundle/x', 'app://*.bundle', 'app://bundle:70000']) {
            assert.match(thrown(() => rules(policy({ bundled: [bad] }))).message, /arkts\.bundledOrigins holds/, bad);
        }
        assert.deepStrictEqual(BridgeArkWebPermission.unexpressed(policy({ hosts: ['a.example.com'], schemes: ['app'], bundled: ['app://x'] })), []);
    },
    'document-start rules: https hosts with wildcards, scheme:// for bundled and custom schemes, invalid ones left out'() {
        const logged = [];
        const got = BridgeArkWebScripts.rules(policy({ hosts: ['example.com', '*.cdn.example.com', '*.*.bad', 'x/y'], schemes: ['app', 'file'],
            bundled: ['resource://rawfile', 'resource://RAWFILE'] }), (line) => logged.push(line));
        assert.deepStrictEqual(got, ['https://example.com', 'https://*.cdn.example.com', 'resource://', 'app://']);
        assert.strictEqual(logged.length, 2, logged.join('\n'));
        assert.match(logged[0], /"https:\/\/\*\.\*\.bad" out/);
        for (const valid of ['*', 'https://a.b', 'http://*.a.b', 'resource://', 'app+x://']) assert.ok(BridgeArkWebScripts.isValidRule(valid), valid);
        for (const invalid of ['', 'https://', 'https://*', 'https://a.*.b', 'resource://rawfile', 'https://a.b/c', '1x://', 'example.com']) {
            assert.ok(!BridgeArkWebScripts.isValidRule(invalid), invalid);
        }
    },
};

async function main() {
    let passed = 0;
    let failed = 0;
    const only = process.env.ARKWEB_GLUE_CASE;
    for (const [name, run] of Object.entries(cases)) {
        if (only && !name.includes(only)) continue;
        try {
            await run();
            passed += 1;
            console.log(`ok   ${name}`);
        } catch (error) {
            failed += 1;
            console.log(`FAIL ${name}\n${error && error.stack ? error.stack : error}`);
        }
    }
    fs.rmSync(built.folder, { recursive: true, force: true });
    console.log(`arkweb-glue: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
}

main();
