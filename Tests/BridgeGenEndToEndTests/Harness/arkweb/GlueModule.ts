// placeholder until Session.ets lands
import { BridgeModule } from './Session';

class SampleModule implements BridgeModule {
  readonly moduleName: string = 'sample';
}

export function sampleModule(): BridgeModule {
  return new SampleModule();
}

export const legacyPayload: string = '{"type":"$hello","data":{}}';
