// `@ohos.security.cryptoFramework` for compiling the runtime under node: the random generator, as
// the SDK's api/@ohos.security.cryptoFramework.d.ts declares it (a default export of the namespace).
declare namespace cryptoFramework {
  interface DataBlob {
    data: Uint8Array;
  }

  interface Random {
    generateRandomSync(len: number): DataBlob;
  }

  function createRandom(): Random;
}

export default cryptoFramework;
