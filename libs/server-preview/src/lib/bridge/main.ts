// The entry of the bridge script the preview host serves (bundled as one IIFE by
// bridge-script.ts): it reads the page's config, written by the host before this script's tag.
import { BRIDGE_CONFIG_ELEMENT_ID, type BridgeConfig } from './bridge-config';
import { installBridge } from './install-bridge';

const configElement = document.getElementById(BRIDGE_CONFIG_ELEMENT_ID);
if (configElement === null)
  throw new Error(`The preview page has no #${BRIDGE_CONFIG_ELEMENT_ID} before the bridge.`);
installBridge(JSON.parse(configElement.textContent ?? '') as BridgeConfig);
