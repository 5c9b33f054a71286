import {
  ActiveSubscriptionResponseSchema,
  ApiRoutes,
  AssetSchema,
  AssetsResponseSchema,
  AuthTokenResponseSchema,
  BalanceCheckoutRequestSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  ClientConfigSchema,
  CreateDeploymentRequestSchema,
  CreateProjectRequestSchema,
  CreateProjectResponseSchema,
  CreateTaskRequestSchema,
  CreditsCheckoutRequestSchema,
  DatabaseAttachRequestSchema,
  DatabaseAttachResponseSchema,
  DeploymentQuerySchema,
  DeploymentResponseSchema,
  DeploymentSchema,
  DomainRequestSchema,
  DomainSchema,
  DomainsResponseSchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  ForkProjectRequestSchema,
  GithubAccessCodeRequestSchema,
  GithubAuthorizeUrlQuerySchema,
  GithubAuthorizeUrlResponseSchema,
  GithubIntegrationResponseSchema,
  GithubRepositoriesResponseSchema,
  GoogleLoginRequestSchema,
  ModelsResponseSchema,
  LoginRequestSchema,
  OkResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ProjectCodeResponseSchema,
  ProjectPreviewResponseSchema,
  ProjectFilePathsResponseSchema,
  ProjectFilesQuerySchema,
  ProjectFilesResponseSchema,
  ProjectSchema,
  ProjectStatusResponseSchema,
  ProjectThemeRequestSchema,
  ProjectThemeResponseSchema,
  ProjectsResponseSchema,
  RateTaskRequestSchema,
  RevertTaskRequestSchema,
  RevertTaskResponseSchema,
  SendTaskMessageRequestSchema,
  SendTaskMessageResponseSchema,
  SignupRequestSchema,
  StaticFilesUploadResponseSchema,
  TaskActionRequestSchema,
  TaskLogsQuerySchema,
  TaskLogsResponseSchema,
  TaskResponseSchema,
  TaskSchema,
  TasksQuerySchema,
  TasksResponseSchema,
  TaskVersionsResponseSchema,
  TransactionsResponseSchema,
  TransferDestinationsResponseSchema,
  TransferProjectRequestSchema,
  TransferProjectResponseSchema,
  UpdateCurrentUserRequestSchema,
  UpdateProjectRequestSchema,
  UpdateSubscriptionRequestSchema,
  UserSchema,
  VerifyEmailRequestSchema,
  VisualEditsRequestSchema,
  VisualEditsResponseSchema,
  WaitlistRequestSchema,
} from '@mason/contract';
import type { ApiEndpointName } from '../lib/mason-api';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The part of a contract (zod) schema the fakes use. */
export interface ContractSchema {
  safeParse(input: unknown):
    | { readonly success: true; readonly data: unknown }
    | {
        readonly success: false;
        readonly error: { readonly issues: ReadonlyArray<ContractIssue> };
      };
}
export interface ContractIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** One call as the wire sees it: method, ApiRoutes path, and the contract schemas of its parts. */
export interface EndpointContract {
  readonly method: HttpMethod;
  readonly path: string;
  /** The answer's schema (every fake answer is parsed by it). */
  readonly response: ContractSchema;
  /** The JSON body's schema, when the call has one (the fake answers 400 with fieldErrors otherwise). */
  readonly body?: ContractSchema;
  /** The query string's schema, when the call has one. */
  readonly query?: ContractSchema;
  /** multipart/form-data uploads. */
  readonly multipart?: true;
}

