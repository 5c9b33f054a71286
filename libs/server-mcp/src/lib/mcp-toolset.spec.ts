import type { McpServerResponse, McpServersResponse } from '@mason/contract';
import { projects } from '@mason/server-db';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { FAILING_TEXT, noted, startMcpTestServer, type McpTestServer } from '../testing';
import { McpUnreachable } from './mcp-connection';
import { McpMessages, McpServers } from './mcp-servers.service';
import { mcpRoutes } from './mcp.routes';

describe('a project’s toolset for a turn: its allowed servers connected, listed afresh, policies applied', () => {
  let notes: McpTestServer;
  let other: McpTestServer;
  let flaky: McpTestServer;
  let harness: DomainHarness;
  let servers: McpServers;
  let ada: HarnessUser;
  let projectId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    notes = await startMcpTestServer();
    other = await startMcpTestServer();
    flaky = await startMcpTestServer();
    harness = await startDomainHarness(async (api, { db }) => {
      servers = new McpServers({
        db,
        secrets: reversingSealer,
        publicUrl: 'https://mason.test',
        connect: { allowLoopback: true },
      });
      await api.register(mcpRoutes, { ctx: { db, servers } });
    });
    ada = await harness.signUp('ada');
    for (const [name, server] of [
      ['notes', notes],
      ['other', other],
      ['flaky', flaky],
    ] as const) {
      const created = await harness
        .as(ada)
        .post<McpServerResponse>('/api/mcp/servers', { name, url: server.url });
      ids[name] = created.body.server.id;
    }
    const [row] = await harness.db
      .insert(projects)
      .values({
        userId: ada.id,
        name: 'App',
        description: 'An app',
        type: 'INTERNAL',
        status: 'READY',
      })
      .returning();
    projectId = row?.id ?? '';
    // `other` is Ada's, but this project may not use it.
    await harness.as(ada).put(`/api/projects/${projectId}/mcp`, {
      serverIds: [ids['notes'], ids['flaky']],
    });
    const policy = (tool: string, value: string) =>
      harness.as(ada).put(`/api/mcp/servers/${ids['notes']}/tools/${tool}`, { policy: value });
    await policy('add_note', 'ALWAYS');
    await policy('failing', 'NEVER');
  });
  afterAll(async () => {
    await harness?.close();
    for (const server of [notes, other, flaky]) await server?.stop();
  });

  it('offers the allowed servers’ tools with their policies, leaves NEVER out, and reports a server that is away', async () => {
    await flaky.stop();
    const toolset = await servers.openProjectToolset(ada.id, projectId);
    try {
      expect(toolset.tools.map((tool) => [tool.serverName, tool.name, tool.policy])).toEqual([
        ['notes', 'add_note', 'ALWAYS'],
        ['notes', 'list_notes', 'ASK'],
        ['notes', 'long_text', 'ASK'],
        ['notes', 'picture', 'ASK'],
      ]);
      expect(toolset.tools[0]).toEqual({
        serverId: ids['notes'],
        serverName: 'notes',
        name: 'add_note',
        description: 'Adds a note to the list.',
        inputSchema: expect.objectContaining({ type: 'object', required: ['text'] }),
        policy: 'ALWAYS',
      });
      const host = new URL(flaky.url).host;
      expect(toolset.unreachable).toEqual([
        { serverId: ids['flaky'], serverName: 'flaky', message: `${host} could not be reached.` },
      ]);

      await expect(
        toolset.call(ids['notes'] ?? '', 'add_note', { text: 'from the turn' }),
      ).resolves.toEqual({ text: noted('from the turn'), isError: false });
      expect(notes.notes).toEqual(['from the turn']);
      // A NEVER tool, another server's tool, a server the project may not use: not callable.
      for (const [serverId, tool] of [
        [ids['notes'], 'failing'],
        [ids['other'], 'add_note'],
      ]) {
        await expect(toolset.call(serverId ?? '', tool ?? '', {})).rejects.toThrow(
          McpMessages.notInToolset,
        );
      }
      expect(notes.calls.map((call) => call.tool)).toEqual(['add_note']);
      expect(other.calls).toEqual([]);
      await expect(toolset.call(ids['flaky'] ?? '', 'add_note', {})).rejects.toBeInstanceOf(
        McpUnreachable,
      );
    } finally {
      await toolset.close();
    }
    // The listing and the failure are what the settings show now.
    const listed = await harness.as(ada).get<McpServersResponse>('/api/mcp/servers');
    const byName = Object.fromEntries(listed.body.servers.map((server) => [server.name, server]));
    expect(byName['flaky']?.lastError).toBe(`${new URL(flaky.url).host} could not be reached.`);
    expect(byName['notes']?.lastError).toBeNull();
  });

  it('throws McpUnreachable for a call once the server went away mid-turn', async () => {
    await flaky.restart();
    const toolset = await servers.openProjectToolset(ada.id, projectId);
    try {
      expect(toolset.unreachable).toEqual([]);
      expect(toolset.tools.filter((tool) => tool.serverName === 'flaky')).toHaveLength(5);
      await flaky.stop();
      const gone = await toolset
        .call(ids['flaky'] ?? '', 'failing', {})
        .catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(McpUnreachable);
      expect((gone as McpUnreachable).unreachable).toBe(true);
      // The other server still answers, its errors as results.
      await expect(toolset.call(ids['notes'] ?? '', 'list_notes', {})).resolves.toEqual({
        text: 'from the turn',
        isError: false,
      });
    } finally {
      await toolset.close();
    }
    await flaky.restart();
    const again = await servers.openProjectToolset(ada.id, projectId);
    try {
      await expect(again.call(ids['flaky'] ?? '', 'failing', {})).resolves.toEqual({
        text: FAILING_TEXT,
        isError: true,
      });
    } finally {
      await again.close();
    }
  });

  it('offers nothing for a project of another person’s, nor for one without servers', async () => {
    const bea = await harness.signUp('bea');
    const none = await servers.openProjectToolset(bea.id, projectId);
    expect(none.tools).toEqual([]);
    expect(none.unreachable).toEqual([]);
    await none.close();
  });
});
