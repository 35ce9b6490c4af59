// `@kit.ArkWeb` for compiling Runtime/ArkTS/ArkWeb.ets as TypeScript under node: the members the
// glue uses, with the signatures of the OpenHarmony SDK's api/@ohos.web.webview.d.ts (the real
// declarations are checked by ../shared/arkts/check.sh). At run time ArkWeb.js gives the stand-in.
export declare namespace webview {
  class WebviewController {
    constructor(webTag?: string);
    registerJavaScriptProxy(object: object, name: string, methodList: Array<string>,
      asyncMethodList?: Array<string>, permission?: string): void;
    deleteJavaScriptRegister(name: string): void;
    runJavaScript(script: string): Promise<string>;
    getUrl(): string;
    getLastJavascriptProxyCallingFrameUrl(): string;
    refresh(): void;
    loadUrl(url: string): void;
  }
}
