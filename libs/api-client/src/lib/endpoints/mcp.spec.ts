import { waitFor } from '@testing-library/react';
import { setupApiServer } from '../../test-utils/msw';
import {
  aModelsResponse,
  anMcpServer,
  anOpenRouterIntegration,
  errorHandler,
  makeApiTestStore,
  mockEndpoint,
} from '../../testing';
import { api } from '../mason-api';

const server = setupApiServer();

type Store = ReturnType<typeof makeApiTestStore>['store'];

const cachedServers = (store: Store) => api.endpoints.getMcpServers.select()(store.getState()).data;
const cachedProject = (store: Store) =>
  api.endpoints.getProjectMcp.select({ projectId: 'project-1' })(store.getState()).data;
const policyOf = (store: Store, tool: string) =>
  cachedServers(store)?.servers[0]?.tools.find(({ name }) => name === tool)?.policy;

/** Counts the reads of the servers list and of project-1's list. */
function countReads() {
  const counts = { servers: 0, project: 0 };
  server.use(
    mockEndpoint('getMcpServers', () => {
      counts.servers += 1;
      return { servers: [anMcpServer()] };
    }),
    mockEndpoint('getProjectMcp', () => {
      counts.project += 1;
      return { servers: [{ serverId: 'mcp-1', name: 'linear', allowed: false }] };
    }),
  );
  return counts;
}

async function screenStore() {
  const harness = makeApiTestStore({ token: 'token', pathname: '/dashboard/mcp' });
  await Promise.all([
    harness.store.dispatch(api.endpoints.getMcpServers.initiate()),
    harness.store.dispatch(api.endpoints.getProjectMcp.initiate({ projectId: 'project-1' })),
  ]);
  return harness;
}

