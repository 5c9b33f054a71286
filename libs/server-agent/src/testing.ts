// Test helpers of @mason/server-agent (entry `@mason/server-agent/testing`): the scripted model
// server (OpenAI chat-completions and Anthropic messages on loopback), in-memory AgentFiles and
// an in-memory AgentDatabase.
export { createMemoryAgentDatabase } from './testing/memory-database';
export type { MemoryAgentDatabase, MemoryAgentDatabaseOptions } from './testing/memory-database';
export { assertProjectPath, createMemoryAgentFiles } from './testing/memory-files';
export type { MemoryAgentFiles, MemoryAgentFilesOptions } from './testing/memory-files';
export {
  SCRIPTED_CONTROL,
  SCRIPTED_MODEL_ID,
  startScriptedModelServer,
} from './testing/scripted-model-server';
export type {
  ScriptedChunkWrite,
  ScriptedModelRequest,
  ScriptedModelServer,
  ScriptedModelServerOptions,
} from './testing/scripted-model-server';
export type { ScriptedReply, ScriptedToolCall } from './testing/scripted-reply';
