/**
 * Cache tags. Collections use id 'LIST'; the sub-collections of one project or task use that
 * project's or task's id (e.g. { type: 'EnvVariable', id: projectId }).
 */
export const API_TAG_TYPES = [
  'User',
  'Subscription',
  'ClientConfig',
  'GithubIntegration',
  'GithubRepository',
  'SupabaseIntegration',
  'OpenRouterIntegration',
  'McpServer',
  'ProjectMcp',
  'Models',
  'ProjectCodeHosting',
  'Project',
  'ProjectStatus',
  'ProjectFile',
  'Deployment',
  'TransferDestination',
  'Domain',
  'EnvVariable',
  'ProjectDatabase',
  'DatabaseData',
  'ProductionBackups',
  'Asset',
  'Task',
  'TaskLog',
  'TaskVersion',
  'Transaction',
  'BillingSummary',
  'CheckoutSession',
  'Rewards',
] as const;
export type ApiTagType = (typeof API_TAG_TYPES)[number];

export const LIST = 'LIST';
/** The current user's tag id. */
export const CURRENT = 'CURRENT';

/**
 * What a payment or a plan change makes stale: the plan, the billing screen's summary (credits,
 * balance) and the list of payments.
 */
export const billingChanged = [
  'Subscription',
  'BillingSummary',
  { type: 'Transaction', id: LIST },
] as const satisfies ReadonlyArray<ApiTagType | { type: ApiTagType; id: string }>;

/** What a new version of a project's files makes stale. */
export const versionChanged = (projectId: string) =>
  [
    { type: 'Project' as const, id: projectId },
    { type: 'ProjectStatus' as const, id: projectId },
    { type: 'ProjectFile' as const, id: projectId },
    { type: 'TaskVersion' as const, id: LIST },
  ] as const;