/** Every endpoint of the api slice, as the wire sees it (a missing endpoint fails the typecheck). */
export const ENDPOINT_CONTRACTS = {
  // config, waitlist
  getClientConfig: { method: 'get', path: ApiRoutes.config, response: ClientConfigSchema },
  joinWaitlist: {
    method: 'post',
    path: ApiRoutes.waitlist,
    response: OkResponseSchema,
    body: WaitlistRequestSchema,
  },
  // auth
  login: {
    method: 'post',
    path: ApiRoutes.authorize,
    response: AuthTokenResponseSchema,
    body: LoginRequestSchema,
  },
  loginWithGoogle: {
    method: 'post',
    path: ApiRoutes.authorizeGoogle,
    response: AuthTokenResponseSchema,
    body: GoogleLoginRequestSchema,
  },
  signup: {
    method: 'post',
    path: ApiRoutes.users,
    response: AuthTokenResponseSchema,
    body: SignupRequestSchema,
  },
  logout: { method: 'post', path: ApiRoutes.logout, response: OkResponseSchema },
  requestPasswordReset: {
    method: 'post',
    path: ApiRoutes.passwordReset,
    response: OkResponseSchema,
    body: PasswordResetRequestSchema,
  },
  resetPassword: {
    method: 'post',
    path: ApiRoutes.passwordResetConfirm,
    response: OkResponseSchema,
    body: PasswordResetConfirmSchema,
  },
  verifyEmail: {
    method: 'post',
    path: ApiRoutes.verifyEmail,
    response: OkResponseSchema,
    body: VerifyEmailRequestSchema,
  },
  resendVerificationEmail: {
    method: 'post',
    path: ApiRoutes.resendVerification,
    response: OkResponseSchema,
  },
  // users
  getCurrentUser: { method: 'get', path: ApiRoutes.currentUser, response: UserSchema },
  updateCurrentUser: {
    method: 'put',
    path: ApiRoutes.currentUser,
    response: UserSchema,
    body: UpdateCurrentUserRequestSchema,
  },
  // subscriptions
  getActiveSubscription: {
    method: 'get',
    path: ApiRoutes.activeSubscription,
    response: ActiveSubscriptionResponseSchema,
  },
  updateSubscription: {
    method: 'post',
    path: ApiRoutes.updateSubscription,
    response: ActiveSubscriptionResponseSchema,
    body: UpdateSubscriptionRequestSchema,
  },
  cancelSubscription: {
    method: 'post',
    path: ApiRoutes.cancelSubscription,
    response: ActiveSubscriptionResponseSchema,
  },
  reactivateSubscription: {
    method: 'post',
    path: ApiRoutes.reactivateSubscription,
    response: ActiveSubscriptionResponseSchema,
  },
  // payments
  createCheckout: {
    method: 'post',
    path: ApiRoutes.stripeCheckout,
    response: CheckoutResponseSchema,
    body: CheckoutRequestSchema,
  },
  createCreditsCheckout: {
    method: 'post',
    path: ApiRoutes.stripeCreditsCheckout,
    response: CheckoutResponseSchema,
    body: CreditsCheckoutRequestSchema,
  },
  createBalanceCheckout: {
    method: 'post',
    path: ApiRoutes.stripeBalanceCheckout,
    response: CheckoutResponseSchema,
    body: BalanceCheckoutRequestSchema,
  },
  getTransactions: {
    method: 'get',
    path: ApiRoutes.stripeTransactions,
    response: TransactionsResponseSchema,
  },
  // code hosting
  getGithubIntegration: {
    method: 'get',
    path: ApiRoutes.github,
    response: GithubIntegrationResponseSchema,
  },
  disconnectGithub: {
    method: 'post',
    path: ApiRoutes.githubDisconnect,
    response: OkResponseSchema,
  },
  getGithubAuthorizeUrl: {
    method: 'get',
    path: ApiRoutes.githubAuthorizeUrl,
    response: GithubAuthorizeUrlResponseSchema,
    query: GithubAuthorizeUrlQuerySchema,
  },
  connectGithub: {
    method: 'post',
    path: ApiRoutes.githubAccessCode,
    response: GithubIntegrationResponseSchema,
    body: GithubAccessCodeRequestSchema,
  },
  getGithubRepositories: {
    method: 'get',
    path: ApiRoutes.githubRepositories,
    response: GithubRepositoriesResponseSchema,
  },
  // projects
  getProjects: { method: 'get', path: ApiRoutes.projects, response: ProjectsResponseSchema },
  createProject: {
    method: 'post',
    path: ApiRoutes.projects,
    response: CreateProjectResponseSchema,
    body: CreateProjectRequestSchema,
  },
  getProject: { method: 'get', path: ApiRoutes.project, response: ProjectSchema },
  updateProject: {
    method: 'put',
    path: ApiRoutes.project,
    response: ProjectSchema,
    body: UpdateProjectRequestSchema,
  },
  deleteProject: { method: 'delete', path: ApiRoutes.project, response: OkResponseSchema },
  getProjectStatus: {
    method: 'get',
    path: ApiRoutes.projectStatus,
    response: ProjectStatusResponseSchema,
  },
  getProjectFiles: {
    method: 'get',
    path: ApiRoutes.projectFiles,
    response: ProjectFilesResponseSchema,
    query: ProjectFilesQuerySchema,
  },
  getProjectFilePaths: {
    method: 'get',
    path: ApiRoutes.projectFilePaths,
    response: ProjectFilePathsResponseSchema,
  },
  getProjectCode: {
    method: 'get',
    path: ApiRoutes.projectCode,
    response: ProjectCodeResponseSchema,
  },
  getProjectPreview: {
    method: 'get',
    path: ApiRoutes.projectPreview,
    response: ProjectPreviewResponseSchema,
  },
  updateProjectTheme: {
    method: 'post',
    path: ApiRoutes.projectTheme,
    response: ProjectThemeResponseSchema,
    body: ProjectThemeRequestSchema,
  },
  applyVisualEdits: {
    method: 'post',
    path: ApiRoutes.projectVisualEdits,
    response: VisualEditsResponseSchema,
    body: VisualEditsRequestSchema,
  },
  getDeployment: {
    method: 'get',
    path: ApiRoutes.projectDeployment,
    response: DeploymentResponseSchema,
    query: DeploymentQuerySchema,
  },
  deployProject: {
    method: 'post',
    path: ApiRoutes.projectDeployment,
    response: DeploymentSchema,
    body: CreateDeploymentRequestSchema,
    query: DeploymentQuerySchema,
  },
  getTransferDestinations: {
    method: 'get',
    path: ApiRoutes.projectTransferDestinations,
    response: TransferDestinationsResponseSchema,
  },
  transferProject: {
    method: 'post',
    path: ApiRoutes.projectTransfer,
    response: TransferProjectResponseSchema,
    body: TransferProjectRequestSchema,
  },
  getProjectDomains: {
    method: 'get',
    path: ApiRoutes.projectDomains,
    response: DomainsResponseSchema,
  },
  addProjectDomain: {
    method: 'post',
    path: ApiRoutes.projectDomains,
    response: DomainSchema,
    body: DomainRequestSchema,
  },
  removeProjectDomain: {
    method: 'delete',
    path: ApiRoutes.projectDomains,
    response: OkResponseSchema,
    body: DomainRequestSchema,
  },
  getEnvVariables: {
    method: 'get',
    path: ApiRoutes.projectEnv,
    response: EnvVariablesResponseSchema,
  },
  setEnvVariable: {
    method: 'post',
    path: ApiRoutes.projectEnv,
    response: EnvVariableSchema,
    body: EnvVariableSchema,
  },
  deleteEnvVariable: {
    method: 'delete',
    path: ApiRoutes.projectEnvVariable,
    response: OkResponseSchema,
  },
  attachDatabase: {
    method: 'post',
    path: ApiRoutes.projectDatabaseAttach,
    response: DatabaseAttachResponseSchema,
    body: DatabaseAttachRequestSchema,
  },
  forkProject: {
    method: 'post',
    path: ApiRoutes.projectFork,
    response: ProjectSchema,
    body: ForkProjectRequestSchema,
  },
  getProjectAssets: {
    method: 'get',
    path: ApiRoutes.projectAssets,
    response: AssetsResponseSchema,
  },
  deleteProjectAsset: {
    method: 'delete',
    path: ApiRoutes.projectAsset,
    response: OkResponseSchema,
  },
  // uploads
  uploadProjectAsset: {
    method: 'post',
    path: ApiRoutes.projectAssets,
    response: AssetSchema,
    multipart: true,
  },
  uploadStaticFiles: {
    method: 'post',
    path: ApiRoutes.projectStaticFiles,
    response: StaticFilesUploadResponseSchema,
    multipart: true,
  },
  // tasks
  getTasks: {
    method: 'get',
    path: ApiRoutes.tasks,
    response: TasksResponseSchema,
    query: TasksQuerySchema,
  },
  getTask: { method: 'get', path: ApiRoutes.task, response: TaskSchema },
  createTask: {
    method: 'post',
    path: ApiRoutes.tasks,
    response: TaskSchema,
    body: CreateTaskRequestSchema,
  },
  pauseTask: { method: 'post', path: ApiRoutes.taskPause, response: TaskResponseSchema },
  resumeTask: { method: 'post', path: ApiRoutes.taskResume, response: TaskResponseSchema },
  getTaskVersions: {
    method: 'get',
    path: ApiRoutes.taskVersions,
    response: TaskVersionsResponseSchema,
  },
  getTaskLogs: {
    method: 'get',
    path: ApiRoutes.taskLogs,
    response: TaskLogsResponseSchema,
    query: TaskLogsQuerySchema,
  },
  sendTaskMessage: {
    method: 'post',
    path: ApiRoutes.taskLogs,
    response: SendTaskMessageResponseSchema,
    body: SendTaskMessageRequestSchema,
  },
  revertTask: {
    method: 'post',
    path: ApiRoutes.taskRevert,
    response: RevertTaskResponseSchema,
    body: RevertTaskRequestSchema,
  },
  runTaskAction: {
    method: 'post',
    path: ApiRoutes.taskAction,
    response: TaskResponseSchema,
    body: TaskActionRequestSchema,
  },
  archiveTask: { method: 'post', path: ApiRoutes.taskArchive, response: TaskResponseSchema },
  unarchiveTask: { method: 'post', path: ApiRoutes.taskUnarchive, response: TaskResponseSchema },
  rateTask: {
    method: 'post',
    path: ApiRoutes.taskRate,
    response: OkResponseSchema,
    body: RateTaskRequestSchema,
  },
  // models
  getModels: { method: 'get', path: ApiRoutes.models, response: ModelsResponseSchema },
} as const satisfies Record<ApiEndpointName, EndpointContract>;

/** An endpoint's wire contract. */
export function endpointContract(endpoint: ApiEndpointName): EndpointContract {
  return ENDPOINT_CONTRACTS[endpoint];
}
