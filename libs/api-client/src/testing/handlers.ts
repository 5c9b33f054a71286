import {
  AccountProofMessages,
  ApiErrorBodySchema,
  paidPlanOf,
  type ApiErrorBody,
  type CreateProjectRequest,
  type CreateTaskRequest,
  type DatabaseAttachRequest,
  type DomainRequest,
  type EnvVariable,
  type ForkProjectRequest,
  type ProjectFilesQuery,
  type ProjectThemeRequest,
  type SendTaskMessageRequest,
  type TasksQuery,
  type TaskLogsQuery,
  type UpdateCurrentUserRequest,
  type UpdateProjectRequest,
  type UpdateSubscriptionRequest,
  type VisualEditsRequest,
} from '@mason/contract';
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { ApiEndpointName, ApiResult } from '../lib/mason-api';
import { ENDPOINT_CONTRACTS, type ContractIssue } from './endpoint-contracts';
import {
  aDatabaseAttachment,
  aDeployment,
  aDomain,
  aGithubIntegration,
  aGithubRepository,
  aModelsResponse,
  anActiveSubscriptionResponse,
  anAsset,
  anAuthToken,
  anEnvVariable,
  aClientConfig,
  aProject,
  aProjectFile,
  aProjectStatus,
  aStaticFile,
  aSubscription,
  aTask,
  aTaskLog,
  aTransaction,
  aTransferDestination,
  aUser,
  aVersion,
  FIXTURE_TIME,
} from './fixtures';
import { apiUrl } from './api-url';
import { taskEventsHandler } from './task-events-handler';

/** What a fake receives: the request, its path params, and its body and query parsed by the contract. */
export interface FakeRequest {
  readonly request: Request;
  readonly params: Readonly<Record<string, string>>;
  /** The JSON body parsed by the call's contract schema, or the FormData of an upload. */
  readonly body: unknown;
  /** The query string parsed by the call's contract schema. */
  readonly query: unknown;
}

/** Answers a call: the endpoint's result (parsed by its contract schema), or any Response. */
export type FakeResponder<Name extends ApiEndpointName> = (
  request: FakeRequest,
) => ApiResult<Name> | Response | Promise<ApiResult<Name> | Response>;

export interface FakeHandlerOptions {
  /** Default testBaseUrl(). */
  readonly baseUrl?: string;
  /** HTTP status of a successful answer (default 200). */
  readonly status?: number;
  /** Answer only the first matching request. */
  readonly once?: boolean;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error body as the server sends it, parsed by ApiErrorBodySchema. */
export function apiErrorBody(status: number, overrides: Partial<ApiErrorBody> = {}): ApiErrorBody {
  const error = reasons[status] ?? 'Error';
  return ApiErrorBodySchema.parse({ statusCode: status, error, message: error, ...overrides });
}

function invalidRequest(issues: ReadonlyArray<ContractIssue>): Response {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    fieldErrors[field] ??= issue.message;
  }
  const message = issues
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  return HttpResponse.json(apiErrorBody(400, { message, fieldErrors }), { status: 400 });
}

/** A query string as an object; a repeated key becomes a list. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

async function jsonOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
}

/**
 * A handler for one endpoint that behaves like the server at the wire: the body and query are
 * checked against the contract (400 with fieldErrors when they do not fit), and the answer must
 * fit the endpoint's response schema (a test fails loudly when a fake drifts from the contract).
 */
export function mockEndpoint<Name extends ApiEndpointName>(
  endpoint: Name,
  respond: ApiResult<Name> | FakeResponder<Name>,
  options: FakeHandlerOptions = {},
): HttpHandler {
  const contract = ENDPOINT_CONTRACTS[endpoint];
  const responder: FakeResponder<Name> =
    typeof respond === 'function'
      ? (respond as FakeResponder<Name>)
      : () => respond as ApiResult<Name>;
  return http[contract.method](
    apiUrl(contract.path, options.baseUrl),
    async ({ request: original, params }) => {
      // The responder gets a request whose body is still unread.
      const request = original.clone();
      let query: unknown;
      if ('query' in contract) {
        const parsed = contract.query.safeParse(queryOf(new URL(request.url)));
        if (!parsed.success) return invalidRequest(parsed.error.issues);
        query = parsed.data;
      }
      let body: unknown;
      if ('body' in contract) {
        const parsed = contract.body.safeParse(await jsonOf(original));
        if (!parsed.success) return invalidRequest(parsed.error.issues);
        body = parsed.data;
      } else if ('multipart' in contract) {
        body = await original.formData();
      }
      const answer = await responder({
        request,
        params: params as Record<string, string>,
        body,
        query,
      });
      if (answer instanceof Response) return answer;
      const parsed = contract.response.safeParse(answer);
      if (!parsed.success) {
        const problems = parsed.error.issues.map(
          (issue) => `${issue.path.map(String).join('.')}: ${issue.message}`,
        );
        throw new Error(
          `The fake answer of ${endpoint} does not fit its contract schema: ${problems.join('; ')}`,
        );
      }
      return HttpResponse.json(parsed.data as JsonBodyType, { status: options.status ?? 200 });
    },
    { once: options.once ?? false },
  );
}

