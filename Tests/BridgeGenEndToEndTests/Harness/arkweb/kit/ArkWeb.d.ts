// `@kit.ArkWeb` for compiling Runtime/ArkTS/ArkWeb.ets as TypeScript under node: the members the
// glue uses, with the signatures of the OpenHarmony SDK's api/@ohos.web.webview.d.ts and
// api/@ohos.web.netErrorList.d.ts (the real declarations are checked by ../shared/arkts/check.sh).
// At run time ArkWeb.js gives the stand-in.
export declare enum WebNetErrorList {
  ERR_FAILED = -2,
}

export declare namespace webview {
  interface WebHeader {
    headerKey: string;
    headerValue: string;
  }

  interface WebCustomScheme {
    schemeName: string;
    isSupportCORS: boolean;
    isSupportFetch: boolean;
    isStandard?: boolean;
    isLocal?: boolean;
    isDisplayIsolated?: boolean;
    isSecure?: boolean;
    isCspBypassing?: boolean;
    isCodeCacheSupported?: boolean;
  }

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
    setWebSchemeHandler(scheme: string, handler: WebSchemeHandler): void;
    clearWebSchemeHandler(): void;
    static customizeSchemes(schemes: Array<WebCustomScheme>): void;
  }

  class WebHttpBodyStream {
    initialize(): Promise<void>;
    read(size: number): Promise<ArrayBuffer>;
    getSize(): number;
    getPosition(): number;
    isChunked(): boolean;
    isEof(): boolean;
    isInMemory(): boolean;
  }

  class WebSchemeHandlerRequest {
    getHeader(): Array<WebHeader>;
    getRequestUrl(): string;
    getRequestMethod(): string;
    getReferrer(): string;
    isMainFrame(): boolean;
    hasGesture(): boolean;
    getHttpBodyStream(): WebHttpBodyStream | null;
    getFrameUrl(): string;
  }

  class WebSchemeHandlerResponse {
    constructor();
    setUrl(url: string): void;
    setNetErrorCode(code: WebNetErrorList): void;
    setStatus(code: number): void;
    setStatusText(text: string): void;
    setMimeType(type: string): void;
    setEncoding(encoding: string): void;
    setHeaderByName(name: string, value: string, overwrite: boolean): void;
  }

  class WebResourceHandler {
    didReceiveResponse(response: WebSchemeHandlerResponse): void;
    didReceiveResponseBody(data: ArrayBuffer): void;
    didFinish(): void;
    didFail(code: WebNetErrorList): void;
  }

  class WebSchemeHandler {
    onRequestStart(callback: (request: WebSchemeHandlerRequest, handler: WebResourceHandler) => boolean): void;
    onRequestStop(callback: (request: WebSchemeHandlerRequest) => void): void;
  }
}
