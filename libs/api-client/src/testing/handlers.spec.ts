import { File as NodeFile } from 'node:buffer';
import { ApiCalls, type CallSpec, OkResponseSchema } from '@mason/contract';
import { setupApiServer } from '../test-utils/msw';
import { api, type ApiArg, type ApiEndpointName } from '../lib/mason-api';
import { aProject, aTaskLog, aUser } from './fixtures';
import { errorHandler, mockEndpoint } from './handlers';
import { makeApiTestStore } from './test-store';

const server = setupApiServer();
const file = (name: string) =>
  new NodeFile(['content'], name, { type: 'text/plain' }) as unknown as File;

/** A valid argument for every endpoint (a missing endpoint fails the typecheck). */
const sampleArgs: { [Name in ApiEndpointName]: ApiArg<Name> } = {
  getClientConfig: undefined,
  joinWaitlist: { email: 'ada@example.com' },
  login: { email: 'ada@example.com', password: 'secret-12' },
  loginWithGoogle: { token: 'google-id-token', referralCode: 'FRIEND' },
  signup: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret-12',
    referralCode: 'FRIEND',
  },
  logout: undefined,
  requestPasswordReset: { email: 'ada@example.com' },
  resetPassword: { token: 'a'.repeat(32), password: 'new-secret-12' },
  verifyEmail: { token: 'b'.repeat(32) },
  resendVerificationEmail: undefined,
  getCurrentUser: undefined,
  updateCurrentUser: { signupSource: 'A friend' },
  getActiveSubscription: undefined,
  updateSubscription: { type: 'PRO' },
  cancelSubscription: undefined,
  reactivateSubscription: undefined,
  createCheckout: { type: 'PLUS', referral: 'FRIEND' },
  createCreditsCheckout: { credits: 500 },
  createBalanceCheckout: { amountUsd: 20 },
  getTransactions: undefined,
  getBillingSummary: undefined,
  getCheckoutSession: 'checkout-1',
  confirmCheckout: 'checkout-1',
  cancelCheckout: 'checkout-1',
  getRewards: undefined,
  getGithubIntegration: undefined,
  disconnectGithub: undefined,
  getGithubAuthorizeUrl: { flow: 'WINDOW' },
  connectGithub: { state: 'test-state', code: 'code-1' },
  getSupabaseIntegration: undefined,
  disconnectSupabase: undefined,
  getSupabaseAuthorizeUrl: undefined,
  connectSupabase: { state: 'test-state', code: 'code-1' },
  getSupabaseProjects: undefined,
  getMcpServers: undefined,
  createMcpServer: {
    name: 'github',
    url: 'https://api.githubcopilot.com/mcp/',
    headers: [{ name: 'Authorization', value: 'Bearer ghp_test' }],
  },
  updateMcpServer: { serverId: 'mcp-1', name: 'linear-work' },
  deleteMcpServer: { serverId: 'mcp-1' },
  refreshMcpServer: { serverId: 'mcp-1' },
  getMcpServerAuthorizeUrl: { serverId: 'mcp-1' },
  setMcpToolPolicy: { serverId: 'mcp-1', tool: 'create_issue', policy: 'ALWAYS' },
  completeMcpOauth: { state: 'test-state', code: 'code-1' },
  getProjectMcp: { projectId: 'project-1' },
  setProjectMcp: { projectId: 'project-1', serverIds: ['mcp-1'] },
  getOpenRouterIntegration: undefined,
  disconnectOpenRouter: undefined,
  getOpenRouterAuthorizeUrl: undefined,
  connectOpenRouter: { state: 'test-state', code: 'code-1' },
  getGithubRepositories: undefined,
  getProjectCodeHosting: { projectId: 'project-1' },
  linkProjectRepository: { projectId: 'project-1', fullName: 'ada/shop', branch: 'main' },
  createProjectRepository: { projectId: 'project-1', name: 'shop', private: true },
  unlinkProjectRepository: { projectId: 'project-1' },
  syncProjectRepository: { projectId: 'project-1' },
  getProjectCodeHostingConflict: { projectId: 'project-1' },
  resolveProjectCodeHostingConflict: {
    projectId: 'project-1',
    theirs: '2b7e4f0c9a8d1e3f5a6b7c8d9e0f1a2b3c4d5e6f',
    files: [{ path: 'src/App.tsx', keep: 'ASSISTANT' }],
  },
  getProjects: undefined,
  createProject: { description: 'A shop for hand-made mugs', type: 'INTERNAL', model: 'GPT_5' },
  getProject: 'project-1',
  updateProject: { projectId: 'project-1', name: 'Mug shop' },
  deleteProject: 'project-1',
  getProjectStatus: 'project-1',
  getProjectFiles: { projectId: 'project-1', filePath: 'src/App.tsx' },
  getProjectFilePaths: 'project-1',
  getProjectCode: { projectId: 'project-1' },
  getProjectPreview: 'project-1',
  updateProjectTheme: {
    projectId: 'project-1',
    globalsCssContent: ':root { --radius: 1rem; }',
    messageContent: 'Rounder corners',
  },
  applyVisualEdits: {
    projectId: 'project-1',
    taskId: 'task-1',
    baseVersionId: 'version-1',
    edits: [
      {
        selectedLayout: {
          componentName: 'Hero',
          filePath: 'src/Hero.tsx',
          line: 3,
          column: 5,
          tagName: 'h1',
          page: '/',
        },
        command: 'UPDATE',
        newTextContent: 'Mugs, made by hand',
      },
    ],
  },
  getDeployment: { projectId: 'project-1', newApi: true },
  deployProject: { projectId: 'project-1', newApi: true, versionId: 'version-1' },
  rollbackDeployment: { projectId: 'project-1', deploymentId: 'deployment-1' },
  unpublishProject: 'project-1',
  changeAppSlug: { projectId: 'project-1', slug: 'mug-shop' },
  getTransferDestinations: 'project-1',
  transferProject: { projectId: 'project-1', destinationId: 'user-2' },
  getProjectDomains: 'project-1',
  addProjectDomain: { projectId: 'project-1', domain: 'mugs.example.com' },
  removeProjectDomain: { projectId: 'project-1', domain: 'mugs.example.com' },
  verifyProjectDomain: { projectId: 'project-1', domain: 'mugs.example.com' },
  getEnvVariables: 'project-1',
  setEnvVariable: { projectId: 'project-1', key: 'STRIPE_KEY', value: 'sk_test' },
  deleteEnvVariable: { projectId: 'project-1', key: 'STRIPE_KEY' },
  attachDatabase: {
    projectId: 'project-1',
    provider: 'SUPABASE',
    projectUrl: 'https://abcdefghijklmnopqrst.supabase.co',
    anonKey: 'sb_publishable_key',
    databasePassword: 'pw',
  },
  detachDatabase: { projectId: 'project-1' },
  getProjectDatabase: { projectId: 'project-1' },
  enableProjectDatabase: { projectId: 'project-1' },
  getDatabaseTables: { projectId: 'project-1' },
  getDatabaseRows: { projectId: 'project-1', table: 'notes', order: 'id', direction: 'desc' },
  updateDatabaseRow: {
    projectId: 'project-1',
    table: 'notes',
    key: { id: 1 },
    values: { body: 'Buy oat milk' },
  },
  getDatabaseUsers: { projectId: 'project-1' },
  getDatabaseMigrations: { projectId: 'project-1' },
  runDatabaseSql: { projectId: 'project-1', sql: 'select 1' },
  getProductionBackups: { projectId: 'project-1' },
  restoreProductionBackup: { projectId: 'project-1', backupId: 'backup-1' },
  forkProject: { projectId: 'project-1', name: 'Mug shop 2' },
  getProjectAssets: 'project-1',
  putProjectThumbnail: {
    projectId: 'project-1',
    versionId: 'version-1',
    image: 'data:image/png;base64,iVBORw0KGgo=',
  },
  deleteProjectAsset: { projectId: 'project-1', assetId: 'asset-1' },
  uploadProjectAsset: { projectId: 'project-1', file: file('logo.png') },
  uploadStaticFiles: {
    projectId: 'project-1',
    files: [file('brief.md'), { blob: file('x'), fileName: 'data.csv' }],
  },
  getTasks: { projectId: 'project-1', states: ['COMPLETED'] },
  getTask: 'task-1',
  createTask: {
    projectId: 'project-1',
    description: 'Add a cart',
    staticFiles: ['static-1'],
    filePaths: ['src/App.tsx'],
  },
  pauseTask: 'task-1',
  resumeTask: 'task-1',
  getTaskVersions: 'task-1',
  getTaskLogs: { taskId: 'task-1', limit: 50 },
  sendTaskMessage: {
    taskId: 'task-1',
    content: 'Make the header blue',
    images: [{ mediaType: 'image/png', content: 'iVBORw0KGgo=' }],
    staticFiles: ['static-1'],
    selectedComponents: [
      { componentName: 'Header', filePath: 'src/Header.tsx', filePart: '<header>', page: '/' },
    ],
    currentPage: '/',
    model: 'CLAUDE_SONNET_4_5',
  },
  revertTask: { taskId: 'task-1', versionId: 'version-1' },
  runTaskAction: {
    taskId: 'task-1',
    logId: 'log-9',
    params: { action: 'PROVIDE_VALUES', values: { STRIPE_KEY: 'sk' } },
  },
  archiveTask: 'task-1',
  unarchiveTask: 'task-1',
  rateTask: { taskId: 'task-1', rating: 'POSITIVE', logId: '3' },
  getModels: undefined,
};

