// `@kit.BasicServicesKit` for compiling the glue under node: `BusinessError` as api/@ohos.base.d.ts declares it.
export interface BusinessError<T = void> extends Error {
  code: number;
  data?: T;
}
