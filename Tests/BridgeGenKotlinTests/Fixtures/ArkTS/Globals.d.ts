// The timer functions ArkTS declares globally (the SDK's global declarations), as node has them:
// the runtime's page-call deadlines and stream pacing use them.
declare function setTimeout(callback: () => void, ms: number): number;
declare function clearTimeout(id: number): void;
