import {
  AccountProofMessages,
  ASSET_MAX_BYTES,
  ASSET_UPLOAD_FIELD,
  assetName,
  type ChangeAppSlugRequest,
  type CreateProjectRepositoryRequest,
  type CreateProjectRequest,
  type CreateTaskRequest,
  type DatabaseAttachRequest,
  type ProjectDatabase,
  type DatabaseRowsQuery,
  type UpdateDatabaseRowRequest,
  type DomainRequest,
  type EnvVariable,
  type ForkProjectRequest,
  type LinkProjectRepositoryRequest,
  type ProjectFilesQuery,
  type ProjectThemeRequest,
  type ResolveConflictRequest,
  type RollbackDeploymentRequest,
  type SendTaskMessageRequest,
  type TasksQuery,
  type TaskLogsQuery,
  type UpdateCurrentUserRequest,
  type UpdateProjectRequest,
  type VisualEditsRequest,
} from '@mason/contract';
import { HttpResponse, type HttpHandler } from 'msw';
import type { ApiEndpointName } from '../lib/mason-api';
import {
  aDatabaseAttachment,
  aDatabaseMigration,
  aDatabaseSqlResponse,
  aBackupBeforeRestore,
  aProductionBackup,
  aDatabaseTable,
  DATABASE_NOTES,
  DATABASE_USERS,
  databaseRowsPage,
  aDeployment,
  aDeploymentResponse,
  aDomain,
  aGithubIntegration,
  aGithubRepository,
  aSupabaseProject,
  aModelsResponse,
  anAsset,
  anAuthToken,
  anEnvVariable,
  aClientConfig,
  aCodeHostingConflictDetail,
  aProject,
  aProjectCodeHosting,
  aProjectDatabase,
  anAttachedDatabase,
  aProjectFile,
  aProjectStatus,
  aStaticFile,
  aTask,
  aTaskLog,
  aTransferDestination,
  aUser,
  aVersion,
  FIXTURE_TIME,
} from './fixtures';
import {
  apiErrorBody,
  type FakeHandlerOptions,
  type FakeResponder,
  mockEndpoint,
} from './handlers';
import { BILLING_RESPONDERS } from './billing-responders';
import { OUTSIDE_TOOLS_RESPONDERS } from './outside-tools-responders';
import { taskEventsHandler } from './task-events-handler';
import { projectThumbnailHandler } from './thumbnail-handler';

type DefaultResponders = { readonly [Name in ApiEndpointName]: FakeResponder<Name> };

const ok = { ok: true } as const;
/** A project's push state before anything was pushed. */
const NOT_PUSHED = {
  state: 'IDLE',
  pushedVersionId: null,
  pushedCommit: null,
  pushedAt: null,
  error: null,
  retryAt: null,
} as const;

