// Not embedded: stands in for the generated runtime-config.ts (one per schema set, from
// bridgegen.yaml) so runtime.ts type-checks as itself.

export type BridgeTransport = 'reply' | 'callback';

export interface BridgeConfig {
    readonly transport: BridgeTransport;
    readonly callbackChannel: string;
    readonly requestTimeoutMs: number;
    readonly readyTimeoutMs: number;
}

export declare const config: BridgeConfig;