type AnyInitiate = (
  arg: unknown,
) => Parameters<ReturnType<typeof makeApiTestStore>['store']['dispatch']>[0];

describe('the default MSW handlers', () => {
  it('cover exactly the endpoints of the api slice, from the table of calls', () => {
    // The rest of the table: what a browser opens itself (a stream, a download, an image), what
    // a reverse proxy asks (the certificate check), what Stripe and GitHub send (their webhooks)
    // and the test set-ups' calls.
    const notEndpoints = [
      'stripeWebhook',
      'githubWebhook',
      'streamTaskEvents',
      'downloadProjectCode',
      'getBlob',
      'getProjectAssetFile',
      'getProjectThumbnail',
      'checkDomainTls',
    ];
    const clientCalls = Object.entries(ApiCalls)
      .filter(([name, call]) => !('dev' in call) && !notEndpoints.includes(name))
      .map(([name]) => name);
    expect(clientCalls.sort()).toEqual(Object.keys(api.endpoints).sort());
  });

  it.each(Object.keys(sampleArgs) as ApiEndpointName[])(
    'answer %s with data that fits its contract',
    async (name) => {
      const { store, toasts } = makeApiTestStore({
        token: 'token',
        pathname: '/dashboard/projects',
      });
      const initiate = api.endpoints[name].initiate as unknown as AnyInitiate;

      const result = (await store.dispatch(initiate(sampleArgs[name]))) as {
        data?: unknown;
        error?: unknown;
      };

      expect(result.error).toBeUndefined();
      // A 204 has no body: the client answers { ok: true } for it.
      const call: CallSpec = ApiCalls[name];
      const schema = call.response ?? OkResponseSchema;
      expect(schema.safeParse(result.data).success).toBe(true);
      expect(toasts).toEqual([]);
    },
  );
});

