// A project's MCP toolset for one turn: the tools of each server that could be opened (with
// their policies, NEVER left out), the servers that could not be reached, and the calls.
import type { McpToolPolicy } from '@mason/contract';
import type { McpListedTool, McpServerRow } from '@mason/server-db';
import { type McpConnection, McpUnreachable } from './mcp-connection';
import type { McpToolResult } from './tool-result';

/** One tool of a project's toolset, as the assistant is offered it. */
export interface ProjectMcpTool {
  readonly serverId: string;
  readonly serverName: string;
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  /** NEVER tools are left out of the toolset. */
  readonly policy: 'ALWAYS' | 'ASK';
}

/** The tools of a project's allowed servers for one turn, and their connections. */
export interface ProjectMcpToolset {
  readonly tools: readonly ProjectMcpTool[];
  /** Allowed servers that could not be reached or listed at the start. */
  readonly unreachable: readonly { serverId: string; serverName: string; message: string }[];
  /** Throws McpUnreachable when the server cannot be reached. */
  call(
    serverId: string,
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<McpToolResult>;
  close(): Promise<void>;
}

/** Said when a turn calls a tool its toolset does not offer. */
export const NOT_IN_TOOLSET = 'That tool is not one the assistant may use in this project.';

/**
 * The toolset of `rows` (the servers the project may use), each opened by `open`: a server's
 * McpUnreachable is reported in `unreachable`; any other failure (the database's) closes what
 * opened and is thrown.
 */
export async function assembleToolset(
  rows: readonly McpServerRow[],
  policies: ReadonlyMap<string, ReadonlyMap<string, McpToolPolicy>>,
  open: (
    row: McpServerRow,
  ) => Promise<{ connection: McpConnection; tools: McpListedTool[] } | McpUnreachable>,
): Promise<ProjectMcpToolset> {
  const settled = await Promise.allSettled(rows.map((row) => open(row)));
  const opened = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : null));
  const broken = settled.find((outcome) => outcome.status === 'rejected');
  if (broken) {
    // Not a server's failure (the database's): nothing stays open.
    await Promise.all(
      opened.map((outcome) =>
        outcome && !(outcome instanceof McpUnreachable) ? outcome.connection.close() : null,
      ),
    );
    throw broken.reason;
  }
  const connections = new Map<string, McpConnection>();
  const failures = new Map<string, McpUnreachable>();
  const tools: ProjectMcpTool[] = [];
  for (const [index, row] of rows.entries()) {
    const outcome = opened[index];
    if (!outcome) continue;
    if (outcome instanceof McpUnreachable) {
      failures.set(row.id, outcome);
      continue;
    }
    connections.set(row.id, outcome.connection);
    for (const tool of outcome.tools) {
      const policy = policies.get(row.id)?.get(tool.name) ?? 'ASK';
      if (policy === 'NEVER') continue;
      tools.push({
        serverId: row.id,
        serverName: row.name,
        name: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema,
        policy,
      });
    }
  }
  const offered = new Set(tools.map((tool) => `${tool.serverId}\n${tool.name}`));
  return {
    tools,
    unreachable: rows.flatMap((row) => {
      const failure = failures.get(row.id);
      return failure ? [{ serverId: row.id, serverName: row.name, message: failure.message }] : [];
    }),
    async call(serverId, tool, args, signal) {
      const failure = failures.get(serverId);
      if (failure) throw failure;
      const connection = connections.get(serverId);
      if (!connection || !offered.has(`${serverId}\n${tool}`)) throw new Error(NOT_IN_TOOLSET);
      return connection.call(tool, args, signal);
    },
    async close() {
      await Promise.all([...connections.values()].map((connection) => connection.close()));
    },
  };
}
