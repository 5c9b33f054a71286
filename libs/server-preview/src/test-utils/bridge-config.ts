import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract/preview';
import type { BridgeConfig } from '../lib/bridge/bridge-config';

/** The parent window's origin in the bridge's tests. */
export const TEST_PARENT_ORIGIN = 'http://localhost:4200';

/** A bridge configuration for tests: version 3 of a preview, no live updates, no first
 * paint, no failure. */
export function testBridgeConfig(overrides: Partial<BridgeConfig> = {}): BridgeConfig {
  return {
    channel: PREVIEW_BRIDGE_CHANNEL,
    parentOrigins: [TEST_PARENT_ORIGIN],
    versionIndex: 3,
    versionId: 'version-3',
    buildKey: 'build-a',
    tokenParam: 'mason_preview',
    liveUrl: null,
    errorsUrl: null,
    stylesUrl: null,
    firstPaintUrl: null,
    firstPaintShown: null,
    buildFailure: null,
    ...overrides,
  };
}
