// `@ohos.security.cryptoFramework` under node: random bytes from node's CSPRNG, as the platform's.
'use strict';
const crypto = require('crypto');

const cryptoFramework = {
    createRandom: () => ({ generateRandomSync: (len) => ({ data: new Uint8Array(crypto.randomBytes(len)) }) }),
};
module.exports = { __esModule: true, default: cryptoFramework };
