// The case runner of the node scripts that are no `node --test` files (android.mjs, arkweb.mjs):
// each case runs in turn in one process, printing `ok - <transport>: <name>` or `not ok` with the
// error, then `<label>-<transport>: N passed, M failed`; the exit status is 1 when one failed.

/** `check(name, body)` adds a case; `run(label, transport, afterEach)` runs them all. */
export function caseList() {
    const cases = [];
    return {
        check: (name, body) => cases.push({ name, body }),
        async run(label, transport, afterEach = () => undefined) {
            let passed = 0;
            let failed = 0;
            for (const { name, body } of cases) {
                try {
                    await body();
                    passed += 1;
                    console.log(`ok - ${transport}: ${name}`);
                } catch (error) {
                    failed += 1;
                    console.log(`not ok - ${transport}: ${name}\n${String(error?.stack ?? error).replace(/^/gm, '  # ')}`);
                }
                afterEach();
            }
            console.log(`${label}-${transport}: ${passed} passed, ${failed} failed`);
            process.exitCode = failed === 0 ? 0 : 1;
        },
    };
}
