// Runs a suite's cases one after another: a line per case, then `LABEL: N passed, M failed`
// (the line the Swift tests read); the exit code says whether all passed.
'use strict';

async function runCases(label, cases, ...args) {
    let passed = 0;
    let failed = 0;
    const only = process.env.ARKWEB_CASE;
    for (const [name, run] of Object.entries(cases)) {
        if (only && !name.includes(only)) continue;
        try {
            await run(...args);
            passed += 1;
            console.log(`ok ${name}`);
        } catch (error) {
            failed += 1;
            console.log(`FAIL ${name}: ${error && error.stack ? error.stack : error}`);
        }
    }
    console.log(`${label}: ${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 ? 0 : 1;
}

module.exports = { runCases };
