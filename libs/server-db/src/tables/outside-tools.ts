// Tools from outside (issue 35): a person's MCP servers, which tools of theirs the assistant may
// call (always, after asking, never), which projects may use them, and the person's own
// OpenRouter key. Every secret is sealed with the server key (SecretBox); none is kept in clear.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { ownerProjectId } from './projects';

/** How Mason proves itself to an MCP server: nothing, headers the person gave, or OAuth 2.1. */
export const MCP_AUTH_KINDS = ['NONE', 'HEADERS', 'OAUTH'] as const;
export type McpAuthKind = (typeof MCP_AUTH_KINDS)[number];

/** What the assistant may do with one tool: call it, ask the person first, or never see it. */
export const MCP_TOOL_POLICIES = ['ALWAYS', 'ASK', 'NEVER'] as const;
export type McpToolPolicy = (typeof MCP_TOOL_POLICIES)[number];

/** A tool as the server listed it (tools/list), kept so the settings show it without a call. */
export interface McpListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The tool's JSON Schema for its arguments, as the server gave it. */
  readonly inputSchema: Record<string, unknown>;
}

/**
 * An MCP server a person added, reached over Streamable HTTP at `url`. `name` is the namespace
 * of its tools for the assistant (`mcp__{name}__{tool}`), unique per person. `sealed_headers`
 * holds the headers given (JSON, sealed); `sealed_oauth` the OAuth client registration and
 * tokens (JSON, sealed), refreshed before `oauth_expires_at`.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    authKind: text('auth_kind', { enum: MCP_AUTH_KINDS }).notNull().default('NONE'),
    sealedHeaders: text('sealed_headers'),
    sealedOauth: text('sealed_oauth'),
    oauthExpiresAt: timestamp('oauth_expires_at', { withTimezone: true }),
    tools: jsonb('tools').$type<McpListedTool[]>().notNull().default([]),
    toolsListedAt: timestamp('tools_listed_at', { withTimezone: true }),
    /** Why the last listing failed (shown in the settings), null once it worked. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('mcp_servers_user_id_name_unique').on(table.userId, table.name),
    check('mcp_servers_auth_kind_check', sql`${table.authKind} in ('NONE', 'HEADERS', 'OAUTH')`),
  ],
);
export type McpServerRow = typeof mcpServers.$inferSelect;

/** A tool's policy; a tool without a row is ASK (nothing runs unasked until the person says so). */
export const mcpToolPolicies = pgTable(
  'mcp_tool_policies',
  {
    serverId: uuid('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    policy: text('policy', { enum: MCP_TOOL_POLICIES }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.serverId, table.toolName] }),
    check('mcp_tool_policies_policy_check', sql`${table.policy} in ('ALWAYS', 'ASK', 'NEVER')`),
  ],
);
export type McpToolPolicyRow = typeof mcpToolPolicies.$inferSelect;

/** The servers a project's assistant may use (none by default). */
export const projectMcpServers = pgTable(
  'project_mcp_servers',
  {
    projectId: ownerProjectId(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.serverId] }),
    index('project_mcp_servers_server_id_idx').on(table.serverId),
  ],
);

/**
 * The `state` of an MCP server's authorize URL, by its sha256: bound to the person and the
 * server, with the PKCE verifier (sealed), used once and only before it expires.
 */
export const mcpOauthStates = pgTable(
  'mcp_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: ownerUserId(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    sealedVerifier: text('sealed_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mcp_oauth_states_user_id_idx').on(table.userId)],
);
export type McpOauthStateRow = typeof mcpOauthStates.$inferSelect;

/** A person's own OpenRouter key, from OpenRouter's OAuth PKCE flow; their turns run on it. */
export const openRouterConnections = pgTable('open_router_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedKey: text('sealed_key').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OpenRouterConnectionRow = typeof openRouterConnections.$inferSelect;

/** The `state` of an OpenRouter authorize URL, by its sha256, with its PKCE verifier (sealed). */
export const openRouterOauthStates = pgTable(
  'open_router_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: ownerUserId(),
    sealedVerifier: text('sealed_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('open_router_oauth_states_user_id_idx').on(table.userId)],
);
export type OpenRouterOauthStateRow = typeof openRouterOauthStates.$inferSelect;