describe('the MCP endpoints', () => {
  it('a tool’s new policy shows at once and stays once the server agrees, without asking the list again', async () => {
    const counts = countReads();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      mockEndpoint('setMcpToolPolicy', async ({ params, body }) => {
        await answered;
        const server = anMcpServer();
        const { policy } = body as { policy: 'ALWAYS' };
        return {
          server: {
            ...server,
            tools: server.tools.map((tool) =>
              tool.name === params['tool'] ? { ...tool, policy } : tool,
            ),
          },
          authorizeUrl: null,
        };
      }),
    );
    const { store } = await screenStore();

    const setting = store.dispatch(
      api.endpoints.setMcpToolPolicy.initiate({
        serverId: 'mcp-1',
        tool: 'create_issue',
        policy: 'ALWAYS',
      }),
    );
    expect(policyOf(store, 'create_issue')).toBe('ALWAYS');
    answer();
    await setting.unwrap();

    expect(policyOf(store, 'create_issue')).toBe('ALWAYS');
    expect(counts.servers).toBe(1);
  });

  it('an older choice answered late neither overwrites nor undoes the newest (arrow keys move fast)', async () => {
    countReads();
    const waiting: Array<() => void> = [];
    server.use(
      mockEndpoint('setMcpToolPolicy', async ({ params, body }) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        const server = anMcpServer();
        const { policy } = body as { policy: 'ALWAYS' | 'NEVER' };
        return {
          server: {
            ...server,
            tools: server.tools.map((tool) =>
              tool.name === params['tool'] ? { ...tool, policy } : tool,
            ),
          },
          authorizeUrl: null,
        };
      }),
    );
    const { store } = await screenStore();
    const choose = (policy: 'ALWAYS' | 'NEVER') =>
      store.dispatch(
        api.endpoints.setMcpToolPolicy.initiate({
          serverId: 'mcp-1',
          tool: 'create_issue',
          policy,
        }),
      );

    const first = choose('NEVER');
    const second = choose('ALWAYS');
    await waitFor(() => expect(waiting).toHaveLength(2));
    expect(policyOf(store, 'create_issue')).toBe('ALWAYS');
    waiting[0]?.();
    await first;
    expect(policyOf(store, 'create_issue')).toBe('ALWAYS');
    waiting[1]?.();
    await second;
    expect(policyOf(store, 'create_issue')).toBe('ALWAYS');
  });

  it('a refused policy puts the old one back, and the toast says why', async () => {
    countReads();
    server.use(errorHandler('setMcpToolPolicy', 500));
    const { store, toasts } = await screenStore();

    const result = await store.dispatch(
      api.endpoints.setMcpToolPolicy.initiate({
        serverId: 'mcp-1',
        tool: 'create_issue',
        policy: 'NEVER',
      }),
    );

    expect(result.error).toMatchObject({ status: 500 });
    expect(policyOf(store, 'create_issue')).toBe('ASK');
    expect(toasts).toEqual([expect.objectContaining({ message: 'Unknown server error' })]);
  });

  it('adding or removing a server asks the list and every project’s list again', async () => {
    const counts = countReads();
    const { store } = await screenStore();

    await store
      .dispatch(
        api.endpoints.createMcpServer.initiate({
          name: 'docs',
          url: 'https://docs.example.com/mcp',
        }),
      )
      .unwrap();
    await waitFor(() => expect(counts).toEqual({ servers: 2, project: 2 }));

    await store.dispatch(api.endpoints.deleteMcpServer.initiate({ serverId: 'mcp-1' })).unwrap();
    await waitFor(() => expect(counts).toEqual({ servers: 3, project: 3 }));
  });

  it('a refused server is a 400 with its fields, and no toast (the form shows it)', async () => {
    server.use(
      errorHandler('createMcpServer', 400, {
        message: 'You already have a server named linear.',
        fieldErrors: { name: 'You already have a server named linear.' },
      }),
    );
    const { store, toasts } = makeApiTestStore({ token: 'token', pathname: '/dashboard/mcp' });

    const result = await store.dispatch(
      api.endpoints.createMcpServer.initiate({ name: 'linear', url: 'https://mcp.linear.app/mcp' }),
    );

    expect(result.error).toMatchObject({
      status: 400,
      fieldErrors: { name: 'You already have a server named linear.' },
    });
    expect(toasts).toEqual([]);
  });

  it('listing the tools again puts the answer’s server (and its lastError) in the list', async () => {
    countReads();
    server.use(
      mockEndpoint('refreshMcpServer', {
        server: anMcpServer({ lastError: 'The server did not answer within 10 seconds.' }),
        authorizeUrl: null,
      }),
    );
    const { store } = await screenStore();

    await store.dispatch(api.endpoints.refreshMcpServer.initiate({ serverId: 'mcp-1' })).unwrap();

    expect(cachedServers(store)?.servers[0]?.lastError).toBe(
      'The server did not answer within 10 seconds.',
    );
  });

  it('a project’s switch shows at once and takes the server’s answer; a refusal puts it back', async () => {
    countReads();
    const { store } = await screenStore();

    const allowing = store.dispatch(
      api.endpoints.setProjectMcp.initiate({ projectId: 'project-1', serverIds: ['mcp-1'] }),
    );
    expect(cachedProject(store)?.servers[0]?.allowed).toBe(true);
    await allowing.unwrap();
    expect(cachedProject(store)?.servers[0]?.allowed).toBe(true);

    server.use(errorHandler('setProjectMcp', 500));
    await store.dispatch(
      api.endpoints.setProjectMcp.initiate({ projectId: 'project-1', serverIds: [] }),
    );
    expect(cachedProject(store)?.servers[0]?.allowed).toBe(true);
  });
});

describe('the OpenRouter endpoints', () => {
  it('connecting and disconnecting ask the connection and the models again (which run on the key)', async () => {
    const counts = { integration: 0, models: 0 };
    let connected = false;
    server.use(
      mockEndpoint('getOpenRouterIntegration', () => {
        counts.integration += 1;
        return anOpenRouterIntegration(connected ? '2026-12-01T09:00:00.000Z' : null);
      }),
      mockEndpoint('getModels', () => {
        counts.models += 1;
        return aModelsResponse();
      }),
      mockEndpoint('connectOpenRouter', () => {
        connected = true;
        return anOpenRouterIntegration('2026-12-01T09:00:00.000Z');
      }),
    );
    const { store } = makeApiTestStore({ token: 'token', pathname: '/dashboard/integrations' });
    await Promise.all([
      store.dispatch(api.endpoints.getOpenRouterIntegration.initiate()),
      store.dispatch(api.endpoints.getModels.initiate()),
    ]);

    await store
      .dispatch(api.endpoints.connectOpenRouter.initiate({ state: 'state-1', code: 'code-1' }))
      .unwrap();
    await waitFor(() => expect(counts).toEqual({ integration: 2, models: 2 }));

    await store.dispatch(api.endpoints.disconnectOpenRouter.initiate()).unwrap();
    await waitFor(() => expect(counts).toEqual({ integration: 3, models: 3 }));
  });
});
