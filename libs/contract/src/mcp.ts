import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from './primitives';

/**
 * A person's MCP servers (issue 35 §1): tools from outside Mason that the assistant may call,
 * reached over Streamable HTTP, each tool always allowed, asked for each time, or never offered.
 */

/** What the assistant may do with one tool. A tool nobody has set is ASK. */
export const McpToolPolicySchema = z.enum(['ALWAYS', 'ASK', 'NEVER']);
export type McpToolPolicy = z.infer<typeof McpToolPolicySchema>;

/** How Mason proves itself to the server: nothing, headers the person gave, or OAuth 2.1. */
export const McpAuthKindSchema = z.enum(['NONE', 'HEADERS', 'OAUTH']);
export type McpAuthKind = z.infer<typeof McpAuthKindSchema>;

/** The longest server name: `mcp__{name}__{tool}` must stay within a provider's 64 characters. */
export const MCP_SERVER_NAME_MAX = 24;

/**
 * A server's name, the namespace of its tools for the assistant: lowercase letters, digits and
 * hyphens, starting with a letter.
 */
export const McpServerNameSchema = z
  .string()
  .check(
    z.minLength(1, 'Give the server a name.'),
    z.maxLength(MCP_SERVER_NAME_MAX, `Use at most ${MCP_SERVER_NAME_MAX} characters.`),
    z.regex(
      /^[a-z][a-z0-9-]*$/,
      'Use lowercase letters, digits and hyphens, starting with a letter.',
    ),
  );

/** The server's Streamable HTTP endpoint. */
export const McpServerUrlSchema = z.string().check(
  z.maxLength(2048, 'That address is too long.'),
  z.refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username;
      } catch {
        return false;
      }
    },
    { message: 'Give the address as https://…, without a user name or password in it.' },
  ),
);

/** A header Mason sends with every request to the server (an API key, a bearer token). */
export const McpHeaderSchema = z.object({
  name: z
    .string()
    .check(
      z.minLength(1, 'Give the header a name.'),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'Not a valid header name.'),
    ),
  value: z.string().check(z.minLength(1, 'Give the header a value.'), z.maxLength(4096)),
});
export type McpHeader = z.infer<typeof McpHeaderSchema>;

/** One tool of a server, as it listed it, with the person's policy for it. */
export const McpToolSchema = z.object({
  name: z.string(),
  title: z.nullable(z.string()),
  description: z.string(),
  /** The JSON Schema of its arguments, as the server gave it. */
  inputSchema: z.record(z.string(), z.json()),
  policy: McpToolPolicySchema,
});
export type McpTool = z.infer<typeof McpToolSchema>;

export const McpServerSchema = z.object({
  id: IdSchema,
  name: McpServerNameSchema,
  url: z.string(),
  authKind: McpAuthKindSchema,
  /** The names of the headers Mason sends; their values are never answered. */
  headerNames: z.array(z.string()),
  /** OAUTH: whether Mason holds a token for it (false: authorize first). Others: true. */
  authorized: z.boolean(),
  /** The tools of its last listing, in the server's order. */
  tools: z.array(McpToolSchema),
  toolsListedAt: z.nullable(TimestampSchema),
  /** Why the last listing failed, in words the person can act on; null when it worked. */
  lastError: z.nullable(z.string()),
  createdAt: TimestampSchema,
});
export type McpServer = z.infer<typeof McpServerSchema>;

/** GET /mcp/servers */
export const McpServersResponseSchema = z.object({ servers: z.array(McpServerSchema) });
export type McpServersResponse = z.infer<typeof McpServersResponseSchema>;

/** The answer of the calls that change one server. */
export const McpServerResponseSchema = z.object({
  server: McpServerSchema,
  /** OAUTH without a token: where to send the browser to authorize Mason, else null. */
  authorizeUrl: z.nullable(z.url()),
});
export type McpServerResponse = z.infer<typeof McpServerResponseSchema>;

/** POST /mcp/servers */
export const CreateMcpServerRequestSchema = z.object({
  name: McpServerNameSchema,
  url: McpServerUrlSchema,
  headers: z.optional(z.array(McpHeaderSchema).check(z.maxLength(20, 'Send at most 20 headers.'))),
  /** Sign in to the server with OAuth 2.1 (its authorization server, dynamic registration). */
  oauth: z.optional(z.boolean()),
});
export type CreateMcpServerRequest = z.input<typeof CreateMcpServerRequestSchema>;

/** PATCH /mcp/servers/:id: a new name, address or headers (headers replace the old ones). */
export const UpdateMcpServerRequestSchema = z.object({
  name: z.optional(McpServerNameSchema),
  url: z.optional(McpServerUrlSchema),
  headers: z.optional(z.array(McpHeaderSchema).check(z.maxLength(20, 'Send at most 20 headers.'))),
});
export type UpdateMcpServerRequest = z.input<typeof UpdateMcpServerRequestSchema>;

/** Path params of /mcp/servers/:id/tools/:tool */
export const McpToolParamsSchema = z.object({
  id: IdSchema,
  tool: z.string().check(z.minLength(1), z.maxLength(256)),
});

/** PUT /mcp/servers/:id/tools/:tool */
export const SetMcpToolPolicyRequestSchema = z.object({ policy: McpToolPolicySchema });
export type SetMcpToolPolicyRequest = z.infer<typeof SetMcpToolPolicyRequestSchema>;

/** POST /mcp/oauth/callback: what /mcp/callback received from the server's authorization server. */
export const McpOauthCallbackRequestSchema = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(512)),
  code: z.string().check(z.minLength(1), z.maxLength(2048)),
});
export type McpOauthCallbackRequest = z.infer<typeof McpOauthCallbackRequestSchema>;

/** One of the person's servers and whether this project's assistant may use it. */
export const ProjectMcpServerSchema = z.object({
  serverId: IdSchema,
  name: McpServerNameSchema,
  allowed: z.boolean(),
});

/** GET /projects/:id/mcp, and the answer of PUT. */
export const ProjectMcpResponseSchema = z.object({ servers: z.array(ProjectMcpServerSchema) });
export type ProjectMcpResponse = z.infer<typeof ProjectMcpResponseSchema>;

/** PUT /projects/:id/mcp: the servers the project's assistant may use (all others: not). */
export const SetProjectMcpRequestSchema = z.object({
  serverIds: z.array(IdSchema).check(z.maxLength(50)),
});
export type SetProjectMcpRequest = z.infer<typeof SetProjectMcpRequestSchema>;

/**
 * The call a MCP_SERVER_USAGE_APPROVAL entry asks about (its payload's `mcpCall`): the server,
 * the tool and the arguments the assistant gave, shown as text.
 */
export const McpCallRequestSchema = z.object({
  /** The model's call and the SDK's approval request it is answered by (the assistant's ids). */
  toolCallId: z.string(),
  approvalId: z.string(),
  serverId: IdSchema,
  serverName: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.json()),
});
export type McpCallRequest = z.infer<typeof McpCallRequestSchema>;

/** The tool's name as the assistant sees it. */
export function mcpToolName(serverName: string, tool: string): string {
  return `mcp__${serverName}__${tool}`;
}
