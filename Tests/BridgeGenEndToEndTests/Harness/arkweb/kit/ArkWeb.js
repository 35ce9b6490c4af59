// `@kit.ArkWeb` under node: the stand-in's controller and scheme handler classes (../arkweb.js).
'use strict';
const arkweb = require('../arkweb.js');

module.exports = {
    webview: {
        WebviewController: arkweb.WebviewController,
        WebSchemeHandler: arkweb.WebSchemeHandler,
        WebSchemeHandlerResponse: arkweb.WebSchemeHandlerResponse,
    },
    WebNetErrorList: arkweb.WebNetErrorList,
};
