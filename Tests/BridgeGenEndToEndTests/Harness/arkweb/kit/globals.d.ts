// The `Web` component's global declarations the glue names, as api/@internal/component/ets/web.d.ts has them.
declare interface ScriptItem {
  script: string;
  scriptRules: Array<string>;
}

/** ArkTS's global console (api/@internal/full/global.d.ts), the part the glue uses. */
declare const console: {
  warn(message: string): void;
};
