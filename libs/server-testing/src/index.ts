// Public API of @mason/server-testing (used by specs only): name every export.
export { startDomainHarness } from './lib/domain-harness';
export type { DomainHarness, HarnessDeps, HarnessUser, RegisterRoutes } from './lib/domain-harness';
export { asCaller, httpClient } from './lib/http-client';
export { reversingSealer } from './lib/reversing-sealer';
export type {
  ApiResponse,
  AuthenticatedClient,
  RequestFn,
  RequestOptions,
} from './lib/http-client';
// The scripted model server (OpenAI and Anthropic wire formats on loopback), so a spec needs one
// testing library for the server, not three.
export { SCRIPTED_CONTROL, startScriptedModelServer } from '@mason/server-agent/testing';
export type {
  ScriptedModelServer,
  ScriptedModelServerOptions,
  ScriptedReply,
  ScriptedToolCall,
} from '@mason/server-agent/testing';
