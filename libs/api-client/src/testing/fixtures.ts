import {
  ActiveSubscriptionResponseSchema,
  AssetSchema,
  AuthTokenResponseSchema,
  ClientConfigSchema,
  DatabaseAttachmentSchema,
  DeploymentSchema,
  DomainSchema,
  EnvVariableSchema,
  GithubIntegrationSchema,
  GithubRepositorySchema,
  MODEL_LABELS,
  ModelSchema,
  ModelsResponseSchema,
  ProjectFileSchema,
  ProjectSchema,
  ProjectStatusResponseSchema,
  StaticFileSchema,
  SubscriptionSchema,
  TaskLogSchema,
  TaskSchema,
  TransactionSchema,
  TransferDestinationSchema,
  UserSchema,
  VersionSchema,
  type ActiveSubscriptionResponse,
  type Asset,
  type AuthTokenResponse,
  type ClientConfig,
  type DatabaseAttachment,
  type Deployment,
  type Domain,
  type EnvVariable,
  type GithubIntegration,
  type GithubRepository,
  type LogType,
  type Model,
  type ModelProvider,
  type ModelsResponse,
  type Project,
  type ProjectFile,
  type ProjectStatusResponse,
  type StaticFile,
  type Subscription,
  type Task,
  type TaskLog,
  type TaskLogOf,
  type Transaction,
  type TransferDestination,
  type User,
  type Version,
} from '@mason/contract';

/**
 * Fixture builders: realistic defaults, overridden field by field, and always parsed by the
 * contract schema, so a fixture can never drift from what the server answers.
 */

export const FIXTURE_TIME = '2025-01-15T10:00:00.000Z';
export const TEST_TOKEN = 'test-token';

export const aUser = (overrides: Partial<User> = {}): User =>
  UserSchema.parse({
    id: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailVerified: true,
    hasPassword: true,
    signupSource: null,
    createdAt: FIXTURE_TIME,
    ...overrides,
  });

export const anAuthToken = (token: string = TEST_TOKEN): AuthTokenResponse =>
  AuthTokenResponseSchema.parse({ token });

export const aSubscription = (overrides: Partial<Subscription> = {}): Subscription =>
  SubscriptionSchema.parse({
    type: 'PRO_MONTHLY',
    status: 'active',
    currentPeriodEnd: '2025-02-15T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    ...overrides,
  });

/** GET /subscriptions/active; no argument: a free user (null subscription). */
export const anActiveSubscriptionResponse = (
  subscription: Subscription | null = null,
): ActiveSubscriptionResponse => ActiveSubscriptionResponseSchema.parse({ subscription });

export const aClientConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig =>
  ClientConfigSchema.parse({
    googleClientId: null,
    signupsOpen: true,
    banner: {
      id: 'shutdown-2025-10',
      text: 'Mason will shut down at the end of October 2025.',
      linkText: 'Read the migration guide',
      href: 'https://example.com/migration-guide',
    },
    analytics: null,
    ...overrides,
  });

export const aGithubIntegration = (overrides: Partial<GithubIntegration> = {}): GithubIntegration =>
  GithubIntegrationSchema.parse({
    accountLogin: 'ada',
    avatarUrl: 'https://avatars.example.com/ada.png',
    connectedAt: FIXTURE_TIME,
    ...overrides,
  });

export const aGithubRepository = (overrides: Partial<GithubRepository> = {}): GithubRepository =>
  GithubRepositorySchema.parse({
    id: 'repo-1',
    name: 'shop',
    fullName: 'ada/shop',
    owner: 'ada',
    private: true,
    defaultBranch: 'main',
    branches: ['main', 'develop'],
    htmlUrl: 'https://github.com/ada/shop',
    updatedAt: FIXTURE_TIME,
    ...overrides,
  });

export const aDatabaseAttachment = (
  overrides: Partial<DatabaseAttachment> = {},
): DatabaseAttachment =>
  DatabaseAttachmentSchema.parse({
    provider: 'SUPABASE',
    projectRef: 'abcdefghijklmnopqrst',
    apiUrl: 'https://abcdefghijklmnopqrst.supabase.co',
    attachedAt: FIXTURE_TIME,
    ...overrides,
  });

