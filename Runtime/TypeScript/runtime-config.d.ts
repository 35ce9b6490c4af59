// Not embedded: stands in for the generated runtime-config.ts (one per schema set, from
// bridgegen.yaml and the native targets' shells) so runtime.ts type-checks as itself.

export type BridgeTransport = 'reply' | 'callback';

export interface BridgeShell {
    readonly platform: string;
    readonly path: readonly string[];
    readonly port: 'handler' | 'frames' | 'proxy';
}

export interface BridgeConfig {
    readonly transport: BridgeTransport;
    readonly callbackChannel: string;
    readonly requestTimeoutMs: number;
    readonly readyTimeoutMs: number;
    readonly shells: readonly BridgeShell[];
}

export declare const config: BridgeConfig;