/** What each endpoint answers by default: a logged-in free user with one project and one task. */
export const DEFAULT_RESPONDERS: DefaultResponders = {
  getClientConfig: () => aClientConfig(),
  joinWaitlist: () => ({
    ok: true,
    message: 'You are on the list. We will write when a place opens.',
  }),
  login: () => anAuthToken(),
  loginWithGoogle: () => anAuthToken(),
  signup: () => anAuthToken(),
  logout: () => ok,
  requestPasswordReset: () => ({
    ok: true,
    message: 'If an account uses that address, a reset link is on its way.',
  }),
  resetPassword: () => ok,
  verifyEmail: () => ok,
  resendVerificationEmail: () => ok,
  getCurrentUser: () => aUser(),
  updateCurrentUser: ({ body }) => {
    const { firstName, lastName, email, signupSource, currentPassword } =
      body as UpdateCurrentUserRequest;
    // Like the server: a new address needs the current password (the fixture user has one).
    if (email && email !== aUser().email && !currentPassword) {
      const message = AccountProofMessages.passwordForEmail;
      return HttpResponse.json(
        apiErrorBody(400, { message, fieldErrors: { currentPassword: message } }),
        { status: 400 },
      );
    }
    return aUser({
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
      ...(email ? { email, emailVerified: false } : {}),
      ...(signupSource ? { signupSource } : {}),
    });
  },
  ...BILLING_RESPONDERS,
  getGithubIntegration: () => ({ integration: null, configured: true }),
  disconnectGithub: () => ok,
  getGithubAuthorizeUrl: () => ({
    url: 'https://github.com/login/oauth/authorize?client_id=test&state=test-state',
    state: 'test-state',
  }),
  connectGithub: () => ({ integration: aGithubIntegration(), configured: true }),
  getGithubRepositories: () => ({ repositories: [aGithubRepository()], hasMore: false }),
  // No Supabase account is connected, and this server could connect one.
  getSupabaseIntegration: () => ({ connection: null, configured: true }),
  disconnectSupabase: () => ok,
  getSupabaseAuthorizeUrl: () => ({
    url: 'https://api.supabase.com/v1/oauth/authorize?client_id=test&state=test-state',
    state: 'test-state',
  }),
  connectSupabase: () => ({ connection: { connectedAt: FIXTURE_TIME }, configured: true }),
  getSupabaseProjects: () => ({ projects: [aSupabaseProject()] }),
  ...OUTSIDE_TOOLS_RESPONDERS,
  // A project starts unlinked; linking or creating answers the link with its push pending.
  getProjectCodeHosting: () => ({ link: null, sync: NOT_PUSHED, conflict: null, merging: null }),
  linkProjectRepository: ({ body }) => {
    const { fullName, branch } = body as LinkProjectRepositoryRequest;
    return aProjectCodeHosting({
      link: {
        repositoryId: 'repo-1',
        fullName,
        htmlUrl: `https://github.com/${fullName}`,
        branch,
        internal: false,
      },
      sync: { ...NOT_PUSHED, state: 'PENDING' },
    });
  },
  createProjectRepository: ({ body }) => {
    const { name } = body as CreateProjectRepositoryRequest;
    return aProjectCodeHosting({
      link: {
        repositoryId: 'repo-2',
        fullName: `ada/${name}`,
        htmlUrl: `https://github.com/ada/${name}`,
        branch: 'main',
        internal: true,
      },
      sync: { ...NOT_PUSHED, state: 'PENDING' },
    });
  },
  unlinkProjectRepository: () => ({ link: null, sync: NOT_PUSHED, conflict: null, merging: null }),
  syncProjectRepository: () => aProjectCodeHosting(),
  // A conflict waits (the server answers 404 when none does); resolving it pushes the merge, and
  // the files left to the assistant wait for it (nothing is pushed meanwhile).
  getProjectCodeHostingConflict: () => aCodeHostingConflictDetail(),
  resolveProjectCodeHostingConflict: ({ body }) => {
    const { files } = body as ResolveConflictRequest;
    const merging = files.filter(({ keep }) => keep === 'ASSISTANT').map(({ path }) => path);
    return aProjectCodeHosting({
      sync: { ...NOT_PUSHED, state: 'PENDING' },
      merging: merging.length > 0 ? { files: merging } : null,
    });
  },
  getProjects: () => ({ projects: [aProject()] }),
  createProject: ({ body }) => {
    const request = body as CreateProjectRequest;
    // As the server does: an import is named after its repository, and starts a task only when
    // it is described.
    const imported = request.repositoryUrl
      ?.split('/')
      .at(-1)
      ?.replace(/\.git$/, '');
    const name =
      request.name ?? imported ?? (request.description ?? '').split(/\s+/).slice(0, 4).join(' ');
    const description = request.description ?? `Imported from ${request.repositoryUrl ?? ''}`;
    return {
      project: aProject({
        id: 'project-2',
        name,
        description,
        type: request.type ?? 'INTERNAL',
        status: 'READY',
        previewUrl: null,
        latestVersionId: null,
        branch: request.type === 'EXTERNAL' ? (request.branch ?? 'main') : null,
        firstTaskId: request.description === undefined ? null : 'task-2',
      }),
      firstTask:
        request.description === undefined
          ? null
          : aTask({
              id: 'task-2',
              projectId: 'project-2',
              description: request.description,
              state: 'PENDING',
              latestVersionId: null,
              ...(request.model ? { model: request.model } : {}),
            }),
    };
  },
  getProject: ({ params }) => aProject({ id: params['id'] }),
  updateProject: ({ params, body }) =>
    aProject({ id: params['id'], ...(body as UpdateProjectRequest) }),
  deleteProject: () => ok,
  getProjectStatus: ({ params }) => aProjectStatus({ projectId: params['id'] }),
  getProjectFiles: ({ query }) => {
    const files = [
      aProjectFile(),
      aProjectFile({ path: 'src/main.tsx', content: "import './index.css';\n" }),
    ];
    const { filePath } = query as ProjectFilesQuery;
    const wanted = filePath
      ? files.filter(({ path }) => path === filePath || path.startsWith(`${filePath}/`))
      : files;
    return { versionId: 'version-1', files: wanted };
  },
  getProjectFilePaths: () => ({
    versionId: 'version-1',
    versionIndex: 1,
    filePaths: ['index.html', 'src/App.tsx', 'src/main.tsx'],
  }),
  getProjectCode: ({ params }) => ({
    versionId: 'version-1',
    downloadUrl: `/api/projects/${params['id']}/code/download?version=version-1&token=test`,
    fileCount: 3,
    sizeBytes: 2048,
    expiresAt: FIXTURE_TIME,
  }),
  updateProjectTheme: ({ params, body }) => ({
    globalsCssContent: (body as ProjectThemeRequest).globalsCssContent,
    version: aVersion({ projectId: params['id'], index: 2, summary: 'Changed the theme' }),
  }),
  getProjectPreview: ({ params }) => ({
    url: `http://p-${params['id']}.localhost:4200/?mason_preview=test`,
    origin: `http://p-${params['id']}.localhost:4200`,
    versionIndex: 1,
    versionId: 'version-1',
    expiresAt: FIXTURE_TIME,
    tailwind: true,
  }),
  applyVisualEdits: ({ params, body }) => ({
    version: aVersion({
      projectId: params['id'],
      index: 2,
      taskId: (body as VisualEditsRequest).taskId ?? null,
      summary: 'Visual edits',
    }),
  }),
  getDeployment: () => ({
    deployment: null,
    live: null,
    slug: null,
    url: null,
    latestVersionIndex: 1,
    history: [],
  }),
  deployProject: ({ params }) =>
    aDeployment({
      projectId: params['id'],
      status: 'QUEUED',
      url: null,
      startedAt: null,
      finishedAt: null,
    }),
  rollbackDeployment: ({ params, body }) =>
    aDeployment({
      projectId: params['id'],
      id: (body as RollbackDeploymentRequest).deploymentId,
    }),
  unpublishProject: () => ok,
  changeAppSlug: ({ body }) => {
    const { slug } = body as ChangeAppSlugRequest;
    const url = `https://${slug}.apps.example.com/`;
    const live = aDeployment({ url });
    return aDeploymentResponse({ slug, url, live, deployment: live, history: [live] });
  },
  getTransferDestinations: () => ({ destinations: [aTransferDestination()] }),
  transferProject: ({ params }) => ({
    projectId: params['id'] as string,
    destination: aTransferDestination(),
    transferredAt: FIXTURE_TIME,
  }),
  getProjectDomains: () => ({ domains: [], published: true, planIncludesDomains: true }),
  addProjectDomain: ({ body }) => aDomain({ domain: (body as DomainRequest).domain }),
  removeProjectDomain: () => ok,
  // A check that finds none of the records: what a domain just added answers.
  verifyProjectDomain: ({ body }) => {
    const domain = aDomain({ domain: (body as DomainRequest).domain });
    return {
      ...domain,
      checkedAt: FIXTURE_TIME,
      checks: domain.dnsRecords.map(({ type, name }) => ({
        type,
        name,
        ok: false,
        detail: `No ${type} record found.`,
      })),
    };
  },
  getEnvVariables: () => ({ variables: [anEnvVariable()] }),
  setEnvVariable: ({ body }) => anEnvVariable(body as EnvVariable),
  deleteEnvVariable: () => ok,
  // Attaching always succeeds here (a test of a refusal answers its own 400).
  attachDatabase: ({ body }) => ({ database: attachedDatabaseFor(body as DatabaseAttachRequest) }),
  // Detaching leaves the project without a database (it never had the built-in one here).
  detachDatabase: () => ({ database: null }),
  // A project's database is off until it is turned on; turning it on answers the built-in one.
  getProjectDatabase: () => ({ database: null }),
  enableProjectDatabase: ({ params }) => ({
    database: aProjectDatabase({ developmentUrl: `http://p-${params['id']}.localhost:4200` }),
  }),
  // The Database view of a notes app (the built-in database, on): one table, two app users.
  getDatabaseTables: () => ({ tables: [aDatabaseTable()] }),
  getDatabaseRows: ({ query }) => ({
    columns: aDatabaseTable().columns.map(({ name, type }) => ({ name, type })),
    ...databaseRowsPage(DATABASE_NOTES, query as DatabaseRowsQuery),
  }),
  updateDatabaseRow: ({ body }) => {
    const { key, values } = body as UpdateDatabaseRowRequest;
    const row = DATABASE_NOTES.find((candidate) => candidate['id'] === key['id']);
    return { row: { ...(row ?? key), ...values } };
  },
  getDatabaseUsers: () => ({ users: [...DATABASE_USERS] }),
  getDatabaseMigrations: () => ({ migrations: [aDatabaseMigration()] }),
  runDatabaseSql: () => aDatabaseSqlResponse(),
  getProductionBackups: () => ({ backups: [aProductionBackup()] }),
  restoreProductionBackup: () => ({ backups: [aBackupBeforeRestore(), aProductionBackup()] }),
  forkProject: ({ params, body }) =>
    aProject({
      id: 'project-2',
      name: (body as ForkProjectRequest).name ?? `Copy of ${aProject({ id: params['id'] }).name}`,
    }),
  getProjectAssets: () => ({ assets: [anAsset()] }),
  putProjectThumbnail: ({ body }) => ({ versionId: (body as { versionId: string }).versionId }),
  deleteProjectAsset: () => ok,
  uploadProjectAsset: ({ params, body }) => {
    // The server's rules, as the contract states them (tested against the server in server-assets).
    const file = (body as FormData).get(ASSET_UPLOAD_FIELD);
    if (!(file instanceof Blob))
      return HttpResponse.json(apiErrorBody(400, { message: 'Choose a file to upload.' }), {
        status: 400,
      });
    const named = assetName('name' in file && typeof file.name === 'string' ? file.name : '');
    if (!named.ok) {
      const status = named.problem === 'type' ? 415 : 400;
      return HttpResponse.json(apiErrorBody(status, { message: named.message }), { status });
    }
    if (file.size > ASSET_MAX_BYTES) {
      const message = `${named.fileName} is larger than ${ASSET_MAX_BYTES / 1024 / 1024} MB, the most one asset may hold.`;
      return HttpResponse.json(apiErrorBody(413, { message }), { status: 413 });
    }
    return anAsset({
      id: `asset-${named.fileName}`,
      projectId: params['id'],
      fileName: named.fileName,
      path: named.path,
      url: named.url,
      contentType: named.type.contentType,
      size: file.size,
    });
  },
  uploadStaticFiles: ({ body }) => {
    const files = (body as FormData)
      .getAll('files')
      .filter((file): file is File => file instanceof Blob);
    if (files.length === 0)
      return HttpResponse.json(apiErrorBody(400, { message: 'Attach at least one file.' }), {
        status: 400,
      });
    return {
      files: files.map((file, index) =>
        aStaticFile({
          id: `static-${index + 1}`,
          fileName: file.name || 'file',
          contentType: file.type || 'application/octet-stream',
          size: file.size,
        }),
      ),
    };
  },
  getTasks: ({ query }) => {
    const { projectId, states } = query as TasksQuery;
    const tasks = [aTask({ ...(projectId ? { projectId } : {}) })];
    return { tasks: states ? tasks.filter(({ state }) => states.includes(state)) : tasks };
  },
  getTask: ({ params }) => aTask({ id: params['id'] }),
  createTask: ({ body }) => {
    const request = body as CreateTaskRequest;
    return aTask({
      id: 'task-2',
      projectId: request.projectId,
      description: request.description,
      state: 'PENDING',
      latestVersionId: null,
      branch: request.branch ?? null,
      repositoryId: request.repositoryId ?? null,
      additionalInstructions: request.additionalInstructions ?? null,
      ...(request.model ? { model: request.model } : {}),
    });
  },
  pauseTask: ({ params }) => ({
    task: aTask({ id: params['id'], state: 'IN_PROGRESS', pauseReason: 'MANUAL' }),
  }),
  resumeTask: ({ params }) => ({
    task: aTask({ id: params['id'], state: 'IN_PROGRESS', pauseReason: null }),
  }),
  getTaskVersions: ({ params }) => ({ versions: [aVersion({ taskId: params['id'] })] }),
  getTaskLogs: ({ params, query }) => {
    const taskId = params['id'] as string;
    // A short conversation: ids are the task's sequence numbers, as the server's are.
    const logs = [
      aTaskLog('USER_MESSAGE', { id: '1', taskId }),
      aTaskLog('VERSION', { id: '2', taskId }),
      aTaskLog('AI_MESSAGE', { id: '3', taskId }),
    ];
    const { afterLogId, beforeLogId } = query as TaskLogsQuery;
    const page = afterLogId
      ? logs.filter(({ id }) => Number(id) > Number(afterLogId))
      : beforeLogId
        ? logs.filter(({ id }) => Number(id) < Number(beforeLogId))
        : logs;
    return { logs: page, hasMoreBefore: false, hasMoreAfter: false };
  },
  sendTaskMessage: ({ params, body }) => {
    const taskId = params['id'] as string;
    const message = body as SendTaskMessageRequest;
    return {
      log: aTaskLog('USER_MESSAGE', {
        id: '4',
        taskId,
        content: message.content,
        payload: {
          images: [],
          staticFiles: (message.staticFiles ?? []).map((id) => ({ id, fileName: 'file' })),
          selectedComponents: message.selectedComponents ?? [],
          currentPage: message.currentPage ?? null,
          model: message.model ?? null,
        },
      }),
      task: aTask({ id: taskId, state: 'IN_PROGRESS' }),
    };
  },
  revertTask: ({ params }) => ({
    task: aTask({ id: params['id'], latestVersionId: 'version-3' }),
    version: aVersion({ taskId: params['id'], index: 3, summary: 'Reverted to version 1' }),
  }),
  runTaskAction: ({ params }) => ({ task: aTask({ id: params['id'], state: 'IN_PROGRESS' }) }),
  archiveTask: ({ params }) => ({ task: aTask({ id: params['id'], state: 'ARCHIVED' }) }),
  unarchiveTask: ({ params }) => ({ task: aTask({ id: params['id'], state: 'COMPLETED' }) }),
  rateTask: () => ok,
  getModels: () => aModelsResponse(),
};

