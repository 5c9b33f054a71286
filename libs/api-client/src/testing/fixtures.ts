/**
 * Fixture builders: realistic defaults, overridden field by field, and always parsed by the
 * contract schema, so a fixture can never drift from what the server answers.
 */

export {
  FIXTURE_TIME,
  TEST_TOKEN,
  aUser,
  anAuthToken,
  aSubscription,
  anActiveSubscriptionResponse,
  aClientConfig,
  aTransaction,
} from './fixtures/accounts';
export {
  aGithubIntegration,
  aGithubRepository,
  aSupabaseProject,
  aProjectCodeHosting,
  aCodeHostingConflictDetail,
  aDatabaseAttachment,
  anAttachedDatabase,
  aProjectDatabase,
  aProject,
  aProjectStatus,
  aProjectFile,
  aVersion,
  aDeployment,
  aDeploymentResponse,
  aTransferDestination,
  aDomain,
  anEnvVariable,
  anAsset,
  aStaticFile,
} from './fixtures/projects';
export {
  aDatabaseMigration,
  aDatabaseSqlResponse,
  aDatabaseTable,
  aDatabaseUser,
  DATABASE_NOTES,
  DATABASE_USERS,
  databaseRowsPage,
  aBackupBeforeRestore,
  aProductionBackup,
} from './fixtures/database-view';
export {
  FIXTURE_USAGE_RESETS_AT,
  aBillingSummary,
  aCheckoutSession,
  aCheckoutDecision,
  aRewardsResponse,
} from './fixtures/billing';
export { aTask, aTaskLog, NO_MODEL_SETUP_HINT, aModelsResponse } from './fixtures/tasks';
export {
  MCP_AUTHORIZE_URL,
  MCP_TOOLS,
  OPEN_ROUTER_AUTHORIZE_URL,
  anMcpServer,
  anMcpTool,
  anOpenRouterIntegration,
} from './fixtures/outside-tools';
