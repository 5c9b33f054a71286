// Public API of @mason/integrations: name every export.
export { IntegrationsScreen } from './lib/integrations-screen/integrations-screen';
export type { IntegrationsScreenProps } from './lib/integrations-screen/integrations-screen';
export { GithubCard } from './lib/github-card/github-card';
export type { GithubCardProps } from './lib/github-card/github-card';
export { IntegrationCard } from './lib/integration-card/integration-card';
export type {
  IntegrationCardProps,
  IntegrationStatus,
} from './lib/integration-card/integration-card';
export { GithubCallbackScreen } from './lib/github-callback/github-callback-screen';
export type {
  GithubCallbackScreenProps,
  GithubConnectedState,
} from './lib/github-callback/github-callback-screen';
export {
  GITHUB_WINDOW_CHANNEL,
  isGithubWindowResult,
  listenForGithubWindowResult,
} from './lib/github-callback/github-window-messages';
export type { GithubWindowResult } from './lib/github-callback/github-window-messages';
export type { OpenExternalUrl } from './lib/shared/external-url';
export { ProjectCodeHosting } from './lib/project-code-hosting/project-code-hosting';
export type { ProjectCodeHostingProps } from './lib/project-code-hosting/project-code-hosting';
export type { GithubPopup, OpenGithubPopup } from './lib/project-code-hosting/github-popup';
export { DatabaseCard } from './lib/database-card/database-card';
export { SupabaseRedirectScreen } from './lib/supabase-redirect/supabase-redirect-screen';
export type { SupabaseRedirectScreenProps } from './lib/supabase-redirect/supabase-redirect-screen';
export { ProjectDatabase } from './lib/project-database/project-database';
export type { ProjectDatabaseProps } from './lib/project-database/project-database';
export { GithubImportSource } from './lib/github-import-source/github-import-source';
export type {
  GithubImportSelection,
  GithubImportSourceProps,
} from './lib/github-import-source/github-import-source';
export { McpServersScreen } from './lib/mcp-servers/mcp-servers-screen';
export type { McpServersScreenProps } from './lib/mcp-servers/mcp-servers-screen';
export { McpCallbackScreen } from './lib/mcp-callback/mcp-callback-screen';
export type { McpCallbackScreenProps } from './lib/mcp-callback/mcp-callback-screen';
export {
  MCP_WINDOW_CHANNEL,
  isMcpWindowResult,
  listenForMcpWindowResult,
} from './lib/mcp-callback/mcp-window-messages';
export type { McpWindowResult } from './lib/mcp-callback/mcp-window-messages';
export { OpenRouterCallbackScreen } from './lib/open-router-callback/open-router-callback-screen';
export type { OpenRouterCallbackScreenProps } from './lib/open-router-callback/open-router-callback-screen';
export { McpCard } from './lib/mcp-card/mcp-card';
export type { McpCardProps } from './lib/mcp-card/mcp-card';
export { OpenRouterCard } from './lib/open-router-card/open-router-card';
export type { OpenRouterCardProps } from './lib/open-router-card/open-router-card';
export { ProjectMcp } from './lib/project-mcp/project-mcp';
export type { ProjectMcpProps } from './lib/project-mcp/project-mcp';