export const aProject = (overrides: Partial<Project> = {}): Project => {
  const id = overrides.id ?? 'project-1';
  return ProjectSchema.parse({
    id,
    name: 'Todo app',
    description: 'A todo app with due dates and reminders',
    type: 'INTERNAL',
    status: 'READY',
    repositoryId: null,
    branch: null,
    previewUrl: `http://${id}.localhost:4200/`,
    latestVersionId: 'version-1',
    firstTaskId: 'task-1',
    database: null,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  });
};

export const aProjectStatus = (
  overrides: Partial<ProjectStatusResponse> = {},
): ProjectStatusResponse => {
  const projectId = overrides.projectId ?? 'project-1';
  return ProjectStatusResponseSchema.parse({
    projectId,
    status: 'READY',
    previewUrl: `http://${projectId}.localhost:4200/`,
    latestVersionId: 'version-1',
    activeTaskId: null,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  });
};

export const aProjectFile = (overrides: Partial<ProjectFile> = {}): ProjectFile => {
  const content = overrides.content ?? 'export function App() {\n  return <h1>Todos</h1>;\n}\n';
  return ProjectFileSchema.parse({
    path: 'src/App.tsx',
    content,
    encoding: 'utf8',
    size: content.length,
    ...overrides,
  });
};

export const aVersion = (overrides: Partial<Version> = {}): Version => {
  const projectId = overrides.projectId ?? 'project-1';
  const index = overrides.index ?? 1;
  return VersionSchema.parse({
    versionId: `version-${index}`,
    projectId,
    taskId: 'task-1',
    logId: '2',
    index,
    previewUrl: `http://${projectId}.localhost:4200/?version=${index}`,
    summary: 'Added the todo list',
    createdAt: FIXTURE_TIME,
    ...overrides,
  });
};

export const aDeployment = (overrides: Partial<Deployment> = {}): Deployment =>
  DeploymentSchema.parse({
    id: 'deployment-1',
    projectId: 'project-1',
    versionId: 'version-1',
    status: 'LIVE',
    url: 'https://todo-app.example.com/',
    error: null,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  });

export const aTransferDestination = (
  overrides: Partial<TransferDestination> = {},
): TransferDestination =>
  TransferDestinationSchema.parse({
    id: 'user-2',
    kind: 'USER',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    ...overrides,
  });

export const aDomain = (overrides: Partial<Domain> = {}): Domain =>
  DomainSchema.parse({
    domain: 'todo.example.com',
    status: 'PENDING',
    dnsRecords: [{ type: 'CNAME', name: 'todo.example.com', value: 'deploy.mason.localhost' }],
    createdAt: FIXTURE_TIME,
    verifiedAt: null,
    ...overrides,
  });

export const anEnvVariable = (overrides: Partial<EnvVariable> = {}): EnvVariable =>
  EnvVariableSchema.parse({ key: 'API_URL', value: 'https://api.example.com', ...overrides });

export const anAsset = (overrides: Partial<Asset> = {}): Asset => {
  const id = overrides.id ?? 'asset-1';
  return AssetSchema.parse({
    id,
    projectId: 'project-1',
    fileName: 'logo.png',
    contentType: 'image/png',
    size: 2048,
    url: `/api/projects/project-1/assets/${id}/logo.png`,
    createdAt: FIXTURE_TIME,
    ...overrides,
  });
};

export const aStaticFile = (overrides: Partial<StaticFile> = {}): StaticFile =>
  StaticFileSchema.parse({
    id: 'static-1',
    fileName: 'brief.pdf',
    contentType: 'application/pdf',
    size: 4096,
    createdAt: FIXTURE_TIME,
    ...overrides,
  });

export const aTask = (overrides: Partial<Task> = {}): Task =>
  TaskSchema.parse({
    id: 'task-1',
    projectId: 'project-1',
    description: 'Build a todo app with due dates',
    state: 'COMPLETED',
    pauseReason: null,
    model: 'CLAUDE_SONNET_4_5',
    branch: null,
    repositoryId: null,
    additionalInstructions: null,
    latestVersionId: 'version-1',
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  });

