// `@kit.ArkWeb` under node: the stand-in's controller (../arkweb.js).
'use strict';
const { WebviewController } = require('../arkweb.js');

module.exports = { webview: { WebviewController } };