describe('handler overrides', () => {
  it('answer with the given data, checked against the contract', async () => {
    server.use(mockEndpoint('getProjects', { projects: [aProject({ name: 'Mug shop' })] }));
    const { store } = makeApiTestStore();

    const answer = await store.dispatch(api.endpoints.getProjects.initiate()).unwrap();

    expect(answer.projects.map(({ name }) => name)).toEqual(['Mug shop']);
  });

  it('refuse to fake an answer that drifts from the contract', async () => {
    server.use(mockEndpoint('getCurrentUser', () => ({ ...aUser(), email: 42 }) as never));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = makeApiTestStore();

    const result = await store.dispatch(api.endpoints.getCurrentUser.initiate());

    // MSW logs the thrown error and answers 500.
    expect(result.error).toMatchObject({ status: 500, kind: 'server' });
    expect(String(consoleError.mock.calls[0]?.[0])).toContain(
      'The fake answer of getCurrentUser does not fit its contract schema',
    );
    consoleError.mockRestore();
  });

  it('fail a call with the status and error body given', async () => {
    server.use(errorHandler('getProject', 404, { message: 'Project not found.' }));
    const { store } = makeApiTestStore();

    const result = await store.dispatch(api.endpoints.getProject.initiate('missing'));

    expect(result.error).toEqual({
      status: 404,
      kind: 'other',
      message: 'Project not found.',
      serverMessage: 'Project not found.',
    });
  });
});

describe('fixture builders', () => {
  it('parse every fixture with its contract schema', () => {
    expect(() => aUser({ email: 42 as never })).toThrow();
    expect(() => aProject({ type: 'PUBLIC' as never })).toThrow();
    expect(aTaskLog('NEEDS_ATTENTION').payload.reason).toBe('ENV_VARIABLE');
  });
});
