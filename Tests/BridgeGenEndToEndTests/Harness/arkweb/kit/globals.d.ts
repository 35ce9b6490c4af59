// The ArkTS globals the runtime names that es2021's lib lacks: the `Web` component's ScriptItem
// (api/@internal/component/ets/web.d.ts), the timers and the console (api/@internal/ets/global.d.ts).
declare interface ScriptItem {
  script: string;
  scriptRules: Array<string>;
}

declare const console: {
  info(message: string): void;
  warn(message: string): void;
};

declare function setTimeout(handler: Function | string, delay?: number, ...args: unknown[]): number;
declare function clearTimeout(timeoutID?: number): void;