/**
 * Handlers for every endpoint with the default answers (pass them to setupServer / setupWorker),
 * and a quiet task event stream (GET /tasks/:id/events) that stays open.
 */
export function createApiHandlers(
  options: Omit<FakeHandlerOptions, 'status' | 'once'> = {},
): HttpHandler[] {
  return [
    ...(Object.keys(DEFAULT_RESPONDERS) as ApiEndpointName[]).map((endpoint) =>
      mockEndpoint(
        endpoint,
        DEFAULT_RESPONDERS[endpoint] as FakeResponder<typeof endpoint>,
        options,
      ),
    ),
    taskEventsHandler([], options),
    projectThumbnailHandler(options),
  ];
}

/** The database an attach answers: the Supabase project, or the PostgreSQL URL's server. */
function attachedDatabaseFor(request: DatabaseAttachRequest): ProjectDatabase {
  if (request.provider !== 'POSTGRES') {
    const ref =
      request.provider === 'SUPABASE_ACCOUNT'
        ? request.projectRef
        : (new URL(request.projectUrl).hostname.split('.')[0] ?? '');
    return anAttachedDatabase({
      developmentUrl: `https://${ref}.supabase.co`,
      attachment: aDatabaseAttachment({ host: `db.${ref}.supabase.co:5432`, projectRef: ref }),
    });
  }
  const url = new URL(request.connectionUrl);
  return anAttachedDatabase({
    provider: 'POSTGRES',
    developmentUrl: 'http://p-project-1.localhost:4200',
    attachment: aDatabaseAttachment({
      host: `${url.hostname}:${url.port || '5432'}`,
      database: url.pathname.slice(1) || url.username,
      user: url.username,
      projectRef: null,
    }),
  });
}