const defaultLogs: { [Type in LogType]: Omit<TaskLogOf<Type>, 'id' | 'taskId' | 'createdAt'> } = {
  USER_MESSAGE: {
    type: 'USER_MESSAGE',
    content: 'Build a todo app with due dates',
    payload: {
      images: [],
      staticFiles: [],
      selectedComponents: [],
      currentPage: null,
      model: 'CLAUDE_SONNET_4_5',
    },
  },
  AI_MESSAGE: {
    type: 'AI_MESSAGE',
    content: 'I built a todo list with due dates. Try adding a todo in the preview.',
    payload: { model: 'CLAUDE_SONNET_4_5', draftId: null },
  },
  TOOL_CALL: {
    type: 'TOOL_CALL',
    content: 'write_file src/App.tsx',
    payload: { toolCallId: 'call-1', toolName: 'write_file', input: { path: 'src/App.tsx' } },
  },
  TOOL_RESULT: {
    type: 'TOOL_RESULT',
    content: 'Wrote src/App.tsx',
    payload: { toolCallId: 'call-1', toolName: 'write_file', isError: false },
  },
  FILE_CHANGE: {
    type: 'FILE_CHANGE',
    content: 'src/App.tsx',
    payload: { path: 'src/App.tsx', change: 'UPDATED', additions: 12, deletions: 2 },
  },
  VERSION: {
    type: 'VERSION',
    content: 'Version 1',
    payload: {
      versionId: 'version-1',
      index: 1,
      previewUrl: 'http://project-1.localhost:4200/?version=1',
    },
  },
  ERROR: {
    type: 'ERROR',
    content: 'The build failed: src/App.tsx(3,5): missing )',
    payload: { code: 'BUILD_FAILED' },
  },
  NEEDS_ATTENTION: {
    type: 'NEEDS_ATTENTION',
    content: 'This app needs STRIPE_SECRET_KEY to take payments.',
    payload: {
      reason: 'ENV_VARIABLE',
      actions: [
        {
          action: 'PROVIDE_VALUES',
          label: 'Add the key',
          fields: [{ name: 'STRIPE_SECRET_KEY', label: 'Stripe secret key', secret: true }],
        },
      ],
      resolved: false,
    },
  },
  STATUS: {
    type: 'STATUS',
    content: 'Completed',
    payload: { state: 'COMPLETED', pauseReason: null },
  },
};

/** A task log entry of the given type, e.g. aTaskLog('AI_MESSAGE', { content: 'Done.' }). */
export function aTaskLog<Type extends LogType>(
  type: Type,
  overrides: Partial<TaskLogOf<Type>> = {},
): TaskLogOf<Type> {
  const entry = TaskLogSchema.parse({
    id: '1',
    taskId: 'task-1',
    createdAt: FIXTURE_TIME,
    ...defaultLogs[type],
    ...overrides,
  });
  return entry as TaskLog as TaskLogOf<Type>;
}

export const aTransaction = (overrides: Partial<Transaction> = {}): Transaction =>
  TransactionSchema.parse({
    id: 'transaction-1',
    kind: 'SUBSCRIPTION',
    description: 'Pro plan, January 2025',
    amountCents: 4000,
    currency: 'usd',
    status: 'SUCCEEDED',
    receiptUrl: 'https://pay.example.com/receipts/transaction-1',
    createdAt: FIXTURE_TIME,
    ...overrides,
  });

/** Who serves each model when its maker's key is set. */
const MODEL_MAKERS: Readonly<Record<Model, ModelProvider>> = {
  CLAUDE_SONNET_4_5: 'anthropic',
  CLAUDE_4_SONNET: 'anthropic',
  CLAUDE_3_7_SONNET: 'anthropic',
  GPT_4_1: 'openai',
  GPT_5: 'openai',
  GEMINI_2_5_PRO: 'google',
  GEMINI_2_5_FLASH: 'google',
};

/** What GET /models says on a server with no AI provider configured. */
export const NO_MODEL_SETUP_HINT =
  'No AI model is configured on this server. Set ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or OPENROUTER_API_KEY (or LLM_BASE_URL and LLM_API_KEY for an OpenAI-compatible endpoint) and restart Mason.';

/**
 * GET /models: the seven models, those in `available` runnable (default: all of them, each by its
 * maker's API). With none available the answer carries the setup hint.
 */
export const aModelsResponse = ({
  available = ModelSchema.options,
  setupHint,
}: { available?: readonly Model[]; setupHint?: string | null } = {}): ModelsResponse =>
  ModelsResponseSchema.parse({
    models: ModelSchema.options.map((model) => ({
      model,
      label: MODEL_LABELS[model],
      provider: available.includes(model) ? MODEL_MAKERS[model] : null,
      available: available.includes(model),
    })),
    setupHint:
      setupHint === undefined ? (available.length ? null : NO_MODEL_SETUP_HINT) : setupHint,
  });