/** The endpoint fails with this status and an ApiErrorBody (message defaults to the status text). */
export function errorHandler(
  endpoint: ApiEndpointName,
  status: number,
  body: Partial<ApiErrorBody> = {},
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  const contract = ENDPOINT_CONTRACTS[endpoint];
  return http[contract.method](
    apiUrl(contract.path, options.baseUrl),
    () => HttpResponse.json(apiErrorBody(status, body), { status }),
    { once: options.once ?? false },
  );
}

/** The endpoint's request fails as if the network were down (ApiError status 'NETWORK'). */
export function networkErrorHandler(
  endpoint: ApiEndpointName,
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  const contract = ENDPOINT_CONTRACTS[endpoint];
  return http[contract.method](apiUrl(contract.path, options.baseUrl), () => HttpResponse.error(), {
    once: options.once ?? false,
  });
}

/** The endpoint never answers (loading states; time-outs with fake timers). */
export function pendingHandler(
  endpoint: ApiEndpointName,
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  const contract = ENDPOINT_CONTRACTS[endpoint];
  return http[contract.method](
    apiUrl(contract.path, options.baseUrl),
    async () => {
      await delay('infinite');
      return HttpResponse.error();
    },
    { once: options.once ?? false },
  );
}

type DefaultResponders = { readonly [Name in ApiEndpointName]: FakeResponder<Name> };

const ok = { ok: true } as const;
const checkout = { checkoutUrl: 'https://pay.example.com/checkout/test-session' };

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
  getActiveSubscription: () => anActiveSubscriptionResponse(),
  updateSubscription: ({ body }) =>
    anActiveSubscriptionResponse(
      aSubscription({ type: `${paidPlanOf((body as UpdateSubscriptionRequest).type)}_MONTHLY` }),
    ),
  cancelSubscription: () =>
    anActiveSubscriptionResponse(aSubscription({ cancelAtPeriodEnd: true })),
  reactivateSubscription: () => anActiveSubscriptionResponse(aSubscription()),
  createCheckout: () => checkout,
  createCreditsCheckout: () => checkout,
  createBalanceCheckout: () => checkout,
  getTransactions: () => ({ transactions: [aTransaction()], credits: 1000, balanceCents: 0 }),
  getGithubIntegration: () => ({ integration: null }),
  disconnectGithub: () => ok,
  getGithubAuthorizeUrl: () => ({
    url: 'https://github.com/login/oauth/authorize?client_id=test&state=test-state',
    state: 'test-state',
  }),
  connectGithub: () => ({ integration: aGithubIntegration() }),
  getGithubRepositories: () => ({ repositories: [aGithubRepository()] }),
  getProjects: () => ({ projects: [aProject()] }),
  createProject: ({ body }) => {
    const request = body as CreateProjectRequest;
    const name = request.name ?? request.description.split(/\s+/).slice(0, 4).join(' ');
    return {
      project: aProject({
        id: 'project-2',
        name,
        description: request.description,
        type: request.type ?? 'INTERNAL',
        status: 'CREATING',
        previewUrl: null,
        latestVersionId: null,
        firstTaskId: 'task-2',
      }),
      firstTask: aTask({
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
    downloadUrl: `/api/projects/${params['id']}/code/archive?token=test`,
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
  }),
  applyVisualEdits: ({ params, body }) => ({
    version: aVersion({
      projectId: params['id'],
      index: 2,
      taskId: (body as VisualEditsRequest).taskId ?? null,
      summary: 'Visual edits',
    }),
  }),
  getDeployment: () => ({ deployment: null }),
  deployProject: ({ params }) =>
    aDeployment({ projectId: params['id'], status: 'QUEUED', url: null }),
  getTransferDestinations: () => ({ destinations: [aTransferDestination()] }),
  transferProject: ({ params }) => ({
    projectId: params['id'] as string,
    destination: aTransferDestination(),
    transferredAt: FIXTURE_TIME,
  }),
  getProjectDomains: () => ({ domains: [] }),
  addProjectDomain: ({ body }) => aDomain({ domain: (body as DomainRequest).domain }),
  removeProjectDomain: () => ok,
  getEnvVariables: () => ({ variables: [anEnvVariable()] }),
  setEnvVariable: ({ body }) => anEnvVariable(body as EnvVariable),
  deleteEnvVariable: () => ok,
  attachDatabase: ({ body }) => ({
    database: aDatabaseAttachment({ projectRef: (body as DatabaseAttachRequest).projectRef }),
    envKeys: ['SUPABASE_URL', 'SUPABASE_ANON_KEY'],
  }),
  forkProject: ({ params, body }) =>
    aProject({
      id: 'project-2',
      name: (body as ForkProjectRequest).name ?? `Copy of ${aProject({ id: params['id'] }).name}`,
    }),
  getProjectAssets: () => ({ assets: [anAsset()] }),
  deleteProjectAsset: () => ok,
  uploadProjectAsset: ({ params, body }) => {
    const file = (body as FormData).get('file');
    if (!(file instanceof Blob))
      return HttpResponse.json(apiErrorBody(400, { message: 'Attach a file.' }), { status: 400 });
    return anAsset({
      projectId: params['id'],
      fileName: 'name' in file && typeof file.name === 'string' ? file.name : 'file',
      contentType: file.type || 'application/octet-stream',
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
      mockEndpoint(endpoint, DEFAULT_RESPONDERS[endpoint] as FakeResponder<typeof endpoint>, options),
    ),
    taskEventsHandler([], options),
  ];
}
