// Public API of @mason/server-agent: name every export.
export { AGENT_ENV, AgentConfigError, agentConfigFromEnv } from './lib/agent-config';
export { formatDatabaseSchema } from './lib/agent-database';
export type {
  AgentDatabase,
  AgentDatabaseColumn,
  AgentDatabaseForeignKey,
  AgentDatabasePolicy,
  AgentDatabaseSchema,
  AgentDatabaseTable,
  AgentMigration,
  AgentMigrationResult,
} from './lib/agent-database';
export {
  MIGRATION_MAX_CHARS,
  MIGRATION_NAME,
  MIGRATIONS_FOLDER,
  MIGRATIONS_MAX_CHARS,
} from './lib/database-tools';
export {
  INTERRUPTED_TOOL_RESULT,
  STATIC_FILE_MAX_CHARS,
  UNANSWERED_TOOL_RESULT,
  historyFromLogs,
} from './lib/history-from-logs';
export {
  DENIED_TOOL_RESULT,
  OUTSIDE_RESULT_MAX_CHARS,
  framedResult,
  isUnreachable,
  outsideToolNames,
} from './lib/outside-tools';
export type { OutsideTool, OutsideTools, UnreachableServer } from './lib/outside-tools';
export type { LoadImage, LoadStaticFile } from './lib/history-from-logs';
export {
  MODEL_IDS,
  PROVIDER_KEY_ENV,
  PROVIDER_LABELS,
  createModelRegistry,
} from './lib/model-registry';
export {
  LOGGED_INPUT_STRING_MAX_CHARS,
  TOOL_OUTPUT_MAX_CHARS,
  loggedToolInput,
} from './lib/output';
export { MAX_MALFORMED_STEPS, runAgentTurn } from './lib/run-agent-turn';
export { OUTSIDE_TOOLS_SECTION, SUPABASE_PACKAGE, buildSystemPrompt } from './lib/system-prompt';
export type { PublicFile, SystemPromptOptions } from './lib/system-prompt';
export {
  AGENT_TOOL_NAMES,
  formatCheckResult,
  formatDiagnostic,
  formatPreviewErrors,
} from './lib/tools';
export type { AgentToolName, PreviewErrorReport } from './lib/tools';
export type {
  AgentConfig,
  AgentEvent,
  AgentFiles,
  Diagnostic,
  ModelRegistry,
  ResolvedModel,
  RunTurnOptions,
  TurnLimits,
  TurnOutcome,
} from './lib/types';
